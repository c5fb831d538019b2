/*
 * dwt: Dynamic Warp Throttling via Core Sampling, DWT-CS (seed-000 section
 * 2.4; the thesis's T 5.2, 5.4 and Table 6.1), as a core (mech/dwt.h) and
 * as the standalone `dwt` mechanism.
 *
 * Each kernel launch runs periods of -gs_dwt_period core cycles (10K),
 * counted from the launch. At a period's end the coordinator computes the
 * GPU's L1D MPKI over the period, misses * 1000 / committed thread
 * instructions; above -gs_dwt_mpki_threshold (10) the period thrashes. After
 * -gs_dwt_detect_periods (N) thrashing periods the kernel is throttled: a
 * kernel seen before gets its remembered limit, a new one is sampled. In a
 * sampling round core c (0-based) runs at limit lo + (c mod K) warps per
 * scheduler, K = min(cores, max - lo + 1), for -gs_dwt_sample_periods (M)
 * periods; round 1 has lo = 1, so gtx480's 15 cores run at 1..15 as in the
 * thesis. At the round's end each core's committed thread instructions go to
 * the coordinator, which picks the limit with the most instructions per core
 * and broadcasts it; it holds until the kernel ends and is remembered for
 * the kernel's relaunch. Every decision the coordinator makes at a period's
 * end (start sampling, apply a limit) reaches the cores
 * -gs_dwt_broadcast_latency cycles later.
 *
 * Decisions (seed-000 section 5.2; README "Decisions"):
 * - N and M (5.2-1): 3 and 3 by default. The thesis's only hint is about
 *   60K cycles to detect thrashing and find the limit, six 10K periods.
 * - Scope (5.2-2): one GPU-wide MPKI, summed over all L1Ds, as the
 *   coordinator sees it when the cores report; the thesis speaks of "L1
 *   MPKI" and throttles the whole GPU with one limit.
 * - What counts (5.2-3): what the L1D_mpki statistic counts: every L1D
 *   access whose outcome is a miss (loads and stores; MSHR merges and
 *   reservation-fail retries are not misses), per committed thread
 *   instruction. A period in which nothing committed is not examined (no
 *   evidence either way): it neither extends nor breaks a run of thrashing
 *   periods and is not one of a kernel's first N.
 * - Standalone vs DWT-PRIC (5.2-4): `dwt` detects on any N consecutive
 *   thrashing periods of the kernel (it keeps monitoring until it fires);
 *   DWT-PRIC examines only the kernel's first N periods, all of which must
 *   thrash (mech/dwt_pric.c decides when its DBSA starts).
 * - Sampling past 15 (5.2-5): when the round's highest limit wins and the
 *   per-scheduler maximum (24 on gtx480) is higher, another round starts
 *   from the winner: lo = the winner, so gtx480's second round tests 15..24
 *   (10 limits on 15 cores: 15..19 on two cores each). The winner is
 *   tested again because the two rounds run in different phases of the
 *   kernel, so counts of different rounds cannot be compared. With more
 *   cores than limits every limit runs on several cores and the average
 *   per core decides (integer cross-multiplication).
 * - Ties and the broadcast (5.2-6): the lowest limit wins a tie (fewer warps
 *   thrash the L1D less; the project's lowest-index rule). The broadcast
 *   latency, which the thesis does not give, is 32 core cycles by default:
 *   an assumption (two crossbar traversals and a MAX), 0.3% of a period.
 *   The coordinator is the middle core (index cores / 2, the thesis's core
 *   #8 of 15); in this model its position has no effect beyond that
 *   latency, so it is not an option.
 * - Active warps (5.2-7): the schedulers' age limit (core/sched.h): only the
 *   first `limit` present warps by age that are not waiting at a barrier
 *   may issue, any instruction. Barrier-waiting warps do not count, so a
 *   CTA can never deadlock at bar.sync, and exited warps leave the set.
 * - Kernel identity (5.2-8): the kernel's name (its hash in KERNEL_LAUNCH);
 *   -gs_dwt_memo_entries (8) kernels are remembered, the oldest entry
 *   replaced when full. The memory lasts for the run.
 * - Periods (5.2-14): they start at each kernel's launch, so "the first N
 *   periods of the kernel" are whole periods; at the kernel's end the
 *   limits are lifted and an unfinished sampling round is dropped (nothing
 *   is remembered).
 *
 * Statistics (dwt_ prefix, only when enabled): periods examined, thrashing
 * periods, detections, remembered limits reused, sampling rounds and
 * periods, kernels throttled, and the last limit applied.
 */
#include "mech/dwt.h"

#include <string.h>

enum {
    PH_IDLE = 0,      /* no kernel running */
    PH_MONITOR,       /* examining periods */
    PH_SAMPLING,      /* a round is (about to be) running */
    PH_FIXED,         /* a limit is set (or on its way) until the kernel ends */
    PH_DONE           /* first-N detection found no thrashing: no limit */
};

enum { ACT_NONE = 0, ACT_START_ROUND, ACT_APPLY };

struct gs_dwt {
    gs_sched *(*sched_of)(void *machine, uint32_t sm, uint32_t s);
    void *machine;
    uint32_t n_sms, scheds, max_limit;
    uint32_t period, threshold, detect_n, sample_m, latency, memo_cap;
    unsigned detect;
    /* the running kernel */
    unsigned phase;
    uint64_t key;                 /* kernel name hash */
    uint64_t next_period_end;     /* last cycle of the current period */
    uint32_t examined;            /* periods examined in this kernel */
    uint32_t high_run;            /* consecutive thrashing periods */
    uint64_t period_misses, period_insts;
    /* sampling */
    uint32_t round_lo, round_k, periods_left;
    int counting;                 /* the round's limits are in place */
    uint64_t *core_insts;         /* [n_sms] over the round */
    /* the coordinator's decision on its way */
    unsigned pending;
    uint32_t pending_value;       /* ACT_START_ROUND: lo; ACT_APPLY: the limit */
    uint64_t broadcast_at;
    uint64_t wake_at;             /* the bus's wake register */
    /* per-kernel memory */
    uint64_t *memo_key;           /* [memo_cap] */
    uint32_t *memo_limit;         /* [memo_cap] */
    uint32_t memo_used, memo_next;
    /* statistics */
    uint64_t periods, high_periods, detections, memo_hits, rounds, sampling_periods;
    uint64_t kernels_throttled, last_limit;
};

/* A multiple of 8, so a state placed after it (DWT-PRIC's DBSA) is aligned. */
size_t gs_dwt_bytes(const gs_config *cfg)
{
    size_t bytes = sizeof(gs_dwt) + (size_t)gs_config_n_sms(cfg) * sizeof(uint64_t) +
                   (size_t)cfg->dwt_memo_entries * (sizeof(uint64_t) + sizeof(uint32_t));
    return (bytes + 7u) & ~(size_t)7u;
}

uint32_t gs_dwt_kinds(void)
{
    return GS_EVENT_BIT(GS_EV_WARP_COMMIT) | GS_EVENT_BIT(GS_EV_L1D_ACCESS) |
           GS_EVENT_BIT(GS_EV_KERNEL_LAUNCH) | GS_EVENT_BIT(GS_EV_KERNEL_FINISH);
}

uint64_t *gs_dwt_wake_register(gs_dwt *d)
{
    return &d->wake_at;
}

int gs_dwt_settled(const gs_dwt *d)
{
    return d->phase == PH_FIXED || d->phase == PH_DONE;
}

/* Every scheduler of core `sm` at `limit` warps (0: no limit). */
static void set_core_limit(gs_dwt *d, uint32_t sm, uint32_t limit)
{
    uint32_t s;
    for (s = 0; s < d->scheds; s++)
        gs_sched_set_limit(d->sched_of(d->machine, sm, s), limit);
}

/* The limit core `sm` runs at in the round starting at lo. */
static uint32_t round_limit(const gs_dwt *d, uint32_t sm)
{
    return d->round_lo + sm % d->round_k;
}

static void apply(gs_dwt *d, unsigned action, uint32_t value)
{
    uint32_t sm;
    if (action == ACT_START_ROUND) {
        for (sm = 0; sm < d->n_sms; sm++) {
            set_core_limit(d, sm, round_limit(d, sm));
            d->core_insts[sm] = 0;
        }
        d->counting = 1;
        return;
    }
    for (sm = 0; sm < d->n_sms; sm++)
        set_core_limit(d, sm, value);
    d->last_limit = value;
}

/* The coordinator decided at the end of cycle `cycle`: the cores act on it
 * -gs_dwt_broadcast_latency cycles later (now when 0). */
static void decide(gs_dwt *d, unsigned action, uint32_t value, uint64_t cycle)
{
    if (action == ACT_START_ROUND) {
        d->phase = PH_SAMPLING;
        d->round_lo = value;
        d->round_k = d->max_limit - value + 1u;
        if (d->round_k > d->n_sms)
            d->round_k = d->n_sms;
        d->periods_left = d->sample_m;
        d->counting = 0;
        d->rounds++;
    } else {
        d->phase = PH_FIXED;
        d->kernels_throttled++;
    }
    if (d->latency == 0) {
        apply(d, action, value);
        return;
    }
    d->pending = action;
    d->pending_value = value;
    d->broadcast_at = cycle + d->latency;
}

static int memo_find(const gs_dwt *d, uint64_t key, uint32_t *limit)
{
    uint32_t i;
    for (i = 0; i < d->memo_used; i++)
        if (d->memo_key[i] == key) {
            *limit = d->memo_limit[i];
            return 1;
        }
    return 0;
}

static void memo_store(gs_dwt *d, uint64_t key, uint32_t limit)
{
    uint32_t i;
    for (i = 0; i < d->memo_used; i++)
        if (d->memo_key[i] == key) {
            d->memo_limit[i] = limit;
            return;
        }
    i = d->memo_used < d->memo_cap ? d->memo_used++ : d->memo_next;
    d->memo_next = (i + 1u) % d->memo_cap;
    d->memo_key[i] = key;
    d->memo_limit[i] = limit;
}

/* The coordinator's MAX: the limit with the most committed instructions
 * per core over the round; ties go to the lowest limit. */
static uint32_t round_winner(const gs_dwt *d)
{
    uint32_t j, sm, best = d->round_lo;
    uint64_t best_sum = 0, best_cores = 0;
    for (j = 0; j < d->round_k; j++) {
        uint64_t sum = 0, cores = 0;
        for (sm = j; sm < d->n_sms; sm += d->round_k) {
            sum += d->core_insts[sm];
            cores++;
        }
        if (j == 0 || sum * best_cores > best_sum * cores) {
            best = d->round_lo + j;
            best_sum = sum;
            best_cores = cores;
        }
    }
    return best;
}

static void monitor_period(gs_dwt *d, uint64_t misses, uint64_t insts, uint64_t cycle)
{
    uint32_t limit;
    if (insts == 0)
        return;   /* nothing committed: not examined */
    d->periods++;
    d->examined++;
    if (misses * 1000u > (uint64_t)d->threshold * insts) {
        d->high_periods++;
        d->high_run++;
    } else {
        d->high_run = 0;
    }
    if (d->high_run >= d->detect_n) {
        d->detections++;
        if (memo_find(d, d->key, &limit)) {
            d->memo_hits++;
            decide(d, ACT_APPLY, limit, cycle);
        } else {
            decide(d, ACT_START_ROUND, 1u, cycle);
        }
    } else if (d->detect == GS_DWT_DETECT_FIRST && d->examined >= d->detect_n) {
        d->phase = PH_DONE;   /* the first N periods did not all thrash */
    }
}

static void sampling_period(gs_dwt *d, uint64_t cycle)
{
    uint32_t winner;
    d->sampling_periods++;
    if (--d->periods_left > 0)
        return;
    d->counting = 0;
    winner = round_winner(d);
    if (winner == d->round_lo + d->round_k - 1u && winner < d->max_limit && d->round_k > 1u) {
        decide(d, ACT_START_ROUND, winner, cycle);   /* test the limits above it */
        return;
    }
    memo_store(d, d->key, winner);
    decide(d, ACT_APPLY, winner, cycle);
}

static void period_end(gs_dwt *d, uint64_t cycle)
{
    uint64_t misses = d->period_misses, insts = d->period_insts;
    d->period_misses = d->period_insts = 0;
    d->next_period_end += d->period;
    if (d->phase == PH_MONITOR)
        monitor_period(d, misses, insts, cycle);
    else if (d->phase == PH_SAMPLING)
        sampling_period(d, cycle);
}

static void kernel_start(gs_dwt *d, const gs_event *ev)
{
    d->phase = PH_MONITOR;
    d->key = ev->addr;
    d->next_period_end = ev->cycle + d->period - 1u;
    d->examined = d->high_run = 0;
    d->period_misses = d->period_insts = 0;
    d->pending = ACT_NONE;
    d->counting = 0;
}

static void kernel_end(gs_dwt *d)
{
    uint32_t sm;
    if (d->phase == PH_FIXED || d->phase == PH_SAMPLING || d->pending != ACT_NONE)
        for (sm = 0; sm < d->n_sms; sm++)
            set_core_limit(d, sm, 0);
    d->phase = PH_IDLE;
    d->pending = ACT_NONE;
    d->counting = 0;
}

static void dwt_set_wake(gs_dwt *d)
{
    d->wake_at = GS_WAKE_NONE;
    if (d->phase == PH_IDLE)
        return;
    d->wake_at = d->next_period_end;   /* periods go on after a decision (DWT-PRIC's DBSA) */
    if (d->pending != ACT_NONE && d->broadcast_at < d->wake_at)
        d->wake_at = d->broadcast_at;
}

uint32_t gs_dwt_event(gs_dwt *d, const gs_event *ev)
{
    uint32_t done = 0;
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_WARP_COMMIT:
        d->period_insts += ev->value;
        if (d->counting && ev->origin.sm < d->n_sms)
            d->core_insts[ev->origin.sm] += ev->value;
        return 0;
    case GS_EV_L1D_ACCESS:
        d->period_misses += (uint64_t)(ev->outcome == GS_OUTCOME_MISS);
        return 0;
    case GS_EV_KERNEL_LAUNCH:
        kernel_start(d, ev);
        break;
    case GS_EV_KERNEL_FINISH:
        kernel_end(d);
        break;
    case GS_EV_EPOCH:
        if (ev->outcome != GS_EPOCH_BY_WAKE || d->phase == PH_IDLE)
            return 0;
        if (d->pending != ACT_NONE && ev->cycle == d->broadcast_at) {
            unsigned action = d->pending;
            d->pending = ACT_NONE;
            apply(d, action, d->pending_value);
        }
        /* a period ends at every wake at its last cycle, also when the
         * limits stay (DWT-PRIC's DBSA periods go on) */
        if (ev->cycle == d->next_period_end) {
            period_end(d, ev->cycle);
            done |= GS_DWT_PERIOD_ENDED;
        }
        break;
    default:
        return 0;
    }
    dwt_set_wake(d);
    return done;
}

gs_status gs_dwt_init(gs_dwt *d, const gs_mech_env *env, unsigned detect, gs_diag *diag)
{
    const gs_config *cfg = env->cfg;
    uint64_t *words = (uint64_t *)(d + 1);
    if (cfg->perfect_mem || !cfg->dl1.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dwt measures the L1D's misses: it "
                           "needs the memory system (-gpgpu_perfect_mem 0) and an L1D "
                           "(-gpgpu_cache:dl1 not `none`)");
    if (cfg->dwt_broadcast_latency >= cfg->dwt_period)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_dwt_broadcast_latency %u must "
                           "be below -gs_dwt_period %u (a decision arrives within its period)",
                           (unsigned)cfg->dwt_broadcast_latency, (unsigned)cfg->dwt_period);
    d->sched_of = env->sched_of;
    d->machine = env->machine;
    d->n_sms = env->n_sms;
    d->scheds = env->scheds_per_sm;
    d->max_limit = (env->warps_per_sm + env->scheds_per_sm - 1u) / env->scheds_per_sm;
    d->period = cfg->dwt_period;
    d->threshold = cfg->dwt_mpki_threshold;
    d->detect_n = cfg->dwt_detect_periods;
    d->sample_m = cfg->dwt_sample_periods;
    d->latency = cfg->dwt_broadcast_latency;
    d->memo_cap = cfg->dwt_memo_entries;
    d->detect = detect;
    d->core_insts = words;
    d->memo_key = words + d->n_sms;
    d->memo_limit = (uint32_t *)(d->memo_key + d->memo_cap);
    d->wake_at = GS_WAKE_NONE;
    return GS_OK;
}

#define DWT_STATS 8u

uint32_t gs_dwt_stats_count(void)
{
    return DWT_STATS;
}

void gs_dwt_report(const gs_dwt *d, gs_stats *stats)
{
    gs_stats_put_count(stats, "dwt_periods", d->periods);
    gs_stats_put_count(stats, "dwt_thrashing_periods", d->high_periods);
    gs_stats_put_count(stats, "dwt_detections", d->detections);
    gs_stats_put_count(stats, "dwt_memo_hits", d->memo_hits);
    gs_stats_put_count(stats, "dwt_sampling_rounds", d->rounds);
    gs_stats_put_count(stats, "dwt_sampling_periods", d->sampling_periods);
    gs_stats_put_count(stats, "dwt_kernels_throttled", d->kernels_throttled);
    gs_stats_put_count(stats, "dwt_last_limit", d->last_limit);
}

/* ---- the `dwt` mechanism: standalone DWT-CS ---- */

static void dwt_event(void *ctx, const gs_event *ev)
{
    (void)gs_dwt_event(ctx, ev);
}

static gs_status dwt_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                          gs_diag *diag)
{
    gs_status st;
    if (GS_CONFIG_MECH_ON(env->cfg, GS_MECH_ID_dwt_pric))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "dwt_pric "
                           "includes DWT-CS: enable dwt or dwt_pric, not both");
    if ((st = gs_dwt_init(state, env, GS_DWT_DETECT_ANY, diag)) != GS_OK)
        return st;
    hooks->sub.fn = dwt_event;
    hooks->sub.kinds = gs_dwt_kinds();
    hooks->sub.wake_at = gs_dwt_wake_register(state);
    return GS_OK;
}

static uint32_t dwt_stats_count(const gs_config *cfg)
{
    (void)cfg;
    return gs_dwt_stats_count();
}

static void dwt_report(const void *state, gs_stats *stats)
{
    gs_dwt_report(state, stats);
}

const gs_mech_ops gs_mech_dwt_ops = {
    "dwt", "seed-000 DWT-CS: after N thrashing periods (L1D MPKI above the threshold), "
    "sample warp limits 1..K on cores 1..K and keep the best one for the kernel",
    gs_dwt_bytes, dwt_init, dwt_stats_count, dwt_report
};
