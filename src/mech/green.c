/*
 * green: the GREEN cache of seed 003 (Ch. VII, spec section 6), GPU-only:
 * region-aware caching (RAC, section 6.2) and region-aware L2 resizing
 * (RACR, section 6.3). A region is a memory object of the running kernel
 * (mem/region.h: the allocations its pointer arguments name, or a trace's
 * copied ranges; at most 16).
 *
 * RAC. At each kernel launch the per-region table is reset and a training
 * period of -gs_green_train_cycles core cycles (100,000) starts, during
 * which the caches work normally and each SM counts, per region, its loads
 * at the L1D and their hits, and its reads at the L2 and their hits (the
 * table of Fig. 52). At the end of training each SM sets, per region, a
 * bypass-L1 and a bypass-L2 bit: a level is bypassed when the region's hit
 * rate there is below the threshold (-gs_green_l1_threshold,
 * -gs_green_l2_threshold, in hundredths of a percent). For the rest of the
 * kernel each request carries its region's two bits: a load whose SM
 * bypasses its region at the L1 goes around the L1 (the .cg path), a read
 * whose SM bypasses its region at the L2 goes straight to DRAM and fills
 * nothing (base/event.h BYPASS). There is no retraining within a kernel.
 *
 * RACR (-gs_green_racr). At launch the L2 keeps
 * ceil(total_region_size / L2_size x assoc) ways, in [1, assoc] (Eq. 19,
 * RACR-Naive); with `full`, once training ends it keeps
 * ceil((total - bypassed_region_size) / L2_size x assoc) (Eq. 20-22,
 * RACR-Bypass). Ways switched off write their dirty lines back through the
 * L2's miss queue, one per slice and L2 cycle, visiting only sets that hold
 * dirty lines (the per-set dirty bit vector; mem/cache.h
 * gs_cache_resize_ways); ways switched on come back empty.
 *
 * Decisions (spec section 7 item 14; README "Decisions"):
 * - Threshold: the thesis gives none; Fig. 52 bounds the L2 one between
 *   0.036% and 2.2%. Both default to 1% (100): a region whose hits are below
 *   1% of its accesses at a level gains nothing from caching there. A
 *   region an SM did not access at a level in training stays cached there
 *   (nothing was measured).
 * - What counts: the requests a bypass can affect, those the decider is
 *   asked about (base/event.h): loads of global and local data at the L1,
 *   reads at the L2; a HIT or HIT_RESERVED (an MSHR merge: the line is
 *   coming) is a hit, a MISS is a miss, reservation fails are retried and
 *   count once.
 * - Per-SM vs global table: per SM ("we collect per-region cache
 *   information in the core", section 7.3.6): each SM decides both bits for
 *   its own requests from its own counts; its L2 counts are the L2 reads its
 *   own requests made.
 * - Write bypass: writes and atomics are never bypassed (the decider is not
 *   asked about them): the L2 keeps the only dirty copy, so bypassing reads
 *   needs no coherence action.
 * - Bypassed size (RACR-Bypass): a region counts as bypassed when every SM
 *   that read it at the L2 during training bypasses it there (and one did);
 *   a region any SM still caches needs its L2 space.
 * - Which ways: the highest-numbered ways go off first. Flush cost: one
 *   write-back per slice and L2 cycle into the miss queue, after the cycle's
 *   demand access; lines waiting to be written back are out of every lookup.
 * - L2 size: all slices together (the thesis's L2 is one 4 MB cache).
 * - Region class (RO / WO / RW, from the driver in the thesis): observed,
 *   from the kernel's own loads and stores at the L1D; it is reported, and
 *   no decision uses it.
 *
 * Over time (Fig. 54), with -gs_sample_cycles S: the samples CSV gains, per
 * region id r (0-15), the loads looked up at the L1D and their hits and the
 * reads looked up at the L2 and their hits, all SMs, whole run
 * (green_r<r>_l1_loads, _l1_hits, _l2_reads, _l2_hits); each row gives a
 * period's increase, so hits / lookups is the region's hit rate in it. A
 * region id names the running kernel's r-th object (argument order); a
 * request RAC bypasses at a level is not looked up there and is not counted.
 *
 * Per page (Fig. 51), with -gs_green_pages N: each kernel's regions get up
 * to N page slots of -gs_green_page_bytes bytes, in region order (pages past
 * the N-th are not tracked: their lookups are counted as untracked); at the
 * kernel's end every tracked page with a lookup at a level adds one to its
 * region id's histogram of page hit rates at that level, in tenths
 * (green_pages_r<r>_<level>_hit_<lo>_<hi>, percent; 100% in the top tenth).
 * A flat region, as Fig. 51 shows, puts its pages in one or two tenths.
 *
 * Statistics (green_ prefix): kernels and completed trainings, regions and
 * their classes, bypass bits set per level (summed over SMs and kernels),
 * bypassed requests per level, loads after training in no region (asked at
 * the L1: module globals, local memory, objects past the 16th); with RACR the
 * resizes, the flush's write-backs and dirty sets, the core cycles at each
 * active way count (Eq. 26) and the active cache size (Eq. 27, per mille).
 */
#include <string.h>

#include "base/fmt.h"
#include "mech/mech.h"
#include "mem/memsys.h"

enum { GREEN_L1 = 0, GREEN_L2 = 1, GREEN_LEVELS = 2 };
enum { GREEN_RACR_OFF = 0, GREEN_RACR_NAIVE = 1, GREEN_RACR_FULL = 2 };

/* One SM's training counts for one region (Fig. 52); also a page's counts. */
typedef struct green_count {
    uint64_t accesses[GREEN_LEVELS];
    uint64_t hits[GREEN_LEVELS];
} green_count;

/* Sample columns per region: L1 lookups, L1 hits, L2 lookups, L2 hits. */
#define GREEN_SAMPLE_WORDS 4u
#define GREEN_SAMPLE_COLUMNS (GS_REGIONS_MAX * GREEN_SAMPLE_WORDS)
#define GREEN_TENTHS 10u

typedef struct gs_green {
    const gs_regions *regions;
    gs_memsys *memsys;
    uint32_t n_sms;
    uint32_t rac, racr;
    uint32_t threshold[GREEN_LEVELS];      /* hundredths of a percent */
    uint64_t train_cycles;
    uint64_t wake;                 /* the training's last cycle (wake register) */
    uint32_t training;             /* the running kernel is in its training period */
    uint32_t l2_assoc;
    uint64_t l2_bytes;             /* all slices */
    green_count *count;            /* [n_sms][GS_REGIONS_MAX] */
    uint8_t *bypass;               /* [n_sms][GS_REGIONS_MAX]: bit GREEN_L1, bit GREEN_L2 */
    /* arena layout after the struct: count[], pages[], sample_rows[], the memory
     * system's record of the cycles at each way count (gs_memsys_l2_track_ways), bypass[] */
    uint8_t seen_load[GS_REGIONS_MAX], seen_store[GS_REGIONS_MAX];
    /* RACR */
    uint32_t ways;                 /* active now; the memory system records the cycles at
                                    * each way count (gs_memsys_l2_cycles_at) */
    uint32_t open;                 /* a kernel is running (a cap may leave it so) */
    const uint64_t *core_cycle;    /* the GPU's (env): the report's end of the current
                                    * way count's interval */
    /* statistics */
    uint64_t kernels, trainings, regions_seen, unlisted, class_count[3];
    uint64_t bypass_bits[GREEN_LEVELS], bypassed[GREEN_LEVELS], unregioned, resizes;
    /* over time (Fig. 54): whole-run lookups and hits per region id, and the
     * samples' copies of them ([GS_MECH_MAX_SAMPLES][GREEN_SAMPLE_COLUMNS];
     * NULL without -gs_sample_cycles) */
    uint64_t totals[GREEN_SAMPLE_COLUMNS];
    uint64_t *sample_rows;
    /* per page (Fig. 51): the running kernel's page counts, each region's
     * first slot and slots, and the histograms of finished kernels' pages */
    green_count *pages;            /* [page_slots]; NULL: off */
    uint32_t page_slots, page_shift;
    uint32_t page_first[GS_REGIONS_MAX], page_count[GS_REGIONS_MAX];
    uint32_t regions_max;          /* the most regions one kernel had */
    uint64_t page_hist[GS_REGIONS_MAX][GREEN_LEVELS][GREEN_TENTHS];
    uint64_t pages_untracked;      /* lookups into regions' pages past the slots */
} gs_green;

static uint32_t l2_ways_of(const gs_config *cfg)
{
    return cfg->dl2.enabled ? cfg->dl2.assoc : 0u;
}

static size_t sample_bytes(const gs_config *cfg)
{
    return cfg->sample_cycles ? (size_t)GS_MECH_MAX_SAMPLES * GREEN_SAMPLE_COLUMNS *
                                sizeof(uint64_t) : 0u;
}

static size_t green_bytes(const gs_config *cfg)
{
    size_t slots = (size_t)gs_config_n_sms(cfg) * GS_REGIONS_MAX;
    /* the uint64_t arrays first, the byte array last (alignment) */
    return sizeof(gs_green) + slots * sizeof(green_count) +
           (size_t)cfg->green_pages * sizeof(green_count) + sample_bytes(cfg) +
           ((size_t)l2_ways_of(cfg) + 1u) * sizeof(uint64_t) + slots;
}

/* Ceil(bytes / l2_bytes x assoc) ways, in [1, assoc] (Eq. 19 and 22). */
static uint32_t ways_for(const gs_green *g, uint64_t bytes)
{
    uint64_t ways;
    if (g->l2_bytes == 0)
        return g->l2_assoc;
    if (bytes >= g->l2_bytes)
        return g->l2_assoc;
    ways = (bytes * g->l2_assoc + g->l2_bytes - 1u) / g->l2_bytes;
    return ways < 1u ? 1u : (uint32_t)ways;
}

static void resize(gs_green *g, uint32_t ways, uint64_t cycle)
{
    if (ways == g->ways)
        return;
    g->ways = ways;
    g->resizes++;
    gs_memsys_l2_resize(g->memsys, ways, cycle);
}

static uint64_t regions_bytes(const gs_green *g, int bypassed_only)
{
    uint64_t total = 0;
    uint32_t r, sm;
    for (r = 0; r < g->regions->count; r++) {
        int bypassed = 0, cached = 0;
        for (sm = 0; bypassed_only && sm < g->n_sms; sm++) {
            if (g->count[sm * GS_REGIONS_MAX + r].accesses[GREEN_L2] == 0)
                continue;
            if (g->bypass[sm * GS_REGIONS_MAX + r] & (1u << GREEN_L2))
                bypassed = 1;
            else
                cached = 1;
        }
        if (!bypassed_only || (bypassed && !cached))
            total += g->regions->r[r].bytes;
    }
    return total;
}

/* The kernel's regions' pages take the slots in region order, each region
 * as many as it has pages while slots remain. */
static void assign_pages(gs_green *g)
{
    uint32_t r, next = 0;
    memset(g->pages, 0, (size_t)g->page_slots * sizeof(green_count));
    memset(g->page_first, 0, sizeof g->page_first);
    memset(g->page_count, 0, sizeof g->page_count);
    for (r = 0; r < g->regions->count; r++) {
        uint64_t pages = (g->regions->r[r].bytes >> g->page_shift) +
                         ((g->regions->r[r].bytes & ((1ull << g->page_shift) - 1u)) != 0);
        uint32_t left = g->page_slots - next;
        g->page_first[r] = next;
        g->page_count[r] = pages < left ? (uint32_t)pages : left;
        next += g->page_count[r];
    }
}

/* The tenth of [0, 100%] that hits / lookups falls in (100% in the last). */
static uint32_t tenth_of(uint64_t hits, uint64_t lookups)
{
    uint64_t t = hits * GREEN_TENTHS / lookups;
    return t >= GREEN_TENTHS ? GREEN_TENTHS - 1u : (uint32_t)t;
}

/* Add the kernel's pages with a lookup to hist (the histograms so far). */
static void fold_pages(const gs_green *g, uint64_t hist[GS_REGIONS_MAX][GREEN_LEVELS][GREEN_TENTHS])
{
    uint32_t r, p, lv;
    for (r = 0; r < g->regions->count; r++)
        for (p = 0; p < g->page_count[r]; p++) {
            const green_count *c = &g->pages[g->page_first[r] + p];
            for (lv = 0; lv < GREEN_LEVELS; lv++)
                if (c->accesses[lv] != 0)
                    hist[r][lv][tenth_of(c->hits[lv], c->accesses[lv])]++;
        }
}

static void kernel_launch(gs_green *g, uint64_t cycle)
{
    g->kernels++;
    g->regions_seen += g->regions->count;
    g->unlisted += g->regions->unlisted;
    memset(g->count, 0, (size_t)g->n_sms * GS_REGIONS_MAX * sizeof(green_count));
    memset(g->bypass, 0, (size_t)g->n_sms * GS_REGIONS_MAX);
    memset(g->seen_load, 0, sizeof g->seen_load);
    memset(g->seen_store, 0, sizeof g->seen_store);
    if (g->regions->count > g->regions_max)
        g->regions_max = g->regions->count;
    if (g->pages != NULL)
        assign_pages(g);
    g->training = 1;
    g->wake = cycle + g->train_cycles - 1u;
    g->open = 1;
    if (g->racr != GREEN_RACR_OFF)   /* RACR-Naive: the kernel's whole working set */
        resize(g, ways_for(g, regions_bytes(g, 0)), cycle);
}

/* End of training: each SM's two bits per region, then RACR-Bypass. */
static void training_end(gs_green *g, uint64_t cycle)
{
    uint32_t sm, r, lv;
    g->training = 0;
    g->trainings++;
    for (sm = 0; g->rac && sm < g->n_sms; sm++) {
        for (r = 0; r < g->regions->count; r++) {
            const green_count *c = &g->count[sm * GS_REGIONS_MAX + r];
            uint8_t bits = 0;
            for (lv = 0; lv < GREEN_LEVELS; lv++) {
                /* hits / accesses < threshold / 10000, in integers */
                if (c->accesses[lv] != 0 &&
                    c->hits[lv] * 10000u < c->accesses[lv] * (uint64_t)g->threshold[lv]) {
                    bits |= (uint8_t)(1u << lv);
                    g->bypass_bits[lv]++;
                }
            }
            g->bypass[sm * GS_REGIONS_MAX + r] = bits;
        }
    }
    if (g->racr == GREEN_RACR_FULL)
        resize(g, ways_for(g, regions_bytes(g, 0) - regions_bytes(g, 1)), cycle);
}

static void kernel_finish(gs_green *g)
{
    uint32_t r;
    for (r = 0; r < g->regions->count; r++) {
        if (g->seen_load[r] || g->seen_store[r])   /* RO 0, WO 1, RW 2 */
            g->class_count[g->seen_store[r] ? (g->seen_load[r] ? 2u : 1u) : 0u]++;
    }
    if (g->pages != NULL) {
        fold_pages(g, g->page_hist);
        memset(g->pages, 0, (size_t)g->page_slots * sizeof(green_count));
    }
    g->training = 0;
    g->wake = GS_WAKE_NONE;
    g->open = 0;
}

/* A load at the L1D or a read at the L2 (HIT and HIT_RESERVED are hits):
 * the whole-run and page counts, and in training the SM's; stores mark the
 * region's class. */
static void observe(gs_green *g, const gs_event *ev)
{
    unsigned lv = ev->kind == GS_EV_L2_ACCESS ? GREEN_L2 : GREEN_L1;
    uint32_t sm = lv == GREEN_L1 ? ev->unit : ev->origin.sm;
    uint32_t r = gs_region_of(g->regions, ev->addr);
    uint64_t hit;
    green_count *c;
    if (r == GS_REGION_NONE || sm >= g->n_sms || ev->outcome == GS_OUTCOME_RESERVATION_FAIL)
        return;
    if (lv == GREEN_L1) {
        if (ev->is_write)
            g->seen_store[r] = 1;
        else
            g->seen_load[r] = 1;
    }
    if (ev->is_write)
        return;
    hit = (uint64_t)(ev->outcome != GS_OUTCOME_MISS);
    g->totals[r * GREEN_SAMPLE_WORDS + 2u * lv]++;
    g->totals[r * GREEN_SAMPLE_WORDS + 2u * lv + 1u] += hit;
    if (g->pages != NULL) {
        uint64_t p = (ev->addr - g->regions->r[r].base) >> g->page_shift;
        if (p < g->page_count[r]) {
            c = &g->pages[g->page_first[r] + (uint32_t)p];
            c->accesses[lv]++;
            c->hits[lv] += hit;
        } else
            g->pages_untracked++;
    }
    if (!g->training)
        return;
    c = &g->count[sm * GS_REGIONS_MAX + r];
    c->accesses[lv]++;
    c->hits[lv] += hit;
}

/* ---- sample columns (mech/mech.h gs_mech_samples) ---- */

static void green_sample_name(const void *ctx, uint32_t column, char *buf, size_t size)
{
    static const char *const word[GREEN_SAMPLE_WORDS] = {
        "l1_loads", "l1_hits", "l2_reads", "l2_hits"
    };
    (void)ctx;
    gs_fmt(buf, size, "green_r%u_%s", (unsigned)(column / GREEN_SAMPLE_WORDS),
           word[column % GREEN_SAMPLE_WORDS]);
}

static void green_sample_take(void *ctx, uint32_t sample)
{
    gs_green *g = ctx;
    memcpy(&g->sample_rows[(size_t)sample * GREEN_SAMPLE_COLUMNS], g->totals, sizeof g->totals);
}

static uint64_t green_sample_value(const void *ctx, uint32_t sample, uint32_t column)
{
    const gs_green *g = ctx;
    if (sample == GS_MECH_SAMPLE_NOW)
        return g->totals[column];
    return g->sample_rows[(size_t)sample * GREEN_SAMPLE_COLUMNS + column];
}

static void green_event(void *ctx, const gs_event *ev)
{
    gs_green *g = ctx;
    switch (ev->kind) {
    case GS_EV_KERNEL_LAUNCH:
        kernel_launch(g, ev->cycle);
        break;
    case GS_EV_KERNEL_FINISH:
        kernel_finish(g);
        break;
    case GS_EV_EPOCH:   /* only the wake register: the end of the training's last cycle */
        if (g->training && ev->outcome == GS_EPOCH_BY_WAKE)
            training_end(g, ev->cycle + 1u);
        break;
    default:
        observe(g, ev);
        break;
    }
}

/* Asked per load (L1) or read (L2): the request's region's bit for its SM. */
static uint32_t green_decide(void *ctx, const gs_decide_in *in)
{
    gs_green *g = ctx;
    unsigned lv = in->level == GS_LEVEL_L2 ? GREEN_L2 : GREEN_L1;
    uint32_t sm = lv == GREEN_L1 ? in->unit : in->origin.sm;
    uint32_t r;
    if (g->training || in->is_write || !g->rac)
        return GS_DECIDE_DEFAULT;
    r = gs_region_of(g->regions, in->addr);
    if (r == GS_REGION_NONE || sm >= g->n_sms) {
        g->unregioned += (uint64_t)(lv == GREEN_L1);
        return GS_DECIDE_DEFAULT;
    }
    if (!(g->bypass[sm * GS_REGIONS_MAX + r] & (1u << lv)))
        return GS_DECIDE_DEFAULT;
    g->bypassed[lv]++;
    return GS_DECIDE_BYPASS;
}

static gs_status green_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                            gs_diag *diag)
{
    const gs_config *cfg = env->cfg;
    gs_green *g = state;
    uint8_t *next = (uint8_t *)(g + 1);
    size_t slots = (size_t)env->n_sms * GS_REGIONS_MAX;
    uint32_t assoc = 0;
    if (cfg->perfect_mem)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "green needs the memory system "
                           "(-gpgpu_perfect_mem 0)");
    if (!cfg->green_rac && cfg->green_racr == GREEN_RACR_OFF)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "green with -gs_green_rac 0 and "
                           "-gs_green_racr off does nothing: turn one on");
    if (!cfg->green_rac && cfg->green_racr == GREEN_RACR_FULL)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_green_racr full sizes the L2 "
                           "for the regions RAC bypasses: it needs -gs_green_rac 1 (or use "
                           "-gs_green_racr naive)");
    if (cfg->green_racr != GREEN_RACR_OFF &&
        (env->memsys == NULL || !gs_memsys_l2_resizable(env->memsys, &assoc)))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_green_racr resizes the L2: it "
                           "needs an L2 (-gpgpu_cache:dl2) in normal mode (-gs_l2_mode 0)");
    g->regions = env->regions;
    g->memsys = env->memsys;
    g->core_cycle = env->core_cycle;
    g->n_sms = env->n_sms;
    g->rac = cfg->green_rac;
    g->racr = cfg->green_racr;
    g->threshold[GREEN_L1] = cfg->green_l1_threshold;
    g->threshold[GREEN_L2] = cfg->green_l2_threshold;
    g->train_cycles = cfg->green_train_cycles;
    g->wake = GS_WAKE_NONE;
    g->count = (green_count *)(void *)next;
    next += slots * sizeof(green_count);
    if (cfg->green_pages != 0) {
        uint32_t b = cfg->green_page_bytes;
        if (b == 0 || (b & (b - 1u)) != 0)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "green: -gs_green_page_bytes %u "
                               "is not a power of two", (unsigned)b);
        g->pages = (green_count *)(void *)next;
        g->page_slots = cfg->green_pages;
        while ((1ull << g->page_shift) < b)
            g->page_shift++;
        next += (size_t)g->page_slots * sizeof(green_count);
    }
    if (cfg->sample_cycles) {
        g->sample_rows = (uint64_t *)(void *)next;
        next += sample_bytes(cfg);
        hooks->samples.columns = GREEN_SAMPLE_COLUMNS;
        hooks->samples.name = green_sample_name;
        hooks->samples.take = green_sample_take;
        hooks->samples.value = green_sample_value;
    }
    if (g->racr != GREEN_RACR_OFF)
        gs_memsys_l2_track_ways(g->memsys, (uint64_t *)(void *)next);
    next += ((size_t)l2_ways_of(cfg) + 1u) * sizeof(uint64_t);
    g->bypass = next;
    if (g->racr != GREEN_RACR_OFF) {
        g->l2_assoc = assoc;
        g->ways = assoc;
        g->l2_bytes = (uint64_t)gs_config_n_sub_partitions(cfg) * cfg->dl2.n_sets *
                      cfg->dl2.assoc * cfg->dl2.line_bytes;
    }
    hooks->sub.fn = green_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_KERNEL_LAUNCH) | GS_EVENT_BIT(GS_EV_KERNEL_FINISH) |
                       GS_EVENT_BIT(GS_EV_L1D_ACCESS) | GS_EVENT_BIT(GS_EV_L2_ACCESS) |
                       GS_EVENT_BIT(GS_EV_EPOCH);
    hooks->sub.wake_at = &g->wake;
    if (g->rac) {
        hooks->decider.levels = (1u << GS_LEVEL_L1D) | (1u << GS_LEVEL_L2);
        hooks->decider.decide = green_decide;
    }
    return GS_OK;
}

#define GREEN_STATS 12u
#define GREEN_RACR_STATS 5u
#define GREEN_PAGE_STATS (2u + GS_REGIONS_MAX * GREEN_LEVELS * GREEN_TENTHS)

static uint32_t green_stats_count(const gs_config *cfg)
{
    return GREEN_STATS +
           (cfg->green_racr != GREEN_RACR_OFF ? GREEN_RACR_STATS + l2_ways_of(cfg) : 0u) +
           (cfg->green_pages != 0 ? GREEN_PAGE_STATS : 0u);
}

/* The page histograms of the regions ids up to the most one kernel had; a
 * kernel a cap or an interrupt stopped (no KERNEL_FINISH) adds its pages. */
static void report_pages(const gs_green *g, gs_stats *stats)
{
    uint64_t hist[GS_REGIONS_MAX][GREEN_LEVELS][GREEN_TENTHS];
    char name[GS_STAT_NAME_MAX];
    uint64_t tracked = 0;
    uint32_t r, lv, t;
    memcpy(hist, g->page_hist, sizeof hist);
    if (g->open)
        fold_pages(g, hist);
    for (r = 0; r < GS_REGIONS_MAX; r++)
        for (lv = 0; lv < GREEN_LEVELS; lv++)
            for (t = 0; t < GREEN_TENTHS; t++)
                tracked += hist[r][lv][t];
    gs_stats_put_count(stats, "green_pages_tracked", tracked);
    gs_stats_put_count(stats, "green_pages_untracked_lookups", g->pages_untracked);
    for (r = 0; r < g->regions_max; r++)
        for (lv = 0; lv < GREEN_LEVELS; lv++)
            for (t = 0; t < GREEN_TENTHS; t++) {
                gs_fmt(name, sizeof name, "green_pages_r%u_l%u_hit_%u_%u", (unsigned)r,
                       (unsigned)(lv + 1u), (unsigned)(t * 10u), (unsigned)(t * 10u + 10u));
                gs_stats_put_count(stats, name, hist[r][lv][t]);
            }
}

static void green_report(const void *state, gs_stats *stats)
{
    const gs_green *g = state;
    char name[GS_STAT_NAME_MAX];
    uint64_t total = 0, weighted = 0, writebacks = 0, dirty_sets = 0;
    uint64_t now = g->core_cycle != NULL ? *g->core_cycle : 0u;
    uint32_t w;
    gs_stats_put_count(stats, "green_kernels", g->kernels);
    gs_stats_put_count(stats, "green_trainings", g->trainings);
    gs_stats_put_count(stats, "green_regions", g->regions_seen);
    gs_stats_put_count(stats, "green_regions_unlisted", g->unlisted);
    gs_stats_put_count(stats, "green_regions_read_only", g->class_count[0]);
    gs_stats_put_count(stats, "green_regions_write_only", g->class_count[1]);
    gs_stats_put_count(stats, "green_regions_read_write", g->class_count[2]);
    gs_stats_put_count(stats, "green_l1_bypass_bits", g->bypass_bits[GREEN_L1]);
    gs_stats_put_count(stats, "green_l2_bypass_bits", g->bypass_bits[GREEN_L2]);
    gs_stats_put_count(stats, "green_l1_bypassed_loads", g->bypassed[GREEN_L1]);
    gs_stats_put_count(stats, "green_l2_bypassed_reads", g->bypassed[GREEN_L2]);
    gs_stats_put_count(stats, "green_unregioned_loads", g->unregioned);
    if (g->pages != NULL)
        report_pages(g, stats);
    if (g->racr == GREEN_RACR_OFF)
        return;
    gs_memsys_l2_flush_totals(g->memsys, &writebacks, &dirty_sets);
    /* the way counts' cycles to the GPU's cycle (a kernel a cap or an interrupt
     * stopped included); the memory system keeps them (Eq. 26) */
    for (w = 1; w <= g->l2_assoc; w++) {
        uint64_t c = gs_memsys_l2_cycles_at(g->memsys, w, now);
        total += c;
        weighted += c * w;
    }
    gs_stats_put_count(stats, "green_l2_resizes", g->resizes);
    gs_stats_put_count(stats, "green_l2_ways_now", g->ways);
    gs_stats_put_count(stats, "green_l2_flush_writebacks", writebacks);
    gs_stats_put_count(stats, "green_l2_flush_dirty_sets", dirty_sets);
    /* Eq. 27: sum of (cycles_i / total) x (i / N), per mille, rounded down */
    gs_stats_put_count(stats, "green_l2_active_size_permille",
                       total ? weighted * 1000u / (total * g->l2_assoc) : 0u);
    for (w = 1; w <= g->l2_assoc; w++) {
        gs_fmt(name, sizeof name, "green_l2_cycles_at_%u_ways", (unsigned)w);
        gs_stats_put_count(stats, name, gs_memsys_l2_cycles_at(g->memsys, w, now));
    }
}

const gs_mech_ops gs_mech_green_ops = {
    "green", "seed-003 GREEN: per-region L1/L2 bypass from a training period at each launch "
    "(RAC) and an L2 resized to the regions' size with a dirty flush (RACR)",
    green_bytes, green_init, green_stats_count, green_report
};
