/*
 * Volume rendering (the CUDA SDK's volumeRender; seed 003 Table 7 type A):
 * ray marching through an 8-bit volume with a colour transfer function,
 * both read through filtered textures, in the sample's shape; the project's
 * own code. vr_march_rays models the sample's d_render kernel.
 *
 * One thread per pixel, 16 x 16 threads a block. A pixel's line of sight
 * starts at the camera (the translation column of the inverse view matrix)
 * and heads along that matrix times (u, v, -2), normalised, where u and v
 * place the pixel in [-1, 1]. Its entry and exit distances through the cube
 * [-1, 1]^3 come from a slab test per axis (multiplying by the heading's
 * reciprocals); a line that misses the cube leaves its pixel as it was.
 * From the entry point (or the camera, when that is inside) the thread takes
 * up to SAMPLE_LIMIT samples SAMPLE_GAP apart: the volume is read with
 * tex3D<float> at the point moved into [0, 1]^3 (normalised coordinates,
 * trilinear filtering, 8-bit texels read as fractions), that value picks a
 * colour from the transfer function with tex1D<float4> (linear filtering,
 * normalised coordinates), the colour's opacity is scaled by the density,
 * and the colour, weighted by that opacity, is composited behind what the
 * pixel holds so far. Sampling ends once the pixel is more opaque than
 * OPAQUE_ENOUGH or the next sample would lie beyond the exit. The result,
 * times the brightness, is clamped to [0, 1] and stored as RGBA8.
 *
 * Departures from the sample: the 3 x 4 inverse view matrix is read from
 * global memory, three float4 rows (the sample copies it to constant
 * memory, which a workload file cannot write); the heading is normalised
 * after the matrix turns it, where the sample normalises (u, v, -2) first
 * (the same ray, rounded differently); the volume is seeded random bytes
 * where the sample reads Bucky.raw.
 */
#define SAMPLE_LIMIT 500
#define SAMPLE_GAP 0.01f
#define OPAQUE_ENOUGH 0.95f

/* A point or a direction in the cube's object space. */
struct xyz {
    float x, y, z;
};

/* A pixel's line of sight: its starting point and unit heading. */
struct sightline {
    xyz from;
    xyz heading;
};

/* The stretch of a sight line inside the cube, as distances along it. */
struct crossing {
    float enter, leave;
};

__device__ static xyz xyz_of(float x, float y, float z)
{
    xyz p = {x, y, z};
    return p;
}

/* The point `dist` along the line (one fused multiply-add per axis). */
__device__ static xyz point_at(const sightline &line, float dist)
{
    return xyz_of(line.heading.x * dist + line.from.x, line.heading.y * dist + line.from.y,
                  line.heading.z * dist + line.from.z);
}

/* Pixel index i of n mapped onto [-1, 1]. */
__device__ static float centred(unsigned int i, unsigned int n)
{
    return (i / (float)n) * 2.0f - 1.0f;
}

/* One row of the 3 x 4 matrix applied to the direction (u, v, -2). */
__device__ static float row_times(float4 row, float u, float v)
{
    return u * row.x + v * row.y - 2.0f * row.z;
}

/* The camera's line of sight through screen point (u, v). */
__device__ static sightline look_through(const float4 *rows, float u, float v)
{
    const float4 a = rows[0], b = rows[1], c = rows[2];
    sightline line;
    line.from = xyz_of(a.w, b.w, c.w);
    xyz h = xyz_of(row_times(a, u, v), row_times(b, u, v), row_times(c, u, v));
    float shrink = rsqrtf(h.x * h.x + h.y * h.y + h.z * h.z);
    line.heading = xyz_of(h.x * shrink, h.y * shrink, h.z * shrink);
    return line;
}

/* Distances at which a line starting at `at`, with reciprocal heading
 * `recip` on this axis, crosses the planes -1 and +1, nearer one first. */
__device__ static void slab(float at, float recip, float &closer, float &farther)
{
    float to_low = recip * (-1.0f - at);
    float to_high = recip * (1.0f - at);
    closer = fminf(to_high, to_low);
    farther = fmaxf(to_high, to_low);
}

/* Where `line` enters and leaves [-1, 1]^3; enter < leave when it meets it. */
__device__ static crossing through_cube(const sightline &line)
{
    float nx, fx, ny, fy, nz, fz;
    slab(line.from.x, 1.0f / line.heading.x, nx, fx);
    slab(line.from.y, 1.0f / line.heading.y, ny, fy);
    slab(line.from.z, 1.0f / line.heading.z, nz, fz);
    crossing c;
    c.enter = fmaxf(nx, fmaxf(ny, nz));
    c.leave = fminf(fx, fminf(fy, fz));
    return c;
}

/* Composite a transfer colour behind `px`: its opacity scaled by
 * `thickness`, its colour weighted by that opacity, all of it attenuated
 * by what `px` lets through. */
__device__ static void behind(float4 &px, float4 tint, float thickness)
{
    float opacity = tint.w * thickness;
    float through = 1.0f - px.w;
    px.x += through * (tint.x * opacity);
    px.y += through * (tint.y * opacity);
    px.z += through * (tint.z * opacity);
    px.w += through * opacity;
}

/* One channel as a byte: scaled, clamped to [0, 1], times 255, truncated. */
__device__ static unsigned int as_byte(float level, float gain)
{
    return (unsigned int)(__saturatef(level * gain) * 255.0f);
}

/* Red in the low byte, alpha in the high one. */
__device__ static unsigned int to_rgba8(float4 px, float gain)
{
    unsigned int word = as_byte(px.w, gain);
    word = (word << 8) | as_byte(px.z, gain);
    word = (word << 8) | as_byte(px.y, gain);
    return (word << 8) | as_byte(px.x, gain);
}

extern "C" __global__ void vr_march_rays(unsigned int *image, unsigned int width,
                                         unsigned int height,
                                         float thickness, float gain, float tf_shift,
                                         float tf_stretch, const float4 *camera,
                                         cudaTextureObject_t field, cudaTextureObject_t palette)
{
    unsigned int ix = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= width || iy >= height)
        return;

    sightline line = look_through(camera, centred(ix, width), centred(iy, height));
    crossing span = through_cube(line);
    if (!(span.leave > span.enter))
        return;   /* misses the cube: the pixel stays as the host cleared it */
    float dist = span.enter < 0.0f ? 0.0f : span.enter;   /* camera inside: start there */

    xyz at = point_at(line, dist);
    const xyz stride = xyz_of(line.heading.x * SAMPLE_GAP, line.heading.y * SAMPLE_GAP,
                              line.heading.z * SAMPLE_GAP);
    float4 px = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    int taken = 0;
    while (taken < SAMPLE_LIMIT) {
        float level = tex3D<float>(field, at.x * 0.5f + 0.5f, at.y * 0.5f + 0.5f,
                                   at.z * 0.5f + 0.5f);
        behind(px, tex1D<float4>(palette, (level - tf_shift) * tf_stretch), thickness);
        ++taken;
        if (px.w > OPAQUE_ENOUGH)
            break;   /* nothing further back would show */
        dist += SAMPLE_GAP;
        if (dist > span.leave)
            break;   /* out of the cube */
        at = xyz_of(stride.x + at.x, stride.y + at.y, stride.z + at.z);
    }
    image[iy * width + ix] = to_rgba8(px, gain);
}
