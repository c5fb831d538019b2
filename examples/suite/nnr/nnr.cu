/*
 * NNR: seed-001's NN, the GPU part of Rodinia's nearest-neighbour search,
 * in the project's own code. Each record is two interleaved floats
 * (latitude, then longitude); one thread takes one record and writes its
 * plain Euclidean distance, in degrees, from the query point (qlat, qlng).
 * Choosing the k smallest distances is host work and is not modelled.
 *
 * Shape kept: 256-thread blocks; the record number is the block's linear
 * number in a grid whose x dimension varies fastest (so a 2-D grid, which
 * the benchmark only uses past 65535 blocks, numbers records the same way),
 * times the block size, plus the thread; threads past the record count do
 * nothing. Per thread: two 4-byte global loads from the 8-byte record, two
 * subtractions, the squared-sum and a correctly rounded square root, one
 * 4-byte global store.
 *
 * Departures: the records are addressed as a float array (2 * id, 2 * id + 1)
 * rather than through a struct; the squared sum is spelled as the fused
 * form nvcc produces for it (latitude term fused onto the rounded
 * longitude square), so its rounding is fixed by the source.
 */
static __device__ __forceinline__ float planar_length(float dy, float dx)
{
    return sqrtf(fmaf(dy, dy, dx * dx));
}

extern "C" __global__ void nn_query_distance(const float *records, float *dist_out,
                                             int count, float qlat, float qlng)
{
    int block_no = blockIdx.y * gridDim.x + blockIdx.x;
    int id = threadIdx.x + block_no * blockDim.x;
    if (id >= count)
        return;
    const float *rec = records + 2 * id;
    float dy = qlat - rec[0];
    float dx = qlng - rec[1];
    dist_out[id] = planar_length(dy, dx);
}
