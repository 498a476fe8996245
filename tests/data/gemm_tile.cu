// A 64x64-tile GEMM + SiLU test kernel (4x4 per thread), not one of the suite kernels.
#include "agentsched_gpu.h"
extern "C" __global__ void gemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int N) {
  __shared__ float As[16][64]; __shared__ float Bs[16][64];
  int tx = AS_TID_X % 16, ty = AS_TID_X / 16;
  int row = AS_BID_Y * 64 + ty * 4, col = AS_BID_X * 64 + tx * 4;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < N; k0 += 16) {
    for (int i = AS_TID_X; i < 16*64; i += 256) { As[i/64][i%64] = A[(AS_BID_Y*64 + i%64)*N + k0 + i/64]; Bs[i/64][i%64] = B[(k0+i/64)*N + AS_BID_X*64 + i%64]; }
    __syncthreads();
    for (int k = 0; k < 16; ++k) {
      float a[4], b[4];
      for (int i = 0; i < 4; ++i) { a[i] = As[k][ty*4+i]; b[i] = Bs[k][tx*4+i]; }
      for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) acc[i][j] += a[i]*b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j) C[(row+i)*N + col+j] = as_silu(acc[i][j]);
}
