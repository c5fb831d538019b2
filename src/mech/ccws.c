/*
 * ccws: Cache-Conscious Wavefront Scheduling (Rogers, O'Connor and Aamodt,
 * MICRO 2012; seed-000 section 2.7, seed-004 section 2.1; issue 17 item 1).
 *
 * A lost-locality detector per warp: when the L1D evicts a line, its tag
 * goes into the victim tag array (VTA) of the warp whose access brought the
 * line in (-gs_ccws_vta_entries per warp, -gs_ccws_vta_ways ways, LRU; 16
 * and 8 as in seed 000's Table 6.1, 768 entries for 48 warps). When a warp's
 * load misses in the L1D and its line is in that warp's VTA, the warp lost
 * intra-warp locality to contention: a VTA hit. Each warp has a lost-
 * locality score (LLS), the base score (-gs_ccws_base_score, 100) when
 * nothing is lost. A VTA hit raises the warp's score by
 *     K_throttle * cutoff * VTA hits / instructions issued
 * (the SM's totals since the kernel's launch; -gs_ccws_kthrottle, 8), with
 *     cutoff = the SM's resident warps * base score;
 * scores decay by 1 a cycle down to the base score. Each cycle the SM's
 * warps are stacked by score, highest first; a warp whose stacked score
 * (its own plus those below it in the stack) exceeds the cutoff may not issue
 * loads (the schedulers' may_load steering, core/sched.h), while it still
 * issues everything else. When no warp has lost locality every warp fits
 * exactly (resident * base = cutoff) and nothing is throttled; the more the
 * high-scoring warps lose, the more low-scoring warps wait, so the warps
 * that lose locality get the L1D.
 *
 * Decisions (where the paper leaves a choice; README "Decisions"):
 * - Scope: one stack per SM, over all its resident warps (the paper's core
 *   has the scheduler see every warp); totals are per SM and reset at each
 *   kernel's launch.
 * - The stack's order: score, then age (older first, as GTO's order), so
 *   ties never depend on slots. The warp at the bottom of the stack (the
 *   highest score) always may load, even when its score alone exceeds the
 *   cutoff: otherwise no warp would load until decay.
 * - A VTA hit invalidates the entry (the line is being fetched again and a
 *   later eviction re-inserts it). Stores do not probe the VTA; every L1D
 *   eviction inserts, dirty or not. A warp that exits takes its VTA and
 *   score with it (the slot's next warp starts clean).
 * - Instructions issued are thread instructions (the active lanes of each
 *   issued warp instruction; GPGPU-Sim's instruction count). Counted per
 *   warp instruction the raise is 32 times larger: with K_throttle 8 one
 *   VTA hit on BFS then lifts a warp by a fifth of the cutoff and throttles
 *   BFS to half its IPC (measured), which the paper's tuning of K to 8
 *   could not have produced.
 * - Timing: a VTA hit re-stacks its SM at once (the L1D's events come before
 *   issue in a core cycle, base/event.h), so the change applies to that
 *   cycle's issue; decay re-stacks every SM with a score above base at the
 *   end of each cycle (the bus's wake register), for the next cycle.
 *
 * Statistics (ccws_ prefix, only when enabled): VTA inserts and hits, the
 * re-stackings that changed the throttled set, the warp-cycles a warp spent
 * throttled, the kernels, and the highest score reached. With
 * -gs_sample_cycles N, also over time, per period of N core cycles (named by
 * the cycle that ends it, as L1D_mpki_to_<cycle>): the resident warps' mean
 * score at its end, the mean number of warps throttled during it, and its
 * VTA hits; at most GS_CCWS_MAX_SAMPLES periods (the GPU's own sample limit),
 * later ones counted as dropped.
 */
#include "mech/mech.h"

#include <string.h>

#include "base/fmt.h"

#define GS_CCWS_MAX_SAMPLES 1024u   /* as the GPU's samples (sim/gpu.h) */
#define SAMPLE_WORDS 4u             /* score sum, warps, throttled warp-cycles, VTA hits */

typedef struct ccws_sm {
    uint64_t hits, issued;        /* since the kernel's launch */
    uint32_t throttled;           /* warps without load issue now */
    uint32_t decaying;            /* some warp's score is above base */
    uint64_t since;               /* the cycle `throttled` took its value */
} ccws_sm;

typedef struct ccws_state {
    gs_sched *(*sched_of)(void *machine, uint32_t sm, uint32_t s);
    void *machine;
    uint32_t n_sms, scheds, warps, entries, ways, sets, base, kthrottle;
    ccws_sm *sm;                  /* [n_sms] */
    uint64_t *score;              /* [n_sms][warps] the score at score_at */
    uint64_t *score_at;           /* [n_sms][warps] */
    uint64_t *vta;                /* [n_sms][warps][entries]: line + 1, 0 empty */
    uint64_t *stamp;              /* [n_sms][warps][entries] LRU */
    uint64_t clock;               /* LRU stamps */
    uint64_t wake_at;
    int running;
    /* statistics */
    uint64_t vta_inserts, vta_hits, changes, throttled_warp_cycles, kernels, score_max;
    /* -gs_sample_cycles: per period, SAMPLE_WORDS words */
    uint64_t *samples;
    uint64_t sample_cycles, n_samples, samples_dropped, last_throttled, last_hits;
} ccws_state;

static size_t per_sm_words(const gs_config *cfg)
{
    size_t warps = gs_config_warps_per_sm(cfg);
    return warps * 2u + warps * (size_t)cfg->ccws_vta_entries * 2u;
}

static size_t ccws_bytes(const gs_config *cfg)
{
    size_t sms = gs_config_n_sms(cfg);
    size_t samples = cfg->sample_cycles ? (size_t)GS_CCWS_MAX_SAMPLES * SAMPLE_WORDS : 0u;
    return sizeof(ccws_state) + sms * sizeof(ccws_sm) + (sms * per_sm_words(cfg) + samples) * 8u;
}

/* A warp's score at `now`: decayed by 1 a cycle, never below base. */
static uint64_t score_now(const ccws_state *s, size_t w, uint64_t now)
{
    uint64_t age = now - s->score_at[w];
    return s->score[w] > s->base + age ? s->score[w] - age : s->base;
}

static gs_sched *sched_of_warp(const ccws_state *s, uint32_t sm, uint32_t warp)
{
    return s->sched_of(s->machine, sm, gs_sched_of_warp(warp, s->scheds));
}

/* Stack SM sm's resident warps at cycle now and set their load issue. */
static void restack(ccws_state *s, uint32_t sm, uint64_t now)
{
    uint32_t order[GS_SCHED_MAX_WARPS * 4u], n = 0, i, j, throttled = 0;
    uint64_t scores[GS_SCHED_MAX_WARPS * 4u], ages[GS_SCHED_MAX_WARPS * 4u];
    uint64_t cutoff, stacked = 0;
    ccws_sm *c = &s->sm[sm];
    uint32_t w;
    c->decaying = 0;
    for (w = 0; w < s->warps && n < GS_SCHED_MAX_WARPS * 4u; w++) {
        const gs_sched *sc = sched_of_warp(s, sm, w);
        unsigned local = gs_sched_local_slot(w, s->scheds);
        uint64_t v;
        if (!((sc->present >> local) & 1u))
            continue;
        v = score_now(s, (size_t)sm * s->warps + w, now);
        c->decaying |= v > s->base;
        /* insertion: score descending, then age ascending (older first) */
        for (i = n; i > 0 && (scores[i - 1u] < v ||
                              (scores[i - 1u] == v && ages[i - 1u] > sc->age[local])); i--) {
            scores[i] = scores[i - 1u];
            ages[i] = ages[i - 1u];
            order[i] = order[i - 1u];
        }
        scores[i] = v;
        ages[i] = sc->age[local];
        order[i] = w;
        n++;
    }
    cutoff = (uint64_t)n * s->base;
    for (j = 0; j < n; j++) {
        int allowed;
        stacked += scores[j];
        allowed = j == 0 || stacked <= cutoff;
        throttled += (uint32_t)!allowed;
        gs_sched_set_may_load(sched_of_warp(s, sm, order[j]),
                              gs_sched_local_slot(order[j], s->scheds), allowed);
    }
    if (throttled != c->throttled) {
        s->throttled_warp_cycles += (uint64_t)c->throttled * (now - c->since);
        s->changes++;
        c->throttled = throttled;
        c->since = now;
    }
}

static void set_wake(ccws_state *s, uint64_t now)
{
    uint32_t sm;
    s->wake_at = GS_WAKE_NONE;
    for (sm = 0; sm < s->n_sms; sm++)
        if (s->sm[sm].decaying) {
            s->wake_at = now;   /* the end of this cycle (a wake re-arms for the next) */
            return;
        }
}

static uint64_t *vta_set(ccws_state *s, uint32_t sm, uint32_t warp, uint64_t line, size_t *at)
{
    size_t set = (size_t)(line % s->sets);
    *at = (((size_t)sm * s->warps + warp) * s->entries) + set * s->ways;
    return &s->vta[*at];
}

static void vta_insert(ccws_state *s, uint32_t sm, uint32_t warp, uint64_t line)
{
    size_t at, w, victim = 0;
    uint64_t *tags = vta_set(s, sm, warp, line, &at);
    for (w = 0; w < s->ways; w++) {
        if (tags[w] == line + 1u) {
            victim = w;
            break;
        }
        if (s->stamp[at + w] < s->stamp[at + victim])
            victim = w;   /* an empty way has stamp 0: the oldest */
    }
    tags[victim] = line + 1u;
    s->stamp[at + victim] = ++s->clock;
    s->vta_inserts++;
}

static int vta_take(ccws_state *s, uint32_t sm, uint32_t warp, uint64_t line)
{
    size_t at, w;
    uint64_t *tags = vta_set(s, sm, warp, line, &at);
    for (w = 0; w < s->ways; w++)
        if (tags[w] == line + 1u) {
            tags[w] = 0;
            s->stamp[at + w] = 0;
            return 1;
        }
    return 0;
}

/* A warp slot starts clean: base score, empty VTA. */
static void clear_warp(ccws_state *s, uint32_t sm, uint32_t warp, uint64_t now)
{
    size_t i = (size_t)sm * s->warps + warp, e;
    s->score[i] = s->base;
    s->score_at[i] = now;
    for (e = 0; e < s->entries; e++)
        s->vta[i * s->entries + e] = s->stamp[i * s->entries + e] = 0;
}

static void lost_locality(ccws_state *s, uint32_t sm, uint32_t warp, uint64_t now)
{
    ccws_sm *c = &s->sm[sm];
    size_t i = (size_t)sm * s->warps + warp;
    uint32_t resident = 0, k;
    uint64_t cutoff, raise;
    for (k = 0; k < s->scheds; k++)
        resident += s->sched_of(s->machine, sm, k)->num_present;
    cutoff = (uint64_t)resident * s->base;
    c->hits++;
    s->vta_hits++;
    raise = (uint64_t)s->kthrottle * cutoff * c->hits / (c->issued ? c->issued : 1u);
    s->score[i] = score_now(s, i, now) + raise;
    s->score_at[i] = now;
    if (s->score[i] > s->score_max)
        s->score_max = s->score[i];
    restack(s, sm, now);
}

/* A kernel starts or ends: every SM's totals and warps start clean, loads free. */
static void reset_sms(ccws_state *s, uint64_t now)
{
    uint32_t sm, w;
    for (sm = 0; sm < s->n_sms; sm++) {
        ccws_sm *c = &s->sm[sm];
        s->throttled_warp_cycles += (uint64_t)c->throttled * (now - c->since);
        c->throttled = 0;
        c->since = now;
        c->decaying = 0;
        c->hits = c->issued = 0;
        for (w = 0; w < s->warps; w++) {
            gs_sched_set_may_load(sched_of_warp(s, sm, w), gs_sched_local_slot(w, s->scheds),
                                  1);
            clear_warp(s, sm, w, now);
        }
    }
}

/* The end of sampling period (cycle now is its last): what it saw. */
static void take_sample(ccws_state *s, uint64_t now)
{
    uint64_t sum = 0, warps = 0, throttled = s->throttled_warp_cycles;
    uint64_t *out = &s->samples[s->n_samples * SAMPLE_WORDS];
    uint32_t sm, w;
    for (sm = 0; sm < s->n_sms; sm++) {
        const ccws_sm *c = &s->sm[sm];
        throttled += (uint64_t)c->throttled * (now + 1u - c->since);   /* accrued so far */
        for (w = 0; w < s->warps; w++) {
            const gs_sched *sc = sched_of_warp(s, sm, w);
            if ((sc->present >> gs_sched_local_slot(w, s->scheds)) & 1u) {
                sum += score_now(s, (size_t)sm * s->warps + w, now);
                warps++;
            }
        }
    }
    if (s->n_samples == GS_CCWS_MAX_SAMPLES) {
        s->samples_dropped++;
        return;
    }
    out[0] = sum;
    out[1] = warps;
    out[2] = throttled - s->last_throttled;
    out[3] = s->vta_hits - s->last_hits;
    s->last_throttled = throttled;
    s->last_hits = s->vta_hits;
    s->n_samples++;
}

static void ccws_event(void *ctx, const gs_event *ev)
{
    ccws_state *s = ctx;
    uint32_t sm = ev->origin.sm, warp = ev->origin.warp;
    uint64_t now = ev->cycle;
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_WARP_ISSUE:
        if (sm < s->n_sms)
            s->sm[sm].issued += ev->value;   /* thread instructions */
        return;
    case GS_EV_L1D_EVICT:
        if (s->running && ev->owner_sm < s->n_sms && ev->owner_warp < s->warps)
            vta_insert(s, ev->owner_sm, ev->owner_warp, ev->addr);
        return;
    case GS_EV_L1D_ACCESS:
        if (!s->running || ev->is_write || ev->outcome != GS_OUTCOME_MISS || sm >= s->n_sms ||
            warp >= s->warps || !vta_take(s, sm, warp, ev->addr))
            return;
        lost_locality(s, sm, warp, now);
        break;
    case GS_EV_WARP_EXIT:
        if (sm >= s->n_sms || warp >= s->warps)
            return;
        clear_warp(s, sm, warp, now);
        restack(s, sm, now);
        break;
    case GS_EV_CTA_LAUNCH:
        if (sm < s->n_sms)
            restack(s, sm, now);
        break;
    case GS_EV_KERNEL_LAUNCH:
        reset_sms(s, now);
        s->running = 1;
        s->kernels++;
        break;
    case GS_EV_KERNEL_FINISH:
        reset_sms(s, now);
        s->running = 0;
        break;
    case GS_EV_EPOCH:   /* a sampling period's end, or the wake: decay */
        if (ev->outcome == GS_EPOCH_BY_CYCLES)
            take_sample(s, now);
        if (ev->outcome != GS_EPOCH_BY_WAKE)
            return;
        for (sm = 0; sm < s->n_sms; sm++)
            if (s->sm[sm].decaying)
                restack(s, sm, now + 1u);   /* the scores the next cycle sees */
        set_wake(s, now + 1u);
        return;
    default:
        return;
    }
    set_wake(s, now);
}

static gs_status ccws_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                           gs_diag *diag)
{
    ccws_state *s = state;
    const gs_config *cfg = env->cfg;
    uint64_t *words;
    size_t sms = env->n_sms, warps = env->warps_per_sm;
    if (cfg->perfect_mem || !cfg->dl1.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "ccws watches the L1D's evictions "
                           "and misses: it needs the memory system (-gpgpu_perfect_mem 0) and an "
                           "L1D (-gpgpu_cache:dl1 not `none`)");
    if (cfg->ccws_vta_entries % cfg->ccws_vta_ways != 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_ccws_vta_entries %u is not a "
                           "multiple of -gs_ccws_vta_ways %u (sets of equal ways)",
                           (unsigned)cfg->ccws_vta_entries, (unsigned)cfg->ccws_vta_ways);
    if (warps > GS_SCHED_MAX_WARPS * 4u)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "ccws stacks at most %u warps "
                           "per SM, the configuration has %u", GS_SCHED_MAX_WARPS * 4u,
                           (unsigned)warps);
    s->sched_of = env->sched_of;
    s->machine = env->machine;
    s->n_sms = env->n_sms;
    s->scheds = env->scheds_per_sm;
    s->warps = env->warps_per_sm;
    s->entries = cfg->ccws_vta_entries;
    s->ways = cfg->ccws_vta_ways;
    s->sets = s->entries / s->ways;
    s->base = cfg->ccws_base_score;
    s->kthrottle = cfg->ccws_kthrottle;
    s->sm = (ccws_sm *)(void *)(s + 1);
    words = (uint64_t *)(void *)(s->sm + sms);
    s->score = words;
    s->score_at = words + sms * warps;
    s->vta = words + 2u * sms * warps;
    s->stamp = s->vta + sms * warps * s->entries;
    s->samples = s->stamp + sms * warps * s->entries;
    s->sample_cycles = cfg->sample_cycles;
    s->wake_at = GS_WAKE_NONE;
    hooks->sub.fn = ccws_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_WARP_ISSUE) | GS_EVENT_BIT(GS_EV_L1D_EVICT) |
                       GS_EVENT_BIT(GS_EV_L1D_ACCESS) | GS_EVENT_BIT(GS_EV_WARP_EXIT) |
                       GS_EVENT_BIT(GS_EV_CTA_LAUNCH) | GS_EVENT_BIT(GS_EV_KERNEL_LAUNCH) |
                       GS_EVENT_BIT(GS_EV_KERNEL_FINISH);
    hooks->sub.wake_at = &s->wake_at;
    hooks->sub.epoch_cycles = cfg->sample_cycles;
    return GS_OK;
}

static uint32_t ccws_stats_count(const gs_config *cfg)
{
    return 6u + (cfg->sample_cycles ? 1u + 3u * GS_CCWS_MAX_SAMPLES : 0u);
}

static void ccws_report(const void *state, gs_stats *stats)
{
    const ccws_state *s = state;
    gs_stats_put_count(stats, "ccws_kernels", s->kernels);
    gs_stats_put_count(stats, "ccws_vta_inserts", s->vta_inserts);
    gs_stats_put_count(stats, "ccws_vta_hits", s->vta_hits);
    gs_stats_put_count(stats, "ccws_throttle_changes", s->changes);
    gs_stats_put_count(stats, "ccws_throttled_warp_cycles", s->throttled_warp_cycles);
    gs_stats_put_count(stats, "ccws_score_max", s->score_max);
    if (s->sample_cycles) {
        uint64_t i;
        char name[GS_STAT_NAME_MAX];
        for (i = 0; i < s->n_samples; i++) {
            const uint64_t *v = &s->samples[i * SAMPLE_WORDS];
            unsigned long long to = (unsigned long long)((i + 1u) * s->sample_cycles);
            gs_fmt(name, sizeof name, "ccws_score_mean_to_%llu", to);
            gs_stats_put_ratio(stats, name, v[0], v[1], 2);
            gs_fmt(name, sizeof name, "ccws_throttled_warps_to_%llu", to);
            gs_stats_put_ratio(stats, name, v[2], s->sample_cycles, 2);
            gs_fmt(name, sizeof name, "ccws_vta_hits_to_%llu", to);
            gs_stats_put_count(stats, name, v[3]);
        }
        gs_stats_put_count(stats, "ccws_samples_dropped", s->samples_dropped);
    }
}

const gs_mech_ops gs_mech_ccws_ops = {
    "ccws", "CCWS (Rogers et al., MICRO 2012): per-warp victim tags detect lost intra-warp "
    "locality; warps stacked by lost-locality score above the cutoff may not issue loads",
    ccws_bytes, ccws_init, ccws_stats_count, ccws_report
};
