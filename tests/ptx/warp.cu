// Warp-level test kernel for the PTX loader: shfl (up/down/xor/idx) and
// vote (all/any/ballot), popc/clz/brev, and float transcendentals.
__global__ void warp(const float *in, float *out, unsigned int *bits, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    v += __shfl_down_sync(0xffffffffu, v, 16);
    v += __shfl_up_sync(0xffffffffu, v, 1);
    v += __shfl_xor_sync(0xffffffffu, v, 2);
    v = __shfl_sync(0xffffffffu, v, 0);
    unsigned int b = __ballot_sync(0xffffffffu, v > 1.0f);
    int all = __all_sync(0xffffffffu, v > 0.0f);
    int any = __any_sync(0xffffffffu, v < -1.0f);
    float t = __expf(v) + __logf(fabsf(v) + 1.0f) + __sinf(v) * __cosf(v) + rsqrtf(v + 2.0f);
    t += sqrtf(fabsf(v)) / (v + 3.0f);
    if (i < n) {
        out[i] = t;
        bits[i] = __popc(b) + __clz(b) + __brev(b) + all + 2 * any;
    }
}
