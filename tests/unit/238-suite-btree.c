/*
 * B+tree (examples/suite/btree: Rodinia b+tree's key lookup, btree_lookup):
 * the small workload builds a 3-level order-256 tree of keys 1..100000 on
 * the device and looks up 1000 seeded keys. Checks, exactly: the flattened node array against a C
 * bulk-load of the same layout; each answer is the record of the key (or
 * -1 above the largest key); each query ends at the leaf holding its key
 * (the last leaf when above).
 */
#include "check.h"
#include "wlb_suite.h"

#define ORDER 256u
#define NODE_WORDS 517u           /* sizeof(tree_node) / 4: 4 + 2 * 1028 + 4 + 4 bytes */
#define NREC 100000u
#define NQ 1000u
#define LEAF0 3u                  /* root, 2 internal nodes, then 391 leaves */
#define NODES 394u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;

/* Node `node` of the layout: self, child[], key[], leaf, count. */
static void expect_node(uint32_t node, uint32_t *w)
{
    uint32_t t, used;
    int leaf = node >= LEAF0, internal_root = node == 0;
    uint32_t pos = leaf ? node - LEAF0 : node - 1u;
    uint32_t span = leaf ? 1u : (internal_root ? 65536u : 256u);
    uint32_t children = leaf ? NREC : (internal_root ? 2u : 391u);
    uint32_t child_start = leaf ? 0 : (internal_root ? 1u : LEAF0);
    if (internal_root)
        pos = 0;
    used = children - pos * ORDER < ORDER ? children - pos * ORDER : ORDER;
    memset(w, 0, NODE_WORDS * 4u);
    w[0] = node;
    for (t = 0; t <= ORDER; t++) {
        w[1u + ORDER + 1u + t] = t < used ? (pos * ORDER + t) * span + 1u : 0x7FFFFFFFu;
        w[1u + t] = t < used ? (leaf ? pos * ORDER + t : child_start + pos * ORDER + t) : 0;
    }
    w[NODE_WORDS - 2u] = leaf ? 1u : 0u;   /* bool is_leaf (low byte), zero padding */
    w[NODE_WORDS - 1u] = leaf ? used : used - 1u;
}

static void test_btree_small(void)
{
    uint32_t *records, *keys, *nodes, *ans, want[NODE_WORDS], q, node, bad = 0;
    uint64_t curr[NQ];
    GS_CHECK_EQ(GS_OK, wlb_run("btree", "small", &wl, &host, &arena, &state));
    GS_CHECK_EQ(NODES * NODE_WORDS, wlb_count(&wl, "nodes"));
    GS_CHECK_EQ(NQ, wlb_count(&wl, "keys"));
    nodes = wlb_result32(&host, &wl, &state, "nodes");
    for (node = 0; node < NODES; node++) {
        expect_node(node, want);
        bad += test_diff32("node", want, nodes + node * NODE_WORDS, NODE_WORDS);
    }
    GS_CHECK_EQ(0u, bad);
    records = wlb_initial32(&wl, "records");
    keys = wlb_initial32(&wl, "keys");
    ans = wlb_result32(&host, &wl, &state, "ans");
    gs_host_read_u64(&host, curr, state.address[test_buffer(&wl, "cursor")], NQ);
    for (q = 0, bad = 0; q < NQ; q++) {
        uint32_t k = keys[q], hit = k <= NREC;
        uint32_t expect_ans = hit ? records[k - 1u] : 0xFFFFFFFFu;
        uint64_t leaf = LEAF0 + ((hit ? k : NREC) - 1u) / ORDER;
        if (ans[q] != expect_ans || curr[q] != leaf)
            if (bad++ < 4u)
                printf("  query %u key %u: ans %d leaf %lu\n", q, k, (int)ans[q],
                       (unsigned long)curr[q]);
    }
    GS_CHECK_EQ(0u, bad);
    for (q = 0, bad = 0; q < NQ; q++)
        bad += keys[q] > NREC;
    GS_CHECK(bad > 20u && bad < 100u);   /* some misses, about 1 in 17 */
    free(records); free(keys); free(nodes); free(ans);
}

int main(void)
{
    GS_RUN(test_btree_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
