// B+tree: models the key-lookup kernel of Rodinia's b+tree benchmark (its
// "k" command). Shape kept from the benchmark: one CTA per query and one
// thread per key slot of a node (order = 256 threads); per tree level,
// each thread checks whether the query falls in its slot's key interval
// of the query's current node (reading the node's key array from global
// memory), the one thread that matches records the child in the query's
// `next` word, a barrier, thread 0 copies `next` to the query's `cursor`
// word, a barrier; at the leaf, the thread whose key equals the query
// copies the record's value to the answer. Nodes use the benchmark's
// flattened array-of-structs layout (a node index, order + 1 child
// indices, order + 1 keys, a leaf flag, a key count: 2068 bytes), which
// the workload's buffer sizes assume.
// Departure: Rodinia builds the tree on the host by repeated insertion and
// flattens it level by level; here btreeBuild bulk-loads the same
// flattened layout on the device from the sorted keys 1..nrecords (record
// r has key r + 1): root first, then each level in order, every node full
// but the last of its level. An internal node's key[t] is the smallest key
// under child t, unused slots hold INT_MAX (so key[t] <= k < key[t + 1]
// picks exactly one child).
#define TREE_ORDER 256
#define MAX_LEVELS 8

typedef struct tree_node {
    int self;                       // this node's index
    int child[TREE_ORDER + 1];      // child node (internal) or record (leaf)
    int key[TREE_ORDER + 1];
    bool leaf;
    int count;                      // keys in use (internal: children - 1)
} tree_node;

typedef struct tree_record {
    int value;
} tree_record;

extern "C" __global__ void btreeBuild(tree_node *nodes, int nrecords, int levels)
{
    const int order = TREE_ORDER;
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
    nodes[node].key[slot] = key;
    nodes[node].child[slot] = index;
    if (slot == 0) {
        nodes[node].self = node;
        nodes[node].leaf = level == levels - 1;
        nodes[node].count = level == levels - 1 ? used : used - 1;
    }
}

// Query q = blockIdx.x walks `levels` levels down from node cursor[q]
// (next[q] starts equal to it); slot = threadIdx.x. Slot t of a node
// covers the keys key[t] <= k < key[t + 1]. Children at or past nodeCount
// are never taken. found[q] gets the value of the record whose key equals
// the query, and stays as it was when the leaf has no such key.
extern "C" __global__ void btree_lookup(long levels, const tree_node *nodes, long nodeCount,
                                        const tree_record *records, long *cursor, long *next,
                                        const int *queries, tree_record *found)
{
    const int q = blockIdx.x;
    const int slot = threadIdx.x;
    long *myCursor = cursor + q;
    long *myNext = next + q;

    for (long lvl = 0; lvl < levels; ++lvl) {
        const int *keys = nodes[*myCursor].key;
        const int from = keys[slot];
        const int k = queries[q];
        if (from <= k && k < keys[slot + 1]) {
            const long down = nodes[*myNext].child[slot];
            if (down < nodeCount)
                *myNext = down;
        }
        __syncthreads();
        if (slot == 0)
            *myCursor = *myNext;
        __syncthreads();
    }

    const tree_node *at = nodes + *myCursor;
    if (at->key[slot] == queries[q])
        found[q].value = records[at->child[slot]].value;
}
