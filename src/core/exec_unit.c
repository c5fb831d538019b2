/*
 * Pipelined execution units with latency, initiation interval and a bounded
 * write-back (seed-004 section 1.2.7; GPGPU-Sim -ptx_opcode_latency_* /
 * -ptx_opcode_initiation_* / -gpgpu_num_*_units). See exec_unit.h.
 */
#include "exec_unit.h"

#include <string.h>

static const char *const eu_unit_option[GS_UNIT_COUNT] = {
    "-gpgpu_num_sp_units", "-gpgpu_num_sfu_units", "-gpgpu_num_dp_units",
    "-gpgpu_num_int_units", "-gpgpu_num_tensor_core_units", "LD/ST units", "branch units"
};

static uint32_t eu_max_delay(const gs_eu_params *params)
{
    uint32_t c, most = 0;
    for (c = 0; c < GS_OPC_COUNT; c++)
        if (c != GS_OPC_MEM && params->latency_cycles[c] > most)
            most = params->latency_cycles[c];
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

static gs_status eu_check_params(const gs_eu_params *p, gs_diag *diag)
{
    unsigned u, c;
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
    return GS_OK;
}

gs_status gs_eu_init(gs_eu *eu, const gs_eu_params *params, gs_arena *arena,
                       gs_diag *diag)
{
    gs_status status = eu_check_params(params, diag);
    uint32_t size;
    memset(eu, 0, sizeof *eu);
    if (status != GS_OK)
        return status;
    eu->params = *params;
    eu_compute_routes(eu);
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

/* Lowest-numbered unit of the routed type free at `cycle`, or -1. */
static int eu_free_unit(const gs_eu *eu, uint64_t cycle, unsigned type)
{
    uint32_t i;
    for (i = 0; i < eu->params.num_units[type]; i++)
        if (eu->next_free[type][i] <= cycle)
            return (int)i;
    return -1;
}

static int eu_port_free(const gs_eu *eu, uint64_t wb_cycle)
{
    uint32_t slot = (uint32_t)(wb_cycle & (eu->wheel_size - 1u));
    return eu->wheel_count[slot] < eu->params.writeback_ports;
}

int gs_eu_can_accept(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class)
{
    unsigned type = gs_eu_route(eu, unit);
    if (eu_free_unit(eu, cycle, type) < 0) {
        eu->busy_stalls++;
        return 0;
    }
    if (type != GS_UNIT_LDST && !eu_port_free(eu, cycle + gs_eu_delay(eu, op_class))) {
        eu->port_stalls++;
        return 0;
    }
    return 1;
}

uint64_t gs_eu_issue(gs_eu *eu, uint64_t cycle, unsigned unit, unsigned op_class,
                       uint32_t tag)
{
    unsigned type = gs_eu_route(eu, unit);
    int index = eu_free_unit(eu, cycle, type);
    uint64_t wb_cycle;
    uint32_t slot;
    GS_ASSERT(index >= 0 && op_class < GS_OPC_COUNT);
    eu->next_free[type][index] = cycle + eu->params.initiation_cycles[op_class];
    eu->issued[type]++;
    if (type == GS_UNIT_LDST)
        return GS_EU_NO_WRITEBACK;
    GS_ASSERT(op_class != GS_OPC_MEM);
    wb_cycle = cycle + gs_eu_delay(eu, op_class);
    slot = (uint32_t)(wb_cycle & (eu->wheel_size - 1u));
    GS_ASSERT(eu->wheel_count[slot] < eu->params.writeback_ports);
    GS_ASSERT(eu->wheel_count[slot] == 0 || eu->wheel_cycle[slot] == wb_cycle);
    eu->wheel_cycle[slot] = wb_cycle;
    eu->wheel_tag[(size_t)slot * eu->params.writeback_ports + eu->wheel_count[slot]] = tag;
    eu->wheel_count[slot]++;
    eu->in_flight++;
    return wb_cycle;
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
