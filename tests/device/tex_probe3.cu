// Texture filtering arithmetic on a real GPU, third probe: what the linear
// filter's weights are, and how it sums weighted texels, for gpusim's
// texture unit (issue 22 item 3; exec/texture.c). Every texel value and
// coordinate comes from the generator below, so a test regenerates them;
// the file holds only the results, as little-endian f32 bits (r only):
//   part A, weights: 2x2 and 2x2x2 f32 textures, unnormalised coordinates,
//     linear, clamp, with one texel 1.0 and the others 0, at 1024
//     generated points inside the texel centres: the result is that
//     texel's weight. 4 x 1024 (2-D, corner c = x + 2y) then 8 x 1024
//     (3-D, corner c = x + 2y + 4z) values.
//   part B, 1-D sums: a 128-texel f32 texture of generated values, sampled
//     at x = 2i + 0.5 + kk/256 for pair i = 0..63 and k = 0..63, kk = 16 (k / 4)
//     + 4 r + k % 4 with r generated 0..3: 4096 values, i-major.
//   part C, 2-D sums: a 64x2 texture of generated values, at x = 2i + 0.5 +
//     a/256, y = 0.5 + b/256, a and b generated 0..255, 32 samples for each
//     i = 0..31: 1024 values.
//   part D, 3-D sums: a 32x2x2 texture, at x = 2i + 0.5 + a/256, y = 0.5 +
//     b/256, z = 0.5 + c/256, 32 samples for each i = 0..15: 512 values.
// Generator: s = s * 6364136223846793005 + 1442695040888963407 (64-bit), the
// value is s >> 33. Texel values: sign from bit 0, exponent 127 + (v >> 1) %
// 9 - 4, mantissa (v >> 5) & 0x7fffff. Part A points: each coordinate 0.5 +
// (v % 65536) / 65536 (exact in f32). Seeds: A 1, B 2, C 3, D 4; in each
// part the texels are drawn first, then the coordinates.
#include <cstdio>
#include <cstring>

static unsigned long long s;
static unsigned next(void) { s = s * 6364136223846793005ull + 1442695040888963407ull; return (unsigned)(s >> 33); }
static float texel(void)
{
    unsigned v = next();
    unsigned b = (v & 1u) << 31 | (127u + (v >> 1) % 9u - 4u) << 23 | ((v >> 5) & 0x7fffffu);
    float f; memcpy(&f, &b, 4); return f;
}

__global__ void k1(cudaTextureObject_t t, const float *u, float *out, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex1D<float>(t, u[i]); }
__global__ void k2(cudaTextureObject_t t, const float *u, const float *v, float *out, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex2D<float>(t, u[i], v[i]); }
__global__ void k3(cudaTextureObject_t t, const float *u, const float *v, const float *w, float *out, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex3D<float>(t, u[i], v[i], w[i]); }

static cudaTextureObject_t tex(cudaArray_t a)
{
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc t; memset(&t, 0, sizeof t);
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = cudaAddressModeClamp;
    t.filterMode = cudaFilterModeLinear; t.readMode = cudaReadModeElementType;
    cudaTextureObject_t o; cudaCreateTextureObject(&o, &r, &t, NULL);
    return o;
}

static cudaArray_t arr(const float *v, int w, int h, int d)
{
    cudaChannelFormatDesc c = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    if (d > 1) {
        cudaMalloc3DArray(&a, &c, make_cudaExtent(w, h, d));
        cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr((void *)v, w * 4, w, h); p.dstArray = a;
        p.extent = make_cudaExtent(w, h, d); p.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&p);
    } else {
        cudaMallocArray(&a, &c, w, h);
        cudaMemcpy2DToArray(a, 0, 0, v, w * 4, w * 4, h ? h : 1, cudaMemcpyHostToDevice);
    }
    return a;
}

#define N 4096
static float hu[N], hv[N], hw[N], hout[N];
static float *du, *dv, *dw, *dout;
static FILE *f;

static void run(cudaTextureObject_t t, int dims, int n)
{
    cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
    if (dims == 1) k1<<<(n + 127) / 128, 128>>>(t, du, dout, n);
    if (dims == 2) k2<<<(n + 127) / 128, 128>>>(t, du, dv, dout, n);
    if (dims == 3) k3<<<(n + 127) / 128, 128>>>(t, du, dv, dw, dout, n);
    cudaDeviceSynchronize();
    cudaMemcpy(hout, dout, n * 4, cudaMemcpyDeviceToHost);
    fwrite(hout, 4, n, f);
}

int main(int argc, char **argv)
{
    f = fopen(argv[1], "wb");
    cudaMalloc(&du, sizeof hu); cudaMalloc(&dv, sizeof hv); cudaMalloc(&dw, sizeof hw); cudaMalloc(&dout, sizeof hout);
    // part A
    s = 1;
    for (int i = 0; i < 1024; i++) {
        hu[i] = 0.5f + (next() % 65536u) / 65536.0f;
        hv[i] = 0.5f + (next() % 65536u) / 65536.0f;
        hw[i] = 0.5f + (next() % 65536u) / 65536.0f;
    }
    for (int c = 0; c < 4; c++) {
        float t[4] = {0, 0, 0, 0}; t[c] = 1.0f;
        run(tex(arr(t, 2, 2, 1)), 2, 1024);
    }
    for (int c = 0; c < 8; c++) {
        float t[8] = {0, 0, 0, 0, 0, 0, 0, 0}; t[c] = 1.0f;
        run(tex(arr(t, 2, 2, 2)), 3, 1024);
    }
    // part B
    {
        static float t[128];
        s = 2;
        for (int i = 0; i < 128; i++) t[i] = texel();
        for (int i = 0; i < 64; i++)
            for (int k = 0; k < 64; k++) {
                int kk = (k / 4) * 16 + (int)(next() % 4u) * 4 + k % 4;
                hu[i * 64 + k] = 2 * i + 0.5f + kk / 256.0f;
                hv[i * 64 + k] = hw[i * 64 + k] = 0;
            }
        run(tex(arr(t, 128, 0, 1)), 1, 4096);
    }
    // part C
    {
        static float t[2][64];
        s = 3;
        for (int y = 0; y < 2; y++) for (int x = 0; x < 64; x++) t[y][x] = texel();
        for (int i = 0; i < 32; i++)
            for (int k = 0; k < 32; k++) {
                hu[i * 32 + k] = 2 * i + 0.5f + (next() % 256u) / 256.0f;
                hv[i * 32 + k] = 0.5f + (next() % 256u) / 256.0f;
                hw[i * 32 + k] = 0;
            }
        run(tex(arr(&t[0][0], 64, 2, 1)), 2, 1024);
    }
    // part D
    {
        static float t[2][2][32];
        s = 4;
        for (int z = 0; z < 2; z++) for (int y = 0; y < 2; y++) for (int x = 0; x < 32; x++) t[z][y][x] = texel();
        for (int i = 0; i < 16; i++)
            for (int k = 0; k < 32; k++) {
                hu[i * 32 + k] = 2 * i + 0.5f + (next() % 256u) / 256.0f;
                hv[i * 32 + k] = 0.5f + (next() % 256u) / 256.0f;
                hw[i * 32 + k] = 0.5f + (next() % 256u) / 256.0f;
            }
        run(tex(arr(&t[0][0][0], 32, 2, 2)), 3, 512);
    }
    cudaError_t e = cudaDeviceSynchronize();
    fclose(f);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    return 0;
}
