// agentsched's own, for tests/test_select_module.py: a module search meets a kernel with
// nothing to schedule (like cub's EmptyKernel) and a template instance whose name is longer
// than a file name may be (like thrust's).
extern "C" __global__ void empty() {}

template <int N> struct AVeryLongTypeNameAsTemplateLibrariesWriteThemForTheirDispatchPolicies {};

template <typename A, typename B, typename C, typename D>
__global__ void scale(float* x, const float* y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = x[i] * a + y[i] * y[i];
}

template __global__ void scale<
    AVeryLongTypeNameAsTemplateLibrariesWriteThemForTheirDispatchPolicies<1>,
    AVeryLongTypeNameAsTemplateLibrariesWriteThemForTheirDispatchPolicies<2>,
    AVeryLongTypeNameAsTemplateLibrariesWriteThemForTheirDispatchPolicies<3>,
    AVeryLongTypeNameAsTemplateLibrariesWriteThemForTheirDispatchPolicies<4>>(
    float*, const float*, float);
