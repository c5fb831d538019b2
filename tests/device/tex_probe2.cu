// Texture and surface behaviour on a real GPU, second probe: dense sweeps
// that isolate one rule each, recorded for gpusim's texture unit (issue 22
// item 3). Each line: case, the coordinates as hex bits, then the result's
// four components as hex bits (integer results as their bits).
//   - channel formats read as normalised floats: every u8 and s8 value, and a
//     spread of u16 / s16 values (point sampling at texel centres);
//   - 1-D linear filtering swept in 1/64 texel steps for f32, u8 (normalised
//     read) and f16, to fix how weights and texel values combine;
//   - 3-D linear and point filtering swept along one axis at a time, unnormalised
//     clamp and normalised wrap, to fix the z interpolation;
//   - normalised coordinates swept near texel boundaries (point, clamp);
//   - tex1Dfetch from linear memory inside and outside the bound range;
//   - a pitch-2D resource, a layered 2-D array with layers out of range,
//     integer element reads, a non-zero border colour;
//   - tld4 (tex2Dgather) on a uchar4 normalised texture, every component;
//   - surf2Dread with clamp and zero boundary modes outside the surface.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>

#define MAXN 1024

static unsigned fbits(float f) { unsigned b; memcpy(&b, &f, 4); return b; }

__device__ float4 as4(float r) { return make_float4(r, 0, 0, 0); }
__device__ float4 as4(float4 r) { return r; }
__device__ float4 as4(int r) { return make_float4(__int_as_float(r), 0, 0, 0); }
__device__ float4 as4(int4 r) { return make_float4(__int_as_float(r.x), __int_as_float(r.y), __int_as_float(r.z), __int_as_float(r.w)); }

template <class T> __global__ void k1(cudaTextureObject_t t, const float *u, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = as4(tex1D<T>(t, u[i]));
}
template <class T> __global__ void k2(cudaTextureObject_t t, const float *u, const float *v, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = as4(tex2D<T>(t, u[i], v[i]));
}
template <class T> __global__ void k3(cudaTextureObject_t t, const float *u, const float *v, const float *w, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = as4(tex3D<T>(t, u[i], v[i], w[i]));
}
template <class T> __global__ void kfetch(cudaTextureObject_t t, const float *u, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = as4(tex1Dfetch<T>(t, (int)u[i]));
}
__global__ void klayer(cudaTextureObject_t t, const float *u, const float *v, const float *w, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = as4(tex2DLayered<float>(t, u[i], v[i], (int)w[i]));
}
__global__ void kgather(cudaTextureObject_t t, const float *u, const float *v, float4 *out, int n, int comp)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2Dgather<float4>(t, u[i], v[i], comp);
}
__global__ void ksurfwrite(cudaSurfaceObject_t s, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w && y < h) surf2Dwrite(x * 1000 + y * 7 + 1, s, x * 4, y);
}
__global__ void ksurfread(cudaSurfaceObject_t s, const float *u, const float *v, float4 *out, int n, int zero)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = zero ? surf2Dread<int>(s, (int)u[i], (int)v[i], cudaBoundaryModeZero)
                 : surf2Dread<int>(s, (int)u[i], (int)v[i], cudaBoundaryModeClamp);
    out[i] = as4(r);
}

static float hu[MAXN], hv[MAXN], hw[MAXN];
static float *du, *dv, *dw;
static float4 *dout, hout[MAXN];
static FILE *f;
static int n;

static void upload(void)
{
    cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
}

static void emit(const char *name, int dims)
{
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e)); exit(1); }
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s %08x", name, fbits(hu[i]));
        if (dims > 1) fprintf(f, " %08x", fbits(hv[i]));
        if (dims > 2) fprintf(f, " %08x", fbits(hw[i]));
        fprintf(f, " %08x %08x %08x %08x\n", fbits(hout[i].x), fbits(hout[i].y), fbits(hout[i].z), fbits(hout[i].w));
    }
}

static cudaTextureObject_t tex_res(const cudaResourceDesc *r, cudaTextureFilterMode filter, cudaTextureAddressMode mode,
                                   int normalised, cudaTextureReadMode read, float border)
{
    cudaTextureDesc t; memset(&t, 0, sizeof t);
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = mode;
    t.filterMode = filter; t.readMode = read; t.normalizedCoords = normalised;
    t.borderColor[0] = t.borderColor[1] = t.borderColor[2] = t.borderColor[3] = border;
    cudaTextureObject_t o;
    cudaError_t e = cudaCreateTextureObject(&o, r, &t, NULL);
    if (e != cudaSuccess) { fprintf(stderr, "texture object: %s\n", cudaGetErrorString(e)); exit(1); }
    return o;
}

static cudaTextureObject_t tex_array(cudaArray_t a, cudaTextureFilterMode filter, cudaTextureAddressMode mode,
                                     int normalised, cudaTextureReadMode read)
{
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray; r.res.array.array = a;
    return tex_res(&r, filter, mode, normalised, read, 0.0f);
}

static cudaArray_t array1d(cudaChannelFormatDesc c, const void *src, int w, size_t elem)
{
    cudaArray_t a;
    cudaMallocArray(&a, &c, w, 0);
    cudaMemcpy2DToArray(a, 0, 0, src, w * elem, w * elem, 1, cudaMemcpyHostToDevice);
    return a;
}

// a 1-D sweep from -1 to width+1 texels in 1/64 steps, with odd offsets
static void sweep1(int width, float scale)
{
    n = 0;
    for (int k = -64; k < (width + 1) * 64 && n < MAXN; k++, n++) {
        float a = k / 64.0f + ((k & 3) == 3 ? 1.0f / 1024 : 0.0f);
        hu[n] = a * scale; hv[n] = 0; hw[n] = 0;
    }
    upload();
}

int main(int argc, char **argv)
{
    f = fopen(argv[1], "w");
    cudaMalloc(&du, sizeof hu); cudaMalloc(&dv, sizeof hv); cudaMalloc(&dw, sizeof hw); cudaMalloc(&dout, sizeof hout);
    fprintf(f, "# second probe; texel values and sweeps are in tex_probe2.cu\n");

    // normalised reads of every u8 / s8 value and a spread of u16 / s16 values
    {
        unsigned char u8[256]; signed char s8[256]; unsigned short u16[512]; short s16[512];
        for (int i = 0; i < 256; i++) { u8[i] = (unsigned char)i; s8[i] = (signed char)(i - 128); }
        for (int i = 0; i < 512; i++) {
            u16[i] = (unsigned short)(i < 256 ? i : (i * 131 + (i % 7) * 4099) & 0xffff);
            s16[i] = (short)(i < 256 ? i - 128 : ((i * 131 + (i % 7) * 4099) & 0xffff) - 32768);
        }
        struct { const char *name; cudaChannelFormatDesc c; const void *src; int w; size_t e; } fm[] = {
            {"u8_normread", cudaCreateChannelDesc<unsigned char>(), u8, 256, 1},
            {"s8_normread", cudaCreateChannelDesc<signed char>(), s8, 256, 1},
            {"u16_normread", cudaCreateChannelDesc<unsigned short>(), u16, 512, 2},
            {"s16_normread", cudaCreateChannelDesc<short>(), s16, 512, 2},
        };
        for (unsigned k = 0; k < 4; k++) {
            cudaArray_t a = array1d(fm[k].c, fm[k].src, fm[k].w, fm[k].e);
            cudaTextureObject_t o = tex_array(a, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
            n = fm[k].w;
            for (int i = 0; i < n; i++) { hu[i] = i + 0.5f; hv[i] = hw[i] = 0; }
            upload();
            k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit(fm[k].name, 1);
            cudaDestroyTextureObject(o); cudaFreeArray(a);
        }
    }
    // 1-D linear sweeps: f32, u8 normalised, f16
    {
        float t32[8] = {0.0f, 1.0f, -3.5f, 1000.25f, 0.1f, 7.0f, -0.0078125f, 65536.5f};
        unsigned char t8[8] = {0, 255, 1, 254, 17, 128, 127, 3};
        __half t16[8];
        float h16[8] = {0.0f, 1.0f, -3.5f, 1000.5f, 0.099975586f, 7.0f, -0.0078125f, 65504.0f};
        for (int i = 0; i < 8; i++) t16[i] = __float2half(h16[i]);
        cudaArray_t a32 = array1d(cudaCreateChannelDesc<float>(), t32, 8, 4);
        cudaArray_t a8 = array1d(cudaCreateChannelDesc<unsigned char>(), t8, 8, 1);
        cudaArray_t a16 = array1d(cudaCreateChannelDescHalf(), t16, 8, 2);
        cudaTextureObject_t o = tex_array(a32, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
        sweep1(8, 1.0f); k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f32_1d_linear_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a8, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
        k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("u8_1d_linear_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a16, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
        k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f16_1d_linear_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a16, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
        k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f16_1d_point_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a32, cudaFilterModeLinear, cudaAddressModeWrap, 1, cudaReadModeElementType);
        sweep1(8, 1.0f / 8); k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f32_1d_linear_wrap_norm_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a32, cudaFilterModePoint, cudaAddressModeClamp, 1, cudaReadModeElementType);
        sweep1(8, 1.0f / 8); k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f32_1d_point_clamp_norm_sweep", 1);
        cudaDestroyTextureObject(o);
        o = tex_array(a32, cudaFilterModePoint, cudaAddressModeMirror, 1, cudaReadModeElementType);
        sweep1(8, 1.0f / 8); k1<float><<<(n + 127) / 128, 128>>>(o, du, dout, n); emit("f32_1d_point_mirror_norm_sweep", 1);
        cudaDestroyTextureObject(o);
        cudaFreeArray(a32); cudaFreeArray(a8); cudaFreeArray(a16);
    }
    // 3-D sweeps along one axis at a time
    {
        enum { W = 5, H = 4, D = 3 };
        static float t3[D][H][W];
        for (int z = 0; z < D; z++)
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) t3[z][y][x] = x * 1.25f + y * 10.0f + ((x * 7 + y * 3) % 11) * 0.3125f + z * 100.0f + (z == 1 ? 0.375f : 0.0f);
        cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>();
        cudaArray_t a3;
        cudaMalloc3DArray(&a3, &cf, make_cudaExtent(W, H, D));
        cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(t3, W * sizeof(float), W, H); p.dstArray = a3;
        p.extent = make_cudaExtent(W, H, D); p.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&p);
        struct { const char *name; cudaTextureFilterMode fm; cudaTextureAddressMode am; int norm; } m[] = {
            {"f32_3d_linear_clamp_axis", cudaFilterModeLinear, cudaAddressModeClamp, 0},
            {"f32_3d_linear_wrap_norm_axis", cudaFilterModeLinear, cudaAddressModeWrap, 1},
            {"f32_3d_point_wrap_norm_axis", cudaFilterModePoint, cudaAddressModeWrap, 1},
            {"f32_3d_linear_clamp_norm_axis", cudaFilterModeLinear, cudaAddressModeClamp, 1},
        };
        for (unsigned k = 0; k < 4; k++) {
            cudaTextureObject_t o = tex_array(a3, m[k].fm, m[k].am, m[k].norm, cudaReadModeElementType);
            n = 0;
            for (int axis = 0; axis < 3; axis++) {
                int size = axis == 0 ? W : axis == 1 ? H : D;
                for (int s = -32; s < (size + 1) * 32; s += 3) {
                    float c[3] = {2.5f, 1.5f, 1.5f};
                    if (axis != 0) c[0] = 2.25f + (s & 1) * 0.125f;
                    c[axis] = s / 32.0f + ((s & 7) == 5 ? 1.0f / 512 : 0.0f);
                    hu[n] = m[k].norm ? c[0] / W : c[0];
                    hv[n] = m[k].norm ? c[1] / H : c[1];
                    hw[n] = m[k].norm ? c[2] / D : c[2];
                    n++;
                }
            }
            upload();
            k3<float><<<(n + 127) / 128, 128>>>(o, du, dv, dw, dout, n); emit(m[k].name, 3);
            cudaDestroyTextureObject(o);
        }
        cudaFreeArray(a3);
    }
    // 2-D: normalised point near boundaries, pitch-2D linear, layered, int reads, border colour, gather
    {
        enum { W = 5, H = 4 };
        float tf[H][W]; int ti[H][W]; uchar4 t4[H][W];
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                tf[y][x] = x * 1.25f + y * 10.0f + ((x * 7 + y * 3) % 11) * 0.3125f;
                ti[y][x] = x * 1000 - y * 77 + 5;
                t4[y][x] = make_uchar4((x * 53 + y * 29) & 255, (x * 17 + y * 101) & 255, (x * y * 37 + 5) & 255, 255 - x * 40);
            }
        cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(), ci = cudaCreateChannelDesc<int>(), c4 = cudaCreateChannelDesc<uchar4>();
        cudaArray_t af, ai, a4;
        cudaMallocArray(&af, &cf, W, H);
        cudaMemcpy2DToArray(af, 0, 0, tf, W * 4, W * 4, H, cudaMemcpyHostToDevice);
        cudaMallocArray(&ai, &ci, W, H);
        cudaMemcpy2DToArray(ai, 0, 0, ti, W * 4, W * 4, H, cudaMemcpyHostToDevice);
        cudaMallocArray(&a4, &c4, W, H);
        cudaMemcpy2DToArray(a4, 0, 0, t4, W * 4, W * 4, H, cudaMemcpyHostToDevice);

        // normalised point sampling: u just below / at / above each texel boundary
        cudaTextureObject_t o = tex_array(af, cudaFilterModePoint, cudaAddressModeClamp, 1, cudaReadModeElementType);
        n = 0;
        for (int b = 0; b <= W; b++)
            for (int d = -40; d <= 40; d += 1) {
                float u = (float)b / W;
                unsigned ub = fbits(u) + d * 37;
                float uu; memcpy(&uu, &ub, 4);
                if (b == 0) uu = d * 1.0e-6f;
                hu[n] = uu; hv[n] = 0.3f + (d & 3) * 0.25f; hw[n] = 0; n++;
            }
        upload(); k2<float><<<(n + 127) / 128, 128>>>(o, du, dv, dout, n); emit("f32_point_clamp_norm_edges", 2);
        cudaDestroyTextureObject(o);

        // the 2-D case set of the first probe, for the other resources
        n = 96;
        for (int i = 0; i < n; i++) {
            hu[i] = -1.75f + i * (9.5f / n) + (i % 3) * 0.0390625f;
            hv[i] = -1.25f + ((i * 7) % n) * (7.0f / n) + (i % 5) * 0.01171875f;
            hw[i] = (float)((i % 6) - 1);
        }
        upload();
        // pitch-2D linear memory
        float *pitched; size_t pitch;
        cudaMallocPitch((void **)&pitched, &pitch, W * 4, H);
        cudaMemcpy2D(pitched, pitch, tf, W * 4, W * 4, H, cudaMemcpyHostToDevice);
        cudaResourceDesc r; memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypePitch2D; r.res.pitch2D.devPtr = pitched; r.res.pitch2D.desc = cf;
        r.res.pitch2D.width = W; r.res.pitch2D.height = H; r.res.pitch2D.pitchInBytes = pitch;
        o = tex_res(&r, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType, 0.0f);
        k2<float><<<1, 128>>>(o, du, dv, dout, n); emit("f32_pitch2d_linear_clamp", 2);
        cudaDestroyTextureObject(o);
        // border colour 7.5
        memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = af;
        o = tex_res(&r, cudaFilterModePoint, cudaAddressModeBorder, 0, cudaReadModeElementType, 7.5f);
        k2<float><<<1, 128>>>(o, du, dv, dout, n); emit("f32_point_border75", 2);
        cudaDestroyTextureObject(o);
        o = tex_res(&r, cudaFilterModeLinear, cudaAddressModeBorder, 0, cudaReadModeElementType, 7.5f);
        k2<float><<<1, 128>>>(o, du, dv, dout, n); emit("f32_linear_border75", 2);
        cudaDestroyTextureObject(o);
        // integer element reads
        o = tex_array(ai, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
        k2<int><<<1, 128>>>(o, du, dv, dout, n); emit("s32_point_clamp", 2);
        cudaDestroyTextureObject(o);
        o = tex_array(ai, cudaFilterModePoint, cudaAddressModeBorder, 0, cudaReadModeElementType);
        k2<int><<<1, 128>>>(o, du, dv, dout, n); emit("s32_point_border", 2);
        cudaDestroyTextureObject(o);
        // uchar4 normalised: point unnormalised, then gather of each component
        o = tex_array(a4, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
        k2<float4><<<1, 128>>>(o, du, dv, dout, n); emit("u8x4_point_clamp_normread", 2);
        for (int comp = 0; comp < 4; comp++) {
            char name[32]; snprintf(name, sizeof name, "u8x4_gather%d_clamp_normread", comp);
            kgather<<<1, 128>>>(o, du, dv, dout, n, comp); emit(name, 2);
        }
        cudaDestroyTextureObject(o);
        o = tex_array(a4, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
        k2<float4><<<1, 128>>>(o, du, dv, dout, n); emit("u8x4_linear_clamp_normread", 2);
        cudaDestroyTextureObject(o);

        // layered: 3 layers of W x H, layers -1..4
        cudaArray_t al;
        static float tl[3][H][W];
        for (int z = 0; z < 3; z++)
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) tl[z][y][x] = tf[y][x] + z * 100.0f;
        cudaMalloc3DArray(&al, &cf, make_cudaExtent(W, H, 3), cudaArrayLayered);
        cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(tl, W * sizeof(float), W, H); p.dstArray = al;
        p.extent = make_cudaExtent(W, H, 3); p.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&p);
        o = tex_array(al, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);
        klayer<<<1, 128>>>(o, du, dv, dw, dout, n); emit("f32_layered_linear_clamp", 3);
        cudaDestroyTextureObject(o);

        // tex1Dfetch from linear memory: 16 floats, indices -3..20
        float lin[16];
        for (int i = 0; i < 16; i++) lin[i] = i * 3.25f - 7.0f;
        float *dlin; cudaMalloc(&dlin, sizeof lin);
        cudaMemcpy(dlin, lin, sizeof lin, cudaMemcpyHostToDevice);
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = dlin; r.res.linear.desc = cf;
        r.res.linear.sizeInBytes = sizeof lin;
        o = tex_res(&r, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType, 0.0f);
        n = 24;
        for (int i = 0; i < n; i++) { hu[i] = (float)(i - 3); hv[i] = hw[i] = 0; }
        upload();
        kfetch<float><<<1, 32>>>(o, du, dout, n); emit("f32_fetch_linear", 1);
        cudaDestroyTextureObject(o);

        // surfaces: write x*1000+y*7+1 into a 5x4 int surface, read back in and out of range
        cudaArray_t as;
        cudaMallocArray(&as, &ci, W, H, cudaArraySurfaceLoadStore);
        memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = as;
        cudaSurfaceObject_t s; cudaCreateSurfaceObject(&s, &r);
        ksurfwrite<<<H, 32>>>(s, W, H);
        n = 0;
        for (int y = -2; y <= H + 1; y++)
            for (int x = -3; x <= W + 2; x++) { hu[n] = (float)(x * 4); hv[n] = (float)y; hw[n] = 0; n++; }
        upload();
        ksurfread<<<1, 128>>>(s, du, dv, dout, n, 0); emit("s32_surf2d_clamp", 2);
        ksurfread<<<1, 128>>>(s, du, dv, dout, n, 1); emit("s32_surf2d_zero", 2);
        cudaDestroySurfaceObject(s);
    }
    cudaError_t e = cudaDeviceSynchronize();
    fclose(f);
    if (e != cudaSuccess) { fprintf(stderr, "cuda: %s\n", cudaGetErrorString(e)); return 1; }
    return 0;
}
