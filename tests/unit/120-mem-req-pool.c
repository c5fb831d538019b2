/* Memory-request pool: free list order, exhaustion as back-pressure, reuse
 * (DESIGN.md section 3; mem/req_pool.h). */
#include "check.h"
#include "base/arena.h"
#include "mem/req_pool.h"

static uint64_t buffer[1024];

static void test_alloc_until_full(void)
{
    gs_arena a;
    gs_req_pool pool;
    gs_diag diag;
    gs_mem_req *r0, *r1, *r2;
    gs_arena_init(&a, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_req_pool_init(&pool, &a, 3, &diag));
    GS_CHECK_EQ(gs_req_pool_bytes(3), a.used_bytes);
    r0 = gs_req_pool_alloc(&pool);
    r1 = gs_req_pool_alloc(&pool);
    r2 = gs_req_pool_alloc(&pool);
    GS_CHECK(r0 != NULL && r1 != NULL && r2 != NULL);
    if (r0 == NULL || r1 == NULL || r2 == NULL)
        return;
    GS_CHECK_EQ(0, r0->pool_index);
    GS_CHECK_EQ(1, r1->pool_index);
    GS_CHECK_EQ(2, r2->pool_index);
    GS_CHECK_EQ(1, r0->merge_count);
    GS_CHECK(gs_req_pool_alloc(&pool) == NULL);     /* full: back-pressure */
    GS_CHECK_EQ(1, pool.n_refused);
    GS_CHECK_EQ(3, pool.n_alloc);
    GS_CHECK_EQ(3, pool.in_use);
    GS_CHECK_EQ(3, pool.high_water);
}

static void test_free_list_reuse_is_lifo_and_zeroed(void)
{
    gs_arena a;
    gs_req_pool pool;
    gs_mem_req *r[4];
    uint32_t i;
    gs_arena_init(&a, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_OK, gs_req_pool_init(&pool, &a, 4, NULL));
    for (i = 0; i < 4; i++)
        r[i] = gs_req_pool_alloc(&pool);
    r[1]->line_addr = 0x1234;
    r[1]->merge_count = 7;
    gs_req_pool_free(&pool, r[1]);
    gs_req_pool_free(&pool, r[3]);
    GS_CHECK_EQ(2, pool.in_use);
    GS_CHECK(gs_req_pool_alloc(&pool) == r[3]);     /* last freed first */
    GS_CHECK(gs_req_pool_alloc(&pool) == r[1]);
    GS_CHECK_EQ(0, r[1]->line_addr);
    GS_CHECK_EQ(1, r[1]->merge_count);
    GS_CHECK_EQ(1, r[1]->pool_index);
    GS_CHECK(gs_req_pool_alloc(&pool) == NULL);
    GS_CHECK_EQ(4, pool.high_water);
}

static void test_init_errors(void)
{
    gs_arena a;
    gs_req_pool pool;
    gs_diag diag;
    gs_arena_init(&a, buffer, sizeof buffer);
    GS_CHECK_EQ(GS_E_CONFIG, gs_req_pool_init(&pool, &a, 0, &diag));
    GS_CHECK(gs_req_pool_alloc(&pool) == NULL);
    GS_CHECK_EQ(GS_E_ARENA, gs_req_pool_init(&pool, &a, 100000, &diag));
    GS_CHECK_STR("arena too small for a pool of 100000 memory requests", diag.message);
}

int main(void)
{
    GS_RUN(test_alloc_until_full);
    GS_RUN(test_free_list_reuse_is_lifo_and_zeroed);
    GS_RUN(test_init_errors);
    return gs_check_report();
}
