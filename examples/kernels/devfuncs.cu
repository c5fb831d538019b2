// Device functions as nvcc keeps them when they are not inlined
// (__noinline__): scalar arguments and return values, a struct passed and
// returned by value, a function with a .local array, nested calls, a call
// inside a divergent branch, a guarded call in a loop, a function whose own
// branches diverge and return from two places, and a void function that
// stores through a pointer argument. gpusim links each called .func behind
// the kernel (src/ptx/ptx_link.c); tests/unit/357-exec-device-calls.c
// checks every output against a C reference of this file.
struct pair {
    int a;
    float b;
    long long c;
};

__device__ __noinline__ int add3(int x, int y, int z)
{
    return x + y * 2 + z * 3;
}

__device__ __noinline__ pair make_pair(int i, pair p)
{
    pair r;
    r.a = p.a + i;
    r.b = p.b * 2.0f;
    r.c = p.c - i;
    return r;
}

// Its lanes diverge: odd ones loop and return early, even ones call add3.
__device__ __noinline__ int diverge(int t)
{
    int s = 0;
    if (t & 1) {
        for (int k = 0; k < t; k++)
            s += k ^ t;
        return s;
    }
    return add3(t, 1, 2) + 7;
}

__device__ __noinline__ void store_sign(int *out, int v)
{
    if (v > 10)
        out[0] = v;
    else
        out[0] = -v;
}

// A .local array in the function's own frame.
__device__ __noinline__ int table(int n)
{
    int a[16];
    for (int i = 0; i < 16; i++)
        a[i] = i * n + (i ^ n);
    return a[n & 15] + a[(n * 7) & 15];
}

// Nested: calls diverge and table.
__device__ __noinline__ int nested(int t)
{
    return diverge(t + 1) * 3 + table(t >> 1);
}

extern "C" __global__ void device_calls(const int *in, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int x = in[t];
    pair p;
    p.a = x;
    p.b = 1.5f * t;
    p.c = 100 - x;
    pair q = make_pair(t, p);
    int v = add3(x, q.a, (int)q.c);
    if (t % 3 == 0)
        v += diverge(x);
    store_sign(out + 6 * t, v);
    out[6 * t + 1] = (int)q.b;
    out[6 * t + 2] = table(x);
    out[6 * t + 3] = nested(x);
    int acc = 0;
    for (int k = 0; k < (x & 7); k++)
        if ((k + t) & 1)
            acc += add3(k, t, acc & 15);
    out[6 * t + 4] = acc;
    out[6 * t + 5] = diverge(t);
}
