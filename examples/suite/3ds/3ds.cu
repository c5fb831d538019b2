// 3DS: 3D stencil. seed-000 cites 3DS as a Rodinia benchmark; Rodinia's 3D
// stencil is HotSpot3D (3D.cu, opt1.cu: hotspotOpt1), used here. A 7-point
// thermal stencil over nx x ny x nz cells: blocks of 64 x 4 threads cover the
// x-y plane, each thread walks its (i, j) column through all nz layers,
// keeping the layer below/centre/above in registers and reading its W/E/N/S
// neighbours from global memory (edge-clamped). The host ping-pongs tIn and
// tOut for numiter launches.
//
// Rodinia's sum cc*t + cw*W + ce*E + cs*S + cn*N + cb*below + ct*above +
// sdc*p + ct*amb is written as the mul + fma chain nvcc -O3 contracts it to.

__device__ __forceinline__ float cell(float cc, float cw, float ce, float cs, float cn,
                                      float cb, float ct, float sdc, float centre, float w,
                                      float e, float s, float n, float below, float above,
                                      float power)
{
    const float amb_temp = 80.0f;
    float sum = __fmul_rn(cc, centre);
    sum = fmaf(cw, w, sum);
    sum = fmaf(ce, e, sum);
    sum = fmaf(cs, s, sum);
    sum = fmaf(cn, n, sum);
    sum = fmaf(cb, below, sum);
    sum = fmaf(ct, above, sum);
    sum = fmaf(sdc, power, sum);
    return fmaf(ct, amb_temp, sum);
}

extern "C" __global__ void hotspotOpt1(const float *p, const float *tIn, float *tOut, float sdc,
                                       int nx, int ny, int nz, float ce, float cw, float cn,
                                       float cs, float ct, float cb, float cc)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    int j = blockDim.y * blockIdx.y + threadIdx.y;
    int c = i + j * nx;
    int xy = nx * ny;

    int W = (i == 0) ? c : c - 1;
    int E = (i == nx - 1) ? c : c + 1;
    int N = (j == 0) ? c : c - nx;
    int S = (j == ny - 1) ? c : c + nx;

    float temp1, temp2, temp3;
    temp1 = temp2 = tIn[c];
    temp3 = tIn[c + xy];
    tOut[c] = cell(cc, cw, ce, cs, cn, cb, ct, sdc, temp2, tIn[W], tIn[E], tIn[S], tIn[N],
                   temp1, temp3, p[c]);
    c += xy;
    W += xy;
    E += xy;
    N += xy;
    S += xy;

    for (int k = 1; k < nz - 1; ++k) {
        temp1 = temp2;
        temp2 = temp3;
        temp3 = tIn[c + xy];
        tOut[c] = cell(cc, cw, ce, cs, cn, cb, ct, sdc, temp2, tIn[W], tIn[E], tIn[S],
                       tIn[N], temp1, temp3, p[c]);
        c += xy;
        W += xy;
        E += xy;
        N += xy;
        S += xy;
    }
    temp1 = temp2;
    temp2 = temp3;
    tOut[c] = cell(cc, cw, ce, cs, cn, cb, ct, sdc, temp2, tIn[W], tIn[E], tIn[S], tIn[N],
                   temp1, temp3, p[c]);
}

// counter[0] += 1: the host's iteration count, kept on the device so a
// workload `repeat ... until counter[0] == N` can run numiter launches.
extern "C" __global__ void count_iteration(int *counter)
{
    counter[0] += 1;
}
