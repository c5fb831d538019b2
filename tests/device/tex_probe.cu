// Texture sampling on a real GPU, recorded for a bit-exact comparison with
// gpusim's texture unit (issue 22 item 3): float and uchar4 2-D arrays, a
// 1-D array and a 3-D array, point and linear filtering, each address mode,
// unnormalised and normalised coordinates, and tex2Dgather. Each line:
// case u v [w] then the result's four components as hex bits.
#include <cstdio>
#include <cstring>

#define W 5
#define H 4
#define D 3
#define NC 96

__global__ void sample2d(cudaTextureObject_t t, const float *u, const float *v, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, u[i], v[i]);
}
__global__ void sample2d1(cudaTextureObject_t t, const float *u, const float *v, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float r = tex2D<float>(t, u[i], v[i]); out[i] = make_float4(r, 0, 0, 0); }
}
__global__ void gather2d(cudaTextureObject_t t, const float *u, const float *v, float4 *out, int n, int comp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2Dgather<float4>(t, u[i], v[i], comp);
}
__global__ void sample1d(cudaTextureObject_t t, const float *u, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float r = tex1D<float>(t, u[i]); out[i] = make_float4(r, 0, 0, 0); }
}
__global__ void sample3d(cudaTextureObject_t t, const float *u, const float *v, const float *w, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float r = tex3D<float>(t, u[i], v[i], w[i]); out[i] = make_float4(r, 0, 0, 0); }
}

static unsigned bits(float f) { unsigned b; memcpy(&b, &f, 4); return b; }

static float hu[NC], hv[NC], hw[NC];
static float *du, *dv, *dw;
static float4 *dout, hout[NC];

static void coords(int normalised, int dims)
{
    // a deterministic spread: outside, on texel centres and edges, odd fractions
    for (int i = 0; i < NC; i++) {
        float a = -1.75f + i * (9.5f / NC) + (i % 3) * 0.0390625f;
        float b = -1.25f + ((i * 7) % NC) * (7.0f / NC) + (i % 5) * 0.01171875f;
        float c = -0.75f + ((i * 5) % NC) * (5.0f / NC);
        if (i % 8 == 0) { a = (i / 8) % W + 0.5f; b = (i / 8) % H + 0.5f; c = (i / 8) % D + 0.5f; }
        if (i % 8 == 1) { a = (i / 8) % (W + 1); b = (i / 8) % (H + 1); c = (i / 8) % (D + 1); }
        hu[i] = normalised ? a / W : a;
        hv[i] = normalised ? b / (dims == 1 ? 1 : H) : b;
        hw[i] = normalised ? c / D : c;
    }
    cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
}

static void emit(FILE *f, const char *name, int dims)
{
    cudaDeviceSynchronize();
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    for (int i = 0; i < NC; i++) {
        fprintf(f, "%s %08x", name, bits(hu[i]));
        if (dims > 1) fprintf(f, " %08x", bits(hv[i]));
        if (dims > 2) fprintf(f, " %08x", bits(hw[i]));
        fprintf(f, " %08x %08x %08x %08x\n", bits(hout[i].x), bits(hout[i].y), bits(hout[i].z), bits(hout[i].w));
    }
}

static cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode filter, cudaTextureAddressMode mode,
                                int normalised, cudaTextureReadMode read)
{
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc t; memset(&t, 0, sizeof t);
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = mode;
    t.filterMode = filter; t.readMode = read; t.normalizedCoords = normalised;
    t.borderColor[0] = 0.0f; t.borderColor[1] = 0.0f; t.borderColor[2] = 0.0f; t.borderColor[3] = 0.0f;
    cudaTextureObject_t o; cudaCreateTextureObject(&o, &r, &t, NULL);
    return o;
}

int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "w");
    float tf[H][W], t3[D][H][W], t1[W * 3];
    uchar4 t4[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            tf[y][x] = x * 1.25f + y * 10.0f + ((x * 7 + y * 3) % 11) * 0.3125f;
            t4[y][x] = make_uchar4((x * 53 + y * 29) & 255, (x * 17 + y * 101) & 255, (x * y * 37 + 5) & 255, 255 - x * 40);
            for (int z = 0; z < D; z++) t3[z][y][x] = tf[y][x] + z * 100.0f;
        }
    for (int i = 0; i < W * 3; i++) t1[i] = i * i * 0.5f - i * 3.0f;
    cudaMalloc(&du, sizeof hu); cudaMalloc(&dv, sizeof hv); cudaMalloc(&dw, sizeof hw); cudaMalloc(&dout, sizeof hout);
    cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(), c4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t af, a4, a1, a3;
    cudaMallocArray(&af, &cf, W, H);
    cudaMemcpy2DToArray(af, 0, 0, tf, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
    cudaMallocArray(&a4, &c4, W, H);
    cudaMemcpy2DToArray(a4, 0, 0, t4, W * sizeof(uchar4), W * sizeof(uchar4), H, cudaMemcpyHostToDevice);
    cudaMallocArray(&a1, &cf, W * 3, 0);
    cudaMemcpy2DToArray(a1, 0, 0, t1, sizeof t1, sizeof t1, 1, cudaMemcpyHostToDevice);
    cudaMalloc3DArray(&a3, &cf, make_cudaExtent(W, H, D));
    cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(t3, W * sizeof(float), W, H); p.dstArray = a3;
    p.extent = make_cudaExtent(W, H, D); p.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3D(&p);
    fprintf(f, "# texels f32 %dx%d: x*1.25 + y*10 + ((x*7+y*3)%%11)*0.3125; uchar4 (x*53+y*29)&255, (x*17+y*101)&255, (x*y*37+5)&255, 255-x*40; "
               "1-D %d: i*i*0.5 - i*3; 3-D %dx%dx%d: f32 + z*100; border colour 0\n", W, H, W * 3, W, H, D);
    struct { const char *name; cudaTextureFilterMode fm; cudaTextureAddressMode am; int norm; } m[] = {
        {"f32_point_clamp", cudaFilterModePoint, cudaAddressModeClamp, 0},
        {"f32_linear_clamp", cudaFilterModeLinear, cudaAddressModeClamp, 0},
        {"f32_linear_border", cudaFilterModeLinear, cudaAddressModeBorder, 0},
        {"f32_point_border", cudaFilterModePoint, cudaAddressModeBorder, 0},
        {"f32_point_wrap_norm", cudaFilterModePoint, cudaAddressModeWrap, 1},
        {"f32_linear_wrap_norm", cudaFilterModeLinear, cudaAddressModeWrap, 1},
        {"f32_point_mirror_norm", cudaFilterModePoint, cudaAddressModeMirror, 1},
        {"f32_linear_mirror_norm", cudaFilterModeLinear, cudaAddressModeMirror, 1},
        {"f32_linear_clamp_norm", cudaFilterModeLinear, cudaAddressModeClamp, 1},
    };
    for (unsigned k = 0; k < sizeof m / sizeof m[0]; k++) {
        cudaTextureObject_t o = make(af, m[k].fm, m[k].am, m[k].norm, cudaReadModeElementType);
        coords(m[k].norm, 2);
        sample2d1<<<1, NC>>>(o, du, dv, dout, NC);
        emit(f, m[k].name, 2);
        cudaDestroyTextureObject(o);
    }
    for (int comp = 0; comp < 2; comp++) {
        cudaTextureObject_t o = make(af, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
        coords(0, 2);
        gather2d<<<1, NC>>>(o, du, dv, dout, NC, comp);
        emit(f, comp ? "f32_gather1_clamp" : "f32_gather0_clamp", 2);
        cudaDestroyTextureObject(o);
    }
    {
        cudaTextureObject_t o = make(a4, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
        coords(0, 2); sample2d<<<1, NC>>>(o, du, dv, dout, NC); emit(f, "u8x4_linear_clamp_normread", 2);
        cudaDestroyTextureObject(o);
        o = make(a4, cudaFilterModePoint, cudaAddressModeWrap, 1, cudaReadModeNormalizedFloat);
        coords(1, 2); sample2d<<<1, NC>>>(o, du, dv, dout, NC); emit(f, "u8x4_point_wrap_norm_normread", 2);
        cudaDestroyTextureObject(o);
        o = make(a4, cudaFilterModeLinear, cudaAddressModeWrap, 1, cudaReadModeNormalizedFloat);
        coords(1, 2); sample2d<<<1, NC>>>(o, du, dv, dout, NC); emit(f, "u8x4_linear_wrap_norm_normread", 2);
        cudaDestroyTextureObject(o);
    }
    {
        cudaTextureObject_t o = make(a1, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
        coords(0, 1);
        for (int i = 0; i < NC; i++) hu[i] *= 2.0f;
        cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
        sample1d<<<1, NC>>>(o, du, dout, NC); emit(f, "f32_1d_linear_clamp", 1);
        cudaDestroyTextureObject(o);
        o = make(a3, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
        coords(0, 3); sample3d<<<1, NC>>>(o, du, dv, dw, dout, NC); emit(f, "f32_3d_linear_clamp", 3);
        cudaDestroyTextureObject(o);
        o = make(a3, cudaFilterModeLinear, cudaAddressModeWrap, 1, cudaReadModeElementType);
        coords(1, 3); sample3d<<<1, NC>>>(o, du, dv, dw, dout, NC); emit(f, "f32_3d_linear_wrap_norm", 3);
        cudaDestroyTextureObject(o);
    }
    cudaError_t e = cudaDeviceSynchronize();
    fclose(f);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    return 0;
}
