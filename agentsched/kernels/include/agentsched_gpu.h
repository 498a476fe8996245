// agentsched_gpu.h: the few CUDA/HIP names the project's kernels use, for clang-19 with no
// ROCm or CUDA headers (-nogpuinc / -nocudainc). One source compiles as HIP (AMDGPU) and as
// CUDA (NVPTX).
#pragma once
typedef __SIZE_TYPE__ size_t;

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __forceinline__ __attribute__((always_inline)) inline
#define __restrict__ __restrict

#if defined(__AMDGCN__)
#define AS_TID_X __builtin_amdgcn_workitem_id_x()
#define AS_TID_Y __builtin_amdgcn_workitem_id_y()
#define AS_BID_X __builtin_amdgcn_workgroup_id_x()
#define AS_BID_Y __builtin_amdgcn_workgroup_id_y()
__device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__device__ __forceinline__ float as_exp2f(float x) { return __builtin_amdgcn_exp2f(x); }
__device__ __forceinline__ float as_rcpf(float x) { return __builtin_amdgcn_rcpf(x); }
#define AS_WAVES_PER_EU(lo, hi) __attribute__((amdgpu_waves_per_eu(lo, hi)))
#define AS_LAUNCH_BOUNDS(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
#elif defined(__NVPTX__)
#define AS_TID_X __nvvm_read_ptx_sreg_tid_x()
#define AS_TID_Y __nvvm_read_ptx_sreg_tid_y()
#define AS_BID_X __nvvm_read_ptx_sreg_ctaid_x()
#define AS_BID_Y __nvvm_read_ptx_sreg_ctaid_y()
// __syncthreads is a clang builtin for CUDA (llvm.nvvm.barrier0); defining it is an error.
__device__ __forceinline__ float as_exp2f(float x) { return __nvvm_ex2_approx_f(x); }
__device__ __forceinline__ float as_rcpf(float x) { return __nvvm_rcp_approx_ftz_f(x); }
#define AS_WAVES_PER_EU(lo, hi)
#define AS_LAUNCH_BOUNDS(n) __attribute__((launch_bounds(n)))
#else
#error "agentsched_gpu.h: compile with -x hip (AMDGPU) or -x cuda (NVPTX)"
#endif

// A 16-byte vector of 4 floats (clang ext vector: .x .y .z .w, arithmetic, one 128-bit load or
// store when 16-byte aligned). may_alias: it may view float arrays (shared tiles, buffers).
typedef float as_float4 __attribute__((ext_vector_type(4), may_alias));

#define AS_LOG2E 1.4426950408889634f
__device__ __forceinline__ float as_maxf(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ __forceinline__ float as_expf(float x) { return as_exp2f(x * AS_LOG2E); }
__device__ __forceinline__ float as_silu(float x) { return x * as_rcpf(1.0f + as_expf(-x)); }
