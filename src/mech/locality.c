/*
 * locality: the L1D and L2 locality classes of seed 000's characterisation
 * (section 2.8, the thesis's Fig 4.3): each cache access is classed by the
 * last access to the same line, from a fixed-size last-accessor table per
 * level (-gs_locality_entries lines, direct-mapped on the line address;
 * seed-000 5.1-9: "a fixed array ... suits fixed allocation"):
 *   inter-kernel  the last accessor ran in another kernel launch;
 *   inter-core    another SM;
 *   intra-core    the same SM, another CTA;
 *   intra-CTA     the same CTA, another warp;
 *   intra-warp    the same warp, none of the same lanes;
 *   intra-thread  the same warp and at least one of the same lanes;
 *   cold          no record: the line's first access, or its record was
 *                 displaced by another line of the same table entry.
 * It steers nothing. Statistics (locality_l1_* / locality_l2_*): accesses
 * per class, and the hits among them (what the cache captured of each).
 *
 * Decisions (seed-000 5.2-13; README "Decisions"):
 * - The most recent accessor is the reference (each access overwrites the
 *   record), so a class measures the reuse distance's owner, not the line's
 *   first user.
 * - Every access is classed, hit or miss: the classes describe the
 *   reference stream; the per-class hits say what the (bounded) cache kept.
 *   A HIT_RESERVED (an MSHR merge) counts as a hit. Reservation fails are
 *   retried and classed once, when they succeed.
 * - Loads and stores both count (a store reuses a line as much as a load).
 * - Lanes: an access carries the lanes of the warp it serves (the
 *   coalescer's lane mask; at the L2 those of the request that made the L1
 *   miss, the first of merged ones); a thread is (kernel, CTA, SM, warp
 *   slot, lane).
 * - L1s are flushed between kernels only with -gpgpu_flush_l1_cache 1; the
 *   table is not, so inter-kernel reuse shows in the classes either way and
 *   in the hits only where the cache kept the line.
 */
#include "mech/mech.h"

#include <string.h>

enum { LOC_COLD = 0, LOC_THREAD, LOC_WARP, LOC_CTA, LOC_CORE, LOC_INTER_CORE, LOC_KERNEL,
       LOC_CLASSES };

static const char *const class_name[LOC_CLASSES] = {
    "cold", "intra_thread", "intra_warp", "intra_cta", "intra_core", "inter_core",
    "inter_kernel"
};

typedef struct loc_record {
    uint64_t tag;        /* line address + 1; 0 = empty */
    uint32_t kernel, cta, lanes;
    uint16_t sm, warp;
} loc_record;

typedef struct loc_level {
    loc_record *table;
    uint64_t count[LOC_CLASSES], hits[LOC_CLASSES];
} loc_level;

typedef struct loc_state {
    loc_level lvl[2];    /* L1D, L2 */
    uint32_t mask;       /* entries - 1 */
} loc_state;

static size_t loc_bytes(const gs_config *cfg)
{
    return sizeof(loc_state) + 2u * (size_t)cfg->locality_entries * sizeof(loc_record);
}

/* The class of an access by origin o with `lanes` against the record r. */
static unsigned locality_classify(const loc_record *r, const gs_origin *o, uint32_t lanes)
{
    if (r->kernel != o->kernel)
        return LOC_KERNEL;
    if (r->sm != o->sm)
        return LOC_INTER_CORE;
    if (r->cta != o->cta)
        return LOC_CORE;
    if (r->warp != o->warp)
        return LOC_CTA;
    return (r->lanes & lanes) ? LOC_THREAD : LOC_WARP;
}

static void loc_event(void *ctx, const gs_event *ev)
{
    loc_state *s = ctx;
    loc_level *l = &s->lvl[ev->kind == GS_EV_L2_ACCESS];
    loc_record *r;
    unsigned cls;
    if (ev->outcome == GS_OUTCOME_RESERVATION_FAIL)
        return;
    /* direct-mapped on the line address: a multiplicative hash spreads strides */
    r = &l->table[(uint32_t)((ev->addr * 0x9E3779B97F4A7C15ull) >> 32) & s->mask];
    cls = r->tag == ev->addr + 1u ? locality_classify(r, &ev->origin, ev->value) : LOC_COLD;
    l->count[cls]++;
    l->hits[cls] += ev->outcome == GS_OUTCOME_HIT || ev->outcome == GS_OUTCOME_HIT_RESERVED;
    r->tag = ev->addr + 1u;
    r->kernel = ev->origin.kernel;
    r->cta = ev->origin.cta;
    r->lanes = ev->value;
    r->sm = ev->origin.sm;
    r->warp = ev->origin.warp;
}

static gs_status loc_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                          gs_diag *diag)
{
    loc_state *s = state;
    const gs_config *cfg = env->cfg;
    uint32_t n = cfg->locality_entries;
    if (cfg->perfect_mem)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "locality needs the memory system "
                           "(-gpgpu_perfect_mem 0)");
    if (n == 0 || (n & (n - 1u)) != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "locality: -gs_locality_entries %u "
                           "is not a power of two", (unsigned)n);
    s->mask = n - 1u;
    s->lvl[0].table = (loc_record *)(s + 1);
    s->lvl[1].table = s->lvl[0].table + n;
    hooks->sub.fn = loc_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_L1D_ACCESS) | GS_EVENT_BIT(GS_EV_L2_ACCESS);
    return GS_OK;
}

static uint32_t loc_stats_count(const gs_config *cfg)
{
    (void)cfg;
    return 2u * (2u * LOC_CLASSES + 1u);
}

static void loc_report(const void *state, gs_stats *stats)
{
    const loc_state *s = state;
    static const char *const level[2] = { "l1", "l2" };
    char name[GS_STAT_NAME_MAX];
    unsigned lv, c;
    for (lv = 0; lv < 2u; lv++) {
        uint64_t classed = 0;   /* the classes' denominator (a study's shares) */
        for (c = 0; c < LOC_CLASSES; c++) {
            gs_fmt(name, sizeof name, "locality_%s_%s", level[lv], class_name[c]);
            gs_stats_put_count(stats, name, s->lvl[lv].count[c]);
            gs_fmt(name, sizeof name, "locality_%s_%s_hits", level[lv], class_name[c]);
            gs_stats_put_count(stats, name, s->lvl[lv].hits[c]);
            classed += s->lvl[lv].count[c];
        }
        gs_fmt(name, sizeof name, "locality_%s_classed", level[lv]);
        gs_stats_put_count(stats, name, classed);
    }
}

const gs_mech_ops gs_mech_locality_ops = {
    "locality", "seed-000 locality classes of L1D and L2 accesses (intra-thread ... "
    "inter-kernel) from a last-accessor table; steers nothing",
    loc_bytes, loc_init, loc_stats_count, loc_report
};
