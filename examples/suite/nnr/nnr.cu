// NNR: seed-001's NN (Rodinia nearest neighbour, nn_cuda.cu): the distance of every record
// (a {lat, lng} pair, array of structs) from the query point, one thread per
// record, 256-thread blocks, a 1-D grid of ceil(records / 256) blocks
// (Rodinia's gridY is 1 below 65535 blocks). The host then picks the k
// nearest from the distances; the kernel is the GPU part.
// sqrt is sqrtf (sqrt.rn) as the float overload; the sum of squares is
// written as the fmaf nvcc contracts it to, so the rounding is fixed here.
struct LatLong {
    float lat;
    float lng;
};

extern "C" __global__ void euclid(const LatLong *d_locations, float *d_distances,
                                  int numRecords, float lat, float lng)
{
    int globalId = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x;
    const LatLong *latLong = d_locations + globalId;
    if (globalId < numRecords) {
        float *dist = d_distances + globalId;
        float dlat = lat - latLong->lat;
        float dlng = lng - latLong->lng;
        *dist = sqrtf(fmaf(dlat, dlat, dlng * dlng));
    }
}
