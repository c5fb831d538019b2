// PTA (LonestarGPU points-to analysis), a documented substitute (README "Reproducing seed
// 002"): Andersen-style inclusion constraints, solved by the propagation LonestarGPU's pta
// runs, thread per variable. Each variable has a points-to set of `words` x 32 abstract
// objects (a bit vector, variable-major; 8 words in the suite); each copy constraint (dst
// includes src) is an out-edge of src in a CSR graph. A round ORs every variable's set into
// the sets of its out-edges' targets with atomicOr, reading the previous round's sets (old)
// and writing a copy of them (new), so a round's result does not depend on the order the
// threads run in. The workload runs a fixed number of rounds (the real analysis iterates to
// its fixed point on the constraint graphs of real programs, which are not reproducible here;
// the seeded graph stands in for them). A warp's reads of its sets are 32-byte pieces of 8
// lines, its atomics scatter over the whole set array: memory-bound, with little data shared
// between cores in time (seed 002's LIL class).
extern "C" __global__ void ptaInit(unsigned *pts, int vars, int words)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= vars)
        return;
    for (int w = 0; w < words; w++)
        pts[v * words + w] = 0u;
    if ((v & 15) == 0) {   // an address-of constraint: one variable in 16 points to an object
        unsigned obj = ((unsigned)v * 2654435761u >> 25) % (unsigned)(words * 32);
        pts[v * words + (int)(obj >> 5)] = 1u << (obj & 31u);
    }
}

extern "C" __global__ void ptaCopy(const unsigned *from, unsigned *to, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        to[i] = from[i];
}

extern "C" __global__ void ptaPropagate(const int *offsets, const int *targets,
                                        const unsigned *old_pts, unsigned *new_pts, int vars,
                                        int words)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= vars)
        return;
    int first = offsets[v], last = offsets[v + 1];
    for (int w = 0; w < words; w++) {
        unsigned bits = old_pts[v * words + w];
        if (bits == 0u)
            continue;
        for (int e = first; e < last; e++)
            atomicOr(&new_pts[targets[e] * words + w], bits);
    }
}
