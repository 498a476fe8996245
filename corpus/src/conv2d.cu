// conv2d: direct 2D convolution, NCHW, stride 1, on a pre-padded input (written for the
// agentsched corpus; compiles as CUDA for NVPTX and as HIP for AMDGPU through agentsched_gpu.h).
//
//   Y[n][co][y][x] = bias[co] + sum_{ci < C, ky < K, kx < K} Wt[co][ci][ky][kx] * X[n][ci][y + ky][x + kx]
//
// X[N][C][H + K - 1][W + K - 1] and Wt[CO][C][K][K] are stored as CONV_T (float or _Float16),
// bias[CO] and Y[N][CO][H][W] as float; products are accumulated in float.
//
// A block of 16 x 16 threads computes a tile of (16 RY) x (16 RX) output pixels for CONV_CO
// output channels; each thread keeps CONV_CO x RY x RX accumulators in registers. Input tiles
// and weights of CONV_CI input channels at a time are staged in shared memory (the unrolled
// body grows with CONV_CI: the "unroll factor"); a thread reads each input row segment into
// registers once and reuses it for the K horizontal taps.
// grid = ((W / (16 RX)) * (H / (16 RY)), N * CO / CONV_CO), block = 256 threads.
// Requires W % (16 RX) == 0, H % (16 RY) == 0, C % CONV_CI == 0, CO % CONV_CO == 0.
#include "agentsched_gpu.h"

#ifndef CONV_NAME
#define CONV_NAME conv2d
#endif
#ifndef CONV_K
#define CONV_K 3  // filter size
#endif
#ifndef CONV_RX
#define CONV_RX 2  // output columns per thread
#endif
#ifndef CONV_RY
#define CONV_RY 2  // output rows per thread
#endif
#ifndef CONV_CO
#define CONV_CO 8  // output channels per block (every thread computes all of them)
#endif
#ifndef CONV_CI
#define CONV_CI 4  // input channels staged in shared memory per step
#endif
#ifndef CONV_MINB
#define CONV_MINB 1  // launch bounds: blocks that must fit on one SM (CU) at once
#endif
#ifndef CONV_T
#define CONV_T float  // storage type of X and Wt
#endif

#if defined(__NVPTX__)
#define CONV_BOUNDS __attribute__((launch_bounds(256, CONV_MINB)))
#elif CONV_MINB > 1
#define CONV_BOUNDS AS_LAUNCH_BOUNDS(256) __attribute__((amdgpu_waves_per_eu(CONV_MINB)))
#else
#define CONV_BOUNDS AS_LAUNCH_BOUNDS(256)
#endif

namespace {
constexpr int K = CONV_K, RX = CONV_RX, RY = CONV_RY, CO_T = CONV_CO, CI_T = CONV_CI;
constexpr int TX = 16, TY = 16, NT = TX * TY;
constexpr int TW = TX * RX, TH = TY * RY;         // output tile of a block
constexpr int IW = TW + K - 1, IH = TH + K - 1;   // input tile it reads
}  // namespace

extern "C" __global__ CONV_BOUNDS void CONV_NAME(const CONV_T* __restrict__ X,
                                                 const CONV_T* __restrict__ Wt,
                                                 const float* __restrict__ bias,
                                                 float* __restrict__ Y, int C, int H, int W,
                                                 int CO) {
  __shared__ float xs[CI_T][IH][IW];
  __shared__ float ws[CI_T][K * K][CO_T];  // output channel fastest: one broadcast per tap

  const int tid = AS_TID_X;
  const int tx = tid % TX, ty = tid / TX;
  const int tiles_x = W / TW;
  const int x0 = (AS_BID_X % tiles_x) * TW, y0 = (AS_BID_X / tiles_x) * TH;
  const int co_blocks = CO / CO_T;
  const int n = AS_BID_Y / co_blocks, co0 = (AS_BID_Y % co_blocks) * CO_T;
  const int WP = W + K - 1, HP = H + K - 1;

  float acc[CO_T][RY][RX];
#pragma unroll
  for (int co = 0; co < CO_T; ++co)
#pragma unroll
    for (int r = 0; r < RY; ++r)
#pragma unroll
      for (int c = 0; c < RX; ++c) acc[co][r][c] = 0.0f;

  for (int c0 = 0; c0 < C; c0 += CI_T) {
    __syncthreads();  // the previous step's tiles are consumed
    for (int e = tid; e < CI_T * IH * IW; e += NT) {
      const int ci = e / (IH * IW), r = (e / IW) % IH, col = e % IW;
      xs[ci][r][col] = (float)X[((size_t)(n * C + c0 + ci) * HP + y0 + r) * WP + x0 + col];
    }
    for (int e = tid; e < CI_T * K * K * CO_T; e += NT) {
      const int co = e % CO_T, kk = (e / CO_T) % (K * K), ci = e / (CO_T * K * K);
      ws[ci][kk][co] = (float)Wt[((size_t)(co0 + co) * C + c0 + ci) * (K * K) + kk];
    }
    __syncthreads();

#pragma unroll
    for (int ci = 0; ci < CI_T; ++ci)
#pragma unroll
      for (int ky = 0; ky < K; ++ky)
#pragma unroll
        for (int r = 0; r < RY; ++r) {
          float xr[RX + K - 1];  // the input row segment under this thread's outputs
#pragma unroll
          for (int j = 0; j < RX + K - 1; ++j) xr[j] = xs[ci][ty * RY + r + ky][tx * RX + j];
#pragma unroll
          for (int kx = 0; kx < K; ++kx)
#pragma unroll
            for (int co = 0; co < CO_T; ++co) {
              const float w = ws[ci][ky * K + kx][co];
#pragma unroll
              for (int c = 0; c < RX; ++c) acc[co][r][c] += w * xr[c + kx];
            }
        }
  }

#pragma unroll
  for (int co = 0; co < CO_T; ++co) {
    const float b = bias[co0 + co];
#pragma unroll
    for (int r = 0; r < RY; ++r)
#pragma unroll
      for (int c = 0; c < RX; ++c)
        Y[((size_t)(n * CO + co0 + co) * H + y0 + ty * RY + r) * W + x0 + tx * RX + c] =
            acc[co][r][c] + b;
  }
}
