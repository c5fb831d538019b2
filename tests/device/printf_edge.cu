// Edge cases of CUDA's device printf: length modifiers, '*', '%' with
// flags, a format ending in '%', a NUL %c, the 32-argument limit, and what
// a full FIFO does (records dropped, return values).
#include <cstdio>
#define P(...) rets[n++] = printf(__VA_ARGS__); printf("@@END@@\n");
__global__ void edge(int *rets)
{
    int n = 0;
    P("%hhd|", 300)            // 0
    P("%hhd %d|", 300, 5)      // 1
    P("%hhx|", 0x1ff)          // 2
    P("%hhd|", 255)            // 3
    P("%d %hhd %d|", 1, 300, 7)   // 4
    P("%hd|", 70000)           // 5
    P("%hhu %hhu|", 257, 3)    // 6
    P("%td|", (long long)-3)   // 7
    P("%Lf|", 1.5)             // 8
    P("%qd|", 5LL)             // 9
    P("%lc|", 65)              // 10
    P("%ls|", "wide")          // 11
    P("%n|", (int *)0)         // 12
    P("%5|")                   // 13
    P("%-|")                   // 14
    P("% %|")                  // 15
    P("%#%|")                  // 16
    P("%%|")                   // 17
    P("%y %d|", 3)             // 18
    P("%c|", 0)                // 19
    P("%.10s|", "abc")         // 20
    P("%llu %u|", 18446744073709551615ULL, 4294967295u)  // 21
    P("%5.1f%%|", 99.5)        // 22
    P("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d|",
      1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33)  // 23
    P("%s %s|", "a", (const char *)0)   // 24
    P("%lld%%%d|", 5LL, 6)    // 25
    P("%I64d|", 5LL)          // 26
    P("%hf|", 2.5)            // 27
    P("%lf %lg %le|", 2.5, 2.5, 2.5)   // 28
    P("%5s|%-5c|", "ab", 'z') // 29
    P("%08.3e|", 3.0)         // 30
    P("%'d|", 1234567)        // 31
}
__global__ void flood(int *rets)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    for (int k = 0; k < 3; k++)
        rets[t * 3 + k] = printf("flood %4d %d xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", t, k);
}
int main(int argc, char **argv)
{
    int *d, h[1024];
    cudaMalloc(&d, sizeof h);
    edge<<<1, 1>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    fflush(stdout);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    FILE *f = fopen(argv[1], "w");
    for (int i = 0; i < 32; i++) fprintf(f, "%d\n", h[i]);
    size_t fifo = 0;
    cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4096);
    cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
    fprintf(f, "fifo %zu\n", fifo);
    printf("@@FLOOD@@\n");
    fflush(stdout);
    flood<<<2, 64>>>(d);
    e = cudaDeviceSynchronize();
    fflush(stdout);
    cudaMemcpy(h, d, 384 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 384; i++) fprintf(f, "flood %d %d\n", i, h[i]);
    fclose(f);
    return e != cudaSuccess;
}
