/*
 * CTA dispatch (src/core/cta_dispatch.c; seed-004 section 1.6): exact
 * round-robin placement (one CTA per SM per dispatch cycle, starting one past
 * the last SM served), resources filling up, a finished CTA's resources
 * reused by the next CTA on that SM, and kernels serialised in launch order.
 */
#include "check.h"
#include "core/cta_dispatch.h"

static uint64_t arena_buffer[2048];

static void make(gs_cta_dispatch *d, uint32_t sms)
{
    gs_arena arena;
    gs_diag diag;
    gs_cta_params p;
    p.num_sms = sms;
    p.warp_size = 32;
    p.max_threads_per_sm = 1536;
    p.max_ctas_per_sm = 8;
    p.registers_per_sm = 32768;
    p.shmem_bytes_per_sm = 49152;
    p.max_kernels = 2;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    GS_CHECK_EQ(GS_OK, gs_cta_dispatch_init(d, &p, &arena, &diag));
}

static uint32_t launch(gs_cta_dispatch *d, uint32_t ctas, uint32_t threads, uint32_t regs)
{
    gs_kernel_shape k;
    gs_diag diag;
    uint32_t index = 99;
    k.num_ctas = ctas;
    k.threads_per_cta = threads;
    k.regs_per_thread = regs;
    k.shmem_bytes_per_cta = 0;
    GS_CHECK_EQ(GS_OK, gs_cta_launch(d, &k, &index, &diag));
    return index;
}

/* 10 CTAs of 8 warps, 4 fit per SM (registers), 3 SMs. */
static void test_round_robin_order(void)
{
    static const uint32_t want_sm[10] = { 0, 1, 2, 0, 1, 2, 0, 1, 2, 0 };
    static const uint32_t per_cycle[5] = { 3, 3, 3, 1, 0 };
    gs_cta_dispatch d;
    gs_cta_placement out[3];
    uint32_t cycle, i, seen = 0;
    make(&d, 3);
    GS_CHECK_EQ(0, launch(&d, 10, 256, 32));
    for (cycle = 0; cycle < 5; cycle++) {
        uint32_t n = gs_cta_dispatch_cycle(&d, out);
        GS_CHECK_EQ(per_cycle[cycle], n);
        for (i = 0; i < n; i++, seen++) {
            GS_CHECK_EQ(seen, out[i].cta_id);
            GS_CHECK_EQ(want_sm[seen], out[i].sm);
            GS_CHECK_EQ(cycle, out[i].cta_slot);
            GS_CHECK_EQ((uint64_t)0xFF << (8u * cycle), out[i].warp_mask);
            GS_CHECK_EQ(8, out[i].num_warps);
        }
    }
    GS_CHECK_EQ(4, gs_cta_sm_state(&d, 0)->ctas_used);
    GS_CHECK_EQ(32768, gs_cta_sm_state(&d, 0)->regs_used);
    GS_CHECK_EQ(1024, gs_cta_sm_state(&d, 0)->threads_used);
    GS_CHECK_EQ(3, gs_cta_sm_state(&d, 2)->ctas_used);
    GS_CHECK_EQ(10, d.ctas_dispatched);
}

/* Full SMs take nothing; a finished CTA's place goes to the next CTA. */
static void test_finish_frees_resources(void)
{
    gs_cta_dispatch d;
    gs_cta_placement out[3];
    uint32_t cycle;
    make(&d, 3);
    launch(&d, 20, 256, 32);
    for (cycle = 0; cycle < 4; cycle++)
        GS_CHECK_EQ(3, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(0, gs_cta_dispatch_cycle(&d, out));    /* 12 resident, all full */
    GS_CHECK_EQ(0, gs_cta_finish(&d, 1, 0));            /* CTA 1 ends */
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(12, out[0].cta_id);
    GS_CHECK_EQ(1, out[0].sm);
    GS_CHECK_EQ(0, out[0].cta_slot);
    GS_CHECK_EQ(0xFF, out[0].warp_mask);                /* CTA 1's warps again */
    /* two SMs free up; the next cycle starts at SM 2 (one past SM 1) */
    gs_cta_finish(&d, 0, 2);                            /* CTA 6: warps 16..23 */
    gs_cta_finish(&d, 2, 3);                            /* CTA 11: warps 24..31 */
    GS_CHECK_EQ(2, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(13, out[0].cta_id);
    GS_CHECK_EQ(2, out[0].sm);
    GS_CHECK_EQ(3, out[0].cta_slot);
    GS_CHECK_EQ(0xFF000000ull, out[0].warp_mask);
    GS_CHECK_EQ(14, out[1].cta_id);
    GS_CHECK_EQ(0, out[1].sm);
    GS_CHECK_EQ(0xFF0000ull, out[1].warp_mask);
}

/* Holes are refilled lowest CTA slot and lowest warp slots first. */
static void test_lowest_free_slots(void)
{
    gs_cta_dispatch d;
    gs_cta_placement out[1];
    make(&d, 1);
    launch(&d, 6, 64, 0);                  /* 2 warps each, slot-limited to 8 */
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));    /* warps 0,1 */
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));    /* warps 2,3 */
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));    /* warps 4,5 */
    gs_cta_finish(&d, 0, 0);
    gs_cta_finish(&d, 0, 2);
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(0, out[0].cta_slot);
    GS_CHECK_EQ(0x3, out[0].warp_mask);
    GS_CHECK_EQ(1, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(2, out[0].cta_slot);
    GS_CHECK_EQ(0x30, out[0].warp_mask);
    GS_CHECK_EQ(4, out[0].cta_id);
}

static void test_kernels_in_order(void)
{
    gs_cta_dispatch d;
    gs_cta_placement out[3];
    gs_kernel_shape k = { 1, 32, 0, 0 };
    gs_diag diag;
    uint32_t index;
    make(&d, 3);
    GS_CHECK_EQ(0, launch(&d, 2, 256, 32));
    GS_CHECK_EQ(1, launch(&d, 2, 128, 16));
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_launch(&d, &k, &index, &diag));
    GS_CHECK_STR("more than 2 kernel launches (raise the kernel queue limit)", diag.message);
    GS_CHECK_EQ(2, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(0, out[1].kernel);
    GS_CHECK_EQ(1, out[1].sm);
    GS_CHECK_EQ(0, gs_cta_dispatch_cycle(&d, out));    /* kernel 1 waits for kernel 0 */
    GS_CHECK_EQ(0, gs_cta_finish(&d, 0, 0));
    GS_CHECK_EQ(0, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(0, gs_cta_kernel_done(&d, 0));
    GS_CHECK_EQ(1, gs_cta_finish(&d, 1, 0));            /* kernel 0 complete */
    GS_CHECK_EQ(1, gs_cta_kernel_done(&d, 0));
    GS_CHECK_EQ(2, gs_cta_dispatch_cycle(&d, out));
    GS_CHECK_EQ(1, out[0].kernel);
    GS_CHECK_EQ(2, out[0].sm);                          /* one past SM 1 */
    GS_CHECK_EQ(0, out[0].cta_id);
    GS_CHECK_EQ(0, out[1].sm);
    GS_CHECK_EQ(0xF, out[1].warp_mask);
    GS_CHECK_EQ(0, gs_cta_all_done(&d));
    gs_cta_finish(&d, 2, 0);
    GS_CHECK_EQ(1, gs_cta_finish(&d, 0, 0));
    GS_CHECK_EQ(1, gs_cta_all_done(&d));
    GS_CHECK_EQ(0, gs_cta_sm_state(&d, 0)->regs_used);
    GS_CHECK_EQ(0xFFFFFFFFFFFFull, gs_cta_sm_state(&d, 0)->free_warps);
}

static void test_bad_params(void)
{
    gs_arena arena;
    gs_diag diag;
    gs_cta_dispatch d;
    gs_cta_params p = { 2, 32, 4096, 8, 65536, 49152, 1 };
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_dispatch_init(&d, &p, &arena, &diag));
    GS_CHECK_STR("-gpgpu_shader_core_pipeline 4096:32: threads must be a nonzero multiple "
                 "of the warp size and at most 64 warps", diag.message);
    p.max_threads_per_sm = 2048;
    p.max_ctas_per_sm = 65;
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_dispatch_init(&d, &p, &arena, &diag));
    GS_CHECK_STR("-gpgpu_shader_cta 65 must be 1..64", diag.message);
}

int main(void)
{
    GS_RUN(test_round_robin_order);
    GS_RUN(test_finish_frees_resources);
    GS_RUN(test_lowest_free_slots);
    GS_RUN(test_kernels_in_order);
    GS_RUN(test_bad_params);
    return gs_check_report();
}
