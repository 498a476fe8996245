/* What clang-19's CUDA support lacks compared with nvcc, for kernels compiled unchanged with
 * NVIDIA's own headers (force-included by agentsched after clang's CUDA runtime wrapper).
 * Each entry was met on a real public kernel; see docs/own-kernel.md.
 *
 * 1. Cache-hinted loads and stores for every scalar and vector type: __ldcg, __ldca, __ldcs,
 *    __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt. clang's wrapper keeps NVIDIA's
 *    sm_32_intrinsics.h out (it defines __ldg and __funnelshift_* itself, as builtins), so only
 *    the half/bfloat16 overloads of cuda_fp16.h/cuda_bf16.h remained and llm.c's
 *    `__ldcs(const float *)`, `__stcs(float *, float)`, `__ldcs(const int4 *)` did not compile.
 *    NVIDIA's header is included here with its __ldg/__funnelshift_* renamed out of the way,
 *    so these are NVIDIA's own definitions (the same ld.global.cs... inline PTX nvcc emits).
 *
 * 2. The C headers nvcc's cuda_runtime.h brings in (crt/common_functions.h: <string.h>,
 *    <time.h>, <stdio.h>, <stdlib.h>, <assert.h>, <new>); clang's wrapper includes only some,
 *    and llm.c's permute.cu uses CLOCKS_PER_SEC with no #include <time.h>.
 *
 * (Host code beside kernels — llm.c's host `max(float, float)` and `isfinite(float)` — is
 * handled by -fgpu-defer-diag: a device-only compile never emits it, so its host/device
 * overload errors are not reported, as with nvcc, whose host compiler sees that code.)
 */
#pragma once
#if defined(__CUDA__) && defined(__CUDA_ARCH__) && defined(__clang__)
#pragma push_macro("__ldg")
#pragma push_macro("__funnelshift_l")
#pragma push_macro("__funnelshift_lc")
#pragma push_macro("__funnelshift_r")
#pragma push_macro("__funnelshift_rc")
#define __ldg __agentsched_nv_ldg
#define __funnelshift_l __agentsched_nv_funnelshift_l
#define __funnelshift_lc __agentsched_nv_funnelshift_lc
#define __funnelshift_r __agentsched_nv_funnelshift_r
#define __funnelshift_rc __agentsched_nv_funnelshift_rc
#undef __SM_32_INTRINSICS_H__
#undef __SM_32_INTRINSICS_HPP__
#include <sm_32_intrinsics.h>
#pragma pop_macro("__funnelshift_rc")
#pragma pop_macro("__funnelshift_r")
#pragma pop_macro("__funnelshift_lc")
#pragma pop_macro("__funnelshift_l")
#pragma pop_macro("__ldg")
#endif
#if defined(__CUDA__) && defined(__clang__)
#include <assert.h>
#include <stdio.h>
#include <time.h>
#include <new>
#endif
