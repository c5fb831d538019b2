/*
 * Eigenvalues (the CUDA SDK's eigenvalues sample, seed 003 Table 21, EV):
 * every eigenvalue of a symmetric tridiagonal matrix by bisection, in the
 * shape of the SDK's small-matrix kernel; the project's own code.
 *
 * A matrix of order n is its diagonal d[0..n-1] and its off-diagonal s,
 * s[i] coupling rows i-1 and i (the SDK's shifted storage; s[0] is not
 * part of the matrix and is read as 0). gerschgorin bounds the spectrum
 * of each matrix by the Gerschgorin discs, widened by a few rounding
 * errors. bisectKernel then finds all n eigenvalues of one matrix in one
 * block: a list of intervals [left, right) with the Sturm counts of their
 * ends lives in shared memory, starting as the one interval
 * [lg, ug) (counts 0 and n). Each step every thread takes one interval
 * that has not converged, counts the eigenvalues below its midpoint with
 * the Sturm recurrence delta = d[k] - x - s[k]^2 / delta over the matrix
 * (d and s staged in shared memory, in the space the interval bounds left
 * for the count), and keeps the halves that hold eigenvalues: the first
 * in its own slot and, when both do, the second appended to the list
 * through an exclusive scan (up-sweep and down-sweep) of the threads'
 * flags in shared memory. An interval whose width is at most precision
 * times its larger end (or 5e-37) converges to its midpoint; a converged
 * interval holding several eigenvalues (a multiple one to working
 * precision) is split into two by count until each holds one. When every
 * interval holds one converged eigenvalue the block writes the list:
 * left[i] the eigenvalue and left_count[i] its index in ascending order.
 *
 * Departures: the SDK solves one matrix per run (the small kernel in one
 * block for n <= 512, else bisectKernelLarge, then the OneIntervals and
 * MultIntervals kernels); here a grid of blocks solves as many
 * independent matrices, one block each with the small kernel, so the
 * launch fills the GPU, and the large-matrix path is not modelled. The
 * block has as many threads as the matrix has rows (the SDK: 512 for any
 * n <= 512). The SDK computes the Gerschgorin interval on the host and
 * passes it as arguments; a workload file cannot, so a first kernel (a
 * thread per matrix, the host loop) computes it into global memory. The
 * inputs are seeded random values, as the SDK draws random ones.
 */
#define MAX_THREADS 512
#define MIN_ABS_INTERVAL 5.0e-37f
#define FLT_EPS 1.192092896e-07f

/* Midpoint of [left, right] without overflow where both have one sign. */
__device__ __forceinline__ float midpoint(float left, float right)
{
    if ((left < 0.0f) != (right < 0.0f))
        return (left + right) * 0.5f;
    return left + (right - left) * 0.5f;
}

extern "C" __global__ void gerschgorin(const float *g_d, const float *g_s, unsigned int n,
                                       unsigned int num_matrices, float *g_lg, float *g_ug)
{
    unsigned int m = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= num_matrices)
        return;
    const float *d = g_d + m * n, *s = g_s + m * n;
    float lg = 3.402823466e+38f, ug = -3.402823466e+38f;
    float prev = 0.0f;
    for (unsigned int i = 0; i < n; i++) {
        float next = (i + 1 < n) ? fabsf(s[i + 1]) : 0.0f;
        float radius = prev + next;
        lg = fminf(lg, d[i] - radius);
        ug = fmaxf(ug, d[i] + radius);
        prev = next;
    }
    float bnorm = fmaxf(fabsf(lg), fabsf(ug));
    float psi = 11.0f * FLT_EPS * bnorm;
    float widen = bnorm * 2.0f * (float)n * FLT_EPS;
    lg = lg - widen - psi;
    ug = ug + widen + psi;
    g_lg[m] = lg;
    g_ug[m] = fmaxf(lg, ug);
}

/* Interval [left, right] with counts into slot addr; converged to its
 * midpoint when narrow enough. */
__device__ __forceinline__ void store_interval(unsigned int addr, float *s_left, float *s_right,
                                               unsigned int *s_left_count,
                                               unsigned int *s_right_count, float left,
                                               float right, unsigned int left_count,
                                               unsigned int right_count, float precision)
{
    s_left_count[addr] = left_count;
    s_right_count[addr] = right_count;
    float width = fabsf(right - left);
    float tol = fmaxf(fabsf(left), fabsf(right)) * precision;
    if (width <= fmaxf(MIN_ABS_INTERVAL, tol)) {
        float lambda = midpoint(left, right);
        s_left[addr] = lambda;
        s_right[addr] = lambda;
    } else {
        s_left[addr] = left;
        s_right[addr] = right;
    }
}

extern "C" __global__ void bisectKernel(const float *g_d, const float *g_s, unsigned int n,
                                        const float *g_lg, const float *g_ug, float *g_left,
                                        unsigned int *g_left_count, float precision)
{
    __shared__ float s_left[MAX_THREADS];
    __shared__ float s_right[MAX_THREADS];
    __shared__ unsigned int s_left_count[MAX_THREADS];
    __shared__ unsigned int s_right_count[MAX_THREADS];
    __shared__ unsigned int s_scan[MAX_THREADS + 1];
    __shared__ unsigned int num_active, num_scan, all_converged, second_chunk;

    const unsigned int tid = threadIdx.x;
    const unsigned int base = blockIdx.x * n;
    float *s_d = s_left, *s_s = s_right;   /* the matrix, while bounds sit in registers */
    float left = 0.0f, right = 0.0f, mid = 0.0f;
    unsigned int left_count = 0, right_count = 0, mid_count = 0;
    unsigned int second;

    if (tid == 0) {
        s_left[0] = g_lg[blockIdx.x];
        s_right[0] = g_ug[blockIdx.x];
        s_left_count[0] = 0;
        s_right_count[0] = n;
        num_active = 1;
        num_scan = 1;
    }

    for (;;) {
        s_scan[tid] = 0;
        if (tid == 0) {
            s_scan[blockDim.x] = 0;
            all_converged = 1;
            second_chunk = 0;
        }
        __syncthreads();

        /* Take this thread's interval. */
        if (tid < num_active) {
            left = s_left[tid];
            right = s_right[tid];
            left_count = s_left_count[tid];
            right_count = s_right_count[tid];
            if (left != right) {
                mid = midpoint(left, right);
                all_converged = 0;
            } else if (right_count - left_count > 1) {
                all_converged = 0;
            }
        }
        __syncthreads();
        if (all_converged)
            break;

        /* Stage the matrix and count the eigenvalues below mid. */
        if (tid < n) {
            s_d[tid] = g_d[base + tid];
            s_s[tid] = (tid == 0) ? 0.0f : g_s[base + tid];
        }
        __syncthreads();
        mid_count = 0;
        if (tid < num_active && left != right) {
            float delta = 1.0f;
            for (unsigned int k = 0; k < n; k++) {
                delta = s_d[k] - mid - (s_s[k] * s_s[k]) / delta;
                mid_count += (delta < 0.0f) ? 1 : 0;
            }
        }
        __syncthreads();

        /* Keep the non-empty halves: the first in place, a second flagged. */
        second = 0;
        if (tid < num_active) {
            if (left != right) {
                if (left_count != mid_count && mid_count != right_count) {
                    store_interval(tid, s_left, s_right, s_left_count, s_right_count, left, mid,
                                   left_count, mid_count, precision);
                    second = 1;
                } else if (left_count != mid_count) {
                    store_interval(tid, s_left, s_right, s_left_count, s_right_count, left, mid,
                                   left_count, mid_count, precision);
                } else {
                    store_interval(tid, s_left, s_right, s_left_count, s_right_count, mid, right,
                                   mid_count, right_count, precision);
                }
            } else {
                /* Converged; several eigenvalues here are split by count. */
                unsigned int half = (right_count - left_count) >> 1;
                s_left[tid] = left;
                s_right[tid] = left;
                s_left_count[tid] = left_count;
                if (half > 0) {
                    mid_count = left_count + half;
                    mid = left;
                    right = left;
                    s_right_count[tid] = mid_count;
                    second = 1;
                } else {
                    s_right_count[tid] = right_count;
                }
            }
            if (second) {
                s_scan[tid] = 1;
                second_chunk = 1;
            }
        }
        __syncthreads();

        if (second_chunk) {
            /* Exclusive scan of the flags over num_scan (a power of two). */
            unsigned int offset = 1, d;
            for (d = num_scan >> 1; d > 0; d >>= 1) {
                __syncthreads();
                if (tid < d) {
                    unsigned int ai = offset * (2 * tid + 1) - 1;
                    unsigned int bi = offset * (2 * tid + 2) - 1;
                    s_scan[bi] += s_scan[ai];
                }
                offset <<= 1;
            }
            __syncthreads();
            if (tid == 0) {
                s_scan[num_scan] = s_scan[num_scan - 1];
                s_scan[num_scan - 1] = 0;
            }
            for (d = 1; d < num_scan; d <<= 1) {
                offset >>= 1;
                __syncthreads();
                if (tid < d) {
                    unsigned int ai = offset * (2 * tid + 1) - 1;
                    unsigned int bi = offset * (2 * tid + 2) - 1;
                    unsigned int t = s_scan[ai];
                    s_scan[ai] = s_scan[bi];
                    s_scan[bi] += t;
                }
            }
            __syncthreads();
            if (second) {
                unsigned int addr = num_active + s_scan[tid];
                if (left != right)
                    store_interval(addr, s_left, s_right, s_left_count, s_right_count, mid,
                                   right, mid_count, right_count, precision);
                else {
                    s_left[addr] = left;
                    s_right[addr] = left;
                    s_left_count[addr] = mid_count;
                    s_right_count[addr] = right_count;
                }
            }
            __syncthreads();
            if (tid == 0) {
                unsigned int total = num_active + s_scan[num_scan];
                unsigned int p = 1;
                while (p < total)
                    p <<= 1;
                num_active = total;
                num_scan = p;
            }
        }
        __syncthreads();
    }

    if (tid < n) {
        g_left[base + tid] = s_left[tid];
        g_left_count[base + tid] = s_left_count[tid];
    }
}
