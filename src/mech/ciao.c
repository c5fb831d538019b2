/*
 * ciao: CIAO's interference detection and warp throttling (Zhang, Gao, Kim
 * and Jung, IPDPS 2018; seed-001 sections 2.1-2.6; issue 18 items 1, 2, 4).
 *
 * Detection (seed-001 2.2-2.4). Each L1D line carries the warp that brought
 * it in (mem/cache.h). When a fill by warp e evicts a line of owner o, the
 * line's tag and e go into o's victim tag array (-gs_ciao_vta_entries per
 * warp, 8, FIFO). When a load of warp w misses in the L1D on a line in w's
 * VTA, w lost locality to the entry's evictor: w's VTA-hit counter counts
 * it, and w's interference-list entry (the interfering warp and a 2-bit
 * saturating counter) learns the evictor. Per SM a sampler counts the
 * committed thread instructions since the kernel's launch; every
 * -gs_ciao_high_epoch of them (5000) ends a high-cutoff epoch, every
 * -gs_ciao_low_epoch (100) a low-cutoff one. The interference score of warp
 * i, Eq. (1):
 *     IRS_i = VTA hits_i / (instructions / active warps)
 * is compared with the cutoffs (-gs_ciao_high_cutoff_ppm 10000 = 0.01,
 * -gs_ciao_low_cutoff_ppm 5000 = 0.005) in integers:
 *     IRS_i > c  <=>  hits_i * active * 10^6 > c_ppm * instructions.
 *
 * Algorithm 1 (seed-001 2.5) at an epoch's end, low-cutoff checks first (as
 * the algorithm's lines 4-15 come before 18): a stalled warp is reactivated
 * unless the warp whose interference stalled it still scores above the low
 * cutoff and has not finished; an isolated one likewise returns to the L1D.
 * At a high-cutoff epoch's end, each active warp i above the high cutoff
 * makes its most recent severe interferer j (the interference list; j != i)
 * pay: CIAO-T (-gs_ciao_variant t) stalls j (the schedulers' issue_allowed
 * steering, core/sched.h); CIAO-C (c) isolates j first and stalls it if it
 * interferes again while isolated; CIAO-P (p) only isolates. Isolation (the
 * warp's I bit) redirects j's global and local loads to the unused shared
 * memory used as a cache (the decider answers REDIRECT with no redirect
 * function: mem/smem_cache.h, mem/ldst_full.c; -gs_smem_cache 1 is needed),
 * and that cache's evictions enter the same victim tags (SMEM_CACHE_EVICT,
 * seed-001 2.8 "shared VTA"). De-escalation runs in reverse (Algorithm 1's
 * else-if): a stalled warp is reactivated first, still isolated, and only a
 * later low epoch can send it back to the L1D.
 *
 * Decisions (seed-001 5.2; README "Decisions"):
 * - A3, A4: the VTA is probed by loads that miss in the L1D (CCWS's
 *   semantics), and a hit takes the entry (the line is being fetched again;
 *   a later eviction re-inserts it).
 * - A5: a different interferer decrements the counter; the decrement that
 *   reaches 00, or one at 00, replaces the interfering warp ("replaced ...
 *   only when its saturation counter is decreased to 00"). The first
 *   interferer enters at 00.
 * - A6: Eq. (1), not the listing's division order.
 * - A7: cumulative since the kernel's launch, as the paper's counters are
 *   (32-bit, reset at kernel start); the epochs only decide when to test.
 * - A8: active warps = the SM's resident warps that are not stalled, the
 *   warps that execute the instructions counted.
 * - Instructions are thread instructions, GPGPU-Sim's instruction count
 *   (the paper's simulator), for the epochs and the score alike. Counted
 *   in warp instructions the score is up to 32 times larger: on KM nearly
 *   every warp then scores near 1.0 and the 0.01 cutoff selects all of
 *   them; in thread instructions 14% of KM's tested warps pass it
 *   (measured to cycle 150000), so the cutoff discriminates as the paper's sweep implies.
 * - A9: the IRS update has no latency: the decision applies from the next
 *   issue.
 * - A10: every warp is examined at every epoch end, oldest first (GTO's
 *   order), the stalled and isolated ones included (they cannot be "the
 *   front of the list" while they cannot issue).
 * - A11: re-triggering on a stalled j records the new trigger (the literal
 *   algorithm).
 * - A12 (barriers): a warp is never stalled while a warp of its CTA waits at
 *   a barrier (bar.sync; a warp whose CTA is not known yet, one that has
 *   not committed, counts every waiter on its SM), and a warp arriving at a
 *   barrier reactivates its CTA's stalled warps at once, so a CTA can always
 *   complete bar.sync; a warp that exits reactivates the warps it stalled
 *   (it no longer "needs executing"), so stalls never outlive their trigger
 *   when instructions, and with them epochs, stop. An exited warp's slot is
 *   forgotten everywhere (interference lists, VTA evictors), so the slot's
 *   next warp is not blamed for its predecessor. Age limits (warp_limiting,
 *   two_level_active, dwt, statpcal) would fill their window with stalled
 *   warps until nothing issues, so ciao refuses to run with them.
 * - The active-warp count and the instruction count are read once per
 *   epoch end (Algorithm 1's lines 2-3), so a stall does not change the
 *   scores of the warps tested after it in the same epoch.
 * - A VTA holds a line once: a second eviction of it takes the new evictor
 *   in place. An eviction by no warp is recorded without an interferer.
 * - A13: CIAO-T stalls j directly and never isolates; CIAO-P isolates j
 *   and leaves an isolated j as it is (no stall branch); CIAO-C is the
 *   literal algorithm, where "isolated" means isolated before this epoch's
 *   end: with every warp examined (A10), a second trigger of the same j in
 *   the epoch that isolated it does not stall it (the literal algorithm,
 *   one warp an epoch, cannot). A stall, in T and C alike, is refused by the barrier
 *   guard above; an isolation never is (an isolated warp still issues).
 * - A warp that exits is un-isolated at once and the warps it isolated
 *   return to the L1D at once, as its stalls are released (its slot is
 *   forgotten).
 *
 * Statistics (ciao_ prefix, only when enabled): kernels, VTA inserts and
 * hits, high and low epochs, the warps tested at high epochs and those above
 * the cutoff, stalls, reactivations, the reactivations on a trigger's exit
 * and at barriers, the stalls the barrier guard refused, and the most warps
 * stalled at once on one SM; with p or c also isolations, un-isolations and
 * the most warps isolated at once on one SM. With -gs_ciao_matrix 1 (seed-001 5.1-8, Fig.
 * 4): the interference matrix, VTA hits of each victim warp slot by each
 * evicting warp slot summed over the SMs and the run (the non-zero cells,
 * ciao_matrix_w<victim>_by_w<evictor>), and per victim slot the largest and
 * smallest non-zero cell. With -gs_sample_cycles N, per period of N core
 * cycles (named by the cycle that ends it): VTA hits (cache conflicts), stalls
 * and the warps stalled at its end (with p or c also isolations and the
 * warps isolated at its end), GPU-wide; at most CIAO_MAX_SAMPLES
 * periods (the GPU's sample limit), later ones counted as dropped.
 */
#include "mech/mech.h"

#include <string.h>

#include "base/fmt.h"

#define CIAO_MAX_SAMPLES 1024u   /* as the GPU's samples (sim/gpu.h) */
#define CIAO_SAMPLE_WORDS 5u          /* VTA hits, stalls, stalled at the end, isolations,
                                  * isolated at the end */

#define NO_WARP 0xFFFFu

typedef struct ciao_warp {
    uint64_t hits;                /* VTA hits since the kernel's launch */
    uint32_t cta;                 /* its CTA (GS_ORIGIN_NO_CTA until seen) */
    uint16_t stalled_by;          /* the pair list's stall entry [1]: the warp that stalled it */
    uint16_t isolated_by;         /* the pair list's isolation entry [0] */
    uint16_t intf;                /* interference list: the interfering warp */
    uint8_t intf_count;           /* its 2-bit saturating counter */
    uint8_t stalled;              /* V = 0 */
    uint8_t isolated;             /* I = 1 */
    uint32_t vta_next;            /* FIFO: the entry to replace next */
} ciao_warp;

typedef struct ciao_sm {
    uint64_t insts;               /* committed thread instructions since the launch */
    uint64_t next_high, next_low;
    uint32_t stalled;             /* warps stalled now */
    uint32_t isolated;            /* warps isolated now */
} ciao_sm;

typedef struct ciao_state {
    gs_sched *(*sched_of)(void *machine, uint32_t sm, uint32_t s);
    void *machine;
    uint32_t n_sms, scheds, warps, entries, variant;
    uint64_t high_epoch, low_epoch, high_ppm, low_ppm;
    ciao_sm *sm;                  /* [n_sms] */
    ciao_warp *w;                 /* [n_sms][warps] */
    uint64_t *vta;                /* [n_sms][warps][entries]: line + 1, 0 empty */
    uint16_t *evictor;            /* [n_sms][warps][entries] */
    int running;
    /* statistics */
    uint64_t kernels, vta_inserts, vta_hits, high_epochs, low_epochs, stalls, reactivations;
    uint64_t exit_releases, barrier_releases, barrier_refusals, stalled_max;
    uint64_t first_barrier_release;   /* core cycle of the run's first barrier release */
    uint64_t isolations, unisolations, isolated_max;
    uint64_t tested, over;        /* warps tested at high epochs, those above the cutoff */
    uint64_t *matrix;             /* [warps][warps] with -gs_ciao_matrix 1, else NULL */
    uint64_t *samples;            /* -gs_sample_cycles: CIAO_SAMPLE_WORDS a period */
    uint64_t sample_cycles, n_samples, samples_dropped, last_hits, last_stalls, last_isolations;
} ciao_state;

enum { VARIANT_T = 0, VARIANT_P = 1, VARIANT_C = 2 };

static size_t ciao_bytes(const gs_config *cfg)
{
    size_t sms = gs_config_n_sms(cfg), warps = gs_config_warps_per_sm(cfg);
    size_t tags = sms * warps * cfg->ciao_vta_entries;
    size_t words = (cfg->ciao_matrix ? warps * warps : 0u) +
                   (cfg->sample_cycles ? (size_t)CIAO_MAX_SAMPLES * CIAO_SAMPLE_WORDS : 0u);
    return sizeof(ciao_state) + sms * sizeof(ciao_sm) + sms * warps * sizeof(ciao_warp) +
           (tags + words) * sizeof(uint64_t) + tags * sizeof(uint16_t);
}

static gs_sched *ciao_sched_of_warp(const ciao_state *s, uint32_t sm, uint32_t warp)
{
    return s->sched_of(s->machine, sm, gs_sched_of_warp(warp, s->scheds));
}

static int present(const ciao_state *s, uint32_t sm, uint32_t warp)
{
    const gs_sched *sc = ciao_sched_of_warp(s, sm, warp);
    return (int)((sc->present >> gs_sched_local_slot(warp, s->scheds)) & 1u);
}

static ciao_warp *warp_at(ciao_state *s, uint32_t sm, uint32_t warp)
{
    return &s->w[(size_t)sm * s->warps + warp];
}

static void ciao_clear_warp(ciao_state *s, uint32_t sm, uint32_t warp)
{
    size_t at = ((size_t)sm * s->warps + warp) * s->entries, e;
    ciao_warp *w = warp_at(s, sm, warp);
    memset(w, 0, sizeof *w);
    w->cta = GS_ORIGIN_NO_CTA;
    w->stalled_by = w->isolated_by = w->intf = NO_WARP;
    for (e = 0; e < s->entries; e++) {
        s->vta[at + e] = 0;
        s->evictor[at + e] = NO_WARP;
    }
}

static void set_stalled(ciao_state *s, uint32_t sm, uint32_t warp, int stalled)
{
    ciao_warp *w = warp_at(s, sm, warp);
    ciao_sm *c = &s->sm[sm];
    if (w->stalled == (uint8_t)stalled)
        return;
    w->stalled = (uint8_t)stalled;
    if (stalled) {
        c->stalled++;
        s->stalls++;
        if (c->stalled > s->stalled_max)
            s->stalled_max = c->stalled;
    } else {
        c->stalled--;
        w->stalled_by = NO_WARP;
    }
    gs_sched_set_issue_allowed(ciao_sched_of_warp(s, sm, warp), gs_sched_local_slot(warp,
                                                                                    s->scheds),
                               !stalled);
}

/* The I bit: the decider redirects the warp's loads while it is set. */
static void set_isolated(ciao_state *s, uint32_t sm, uint32_t warp, int isolated)
{
    ciao_warp *w = warp_at(s, sm, warp);
    ciao_sm *c = &s->sm[sm];
    if (w->isolated == (uint8_t)isolated)
        return;
    w->isolated = (uint8_t)isolated;
    if (isolated) {
        c->isolated++;
        s->isolations++;
        if (c->isolated > s->isolated_max)
            s->isolated_max = c->isolated;
    } else {
        c->isolated--;
        s->unisolations++;
        w->isolated_by = NO_WARP;
    }
}

/* ---- detection ---- */

/* FIFO insert; a line already in the array takes the new evictor in place
 * (one entry a line, so one reuse is one hit). */
static void ciao_vta_insert(ciao_state *s, uint32_t sm, uint32_t owner, uint64_t line,
                       uint32_t evicting)
{
    ciao_warp *w = warp_at(s, sm, owner);
    size_t base = ((size_t)sm * s->warps + owner) * s->entries, at = base + w->vta_next, e;
    for (e = 0; e < s->entries; e++)
        if (s->vta[base + e] == line + 1u) {
            at = base + e;
            break;
        }
    if (e == s->entries)
        w->vta_next = (w->vta_next + 1u) % s->entries;
    s->vta[at] = line + 1u;
    s->evictor[at] = (uint16_t)(evicting < s->warps ? evicting : NO_WARP);
    s->vta_inserts++;
}

/* A5: the same interferer counts up to 3; another counts down, and the
 * decrement that reaches 00 (or one at 00) makes it the interferer. */
static void interference_update(ciao_warp *w, uint32_t evictor)
{
    if (w->intf == NO_WARP) {
        w->intf = (uint16_t)evictor;
        w->intf_count = 0;
    } else if (w->intf == evictor) {
        w->intf_count = (uint8_t)(w->intf_count < 3u ? w->intf_count + 1u : 3u);
    } else {
        if (w->intf_count > 0)
            w->intf_count--;
        if (w->intf_count == 0)
            w->intf = (uint16_t)evictor;
    }
}

static void vta_probe(ciao_state *s, uint32_t sm, uint32_t warp, uint64_t line)
{
    size_t at = ((size_t)sm * s->warps + warp) * s->entries, e;
    for (e = 0; e < s->entries; e++)
        if (s->vta[at + e] == line + 1u) {
            ciao_warp *w = warp_at(s, sm, warp);
            s->vta[at + e] = 0;   /* A4: the hit takes the entry */
            w->hits++;
            s->vta_hits++;
            if (s->evictor[at + e] == NO_WARP)
                return;   /* evicted by no warp (or one that has exited): no interferer */
            if (s->matrix)
                s->matrix[(size_t)warp * s->warps + s->evictor[at + e]]++;
            interference_update(w, s->evictor[at + e]);
            return;
        }
}

/* ---- Algorithm 1 ---- */

/* IRS_k > cutoff (Eq. (1), in integers). */
static int above(const ciao_state *s, uint32_t sm, uint32_t k, uint64_t cutoff_ppm,
                 uint32_t active)
{
    uint64_t insts = s->sm[sm].insts;
    return insts != 0 &&
           s->w[(size_t)sm * s->warps + k].hits * active * 1000000u > cutoff_ppm * insts;
}

static uint32_t active_warps(const ciao_state *s, uint32_t sm)
{
    uint32_t k, n = 0;
    for (k = 0; k < s->scheds; k++)
        n += s->sched_of(s->machine, sm, k)->num_present;
    return n - s->sm[sm].stalled;
}

/* The SM's present warps, oldest first (GTO's order; A10). */
static uint32_t by_age(const ciao_state *s, uint32_t sm, uint32_t *order)
{
    uint64_t ages[GS_SCHED_MAX_WARPS * 4u];
    uint32_t w, n = 0, i;
    for (w = 0; w < s->warps && n < GS_SCHED_MAX_WARPS * 4u; w++) {
        const gs_sched *sc = ciao_sched_of_warp(s, sm, w);
        unsigned local = gs_sched_local_slot(w, s->scheds);
        if (!((sc->present >> local) & 1u))
            continue;
        for (i = n; i > 0 && ages[i - 1u] > sc->age[local]; i--) {
            ages[i] = ages[i - 1u];
            order[i] = order[i - 1u];
        }
        ages[i] = sc->age[local];
        order[i] = w;
        n++;
    }
    return n;
}

/* A12: does a warp of `warp`'s CTA wait at a barrier (the scheduler's
 * blocked bit: bar.sync blocks, bar.arrive does not)? A warp whose CTA is
 * not known yet counts every waiter on the SM. */
static int cta_at_barrier(const ciao_state *s, uint32_t sm, uint32_t warp)
{
    const ciao_warp *here = &s->w[(size_t)sm * s->warps];
    uint32_t cta = here[warp].cta, k;
    for (k = 0; k < s->warps; k++) {
        const gs_sched *sc = ciao_sched_of_warp(s, sm, k);
        unsigned local = gs_sched_local_slot(k, s->scheds);
        if (((sc->blocked & sc->present) >> local & 1u) &&
            (here[k].cta == cta || cta == GS_ORIGIN_NO_CTA))
            return 1;
    }
    return 0;
}

static void low_epoch(ciao_state *s, uint32_t sm)
{
    uint32_t order[GS_SCHED_MAX_WARPS * 4u], n, i, active;
    s->low_epochs++;
    if (s->sm[sm].stalled == 0 && s->sm[sm].isolated == 0)
        return;   /* nothing to reactivate (and no sort every 100 instructions) */
    n = by_age(s, sm, order);
    active = active_warps(s, sm);   /* read once, as Algorithm 1's line 3 */
    for (i = 0; i < n; i++) {
        ciao_warp *w = warp_at(s, sm, order[i]);
        uint32_t k;
        if (w->stalled) {   /* lines 4-8 */
            k = w->stalled_by;
            if (k != NO_WARP && present(s, sm, k) && above(s, sm, k, s->low_ppm, active))
                continue;
            set_stalled(s, sm, order[i], 0);
            s->reactivations++;
        } else if (w->isolated) {   /* lines 11-15: back to the L1D */
            k = w->isolated_by;
            if (k != NO_WARP && present(s, sm, k) && above(s, sm, k, s->low_ppm, active))
                continue;
            set_isolated(s, sm, order[i], 0);
        }
    }
}

static void high_epoch(ciao_state *s, uint32_t sm)
{
    uint32_t order[GS_SCHED_MAX_WARPS * 4u], n = by_age(s, sm, order), i;
    uint32_t active = active_warps(s, sm);   /* read once, as Algorithm 1's line 3 */
    uint8_t was_isolated[GS_SCHED_MAX_WARPS * 4u];   /* the I bits as the epoch began */
    for (i = 0; i < s->warps; i++)
        was_isolated[i] = warp_at(s, sm, i)->isolated;
    s->high_epochs++;
    for (i = 0; i < n; i++) {
        uint32_t me = order[i], j = warp_at(s, sm, me)->intf;
        if (warp_at(s, sm, me)->stalled)
            continue;
        s->tested++;
        if (!above(s, sm, me, s->high_ppm, active))
            continue;
        s->over++;
        if (j == NO_WARP || j == me || j >= s->warps || !present(s, sm, j))
            continue;
        if (s->variant != VARIANT_T && !was_isolated[j]) {   /* line 23 */
            if (!warp_at(s, sm, j)->isolated) {
                set_isolated(s, sm, j, 1);
                warp_at(s, sm, j)->isolated_by = (uint16_t)me;
            }
            continue;   /* isolated in this epoch: stalling it waits for a later one */
        }
        if (s->variant == VARIANT_P)
            continue;                     /* A13: CIAO-P has no stall branch */
        if (cta_at_barrier(s, sm, j)) {   /* A12: never stall a warp its CTA waits for */
            s->barrier_refusals++;
            continue;
        }
        set_stalled(s, sm, j, 1);         /* line 22; CIAO-T: stall j directly (A13) */
        warp_at(s, sm, j)->stalled_by = (uint16_t)me;   /* A11: the latest trigger */
    }
}

/* A commit that reaches a multiple of an epoch ends it (one end per commit
 * even when a commit of up to 32 lanes passes several). */
static void committed(ciao_state *s, uint32_t sm, uint32_t lanes)
{
    ciao_sm *c = &s->sm[sm];
    c->insts += lanes;
    if (c->insts >= c->next_low) {   /* low first (Alg. 1 lines 4-15, then 18) */
        low_epoch(s, sm);
        c->next_low = (c->insts / s->low_epoch + 1u) * s->low_epoch;
    }
    if (c->insts >= c->next_high) {
        high_epoch(s, sm);
        c->next_high = (c->insts / s->high_epoch + 1u) * s->high_epoch;
    }
}

/* ---- releases that keep Algorithm 1 from waiting forever (A12) ---- */

/* Warp slot `gone` exited: the warps it stalled run again, and nothing
 * points at the slot any more, so the next warp in it is not blamed for its
 * predecessor's evictions. */
static void forget_warp(ciao_state *s, uint32_t sm, uint32_t gone)
{
    size_t at = (size_t)sm * s->warps * s->entries, e;
    uint32_t k;
    for (k = 0; k < s->warps; k++) {
        ciao_warp *w = warp_at(s, sm, k);
        if (w->stalled && w->stalled_by == gone) {
            set_stalled(s, sm, k, 0);
            s->exit_releases++;
        }
        if (w->isolated && w->isolated_by == gone)
            set_isolated(s, sm, k, 0);
        if (w->intf == gone) {
            w->intf = NO_WARP;
            w->intf_count = 0;
        }
    }
    for (e = 0; e < (size_t)s->warps * s->entries; e++)
        if (s->evictor[at + e] == gone)
            s->evictor[at + e] = NO_WARP;
}

static void release_cta(ciao_state *s, uint32_t sm, uint32_t cta, uint64_t now)
{
    uint32_t k;
    for (k = 0; k < s->warps; k++) {
        ciao_warp *w = warp_at(s, sm, k);
        if (w->stalled && (w->cta == cta || w->cta == GS_ORIGIN_NO_CTA)) {
            set_stalled(s, sm, k, 0);
            if (s->barrier_releases++ == 0)
                s->first_barrier_release = now;
        }
    }
}

static void reset(ciao_state *s)
{
    uint32_t sm, w;
    for (sm = 0; sm < s->n_sms; sm++) {
        for (w = 0; w < s->warps; w++) {
            set_stalled(s, sm, w, 0);
            set_isolated(s, sm, w, 0);
            ciao_clear_warp(s, sm, w);
        }
        s->sm[sm].insts = 0;
        s->sm[sm].next_high = s->high_epoch;
        s->sm[sm].next_low = s->low_epoch;
    }
}

/* The end of sampling period (cycle `now` is its last). */
static void ciao_take_sample(ciao_state *s)
{
    uint64_t *out = &s->samples[s->n_samples * CIAO_SAMPLE_WORDS], stalled = 0, isolated = 0;
    uint32_t sm;
    if (s->n_samples == CIAO_MAX_SAMPLES) {
        s->samples_dropped++;
        return;
    }
    for (sm = 0; sm < s->n_sms; sm++) {
        stalled += s->sm[sm].stalled;
        isolated += s->sm[sm].isolated;
    }
    out[0] = s->vta_hits - s->last_hits;
    out[1] = s->stalls - s->last_stalls;
    out[2] = stalled;
    out[3] = s->isolations - s->last_isolations;
    out[4] = isolated;
    s->last_hits = s->vta_hits;
    s->last_stalls = s->stalls;
    s->last_isolations = s->isolations;
    s->n_samples++;
}

static void ciao_event(void *ctx, const gs_event *ev)
{
    ciao_state *s = ctx;
    uint32_t sm = ev->origin.sm, warp = ev->origin.warp;
    if (ev->kind == GS_EV_EPOCH) {
        if (ev->outcome == GS_EPOCH_BY_CYCLES)
            ciao_take_sample(s);
        return;
    }
    if (ev->kind == GS_EV_KERNEL_LAUNCH || ev->kind == GS_EV_KERNEL_FINISH) {
        reset(s);
        s->running = ev->kind == GS_EV_KERNEL_LAUNCH;
        s->kernels += (uint64_t)s->running;
        return;
    }
    if (!s->running)
        return;
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_L1D_EVICT:
    case GS_EV_SMEM_CACHE_EVICT:   /* seed-001 2.8: one VTA for both */
        if (ev->owner_sm < s->n_sms && ev->owner_warp < s->warps)
            ciao_vta_insert(s, ev->owner_sm, ev->owner_warp, ev->addr, warp);
        return;
    case GS_EV_L1D_ACCESS:
        if (!ev->is_write && ev->outcome == GS_OUTCOME_MISS && sm < s->n_sms && warp < s->warps)
            vta_probe(s, sm, warp, ev->addr);
        return;
    default:
        break;
    }
    if (sm >= s->n_sms || warp >= s->warps)
        return;
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_WARP_COMMIT:
        warp_at(s, sm, warp)->cta = ev->origin.cta;
        committed(s, sm, ev->value);
        return;
    case GS_EV_BARRIER_ARRIVE:
        warp_at(s, sm, warp)->cta = ev->origin.cta;
        release_cta(s, sm, ev->origin.cta, ev->cycle);
        return;
    case GS_EV_WARP_EXIT:
        set_stalled(s, sm, warp, 0);
        set_isolated(s, sm, warp, 0);
        ciao_clear_warp(s, sm, warp);
        forget_warp(s, sm, warp);
        return;
    default:
        return;
    }
}

/* An isolated warp's loads go to the shared-memory cache (no redirect
 * function: the LD/ST unit's; base/event.h). */
static uint32_t ciao_decide(void *ctx, const gs_decide_in *in)
{
    const ciao_state *s = ctx;
    if (!s->running || in->origin.sm >= s->n_sms || in->origin.warp >= s->warps)
        return GS_DECIDE_DEFAULT;
    return s->w[(size_t)in->origin.sm * s->warps + in->origin.warp].isolated
               ? (uint32_t)GS_DECIDE_REDIRECT : (uint32_t)GS_DECIDE_DEFAULT;
}

static gs_status ciao_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                           gs_diag *diag)
{
    ciao_state *s = state;
    const gs_config *cfg = env->cfg;
    size_t sms = env->n_sms, warps = env->warps_per_sm, tags;
    if (cfg->perfect_mem || !cfg->dl1.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "ciao watches the L1D's evictions "
                           "and misses: it needs the memory system (-gpgpu_perfect_mem 0) and an "
                           "L1D (-gpgpu_cache:dl1 not `none`)");
    if (cfg->ciao_variant != VARIANT_T && !cfg->smem_cache)
        return gs_config_error_at(cfg, gs_option_find("gs_ciao_variant", 15u), diag,
                                  "-gs_ciao_variant %s: CIAO-%s isolates warps into the unused "
                                  "shared memory used as a cache: add -gs_smem_cache 1",
                                  cfg->ciao_variant == VARIANT_P ? "p" : "c",
                                  cfg->ciao_variant == VARIANT_P ? "P" : "C");
    if (cfg->scheduler.kind == GS_SCHED_WARP_LIMITING ||
        cfg->scheduler.kind == GS_SCHED_TWO_LEVEL || GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_dwt) ||
        GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_dwt_pric) || GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_statpcal))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "ciao stalls warps with the "
                           "schedulers' issue mask, which an age limit or an active pool would "
                           "fill with stalled warps until nothing issues: use it with gto, lrr "
                           "or oldest, without dwt, dwt_pric or statpcal");
    if (warps > GS_SCHED_MAX_WARPS * 4u || warps >= NO_WARP)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "ciao orders at most %u warps per "
                           "SM, the configuration has %u", GS_SCHED_MAX_WARPS * 4u,
                           (unsigned)warps);
    s->sched_of = env->sched_of;
    s->machine = env->machine;
    s->n_sms = env->n_sms;
    s->scheds = env->scheds_per_sm;
    s->warps = env->warps_per_sm;
    s->entries = cfg->ciao_vta_entries;
    s->variant = cfg->ciao_variant;
    s->high_epoch = cfg->ciao_high_epoch;
    s->low_epoch = cfg->ciao_low_epoch;
    s->high_ppm = cfg->ciao_high_cutoff_ppm;
    s->low_ppm = cfg->ciao_low_cutoff_ppm;
    s->sm = (ciao_sm *)(void *)(s + 1);
    s->w = (ciao_warp *)(void *)(s->sm + sms);
    tags = sms * warps * s->entries;
    s->vta = (uint64_t *)(void *)(s->w + sms * warps);
    s->matrix = cfg->ciao_matrix ? s->vta + tags : NULL;
    s->samples = s->vta + tags + (cfg->ciao_matrix ? warps * warps : 0u);
    s->sample_cycles = cfg->sample_cycles;
    s->evictor = (uint16_t *)(void *)(s->samples + (cfg->sample_cycles
                                                    ? CIAO_MAX_SAMPLES * CIAO_SAMPLE_WORDS : 0u));
    reset(s);
    hooks->sub.fn = ciao_event;
    if (s->variant != VARIANT_T) {   /* isolation: the I bit redirects the warp's loads */
        hooks->decider.levels = 1u << GS_LEVEL_L1D;
        hooks->decider.decide = ciao_decide;
    }
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_L1D_EVICT) | GS_EVENT_BIT(GS_EV_L1D_ACCESS) |
                       GS_EVENT_BIT(GS_EV_SMEM_CACHE_EVICT) |
                       GS_EVENT_BIT(GS_EV_WARP_COMMIT) | GS_EVENT_BIT(GS_EV_BARRIER_ARRIVE) |
                       GS_EVENT_BIT(GS_EV_WARP_EXIT) |
                       GS_EVENT_BIT(GS_EV_KERNEL_LAUNCH) | GS_EVENT_BIT(GS_EV_KERNEL_FINISH);
    hooks->sub.epoch_cycles = cfg->sample_cycles;
    return GS_OK;
}

static uint32_t ciao_stats_count(const gs_config *cfg)
{
    uint32_t warps = gs_config_warps_per_sm(cfg);
    uint32_t isolating = cfg->ciao_variant != VARIANT_T;
    return 14u + 3u * isolating + (cfg->ciao_matrix ? warps * warps + 2u * warps : 0u) +
           (cfg->sample_cycles ? 1u + (3u + 2u * isolating) * CIAO_MAX_SAMPLES : 0u);
}

static void report_matrix(const ciao_state *s, gs_stats *stats)
{
    char name[GS_STAT_NAME_MAX];
    uint32_t v, e;
    for (v = 0; v < s->warps; v++) {
        uint64_t lo = 0, hi = 0;
        for (e = 0; e < s->warps; e++) {
            uint64_t cell = s->matrix[(size_t)v * s->warps + e];
            if (!cell)
                continue;
            gs_fmt(name, sizeof name, "ciao_matrix_w%u_by_w%u", (unsigned)v, (unsigned)e);
            gs_stats_put_count(stats, name, cell);
            hi = cell > hi ? cell : hi;
            lo = lo == 0 || cell < lo ? cell : lo;
        }
        if (!hi)
            continue;
        gs_fmt(name, sizeof name, "ciao_intf_max_w%u", (unsigned)v);
        gs_stats_put_count(stats, name, hi);
        gs_fmt(name, sizeof name, "ciao_intf_min_w%u", (unsigned)v);
        gs_stats_put_count(stats, name, lo);
    }
}

static void report_samples(const ciao_state *s, gs_stats *stats)
{
    char name[GS_STAT_NAME_MAX];
    uint64_t i;
    for (i = 0; i < s->n_samples; i++) {
        const uint64_t *v = &s->samples[i * CIAO_SAMPLE_WORDS];
        unsigned long long to = (unsigned long long)((i + 1u) * s->sample_cycles);
        gs_fmt(name, sizeof name, "ciao_vta_hits_to_%llu", to);
        gs_stats_put_count(stats, name, v[0]);
        gs_fmt(name, sizeof name, "ciao_stalls_to_%llu", to);
        gs_stats_put_count(stats, name, v[1]);
        gs_fmt(name, sizeof name, "ciao_stalled_at_%llu", to);
        gs_stats_put_count(stats, name, v[2]);
        if (s->variant == VARIANT_T)
            continue;
        gs_fmt(name, sizeof name, "ciao_isolations_to_%llu", to);
        gs_stats_put_count(stats, name, v[3]);
        gs_fmt(name, sizeof name, "ciao_isolated_at_%llu", to);
        gs_stats_put_count(stats, name, v[4]);
    }
    gs_stats_put_count(stats, "ciao_samples_dropped", s->samples_dropped);
}

static void ciao_report(const void *state, gs_stats *stats)
{
    const ciao_state *s = state;
    gs_stats_put_count(stats, "ciao_kernels", s->kernels);
    gs_stats_put_count(stats, "ciao_vta_inserts", s->vta_inserts);
    gs_stats_put_count(stats, "ciao_vta_hits", s->vta_hits);
    gs_stats_put_count(stats, "ciao_high_epochs", s->high_epochs);
    gs_stats_put_count(stats, "ciao_high_tested", s->tested);
    gs_stats_put_count(stats, "ciao_high_over", s->over);
    gs_stats_put_count(stats, "ciao_low_epochs", s->low_epochs);
    gs_stats_put_count(stats, "ciao_stalls", s->stalls);
    gs_stats_put_count(stats, "ciao_reactivations", s->reactivations);
    gs_stats_put_count(stats, "ciao_exit_releases", s->exit_releases);
    gs_stats_put_count(stats, "ciao_barrier_releases", s->barrier_releases);
    gs_stats_put_count(stats, "ciao_barrier_refusals", s->barrier_refusals);
    gs_stats_put_count(stats, "ciao_first_barrier_release_cycle", s->first_barrier_release);
    gs_stats_put_count(stats, "ciao_stalled_max", s->stalled_max);
    if (s->variant != VARIANT_T) {
        gs_stats_put_count(stats, "ciao_isolations", s->isolations);
        gs_stats_put_count(stats, "ciao_unisolations", s->unisolations);
        gs_stats_put_count(stats, "ciao_isolated_max", s->isolated_max);
    }
    if (s->matrix)
        report_matrix(s, stats);
    if (s->sample_cycles)
        report_samples(s, stats);
}

const gs_mech_ops gs_mech_ciao_ops = {
    "ciao", "CIAO (Zhang et al., IPDPS 2018): per-warp victim tags record who evicted whom; "
    "a warp whose interference score passes the cutoff gets its interferer isolated in "
    "unused shared memory (CIAO-P), stalled (CIAO-T) or first one, then the other (CIAO-C)",
    ciao_bytes, ciao_init, ciao_stats_count, ciao_report
};
