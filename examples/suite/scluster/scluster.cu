// SCLUSTER: Stream Cluster (Rodinia "streamcluster", streamcluster_cuda.cu),
// its pgain kernel kernel_compute_cost. One thread per point (512-thread
// blocks): the weighted distance from its point to candidate centre x (the
// coordinates transposed, coord_d[dim * num + point], so each dimension
// step is a coalesced read plus a broadcast of x's coordinate), compared
// with the point's current assignment cost read from the array-of-structs
// Point (32-byte records: weight, coord pointer, long assign, cost, as
// Rodinia's struct on a 64-bit host), then an update of the thread's own
// work_mem row (stride K + 1 floats): lower[K] when x is cheaper, else
// lower[center_table[assign]].
//
// The host (Rodinia's pgain/pFL) builds the points and calls the kernel once
// per candidate centre, deciding on the CPU between calls. Here sc_init
// builds a clustering state on the device (weights 1, K centres evenly
// spaced, point i assigned to centre i % K with cost = distance);
// the .gsw files then launch kernel_compute_cost for a sequence of
// candidate points on that state (see the .gsw headers for what differs).
// Sums use explicit fmaf/__fmul_rn/__fsub_rn/__fadd_rn in Rodinia's order.

typedef struct {
    float weight;
    float *coord;
    long long assign;   // number of the point this one is assigned to
    float cost;         // cost of that assignment: weight * distance
} Point;

__device__ float d_dist(int p1, int p2, int num, int dim, const float *coord_d)
{
    float retval = 0.0f;
    for (int i = 0; i < dim; i++) {
        float tmp = __fsub_rn(coord_d[(i * num) + p1], coord_d[(i * num) + p2]);
        retval = fmaf(tmp, tmp, retval);
    }
    return retval;
}

extern "C" __global__ void kernel_compute_cost(int num, int dim, long long x, Point *p, int K,
                                               int stride, const float *coord_d,
                                               float *work_mem_d, const int *center_table_d,
                                               bool *switch_membership_d)
{
    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    const int tid = blockDim.x * bid + threadIdx.x;
    if (tid < num) {
        float *lower = &work_mem_d[tid * stride];
        float x_cost = __fmul_rn(d_dist(tid, (int)x, num, dim, coord_d), p[tid].weight);
        if (x_cost < p[tid].cost) {
            switch_membership_d[tid] = 1;
            lower[K] = __fadd_rn(lower[K], __fsub_rn(x_cost, p[tid].cost));
        } else {
            lower[center_table_d[p[tid].assign]] =
                __fadd_rn(lower[center_table_d[p[tid].assign]], __fsub_rn(p[tid].cost, x_cost));
        }
    }
}

// Clustering state before pgain: weight 1, centres k * (num / K) for k < K
// (center_table[centre] = k), point i assigned to centre i % K with cost =
// weight * distance (one distance per point, as one pgain call costs).
extern "C" __global__ void sc_init(int num, int dim, int K, const float *coord_d, Point *p,
                                   int *center_table_d)
{
    const int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid >= num)
        return;
    int spacing = num / K;
    int centre = (tid % K) * spacing;
    p[tid].weight = 1.0f;
    p[tid].coord = 0;
    p[tid].assign = centre;
    p[tid].cost = __fmul_rn(d_dist(tid, centre, num, dim, coord_d), 1.0f);
    if (tid % spacing == 0 && tid / spacing < K)
        center_table_d[tid] = tid / spacing;
}
