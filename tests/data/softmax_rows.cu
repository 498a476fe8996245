// Row softmax with a shared-memory reduction: a test kernel with LDS, barriers and exp.
#include "agentsched_gpu.h"
extern "C" __global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ y,
                                        int cols) {
  __shared__ float red[256];
  const float* row = x + (size_t)AS_BID_X * cols;
  float* out = y + (size_t)AS_BID_X * cols;
  int t = AS_TID_X;
  float m = -3.0e38f;
  for (int c = t; c < cols; c += 256) m = row[c] > m ? row[c] : m;
  red[t] = m;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s) red[t] = red[t] > red[t + s] ? red[t] : red[t + s];
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int c = t; c < cols; c += 256) sum += as_expf(row[c] - m);
  red[t] = sum;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  float inv = as_rcpf(red[0]);
  for (int c = t; c < cols; c += 256) out[c] = as_expf(row[c] - m) * inv;
}
