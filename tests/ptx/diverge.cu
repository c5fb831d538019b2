// Divergence test kernel for the PTX loader (tests/unit/06x): nested
// if/else inside a loop, with loads and stores in every arm so nvcc keeps
// real branches, and an early exit; reconvergence points are checked.
__global__ void diverge(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int acc = 0;
    for (int k = 0; k < in[i]; k++) {
        if (in[k] & 1) {
            if (in[k] & 2)
                out[k] = acc;
            else
                acc -= in[acc & 7];
        } else {
            out[n + k] = acc ^ k;
        }
        if (acc > 1000)
            break;
    }
    out[i] = acc;
}
