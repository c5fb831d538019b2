/*
 * statpcal: static priority-based cache allocation with bandwidth-triggered
 * warp re-activation, statPCAL (Li et al., "Priority-Based Cache
 * Allocation in Throughput Processors", HPCA 2015; seed-001 section 2.9,
 * seed-004 section 2.3; issue 17 item 3).
 *
 * Tokens: in each warp scheduler the -gs_statpcal_tokens (T) oldest
 * resident warps hold a priority token and use the L1D as usual; every
 * other warp is a non-token warp whose global and local loads do not
 * pollute the L1D (-gs_statpcal_nontoken: `noalloc`, the default, looks the
 * line up and a miss allocates no line, the paper's "run without
 * allocating"; `bypass` goes around the L1D altogether, seed 001's "directly
 * access the underlying memory"). Warps: each scheduler lets
 * -gs_statpcal_warps (W, T <= W; 0 means W = T) warps issue (the
 * schedulers' age limit, core/sched.h), the static warp limit. Both come
 * from a profile, as the paper's static variant does: a study links T to
 * its SWT search (`-gs_statpcal_tokens best:swt`, README "Running studies").
 *
 * Re-activation (seed 001: "when statPCAL detects under-utilization of L2
 * and/or main memory bandwidth, it activates throttled warps and makes
 * these warps directly access the underlying memory"): each kernel runs
 * periods of -gs_statpcal_period core cycles from its launch. At a period's
 * end the monitor computes the period's
 *     L2 use   = L2 accesses taken / (slices * L2 cycles of the period)
 *     DRAM use = RD and WR bursts * burst cycles / (channels * DRAM cycles)
 * (a slice takes one access per L2 cycle; a burst holds a channel's data
 * bus for burst_length / data_command_freq_ratio DRAM cycles). The memory
 * is under-used when each watched use is below its threshold
 * (-gs_statpcal_l2_threshold, -gs_statpcal_dram_threshold, percent; 0
 * leaves that resource unwatched; both 0 make the variant purely static).
 * Under-used, every scheduler lets -gs_statpcal_step more warps issue (up to
 * all of them); otherwise it takes that many back, down to W. The warps
 * beyond the T oldest hold no token, so a re-activated warp never pollutes.
 *
 * Decisions (where the paper and the seeds leave a choice; README
 * "Decisions"):
 * - Token owners: the T oldest resident warps of each scheduler, barrier
 *   waiters included; a warp keeps its token until it exits and the token
 *   then passes to the oldest warp without one (the paper hands tokens at
 *   warp launch and passes them on at exit). T and W count per scheduler,
 *   as the SWT search's warp_limiting:2:N does, so `best:swt` plugs in.
 * - Issue: the age limit counts only warps not waiting at a barrier, so a
 *   limit below a CTA's warps never deadlocks it at bar.sync.
 * - "L2 and/or main memory": the memory is under-used only when every
 *   watched resource is (both by default): a re-activated warp's requests
 *   go through the L2 and, on an L2 miss, to DRAM, so either one saturated
 *   would only lengthen queues. Thresholds 50% by default: the paper gives
 *   none; half of peak is where a queue's waiting time reaches its service
 *   time (M/D/1: rho / (2 (1 - rho)) = 0.5 at rho = 0.5), so more traffic
 *   there starts to cost latency.
 * - Sampling: 10 000 core cycles (seed 000's period for its dynamic
 *   schemes, so the compared schemes adapt at one granularity), one warp per
 *   scheduler per period; the decision applies from the next cycle (the
 *   partitions sit beside the crossbar; no broadcast latency is modelled).
 *   Periods start at each kernel's launch, and each launch starts at W.
 * - Counted: L2 accesses the slices took (not reservation-fail retries),
 *   every RD and WR command of every channel. The use comparison stays in
 *   64 bits while a slice takes at most one access per L2 cycle (busy <=
 *   capacity): with 512 slices, 10^7-cycle periods and 2*10^7 kHz clocks
 *   the largest product is about 1.0 * 10^19 < 1.8 * 10^19.
 * - The first period starts at the kernel's launch, so it includes the
 *   kernel launch latency (0 on gtx480; 5000 cycles on qv100 and a100),
 *   which it judges as idle memory.
 *
 * Statistics (statpcal_ prefix, only when enabled): the tokens per
 * scheduler, kernels, periods, under-used periods, the most re-activated
 * warps per scheduler, re-activated warp-periods (their sum over periods),
 * the token holders' and the non-token warps' loads the decider saw, and
 * the periods' L2 and DRAM use summed in percent (mean = sum / periods).
 */
#include "mech/mech.h"

#include <string.h>

#include "mem/dram.h"

typedef struct statpcal_state {
    gs_sched *(*sched_of)(void *machine, uint32_t sm, uint32_t s);
    void *machine;
    uint32_t n_sms, scheds, per_sched;   /* warp slots per scheduler */
    uint32_t tokens, warps, step, period, l2_threshold, dram_threshold, nontoken;
    uint32_t slices, channels, burst_cycles;
    uint32_t core_khz, l2_khz, dram_khz;
    uint32_t extra;               /* re-activated warps per scheduler, beyond W */
    uint64_t period_start, next_period_end;
    uint64_t l2_accesses, dram_bursts;   /* this period */
    uint64_t wake_at;
    int running;
    /* statistics */
    uint64_t kernels, periods, underused_periods, extra_max, extra_periods;
    uint64_t token_loads, nontoken_loads, l2_use_sum, dram_use_sum;
} statpcal_state;

static size_t statpcal_bytes(const gs_config *cfg)
{
    (void)cfg;
    return sizeof(statpcal_state);
}

/* Every scheduler of every SM at `limit` warps (0: no limit). */
static void set_limits(statpcal_state *s, uint32_t limit)
{
    uint32_t sm, k;
    for (sm = 0; sm < s->n_sms; sm++)
        for (k = 0; k < s->scheds; k++)
            gs_sched_set_limit(s->sched_of(s->machine, sm, k), limit);
}

/* use * 100 < threshold * capacity, capacity = units * cycles of the
 * resource's clock in `core_cycles` core cycles, exact in integers:
 *     count * cost * core_khz * 100 < threshold * units * core_cycles * khz
 * (count * cost: the busy unit-cycles). Also gives the use in percent. */
static int below(uint64_t busy, uint32_t units, uint32_t khz, uint64_t core_cycles,
                 uint32_t threshold, uint32_t core_khz, uint64_t *percent)
{
    uint64_t capacity_x = (uint64_t)units * core_cycles * khz;   /* * 1/core_khz */
    *percent = capacity_x ? busy * core_khz * 100u / capacity_x : 0;
    return busy * core_khz * 100u < (uint64_t)threshold * capacity_x;
}

/* The monitor's verdict on the period [period_start, now]. */
static int underused(const statpcal_state *s, uint64_t now, uint64_t *l2_use,
                     uint64_t *dram_use)
{
    uint64_t cycles = now + 1u - s->period_start;
    int l2_low = below(s->l2_accesses, s->slices, s->l2_khz, cycles, s->l2_threshold,
                       s->core_khz, l2_use);
    int dram_low = below(s->dram_bursts * s->burst_cycles, s->channels, s->dram_khz, cycles,
                         s->dram_threshold, s->core_khz, dram_use);
    if (s->l2_threshold == 0 && s->dram_threshold == 0)
        return 0;
    return (s->l2_threshold == 0 || l2_low) && (s->dram_threshold == 0 || dram_low);
}

static void statpcal_period_end(statpcal_state *s, uint64_t now)
{
    uint64_t l2_use, dram_use;
    uint32_t room = s->per_sched - s->warps;
    int under = underused(s, now, &l2_use, &dram_use);
    s->periods++;
    s->l2_use_sum += l2_use;
    s->dram_use_sum += dram_use;
    if (under) {
        s->underused_periods++;
        s->extra = s->extra + s->step < room ? s->extra + s->step : room;
    } else {
        s->extra = s->extra > s->step ? s->extra - s->step : 0;
    }
    if (s->extra > s->extra_max)
        s->extra_max = s->extra;
    s->extra_periods += s->extra;
    set_limits(s, s->warps + s->extra);
    s->l2_accesses = s->dram_bursts = 0;
    s->period_start = now + 1u;
    s->next_period_end = now + s->period;
    s->wake_at = s->next_period_end;
}

static void statpcal_event(void *ctx, const gs_event *ev)
{
    statpcal_state *s = ctx;
    switch ((gs_event_kind)ev->kind) {
    case GS_EV_L2_ACCESS:
        s->l2_accesses += (uint64_t)(ev->outcome != GS_OUTCOME_RESERVATION_FAIL);
        return;
    case GS_EV_DRAM_COMMAND:
        s->dram_bursts +=
            (uint64_t)(ev->outcome == GS_DRAM_CMD_RD || ev->outcome == GS_DRAM_CMD_WR);
        return;
    case GS_EV_KERNEL_LAUNCH:
        s->running = 1;
        s->kernels++;
        s->extra = 0;
        s->l2_accesses = s->dram_bursts = 0;
        s->period_start = ev->cycle;
        s->next_period_end = ev->cycle + s->period - 1u;
        s->wake_at = s->next_period_end;
        set_limits(s, s->warps);
        return;
    case GS_EV_KERNEL_FINISH:
        s->running = 0;
        s->extra = 0;
        s->wake_at = GS_WAKE_NONE;
        set_limits(s, 0);
        return;
    case GS_EV_EPOCH:
        if (ev->outcome != GS_EPOCH_BY_WAKE || !s->running)
            return;
        if (ev->cycle == s->next_period_end)   /* the only wake it sets */
            statpcal_period_end(s, ev->cycle);
        return;
    default:
        return;
    }
}

/* Does SM warp slot `warp` hold a token: is it among the T oldest present
 * warps of its scheduler (by_age is oldest first)? */
static int holds_token(const statpcal_state *s, uint32_t sm, uint32_t warp)
{
    const gs_sched *sc = s->sched_of(s->machine, sm, gs_sched_of_warp(warp, s->scheds));
    unsigned local = gs_sched_local_slot(warp, s->scheds);
    uint32_t i, n = sc->num_present < s->tokens ? sc->num_present : s->tokens;
    for (i = 0; i < n; i++)
        if (sc->by_age[i] == local)
            return 1;
    return 0;
}

static uint32_t statpcal_decide(void *ctx, const gs_decide_in *in)
{
    statpcal_state *s = ctx;
    if (!s->running || in->origin.sm >= s->n_sms)
        return GS_DECIDE_DEFAULT;
    if (holds_token(s, in->origin.sm, in->origin.warp)) {
        s->token_loads++;
        return GS_DECIDE_DEFAULT;
    }
    s->nontoken_loads++;
    return s->nontoken ? GS_DECIDE_BYPASS : GS_DECIDE_NO_ALLOCATE;
}

static gs_status statpcal_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                               gs_diag *diag)
{
    statpcal_state *s = state;
    const gs_config *cfg = env->cfg;
    uint32_t per_sched = (env->warps_per_sm + env->scheds_per_sm - 1u) / env->scheds_per_sm;
    uint32_t warps = cfg->statpcal_warps ? cfg->statpcal_warps : cfg->statpcal_tokens;
    if (cfg->perfect_mem || !cfg->dl1.enabled)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "statpcal decides who allocates in "
                           "the L1D and watches L2 and DRAM: it needs the memory system "
                           "(-gpgpu_perfect_mem 0) and an L1D (-gpgpu_cache:dl1 not `none`)");
    if (cfg->scheduler.kind == GS_SCHED_WARP_LIMITING || GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_dwt) ||
        GS_CONFIG_MECH_ON(cfg, GS_MECH_ID_dwt_pric))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "statpcal sets the schedulers' warp "
                           "limit, which warp_limiting, dwt and dwt_pric also set: use one of "
                           "them");
    if (warps < cfg->statpcal_tokens)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_statpcal_warps %u is below "
                           "-gs_statpcal_tokens %u (token holders are among the warps that "
                           "issue; 0 means as many as the tokens)",
                           (unsigned)cfg->statpcal_warps, (unsigned)cfg->statpcal_tokens);
    if (warps > per_sched)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gs_statpcal_%s %u is above the "
                           "%u warps a scheduler has (%u warps per SM, %u schedulers)",
                           cfg->statpcal_warps ? "warps" : "tokens", (unsigned)warps,
                           (unsigned)per_sched, (unsigned)env->warps_per_sm,
                           (unsigned)env->scheds_per_sm);
    s->sched_of = env->sched_of;
    s->machine = env->machine;
    s->n_sms = env->n_sms;
    s->scheds = env->scheds_per_sm;
    s->per_sched = per_sched;
    s->tokens = cfg->statpcal_tokens;
    s->warps = warps;
    s->step = cfg->statpcal_step;
    s->period = cfg->statpcal_period;
    s->l2_threshold = cfg->statpcal_l2_threshold;
    s->dram_threshold = cfg->statpcal_dram_threshold;
    s->nontoken = cfg->statpcal_nontoken;
    s->slices = gs_config_n_sub_partitions(cfg);
    s->channels = cfg->n_mem;
    s->burst_cycles = cfg->dram_burst_length / cfg->dram_data_command_freq_ratio;
    s->core_khz = cfg->clocks.core_khz;
    s->l2_khz = cfg->clocks.l2_khz;
    s->dram_khz = cfg->clocks.dram_khz;
    s->wake_at = GS_WAKE_NONE;
    hooks->sub.fn = statpcal_event;
    hooks->sub.kinds = GS_EVENT_BIT(GS_EV_L2_ACCESS) | GS_EVENT_BIT(GS_EV_DRAM_COMMAND) |
                       GS_EVENT_BIT(GS_EV_KERNEL_LAUNCH) | GS_EVENT_BIT(GS_EV_KERNEL_FINISH);
    hooks->sub.wake_at = &s->wake_at;
    hooks->decider.levels = 1u << GS_LEVEL_L1D;
    hooks->decider.decide = statpcal_decide;
    return GS_OK;
}

static uint32_t statpcal_stats_count(const gs_config *cfg)
{
    (void)cfg;
    return 10u;
}

static void statpcal_report(const void *state, gs_stats *stats)
{
    const statpcal_state *s = state;
    gs_stats_put_count(stats, "statpcal_tokens", s->tokens);
    gs_stats_put_count(stats, "statpcal_kernels", s->kernels);
    gs_stats_put_count(stats, "statpcal_periods", s->periods);
    gs_stats_put_count(stats, "statpcal_underused_periods", s->underused_periods);
    gs_stats_put_count(stats, "statpcal_reactivated_max", s->extra_max);
    gs_stats_put_count(stats, "statpcal_reactivated_warp_periods", s->extra_periods);
    gs_stats_put_count(stats, "statpcal_token_loads", s->token_loads);
    gs_stats_put_count(stats, "statpcal_nontoken_loads", s->nontoken_loads);
    gs_stats_put_count(stats, "statpcal_l2_use_pct_sum", s->l2_use_sum);
    gs_stats_put_count(stats, "statpcal_dram_use_pct_sum", s->dram_use_sum);
}

const gs_mech_ops gs_mech_statpcal_ops = {
    "statpcal", "statPCAL (Li et al., HPCA 2015): the T oldest warps per scheduler hold tokens "
    "and allocate in the L1D, the others' loads do not; W warps issue, more while L2 and DRAM "
    "are under-used",
    statpcal_bytes, statpcal_init, statpcal_stats_count, statpcal_report
};
