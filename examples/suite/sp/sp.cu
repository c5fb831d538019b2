// SP (LonestarGPU survey propagation), a documented substitute (README "Reproducing seed
// 002"): the message passing of survey propagation on a 3-SAT formula, thread per clause
// (spClauses) then thread per variable (spVariables), as LonestarGPU's sp alternates them.
// Each variable v keeps two weights, pi_plus[v] and pi_minus[v]; a clause sends each of its
// three literals the product of the other two literals' probabilities of failing it (eta),
// and a variable combines the etas of the 12 clauses it occurs in. Every operation is an
// explicitly rounded intrinsic (no contraction), so a C reference repeats it bit for bit.
//
// The formula is structured, not uniformly random: clause c = 4q + r takes variable
// q + offset[k][r] (mod vars) as its literal k (k = 0..2, r = 0..3), so every variable
// occurs in exactly 12 clauses, found arithmetically (no occurrence lists), and a literal's
// sign is a hash of (c, k). Clauses of neighbouring blocks, running at once on different
// SMs, read the same lines of the variables' weights within a few thousand variables: the
// frontier-like sharing across cores of seed 002's HIL class, which LonestarGPU's random
// formulas give through high-degree variables (the thesis's SP input is not reproducible).
// The messages are stored by literal slot: eta[(k * 4 + r) * vars + q] is what clause 4q + r
// sends its literal k, so both kernels' warps read and write them in whole lines.
#define SP_EPS 9.5367431640625e-07f   // 2^-20: keeps a zero weight sum from dividing by zero

__constant__ int c_offset[3][4] = {
    { 0, 0, 0, 0 },
    { 97, 389, 1201, 2039 },
    { 613, 1777, 2903, 3511 }
};

__device__ __forceinline__ unsigned sp_negated(int c, int k)
{
    return ((unsigned)(c * 3 + k) * 2654435761u) >> 31;
}

extern "C" __global__ void spClauses(const float *pi_plus, const float *pi_minus, float *eta,
                                     int clauses, int vars)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= clauses)
        return;
    int q = c >> 2, r = c & 3;
    float fail[3];
    for (int k = 0; k < 3; k++) {
        int v = q + c_offset[k][r];
        if (v >= vars)
            v -= vars;
        float a = pi_plus[v], b = pi_minus[v];
        // a positive literal fails when its variable is false (weight b), a negated one when
        // it is true (a)
        float bad = sp_negated(c, k) ? a : b;
        fail[k] = __fdiv_rn(bad, __fadd_rn(__fadd_rn(a, b), SP_EPS));
    }
    eta[(0 * 4 + r) * vars + q] = __fmul_rn(fail[1], fail[2]);
    eta[(1 * 4 + r) * vars + q] = __fmul_rn(fail[0], fail[2]);
    eta[(2 * 4 + r) * vars + q] = __fmul_rn(fail[0], fail[1]);
}

extern "C" __global__ void spVariables(const float *eta, float *pi_plus, float *pi_minus,
                                       int clauses, int vars)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= vars)
        return;
    float keep_pos = 1.0f, keep_neg = 1.0f;
    for (int k = 0; k < 3; k++)
        for (int r = 0; r < 4; r++) {
            int q = v - c_offset[k][r];
            if (q < 0)
                q += vars;
            int c = 4 * q + r;
            float keep = __fsub_rn(1.0f, eta[(k * 4 + r) * vars + q]);
            if (sp_negated(c, k))
                keep_neg = __fmul_rn(keep_neg, keep);
            else
                keep_pos = __fmul_rn(keep_pos, keep);
        }
    pi_plus[v] = __fmul_rn(__fsub_rn(1.0f, keep_neg), keep_pos);
    pi_minus[v] = __fmul_rn(__fsub_rn(1.0f, keep_pos), keep_neg);
}
