// Mutual recursion through function pointers (issue 22 item 1): ping takes
// its own address (nvcc names a function inside its own body, before the
// body ends) and pong's; each level picks its next step per lane, so the
// indirect calls diverge, and the depth differs from lane to lane.
// tests/test_ptx_programs.py checks the outputs against a reference.
typedef int (*step_fn)(int, int);

__device__ __noinline__ int ping(int n, int s);
__device__ __noinline__ int pong(int n, int s);

__device__ __noinline__ int leaf(int n, int s)
{
    return n * 7 + s;
}

__device__ __noinline__ int ping(int n, int s)
{
    if (n <= 0)
        return s;
    int keep[3];
    for (int i = 0; i < 3; i++)
        keep[i] = s * (i + 2) + n;
    step_fn next = ((n + s) & 1) ? ping : ((n + s) % 3 == 0 ? pong : leaf);
    int r = next(n - 1, s + n);
    return r + keep[(r & 0x7fffffff) % 3];
}

__device__ __noinline__ int pong(int n, int s)
{
    if (n <= 0)
        return s * 2;
    step_fn next = ((n * s) % 3 == 0) ? ping : pong;
    int r = next(n - 1, s ^ n);
    if (r & 1)
        return r * 3 + n;
    return r - next(n / 2, s + 1);
}

extern "C" __global__ void mutual(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[t];
    out[2 * t] = ping(x % 11, t);
    step_fn g = (t & 2) ? pong : ping;
    out[2 * t + 1] = g(x % 9, x);
}
