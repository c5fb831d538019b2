// MGST (Rodinia hybridsort, merge-sort phase): sorts each division of a
// float list with Rodinia's float4 merge sort, as Rodinia's kernels do it:
//   mergeSortFirst  thread per float4: sorts its 4 floats (sortElem network)
//   mergeSortPass   per pass, thread per pair of sorted runs of nrElems/2
//                   float4s within a division: merges them float4 by float4
//                   (getLowest / getHighest bitonic step), run lengths
//                   doubling each pass until one run fills the division
//   mergepack       thread per float: copies each division to its final place
// Departures (documented in the workload files): the texture fetches
// (tex1Dfetch) are plain global loads from `input`, and the __constant__
// division tables (constStartAddr, finalStartAddr, nullElems) are global
// arrays passed as parameters, since gpusim's PTX front end has no texture
// or constant-bank loads from the host; the divisions come from the
// workload (equal sizes) instead of Rodinia's preceding bucket-sort phase.
__device__ float4 sortElem(float4 r)
{
    float4 nr;
    nr.x = (r.x > r.y) ? r.y : r.x;
    nr.y = (r.y > r.x) ? r.y : r.x;
    nr.z = (r.z > r.w) ? r.w : r.z;
    nr.w = (r.w > r.z) ? r.w : r.z;
    r.x = (nr.x > nr.z) ? nr.z : nr.x;
    r.y = (nr.y > nr.w) ? nr.w : nr.y;
    r.z = (nr.z > nr.x) ? nr.z : nr.x;
    r.w = (nr.w > nr.y) ? nr.w : nr.y;
    nr.x = r.x;
    nr.y = (r.y > r.z) ? r.z : r.y;
    nr.z = (r.z > r.y) ? r.z : r.y;
    nr.w = r.w;
    return nr;
}

__device__ float4 getLowest(float4 a, float4 b)
{
    a.x = (a.x < b.w) ? a.x : b.w;
    a.y = (a.y < b.z) ? a.y : b.z;
    a.z = (a.z < b.y) ? a.z : b.y;
    a.w = (a.w < b.x) ? a.w : b.x;
    return a;
}

__device__ float4 getHighest(float4 a, float4 b)
{
    b.x = (a.w >= b.x) ? a.w : b.x;
    b.y = (a.z >= b.y) ? a.z : b.y;
    b.z = (a.y >= b.z) ? a.y : b.z;
    b.w = (a.x >= b.w) ? a.x : b.w;
    return b;
}

extern "C" __global__ void mergeSortFirst(float4 *result, const float4 *input, int listsize)
{
    int bx = blockIdx.x;
    if (bx * blockDim.x + threadIdx.x < listsize / 4) {
        float4 r = input[(int)(bx * blockDim.x + threadIdx.x)];
        result[bx * blockDim.x + threadIdx.x] = sortElem(r);
    }
}

extern "C" __global__ void mergeSortPass(float4 *result, const float4 *input, int nrElems,
                                         int threadsPerDiv, const int *constStartAddr,
                                         int divisions)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int division = gid / threadsPerDiv;
    if (division >= divisions)
        return;
    int int_gid = gid - division * threadsPerDiv;
    int Astart = constStartAddr[division] + int_gid * nrElems;
    int Bstart = Astart + nrElems / 2;
    float4 *resStart = &(result[Astart]);
    if (Astart >= constStartAddr[division + 1])
        return;
    if (Bstart >= constStartAddr[division + 1]) {
        for (int i = 0; i < (constStartAddr[division + 1] - Astart); i++)
            resStart[i] = input[Astart + i];
        return;
    }
    int aidx = 0;
    int bidx = 0;
    int outidx = 0;
    float4 a, b;
    a = input[Astart + aidx];
    b = input[Bstart + bidx];
    while (true) {
        float4 nextA = input[Astart + aidx + 1];
        float4 nextB = input[Bstart + bidx + 1];
        float4 na = getLowest(a, b);
        float4 nb = getHighest(a, b);
        a = sortElem(na);
        b = sortElem(nb);
        resStart[outidx++] = a;
        bool elemsLeftInA;
        bool elemsLeftInB;
        elemsLeftInA = (aidx + 1 < nrElems / 2);
        elemsLeftInB = (bidx + 1 < nrElems / 2) &&
                       (Bstart + bidx + 1 < constStartAddr[division + 1]);
        if (elemsLeftInA) {
            if (elemsLeftInB) {
                if (nextA.x < nextB.x) {
                    aidx += 1;
                    a = nextA;
                } else {
                    bidx += 1;
                    a = nextB;
                }
            } else {
                aidx += 1;
                a = nextA;
            }
        } else {
            if (elemsLeftInB) {
                bidx += 1;
                a = nextB;
            } else {
                break;
            }
        }
    }
    resStart[outidx++] = b;
}

extern "C" __global__ void mergepack(const float *orig, float *result,
                                     const int *constStartAddr, const int *finalStartAddr,
                                     const int *nullElems)
{
    int idx = (blockIdx.x * blockDim.x + threadIdx.x);
    int division = blockIdx.y;
    if ((finalStartAddr[division] + idx) >= finalStartAddr[division + 1])
        return;
    result[finalStartAddr[division] + idx] =
        orig[constStartAddr[division] * 4 + nullElems[division] + idx];
}
