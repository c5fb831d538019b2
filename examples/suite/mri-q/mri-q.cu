/*
 * MRI-Q (Parboil mri-q, seed 003 Table 21): the Q matrix of non-Cartesian
 * MRI reconstruction, written for gpusim after Parboil's description of the
 * benchmark; the code is the project's own. mriq_phi_magnitude and
 * mriq_accumulate_q model Parboil's ComputePhiMag_GPU and ComputeQ_GPU.
 *
 * Two kernels. mriq_phi_magnitude turns each k-space sample's complex weight
 * into its squared magnitude, one thread a sample. mriq_accumulate_q gives
 * each thread one voxel (its position in three arrays): over the samples
 * first .. first + n_samples - 1, in order, it turns the phase 2 pi (kx x +
 * ky y + kz z) and adds magnitude * cos(phase) to the voxel's real part and
 * magnitude * sin(phase) to its imaginary part. The host launches
 * mriq_accumulate_q once per chunk of samples; the running sums live in
 * global memory between launches. The multiply-adds are written as fmaf so
 * the rounding order is fixed in the source (the same order nvcc's
 * contraction gives the plain expression).
 *
 * Departures from Parboil: Parboil stages each chunk of samples in constant
 * memory before its launch; a workload file cannot write constant memory,
 * so the samples are read from global memory here (all lanes of a warp read
 * the same word). cos and sin are __cosf and __sinf, the special-function
 * unit's approximations.
 */

/* One full turn in radians, as a float (rounds to 0x40C90FDB). */
#define MQ_TURN (2.0f * 3.14159265f)

static __device__ __forceinline__ int mq_thread(void)
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

extern "C" __global__ void mriq_phi_magnitude(const float *re, const float *im, float *mag,
                                              int count)
{
    int s = mq_thread();
    if (s >= count)
        return;
    float a = re[s];
    float b = im[s];
    mag[s] = fmaf(a, a, b * b);
}

/* Phase, in radians, of sample s at voxel (px, py, pz). */
static __device__ __forceinline__ float mq_phase(const float *sx, const float *sy,
                                                 const float *sz, int s, float px, float py,
                                                 float pz)
{
    float dot = fmaf(pz, sz[s], fmaf(px, sx[s], py * sy[s]));
    return MQ_TURN * dot;
}

extern "C" __global__ void mriq_accumulate_q(int n_samples, int first, const float *vx,
                                             const float *vy,
                                             const float *vz, const float *sx, const float *sy,
                                             const float *sz, const float *weight, float *q_re,
                                             float *q_im)
{
    int v = mq_thread();
    float px = vx[v], py = vy[v], pz = vz[v];
    float2 acc = make_float2(q_re[v], q_im[v]);
    for (int left = n_samples, s = first; left > 0; left--, s++) {
        float phase = mq_phase(sx, sy, sz, s, px, py, pz);
        float w = weight[s];
        acc.x = fmaf(w, __cosf(phase), acc.x);
        acc.y = fmaf(w, __sinf(phase), acc.y);
    }
    q_re[v] = acc.x;
    q_im[v] = acc.y;
}
