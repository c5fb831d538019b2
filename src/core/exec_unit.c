/*
 * Pipelined execution units with latency, initiation interval and a bounded
 * write-back (seed-004 section 1.2.7; GPGPU-Sim -ptx_opcode_latency_* /
 * -ptx_opcode_initiation_* / -gpgpu_num_*_units), the sub-core model
 * (-gpgpu_sub_core_model, spec/formats.md 2.5) and Accel-Sim's trace
 * latencies and specialized units (formats.md 1.6). See exec_unit.h.
 */
#include "core/exec_unit.h"

#include <string.h>

static const char *const eu_unit_option[GS_UNIT_COUNT] = {
    "-gpgpu_num_sp_units", "-gpgpu_num_sfu_units", "-gpgpu_num_dp_units",
    "-gpgpu_num_int_units", "-gpgpu_num_tensor_core_units", "LD/ST units", "branch units"
};

static uint32_t eu_max_delay(const gs_eu_params *params)
{
    uint32_t c, k, most = 0;
    for (c = 0; c < GS_OPC_COUNT; c++) {
        if (c != GS_OPC_MEM && params->latency_cycles[c] > most)
            most = params->latency_cycles[c];
        if (c != GS_OPC_MEM && params->trace_latency_cycles[c] > most)
            most = params->trace_latency_cycles[c];
    }
    for (k = 0; k < params->num_spec && k < GS_EU_MAX_SPEC; k++)
        if (params->spec[k].latency_cycles > most)
            most = params->spec[k].latency_cycles;
    return params->dispatch_cycles + most;
}

static uint32_t eu_wheel_size_for(const gs_eu_params *params)
{
    uint32_t size = 1;
    while (size <= eu_max_delay(params) && size <= GS_EU_MAX_LATENCY)
        size <<= 1;
    return size;
}

size_t gs_eu_bytes(const gs_eu_params *params)
{
    size_t size = eu_wheel_size_for(params);
    return gs_arena_round(size) + gs_arena_round(size * sizeof(uint64_t))
           + gs_arena_round(size * params->writeback_ports * sizeof(uint32_t));
}

static void eu_compute_routes(gs_eu *eu)
{
    const uint32_t *n = eu->params.num_units;
    unsigned u;
    for (u = 0; u < GS_UNIT_COUNT; u++)
        eu->route[u] = (uint8_t)u;
    if (n[GS_UNIT_DP] == 0)
        eu->route[GS_UNIT_DP] = n[GS_UNIT_SFU] ? GS_UNIT_SFU : GS_UNIT_SP;
    if (n[GS_UNIT_INT] == 0)
        eu->route[GS_UNIT_INT] = GS_UNIT_SP;
    if (n[GS_UNIT_TENSOR] == 0)
        eu->route[GS_UNIT_TENSOR] = GS_UNIT_SP;
    if (n[GS_UNIT_SFU] == 0)
        eu->route[GS_UNIT_SFU] = GS_UNIT_SP;
    eu->route[GS_UNIT_BRANCH] = GS_UNIT_SP;
}

/* Each unit type present divides evenly among the schedulers (sub-core model). */
static gs_status eu_check_sub_core(const gs_eu_params *p, gs_diag *diag)
{
    unsigned u, k;
    if (!p->sub_core)
        return GS_OK;
    for (u = 0; u < GS_UNIT_LDST; u++)
        if (p->num_units[u] % p->num_scheds)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "sub-core model: %s %u is not a "
                               "multiple of the %u schedulers", eu_unit_option[u],
                               (unsigned)p->num_units[u], (unsigned)p->num_scheds);
    for (k = 0; k < p->num_spec; k++)
        if (p->spec[k].num_units % p->num_scheds)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "sub-core model: specialized "
                               "unit %u has %u units, not a multiple of the %u schedulers",
                               k + 1u, (unsigned)p->spec[k].num_units,
                               (unsigned)p->num_scheds);
    return GS_OK;
}

static gs_status eu_check_spec(const gs_eu_params *p, gs_diag *diag)
{
    unsigned k;
    if (p->num_spec > GS_EU_MAX_SPEC)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "%u specialized units is above the "
                           "maximum %u", (unsigned)p->num_spec, GS_EU_MAX_SPEC);
    for (k = 0; k < p->num_spec; k++) {
        const gs_eu_spec *sp = &p->spec[k];
        if (sp->kind == GS_SPEC_NONE || sp->kind >= GS_SPEC_KIND_COUNT ||
            sp->num_units == 0 || sp->num_units > GS_EU_MAX_UNITS ||
            sp->initiation_cycles == 0 || sp->latency_cycles < sp->initiation_cycles)
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "specialized unit %u: needs a "
                               "known kind, 1..%u units and latency >= II >= 1", k + 1u,
                               GS_EU_MAX_UNITS);
    }
    return GS_OK;
}

static gs_status eu_check_params(const gs_eu_params *p, gs_diag *diag)
{
    unsigned u, c;
    gs_status st;
    for (u = 0; u < GS_UNIT_COUNT; u++)
        if (p->num_units[u] > GS_EU_MAX_UNITS)
            return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "%s %u is above the maximum %u",
                               eu_unit_option[u], (unsigned)p->num_units[u], GS_EU_MAX_UNITS);
    if (p->num_units[GS_UNIT_SP] == 0 || p->num_units[GS_UNIT_LDST] == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s must be at least 1 (an SM needs SP and LD/ST units)",
                           p->num_units[GS_UNIT_SP] == 0 ? eu_unit_option[GS_UNIT_SP]
                                                         : eu_unit_option[GS_UNIT_LDST]);
    for (c = 0; c < GS_OPC_COUNT; c++)
        if (p->initiation_cycles[c] == 0 || (c != GS_OPC_MEM && p->latency_cycles[c] == 0))
            return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                               "op class %u: latency and initiation interval must be at "
                               "least 1 cycle (-ptx_opcode_latency_* / _initiation_*)", c);
    if (eu_max_delay(p) >= GS_EU_MAX_LATENCY)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "instruction latency %u cycles is above the maximum %u",
                           (unsigned)eu_max_delay(p), GS_EU_MAX_LATENCY - 1u);
    if (p->writeback_ports == 0 || p->writeback_ports > GS_EU_MAX_PORTS)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "write-back ports %u must be 1..%u", (unsigned)p->writeback_ports,
                           GS_EU_MAX_PORTS);
    if ((st = eu_check_spec(p, diag)) != GS_OK)
        return st;
    return eu_check_sub_core(p, diag);
}

/* Unset trace entries (0) take the -ptx_opcode_* figures; num_scheds >= 1. */
static void eu_normalise(gs_eu_params *p)
{
    unsigned c;
    for (c = 0; c < GS_OPC_COUNT; c++) {
        if (p->trace_latency_cycles[c] == 0)
            p->trace_latency_cycles[c] = p->latency_cycles[c];
        if (p->trace_initiation_cycles[c] == 0)
            p->trace_initiation_cycles[c] = p->initiation_cycles[c];
    }
    if (p->num_scheds == 0)
        p->num_scheds = 1;
}

gs_status gs_eu_init(gs_eu *eu, const gs_eu_params *params, gs_arena *arena,
                       gs_diag *diag)
{
    gs_status status;
    uint32_t size, k;
    memset(eu, 0, sizeof *eu);
    eu->params = *params;
    eu_normalise(&eu->params);
    if ((status = eu_check_params(&eu->params, diag)) != GS_OK)
        return status;
    eu_compute_routes(eu);
    for (k = eu->params.num_spec; k-- > 0;)   /* the lowest K serves a kind */
        eu->spec_of_kind[eu->params.spec[k].kind] = (uint8_t)(k + 1u);
    size = eu_wheel_size_for(params);
    eu->wheel_size = size;
    eu->wheel_count = (uint8_t *)gs_arena_alloc(arena, size);
    eu->wheel_cycle = (uint64_t *)gs_arena_alloc(arena, size * sizeof(uint64_t));
    eu->wheel_tag = (uint32_t *)gs_arena_alloc(arena,
                                               (size_t)size * params->writeback_ports
                                                   * sizeof(uint32_t));
    if (!eu->wheel_count || !eu->wheel_cycle || !eu->wheel_tag)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for the execution units (%u bytes)",
                           (unsigned)gs_eu_bytes(params));
    return GS_OK;
}

unsigned gs_eu_route(const gs_eu *eu, unsigned unit)
{
    GS_ASSERT(unit < GS_UNIT_COUNT);
    return eu->route[unit];
}

uint32_t gs_eu_delay(const gs_eu *eu, unsigned op_class)
{
    GS_ASSERT(op_class < GS_OPC_COUNT);
    if (op_class == GS_OPC_MEM)
        return 0;
    return eu->params.dispatch_cycles + eu->params.latency_cycles[op_class];
}

/* Units of type index `type` (a gs_unit, or GS_UNIT_COUNT + k for
 * specialized unit k). */
static uint32_t eu_count(const gs_eu *eu, unsigned type)
{
    if (type >= GS_UNIT_COUNT)
        return eu->params.spec[type - GS_UNIT_COUNT].num_units;
    return eu->params.num_units[type];
}

/* Lowest-numbered unit of the type free at `cycle` that scheduler `sched`
 * may use (sub-core model: units sched, sched + S, ...; the LD/ST port is
 * shared), or -1. */
static int eu_free_unit(const gs_eu *eu, uint64_t cycle, unsigned type, unsigned sched)
{
    uint32_t i = 0, step = 1, count = eu_count(eu, type);
    if (eu->params.sub_core && type != GS_UNIT_LDST) {
        GS_ASSERT(sched < eu->params.num_scheds);
        i = sched;
        step = eu->params.num_scheds;
    }
    for (; i < count; i += step)
        if (eu->next_free[type][i] <= cycle)
            return (int)i;
    return -1;
}

static int eu_port_free(const gs_eu *eu, uint64_t wb_cycle)
{
    uint32_t slot = (uint32_t)(wb_cycle & (eu->wheel_size - 1u));
    return eu->wheel_count[slot] < eu->params.writeback_ports;
}

/* The write-back delay from now of an instruction whose configured delay
 * started counting eu->delay_credit cycles ago (at issue; the operand
 * collector's uncontended read stage lies inside the latency: sm.c), at
 * least the next cycle. */
static uint32_t eu_remaining(const gs_eu *eu, uint32_t delay)
{
    return delay > eu->delay_credit ? delay - eu->delay_credit : 1u;
}

/* Can type `type` take an instruction written back `delay` cycles later? */
static int eu_accept(gs_eu *eu, uint64_t cycle, unsigned type, uint32_t delay, unsigned sched)
{
    delay = eu_remaining(eu, delay);
    if (eu_free_unit(eu, cycle, type, sched) < 0) {
        eu->busy_stalls++;
        return 0;
    }
    if (type != GS_UNIT_LDST && !eu_port_free(eu, cycle + delay)) {
        eu->port_stalls++;
        return 0;
    }
    return 1;
}

static uint64_t eu_issue(gs_eu *eu, uint64_t cycle, unsigned type, uint32_t initiation,
                         uint32_t delay, unsigned sched, uint32_t tag)
{
    int index = eu_free_unit(eu, cycle, type, sched);
    uint64_t wb_cycle;
    uint32_t slot;
    GS_ASSERT(index >= 0);
    eu->next_free[type][index] = cycle + initiation;
    eu->issued[type]++;
    if (type == GS_UNIT_LDST)
        return GS_EU_NO_WRITEBACK;
    wb_cycle = cycle + eu_remaining(eu, delay);
    slot = (uint32_t)(wb_cycle & (eu->wheel_size - 1u));
    GS_ASSERT(eu->wheel_count[slot] < eu->params.writeback_ports);
    GS_ASSERT(eu->wheel_count[slot] == 0 || eu->wheel_cycle[slot] == wb_cycle);
    eu->wheel_cycle[slot] = wb_cycle;
    eu->wheel_tag[(size_t)slot * eu->params.writeback_ports + eu->wheel_count[slot]] = tag;
    eu->wheel_count[slot]++;
    eu->in_flight++;
    return wb_cycle;
}

int gs_eu_can_accept_from(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                          unsigned sched)
{
    return eu_accept(eu, cycle, gs_eu_route(eu, unit), gs_eu_delay(eu, op_class), sched);
}

uint64_t gs_eu_issue_from(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                          unsigned sched, uint32_t tag)
{
    unsigned type = gs_eu_route(eu, unit);
    GS_ASSERT(op_class < GS_OPC_COUNT && (type == GS_UNIT_LDST || op_class != GS_OPC_MEM));
    return eu_issue(eu, cycle, type, eu->params.initiation_cycles[op_class],
                    gs_eu_delay(eu, op_class), sched, tag);
}

int gs_eu_can_accept(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class)
{
    return gs_eu_can_accept_from(eu, cycle, unit, op_class, 0);
}

uint64_t gs_eu_issue(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                       uint32_t tag)
{
    return gs_eu_issue_from(eu, cycle, unit, op_class, 0, tag);
}

void gs_eu_use_trace_timing(gs_eu *eu)
{
    memcpy(eu->params.latency_cycles, eu->params.trace_latency_cycles,
           sizeof eu->params.latency_cycles);
    memcpy(eu->params.initiation_cycles, eu->params.trace_initiation_cycles,
           sizeof eu->params.initiation_cycles);
    eu->trace_timing = 1;
}

unsigned gs_eu_spec_of(const gs_eu *eu, unsigned spec_kind)
{
    if (!eu->trace_timing || spec_kind >= GS_SPEC_KIND_COUNT)
        return 0;
    return eu->spec_of_kind[spec_kind];
}

int gs_eu_can_accept_spec(gs_eu *eu, uint64_t cycle, unsigned spec, unsigned sched)
{
    GS_ASSERT(spec >= 1u && spec <= eu->params.num_spec);
    return eu_accept(eu, cycle, GS_UNIT_COUNT + spec - 1u,
                     eu->params.dispatch_cycles + eu->params.spec[spec - 1u].latency_cycles,
                     sched);
}

uint64_t gs_eu_issue_spec(gs_eu *eu, uint64_t cycle, unsigned spec, unsigned sched,
                          uint32_t tag)
{
    const gs_eu_spec *sp;
    GS_ASSERT(spec >= 1u && spec <= eu->params.num_spec);
    sp = &eu->params.spec[spec - 1u];
    return eu_issue(eu, cycle, GS_UNIT_COUNT + spec - 1u, sp->initiation_cycles,
                    eu->params.dispatch_cycles + sp->latency_cycles, sched, tag);
}

uint32_t gs_eu_writeback(gs_eu *eu, uint64_t cycle, uint32_t *tags)
{
    uint32_t slot = (uint32_t)(cycle & (eu->wheel_size - 1u));
    uint32_t n = eu->wheel_count[slot];
    if (n == 0)
        return 0;
    /* entries of an earlier cycle mean a write-back cycle was skipped: a bug */
    GS_ASSERT(eu->wheel_cycle[slot] == cycle);
    memcpy(tags, eu->wheel_tag + (size_t)slot * eu->params.writeback_ports,
           n * sizeof(uint32_t));
    eu->wheel_count[slot] = 0;
    eu->in_flight -= n;
    return n;
}

uint32_t gs_eu_in_flight(const gs_eu *eu)
{
    return eu->in_flight;
}
