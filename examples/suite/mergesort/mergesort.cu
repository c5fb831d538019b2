/*
 * MergeSort (the CUDA SDK's mergeSort, seed 003 Table 7 type B and Table
 * 21): a stable ascending sort of 32-bit keys carrying 32-bit values, in
 * the sample's shape; the project's own code. msort_tile_sort,
 * msort_rank_samples, msort_merge_ranks and msort_merge_intervals model the
 * sample's mergeSortSharedKernel, generateSampleRanksKernel,
 * mergeRanksAndIndicesKernel and mergeElementaryIntervalsKernel.
 *
 * The sort runs in two phases. msort_tile_sort: a block of 512 threads
 * copies a tile of 1024 pairs (each thread the pairs at its index and 512
 * further on) into shared memory and doubles the run length from 1 to 1024
 * there. In each pass a thread owns entry j of a left run and entry j of
 * its right neighbour; it counts the entries of the other run that must
 * precede its own (a halving search: for a left entry the strictly smaller
 * keys, for a right entry the keys not greater, so equal keys keep their
 * order) and, after a barrier, writes the entry at j plus that count.
 *
 * Then one merge step per run length w = 1024, 2048, ... below N joins
 * neighbouring runs of w pairs, the result landing in the other buffer:
 *  - msort_rank_samples: a thread per sample; every 128th key of a run is
 *    a sample, and its position in its own run and its rank in the
 *    neighbouring run are recorded (rank arrays A and B);
 *  - msort_merge_ranks (called for A's ranks, then B's): each sample's
 *    place among the samples of both runs, found by the same halving
 *    search, gives the interval limits: where each elementary interval
 *    starts in run A and in run B;
 *  - msort_merge_intervals: a block of 128 threads per interval (no
 *    interval takes more than 128 pairs from either run) reads its limits,
 *    loads its pairs into shared memory, merges them there as above and
 *    writes them where the interval starts in the merged run.
 *
 * Departures from the sample: ascending order only (the sample's direction
 * parameter is dropped); the tile sort always handles whole 1024-pair
 * tiles (the sample takes that length as an argument); N must be a power
 * of two of at least 2048, so every run has a full-length neighbour (the
 * sample also passes a lone last run through, a case that cannot arise).
 */
#define TILE 1024u            /* pairs sorted by one block in shared memory */
#define TILE_HALF (TILE / 2u) /* threads of that block */
#define GAP 128u              /* key distance between samples; interval size bound */

/* The smallest power of two not below x; 0 and 1 map to themselves. */
static __device__ __forceinline__ unsigned int pow2_at_least(unsigned int x)
{
    return x > 1u ? 2u << (31 - __clz(x - 1u)) : x;
}

/* How many samples a run of len pairs has (one per started GAP). */
static __device__ __forceinline__ unsigned int samples_of(unsigned int len)
{
    return (len + GAP - 1u) / GAP;
}

/*
 * The number of entries of the sorted list run[0 .. len) that precede key.
 * A key coming from the left run precedes equal keys of the right run
 * (TIES_BEFORE false: only smaller entries count); a key from the right run
 * follows equal keys of the left run (TIES_BEFORE true: equal entries count
 * too). span is a power of two not below len: the first probe's distance,
 * halved at each probe. An empty list is never read.
 */
template <bool TIES_BEFORE>
static __device__ __forceinline__ unsigned int preceding(unsigned int key, const unsigned int *run,
                                                         unsigned int len, unsigned int span)
{
    unsigned int count = 0u;
    for (unsigned int step = len != 0u ? span : 0u; step != 0u; step >>= 1) {
        unsigned int probe = min(count + step, len);
        unsigned int seen = run[probe - 1u];
        if (TIES_BEFORE ? seen <= key : seen < key)
            count = probe;
    }
    return count;
}

/* Two neighbouring runs of one merge: the left at first, the right after it. */
struct run_couple {
    unsigned int first, left, right;
};

static __device__ __forceinline__ run_couple couple_at(unsigned int first, unsigned int width,
                                                       unsigned int total)
{
    run_couple c;
    c.first = first;
    c.left = width;
    c.right = min(width, total - first - width);
    return c;
}

/*
 * One merge pass over two sorted runs that lie in shared memory, the left
 * at key[0 ..) and the right at key[right_at ..). Thread lane moves entry
 * lane of each run that has one (SOME_SHORT: a run may be shorter than the
 * lanes; otherwise every lane has both): it reads the entries, ranks each
 * in the other run, waits for every thread to have read, and stores them at
 * lane plus their rank.
 */
template <bool SOME_SHORT>
static __device__ __forceinline__ void merge_in_shared(unsigned int *key, unsigned int *val,
                                                       unsigned int lane, unsigned int n_left,
                                                       unsigned int right_at, unsigned int n_right,
                                                       unsigned int span)
{
    bool has_left = !SOME_SHORT || lane < n_left;
    bool has_right = !SOME_SHORT || lane < n_right;
    unsigned int lk = 0u, lv = 0u, rk = 0u, rv = 0u, l_to = 0u, r_to = 0u;
    if (has_left) {
        lk = key[lane];
        lv = val[lane];
    }
    if (has_right) {
        rk = key[right_at + lane];
        rv = val[right_at + lane];
    }
    if (has_left)
        l_to = lane + preceding<false>(lk, key + right_at, n_right, span);
    if (has_right)
        r_to = lane + preceding<true>(rk, key, n_left, span);
    __syncthreads();
    if (has_left) {
        key[l_to] = lk;
        val[l_to] = lv;
    }
    if (has_right) {
        key[r_to] = rk;
        val[r_to] = rv;
    }
}

extern "C" __global__ void msort_tile_sort(unsigned int *out_key, unsigned int *out_val,
                                           const unsigned int *in_key,
                                           const unsigned int *in_val)
{
    __shared__ unsigned int tile_key[TILE];
    __shared__ unsigned int tile_val[TILE];
    unsigned int lane = threadIdx.x;
    unsigned int at = blockIdx.x * TILE + lane;

    for (unsigned int h = 0u; h < TILE; h += TILE_HALF) {
        tile_key[lane + h] = in_key[at + h];
        tile_val[lane + h] = in_val[at + h];
    }
    for (unsigned int width = 1u; width < TILE; width += width) {
        unsigned int j = lane & (width - 1u);   /* entry within its run */
        unsigned int pair = 2u * (lane - j);    /* where this couple of runs starts */
        __syncthreads();
        merge_in_shared<false>(tile_key + pair, tile_val + pair, j, width, width, width, width);
    }
    __syncthreads();
    for (unsigned int h = 0u; h < TILE; h += TILE_HALF) {
        out_key[at + h] = tile_key[lane + h];
        out_val[at + h] = tile_val[lane + h];
    }
}

/* Sample s of one run: its own position to mine[s], its rank in the
 * neighbouring run (other, n_other pairs) to theirs[s]. */
template <bool TIES_BEFORE>
static __device__ __forceinline__ void rank_sample(unsigned int *mine, unsigned int *theirs,
                                                   const unsigned int *run,
                                                   const unsigned int *other,
                                                   unsigned int n_other, unsigned int s)
{
    unsigned int spot = s * GAP;
    mine[s] = spot;
    theirs[s] = preceding<TIES_BEFORE>(run[spot], other, n_other, pow2_at_least(n_other));
}

extern "C" __global__ void msort_rank_samples(unsigned int *rank_a, unsigned int *rank_b,
                                              const unsigned int *key, unsigned int width,
                                              unsigned int total, unsigned int threads)
{
    unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int per_run, s, lead;
    run_couple c;
    if (id >= threads)
        return;
    per_run = width / GAP;
    s = id & (per_run - 1u);   /* sample within its run */
    lead = id - s;             /* the couple's first thread; 2 * lead ranks precede it */
    c = couple_at(lead * 2u * GAP, width, total);
    if (s < samples_of(c.left))
        rank_sample<false>(rank_a + 2u * lead, rank_b + 2u * lead, key + c.first,
                           key + c.first + width, c.right, s);
    if (s < samples_of(c.right))
        rank_sample<true>(rank_b + 2u * lead + per_run, rank_a + 2u * lead + per_run,
                          key + c.first + width, key + c.first, c.left, s);
}

/* Sample s of one side: its rank value goes to the merged list at s plus
 * the number of the other side's samples that precede it. */
template <bool TIES_BEFORE>
static __device__ __forceinline__ void place_sample(unsigned int *merged, const unsigned int *side,
                                                    const unsigned int *other,
                                                    unsigned int n_other, unsigned int s)
{
    unsigned int r = side[s];
    merged[s + preceding<TIES_BEFORE>(r, other, n_other, pow2_at_least(n_other))] = r;
}

extern "C" __global__ void msort_merge_ranks(unsigned int *limit, const unsigned int *rank,
                                             unsigned int width, unsigned int total,
                                             unsigned int threads)
{
    unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int s, lead, n_a, n_b;
    const unsigned int *ours;
    unsigned int *merged;
    run_couple c;
    if (id >= threads)
        return;
    s = id & (width / GAP - 1u);
    lead = id - s;
    c = couple_at(lead * 2u * GAP, width, total);
    n_a = samples_of(c.left);
    n_b = samples_of(c.right);
    ours = rank + 2u * lead;
    merged = limit + 2u * lead;
    if (s < n_a)
        place_sample<false>(merged, ours, ours + n_a, n_b, s);
    if (s < n_b)
        place_sample<true>(merged, ours + n_a, ours, n_a, s);
}

extern "C" __global__ void msort_merge_intervals(unsigned int *out_key, unsigned int *out_val,
                                                 const unsigned int *in_key,
                                                 const unsigned int *in_val,
                                                 const unsigned int *limit_a,
                                                 const unsigned int *limit_b,
                                                 unsigned int width, unsigned int total)
{
    __shared__ unsigned int buf_key[2u * GAP];
    __shared__ unsigned int buf_val[2u * GAP];
    /* the interval, set by thread 0: where its parts start in runs A and B,
     * their lengths, and where each part starts in the merged run */
    __shared__ unsigned int a_from, b_from, a_len, b_len, a_to, b_to;
    unsigned int lane = threadIdx.x;
    unsigned int nth = blockIdx.x & (2u * width / GAP - 1u);   /* interval within the couple */
    unsigned int first = (blockIdx.x - nth) * GAP;
    const unsigned int *src_key = in_key + first, *src_val = in_val + first;
    unsigned int *dst_key = out_key + first, *dst_val = out_val + first;

    if (lane == 0u) {
        run_couple c = couple_at(first, width, total);
        bool last = nth + 1u >= samples_of(c.left) + samples_of(c.right);
        unsigned int a0 = limit_a[blockIdx.x], b0 = limit_b[blockIdx.x];
        unsigned int a1 = last ? c.left : limit_a[blockIdx.x + 1u];
        unsigned int b1 = last ? c.right : limit_b[blockIdx.x + 1u];
        a_from = a0;
        b_from = b0;
        a_len = a1 - a0;
        b_len = b1 - b0;
        a_to = a0 + b0;
        b_to = a0 + b0 + (a1 - a0);
    }
    __syncthreads();
    if (lane < a_len) {
        buf_key[lane] = src_key[a_from + lane];
        buf_val[lane] = src_val[a_from + lane];
    }
    if (lane < b_len) {
        buf_key[GAP + lane] = src_key[width + b_from + lane];
        buf_val[GAP + lane] = src_val[width + b_from + lane];
    }
    __syncthreads();
    merge_in_shared<true>(buf_key, buf_val, lane, a_len, GAP, b_len, GAP);
    __syncthreads();
    if (lane < a_len) {
        dst_key[a_to + lane] = buf_key[lane];
        dst_val[a_to + lane] = buf_val[lane];
    }
    if (lane < b_len) {
        dst_key[b_to + lane] = buf_key[a_len + lane];
        dst_val[b_to + lane] = buf_val[a_len + lane];
    }
}
