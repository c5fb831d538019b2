// Runs examples/kernels/printf.cu's kernel on a real GPU with the input
// gpusim's workload used (ref/IN.bin), for comparing printf output.
#include <cstdio>
#include <cstdlib>
#include "../../examples/kernels/printf.cu"

int main(int argc, char **argv)
{
    int in[72], out[288];
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(in, 4, 72, f) != 72) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(f);
    int *din, *dout;
    cudaMalloc(&din, sizeof in);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, sizeof out);
    print_kernel<<<2, 36>>>(din, dout, 70);
    cudaError_t e = cudaDeviceSynchronize();
    fflush(stdout);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    f = fopen(argv[2], "wb");
    fwrite(out, 4, 288, f);
    fclose(f);
    return 0;
}
