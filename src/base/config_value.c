/*
 * Option values: parse and print each option type of the table
 * (spec/formats.md section 2; types in config.h gs_opt_type).
 *
 * Parsing fills the gs_config field and checks the value on its own (syntax,
 * range, compiled maxima from tables/gs_limits.h); checks that involve several
 * options are in config_check.c. Printing gives the canonical text that
 * --dump-config writes and that parses back to the same value.
 */
#include <string.h>

#include "base/config_internal.h"
#include "base/event.h"
#include "base/fmt.h"
#include "gs_limits.h"

/* A bounded copy of a token for messages. */
static const char *shown(const char *text, size_t length, char *buffer, size_t capacity)
{
    size_t n = length < capacity - 1u ? length : capacity - 1u;
    memcpy(buffer, text, n);
    buffer[n] = '\0';
    return buffer;
}

/* 1 when c (not NUL) is one of set (strchr is not in the library's libc subset). */
static int char_in(const char *set, char c)
{
    for (; *set; set++)
        if (*set == c)
            return 1;
    return 0;
}

static int has_char(const char *text, size_t length, char c)
{
    size_t i;
    for (i = 0; i < length; i++)
        if (text[i] == c)
            return 1;
    return 0;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Field [*start, *start+*length) ending before sep or the end; trims whitespace.
 * Returns 0 when pos is past the end. */
typedef struct field_cursor {
    const char *text;
    size_t length;
    size_t pos;
    int done;
} field_cursor;

static int next_field(field_cursor *cur, const char *separators, size_t *start, size_t *len)
{
    size_t s, e;
    if (cur->done)
        return 0;
    s = cur->pos;
    while (cur->pos < cur->length && !char_in(separators, cur->text[cur->pos]))
        cur->pos++;
    e = cur->pos;
    if (cur->pos >= cur->length)
        cur->done = 1;
    else
        cur->pos++;
    while (s < e && is_space(cur->text[s]))
        s++;
    while (e > s && is_space(cur->text[e - 1u]))
        e--;
    *start = s;
    *len = e - s;
    return 1;
}

/* An unsigned number in [lo, hi]; hi_name names a tables/gs_limits.h maximum. */
static int parse_bounded(const gs_option *opt, const char *what, const char *text, size_t start,
                         size_t length, uint64_t lo, uint64_t hi, const char *hi_name,
                         uint64_t *out, gs_value_error *error)
{
    char buffer[32];
    uint64_t v = 0;
    if (!gs_parse_u64(text + start, length, &v))
        return gs_fail_at(error, (uint32_t)start, "-%s: %s'%s' is not an unsigned integer",
                          opt->name, what, shown(text + start, length, buffer, sizeof buffer));
    if (v < lo || v > hi) {
        if (hi_name && v > hi)
            return gs_fail_at(error, (uint32_t)start, "-%s: %s%llu is above the compiled "
                              "maximum %s = %llu (tables/gs_limits.h)", opt->name, what,
                              (unsigned long long)v, hi_name, (unsigned long long)hi);
        return gs_fail_at(error, (uint32_t)start, "-%s: %s%llu is out of range [%llu, %llu]",
                          opt->name, what, (unsigned long long)v, (unsigned long long)lo,
                          (unsigned long long)hi);
    }
    *out = v;
    return 1;
}

static int parse_u32(const gs_option *opt, const char *t, size_t n, uint32_t *out,
                     gs_value_error *e)
{
    uint64_t v = 0;
    if (!parse_bounded(opt, "", t, 0, n, opt->min, opt->max, opt->max_name, &v, e))
        return 0;
    *out = (uint32_t)v;
    return 1;
}

static int parse_list(const gs_option *opt, const char *t, size_t n, gs_u32_list *list,
                      gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start, len;
    gs_u32_list parsed;
    cur.text = t;
    cur.length = n;
    parsed.count = 0;
    memset(parsed.values, 0, sizeof parsed.values);
    while (next_field(&cur, ",", &start, &len)) {
        uint64_t v = 0;
        if (parsed.count == GS_CONFIG_LIST_MAX)
            return gs_fail_at(e, (uint32_t)start, "-%s: more than %u values", opt->name,
                              GS_CONFIG_LIST_MAX);
        if (!parse_bounded(opt, "", t, start, len, opt->min, opt->max, opt->max_name, &v, e))
            return 0;
        parsed.values[parsed.count++] = (uint32_t)v;
    }
    *list = parsed;
    return 1;
}

static int parse_queues(const gs_option *opt, const char *t, size_t n, uint32_t *queues,
                        gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start = 0, len;
    uint32_t count = 0, parsed[4];
    cur.text = t;
    cur.length = n;
    while (next_field(&cur, ":", &start, &len)) {
        uint64_t v = 0;
        if (count == 4u)
            return gs_fail_at(e, (uint32_t)start, "-%s: needs exactly 4 values a:b:c:d",
                              opt->name);
        if (!parse_bounded(opt, "", t, start, len, opt->min, opt->max, opt->max_name, &v, e))
            return 0;
        parsed[count++] = (uint32_t)v;
    }
    if (count != 4u)
        return gs_fail_at(e, (uint32_t)n, "-%s: needs exactly 4 values a:b:c:d, got %u",
                          opt->name, (unsigned)count);
    memcpy(queues, parsed, sizeof parsed);
    return 1;
}

static int parse_pipeline(const gs_option *opt, gs_config *cfg, const char *t, size_t n,
                          gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t s1, l1, s2 = 0, l2 = 0;
    uint64_t threads = 0, warp = 0;
    cur.text = t;
    cur.length = n;
    next_field(&cur, ":", &s1, &l1);
    if (!next_field(&cur, ":", &s2, &l2) || !cur.done)
        return gs_fail_at(e, (uint32_t)(cur.done ? n : cur.pos), "-%s: expected "
                          "<threads per SM>:<warp size>", opt->name);
    if (!parse_bounded(opt, "threads ", t, s1, l1, 1, GS_MAX_THREADS_PER_SM,
                       "GS_MAX_THREADS_PER_SM", &threads, e)
        || !parse_bounded(opt, "warp size ", t, s2, l2, 1, 0xFFFFFFFFu, NULL, &warp, e))
        return 0;
    if (warp != GS_WARP_SIZE)
        return gs_fail_at(e, (uint32_t)s2, "-%s: warp size %u unsupported; gpusim simulates "
                          "%u-thread warps (GS_WARP_SIZE)", opt->name, (unsigned)warp,
                          GS_WARP_SIZE);
    if (threads % GS_WARP_SIZE)
        return gs_fail_at(e, (uint32_t)s1, "-%s: %u threads is not a multiple of the warp "
                          "size %u", opt->name, (unsigned)threads, GS_WARP_SIZE);
    cfg->max_threads_per_sm = (uint32_t)threads;
    cfg->warp_size = (uint32_t)warp;
    return 1;
}

/* One clock in MHz with up to three decimals (finer digits must be 0) -> kHz. */
static int parse_mhz(const gs_option *opt, const char *t, size_t s, size_t len, uint32_t *khz,
                     gs_value_error *e)
{
    size_t dot = s, i;
    uint64_t mhz, frac = 0;
    uint32_t digits = 0;
    char buffer[32];
    while (dot < s + len && t[dot] != '.')
        dot++;
    if (!gs_parse_u64(t + s, dot - s, &mhz) || (dot - s > 1u && t[s + 1u] == 'x'))
        return gs_fail_at(e, (uint32_t)s, "-%s: clock '%s' is not a number of MHz", opt->name,
                          shown(t + s, len, buffer, sizeof buffer));
    for (i = dot + 1u; i < s + len; i++) {
        if (t[i] < '0' || t[i] > '9')
            return gs_fail_at(e, (uint32_t)s, "-%s: clock '%s' is not a number of MHz",
                              opt->name, shown(t + s, len, buffer, sizeof buffer));
        if (digits == 3u && t[i] != '0')
            return gs_fail_at(e, (uint32_t)i, "-%s: clock '%s' is finer than 1 kHz",
                              opt->name, shown(t + s, len, buffer, sizeof buffer));
        if (digits < 3u) {
            frac = frac * 10u + (uint64_t)(t[i] - '0');
            digits++;
        }
    }
    while (digits++ < 3u)
        frac *= 10u;
    if (mhz > GS_MAX_CLOCK_KHZ / 1000u || mhz * 1000u + frac > GS_MAX_CLOCK_KHZ
        || mhz * 1000u + frac == 0u)
        return gs_fail_at(e, (uint32_t)s, "-%s: clock '%s' must be above 0 and at most "
                          "GS_MAX_CLOCK_KHZ = %u kHz (tables/gs_limits.h)", opt->name,
                          shown(t + s, len, buffer, sizeof buffer), GS_MAX_CLOCK_KHZ);
    *khz = (uint32_t)(mhz * 1000u + frac);
    return 1;
}

static int parse_clocks(const gs_option *opt, const char *t, size_t n, gs_clock_domains *clk,
                        gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start, len;
    uint32_t count = 0, khz[4];
    cur.text = t;
    cur.length = n;
    while (next_field(&cur, ":", &start, &len)) {
        if (count == 4u)
            return gs_fail_at(e, (uint32_t)start, "-%s: needs exactly 4 clocks "
                              "<core>:<icnt>:<l2>:<dram>", opt->name);
        if (!parse_mhz(opt, t, start, len, &khz[count++], e))
            return 0;
    }
    if (count != 4u)
        return gs_fail_at(e, (uint32_t)n, "-%s: needs exactly 4 clocks <core>:<icnt>:<l2>:"
                          "<dram>, got %u", opt->name, (unsigned)count);
    clk->core_khz = khz[0];
    clk->icnt_khz = khz[1];
    clk->l2_khz = khz[2];
    clk->dram_khz = khz[3];
    return 1;
}

static size_t format_mhz(uint32_t khz, char *out, size_t capacity)
{
    uint32_t frac = khz % 1000u;
    if (frac == 0u)
        return gs_fmt(out, capacity, "%u", (unsigned)(khz / 1000u));
    if (frac % 100u == 0u)
        return gs_fmt(out, capacity, "%u.%u", (unsigned)(khz / 1000u), (unsigned)(frac / 100u));
    if (frac % 10u == 0u)
        return gs_fmt(out, capacity, "%u.%02u", (unsigned)(khz / 1000u), (unsigned)(frac / 10u));
    return gs_fmt(out, capacity, "%u.%03u", (unsigned)(khz / 1000u), (unsigned)frac);
}

/* ---- -gs_dvfs_schedule: none or DOMAIN@CYCLE=MHZ,... (src/sim/dvfs.h) ---- */

static const char *const dvfs_domain_names[GS_DVFS_DOMAINS + 1u] = { "core", "icnt", "l2", NULL };

static int parse_dvfs_change(const gs_option *opt, const char *t, size_t s, size_t len,
                             gs_dvfs_change *ch, gs_value_error *e)
{
    size_t at = s, eq, d;
    char buffer[48];
    while (at < s + len && t[at] != '@')
        at++;
    eq = at;
    while (eq < s + len && t[eq] != '=')
        eq++;
    if (at == s + len || eq == s + len)
        return gs_fail_at(e, (uint32_t)s, "-%s: '%s' is not DOMAIN@CYCLE=MHZ", opt->name,
                          shown(t + s, len, buffer, sizeof buffer));
    for (d = 0; d < GS_DVFS_DOMAINS; d++)
        if (strlen(dvfs_domain_names[d]) == at - s && !memcmp(t + s, dvfs_domain_names[d], at - s))
            break;
    if (d == GS_DVFS_DOMAINS)
        return gs_fail_at(e, (uint32_t)s, "-%s: '%s' is not a DVFS domain (core, icnt or l2; "
                          "the DRAM clock is the devices' and does not change)", opt->name,
                          shown(t + s, at - s, buffer, sizeof buffer));
    ch->domain = (uint32_t)d;
    if (!gs_parse_u64(t + at + 1u, eq - at - 1u, &ch->cycle))
        return gs_fail_at(e, (uint32_t)(at + 1u), "-%s: cycle '%s' is not an unsigned number",
                          opt->name, shown(t + at + 1u, eq - at - 1u, buffer, sizeof buffer));
    return parse_mhz(opt, t, eq + 1u, s + len - eq - 1u, &ch->khz, e);
}

/* The changes, sorted by cycle, then domain (a stable insertion sort: the
 * order never depends on how the option was written); two changes of one
 * domain at one cycle are an error. */
static int parse_dvfs(const gs_option *opt, const char *t, size_t n, gs_dvfs_schedule *out,
                      gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start, len, where[GS_DVFS_MAX_CHANGES];
    gs_dvfs_schedule sched;
    uint32_t i, j;
    memset(&sched, 0, sizeof sched);
    cur.text = t;
    cur.length = n;
    if (n == 4u && !memcmp(t, "none", 4u)) {
        *out = sched;
        return 1;
    }
    while (next_field(&cur, ",", &start, &len)) {
        gs_dvfs_change ch = { 0, 0, 0 };
        size_t at = start;
        if (sched.count == GS_DVFS_MAX_CHANGES)
            return gs_fail_at(e, (uint32_t)start, "-%s: more than %u changes", opt->name,
                              (unsigned)GS_DVFS_MAX_CHANGES);
        if (!parse_dvfs_change(opt, t, start, len, &ch, e))
            return 0;
        for (i = sched.count; i > 0 && (sched.at[i - 1u].cycle > ch.cycle ||
                                        (sched.at[i - 1u].cycle == ch.cycle &&
                                         sched.at[i - 1u].domain > ch.domain)); i--) {
            sched.at[i] = sched.at[i - 1u];
            where[i] = where[i - 1u];
        }
        sched.at[i] = ch;
        where[i] = at;
        sched.count++;
    }
    for (j = 1; j < sched.count; j++)
        if (sched.at[j].cycle == sched.at[j - 1u].cycle &&
            sched.at[j].domain == sched.at[j - 1u].domain)
            return gs_fail_at(e, (uint32_t)(where[j] > where[j - 1u] ? where[j] : where[j - 1u]),
                              "-%s: two changes of %s at cycle %llu", opt->name,
                              dvfs_domain_names[sched.at[j].domain],
                              (unsigned long long)sched.at[j].cycle);
    *out = sched;
    return 1;
}

static size_t format_dvfs(const gs_dvfs_schedule *sched, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t i;
    if (sched->count == 0)
        return gs_fmt(out, capacity, "none");
    out[0] = '\0';
    for (i = 0; i < sched->count && used < capacity; i++) {
        used += gs_fmt(out + used, capacity - used, "%s%s@%llu=", i ? "," : "",
                       dvfs_domain_names[sched->at[i].domain],
                       (unsigned long long)sched->at[i].cycle);
        if (used < capacity)
            used += format_mhz(sched->at[i].khz, out + used, capacity - used);
    }
    return used;
}

/* -gs_dvfs_*_vf: none or MHZ:MV,... with distinct frequencies. */
static int parse_vf(const gs_option *opt, const char *t, size_t n, gs_dvfs_vf *out,
                    gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start, len;
    gs_dvfs_vf vf;
    uint32_t i;
    char buffer[48];
    memset(&vf, 0, sizeof vf);
    cur.text = t;
    cur.length = n;
    if (n == 4u && !memcmp(t, "none", 4u)) {
        *out = vf;
        return 1;
    }
    while (next_field(&cur, ",", &start, &len)) {
        size_t colon = start;
        uint64_t mv = 0;
        while (colon < start + len && t[colon] != ':')
            colon++;
        if (vf.count == GS_DVFS_VF_POINTS)
            return gs_fail_at(e, (uint32_t)start, "-%s: more than %u points", opt->name,
                              (unsigned)GS_DVFS_VF_POINTS);
        if (colon == start + len)
            return gs_fail_at(e, (uint32_t)start, "-%s: '%s' is not MHZ:MV", opt->name,
                              shown(t + start, len, buffer, sizeof buffer));
        if (!parse_mhz(opt, t, start, colon - start, &vf.khz[vf.count], e))
            return 0;
        if (!parse_bounded(opt, "voltage (mV) ", t, colon + 1u, start + len - colon - 1u, 1,
                           GS_DVFS_MAX_MV, NULL, &mv, e))
            return 0;
        for (i = 0; i < vf.count; i++)
            if (vf.khz[i] == vf.khz[vf.count])
                return gs_fail_at(e, (uint32_t)start, "-%s: two voltages for one frequency "
                                  "('%s')", opt->name, shown(t + start, colon - start, buffer,
                                                             sizeof buffer));
        vf.mv[vf.count++] = (uint16_t)mv;
    }
    *out = vf;
    return 1;
}

static size_t format_vf(const gs_dvfs_vf *vf, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t i;
    if (vf->count == 0)
        return gs_fmt(out, capacity, "none");
    out[0] = '\0';
    for (i = 0; i < vf->count && used < capacity; i++) {
        if (i)
            used += gs_fmt(out + used, capacity - used, ",");
        if (used < capacity)
            used += format_mhz(vf->khz[i], out + used, capacity - used);
        if (used < capacity)
            used += gs_fmt(out + used, capacity - used, ":%u", (unsigned)vf->mv[i]);
    }
    return used;
}

/* ---- -gpgpu_scheduler (spec/formats.md 2.5) ---- */

static int token_is(const char *t, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(t, word, n) == 0;
}

static int parse_sched_args(const gs_option *opt, const char *t, size_t n, size_t from,
                            uint64_t *values, uint32_t *count, gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t start, len;
    cur.text = t;
    cur.length = n;
    cur.pos = from;
    *count = 0;
    while (next_field(&cur, ":", &start, &len)) {
        if (*count == 3u)
            return gs_fail_at(e, (uint32_t)start, "-%s: too many fields", opt->name);
        if (!parse_bounded(opt, "", t, start, len, 0, 0xFFFFFFFFu, NULL, &values[*count], e))
            return 0;
        (*count)++;
    }
    return 1;
}

static int check_prio(const gs_option *opt, uint64_t prio, uint32_t offset, gs_value_error *e)
{
    if (prio >= GS_PRIO_COUNT)
        return gs_fail_at(e, offset, "-%s: priority %u unknown (0 LRR, 1 SRR, 2 GTO, 3 GTLRR, "
                          "4 GTY, 5 OLDEST, 6 YOUNGEST)", opt->name, (unsigned)prio);
    return 1;
}

static int parse_two_level(const gs_option *opt, const char *t, size_t n, gs_sched_config *s,
                           gs_value_error *e)
{
    uint64_t v[3];
    uint32_t count;
    size_t from = strlen("two_level_active:");
    if (!parse_sched_args(opt, t, n, from, v, &count, e))
        return 0;
    if (count != 1u && count != 3u)
        return gs_fail_at(e, (uint32_t)from, "-%s: expected two_level_active:<active warps>"
                          "[:<inner prio>:<outer prio>]", opt->name);
    if (v[0] == 0u || v[0] > GS_MAX_WARPS_PER_SM)
        return gs_fail_at(e, (uint32_t)from, "-%s: active warps %u must be in [1, "
                          "GS_MAX_WARPS_PER_SM = %u]", opt->name, (unsigned)v[0],
                          GS_MAX_WARPS_PER_SM);
    if (count == 1u) {          /* GTX480 config's example: inner LRR, outer SRR */
        v[1] = GS_PRIO_LRR;
        v[2] = GS_PRIO_SRR;
    }
    if (!check_prio(opt, v[1], (uint32_t)from, e) || !check_prio(opt, v[2], (uint32_t)from, e))
        return 0;
    s->kind = GS_SCHED_TWO_LEVEL;
    s->num_active_warps = (uint32_t)v[0];
    s->inner_prio = (uint32_t)v[1];
    s->outer_prio = (uint32_t)v[2];
    return 1;
}

static int parse_warp_limiting(const gs_option *opt, const char *t, size_t n,
                               gs_sched_config *s, gs_value_error *e)
{
    uint64_t v[3];
    uint32_t count;
    size_t from = strlen("warp_limiting:");
    if (!parse_sched_args(opt, t, n, from, v, &count, e))
        return 0;
    if (count != 2u)
        return gs_fail_at(e, (uint32_t)from, "-%s: expected warp_limiting:<prio>:<warps>",
                          opt->name);
    if (v[0] != GS_PRIO_GTO)    /* GPGPU-Sim implements only GTO order (asserts) */
        return gs_fail_at(e, (uint32_t)from, "-%s: warp_limiting supports only priority 2 "
                          "(GTO), as GPGPU-Sim (spec/formats.md 2.5)", opt->name);
    if (v[1] == 0u || v[1] > GS_MAX_WARPS_PER_SM)
        return gs_fail_at(e, (uint32_t)from, "-%s: warp limit %u must be in [1, "
                          "GS_MAX_WARPS_PER_SM = %u]", opt->name, (unsigned)v[1],
                          GS_MAX_WARPS_PER_SM);
    s->kind = GS_SCHED_WARP_LIMITING;
    s->limit_prio = (uint32_t)v[0];
    s->limit_warps = (uint32_t)v[1];
    return 1;
}

/* The warp schedulers' names and their ":arguments" syntax, from the one
 * list (base/policy_lists.h). Decision: names match exactly (GPGPU-Sim
 * matches substrings, so "xgtoy" would pass there); "old" is accepted as
 * GPGPU-Sim's spelling of "oldest". */
static const struct sched_name {
    const char *name;
    const char *args;          /* "" when it takes none */
} sched_names[GS_SCHED_KIND_COUNT] = {
#define GS_SCHED_NAME(id, name, ops, args) { #name, args },
    GS_SCHED_LIST(GS_SCHED_NAME)
#undef GS_SCHED_NAME
};

/* `name:...` of a scheduler that takes arguments: its own parser. */
static int parse_sched_args_of(const gs_option *opt, uint32_t kind, const char *t, size_t n,
                               gs_sched_config *s, gs_value_error *e)
{
    s->kind = kind;
    if (kind == GS_SCHED_TWO_LEVEL)
        return parse_two_level(opt, t, n, s, e);
    if (kind == GS_SCHED_WARP_LIMITING)
        return parse_warp_limiting(opt, t, n, s, e);
    return gs_fail_at(e, 0, "-%s: '%s' has no argument parser", opt->name, sched_names[kind].name);
}

static int parse_sched(const gs_option *opt, const char *t, size_t n, gs_sched_config *out,
                       gs_value_error *e)
{
    gs_sched_config s;
    char buffer[48], list[160];
    size_t used = 0;
    uint32_t k;
    memset(&s, 0, sizeof s);
    if (token_is(t, n, "old"))        /* GPGPU-Sim's own spelling of oldest */
        t = "oldest", n = 6u;
    for (k = 0; k < GS_SCHED_KIND_COUNT; k++) {
        size_t len = strlen(sched_names[k].name);
        if (sched_names[k].args[0] == '\0' && token_is(t, n, sched_names[k].name)) {
            s.kind = k;
            *out = s;
            return 1;
        }
        if (sched_names[k].args[0] != '\0' && n > len + 1u &&
            memcmp(t, sched_names[k].name, len) == 0 && t[len] == ':') {
            if (!parse_sched_args_of(opt, k, t, n, &s, e))
                return 0;
            *out = s;
            return 1;
        }
        used = gs_fmt_append(list, sizeof list, used, "%s%s%s", k ? ", " : "",
                             sched_names[k].name, sched_names[k].args);
    }
    return gs_fail_at(e, 0, "-%s: unknown scheduler '%s' (%s; spec/formats.md 2.5)",
                      opt->name, shown(t, n, buffer, sizeof buffer), list);
}

static size_t format_sched(const gs_sched_config *s, char *out, size_t capacity)
{
    switch (s->kind) {
    case GS_SCHED_TWO_LEVEL:
        return gs_fmt(out, capacity, "two_level_active:%u:%u:%u",
                      (unsigned)s->num_active_warps, (unsigned)s->inner_prio,
                      (unsigned)s->outer_prio);
    case GS_SCHED_WARP_LIMITING:
        return gs_fmt(out, capacity, "warp_limiting:%u:%u", (unsigned)s->limit_prio,
                      (unsigned)s->limit_warps);
    default: return gs_fmt(out, capacity, "%s", sched_names[s->kind].name);
    }
}

/* ---- -gpgpu_dram_timing_opt (spec/formats.md 2.4) ---- */

#define TIMING_KEYS 14u
static const char *const timing_keys[TIMING_KEYS] = {
    "nbk", "CCD", "RRD", "RCD", "RAS", "RP", "RC", "CL", "WL", "CDLR", "WR", "nbkgrp",
    "CCDL", "RTPL"
};
/* The last three may be left out: one bank group, no tCCDL / tRTPL (GPGPU-Sim's
 * way to disable bank groups; also the older 11-field positional form). */
#define TIMING_KEYS_REQUIRED 11u
static const uint32_t timing_optional_defaults[3] = { 1, 0, 0 };

static uint32_t *timing_field(gs_dram_timing_cfg *t, uint32_t key)
{
    uint32_t *fields[TIMING_KEYS];
    fields[0] = &t->n_banks; fields[1] = &t->t_ccd; fields[2] = &t->t_rrd;
    fields[3] = &t->t_rcd; fields[4] = &t->t_ras; fields[5] = &t->t_rp;
    fields[6] = &t->t_rc; fields[7] = &t->t_cl; fields[8] = &t->t_wl;
    fields[9] = &t->t_cdlr; fields[10] = &t->t_wr; fields[11] = &t->n_bank_groups;
    fields[12] = &t->t_ccdl; fields[13] = &t->t_rtpl;
    return fields[key];
}

static int find_timing_key(const char *t, size_t n)
{
    uint32_t k;
    for (k = 0; k < TIMING_KEYS; k++)
        if (token_is(t, n, timing_keys[k]))
            return (int)k;
    return -1;
}

static int set_timing(const gs_option *opt, const char *t, size_t s, size_t len, uint32_t key,
                      gs_dram_timing_cfg *timing, uint32_t *offsets, gs_value_error *e)
{
    uint64_t v = 0;
    char what[16];
    gs_fmt(what, sizeof what, "%s ", timing_keys[key]);
    if (!parse_bounded(opt, what, t, s, len, 0, GS_MAX_DRAM_TIMING, "GS_MAX_DRAM_TIMING", &v, e))
        return 0;
    *timing_field(timing, key) = (uint32_t)v;
    offsets[key] = (uint32_t)s;
    return 1;
}

static int parse_timing_keyed(const gs_option *opt, const char *t, size_t n,
                              gs_dram_timing_cfg *tm,
                              uint32_t *seen, uint32_t *offsets, gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t ks, kl, vs, vl;
    char buffer[32];
    cur.text = t;
    cur.length = n;
    while (next_field(&cur, "=:;", &ks, &kl)) {
        int key;
        if (kl == 0u && cur.done)
            break;                              /* a trailing separator */
        key = find_timing_key(t + ks, kl);
        if (key < 0)
            return gs_fail_at(e, (uint32_t)ks, "-%s: unknown DRAM timing key '%s' (nbk CCD RRD "
                              "RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL)", opt->name,
                              shown(t + ks, kl, buffer, sizeof buffer));
        if (*seen & (1u << key))
            return gs_fail_at(e, (uint32_t)ks, "-%s: DRAM timing key %s given twice",
                              opt->name, timing_keys[key]);
        if (!next_field(&cur, "=:;", &vs, &vl))
            return gs_fail_at(e, (uint32_t)n, "-%s: DRAM timing key %s has no value",
                              opt->name, timing_keys[key]);
        if (!set_timing(opt, t, vs, vl, (uint32_t)key, tm, offsets, e))
            return 0;
        *seen |= 1u << key;
    }
    return 1;
}

static int parse_timing_positional(const gs_option *opt, const char *t, size_t n,
                                   gs_dram_timing_cfg *tm, uint32_t *seen, uint32_t *offsets,
                                   gs_value_error *e)
{
    field_cursor cur = { 0, 0, 0, 0 };
    size_t s, len;
    uint32_t key = 0;
    cur.text = t;
    cur.length = n;
    while (next_field(&cur, ":", &s, &len)) {
        if (key == TIMING_KEYS)
            return gs_fail_at(e, (uint32_t)s, "-%s: more than %u positional DRAM timing "
                              "values", opt->name, TIMING_KEYS);
        if (!set_timing(opt, t, s, len, key, tm, offsets, e))
            return 0;
        *seen |= 1u << key;
        key++;
    }
    return 1;
}

/* offsets[k]: where key k's value starts (n, the end, for defaulted keys). */
static int check_timing(const gs_option *opt, const gs_dram_timing_cfg *tm,
                        const uint32_t *offsets,
                        gs_value_error *e)
{
    if (tm->n_banks == 0u || (tm->n_banks & (tm->n_banks - 1u)) || tm->n_banks > GS_MAX_DRAM_BANKS)
        return gs_fail_at(e, offsets[0], "-%s: nbk %u must be a power of two in [1, "
                          "GS_MAX_DRAM_BANKS = %u]", opt->name, (unsigned)tm->n_banks,
                          GS_MAX_DRAM_BANKS);
    if (tm->n_bank_groups == 0u || tm->n_banks % tm->n_bank_groups)
        return gs_fail_at(e, offsets[11], "-%s: nbkgrp %u must divide nbk %u", opt->name,
                          (unsigned)tm->n_bank_groups, (unsigned)tm->n_banks);
    if (tm->t_cl == 0u)
        return gs_fail_at(e, offsets[7], "-%s: CL must be at least 1", opt->name);
    /* Decision: only RC >= RAS is required; SM86_RTX3070 publishes RC=78 with
     * RAS + RP = 79, so the stricter RC >= RAS + RP would reject a real config. */
    if (tm->t_rc < tm->t_ras)
        return gs_fail_at(e, offsets[6], "-%s: RC %u is shorter than RAS %u (a row cycle "
                          "includes activate-to-precharge)", opt->name, (unsigned)tm->t_rc,
                          (unsigned)tm->t_ras);
    return 1;
}

static int parse_timing(const gs_option *opt, const char *t, size_t n, gs_dram_timing_cfg *out,
                        gs_value_error *e)
{
    gs_dram_timing_cfg tm;
    uint32_t seen = 0, k, offsets[TIMING_KEYS];
    memset(&tm, 0, sizeof tm);
    for (k = 0; k < TIMING_KEYS; k++)
        offsets[k] = (uint32_t)n;
    if (has_char(t, n, '=') ? !parse_timing_keyed(opt, t, n, &tm, &seen, offsets, e)
                            : !parse_timing_positional(opt, t, n, &tm, &seen, offsets, e))
        return 0;
    for (k = 0; k < TIMING_KEYS; k++) {
        if (seen & (1u << k))
            continue;
        if (k < TIMING_KEYS_REQUIRED)
            return gs_fail_at(e, (uint32_t)n, "-%s: DRAM timing %s missing (needs nbk CCD "
                              "RRD RCD RAS RP RC CL WL CDLR WR; nbkgrp CCDL RTPL optional)",
                              opt->name, timing_keys[k]);
        *timing_field(&tm, k) = timing_optional_defaults[k - TIMING_KEYS_REQUIRED];
    }
    if (!check_timing(opt, &tm, offsets, e))
        return 0;
    *out = tm;
    return 1;
}

static size_t format_timing(const gs_dram_timing_cfg *tm, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t k;
    gs_dram_timing_cfg copy = *tm;
    for (k = 0; k < TIMING_KEYS && used < capacity; k++)
        used += gs_fmt(out + used, capacity - used, "%s%s=%u", k ? ":" : "", timing_keys[k],
                       (unsigned)*timing_field(&copy, k));
    return used;
}

/* ---- name sets: -gs_mechanisms (base/mech_list.h), -gs_event_trace ---- */

/* A list of names a set option picks from, by index (bit k of the set). */
typedef struct name_list {
    const char *(*name_of)(unsigned k);
    unsigned count;
    const char *noun;          /* "mechanism" */
    const char *label;         /* "known": heads the list in the error */
    int allow_all;             /* `all` = every name */
} name_list;

static const char *const mech_names[GS_MECH_ID_COUNT] = {
#define GS_MECH_NAME(name) #name,
    GS_MECH_LIST(GS_MECH_NAME)
#undef GS_MECH_NAME
};

static const char *mech_name(unsigned k)
{
    return mech_names[k];
}

static const name_list mech_list = { mech_name, GS_MECH_ID_COUNT, "mechanism", "known", 0 };
/* Decision: EPOCH, the list's last kind, is not traceable (the list stops
 * before it): the bus fires epochs only to a subscriber with its own period
 * (base/event.h), and the trace has none. */
static const name_list event_list = { gs_event_name, GS_EV_EPOCH, "event kind", "traceable", 1 };

static int name_known(const gs_option *opt, const name_list *list, const char *t, size_t start,
                      size_t end, gs_value_error *e)
{
    char known[384], which[GS_CONFIG_TEXT_MAX];
    size_t used = 0;
    unsigned k;
    for (k = 0; k < list->count; k++)
        if (token_is(t + start, end - start, list->name_of(k)))
            return (int)k;
    known[0] = '\0';
    for (k = 0; k < list->count; k++)
        used = gs_fmt_append(known, sizeof known, used, "%s%s", k ? ", " : "",
                             list->name_of(k));
    gs_fail_at(e, (uint32_t)start, "-%s: unknown %s '%s' (%s: %s)", opt->name, list->noun,
               shown(t + start, end - start, which, sizeof which), list->label, known);
    return -1;
}

/* "none", "all" (where allowed) or name[,name...], each once, kept as a bit
 * set: enabled in list order whatever the order given (so event delivery
 * never depends on the spelling). */
static int parse_name_set(const gs_option *opt, const name_list *list, const char *t, size_t n,
                          uint32_t *out, gs_value_error *e)
{
    size_t i, start = 0;
    uint32_t mask = 0;
    if (token_is(t, n, "none") || (list->allow_all && token_is(t, n, "all"))) {
        *out = token_is(t, n, "none") ? 0u : (uint32_t)((1ull << list->count) - 1u);
        return 1;
    }
    for (i = 0; i <= n; i++) {
        int k;
        if (i < n && t[i] != ',')
            continue;
        if (i == start)
            return gs_fail_at(e, (uint32_t)i, "-%s: expected none%s or name[,name...]",
                              opt->name, list->allow_all ? ", all" : "");
        if ((k = name_known(opt, list, t, start, i, e)) < 0)
            return 0;
        if (mask & (1u << k))
            return gs_fail_at(e, (uint32_t)start, "-%s: %s '%s' named twice", opt->name,
                              list->noun, list->name_of((unsigned)k));
        mask |= 1u << k;
        start = i + 1u;
    }
    *out = mask;
    return 1;
}

static size_t format_name_set(const name_list *list, uint32_t mask, char *out, size_t capacity)
{
    size_t used = 0;
    unsigned k;
    if (mask == 0)
        return gs_fmt(out, capacity, "none");
    if (list->allow_all && mask == (uint32_t)((1ull << list->count) - 1u))
        return gs_fmt(out, capacity, "all");
    for (k = 0; k < list->count; k++)
        if (mask & (1u << k))
            used = gs_fmt_append(out, capacity, used, "%s%s", used ? "," : "",
                                 list->name_of(k));
    return used;
}

static size_t name_set_choices(const name_list *list, char *out, size_t capacity)
{
    size_t used = gs_fmt(out, capacity, "none|%s", list->allow_all ? "all|" : "");
    unsigned k;
    for (k = 0; k < list->count; k++)
        used = gs_fmt_append(out, capacity, used, "%s%s", k ? "," : "", list->name_of(k));
    return gs_fmt_append(out, capacity, used, ",...");
}

static size_t name_choices(const gs_option *opt, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t i;
    out[0] = '\0';
    for (i = 0; opt->names[i] != NULL; i++) {
        used = gs_fmt_append(out, capacity, used, "%s%s", i ? "|" : "", opt->names[i]);
        if (opt->type == GS_OPT_NAME_NUM)
            used = gs_fmt_append(out, capacity, used, "=%u", (unsigned)i);
    }
    return used;
}

size_t gs_config_value_choices(const gs_option *opt, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t k;
    out[0] = '\0';
    switch (opt->type) {
    case GS_OPT_SCHED:
        for (k = 0; k < GS_SCHED_KIND_COUNT; k++)
            used = gs_fmt_append(out, capacity, used, "%s%s%s", k ? "|" : "",
                                 sched_names[k].name, sched_names[k].args);
        return used;
    case GS_OPT_MECHS: return name_set_choices(&mech_list, out, capacity);
    case GS_OPT_EVENTS: return name_set_choices(&event_list, out, capacity);
    case GS_OPT_NAME:
    case GS_OPT_NAME_NUM: return name_choices(opt, out, capacity);
    default: return 0;
    }
}

/* ---- -gs_event_trace_sm / _warp / _addr: `all` or a number ---- */

static int parse_all_or(const gs_option *opt, const char *t, size_t n, uint64_t all,
                        uint64_t *out, gs_value_error *e)
{
    if (token_is(t, n, "all")) {
        *out = all;
        return 1;
    }
    if (!gs_parse_u64(t, n, out) || *out == all)   /* all's own value is spelled `all` */
        return gs_fail_at(e, 0, "-%s: expected all or an unsigned integer%s", opt->name,
                          all == GS_CONFIG_ALL_ADDR ? " below 0xffffffffffffffff" : "");
    return parse_bounded(opt, "", t, 0, n, opt->min, opt->max, opt->max_name, out, e);
}

/* A file the host writes (-gs_event_trace_file): no blanks, '#' or quotes, so
 * --dump-config loads back as is. */
static int parse_file(const gs_option *opt, const char *t, size_t n, char *out,
                      gs_value_error *e)
{
    size_t i;
    if (n == 0u || n >= GS_CONFIG_PATH_MAX)
        return gs_fail_at(e, 0, "-%s: path must be 1 to %u characters", opt->name,
                          GS_CONFIG_PATH_MAX - 1u);
    for (i = 0; i < n; i++)
        if (is_space(t[i]) || t[i] == '#' || t[i] == '"')
            return gs_fail_at(e, (uint32_t)i, "-%s: a path with blanks, '#' or '\"' "
                              "would not load back from --dump-config", opt->name);
    memcpy(out, t, n);
    out[n] = '\0';
    return 1;
}

/* ---- -gpgpu_mem_addr_mapping (spec/formats.md 2.3) ---- */

static int parse_addrmap(const gs_option *opt, const char *t, size_t n, char *out,
                         gs_value_error *e)
{
    size_t i = 0;
    uint32_t letters = 0;
    if (n >= GS_CONFIG_TEXT_MAX)
        return gs_fail_at(e, 0, "-%s: longer than %u characters", opt->name,
                          GS_CONFIG_TEXT_MAX - 1u);
    if (n >= 7u && memcmp(t, "dramid@", 7u) == 0) {
        size_t semi = 7u;
        uint64_t bit;
        while (semi < n && t[semi] != ';')
            semi++;
        if (semi == n)
            return gs_fail_at(e, 7, "-%s: expected dramid@<bit>; before the mapping", opt->name);
        if (!parse_bounded(opt, "dramid bit ", t, 7u, semi - 7u, 0, 63, NULL, &bit, e))
            return 0;
        i = semi + 1u;
    }
    for (; i < n; i++) {
        if (t[i] == '.')
            continue;
        if (!char_in("DBRCS0", t[i]))
            return gs_fail_at(e, (uint32_t)i, "-%s: unknown letter '%c' in the address mapping "
                              "(D B R C S 0, '.' ignored; spec/formats.md 2.3)", opt->name, t[i]);
        letters++;
    }
    if (letters != 64u)
        return gs_fail_at(e, (uint32_t)n, "-%s: %u mapping letters; needs one for each of the "
                          "64 address bits", opt->name, (unsigned)letters);
    memcpy(out, t, n);
    out[n] = '\0';
    return 1;
}

static int parse_part_index(const gs_option *opt, const char *t, size_t n, uint32_t *out,
                            gs_value_error *e)
{
    uint64_t v = 0;
    if (!parse_bounded(opt, "", t, 0, n, 0, 0xFFFFFFFFu, NULL, &v, e))
        return 0;
    if (v == 3u)
        return gs_fail_at(e, 0, "-%s: 3 (PAE) is not wired in GPGPU-Sim's partition switch and "
                          "is unsupported; use 0 linear, 1 xor or 2 ipoly (spec/formats.md 2.3)",
                          opt->name);
    if (v > 2u)
        return gs_fail_at(e, 0, "-%s: %u (%s) is unsupported; use 0 linear, 1 xor or 2 ipoly "
                          "(spec/formats.md 2.3)", opt->name, (unsigned)v,
                          v == 4u ? "random" : v == 5u ? "custom" : "unknown");
    *out = (uint32_t)v;
    return 1;
}

static int parse_path(const gs_option *opt, gs_config *cfg, const char *t, size_t n,
                      gs_value_error *e)
{
    if (n == 0u || n >= GS_CONFIG_PATH_MAX)
        return gs_fail_at(e, 0, "-%s: path must be 1 to %u characters", opt->name,
                          GS_CONFIG_PATH_MAX - 1u);
    memcpy(cfg->meta.inter_config_file, t, n);
    cfg->meta.inter_config_file[n] = '\0';
    return 1;
}

/* One of opt->names (exact match); the error lists them. */
static int parse_name(const gs_option *opt, const char *t, size_t n, uint32_t *out,
                      gs_value_error *e)
{
    char buffer[32], list[160];
    size_t used = 0;
    uint32_t i;
    for (i = 0; opt->names[i] != NULL; i++) {
        if (token_is(t, n, opt->names[i])) {
            *out = i;
            return 1;
        }
        used = gs_fmt_append(list, sizeof list, used, "%s%s", i ? ", " : "", opt->names[i]);
    }
    return gs_fail_at(e, 0, "-%s: unknown value '%s' (%s)", opt->name,
                      shown(t, n, buffer, sizeof buffer), list);
}

/* A name of the option's list or its position as a number (GPGPU-Sim's
 * numeric spellings, -gpgpu_dram_scheduler 0|1). */
static int parse_name_or_number(const gs_option *opt, const char *t, size_t n, uint32_t *out,
                                gs_value_error *e)
{
    uint64_t v;
    uint32_t count = 0;
    while (opt->names[count] != NULL)
        count++;
    if (n > 0 && t[0] >= '0' && t[0] <= '9' && gs_parse_u64(t, n, &v)) {
        if (v >= count)
            return gs_fail_at(e, 0, "-%s: %llu is above the last policy number %u",
                              opt->name, (unsigned long long)v, (unsigned)(count - 1u));
        *out = (uint32_t)v;
        return 1;
    }
    return parse_name(opt, t, n, out, e);
}

static int parse_unmodelled(const gs_option *opt, const char *t, size_t n, gs_value_error *e)
{
    int64_t v;
    char buffer[32];
    if (opt->type == GS_OPT_INT && !gs_parse_i64(t, n, &v))
        return gs_fail_at(e, 0, "-%s: '%s' is not an integer", opt->name,
                          shown(t, n, buffer, sizeof buffer));
    return 1;
}

int gs_config_value_parse(gs_config *cfg, const gs_option *opt, const char *t, size_t n,
                          gs_value_error *e)
{
    void *field = (char *)cfg + opt->offset;
    uint64_t v = 0;
    if (!opt->modelled)
        return parse_unmodelled(opt, t, n, e);
    switch ((gs_opt_type)opt->type) {
    case GS_OPT_U32: return parse_u32(opt, t, n, (uint32_t *)field, e);
    case GS_OPT_U64:
        if (!parse_bounded(opt, "", t, 0, n, 0, UINT64_MAX, NULL, &v, e))
            return 0;
        *(uint64_t *)field = v;
        return 1;
    case GS_OPT_LIST: return parse_list(opt, t, n, (gs_u32_list *)field, e);
    case GS_OPT_CACHE: {
        gs_cache_error ce;
        if (gs_cache_parse((gs_cache_config *)field, t, n, &ce))
            return 1;
        return gs_fail_at(e, ce.offset, "-%s: %s", opt->name, ce.message);
    }
    case GS_OPT_CLOCKS: return parse_clocks(opt, t, n, (gs_clock_domains *)field, e);
    case GS_OPT_DRAM_TIMING: return parse_timing(opt, t, n, (gs_dram_timing_cfg *)field, e);
    case GS_OPT_SCHED: return parse_sched(opt, t, n, (gs_sched_config *)field, e);
    case GS_OPT_QUEUES: return parse_queues(opt, t, n, (uint32_t *)field, e);
    case GS_OPT_ADDRMAP: return parse_addrmap(opt, t, n, (char *)field, e);
    case GS_OPT_MECHS: return parse_name_set(opt, &mech_list, t, n, (uint32_t *)field, e);
    case GS_OPT_EVENTS: return parse_name_set(opt, &event_list, t, n, (uint32_t *)field, e);
    case GS_OPT_ALL_U32:
        if (!parse_all_or(opt, t, n, GS_CONFIG_ALL, &v, e))
            return 0;
        *(uint32_t *)field = (uint32_t)v;
        return 1;
    case GS_OPT_ALL_ADDR: return parse_all_or(opt, t, n, GS_CONFIG_ALL_ADDR, (uint64_t *)field, e);
    case GS_OPT_FILE: return parse_file(opt, t, n, (char *)field, e);
    case GS_OPT_PART_INDEX: return parse_part_index(opt, t, n, (uint32_t *)field, e);
    case GS_OPT_PATH: return parse_path(opt, cfg, t, n, e);
    case GS_OPT_PIPELINE: return parse_pipeline(opt, cfg, t, n, e);
    case GS_OPT_SPEC_UNIT:
        return gs_config_parse_spec_unit(opt, t, n, (gs_spec_unit_cfg *)field, e);
    case GS_OPT_NAME: return parse_name(opt, t, n, (uint32_t *)field, e);
    case GS_OPT_NAME_NUM: return parse_name_or_number(opt, t, n, (uint32_t *)field, e);
    case GS_OPT_DVFS: return parse_dvfs(opt, t, n, (gs_dvfs_schedule *)field, e);
    case GS_OPT_VF: return parse_vf(opt, t, n, (gs_dvfs_vf *)field, e);
    case GS_OPT_INT:
    case GS_OPT_STR: return parse_unmodelled(opt, t, n, e);
    }
    return gs_fail_at(e, 0, "-%s: option type not handled", opt->name);
}

static size_t format_list(const gs_u32_list *list, char *out, size_t capacity)
{
    size_t used = 0;
    uint32_t i;
    out[0] = '\0';
    for (i = 0; i < list->count && used < capacity; i++)
        used += gs_fmt(out + used, capacity - used, "%s%u", i ? "," : "",
                       (unsigned)list->values[i]);
    return used;
}

size_t gs_config_value_format(const gs_config *cfg, const gs_option *opt, char *out,
                              size_t capacity)
{
    const void *field = (const char *)cfg + opt->offset;
    const uint32_t *q = (const uint32_t *)field;
    const gs_clock_domains *clk = (const gs_clock_domains *)field;
    size_t used;
    switch ((gs_opt_type)opt->type) {
    case GS_OPT_U32:
    case GS_OPT_PART_INDEX: return gs_fmt(out, capacity, "%u", (unsigned)*q);
    case GS_OPT_U64:
        return gs_fmt(out, capacity, "%llu", (unsigned long long)*(const uint64_t *)field);
    case GS_OPT_LIST: return format_list((const gs_u32_list *)field, out, capacity);
    case GS_OPT_CACHE: return gs_cache_format((const gs_cache_config *)field, out, capacity);
    case GS_OPT_CLOCKS:
        used = format_mhz(clk->core_khz, out, capacity);
        used += gs_fmt(out + used, capacity - used, ":");
        used += format_mhz(clk->icnt_khz, out + used, capacity - used);
        used += gs_fmt(out + used, capacity - used, ":");
        used += format_mhz(clk->l2_khz, out + used, capacity - used);
        used += gs_fmt(out + used, capacity - used, ":");
        return used + format_mhz(clk->dram_khz, out + used, capacity - used);
    case GS_OPT_DRAM_TIMING:
        return format_timing((const gs_dram_timing_cfg *)field, out, capacity);
    case GS_OPT_SCHED: return format_sched((const gs_sched_config *)field, out, capacity);
    case GS_OPT_QUEUES:
        return gs_fmt(out, capacity, "%u:%u:%u:%u", (unsigned)q[0], (unsigned)q[1],
                      (unsigned)q[2], (unsigned)q[3]);
    case GS_OPT_ADDRMAP: return gs_fmt(out, capacity, "%s", (const char *)field);
    case GS_OPT_MECHS: return format_name_set(&mech_list, *q, out, capacity);
    case GS_OPT_EVENTS: return format_name_set(&event_list, *q, out, capacity);
    case GS_OPT_ALL_U32:
        return *q == GS_CONFIG_ALL ? gs_fmt(out, capacity, "all")
                                   : gs_fmt(out, capacity, "%u", (unsigned)*q);
    case GS_OPT_ALL_ADDR:
        if (*(const uint64_t *)field == GS_CONFIG_ALL_ADDR)
            return gs_fmt(out, capacity, "all");
        return gs_fmt(out, capacity, "0x%llx", (unsigned long long)*(const uint64_t *)field);
    case GS_OPT_FILE: return gs_fmt(out, capacity, "%s", (const char *)field);
    case GS_OPT_PIPELINE:
        return gs_fmt(out, capacity, "%u:%u", (unsigned)cfg->max_threads_per_sm,
                      (unsigned)cfg->warp_size);
    case GS_OPT_PATH: return gs_fmt(out, capacity, "%s", cfg->meta.inter_config_file);
    case GS_OPT_SPEC_UNIT:
        return gs_config_format_spec_unit((const gs_spec_unit_cfg *)field, out, capacity);
    case GS_OPT_NAME: return gs_fmt(out, capacity, "%s", opt->names[*q]);
    case GS_OPT_NAME_NUM: return gs_fmt(out, capacity, "%u", (unsigned)*q);
    case GS_OPT_DVFS: return format_dvfs((const gs_dvfs_schedule *)field, out, capacity);
    case GS_OPT_VF: return format_vf((const gs_dvfs_vf *)field, out, capacity);
    case GS_OPT_INT:
    case GS_OPT_STR: break;
    }
    return gs_fmt(out, capacity, "%s", opt->default_text);
}
