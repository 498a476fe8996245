// the same two kernels as HIP (tests/test_select_module.py)
#include <hip/hip_runtime.h>
#include "two_kernels.cu"
