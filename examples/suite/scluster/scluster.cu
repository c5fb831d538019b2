// SCLUSTER: a model of Rodinia's streamcluster, the GPU part of its pgain
// step (the kernel the host launches once per candidate centre). Written for
// gpusim from the benchmark's described behaviour; the code is the
// project's own.
//
// What one launch does: every thread owns one point (512-thread blocks on a
// grid that may be 2-D, rows of gridDim.x blocks). It prices opening the
// candidate `cand` as a centre for its point: the squared distance between
// the two points times the point's weight. The coordinates are stored one
// dimension per row (coordinate d of point i at coords[d * npts + i]), so
// a warp's step through the dimensions reads one coalesced run of its own
// points plus the candidate's single value (a broadcast). The point record
// is an array-of-structs entry laid out as the benchmark's host struct on a
// 64-bit machine (32 bytes: weight, a coordinate pointer the GPU never
// reads, the 64-bit number of the centre the point belongs to, the cost of
// that membership). When the candidate is cheaper the thread flags the point
// as switching and adds the saving (a negative number) to the last slot of
// its own ledger row (row_len = nctr + 1 floats); otherwise it adds the
// extra cost to the slot of its current centre, found through ctr_slot.
//
// Departures: the benchmark builds the clustering on the CPU (streamed
// points, its initial open-facility pass); here sc_init builds a fixed
// state on the device instead (weight 1, nctr centres evenly spaced, point
// i belonging to centre number i % nctr, cost = its distance), and the host's
// decisions between candidates are not modelled (see the .gsw headers).
// Rounding is spelt out (__fsub_rn, fmaf, __fmul_rn, __fadd_rn) so nvcc
// cannot regroup the arithmetic: per dimension a difference then a fused
// multiply-add into the running sum.

struct sc_point {
    float mass;           // the point's weight
    float *host_coords;   // host-side pointer, never read on the device
    long long centre;     // number of the point this one is clustered to
    float centre_cost;    // weight * distance to that point
};

// Squared distance between points a and b over ndim dimension rows of npts.
static __device__ float sc_gap2(const float *coords, int npts, int ndim, int a, int b)
{
    float sum = 0.0f;
    const float *row = coords;
    for (int left = ndim; left > 0; --left, row += npts) {
        const float step = __fsub_rn(row[a], row[b]);
        sum = fmaf(step, step, sum);
    }
    return sum;
}

extern "C" __global__ void sc_candidate_cost(int npts, int ndim, long long cand,
                                             sc_point *pts, int nctr, int row_len,
                                             const float *coords, float *ledger,
                                             const int *ctr_slot, bool *moves)
{
    const int block = blockIdx.y * gridDim.x + blockIdx.x;
    const int me = threadIdx.x + block * blockDim.x;
    if (me >= npts)
        return;

    const float open_cost = __fmul_rn(sc_gap2(coords, npts, ndim, me, (int)cand),
                                      pts[me].mass);
    float *mine = ledger + me * row_len;
    int slot;
    float change;
    if (!(open_cost < pts[me].centre_cost)) {
        // staying put: the candidate would cost this much more
        slot = ctr_slot[pts[me].centre];
        change = __fsub_rn(pts[me].centre_cost, open_cost);
    } else {
        // switching saves: a negative change in the last slot
        moves[me] = true;
        slot = nctr;
        change = __fsub_rn(open_cost, pts[me].centre_cost);
    }
    mine[slot] = __fadd_rn(mine[slot], change);
}

// The fixed clustering the candidates are priced against: weight 1, centre k
// (k < nctr) is point k * (npts / nctr) and has ctr_slot entry k, point i
// belongs to centre number i % nctr and costs its distance to it.
extern "C" __global__ void sc_init(int npts, int ndim, int nctr, const float *coords,
                                   sc_point *pts, int *ctr_slot)
{
    const int me = blockIdx.x * blockDim.x + threadIdx.x;
    if (me < npts) {
        const int gap = npts / nctr;
        const int home = gap * (me % nctr);
        sc_point *p = pts + me;
        p->mass = 1.0f;
        p->host_coords = 0;
        p->centre = home;
        p->centre_cost = __fmul_rn(sc_gap2(coords, npts, ndim, me, home), 1.0f);
        const int k = me / gap;
        if (me == k * gap && k < nctr)
            ctr_slot[me] = k;
    }
}
