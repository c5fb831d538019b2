/*
 * Volume rendering (the CUDA SDK's volumeRender; seed 003 Table 7 type A):
 * ray marching through an 8-bit volume with a colour transfer function,
 * both read through filtered textures, in the sample's shape; the project's
 * own code.
 *
 * Thread (x, y) of 16 x 16 blocks casts the ray of its pixel: from the
 * inverse view matrix's origin through (u, v, -2), u and v the pixel's
 * position in [-1, 1]. It intersects the ray with the box [-1, 1]^3 (slab
 * test with the reciprocal direction), and from the near hit (or the eye, if
 * inside) steps by tstep up to maxSteps times: the volume is sampled with
 * tex3D<float> at the position mapped to [0, 1]^3 (normalised coordinates,
 * trilinear filtering, normalised 8-bit reads), the sample indexes the
 * transfer function with tex1D<float4> (linear filtering, normalised
 * coordinates), the colour's alpha is scaled by the density and the colour
 * premultiplied, and it is blended front to back under the sum so far. The
 * march stops when the sum's alpha passes the opacity threshold or the ray
 * leaves the box. The sum times the brightness is clamped, scaled by 255
 * and packed into RGBA8.
 *
 * Departures from the sample: the 3 x 4 inverse view matrix is read from
 * global memory, three float4 rows (the sample copies it to constant
 * memory, which a workload file cannot write); the volume is seeded random
 * bytes where the sample reads Bucky.raw.
 */
struct vec3 {
    float x, y, z;
};

__device__ vec3 make3(float x, float y, float z)
{
    vec3 r = {x, y, z};
    return r;
}

__device__ unsigned int rgbaFloatToInt(float4 rgba)
{
    rgba.x = __saturatef(rgba.x);
    rgba.y = __saturatef(rgba.y);
    rgba.z = __saturatef(rgba.z);
    rgba.w = __saturatef(rgba.w);
    return ((unsigned int)(rgba.w * 255.0f) << 24) | ((unsigned int)(rgba.z * 255.0f) << 16) |
           ((unsigned int)(rgba.y * 255.0f) << 8) | (unsigned int)(rgba.x * 255.0f);
}

extern "C" __global__ void d_render(unsigned int *d_output, unsigned int imageW,
                                    unsigned int imageH, float density, float brightness,
                                    float transferOffset, float transferScale,
                                    const float4 *invViewMatrix, cudaTextureObject_t volume,
                                    cudaTextureObject_t transfer)
{
    const int maxSteps = 500;
    const float tstep = 0.01f;
    const float opacityThreshold = 0.95f;
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= imageW || y >= imageH)
        return;
    float u = (x / (float)imageW) * 2.0f - 1.0f;
    float v = (y / (float)imageH) * 2.0f - 1.0f;

    /* The eye ray in object space: origin M (0,0,0,1), direction M (u,v,-2) normalised. */
    const float4 r0 = invViewMatrix[0], r1 = invViewMatrix[1], r2 = invViewMatrix[2];
    const float m00 = r0.x, m01 = r0.y, m02 = r0.z, m03 = r0.w;
    const float m10 = r1.x, m11 = r1.y, m12 = r1.z, m13 = r1.w;
    const float m20 = r2.x, m21 = r2.y, m22 = r2.z, m23 = r2.w;
    vec3 o = make3(m03, m13, m23);
    vec3 d = make3(u * m00 + v * m01 - 2.0f * m02,
                   u * m10 + v * m11 - 2.0f * m12,
                   u * m20 + v * m21 - 2.0f * m22);
    float invLen = rsqrtf(d.x * d.x + d.y * d.y + d.z * d.z);
    d = make3(d.x * invLen, d.y * invLen, d.z * invLen);

    /* Slab test against [-1, 1]^3. */
    vec3 invR = make3(1.0f / d.x, 1.0f / d.y, 1.0f / d.z);
    vec3 tbot = make3(invR.x * (-1.0f - o.x), invR.y * (-1.0f - o.y), invR.z * (-1.0f - o.z));
    vec3 ttop = make3(invR.x * (1.0f - o.x), invR.y * (1.0f - o.y), invR.z * (1.0f - o.z));
    vec3 tmin = make3(fminf(ttop.x, tbot.x), fminf(ttop.y, tbot.y), fminf(ttop.z, tbot.z));
    vec3 tmax = make3(fmaxf(ttop.x, tbot.x), fmaxf(ttop.y, tbot.y), fmaxf(ttop.z, tbot.z));
    float tnear = fmaxf(fmaxf(tmin.x, tmin.y), fmaxf(tmin.x, tmin.z));
    float tfar = fminf(fminf(tmax.x, tmax.y), fminf(tmax.x, tmax.z));
    if (!(tfar > tnear))
        return;   /* missed the box: the pixel keeps its cleared value */
    if (tnear < 0.0f)
        tnear = 0.0f;

    float4 sum = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float t = tnear;
    vec3 pos = make3(o.x + d.x * tnear, o.y + d.y * tnear, o.z + d.z * tnear);
    vec3 step = make3(d.x * tstep, d.y * tstep, d.z * tstep);
    for (int i = 0; i < maxSteps; i++) {
        float sample = tex3D<float>(volume, pos.x * 0.5f + 0.5f, pos.y * 0.5f + 0.5f,
                                    pos.z * 0.5f + 0.5f);
        float4 col = tex1D<float4>(transfer, (sample - transferOffset) * transferScale);
        col.w *= density;
        col.x *= col.w;   /* premultiplied alpha */
        col.y *= col.w;
        col.z *= col.w;
        float rest = 1.0f - sum.w;
        sum.x += col.x * rest;
        sum.y += col.y * rest;
        sum.z += col.z * rest;
        sum.w += col.w * rest;
        if (sum.w > opacityThreshold)
            break;
        t += tstep;
        if (t > tfar)
            break;
        pos = make3(pos.x + step.x, pos.y + step.y, pos.z + step.z);
    }
    sum.x *= brightness;
    sum.y *= brightness;
    sum.z *= brightness;
    sum.w *= brightness;
    d_output[y * imageW + x] = rgbaFloatToInt(sum);
}
