// fa_decode: FlashAttention decode, FP32, with 4 independent heads per thread (the seed's
// experiment 2): every thread keeps 4 accumulators a0..a3[D], running maxima m0..m3, sums
// l0..l3 and per-tile scores s0..s3[BN], and runs the online softmax over K/V tiles.
//
// Layout (grouped-query decode: G query rows attend to each KV head, e.g. a GQA/MQA group of
// query heads times the tokens being decoded; P = B·H flattened (batch, KV head) pairs):
//   Q[P, G, D], K[P, S, D], V[P, S, D], O[P, G, D]   (row-major, P = B·H, H % 4 == 0)
//   O[p, g, :] = softmax(scale · Q[p, g, :] · K[p]^T) · V[p]
// Block (BQ threads) = 4 consecutive pairs p0..p0+3 × BQ query rows; thread = one query row g,
// for the 4 heads. The block stages each K/V tile (4 heads × BN keys × D) through shared memory
// (every thread reads it as a broadcast); Q rows are re-read from global memory (cache) at each
// tile: 4×D query values cannot stay in registers beside the 4×D accumulators. Q is therefore
// deliberately not __restrict__: a noalias read-only Q lets LLVM hoist the q loads out of the
// key loop (128 more live registers, spills everywhere).
// grid = (B·H / 4, G / BQ), block = (BQ). Requires S % BN == 0, G % BQ == 0, 16-B aligned buffers.
//
// Variants through -D (see agentsched/kernels/suite.py):
//   fa_decode          (default)          D=32, BN=4, BQ=64
//   fa_decode_wpe1     -DAS_FA_NAME=fa_decode_wpe1 -DAS_FA_WPE1=1  (amdgpu_waves_per_eu(1,1))
//   fa_decode_d256     -DAS_FA_NAME=fa_decode_d256 -DAS_FA_D=256   (4×256 accumulators: spills)
//   fa_decode_volatile -DAS_FA_NAME=fa_decode_volatile -DAS_FA_VOLATILE=1 (accumulators volatile)
#include "agentsched_gpu.h"

#ifndef AS_FA_NAME
#define AS_FA_NAME fa_decode
#endif
#ifndef AS_FA_D
#define AS_FA_D 32  // head dimension (BLOCK_D)
#endif
#ifndef AS_FA_BN
#define AS_FA_BN 4  // keys per K/V tile (BLOCK_N); 8 or 16 spill on sm_90/gfx90a at D=32
#endif
#ifndef AS_FA_BQ
#define AS_FA_BQ 64  // query rows (threads) per block
#endif
#if defined(AS_FA_WPE1) && AS_FA_WPE1
#define AS_FA_ATTR AS_WAVES_PER_EU(1, 1)
#else
#define AS_FA_ATTR
#endif
#if defined(AS_FA_VOLATILE) && AS_FA_VOLATILE
#define AS_FA_ACC volatile float  // the seed's "volatile to stop register reuse" attempt
#else
#define AS_FA_ACC float
#endif

namespace {
constexpr int D = AS_FA_D;
constexpr int D4 = D / 4;
constexpr int BN = AS_FA_BN;
constexpr int BQ = AS_FA_BQ;
constexpr int TILE4 = BN * D4;  // float4s of one head's K (or V) tile
static_assert(D % 4 == 0, "D must be a multiple of 4");
static_assert((4 * TILE4) % BQ == 0, "K/V tile loads must divide evenly among the threads");
}  // namespace

// Scores of head i for the BN keys of the tile: s_i[j] = q_i · K_i[j] (scaled in SOFTMAX).
#define AS_FA_SCORES(i)                                            \
  float s##i[BN];                                                  \
  _Pragma("unroll") for (int j = 0; j < BN; ++j) s##i[j] = 0.0f;   \
  _Pragma("unroll") for (int d4 = 0; d4 < D4; ++d4) {              \
    const as_float4 q = q##i[d4];                                  \
    _Pragma("unroll") for (int j = 0; j < BN; ++j) {               \
      const as_float4 k = Ks[i][j][d4];                            \
      s##i[j] += q.x * k.x;                                        \
      s##i[j] += q.y * k.y;                                        \
      s##i[j] += q.z * k.z;                                        \
      s##i[j] += q.w * k.w;                                        \
    }                                                              \
  }

// Online softmax of head i: new running max, rescale of l_i and a_i, s_i <- exp(s_i - max).
#define AS_FA_SOFTMAX(i)                                                 \
  {                                                                      \
    float mx = m##i;                                                     \
    _Pragma("unroll") for (int j = 0; j < BN; ++j) {                     \
      s##i[j] *= qk_scale;                                               \
      mx = as_maxf(mx, s##i[j]);                                         \
    }                                                                    \
    const float alpha = as_exp2f(m##i - mx);                             \
    m##i = mx;                                                           \
    float ps = 0.0f;                                                     \
    _Pragma("unroll") for (int j = 0; j < BN; ++j) {                     \
      s##i[j] = as_exp2f(s##i[j] - mx);                                  \
      ps += s##i[j];                                                     \
    }                                                                    \
    l##i = l##i * alpha + ps;                                            \
    _Pragma("unroll") for (int d = 0; d < D; ++d) a##i[d] *= alpha;      \
  }

// a_i += sum_j p_ij · V_i[j]
#define AS_FA_PV(i)                                                \
  _Pragma("unroll") for (int j = 0; j < BN; ++j) {                 \
    _Pragma("unroll") for (int d4 = 0; d4 < D4; ++d4) {            \
      const as_float4 v = Vs[i][j][d4];                            \
      a##i[4 * d4 + 0] += s##i[j] * v.x;                           \
      a##i[4 * d4 + 1] += s##i[j] * v.y;                           \
      a##i[4 * d4 + 2] += s##i[j] * v.z;                           \
      a##i[4 * d4 + 3] += s##i[j] * v.w;                           \
    }                                                              \
  }

// O_i = a_i / l_i
#define AS_FA_STORE(i)                                             \
  {                                                                \
    const float inv = as_rcpf(l##i);                               \
    _Pragma("unroll") for (int d4 = 0; d4 < D4; ++d4) {            \
      as_float4 o;                                                 \
      o.x = a##i[4 * d4 + 0] * inv;                                \
      o.y = a##i[4 * d4 + 1] * inv;                                \
      o.z = a##i[4 * d4 + 2] * inv;                                \
      o.w = a##i[4 * d4 + 3] * inv;                                \
      o##i[d4] = o;                                                \
    }                                                              \
  }

extern "C" __global__ AS_LAUNCH_BOUNDS(AS_FA_BQ) AS_FA_ATTR void AS_FA_NAME(
    const float* Q, const float* __restrict__ K, const float* __restrict__ V,
    float* __restrict__ O, int S, int G, float scale) {
  __shared__ as_float4 Ks[4][BN][D4];
  __shared__ as_float4 Vs[4][BN][D4];

  const int tid = AS_TID_X;
  const size_t p0 = (size_t)AS_BID_X * 4;     // first of the block's 4 (batch, head) pairs
  const size_t g = (size_t)AS_BID_Y * BQ + tid;  // this thread's query row
  const float qk_scale = scale * AS_LOG2E;    // softmax in base 2

  const as_float4* q0 = (const as_float4*)Q + ((p0 + 0) * G + g) * D4;
  const as_float4* q1 = (const as_float4*)Q + ((p0 + 1) * G + g) * D4;
  const as_float4* q2 = (const as_float4*)Q + ((p0 + 2) * G + g) * D4;
  const as_float4* q3 = (const as_float4*)Q + ((p0 + 3) * G + g) * D4;
  // K/V rows of the 4 heads are 4 runs of S·D floats, one after the other.
  const as_float4* kbase = (const as_float4*)K + p0 * (size_t)S * D4;
  const as_float4* vbase = (const as_float4*)V + p0 * (size_t)S * D4;

  AS_FA_ACC a0[D] = {}, a1[D] = {}, a2[D] = {}, a3[D] = {};
  float m0 = -1e30f, m1 = -1e30f, m2 = -1e30f, m3 = -1e30f;
  float l0 = 0.0f, l1 = 0.0f, l2 = 0.0f, l3 = 0.0f;

  for (int kb = 0; kb < S; kb += BN) {  // key tile [kb, kb + BN)
    __syncthreads();  // the previous tile is consumed
#pragma unroll
    for (int c = 0; c < 4 * TILE4 / BQ; ++c) {  // coalesced float4 copies of the 4 tiles
      const int e = c * BQ + tid;
      const int h = e / TILE4, r = e % TILE4;
      const size_t src = ((size_t)h * S + kb) * D4 + r;
      (&Ks[0][0][0])[e] = kbase[src];
      (&Vs[0][0][0])[e] = vbase[src];
    }
    __syncthreads();

    // The seed's order: the 4 heads' scores, then their online softmax, then P·V.
    AS_FA_SCORES(0) AS_FA_SCORES(1) AS_FA_SCORES(2) AS_FA_SCORES(3)
    AS_FA_SOFTMAX(0) AS_FA_SOFTMAX(1) AS_FA_SOFTMAX(2) AS_FA_SOFTMAX(3)
    AS_FA_PV(0) AS_FA_PV(1) AS_FA_PV(2) AS_FA_PV(3)
  }

  as_float4* o0 = (as_float4*)O + ((p0 + 0) * G + g) * D4;
  as_float4* o1 = (as_float4*)O + ((p0 + 1) * G + g) * D4;
  as_float4* o2 = (as_float4*)O + ((p0 + 2) * G + g) * D4;
  as_float4* o3 = (as_float4*)O + ((p0 + 3) * G + g) * D4;
  AS_FA_STORE(0)
  AS_FA_STORE(1)
  AS_FA_STORE(2)
  AS_FA_STORE(3)
}
