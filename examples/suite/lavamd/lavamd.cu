/*
 * lavaMD (Rodinia's lavaMD; seed 003 Table 17): particle potentials and
 * forces within a cutoff, over a 3-D grid of boxes, in the benchmark's
 * shape; the project's own code. lava_box_forces models the benchmark's
 * kernel_gpu_cuda.
 *
 * The space is a grid of boxes, each holding parPerBox particles (position
 * and a v term in a four-vector, a charge). A block of threads takes one
 * home box: it stages the home box's particles in shared memory, then for
 * the home box and each of its (up to 26) neighbours stages that box's
 * particles and charges, and each thread, for each of its home particles,
 * adds every staged particle's contribution: r2 = v_i + v_j - dot(r_i, r_j),
 * u2 = a2 r2 with a2 = 2 alpha^2, vij = exp(-u2) (expf in full precision),
 * fs = 2 vij, the potential qj vij and the force qj fs (r_i - r_j).
 *
 * lava_link_boxes builds the box table the benchmark builds on the host: per
 * box its particle offset, neighbour count and neighbour list, the neighbours
 * in z, y, x order of the offsets -1..1 skipping the box itself.
 * lava_seed_particles turns seeded random integers into the benchmark's
 * inputs, (r % 10 + 1) / 10 for each coordinate, v and charge.
 *
 * Departures from the benchmark: those two first kernels do the benchmark's
 * host set-up (a workload file has no host code for it); the particle count
 * per box is a kernel parameter (the benchmark fixes 100 with blocks of 128
 * threads), so the small size can put 343 boxes on the GPU with a run of
 * seconds; `fp` is float.
 */
#define MAX_PAR_PER_BOX 128

struct four_vector {
    float v, x, y, z;
};

struct box_entry {
    int offset;     /* first particle */
    int nn;         /* neighbours */
    int nei[26];    /* neighbour box numbers */
};

extern "C" __global__ void lava_link_boxes(box_entry *boxes, int boxes1d, int parPerBox)
{
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    int n = boxes1d * boxes1d * boxes1d;
    if (b >= n)
        return;
    int x = b % boxes1d, y = (b / boxes1d) % boxes1d, z = b / (boxes1d * boxes1d);
    int nn = 0;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy, nz = z + dz;
                if ((dx != 0 || dy != 0 || dz != 0) && nx >= 0 && nx < boxes1d && ny >= 0 &&
                    ny < boxes1d && nz >= 0 && nz < boxes1d)
                    boxes[b].nei[nn++] = (nz * boxes1d + ny) * boxes1d + nx;
            }
    boxes[b].nn = nn;
    boxes[b].offset = b * parPerBox;
}

extern "C" __global__ void lava_seed_particles(four_vector *rv, float *qv, const unsigned int *raw,
                                               int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    rv[i].v = (raw[5 * i + 0] % 10 + 1) / 10.0f;
    rv[i].x = (raw[5 * i + 1] % 10 + 1) / 10.0f;
    rv[i].y = (raw[5 * i + 2] % 10 + 1) / 10.0f;
    rv[i].z = (raw[5 * i + 3] % 10 + 1) / 10.0f;
    qv[i] = (raw[5 * i + 4] % 10 + 1) / 10.0f;
}

/* A home particle's potential and force, added up over every staged particle. */
__device__ four_vector accumulate(four_vector acc, const four_vector home,
                                  const four_vector *staged, const float *charge, int count,
                                  float twoAlpha2)
{
    for (int s = 0; s < count; s++) {
        const four_vector other = staged[s];
        const float dist2 = home.v + other.v -
                            (home.x * other.x + home.y * other.y + home.z * other.z);
        const float potential = expf(-(twoAlpha2 * dist2));
        const float pull = 2.0f * potential;
        acc.v += charge[s] * potential;
        acc.x += charge[s] * (pull * (home.x - other.x));
        acc.y += charge[s] * (pull * (home.y - other.y));
        acc.z += charge[s] * (pull * (home.z - other.z));
    }
    return acc;
}

extern "C" __global__ void lava_box_forces(float alpha, int numberBoxes, int parPerBox,
                                           const box_entry *boxes, const four_vector *rv,
                                           const float *qv, four_vector *fv)
{
    __shared__ four_vector homeParticles[MAX_PAR_PER_BOX];
    __shared__ four_vector stagedParticles[MAX_PAR_PER_BOX];
    __shared__ float stagedCharges[MAX_PAR_PER_BOX];
    const int home = blockIdx.x;
    if (home >= numberBoxes)
        return;
    const float twoAlpha2 = 2.0f * alpha * alpha;
    const int homeFirst = boxes[home].offset;
    for (int p = threadIdx.x; p < parPerBox; p += blockDim.x)
        homeParticles[p] = rv[homeFirst + p];
    __syncthreads();

    /* the home box itself, then its neighbours, one staged at a time */
    for (int n = 0; n <= boxes[home].nn; n++) {
        const int source = n == 0 ? home : boxes[home].nei[n - 1];
        const int sourceFirst = boxes[source].offset;
        for (int p = threadIdx.x; p < parPerBox; p += blockDim.x) {
            stagedParticles[p] = rv[sourceFirst + p];
            stagedCharges[p] = qv[sourceFirst + p];
        }
        __syncthreads();
        for (int p = threadIdx.x; p < parPerBox; p += blockDim.x)
            fv[homeFirst + p] = accumulate(fv[homeFirst + p], homeParticles[p], stagedParticles,
                                           stagedCharges, parPerBox, twoAlpha2);
        __syncthreads();
    }
}
