// Device printf as CUDA programs use it (issue 22 item 2): nvcc turns each
// printf into a call of vprintf with the format string's address and a
// local buffer of the arguments (int, unsigned, long long, char, a string,
// float promoted to double, double, a pointer). The kernel prints from
// every thread, from a divergent branch, in a loop (several calls per
// thread, kept in call order), from a device function, and with a format
// and arguments chosen per thread; it also stores what each printf
// returned (the number of arguments it read). gpusim prints the output
// after the kernel in thread order (block, then thread);
// tests/unit/360-exec-printf.c checks every byte against a C reference of
// this file.
#include <cstdio>

__device__ __noinline__ int report(int tid, float value)
{
    return printf("  helper: thread %d value %8.3f %e\n", tid, value, (double)value * 1e-3);
}

__device__ const char *const names[4] = {"zero", "one", "two", "three"};

extern "C" __global__ void print_kernel(const int *in, int *out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;
    int x = in[tid];
    out[4 * tid] = printf("block %u thread %3u: x=%d ux=%u hex=%#x ll=%lld c=%c s=%s\n",
                          blockIdx.x, threadIdx.x, x, (unsigned)x * 2654435761u, x,
                          (long long)x * 1000000007LL, 'a' + (x & 15), names[x & 3]);
    if (x & 1)
        out[4 * tid + 1] = printf("  odd %d: %.2f %g %-6d|\n", tid, x * 0.25f, x * 1.5, -x);
    else
        out[4 * tid + 1] = report(tid, x * 0.125f);
    int calls = 0;
    for (int k = 0; k < (x & 3); k++)
        calls += printf("  loop %d/%d of thread %d\n", k, x & 3, tid) > 0;
    out[4 * tid + 2] = calls;
    out[4 * tid + 3] = printf(tid % 5 == 0 ? "  five %d %s\n" : "  plain %d\n", tid,
                              tid % 10 == 0 ? "ten" : "");
}
