// SSSP (Harish & Narayanan, "Accelerating large graph algorithms on the GPU
// using CUDA", HiPC 2007; the BFS of Rodinia is its sibling): single-source
// shortest paths from node 0 by repeated relaxation, one thread per node,
// 512 threads per block. The graph is the paper's: vertex array Va (CSR
// offsets, node i's edges are Ea[Va[i] .. Va[i+1]-1]), edge array Ea and
// edge weights Wa. Kernel 1: each node whose mask Ma is set clears it and
// relaxes its out-edges into the updating costs Ua with atomicMin (reads
// Ca[tid], writes scattered Ua[nid]). Kernel 2: each node whose updating
// cost beats its cost takes it, re-enters the mask and clears *over's
// "done"; then Ua = Ca. The host repeats (over = 0; kernel 1; kernel 2)
// until a round changes nothing.
extern "C" __global__ void sssp_kernel1(const int *Va, const int *Ea, const int *Wa,
                                        bool *Ma, const int *Ca, int *Ua, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && Ma[tid]) {
        Ma[tid] = false;
        for (int e = Va[tid]; e < Va[tid + 1]; e++) {
            int nid = Ea[e];
            atomicMin(&Ua[nid], Ca[tid] + Wa[e]);
        }
    }
}

extern "C" __global__ void sssp_kernel2(bool *Ma, int *Ca, int *Ua, int *over, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        if (Ca[tid] > Ua[tid]) {
            Ca[tid] = Ua[tid];
            Ma[tid] = true;
            *over = 1;
        }
        Ua[tid] = Ca[tid];
    }
}
