/*
 * BinomialOptions (the CUDA SDK's binomialOptions, seed 003 Table 21):
 * European call prices by backward induction on a binomial tree, one option
 * per block of 128 threads, in the sample's shape; the project's own code.
 * binomial_tree_256 and binomial_tree_2048 model the sample's
 * binomialOptionsKernel at two tree depths.
 *
 * A tree of DEPTH levels has DEPTH + 1 leaves; thread t keeps leaves
 * t * PER .. t * PER + PER - 1 (PER = DEPTH / 128) in registers, the value
 * at leaf n being max(spot * __expf(vol_step * (2 n - DEPTH)) - strike, 0),
 * and thread 0 also puts leaf DEPTH in the last slot of a shared edge row.
 * Each of the DEPTH levels back to the root is one exchange: every thread
 * posts its lowest node to the edge row, the block synchronises, each
 * thread takes the node above its own range from its neighbour's slot, the
 * block synchronises again, and every thread whose range starts at or below
 * the level folds each node into up_w * above + down_w * own. The root ends
 * in thread 0, which stores it. Departure: the sample derives vDt, the up
 * probability and the discount factor on the host from T, R and V; a
 * workload file has no host code, so these are seeded random inputs in the
 * ranges that derivation gives, and the kernel forms the discounted weights
 * up_w = pu * df and down_w = (1 - pu) * df. binomial_tree_256 prices on a
 * 256-level tree (the small size), binomial_tree_2048 on the sample's 2048.
 */
#define TREE_THREADS 128 /* threads sharing one option's tree */

/* what a block needs of its option, read once by every thread */
struct lattice_inputs {
    float spot, strike, vol_step;
    float up_w, down_w; /* discounted probabilities of an up and a down move */
};

__device__ __forceinline__ lattice_inputs read_option(const float *spot, const float *strike,
                                                      const float *vol_step, const float *p_up,
                                                      const float *disc, unsigned int o)
{
    lattice_inputs in;
    in.spot = spot[o];
    in.strike = strike[o];
    in.vol_step = vol_step[o];
    const float p = p_up[o], d = disc[o];
    in.up_w = p * d;
    in.down_w = (1.0f - p) * d;
    return in;
}

/* the call at expiry at a leaf reached by 'rise' more up moves than down */
__device__ __forceinline__ float expiry_value(const lattice_inputs &in, int rise)
{
    const float gain = in.spot * __expf(in.vol_step * (float)rise) - in.strike;
    return gain > 0.0f ? gain : 0.0f;
}

/* a thread's share of one tree level, and the neighbour's node just above it */
template <int PER> struct tree_slice {
    float node[PER + 1];
};

/* node PER of the slice <- the lowest node of the next thread's range */
template <int PER>
__device__ __forceinline__ void swap_edges(tree_slice<PER> &sl, float *edge, int me)
{
    edge[me] = sl.node[0];
    __syncthreads();
    sl.node[PER] = edge[me + 1];
    __syncthreads();
}

/* one level towards the root for every node of the slice */
template <int PER>
__device__ __forceinline__ void fold_level(tree_slice<PER> &sl, const lattice_inputs &in)
{
#pragma unroll
    for (int k = 0; k < PER; k++)
        sl.node[k] = in.up_w * sl.node[k + 1] + in.down_w * sl.node[k];
}

template <int DEPTH>
__device__ __forceinline__ void price_option(float *value, const float *spot,
                                             const float *strike, const float *vol_step,
                                             const float *p_up, const float *disc)
{
    constexpr int PER = DEPTH / TREE_THREADS;
    __shared__ float edge[TREE_THREADS + 1]; /* each thread's lowest node, then leaf DEPTH */
    const lattice_inputs in = read_option(spot, strike, vol_step, p_up, disc, blockIdx.x);
    const int me = threadIdx.x;
    const int lowest = me * PER; /* the first leaf this thread keeps */
    tree_slice<PER> sl;
    if (me == 0)
        edge[TREE_THREADS] = expiry_value(in, DEPTH);
#pragma unroll
    for (int k = 0; k < PER; k++)
        sl.node[k] = expiry_value(in, 2 * (lowest + k) - DEPTH);
    for (int level = DEPTH; level >= 1; level--) {
        swap_edges(sl, edge, me);
        if (lowest <= level)
            fold_level(sl, in);
    }
    if (me == 0)
        value[blockIdx.x] = sl.node[0];
}

extern "C" __global__ void binomial_tree_256(float *call, const float *spot,
                                             const float *strike, const float *vol_step,
                                             const float *p_up, const float *disc)
{
    price_option<256>(call, spot, strike, vol_step, p_up, disc);
}

extern "C" __global__ void binomial_tree_2048(float *call, const float *spot,
                                              const float *strike, const float *vol_step,
                                              const float *p_up, const float *disc)
{
    price_option<2048>(call, spot, strike, vol_step, p_up, disc);
}
