/*
 * GREEN's RAC decisions (src/mech/green.c; seed-003 section 6.2), driven
 * through its ops with hand-made events, and the region table it reads
 * (mem/region.h) with the device allocations it is built from
 * (mem/devmem.h): regions in argument order, a repeat once, the 17th
 * unlisted; the training counts per SM and region (HIT_RESERVED a hit,
 * reservation fails and stores not counted); the bits at the threshold
 * (exactly 1% stays cached, just below it bypasses; nothing measured stays
 * cached); each SM's own bits; nothing bypassed in training, after a
 * kernel's end or at the next launch; the region classes; configuration
 * errors. Fig. 51 and 54's statistics: the page slots in region order, the
 * page hit-rate histograms at their tenths' edges, pages past the slots,
 * a kernel left open; the sample columns' names and values.
 */
#include <string.h>

#include "mech_harness.h"
#include "mem/devmem.h"

static gs_config cfg;
static uint64_t buf[1u << 17];   /* with sample rows: 512 KB of them */
static gs_mech_hooks hooks;
static gs_regions regions;
static uint32_t l1_threshold = 100;   /* the default: 1% */
static uint32_t page_slots, page_bytes = 4096, sample_cycles;

enum { R0 = 0x10000000, R1 = 0x10010000, OUTSIDE = 0x20000000, TRAIN = 1000 };

static gs_status setup_with(uint32_t rac, uint32_t racr, gs_diag *diag)
{
    gs_mech_env env;
    gs_config_defaults(&cfg);
    cfg.perfect_mem = 0;
    cfg.green_rac = rac;
    cfg.green_racr = racr;
    cfg.green_train_cycles = TRAIN;
    cfg.green_l1_threshold = l1_threshold;
    cfg.green_pages = page_slots;
    cfg.green_page_bytes = page_bytes;
    cfg.sample_cycles = sample_cycles;
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.n_sms = 2;
    env.regions = &regions;
    memset(buf, 0, sizeof buf);
    memset(&hooks, 0, sizeof hooks);
    GS_CHECK(gs_mech_green_ops.bytes(&cfg) <= sizeof buf);
    gs_regions_clear(&regions);
    gs_regions_add(&regions, R0, 0x10000);
    gs_regions_add(&regions, R1, 0x8000);
    return gs_mech_green_ops.init(buf, &env, &hooks, diag);
}

static void kernel(unsigned kind, uint64_t cycle)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, cycle);
    hooks.sub.fn(buf, &ev);
}

/* n accesses by SM sm at `kind`'s level to addr, the first `hits` of them hits. */
static void accesses(unsigned kind, uint32_t sm, uint64_t addr, unsigned n, unsigned hits,
                     unsigned hit_outcome)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        gs_event ev;
        gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 10);
        ev.unit = kind == GS_EV_L1D_ACCESS ? sm : 3u;   /* an L2 event's unit is its slice */
        ev.origin.sm = (uint16_t)sm;
        ev.addr = addr + 128u * i;
        ev.outcome = (uint8_t)(i < hits ? hit_outcome : GS_OUTCOME_MISS);
        hooks.sub.fn(buf, &ev);
    }
}

static void one(unsigned kind, uint32_t sm, uint64_t addr, unsigned outcome, int write)
{
    gs_event ev;
    gs_event_clear(&ev, kind, GS_DOMAIN_CORE, 10);
    ev.unit = kind == GS_EV_L1D_ACCESS ? sm : 3u;
    ev.origin.sm = (uint16_t)sm;
    ev.addr = addr;
    ev.outcome = (uint8_t)outcome;
    ev.is_write = (uint8_t)write;
    hooks.sub.fn(buf, &ev);
}

static uint32_t ask(unsigned level, uint32_t sm, uint64_t addr, int write)
{
    gs_decide_in in;
    memset(&in, 0, sizeof in);
    in.level = (uint8_t)level;
    in.unit = level == GS_LEVEL_L1D ? sm : 5u;
    in.origin.sm = (uint16_t)sm;
    in.addr = addr;
    in.is_write = (uint8_t)write;
    return hooks.decider.decide(buf, &in);
}

static uint64_t stat(const char *name)
{
    return mh_stat(&gs_mech_green_ops, buf, name);
}

static void test_regions(void)
{
    gs_regions r;
    uint32_t i;
    gs_regions_clear(&r);
    gs_regions_add(&r, 0x1000, 0x100);
    gs_regions_add(&r, 0x3000, 0x10);
    gs_regions_add(&r, 0x1000, 0x100);     /* a repeat: once */
    GS_CHECK_EQ(2u, r.count);
    GS_CHECK_EQ(0u, gs_region_of(&r, 0x1000));
    GS_CHECK_EQ(0u, gs_region_of(&r, 0x10FF));
    GS_CHECK_EQ(GS_REGION_NONE, gs_region_of(&r, 0x1100));
    GS_CHECK_EQ(1u, gs_region_of(&r, 0x300F));
    GS_CHECK_EQ(GS_REGION_NONE, gs_region_of(&r, 0x2FFF));
    for (i = 0; i < 15u; i++)
        gs_regions_add(&r, 0x10000u + 0x100u * i, 0x100);
    GS_CHECK_EQ(16u, r.count);             /* the 17th object is unlisted */
    GS_CHECK_EQ(1u, r.unlisted);
    GS_CHECK_EQ(15u, gs_region_of(&r, 0x10D80));
    GS_CHECK_EQ(GS_REGION_NONE, gs_region_of(&r, 0x10E00));
}

static void test_allocation_log(void)
{
    static uint64_t mem_arena[1u << 12];
    gs_devmem mem;
    gs_devmem_config mc;
    gs_arena arena;
    gs_diag diag;
    uint64_t a, b, c, base = 0, bytes = 0;
    mc.page_bytes = 4096;
    mc.page_count = 4;
    mc.address_bytes = 1u << 20;
    gs_arena_init(&arena, mem_arena, sizeof mem_arena);
    GS_CHECK_EQ(GS_OK, gs_devmem_init(&mem, &mc, &arena, &diag));
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 1000, &a, &diag));
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 0, &b, &diag));
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 300, &c, &diag));
    GS_CHECK_EQ(3u, mem.allocs);
    GS_CHECK_EQ(1, gs_devmem_allocation_of(&mem, a + 999u, &base, &bytes));
    GS_CHECK_EQ(a, base);
    GS_CHECK_EQ(1000u, bytes);
    GS_CHECK_EQ(0, gs_devmem_allocation_of(&mem, a + 1000u, &base, &bytes));   /* padding */
    GS_CHECK_EQ(0, gs_devmem_allocation_of(&mem, b, &base, &bytes));   /* 0 bytes: nothing */
    GS_CHECK_EQ(1, gs_devmem_allocation_of(&mem, c, &base, &bytes));
    GS_CHECK_EQ(c, base);
    GS_CHECK_EQ(300u, bytes);
    GS_CHECK_EQ(0, gs_devmem_allocation_of(&mem, a - 1u, &base, &bytes));
}

static void test_training_and_threshold(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    GS_CHECK(hooks.decider.decide != NULL);
    GS_CHECK_EQ((1u << GS_LEVEL_L1D) | (1u << GS_LEVEL_L2), hooks.decider.levels);
    kernel(GS_EV_KERNEL_LAUNCH, 500);
    GS_CHECK_EQ(500u + TRAIN - 1u, *hooks.sub.wake_at);
    /* SM 0, L1: R0 100 loads with 1 hit (exactly 1%: stays); R1 101 loads
     * with 1 hit (just below: bypassed); a reservation fail and stores do
     * not count. */
    accesses(GS_EV_L1D_ACCESS, 0, R0, 100, 1, GS_OUTCOME_HIT);
    accesses(GS_EV_L1D_ACCESS, 0, R1, 101, 1, GS_OUTCOME_HIT_RESERVED);
    one(GS_EV_L1D_ACCESS, 0, R0, GS_OUTCOME_RESERVATION_FAIL, 0);
    one(GS_EV_L1D_ACCESS, 0, R0 + 64u, GS_OUTCOME_MISS, 1);
    /* SM 0, L2: R0 200 reads with 1 hit (bypassed); R1 never read at the L2 */
    accesses(GS_EV_L2_ACCESS, 0, R0, 200, 1, GS_OUTCOME_HIT);
    one(GS_EV_L2_ACCESS, 0, R1, GS_OUTCOME_MISS, 1);     /* a write: not counted */
    /* SM 1: R1 with 50% hits at both levels */
    accesses(GS_EV_L1D_ACCESS, 1, R1, 10, 5, GS_OUTCOME_HIT);
    accesses(GS_EV_L2_ACCESS, 1, R1, 10, 5, GS_OUTCOME_HIT);
    /* nothing is bypassed in training */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R1, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, R0, 0));
    mh_wake(&hooks, buf, 500u + TRAIN - 1u);
    GS_CHECK_EQ(1u, stat("green_trainings"));
    GS_CHECK_EQ(1u, stat("green_l1_bypass_bits"));
    GS_CHECK_EQ(1u, stat("green_l2_bypass_bits"));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R0, 0));
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L1D, 0, R1 + 0x7F80u, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R1 + 0x8000u, 0));   /* past R1 */
    GS_CHECK_EQ(GS_DECIDE_BYPASS, ask(GS_LEVEL_L2, 0, R0, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, R1, 0));    /* nothing measured */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, R0, 1));    /* writes never */
    /* SM 1 has its own bits: R1 cached at both levels */
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 1, R1, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 1, R0, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, OUTSIDE, 0));
    GS_CHECK_EQ(1u, stat("green_l1_bypassed_loads"));
    GS_CHECK_EQ(1u, stat("green_l2_bypassed_reads"));
    GS_CHECK_EQ(2u, stat("green_unregioned_loads"));   /* past R1, OUTSIDE */
    /* classes at the kernel's end: R0 loaded and stored (RW), R1 loaded (RO) */
    kernel(GS_EV_KERNEL_FINISH, 5000);
    GS_CHECK_EQ(GS_WAKE_NONE, *hooks.sub.wake_at);
    GS_CHECK_EQ(1u, stat("green_regions_read_write"));
    GS_CHECK_EQ(1u, stat("green_regions_read_only"));
    GS_CHECK_EQ(0u, stat("green_regions_write_only"));
    GS_CHECK_EQ(2u, stat("green_regions"));
    /* the next launch starts over: no bits until its own training ends */
    kernel(GS_EV_KERNEL_LAUNCH, 6000);
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R1, 0));
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L2, 0, R0, 0));
    mh_wake(&hooks, buf, 6000u + TRAIN - 1u);
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R1, 0));   /* nothing measured */
    GS_CHECK_EQ(2u, stat("green_kernels"));
    GS_CHECK_EQ(4u, stat("green_regions"));
    GS_CHECK_EQ(~(uint64_t)0, stat("green_l2_resizes"));   /* RACR off: no RACR statistics */
}

static void test_threshold_option(void)
{
    gs_diag diag;
    l1_threshold = 0;
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    l1_threshold = 100;
    kernel(GS_EV_KERNEL_LAUNCH, 0);
    accesses(GS_EV_L1D_ACCESS, 0, R1, 50, 0, GS_OUTCOME_HIT);   /* no hit at all */
    mh_wake(&hooks, buf, TRAIN - 1u);
    GS_CHECK_EQ(GS_DECIDE_DEFAULT, ask(GS_LEVEL_L1D, 0, R1, 0));    /* 0: never */
    GS_CHECK_EQ(0u, stat("green_l1_bypass_bits"));
}

static void test_config_errors(void)
{
    gs_diag diag;
    GS_CHECK_EQ(GS_E_CONFIG, setup_with(0, 0, &diag));
    GS_CHECK_STR("green with -gs_green_rac 0 and -gs_green_racr off does nothing: turn one "
                 "on", diag.message);
    GS_CHECK_EQ(GS_E_CONFIG, setup_with(0, 2, &diag));
    GS_CHECK_STR("-gs_green_racr full sizes the L2 for the regions RAC bypasses: it needs "
                 "-gs_green_rac 1 (or use -gs_green_racr naive)", diag.message);
    GS_CHECK_EQ(GS_E_CONFIG, setup_with(1, 1, &diag));   /* no memory system to resize */
    GS_CHECK_STR("-gs_green_racr resizes the L2: it needs an L2 (-gpgpu_cache:dl2) in normal "
                 "mode (-gs_l2_mode 0)", diag.message);
}

/* n lookups by SM 0 at `kind`'s level of the one line at addr, `hits` of them hits. */
static void same_line(unsigned kind, uint64_t addr, unsigned n, unsigned hits)
{
    unsigned i;
    for (i = 0; i < n; i++)
        one(kind, 0, addr, i < hits ? GS_OUTCOME_HIT : GS_OUTCOME_MISS, 0);
}

static void test_page_histograms(void)
{
    gs_diag diag;
    page_slots = 20;   /* R0's 16 pages, then R1's first 4 of 8 */
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    page_slots = 0;
    kernel(GS_EV_KERNEL_LAUNCH, 0);
    same_line(GS_EV_L1D_ACCESS, R0, 10, 5);                 /* 50%: 50_60 */
    same_line(GS_EV_L1D_ACCESS, R0 + 0x1000, 10, 10);       /* 100%: the top tenth */
    same_line(GS_EV_L1D_ACCESS, R0 + 0x2fc0, 1000, 99);     /* 9.9%: 0_10 */
    same_line(GS_EV_L1D_ACCESS, R0 + 0x3000, 1000, 100);    /* 10%: 10_20 */
    one(GS_EV_L1D_ACCESS, 0, R0 + 0x4000, GS_OUTCOME_HIT_RESERVED, 0);   /* a hit: 90_100 */
    one(GS_EV_L1D_ACCESS, 0, R0 + 0x5000, GS_OUTCOME_RESERVATION_FAIL, 0);   /* not counted */
    one(GS_EV_L1D_ACCESS, 0, R0 + 0x6000, GS_OUTCOME_HIT, 1);   /* a store: not counted */
    same_line(GS_EV_L2_ACCESS, R1 + 0x3fff, 3, 1);          /* R1's 4th page, 33%: 30_40 */
    same_line(GS_EV_L2_ACCESS, R1 + 0x4000, 7, 7);          /* its 5th: no slot */
    same_line(GS_EV_L1D_ACCESS, OUTSIDE, 4, 4);             /* no region: nothing */
    kernel(GS_EV_KERNEL_FINISH, 5000);
    GS_CHECK_EQ(6u, stat("green_pages_tracked"));
    GS_CHECK_EQ(7u, stat("green_pages_untracked_lookups"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_50_60"));
    GS_CHECK_EQ(2u, stat("green_pages_r0_l1_hit_90_100"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_0_10"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_10_20"));
    GS_CHECK_EQ(0u, stat("green_pages_r0_l2_hit_0_10"));
    GS_CHECK_EQ(1u, stat("green_pages_r1_l2_hit_30_40"));
    GS_CHECK_EQ(0u, stat("green_pages_r1_l1_hit_90_100"));
    /* the next kernel starts from zero; one a cap stopped adds its pages at report */
    kernel(GS_EV_KERNEL_LAUNCH, 6000);
    same_line(GS_EV_L1D_ACCESS, R0, 4, 1);                  /* 25%: 20_30 */
    GS_CHECK_EQ(7u, stat("green_pages_tracked"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_50_60"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_20_30"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_20_30"));   /* reporting twice adds nothing */
}

static void test_page_bytes_error(void)
{
    gs_diag diag;
    page_slots = 8;
    page_bytes = 3000;
    GS_CHECK_EQ(GS_E_CONFIG, setup_with(1, 0, &diag));
    GS_CHECK_STR("green: -gs_green_page_bytes 3000 is not a power of two", diag.message);
    page_bytes = 65536;   /* one page per region: R0 is one page, R1 half of one */
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    page_slots = 0;
    page_bytes = 4096;
    kernel(GS_EV_KERNEL_LAUNCH, 0);
    same_line(GS_EV_L1D_ACCESS, R0 + 0xffc0, 2, 2);
    same_line(GS_EV_L1D_ACCESS, R1 + 0x7fc0, 2, 0);
    kernel(GS_EV_KERNEL_FINISH, 100);
    GS_CHECK_EQ(2u, stat("green_pages_tracked"));
    GS_CHECK_EQ(1u, stat("green_pages_r0_l1_hit_90_100"));
    GS_CHECK_EQ(1u, stat("green_pages_r1_l1_hit_0_10"));
    GS_CHECK_EQ(0u, stat("green_pages_untracked_lookups"));
}

static void test_sample_columns(void)
{
    gs_diag diag;
    char name[GS_STAT_NAME_MAX];
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    GS_CHECK_EQ(0u, hooks.samples.columns);   /* without -gs_sample_cycles: none */
    sample_cycles = 100;
    GS_CHECK_EQ(GS_OK, setup_with(1, 0, &diag));
    sample_cycles = 0;
    GS_CHECK_EQ(64u, hooks.samples.columns);
    hooks.samples.name(buf, 0, name, sizeof name);
    GS_CHECK_STR("green_r0_l1_loads", name);
    hooks.samples.name(buf, 7, name, sizeof name);
    GS_CHECK_STR("green_r1_l2_hits", name);
    hooks.samples.name(buf, 62, name, sizeof name);
    GS_CHECK_STR("green_r15_l2_reads", name);
    kernel(GS_EV_KERNEL_LAUNCH, 0);
    same_line(GS_EV_L1D_ACCESS, R1, 5, 2);
    hooks.samples.take(buf, 0);
    same_line(GS_EV_L1D_ACCESS, R1, 3, 3);
    same_line(GS_EV_L2_ACCESS, R0, 4, 1);
    hooks.samples.take(buf, 1);
    one(GS_EV_L2_ACCESS, 0, R0, GS_OUTCOME_HIT, 0);
    GS_CHECK_EQ(5u, hooks.samples.value(buf, 0, 4));   /* r1 L1 loads */
    GS_CHECK_EQ(2u, hooks.samples.value(buf, 0, 5));   /* r1 L1 hits */
    GS_CHECK_EQ(0u, hooks.samples.value(buf, 0, 2));   /* r0 L2 reads */
    GS_CHECK_EQ(8u, hooks.samples.value(buf, 1, 4));
    GS_CHECK_EQ(5u, hooks.samples.value(buf, 1, 5));
    GS_CHECK_EQ(4u, hooks.samples.value(buf, 1, 2));
    GS_CHECK_EQ(1u, hooks.samples.value(buf, 1, 3));
    GS_CHECK_EQ(5u, hooks.samples.value(buf, GS_MECH_SAMPLE_NOW, 2));   /* now */
    GS_CHECK_EQ(2u, hooks.samples.value(buf, GS_MECH_SAMPLE_NOW, 3));
}

int main(void)
{
    GS_RUN(test_regions);
    GS_RUN(test_allocation_log);
    GS_RUN(test_training_and_threshold);
    GS_RUN(test_threshold_option);
    GS_RUN(test_config_errors);
    GS_RUN(test_page_histograms);
    GS_RUN(test_page_bytes_error);
    GS_RUN(test_sample_columns);
    return gs_check_report();
}
