/*
 * Operand collector: collector units, register-file banks with write-back
 * priority, in / out ports and in-order dispatch per warp (seed-004 section
 * 1.2.6; see opcoll.h for the model and its decisions).
 */
#include "core/opcoll.h"
#include "core/sched.h"

#include <string.h>

static const char *const oc_set_name[GS_OC_SETS] = {
    "sp", "sfu", "dp", "int", "tensor_core", "mem", "gen"
};

/* CUs the parameters ask for (kind sets count only when specialized). */
static uint32_t oc_cus_of(const gs_oc_params *p, unsigned set)
{
    return (set == GS_OC_GEN || p->specialized) ? p->num_cus[set] : 0u;
}

uint32_t gs_oc_units(const gs_oc_params *p)
{
    uint32_t k, total = 0;
    for (k = 0; k < GS_OC_SETS; k++)
        total += oc_cus_of(p, k);
    return total;
}

size_t gs_oc_bytes(const gs_oc_params *p)
{
    return gs_arena_round((size_t)gs_oc_units(p) * sizeof(gs_oc_cu));
}

static gs_status oc_fail(gs_diag *diag, const char *what, unsigned set, unsigned value)
{
    return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                       "-gpgpu_operand_collector_num_%s_%s %u: %s", "units", oc_set_name[set],
                       value, what);
}

static gs_status oc_check(const gs_oc_params *p, const uint8_t routed[GS_OC_GEN],
                          gs_diag *diag)
{
    uint32_t s = p->num_scheds, k;
    int gen_ok = p->num_cus[GS_OC_GEN] && p->out_ports[GS_OC_GEN];
    if (p->num_banks == 0 || p->num_banks > GS_OC_MAX_BANKS || p->port_throughput == 0 ||
        s > GS_OC_MAX_SCHEDS || (p->sub_core && p->num_banks % s))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "-gpgpu_num_reg_banks %u must be "
                           "1..%u (a multiple of the %u schedulers under the sub-core model) "
                           "and -gpgpu_reg_file_port_throughput at least 1",
                           (unsigned)p->num_banks, GS_OC_MAX_BANKS, (unsigned)s);
    if (gs_oc_units(p) > GS_OC_MAX_CUS)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "%u operand collector units is above "
                           "the maximum %u", (unsigned)gs_oc_units(p), GS_OC_MAX_CUS);
    for (k = 0; k < GS_OC_SETS; k++)
        if (p->sub_core && oc_cus_of(p, k) % s)
            return oc_fail(diag, "not a multiple of the schedulers (sub-core model)", k,
                           (unsigned)p->num_cus[k]);
    if (p->num_cus[GS_OC_GEN] && !p->out_ports[GS_OC_GEN])
        return oc_fail(diag, "generic units need -gpgpu_operand_collector_num_out_ports_gen "
                       ">= 1", GS_OC_GEN, (unsigned)p->num_cus[GS_OC_GEN]);
    for (k = 0; k < GS_OC_GEN; k++) {
        int own = p->specialized && p->num_cus[k] && p->in_ports[k] && p->out_ports[k];
        int gen = gen_ok && (p->in_ports[GS_OC_GEN] || (p->specialized && p->in_ports[k]));
        if (routed[k] && !own && !gen)
            return oc_fail(diag, "no collector unit with in and out ports serves this unit "
                           "(nor a generic one)", k, (unsigned)oc_cus_of(p, k));
    }
    return GS_OK;
}

/* Ports per sub-core (decision in opcoll.h): max(1, ports / S). */
static uint32_t oc_ports(const gs_oc_params *p, uint32_t ports)
{
    if (!p->sub_core || ports == 0)
        return ports;
    return ports / p->num_scheds ? ports / p->num_scheds : 1u;
}

gs_status gs_oc_init(gs_oc *oc, const gs_oc_params *p, const uint8_t routed[GS_OC_GEN],
                     gs_arena *arena, gs_diag *diag)
{
    gs_status st;
    uint32_t k, first = 0;
    memset(oc, 0, sizeof *oc);
    oc->p = *p;
    if (oc->p.num_scheds == 0)
        oc->p.num_scheds = 1;
    if ((st = oc_check(&oc->p, routed, diag)) != GS_OK)
        return st;
    for (k = 0; k < GS_OC_SETS; k++) {
        int on = k == GS_OC_GEN || oc->p.specialized;
        oc->p.num_cus[k] = oc_cus_of(&oc->p, k);
        oc->first_cu[k] = first;
        first += oc->p.num_cus[k];
        oc->ports_in[k] = on ? oc_ports(&oc->p, oc->p.in_ports[k]) : 0u;
        oc->ports_out[k] = on ? oc_ports(&oc->p, oc->p.out_ports[k]) : 0u;
    }
    oc->total_cus = first;
    oc->banks_per_sched = oc->p.sub_core ? oc->p.num_banks / oc->p.num_scheds
                                         : oc->p.num_banks;
    oc->cus = (gs_oc_cu *)gs_arena_alloc(arena, (size_t)first * sizeof(gs_oc_cu));
    if (first && !oc->cus)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for the operand collector");
    for (k = 0; k < GS_OC_SETS; k++) {
        uint32_t i, sched;
        for (i = 0; i < oc->p.num_cus[k]; i++) {
            sched = oc->p.sub_core ? i % oc->p.num_scheds : 0u;
            oc->cus[oc->first_cu[k] + i].set = (uint8_t)k;
            oc->cus[oc->first_cu[k] + i].sched = (uint8_t)sched;
            oc->free_mask[k] |= 1ull << i;
            for (sched = 0; sched < oc->p.num_scheds; sched++)
                if (!oc->p.sub_core || i % oc->p.num_scheds == sched)
                    oc->sched_mask[k][sched] |= 1ull << i;
        }
    }
    return GS_OK;
}

uint32_t gs_oc_bank(const gs_oc *oc, uint32_t warp, uint32_t sched, uint32_t reg)
{
    uint32_t bank = oc->p.mapping == GS_OC_MAP_SWIZZLED ? reg + warp : reg;
    bank %= oc->banks_per_sched;
    return oc->p.sub_core ? bank + sched * oc->banks_per_sched : bank;
}

/* Per-cycle port counters start at zero in each new cycle. */
static void oc_ports_at(gs_oc *oc, uint64_t cycle)
{
    if (oc->port_cycle == cycle + 1u)
        return;
    oc->port_cycle = cycle + 1u;
    memset(oc->in_used, 0, sizeof oc->in_used);
    memset(oc->out_used, 0, sizeof oc->out_used);
}

/* Lowest free CU of `set` that scheduler `sched` may use (sub-core model:
 * CUs sched, sched + S, ...), or GS_OC_NONE. */
static uint32_t oc_free_cu(const gs_oc *oc, unsigned set, unsigned sched)
{
    uint64_t bits = oc->free_mask[set] & oc->sched_mask[set][sched];
    return bits ? oc->first_cu[set] + gs_sched_ctz64(bits) : GS_OC_NONE;
}

/* The CU an instruction of `kind` would take now and the port set it
 * enters through (*port), or GS_OC_NONE. */
static uint32_t oc_choose(gs_oc *oc, uint64_t cycle, unsigned kind, unsigned sched,
                          unsigned *port)
{
    unsigned sc = oc->p.sub_core ? sched : 0u;
    uint32_t cu;
    oc_ports_at(oc, cycle);
    if (kind < GS_OC_GEN && oc->in_used[kind][sc] < oc->ports_in[kind]) {
        cu = oc_free_cu(oc, kind, sched);
        if (cu == GS_OC_NONE && oc->ports_out[GS_OC_GEN])
            cu = oc_free_cu(oc, GS_OC_GEN, sched);
        if (cu != GS_OC_NONE) {
            *port = kind;
            return cu;
        }
    }
    if (oc->in_used[GS_OC_GEN][sc] < oc->ports_in[GS_OC_GEN] &&
        (cu = oc_free_cu(oc, GS_OC_GEN, sched)) != GS_OC_NONE) {
        *port = GS_OC_GEN;
        return cu;
    }
    return GS_OC_NONE;
}

int gs_oc_can_accept(gs_oc *oc, uint64_t cycle, unsigned kind, unsigned sched)
{
    unsigned port;
    if (oc_choose(oc, cycle, kind, sched, &port) != GS_OC_NONE)
        return 1;
    oc->st.full_refusals++;
    return 0;
}

uint32_t gs_oc_accept(gs_oc *oc, uint64_t cycle, unsigned kind, unsigned sched, uint32_t warp,
                      uint32_t tag, const uint16_t *src, unsigned num_src)
{
    unsigned port = 0, i, j, n = 0;
    uint32_t idx = oc_choose(oc, cycle, kind, sched, &port);
    gs_oc_cu *cu;
    GS_ASSERT(idx != GS_OC_NONE && warp < GS_OC_MAX_WARPS && oc->num_busy < GS_OC_MAX_CUS);
    cu = &oc->cus[idx];
    cu->busy = 1;
    oc->free_mask[cu->set] &= ~(1ull << (idx - oc->first_cu[cu->set]));
    cu->warp = warp;
    cu->tag = tag;
    for (i = 0; i < num_src && i < GS_INST_MAX_SRC; i++) {
        if (src[i] == GS_REG_NONE)
            continue;
        for (j = 0; j < i && src[j] != src[i]; j++)
            ;
        if (j == i)   /* a register named twice is read once */
            cu->bank[n++] = (uint8_t)gs_oc_bank(oc, warp, sched, src[i]);
    }
    cu->num_ops = (uint8_t)n;
    cu->unread = (uint8_t)((1u << n) - 1u);
    oc->pending_reads += n;
    oc->order[oc->num_busy++] = idx;
    oc->in_used[port][oc->p.sub_core ? sched : 0u]++;
    oc->st.accepted++;
    return idx;
}

void gs_oc_write(gs_oc *oc, uint64_t cycle, uint32_t warp, uint32_t sched, uint32_t reg)
{
    oc->write_cycle[gs_oc_bank(oc, warp, sched, reg)] = cycle + 1u;
}

uint32_t gs_oc_dispatch(gs_oc *oc, uint64_t cycle, gs_oc_dispatch_fn fn, void *ctx)
{
    uint64_t blocked = 0;   /* warps with an older CU still waiting: in-order */
    uint32_t i, kept = 0, done = 0;
    if (oc->num_busy == 0)
        return 0;
    oc_ports_at(oc, cycle);
    for (i = 0; i < oc->num_busy; i++) {
        uint32_t idx = oc->order[i];
        gs_oc_cu *cu = &oc->cus[idx];
        uint64_t bit = 1ull << cu->warp;
        uint8_t *used = &oc->out_used[cu->set][cu->sched];
        if (cu->unread || (blocked & bit) || *used >= oc->ports_out[cu->set]) {
            blocked |= bit;
            oc->order[kept++] = idx;
            continue;
        }
        if (!fn(ctx, idx, cu->tag, cycle)) {
            oc->st.dispatch_stalls++;
            blocked |= bit;
            oc->order[kept++] = idx;
            continue;
        }
        (*used)++;
        cu->busy = 0;
        oc->free_mask[cu->set] |= 1ull << (idx - oc->first_cu[cu->set]);
        oc->st.dispatched++;
        done++;
    }
    oc->num_busy = kept;
    return done;
}

/* Can bank b serve one more read this cycle? Counts the refusal. */
static int oc_bank_serves(gs_oc *oc, uint32_t b, uint64_t cycle)
{
    if (oc->write_cycle[b] == cycle + 1u) {
        oc->st.wb_conflicts++;
        return 0;
    }
    if (oc->read_cycle[b] != cycle + 1u) {
        oc->read_cycle[b] = cycle + 1u;
        oc->read_count[b] = 0;
    }
    if (oc->read_count[b] >= oc->p.port_throughput) {
        oc->st.bank_conflicts++;
        return 0;
    }
    oc->read_count[b]++;
    return 1;
}

void gs_oc_read(gs_oc *oc, uint64_t cycle)
{
    uint32_t i;
    if (oc->pending_reads == 0)
        return;
    for (i = 0; i < oc->num_busy; i++) {
        gs_oc_cu *cu = &oc->cus[oc->order[i]];
        unsigned op;
        for (op = 0; cu->unread >> op; op++) {
            if (!(cu->unread & (1u << op)) || !oc_bank_serves(oc, cu->bank[op], cycle))
                continue;
            cu->unread = (uint8_t)(cu->unread & ~(1u << op));
            oc->pending_reads--;
            oc->st.reads++;
        }
    }
}
