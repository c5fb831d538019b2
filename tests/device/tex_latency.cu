// Texture-path latency on a real GPU, for the texture cache's timing model
// (issue 22 item 3; seed-004 section 1.3.3): one thread chases pointers
// through an index array, each load depending on the last, and times the
// chain with clock64. Per working-set size (1 KiB to 4 MiB) and per path
// (tex1Dfetch from linear memory, ld.global.nc through __ldg, plain
// ld.global): the mean cycles per dependent load after one warming pass.
// The chain visits every 128-byte line of the working set once per pass in
// a scrambled order (a full-period LCG over the lines), so each access is
// a new line and the working set, not the stride, decides hit or miss.
// Each line of the output: path bytes cycles_per_load.
#include <cstdio>
#include <cstring>
#include <vector>

#define LINE_WORDS 32   // 128-byte lines of 4-byte indices

__global__ void chase_tex(cudaTextureObject_t t, int steps, long long *cycles, int *sink)
{
    int i = 0;
    for (int k = 0; k < steps; k++) i = tex1Dfetch<int>(t, i);   // warm
    long long start = clock64();
    for (int k = 0; k < steps; k++) i = tex1Dfetch<int>(t, i);
    long long end = clock64();
    *cycles = end - start;
    *sink = i;
}

__global__ void chase_ldg(const int *a, int steps, long long *cycles, int *sink)
{
    int i = 0;
    for (int k = 0; k < steps; k++) i = __ldg(a + i);
    long long start = clock64();
    for (int k = 0; k < steps; k++) i = __ldg(a + i);
    long long end = clock64();
    *cycles = end - start;
    *sink = i;
}

__global__ void chase_ld(const int *a, int steps, long long *cycles, int *sink)
{
    int i = 0;
    for (int k = 0; k < steps; k++) i = *(volatile const int *)(a + i);
    long long start = clock64();
    for (int k = 0; k < steps; k++) i = *(volatile const int *)(a + i);
    long long end = clock64();
    *cycles = end - start;
    *sink = i;
}

int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "w");
    fprintf(f, "# path bytes cycles_per_dependent_load (one thread, a chain over every 128-byte line)\n");
    long long *dcycles; int *dsink;
    cudaMalloc(&dcycles, 8); cudaMalloc(&dsink, 4);
    for (int bytes = 1024; bytes <= 4 << 20; bytes *= 2) {
        int lines = bytes / 128, words = bytes / 4;
        std::vector<int> idx(words, 0);
        // a full-period walk over the lines: line l -> (l * 5 + 1) mod lines (lines a power of 2)
        for (int l = 0; l < lines; l++) {
            int next = (int)(((long long)l * 5 + 1) % lines);
            idx[l * LINE_WORDS] = next * LINE_WORDS;
        }
        int *d; cudaMalloc(&d, bytes);
        cudaMemcpy(d, idx.data(), bytes, cudaMemcpyHostToDevice);
        cudaResourceDesc r; memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = d;
        r.res.linear.desc = cudaCreateChannelDesc<int>(); r.res.linear.sizeInBytes = bytes;
        cudaTextureDesc td; memset(&td, 0, sizeof td);
        td.readMode = cudaReadModeElementType;
        cudaTextureObject_t t; cudaCreateTextureObject(&t, &r, &td, NULL);
        int steps = lines < 4096 ? 4096 : lines;
        long long c;
        const char *names[3] = {"tex1Dfetch", "ldg", "ld"};
        for (int p = 0; p < 3; p++) {
            if (p == 0) chase_tex<<<1, 1>>>(t, steps, dcycles, dsink);
            if (p == 1) chase_ldg<<<1, 1>>>(d, steps, dcycles, dsink);
            if (p == 2) chase_ld<<<1, 1>>>(d, steps, dcycles, dsink);
            cudaMemcpy(&c, dcycles, 8, cudaMemcpyDeviceToHost);
            fprintf(f, "%s %d %.1f\n", names[p], bytes, (double)c / steps);
        }
        cudaDestroyTextureObject(t);
        cudaFree(d);
    }
    cudaError_t e = cudaDeviceSynchronize();
    fclose(f);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    return 0;
}
