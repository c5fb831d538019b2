/*
 * Ray tracing (seed 003 Table 7 type C and Table 12, GPU Low network
 * intensity, 5.9 packets per kilo-cycle): gpusim's own Whitted-style ray
 * tracer, the project's own code. Seed 003 names "raytracing" among its GPU
 * benchmarks without giving its source or describing its algorithm; this
 * module is gpusim's stand-in of the kind GPU benchmark suites carried (for
 * instance GPGPU-Sim's ISPASS-2009 RAY): compute-bound, with little memory
 * traffic, as the seed's tables report (a few scene words every thread of a
 * warp reads at once, one word written per pixel). Its tracing kernel,
 * rt_trace_pixels, plays the part of a suite's render kernel (RAY's name).
 *
 * Thread (x, y) of 16 x 16 blocks owns one pixel. Its primary ray leaves
 * the camera (scene[0].xyz) through (u, v, -focal), u in [-aspect, aspect]
 * and v in [-1, 1] at the pixel's centre, normalised with rsqrtf. For up to
 * MAX_DEPTH bounces the ray is tested against every sphere (the quadratic
 * with sqrtf, the nearer root beyond EPSILON) and the ground plane y =
 * scene[2].x (one division); a miss adds the sky's gradient and ends the
 * path. At a hit the normal is (p - centre) / radius for a sphere, (0, 1, 0)
 * for the plane, whose colour is a unit checkerboard (floorf of x and z).
 * The point light (scene[1].xyz) gives an ambient term (scene[1].w); if the
 * surface faces the light, a shadow ray from p nudged along the normal is
 * tested against the spheres up to the light's distance, and an unshadowed
 * point adds Lambert's term and a specular term: the mirror direction of
 * the light about the normal dotted with the view direction, to the 16th
 * power by 16 multiplications, times scene[2].z. The shade is weighted by
 * the path's attenuation times (1 - reflectivity), the attenuation
 * multiplied by the reflectivity, and a reflecting surface sends the ray on
 * in its mirror direction; a matte one ends the path. The colour is
 * clamped, scaled by 255 and packed into RGBA8 with alpha 255.
 *
 * The scene is a small array in global memory that a first, one-thread
 * kernel (buildScene) writes: three float4 of camera, light and plane
 * parameters, then two float4 per sphere (centre and radius; colour and
 * reflectivity); eight spheres, and rt_trace_pixels takes their count as an
 * argument. (A workload file could write it with set lines, but its 76
 * words pass the workload format's limit of 64 set and launch lines.)
 * There is no original to depart from; the choices a suite's ray tracer
 * might make differently are the scene's size and its being read from
 * global memory (an original might keep it in constant memory, which a
 * workload file cannot write).
 */
#define MAX_DEPTH 3
#define EPSILON 1e-3f
#define FAR 1e20f
#define SPEC_EXP 16

struct vec3 {
    float x, y, z;
};

__device__ vec3 make3(float x, float y, float z)
{
    vec3 r = {x, y, z};
    return r;
}

__device__ float dot3(vec3 a, vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* The nearer intersection of ray o + t d (d of unit length) with sphere s
 * (centre xyz, radius w) beyond EPSILON, or FAR. */
__device__ float hitSphere(float4 s, vec3 o, vec3 d)
{
    vec3 oc = make3(o.x - s.x, o.y - s.y, o.z - s.z);
    float b = dot3(oc, d);
    float c = dot3(oc, oc) - s.w * s.w;
    float disc = b * b - c;
    if (disc <= 0.0f)
        return FAR;
    float root = sqrtf(disc);
    float t = -b - root;
    if (t < EPSILON)
        t = -b + root;
    return t < EPSILON ? FAR : t;
}

/* The scene: camera (x, y, z, focal length), light (x, y, z, ambient),
 * plane (height, reflectivity, specular strength, unused), then per sphere
 * (centre x, y, z, radius) and (red, green, blue, reflectivity). */
extern "C" __global__ void buildScene(float4 *scene)
{
    if (blockIdx.x != 0 || threadIdx.x != 0)
        return;
    scene[0] = make_float4(0.0f, 1.5f, 6.0f, 2.0f);
    scene[1] = make_float4(4.0f, 8.0f, 6.0f, 0.1f);
    scene[2] = make_float4(0.0f, 0.25f, 0.6f, 0.0f);
    scene[3] = make_float4(0.0f, 1.0f, 0.0f, 1.0f);
    scene[4] = make_float4(0.9f, 0.2f, 0.2f, 0.3f);
    scene[5] = make_float4(-2.2f, 0.7f, 0.5f, 0.7f);
    scene[6] = make_float4(0.2f, 0.8f, 0.3f, 0.2f);
    scene[7] = make_float4(2.1f, 0.8f, -0.3f, 0.8f);
    scene[8] = make_float4(0.25f, 0.35f, 0.9f, 0.4f);
    scene[9] = make_float4(-0.9f, 0.4f, 2.2f, 0.4f);
    scene[10] = make_float4(0.9f, 0.8f, 0.2f, 0.0f);
    scene[11] = make_float4(1.1f, 0.35f, 2.0f, 0.35f);
    scene[12] = make_float4(0.8f, 0.4f, 0.9f, 0.5f);
    scene[13] = make_float4(0.3f, 2.6f, -2.5f, 0.6f);
    scene[14] = make_float4(0.9f, 0.9f, 0.9f, 0.7f);
    scene[15] = make_float4(-1.5f, 2.2f, -3.0f, 0.9f);
    scene[16] = make_float4(0.6f, 0.5f, 0.3f, 0.0f);
    scene[17] = make_float4(3.5f, 1.2f, -4.0f, 1.2f);
    scene[18] = make_float4(0.3f, 0.7f, 0.7f, 0.3f);
}

__device__ unsigned int channel(float c)
{
    return (unsigned int)(__saturatef(c) * 255.0f);
}

extern "C" __global__ void rt_trace_pixels(unsigned int *out, int width, int height,
                                           const float4 *scene, int nspheres)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    const float4 cam = scene[0], light = scene[1], plane = scene[2];
    const float4 *spheres = scene + 3;

    float aspect = (float)width / (float)height;
    float u = ((2.0f * x + 1.0f) / width - 1.0f) * aspect;
    float v = 1.0f - (2.0f * y + 1.0f) / height;
    vec3 o = make3(cam.x, cam.y, cam.z);
    vec3 d = make3(u, v, -cam.w);
    float invLen = rsqrtf(dot3(d, d));
    d = make3(d.x * invLen, d.y * invLen, d.z * invLen);

    vec3 col = make3(0.0f, 0.0f, 0.0f);
    float atten = 1.0f;
#pragma unroll 1
    for (int depth = 0; depth < MAX_DEPTH; depth++) {
        /* The nearest hit: spheres, then the ground plane. */
        float tmin = FAR;
        int hit = -1;
        for (int i = 0; i < nspheres; i++) {
            float t = hitSphere(spheres[2 * i], o, d);
            if (t < tmin) {
                tmin = t;
                hit = i;
            }
        }
        if (d.y < 0.0f) {
            float t = (plane.x - o.y) / d.y;
            if (t > EPSILON && t < tmin) {
                tmin = t;
                hit = nspheres;
            }
        }
        if (hit < 0) {
            /* The sky: white at the horizon to blue overhead. */
            float s = 0.5f * (d.y + 1.0f);
            col.x += atten * (1.0f - 0.5f * s);
            col.y += atten * (1.0f - 0.3f * s);
            col.z += atten;
            break;
        }

        vec3 p = make3(o.x + d.x * tmin, o.y + d.y * tmin, o.z + d.z * tmin);
        vec3 n, base;
        float refl;
        if (hit == nspheres) {
            n = make3(0.0f, 1.0f, 0.0f);
            int check = ((int)floorf(p.x) + (int)floorf(p.z)) & 1;
            float g = check ? 0.9f : 0.2f;
            base = make3(g, g, g);
            refl = plane.y;
        } else {
            float4 s = spheres[2 * hit], m = spheres[2 * hit + 1];
            n = make3((p.x - s.x) / s.w, (p.y - s.y) / s.w, (p.z - s.z) / s.w);
            base = make3(m.x, m.y, m.z);
            refl = m.w;
        }

        /* The point light: ambient, then a shadow ray, Lambert and specular. */
        vec3 l = make3(light.x - p.x, light.y - p.y, light.z - p.z);
        float dist2 = dot3(l, l);
        float invDist = rsqrtf(dist2);
        float dist = dist2 * invDist;
        l = make3(l.x * invDist, l.y * invDist, l.z * invDist);
        float ndotl = dot3(n, l);
        vec3 shade = make3(base.x * light.w, base.y * light.w, base.z * light.w);
        vec3 q = make3(p.x + n.x * EPSILON, p.y + n.y * EPSILON, p.z + n.z * EPSILON);
        if (ndotl > 0.0f) {
            bool lit = true;
            for (int i = 0; i < nspheres; i++) {
                if (hitSphere(spheres[2 * i], q, l) < dist) {
                    lit = false;
                    break;
                }
            }
            if (lit) {
                vec3 r = make3(2.0f * ndotl * n.x - l.x, 2.0f * ndotl * n.y - l.y,
                               2.0f * ndotl * n.z - l.z);
                float rv = -dot3(r, d);
                float spec = 0.0f;
                if (rv > 0.0f) {
                    spec = 1.0f;
                    for (int k = 0; k < SPEC_EXP; k++)
                        spec *= rv;
                }
                spec *= plane.z;
                shade.x += base.x * ndotl + spec;
                shade.y += base.y * ndotl + spec;
                shade.z += base.z * ndotl + spec;
            }
        }
        float w = atten * (1.0f - refl);
        col.x += shade.x * w;
        col.y += shade.y * w;
        col.z += shade.z * w;
        atten *= refl;
        if (!(refl > 0.0f))
            break;

        /* Reflect: the mirror direction from the nudged hit point. */
        float dn = 2.0f * dot3(d, n);
        d = make3(d.x - dn * n.x, d.y - dn * n.y, d.z - dn * n.z);
        o = q;
    }
    out[y * width + x] = 0xFF000000u | (channel(col.z) << 16) | (channel(col.y) << 8) |
                         channel(col.x);
}
