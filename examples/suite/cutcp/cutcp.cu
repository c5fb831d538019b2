/*
 * CUTCP (Parboil cutcp, seed 003 Table 17, Table 21 CC): the cutoff
 * Coulombic potential on a 3-D lattice of spacing h, in the shape of
 * Parboil's CUDA kernel (cuda_cutoff_potential_lattice6overlap), which
 * cutcp_lattice_potential models; the project's own code.
 *
 * Atoms live in cubic bins of 4 A, CP_BIN_SLOTS = 8 slots of (x, y, z, q) a
 * bin (empty slots q = 0, after the atoms), with c bins of padding on every
 * side. The lattice is cut into regions of 8 x 8 x 8 points, one region a
 * block of 8 x 2 x 8 threads; each thread owns the points (x, y + 2 h k, z),
 * k = 0..3. The host launches the kernel once per z row of regions on a
 * (xRegionDim, yRegionDim) grid. A block walks the neighbour list of bin
 * offsets around its region's bin 32 bins at a time: each half-warp copies up
 * to 4 bins (32 floats, two coalesced loads of 16) into a shared-memory
 * cache, then every thread loops over the cached bins' atoms until q == 0,
 * skips an atom whose dx^2 + dz^2 reaches the cutoff (Parboil's optional
 * cylinder check, taken here), and for each of its
 * four points within the cutoff adds q * rsqrtf(r2) * s * s,
 * s = 1 - r2 / cutoff^2.
 *
 * Departures: Parboil keeps the neighbour list and its length in constant
 * memory, filled by the host; a workload file cannot write constant memory,
 * so a first one-thread kernel, cutcp_neighbour_offsets, computes the list into
 * global memory (the offsets in [-c, c]^3 whose squared length in bin units
 * times CP_BIN_EDGE^2 is below (cutoff + sqrt(3) CP_BIN_EDGE)^2, k, j, i
 * order) and the potential kernel reads it there (a half-warp one int3
 * at a time). Parboil reads atoms from a PQR file and bins them on the host
 * (bins that overflow go to a CPU pass); here cutcp_bin_atoms lays out the bins
 * from seeded random numbers: bin (i, j, k) of the lattice's extent holds
 * count[bin] atoms (drawn in the workload file within CP_BIN_SLOTS, so no bin
 * overflows), each at a random position inside the bin with a random
 * charge, alternately negative and positive; padding bins are empty. The
 * CPU's exclusion removal after the kernel is left out. The region
 * address and the region's bin index are registers where Parboil writes
 * them to shared variables; __mul24 is a plain multiply. The kernel takes
 * the bins' base address and the padding c and forms the address of bin
 * (0, 0, 0) itself, since a workload file passes a buffer by its base.
 */
#define CP_BIN_SLOTS 8    /* atom slots a bin */
#define BIN_FLOATS 32     /* floats a bin: CP_BIN_SLOTS x (x, y, z, q) */
#define BIN_FLOAT_SHIFT 5
#define CACHE_BINS 32     /* bins cached in shared memory at a time */
#define CP_BIN_EDGE 4.f
#define CP_INV_BIN_EDGE (1.f / CP_BIN_EDGE)
#define REGION_POINTS 512 /* 8 x 8 x 8 lattice points */

/* The neighbour list Parboil's host builds, by one thread: every bin offset
 * (dx, dy, dz) in [-pad, pad]^3, z slowest, whose centre distance in bin
 * lengths, squared, stays below (cutoff + the bin's diagonal)^2. */
extern "C" __global__ void cutcp_neighbour_offsets(int pad, float cutoff, int3 *offsets,
                                                   int *offsetCount)
{
    const float reach = cutoff + sqrtf(3.f) * CP_BIN_EDGE;
    const float reach2 = reach * reach;
    int n = 0;
    for (int dz = -pad; dz <= pad; dz++)
        for (int dy = -pad; dy <= pad; dy++)
            for (int dx = -pad; dx <= pad; dx++) {
                const int cells2 = dx * dx + dy * dy + dz * dz;
                if (cells2 * CP_BIN_EDGE * CP_BIN_EDGE < reach2)
                    offsets[n++] = make_int3(dx, dy, dz);
            }
    *offsetCount = n;
}

/* The binned atoms: one thread per slot of every bin, padding included. */
extern "C" __global__ void cutcp_bin_atoms(int binDim_x, int binDim_y, int c, int nbx, int nby,
                                           int nbz, int nslots, const int *count, const float4 *u,
                                           const float *q, float4 *bins)
{
    int slot = blockIdx.x * blockDim.x + threadIdx.x;
    if (slot < nslots) {
        int bin = slot / CP_BIN_SLOTS, a = slot % CP_BIN_SLOTS;
        int i = bin % binDim_x - c, j = bin / binDim_x % binDim_y - c;
        int k = bin / (binDim_x * binDim_y) - c;
        float4 p = make_float4(0.f, 0.f, 0.f, 0.f);
        if (i >= 0 && i < nbx && j >= 0 && j < nby && k >= 0 && k < nbz && a < count[bin]) {
            float4 r = u[slot];
            p.x = (i + r.x) * CP_BIN_EDGE;
            p.y = (j + r.y) * CP_BIN_EDGE;
            p.z = (k + r.z) * CP_BIN_EDGE;
            p.w = (a & 1) ? q[slot] : -q[slot];
        }
        bins[slot] = p;
    }
}

extern "C" __global__ void cutcp_lattice_potential(int binsX, int binsY, const float4 *bins,
                                                   int pad, float h, float cutoff2,
                                                   float invCutoff2, float *lattice, int regionZ,
                                                   const int3 *neighbours,
                                                   const int *neighbourCount)
{
    __shared__ float cache[CACHE_BINS * BIN_FLOATS];
    const int rx = blockIdx.x, ry = blockIdx.y;
    const int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const int halfWarp = t >> 4, lane16 = t & 15;
    const int count = neighbourCount[0];
    /* bin (0, 0, 0) of the lattice, past the padding */
    const float *origin = (const float *)(bins + ((pad * binsY + pad) * binsX + pad) * CP_BIN_SLOTS);
    float *region = lattice + ((regionZ * gridDim.y + ry) * gridDim.x + rx) * REGION_POINTS;
    const float px = (8 * rx + threadIdx.x) * h;
    const float py = (8 * ry + threadIdx.y) * h;
    const float pz = (8 * regionZ + threadIdx.z) * h;
    /* the bin holding the region's centre */
    const int homeX = (int)floorf((8 * rx + 4) * h * CP_INV_BIN_EDGE);
    const int homeY = (int)floorf((8 * ry + 4) * h * CP_INV_BIN_EDGE);
    const int homeZ = (int)floorf((8 * regionZ + 4) * h * CP_INV_BIN_EDGE);
    float energy[4] = {0.f, 0.f, 0.f, 0.f};
    int next = halfWarp;   /* the neighbour entry this half-warp copies next */

    for (int done = 0; done < count; done += CACHE_BINS) {
        /* each half-warp copies up to 4 bins, 8 entries apart, 16 floats a load */
        int slot = BIN_FLOATS * halfWarp;
        for (int b = 0; b < 4 && next < count; b++, next += 8) {
            const int3 o = neighbours[next];
            const float *src = origin + ((((homeZ + o.z) * binsY + homeY + o.y) * binsX +
                                          homeX + o.x) << BIN_FLOAT_SHIFT);
            cache[slot + lane16] = src[lane16];
            cache[slot + lane16 + 16] = src[lane16 + 16];
            slot += 8 * BIN_FLOATS;
        }
        __syncthreads();

        const int cached = count - done < CACHE_BINS ? count - done : CACHE_BINS;
        for (int b = 0; b < cached; b++) {
            for (int a = 0; a < CP_BIN_SLOTS; a++) {
                const float *atom = &cache[b * BIN_FLOATS + a * 4];
                const float q = atom[3];
                if (q == 0.f)
                    break;   /* the bin's atoms come first: the rest are empty */
                const float dx = atom[0] - px, dz = atom[2] - pz;
                const float dxz2 = dx * dx + dz * dz;
                if (dxz2 >= cutoff2)
                    continue;
                float dy = atom[1] - py;
#pragma unroll
                for (int k = 0; k < 4; k++) {   /* the thread's points 2 h apart in y */
                    const float r2 = dy * dy + dxz2;
                    if (r2 < cutoff2) {
                        const float s = 1.f - r2 * invCutoff2;
                        energy[k] += q * rsqrtf(r2) * s * s;
                    }
                    dy -= 2.0f * h;
                }
            }
        }
        __syncthreads();
    }

    for (int k = 0; k < 4; k++)
        region[halfWarp * 64 + lane16 + 16 * k] = energy[k];
}
