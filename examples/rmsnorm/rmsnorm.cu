// A user's kernel, not one of agentsched's: RMSNorm over rows, one block of 256 threads a row.
#include "agentsched_gpu.h"
extern "C" __global__ void rmsnorm(const float* __restrict__ x, const float* __restrict__ w,
                                   float* __restrict__ y, int cols, float eps) {
  __shared__ float red[256];
  const float* row = x + (size_t)AS_BID_X * cols;
  float s = 0.f;
  for (int c = AS_TID_X; c < cols; c += 256) s += row[c] * row[c];
  red[AS_TID_X] = s;
  __syncthreads();
  for (int k = 128; k > 0; k >>= 1) {
    if ((int)AS_TID_X < k) red[AS_TID_X] += red[AS_TID_X + k];
    __syncthreads();
  }
  float inv = as_rcpf(__builtin_sqrtf(red[0] / cols + eps));
  for (int c = AS_TID_X; c < cols; c += 256) y[(size_t)AS_BID_X * cols + c] = row[c] * inv * w[c];
}
