// fused_mlp: C = SiLU(A·B + bias), FP32, row-major A[M,K], B[K,N], bias[N], C[M,N].
//
// One block of 256 threads (16×16) computes a TILE×TILE tile of C; each thread holds a TM×TM
// register tile of accumulators (TILE = 16·TM). A and B are staged through shared memory in
// slabs of BK columns/rows of K; the next slab is loaded into registers while the current one
// is being multiplied (one-stage software pipelining). Epilogue: bias, SiLU, float4 stores.
//
// Variants through -D (see agentsched/kernels/suite.py):
//   fused_mlp (default): TM=4, BK=16 -> 64×64 tile, 4×4 per thread (the seed's experiment 1)
//   gemm8x8:  -DAS_GEMM_NAME=gemm8x8 -DAS_GEMM_TM=8 -DAS_GEMM_BK=8 -> 128×128 tile, 8×8 per thread
// Requires M % TILE == 0, N % TILE == 0, K % BK == 0, 16-byte aligned buffers.
// grid = (N / TILE, M / TILE), block = (256).
#include "agentsched_gpu.h"

#ifndef AS_GEMM_NAME
#define AS_GEMM_NAME fused_mlp
#endif
#ifndef AS_GEMM_TM
#define AS_GEMM_TM 4
#endif
#ifndef AS_GEMM_BK
#define AS_GEMM_BK 16
#endif

namespace {
constexpr int TM = AS_GEMM_TM;    // per-thread register tile is TM×TM
constexpr int TM4 = TM / 4;       // float4 groups per thread row/column
constexpr int TILE = 16 * TM;     // block tile is TILE×TILE
constexpr int BK = AS_GEMM_BK;    // K slab per shared-memory stage
constexpr int NT = 256;           // threads per block
constexpr int PAD = 4;            // shared row padding (floats): fewer bank conflicts, 16-B aligned
static_assert(TM % 4 == 0, "TM must be a multiple of 4");
static_assert(TILE * BK == 4 * NT, "each thread loads exactly one float4 of A and of B per slab");
}  // namespace

extern "C" __global__ AS_LAUNCH_BOUNDS(256) void AS_GEMM_NAME(
    const float* __restrict__ A, const float* __restrict__ B, const float* __restrict__ bias,
    float* __restrict__ C, int M, int N, int K) {
  __shared__ __attribute__((aligned(16))) float As[BK][TILE + PAD];  // A slab, transposed (k-major)
  __shared__ __attribute__((aligned(16))) float Bs[BK][TILE + PAD];  // B slab

  const int tid = AS_TID_X;
  const int tx = tid % 16, ty = tid / 16;
  const int row0 = AS_BID_Y * TILE, col0 = AS_BID_X * TILE;

  // Slab loads: thread -> one float4 of A (row ar, k columns 4*ac..) and of B (k row br, cols 4*bc..)
  const int ar = tid / (BK / 4), ac = tid % (BK / 4);
  const int br = tid / (TILE / 4), bc = tid % (TILE / 4);
  const float* a_src = A + (size_t)(row0 + ar) * K + 4 * ac;
  const float* b_src = B + (size_t)br * N + col0 + 4 * bc;

  float acc[TM][TM];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TM; ++j) acc[i][j] = 0.0f;

  as_float4 ra = *(const as_float4*)a_src;
  as_float4 rb = *(const as_float4*)b_src;

  for (int k0 = 0; k0 < K; k0 += BK) {
    __syncthreads();  // everyone is done with the previous slab
    As[4 * ac + 0][ar] = ra.x;
    As[4 * ac + 1][ar] = ra.y;
    As[4 * ac + 2][ar] = ra.z;
    As[4 * ac + 3][ar] = ra.w;
    *(as_float4*)&Bs[br][4 * bc] = rb;
    __syncthreads();

    if (k0 + BK < K) {  // prefetch the next slab while this one is multiplied
      ra = *(const as_float4*)(a_src + k0 + BK);
      rb = *(const as_float4*)(b_src + (size_t)(k0 + BK) * N);
    }

#pragma unroll
    for (int k = 0; k < BK; ++k) {
      as_float4 a[TM4], b[TM4];
#pragma unroll
      for (int q = 0; q < TM4; ++q) {
        a[q] = *(const as_float4*)&As[k][4 * ty + 64 * q];
        b[q] = *(const as_float4*)&Bs[k][4 * tx + 64 * q];
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TM; ++j) acc[i][j] += a[i / 4][i % 4] * b[j / 4][j % 4];
    }
  }

  // Epilogue: thread's rows 4*ty + 64*qi + i, columns 4*tx + 64*qj + j.
#pragma unroll
  for (int qj = 0; qj < TM4; ++qj) {
    const int col = col0 + 4 * tx + 64 * qj;
    const as_float4 bv = *(const as_float4*)(bias + col);
#pragma unroll
    for (int i = 0; i < TM; ++i) {
      const int row = row0 + 4 * ty + 64 * (i / 4) + i % 4;
      as_float4 o;
      o.x = as_silu(acc[i][4 * qj + 0] + bv.x);
      o.y = as_silu(acc[i][4 * qj + 1] + bv.y);
      o.z = as_silu(acc[i][4 * qj + 2] + bv.z);
      o.w = as_silu(acc[i][4 * qj + 3] + bv.w);
      *(as_float4*)(C + (size_t)row * N + col) = o;
    }
  }
}
