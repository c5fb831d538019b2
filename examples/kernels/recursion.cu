// Recursion and function pointers (issue 22 item 1): a doubly recursive
// function whose depth differs from lane to lane (its calls diverge at every
// level, and each call saves the calling lanes' registers of the running
// copy), a recursive walk with a .local array in every frame, and an
// indirect call whose target differs from lane to lane (gpusim calls each
// target in turn). tests/unit/358-exec-recursion.c checks every output
// against a C reference of this file.
typedef int (*binary_op)(int, int);

__device__ __noinline__ int op_add(int a, int b)
{
    return a + b;
}

__device__ __noinline__ int op_mul(int a, int b)
{
    return a * b + 1;
}

__device__ __noinline__ int op_sub(int a, int b)
{
    return a - 3 * b;
}

__device__ __noinline__ int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

// Each level keeps a small array in its own frame, read after the call.
__device__ __noinline__ int walk(int depth, int v)
{
    int keep[4];
    for (int i = 0; i < 4; i++)
        keep[i] = v * (i + 1) + depth;
    if (depth == 0)
        return keep[v & 3];
    int below = walk(depth - 1, v + keep[depth & 3] % 7);
    return below + keep[(v + depth) & 3];
}

__device__ __noinline__ int apply(binary_op f, int a, int b)
{
    return f(a, b) + f(b, a);
}

extern "C" __global__ void recursion(const int *in, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int x = in[t];
    binary_op f = (x % 3 == 0) ? op_add : (x % 3 == 1) ? op_mul : op_sub;
    out[4 * t] = fib(x % 13);
    out[4 * t + 1] = walk(x % 6, t);
    out[4 * t + 2] = f(x, t);
    out[4 * t + 3] = apply(t % 2 ? op_sub : f, t, x);
}
