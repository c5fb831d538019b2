/*
 * mrpb: Memory Request Prioritization Buffer (Jia, Shaw and Martonosi, HPCA
 * 2014; seed-000 section 2.7, seed-004 section 2.3; issue 17 item 2).
 *
 * Between the coalescer and the L1D, each SM's requests wait in FIFO queues
 * by signature (-gs_mrpb_signature): the warp (default, one queue per warp
 * slot, 48 on gtx480), the load's PC or its line address, sharing
 * -gs_ldst_stage_entries entries (the paper's 32; the staged LD/ST path,
 * mem/ldst_stage.h). Each core cycle the drain policy picks one queue's
 * oldest request for the L1D:
 *   fixed   (default) the lowest-numbered non-empty queue, every cycle: a
 *           fixed static priority, non-greedy (seed 000's configuration and
 *           the paper's best);
 *   greedy  the queue drained last, while it holds requests, then as fixed;
 *   rr      the next non-empty queue after the one drained last (round robin).
 * So a few warps' requests reach the L1D together and the others wait,
 * instead of all warps' requests interleaving and evicting each other. With
 * -gs_mrpb_assoc_bypass 1 (default, seed 000's "bypass-on-assoc-stalls") a
 * load whose L1D set has every way reserved (LINE_ALLOC_FAIL) goes around
 * the L1D instead of waiting for a way.
 *
 * Decisions (README "Decisions"):
 * - Signatures: the warp is the paper's best and seed 000's configuration;
 *   `pc` (the instruction) and `line` (the line address) are the paper's
 *   alternatives, hashed over as many queues as the SM has warp slots
 *   (Fibonacci hashing of the PC or line number, so queue numbers do not
 *   follow the PC's or address's stride). The paper's thread-block
 *   signature is not built (the stage knows a request's warp, not its CTA).
 * - A queue is a warp's requests in arrival order (the stage keeps them);
 *   a reservation fail other than an associativity stall leaves the request
 *   staged and the policy picks again next cycle (possibly another queue).
 * - The bypass applies to global and local loads (as the deciders' L1
 *   bypass); stores and atomics wait, as the L1D handles them.
 *
 * Statistics (mrpb_ prefix, only when enabled): picks, reorders (picks of a
 * request other than the SM's oldest staged one), the sum of the stage's
 * occupancy at each pick (its mean is the sum / picks) and its maximum; the
 * memory system reports ldst_stage_assoc_bypasses.
 */
#include "mech/mech.h"

enum { DRAIN_FIXED = 0, DRAIN_GREEDY = 1, DRAIN_RR = 2 };
enum { SIG_WARP = 0, SIG_PC = 1, SIG_LINE = 2 };

typedef struct mrpb_state {
    uint32_t warps, drain, n_sms, signature;
    uint32_t *last;               /* [n_sms] the queue drained last */
    uint64_t picks, reorders, occupancy_sum, occupancy_max;
} mrpb_state;

static size_t mrpb_bytes(const gs_config *cfg)
{
    return sizeof(mrpb_state) + (size_t)gs_config_n_sms(cfg) * sizeof(uint32_t);
}

/* The first non-empty queue at or after `from`, cyclically. */
static uint32_t first_queue(const mrpb_state *s, const gs_ldst_stage *stage, uint32_t from,
                            uint32_t *queue)
{
    uint32_t i;
    for (i = 0; i < s->warps; i++) {
        uint32_t q = (from + i) % s->warps, e = gs_ldst_stage_warp_head(stage, q);
        if (e != GS_STAGE_NONE) {
            *queue = q;
            return e;
        }
    }
    return GS_STAGE_HOLD;
}

/* The queue of staged request r under a PC or line signature. */
static uint32_t queue_of(const mrpb_state *s, const gs_stage_req *r)
{
    uint64_t key = s->signature == SIG_PC ? (uint64_t)r->pc : r->c.line_addr;
    return (uint32_t)(((key * 0x9E3779B97F4A7C15ull) >> 32) % s->warps);
}

/* As first_queue, for a hashed signature: the oldest request of the first
 * non-empty queue at or after `from` (the stage in arrival order, so the
 * first request seen of a queue is its head). */
static uint32_t first_hashed(const mrpb_state *s, const gs_ldst_stage *stage, uint32_t from,
                             uint32_t *queue)
{
    uint32_t e, best = GS_STAGE_HOLD, best_distance = s->warps;
    for (e = gs_ldst_stage_oldest(stage); e != GS_STAGE_NONE;
         e = gs_ldst_stage_younger(stage, e)) {
        uint32_t q = queue_of(s, gs_ldst_stage_at(stage, e));
        uint32_t distance = (q + s->warps - from % s->warps) % s->warps;
        if (distance < best_distance) {
            best_distance = distance;
            best = e;
            *queue = q;
        }
    }
    return best;
}

static uint32_t mrpb_pick(void *ctx, uint32_t sm, const gs_ldst_stage *stage, uint64_t now)
{
    mrpb_state *s = ctx;
    uint32_t e = GS_STAGE_NONE, q = 0, count = gs_ldst_stage_count(stage);
    uint32_t from = s->drain == DRAIN_RR ? s->last[sm] + 1u : 0u;
    (void)now;
    if (s->signature != SIG_WARP) {
        /* greedy: the last queue first, as long as it holds a request */
        if (s->drain == DRAIN_GREEDY)
            from = s->last[sm];
        e = first_hashed(s, stage, from, &q);
    } else {
        if (s->drain == DRAIN_GREEDY)
            e = gs_ldst_stage_warp_head(stage, s->last[sm]);
        if (e != GS_STAGE_NONE)
            q = s->last[sm];
        else
            e = first_queue(s, stage, from, &q);
    }
    if (e == GS_STAGE_HOLD)
        return e;
    s->last[sm] = q;
    s->picks++;
    s->reorders += (uint64_t)(e != gs_ldst_stage_oldest(stage));
    s->occupancy_sum += count;
    if (count > s->occupancy_max)
        s->occupancy_max = count;
    return e;
}

static gs_status mrpb_init(void *state, const gs_mech_env *env, gs_mech_hooks *hooks,
                           gs_diag *diag)
{
    mrpb_state *s = state;
    (void)diag;
    s->warps = env->warps_per_sm;
    s->n_sms = env->n_sms;
    s->drain = env->cfg->mrpb_drain;
    s->signature = env->cfg->mrpb_signature;
    s->last = (uint32_t *)(void *)(s + 1);
    hooks->stage_pick = mrpb_pick;
    hooks->stage_flags = env->cfg->mrpb_assoc_bypass ? GS_STAGE_BYPASS_ON_ASSOC_FAIL : 0u;
    return GS_OK;
}

static uint32_t mrpb_stats_count(const gs_config *cfg)
{
    (void)cfg;
    return 4u;
}

static void mrpb_report(const void *state, gs_stats *stats)
{
    const mrpb_state *s = state;
    gs_stats_put_count(stats, "mrpb_picks", s->picks);
    gs_stats_put_count(stats, "mrpb_reorders", s->reorders);
    gs_stats_put_count(stats, "mrpb_occupancy_sum", s->occupancy_sum);
    gs_stats_put_count(stats, "mrpb_occupancy_max", s->occupancy_max);
}

const gs_mech_ops gs_mech_mrpb_ops = {
    "mrpb", "MRPB (Jia et al., HPCA 2014): per-warp request queues before the L1D drained in "
    "a fixed priority order, and L1D bypass on associativity stalls (staged LD/ST path)",
    mrpb_bytes, mrpb_init, mrpb_stats_count, mrpb_report
};
