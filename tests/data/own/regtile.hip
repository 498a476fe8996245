// A register-tiled GEMM written for hipcc (not a public kernel: the test of launch bounds
// needs one whose registers exceed what a 1024-thread block leaves on gfx942).
#include <hip/hip_runtime.h>

template <int T>
__global__ void regtile_gemm(const float* A, const float* B, float* C, int n) {
  float acc[T][T] = {};
  const int row = (blockIdx.y * blockDim.y + threadIdx.y) * T;
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) * T;
  for (int k = 0; k < n; ++k) {
    float a[T], b[T];
    for (int i = 0; i < T; ++i) {
      a[i] = A[(row + i) * n + k];
      b[i] = B[k * n + col + i];
    }
    for (int i = 0; i < T; ++i)
      for (int j = 0; j < T; ++j) acc[i][j] += a[i] * b[j];
  }
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) C[(row + i) * n + col + j] = acc[i][j];
}

// The same with the author's own launch bounds, which a spec's block must not override.
__global__ __launch_bounds__(1024) void regtile_gemm_lb1024(const float* A, const float* B,
                                                            float* C, int n) {
  float acc[12][12] = {};
  const int row = (blockIdx.y * blockDim.y + threadIdx.y) * 12;
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) * 12;
  for (int k = 0; k < n; ++k) {
    float a[12], b[12];
    for (int i = 0; i < 12; ++i) {
      a[i] = A[(row + i) * n + k];
      b[i] = B[k * n + col + i];
    }
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 12; ++j) acc[i][j] += a[i] * b[j];
  }
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) C[(row + i) * n + col + j] = acc[i][j];
}
