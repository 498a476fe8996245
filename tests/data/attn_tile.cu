// A small attention-like kernel: each thread keeps two 16-wide accumulators and an online
// softmax over keys, so register pressure is high enough for GCN's later stages to matter.
#include "agentsched_gpu.h"
extern "C" __global__ void attn_tile(const float* __restrict__ q, const float* __restrict__ k,
                                     const float* __restrict__ v, float* __restrict__ o,
                                     int keys) {
  int r = AS_BID_X * 64 + AS_TID_X;
  float qa[16], acc0[16], acc1[16];
  for (int d = 0; d < 16; ++d) { qa[d] = q[r * 16 + d]; acc0[d] = 0.f; acc1[d] = 0.f; }
  float m0 = -3.0e38f, l0 = 0.f, m1 = -3.0e38f, l1 = 0.f;
  for (int j = 0; j < keys; j += 2) {
    float s0 = 0.f, s1 = 0.f;
    for (int d = 0; d < 16; ++d) { s0 += qa[d] * k[j * 16 + d]; s1 += qa[d] * k[(j + 1) * 16 + d]; }
    float n0 = s0 > m0 ? s0 : m0, n1 = s1 > m1 ? s1 : m1;
    float c0 = as_expf(m0 - n0), c1 = as_expf(m1 - n1);
    float p0 = as_expf(s0 - n0), p1 = as_expf(s1 - n1);
    l0 = l0 * c0 + p0; l1 = l1 * c1 + p1; m0 = n0; m1 = n1;
    for (int d = 0; d < 16; ++d) {
      acc0[d] = acc0[d] * c0 + p0 * v[j * 16 + d];
      acc1[d] = acc1[d] * c1 + p1 * v[(j + 1) * 16 + d];
    }
  }
  for (int d = 0; d < 16; ++d) o[r * 16 + d] = acc0[d] * as_rcpf(l0) + acc1[d] * as_rcpf(l1);
}
