/* A kernel template instantiated for two element types: nvcc gives each
 * instantiation a mangled C++ name far longer than 31 characters
 * (_Z...IfLi4EEvPT_PKS0_S0_i), as real programs' kernels have. gpusim must
 * find it by that name in workload files and print it whole in statistics.
 * out[i] = in[i] * scale + Offset for i < n. */
template <typename Element, int Offset>
__global__ void scale_and_offset_elements_by_template(Element *out, const Element *in,
                                                      Element scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * scale + (Element)Offset;
}

template __global__ void scale_and_offset_elements_by_template<float, 4>(float *, const float *,
                                                                        float, int);
template __global__ void scale_and_offset_elements_by_template<int, 7>(int *, const int *, int,
                                                                      int);
