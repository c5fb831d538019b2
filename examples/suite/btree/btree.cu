// B+tree (Rodinia b+tree, kernel/kernel_gpu_cuda.cu findK): one thread block
// per query, one thread per key slot of a node (order threads). Each level,
// every thread tests its slot's key range of the current node (a node is an
// array-of-structs record of order + 1 indices and keys), the matching
// thread records the child, thread 0 moves the query to it; at the leaf the
// thread whose key equals the query copies the record's value.
// Rodinia builds the tree on the host by insertion and flattens it level by
// level; here btreeBuild bulk-loads the same flattened layout from the sorted
// keys 1..nrecords (record r has key r + 1): root first, then each level in
// order, every node full but the last of its level. An internal node's
// keys[t] is the smallest key under child t, unused slots hold INT_MAX
// (so keys[t] <= k < keys[t + 1] picks exactly one child).
#define DEFAULT_ORDER 256
#define MAX_LEVELS 8

typedef struct knode {
    int location;
    int indices[DEFAULT_ORDER + 1];
    int keys[DEFAULT_ORDER + 1];
    bool is_leaf;
    int num_keys;
} knode;

typedef struct record {
    int value;
} record;

extern "C" __global__ void btreeBuild(knode *knodes, int nrecords, int levels)
{
    const int order = DEFAULT_ORDER;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int counts[MAX_LEVELS];
    counts[levels - 1] = (nrecords + order - 1) / order;
    for (int l = levels - 2; l >= 0; l--)
        counts[l] = (counts[l + 1] + order - 1) / order;
    int node = gid / (order + 1), slot = gid % (order + 1);
    int start = 0, level = 0;
    while (level < levels && node >= start + counts[level]) {
        start += counts[level];
        level++;
    }
    if (level == levels)
        return;                               // past the last node
    int pos = node - start, key = 0x7fffffff, index = 0, used;
    if (level == levels - 1) {                // leaf: records pos * order + slot
        int rec = pos * order + slot;
        used = min(order, nrecords - pos * order);
        if (slot < used) {
            key = rec + 1;
            index = rec;
        }
    } else {                                  // internal: children pos * order + slot
        int span = 1;                         // records under one child
        for (int l = level + 1; l < levels; l++)
            span *= order;
        int child = pos * order + slot;
        used = min(order, counts[level + 1] - pos * order);
        if (slot < used) {
            key = child * span + 1;
            index = start + counts[level] + child;
        }
    }
    knodes[node].keys[slot] = key;
    knodes[node].indices[slot] = index;
    if (slot == 0) {
        knodes[node].location = node;
        knodes[node].is_leaf = level == levels - 1;
        knodes[node].num_keys = level == levels - 1 ? used : used - 1;
    }
}

extern "C" __global__ void findK(long height, const knode *knodesD, long knodes_elem,
                                 const record *recordsD, long *currKnodeD, long *offsetD,
                                 const int *keysD, record *ansD)
{
    int thid = threadIdx.x;
    int bid = blockIdx.x;
    for (int i = 0; i < height; i++) {
        if ((knodesD[currKnodeD[bid]].keys[thid]) <= keysD[bid] &&
            (knodesD[currKnodeD[bid]].keys[thid + 1] > keysD[bid])) {
            if (knodesD[offsetD[bid]].indices[thid] < knodes_elem)
                offsetD[bid] = knodesD[offsetD[bid]].indices[thid];
        }
        __syncthreads();
        if (thid == 0)
            currKnodeD[bid] = offsetD[bid];
        __syncthreads();
    }
    if (knodesD[currKnodeD[bid]].keys[thid] == keysD[bid])
        ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value;
}
