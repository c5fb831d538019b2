// Runs examples/kernels/texture.cu's kernels on a real GPU with the inputs
// gpusim's tests/workload/texture.gsw made (its buffers dumped by
// --dump-buffers into IN_DIR), with the texture and surface objects that
// workload declares, and writes each output buffer as OUT_DIR/NAME.bin.
//   texture_driver IN_DIR OUT_DIR
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "../../examples/kernels/texture.cu"

static std::string in_dir, out_dir;

static std::vector<unsigned char> load(const char *name, size_t bytes)
{
    std::vector<unsigned char> v(bytes);
    std::string path = in_dir + "/" + name + ".bin";
    FILE *f = fopen(path.c_str(), "rb");
    if (!f || fread(v.data(), 1, bytes, f) != bytes) { fprintf(stderr, "cannot read %s\n", path.c_str()); exit(1); }
    fclose(f);
    return v;
}

static void *device_copy(const std::vector<unsigned char> &v)
{
    void *d;
    cudaMalloc(&d, v.size());
    cudaMemcpy(d, v.data(), v.size(), cudaMemcpyHostToDevice);
    return d;
}

static void *zeros(size_t bytes)
{
    void *d;
    cudaMalloc(&d, bytes);
    cudaMemset(d, 0, bytes);
    return d;
}

static void save(const char *name, const void *d, size_t bytes)
{
    std::vector<unsigned char> v(bytes);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e)); exit(1); }
    cudaMemcpy(v.data(), d, bytes, cudaMemcpyDeviceToHost);
    std::string path = out_dir + "/" + name + ".bin";
    FILE *f = fopen(path.c_str(), "wb");
    fwrite(v.data(), 1, bytes, f);
    fclose(f);
}

// A CUDA array of w x h x d texels (d layers when layered) filled from a buffer.
static cudaArray_t array_of(const std::vector<unsigned char> &texels, cudaChannelFormatDesc c,
                            int w, int h, int d, unsigned flags, size_t texel_bytes)
{
    cudaArray_t a;
    if (d > 1 || (flags & cudaArrayLayered)) {
        cudaMalloc3DArray(&a, &c, make_cudaExtent(w, h, d), flags);
        cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr((void *)texels.data(), w * texel_bytes, w, h);
        p.dstArray = a; p.extent = make_cudaExtent(w, h, d); p.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&p);
    } else {
        cudaMallocArray(&a, &c, w, h, flags);
        cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * texel_bytes, w * texel_bytes, h > 0 ? h : 1,
                            cudaMemcpyHostToDevice);
    }
    return a;
}

static cudaTextureObject_t texture_of(cudaArray_t a, cudaTextureFilterMode filter,
                                      cudaTextureAddressMode mode, int normalised,
                                      cudaTextureReadMode read, float border)
{
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc t; memset(&t, 0, sizeof t);
    t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = mode;
    t.filterMode = filter; t.readMode = read; t.normalizedCoords = normalised;
    t.borderColor[0] = t.borderColor[1] = t.borderColor[2] = t.borderColor[3] = border;
    cudaTextureObject_t o;
    if (cudaCreateTextureObject(&o, &r, &t, NULL) != cudaSuccess) { fprintf(stderr, "texture\n"); exit(1); }
    return o;
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: texture_driver IN_DIR OUT_DIR\n"); return 2; }
    in_dir = argv[1];
    out_dir = argv[2];
    cudaChannelFormatDesc cf = cudaCreateChannelDesc<float>(), c4 = cudaCreateChannelDesc<uchar4>();
    cudaChannelFormatDesc cf2 = cudaCreateChannelDesc<float2>(), ci = cudaCreateChannelDesc<int>();
    float *u = (float *)device_copy(load("U", 512)), *v = (float *)device_copy(load("V", 512));
    float *w = (float *)device_copy(load("W", 512));
    float *un = (float *)device_copy(load("UN", 512)), *vn = (float *)device_copy(load("VN", 512));

    cudaTextureObject_t tf = texture_of(array_of(load("TEXF", 80), cf, 5, 4, 1, 0, 4),
                                        cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType, 0);
    cudaTextureObject_t t4 = texture_of(array_of(load("TEX4", 80), c4, 5, 4, 1, 0, 4),
                                        cudaFilterModeLinear, cudaAddressModeWrap, 1, cudaReadModeNormalizedFloat, 0);
    cudaTextureObject_t tf2 = texture_of(array_of(load("TEXF2", 160), cf2, 5, 4, 1, 0, 8),
                                         cudaFilterModePoint, cudaAddressModeBorder, 0, cudaReadModeElementType, 7.5f);
    cudaTextureObject_t ti = texture_of(array_of(load("TEXI", 80), ci, 5, 4, 1, 0, 4),
                                        cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType, 0);
    cudaTextureObject_t t1 = texture_of(array_of(load("TEX1", 60), cf, 15, 0, 1, 0, 4),
                                        cudaFilterModeLinear, cudaAddressModeMirror, 1, cudaReadModeElementType, 0);
    cudaTextureObject_t t3 = texture_of(array_of(load("TEX3", 240), cf, 5, 4, 3, 0, 4),
                                        cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType, 0);
    cudaTextureObject_t tl = texture_of(array_of(load("TEXL", 240), cf, 5, 4, 3, cudaArrayLayered, 4),
                                        cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType, 0);
    cudaTextureObject_t tlin;
    {
        cudaResourceDesc r; memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = device_copy(load("TEXLIN", 64));
        r.res.linear.desc = cf; r.res.linear.sizeInBytes = 64;
        cudaTextureDesc t; memset(&t, 0, sizeof t);
        t.addressMode[0] = cudaAddressModeClamp; t.filterMode = cudaFilterModePoint;
        t.readMode = cudaReadModeElementType;
        cudaCreateTextureObject(&tlin, &r, &t, NULL);
    }
    cudaSurfaceObject_t sin, sout;
    {
        cudaResourceDesc r; memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeArray;
        r.res.array.array = array_of(load("SURFIN", 80), ci, 5, 4, 1, cudaArraySurfaceLoadStore, 4);
        cudaCreateSurfaceObject(&sin, &r);
        std::vector<unsigned char> zero(80, 0);
        r.res.array.array = array_of(zero, ci, 5, 4, 1, cudaArraySurfaceLoadStore, 4);
        cudaCreateSurfaceObject(&sout, &r);
    }

    void *o = zeros(2048);
    sample2d<<<1, 128>>>(tf, u, v, (float4 *)o, 128); save("O2D", o, 2048);
    sample2d<<<1, 128>>>(t4, un, vn, (float4 *)o, 128); save("O4", o, 2048);
    sample2d<<<1, 128>>>(tf2, u, v, (float4 *)o, 128); save("OF2", o, 2048);
    sample2d_int<<<1, 128>>>(ti, u, v, (int4 *)o, 128); save("OI", o, 2048);
    sample1d<<<1, 128>>>(t1, un, (float4 *)o, 128); save("O1D", o, 2048);
    cudaMemset(o, 0, 2048);
    fetch1d<<<1, 32>>>(tlin, (float4 *)o, 24, -3); save("OLIN", o, 384);
    sample3d<<<1, 128>>>(t3, u, v, w, (float4 *)o, 128); save("O3D", o, 2048);
    sample_layered<<<1, 128>>>(tl, u, v, w, (float4 *)o, 128); save("OL", o, 2048);
    void *g = zeros(8192);
    gather<<<1, 128>>>(t4, un, vn, (float4 *)g, 128); save("OG4", g, 8192);
    gather<<<1, 128>>>(tf, u, v, (float4 *)g, 128); save("OGF", g, 8192);
    int *oz = (int *)zeros(80);
    surface_rw<<<dim3(1, 4), 32>>>(sin, sout, oz, 5, 4, 4);
    save("OZ", oz, 80);
    {
        int host[20];
        cudaResourceDesc r;
        cudaGetSurfaceObjectResourceDesc(&r, sout);
        cudaMemcpy2DFromArray(host, 20, r.res.array.array, 0, 0, 20, 4, cudaMemcpyDeviceToHost);
        std::string path = out_dir + "/SURFOUT.bin";
        FILE *f = fopen(path.c_str(), "wb");
        fwrite(host, 4, 20, f);
        fclose(f);
    }
    return 0;
}
