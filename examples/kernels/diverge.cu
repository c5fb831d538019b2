// Control-flow stress: nested, data-dependent if/else inside a loop, a
// `break` out of the loop, an early `return` from inside it, and a
// divergent inner loop, so the lanes of a warp split and reconverge
// repeatedly (SIMT stack). out[i] is -1 for a lane that returned early,
// else its final value; steps[i] counts the loop iterations it ran.
extern "C" __global__ void diverge(const int *in, int *out, int *steps, int n, int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = in[i];
    int k = 0;
    for (; k < rounds; k++) {
        if (x & 1) {
            if (x % 3 == 0)
                x = x * 3 + 1;
            else
                x = (x ^ k) + 7;
        } else {
            if (x > 5000) {
                x = x / 4;
                if (x % 5 == 0)
                    break;
            } else {
                for (int t = 0; t < (x & 3); t++)
                    x += t * k + 1;
                x = x / 2;
            }
        }
        if (x == 13 || x < 0) {
            out[i] = -1;
            steps[i] = k;
            return;
        }
    }
    out[i] = x;
    steps[i] = k;
}
