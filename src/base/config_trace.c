/*
 * Accel-Sim trace.config options and the sub-core model's unit counts
 * (spec/formats.md 1.6 and 2.5; config.h gs_spec_unit_cfg; the models are
 * core/exec_unit.h and sim/sim_config.c).
 *
 * Values:
 *  - `-specialized_unit_K <enabled>,<num_units>,<max_latency>,<ID_OC>,<OC_EX>,<NAME>`:
 *    six comma fields, five unsigned numbers and a name of 1..15 letters,
 *    digits or '_' (the published files use BRA, TEX, TENSOR, UDP);
 *  - `-trace_opcode_latency_initiation_{int,sp,dp,sfu,tensor}` and
 *    `..._spec_op_K`: `<latency>,<initiation interval>` (GS_OPT_LIST).
 * Whole-configuration rules (gs_config_check_trace), each a decision:
 *  - a class pair is exactly two values, either "0,0" (not given: trace
 *    runs keep the -ptx_opcode_* figures, so a configuration without a
 *    trace.config behaves as before) or latency >= II >= 1: Accel-Sim
 *    segfaults on a latency below the II (accel-sim#505, formats.md 1.6);
 *  - an enabled specialized unit: 1..GS_MAX_FU_UNITS units, a name gpusim
 *    routes opcodes to (BRA TEX TENSOR UDP: gen/opcodes.py) and no other
 *    enabled unit of that name, ID_OC and OC_EX widths >= 1 (checked only:
 *    gpusim has no operand-collector stage), and its spec_op pair with
 *    latency >= II >= 1 and latency - II < max_latency (Accel-Sim starts an
 *    instruction in pipeline stage latency - II of a max_latency-deep
 *    pipeline); a disabled unit's fields are not checked;
 *  - -gpgpu_sub_core_model 1: every unit type present (-gpgpu_num_{sp,sfu,
 *    dp,int}_units > 0, enabled specialized units) has a multiple of
 *    -gpgpu_num_sched_per_core units, so each scheduler owns the same number
 *    (GPGPU-Sim partitions its per-type register sets evenly among the
 *    schedulers; fewer units than schedulers would leave a scheduler without
 *    a unit).
 */
#include <string.h>

#include "base/config_internal.h"
#include "base/fmt.h"
#include "gs_limits.h"

static const char *const spec_names[] = { "BRA", "TEX", "TENSOR", "UDP" };
#define SPEC_NAMES 4u

static int spec_fail(gs_value_error *e, uint32_t offset, const char *name, const char *what)
{
    return gs_fail_at(e, offset, "-%s: %s (<enabled>,<num_units>,<max_latency>,"
                      "<ID_OC>,<OC_EX>,<NAME>; spec/formats.md 1.6)", name, what);
}

static int is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_';
}

/* Field i of the comma list: [start, end) trimmed of blanks. */
static int spec_field(const char *t, size_t n, size_t *pos, size_t *start, size_t *end)
{
    if (*pos > n)
        return 0;
    *start = *pos;
    while (*pos < n && t[*pos] != ',')
        (*pos)++;
    *end = *pos;
    (*pos)++;
    while (*start < *end && (t[*start] == ' ' || t[*start] == '\t'))
        (*start)++;
    while (*end > *start && (t[*end - 1u] == ' ' || t[*end - 1u] == '\t'))
        (*end)--;
    return 1;
}

int gs_config_parse_spec_unit(const gs_option *opt, const char *t, size_t n,
                              gs_spec_unit_cfg *out, gs_value_error *e)
{
    gs_spec_unit_cfg u;
    uint32_t *numbers[5];
    size_t pos = 0, s, end, i;
    uint64_t v;
    memset(&u, 0, sizeof u);
    numbers[0] = &u.enabled; numbers[1] = &u.num_units; numbers[2] = &u.max_latency;
    numbers[3] = &u.id_oc_width; numbers[4] = &u.oc_ex_width;
    for (i = 0; i < 5u; i++) {
        if (!spec_field(t, n, &pos, &s, &end) || pos > n)
            return spec_fail(e, (uint32_t)n, opt->name, "needs six comma-separated fields");
        if (!gs_parse_u64(t + s, end - s, &v) || v > 0xFFFFu)
            return spec_fail(e, (uint32_t)s, opt->name, "field is not a number 0..65535");
        *numbers[i] = (uint32_t)v;
    }
    if (!spec_field(t, n, &pos, &s, &end) || pos <= n)
        return spec_fail(e, (uint32_t)(pos <= n ? pos : n), opt->name,
                         "needs exactly six comma-separated fields");
    if (end == s || end - s >= GS_SPEC_NAME_MAX)
        return spec_fail(e, (uint32_t)s, opt->name, "the unit name must be 1 to 15 characters");
    for (i = s; i < end; i++)
        if (!is_name_char(t[i]))
            return spec_fail(e, (uint32_t)i, opt->name, "the unit name takes letters, digits, _");
    if (u.enabled > 1u)
        return spec_fail(e, 0, opt->name, "<enabled> must be 0 or 1");
    memcpy(u.name, t + s, end - s);
    *out = u;
    return 1;
}

size_t gs_config_format_spec_unit(const gs_spec_unit_cfg *u, char *out, size_t capacity)
{
    return gs_fmt(out, capacity, "%u,%u,%u,%u,%u,%s", (unsigned)u->enabled,
                  (unsigned)u->num_units, (unsigned)u->max_latency, (unsigned)u->id_oc_width,
                  (unsigned)u->oc_ex_width, u->name);
}

/* The unit name of a gs_spec_kind (base/inst.h): 1 BRA .. 4 UDP; "" otherwise. */
const char *gs_config_spec_name(unsigned kind)
{
    return kind >= 1u && kind <= SPEC_NAMES ? spec_names[kind - 1u] : "";
}

/* gs_spec_kind (base/inst.h) of a unit name: 1 BRA .. 4 UDP; 0 unknown. */
unsigned gs_config_spec_kind(const char *name)
{
    unsigned k;
    for (k = 0; k < SPEC_NAMES; k++)
        if (strcmp(name, spec_names[k]) == 0)
            return k + 1u;
    return 0;
}

static gs_status check_pair(gs_config *cfg, const char *name, const gs_u32_list *pair,
                            int zero_allowed, gs_diag *diag)
{
    int at = gs_option_find(name, strlen(name));
    if (pair->count != 2u)
        return gs_config_error_at(cfg, at, diag, "-%s needs exactly two values "
                                  "<latency>,<initiation interval>, not %u", name,
                                  (unsigned)pair->count);
    if (zero_allowed && pair->values[0] == 0u && pair->values[1] == 0u)
        return GS_OK;
    if (pair->values[1] == 0u || pair->values[0] < pair->values[1])
        return gs_config_error_at(cfg, at, diag, "-%s %u,%u: the latency must be at least the "
                                  "initiation interval, and that at least 1 (Accel-Sim "
                                  "crashes on latency < II: spec/formats.md 1.6)%s", name,
                                  (unsigned)pair->values[0], (unsigned)pair->values[1],
                                  zero_allowed ? "; 0,0 = not given" : "");
    return GS_OK;
}

static gs_status check_class_pairs(gs_config *cfg, gs_diag *diag)
{
    static const char *const names[5] = {
        "trace_opcode_latency_initiation_int", "trace_opcode_latency_initiation_sp",
        "trace_opcode_latency_initiation_dp", "trace_opcode_latency_initiation_sfu",
        "trace_opcode_latency_initiation_tensor"
    };
    const gs_u32_list *pairs[5];
    gs_status st = GS_OK;
    uint32_t i;
    pairs[0] = &cfg->trace_int; pairs[1] = &cfg->trace_sp; pairs[2] = &cfg->trace_dp;
    pairs[3] = &cfg->trace_sfu; pairs[4] = &cfg->trace_tensor;
    for (i = 0; i < 5u && st == GS_OK; i++)
        st = check_pair(cfg, names[i], pairs[i], 1, diag);
    return st;
}

static gs_status check_spec_unit(gs_config *cfg, uint32_t k, gs_diag *diag)
{
    const gs_spec_unit_cfg *u = &cfg->spec_units[k];
    const gs_u32_list *lat = &cfg->spec_latency[k];
    char name[48], lat_name[64];
    int at;
    uint32_t j;
    gs_fmt(name, sizeof name, "specialized_unit_%u", (unsigned)(k + 1u));
    gs_fmt(lat_name, sizeof lat_name, "trace_opcode_latency_initiation_spec_op_%u",
           (unsigned)(k + 1u));
    at = gs_option_find(name, strlen(name));
    if (u->num_units == 0u || u->num_units > GS_MAX_FU_UNITS)
        return gs_config_error_at(cfg, at, diag, "-%s: %u units; an enabled unit needs 1 to "
                                  "GS_MAX_FU_UNITS = %u (tables/gs_limits.h)", name,
                                  (unsigned)u->num_units, GS_MAX_FU_UNITS);
    if (u->id_oc_width == 0u || u->oc_ex_width == 0u || u->max_latency == 0u)
        return gs_config_error_at(cfg, at, diag, "-%s: max latency, ID_OC and OC_EX must be "
                                  "at least 1", name);
    if (gs_config_spec_kind(u->name) == 0u)
        return gs_config_error_at(cfg, at, diag, "-%s: no SASS opcode runs on a unit named "
                                  "'%s' (gpusim routes to BRA, TEX, TENSOR, UDP: "
                                  "gen/opcodes.py)", name, u->name);
    for (j = 0; j < k; j++)
        if (cfg->spec_units[j].enabled && strcmp(cfg->spec_units[j].name, u->name) == 0)
            return gs_config_error_at(cfg, at, diag, "-%s: -specialized_unit_%u is already "
                                      "the enabled unit named %s", name, (unsigned)(j + 1u),
                                      u->name);
    if (check_pair(cfg, lat_name, lat, 0, diag) != GS_OK)
        return GS_E_CONFIG;
    if (lat->values[0] - lat->values[1] >= u->max_latency)
        return gs_config_error_at(cfg, gs_option_find(lat_name, strlen(lat_name)), diag,
                                  "-%s %u,%u: latency - II = %u must be below the unit's max "
                                  "latency %u (-%s; Accel-Sim starts the instruction in that "
                                  "pipeline stage)", lat_name, (unsigned)lat->values[0],
                                  (unsigned)lat->values[1],
                                  (unsigned)(lat->values[0] - lat->values[1]),
                                  (unsigned)u->max_latency, name);
    return GS_OK;
}

static gs_status check_sub_core_count(gs_config *cfg, const char *name, uint32_t units,
                                      gs_diag *diag)
{
    const char *names[3];
    uint32_t scheds = cfg->n_sched_per_core ? cfg->n_sched_per_core : 1u;
    names[0] = "gpgpu_sub_core_model";
    names[1] = "gpgpu_num_sched_per_core";
    names[2] = name + 1;   /* without the '-' */
    if (units == 0u || units % scheds == 0u)
        return GS_OK;
    return gs_config_error_at(cfg, gs_config_latest(cfg, names, 3), diag,
                              "-gpgpu_sub_core_model 1 needs each unit count to be a multiple "
                              "of the %u schedulers (each owns units s, s+%u, ...), but %s is "
                              "%u", (unsigned)scheds, (unsigned)scheds, name, (unsigned)units);
}

static gs_status check_sub_core(gs_config *cfg, gs_diag *diag)
{
    char name[48];
    gs_status st = GS_OK;
    uint32_t k;
    if (!cfg->sub_core_model)
        return GS_OK;
    st = check_sub_core_count(cfg, "-gpgpu_num_sp_units", cfg->num_sp_units, diag);
    if (st == GS_OK)
        st = check_sub_core_count(cfg, "-gpgpu_num_sfu_units", cfg->num_sfu_units, diag);
    if (st == GS_OK)
        st = check_sub_core_count(cfg, "-gpgpu_num_dp_units", cfg->num_dp_units, diag);
    if (st == GS_OK)
        st = check_sub_core_count(cfg, "-gpgpu_num_int_units", cfg->num_int_units, diag);
    for (k = 0; k < GS_SPEC_UNITS_MAX && st == GS_OK; k++) {
        gs_fmt(name, sizeof name, "-specialized_unit_%u", (unsigned)(k + 1u));
        if (cfg->spec_units[k].enabled)
            st = check_sub_core_count(cfg, name, cfg->spec_units[k].num_units, diag);
    }
    return st;
}

gs_status gs_config_check_trace(gs_config *cfg, gs_diag *diag)
{
    gs_status st = check_class_pairs(cfg, diag);
    uint32_t k;
    for (k = 0; k < GS_SPEC_UNITS_MAX && st == GS_OK; k++)
        if (cfg->spec_units[k].enabled)
            st = check_spec_unit(cfg, k, diag);
    if (st == GS_OK)
        st = check_sub_core(cfg, diag);
    return st;
}
