/*
 * Statistics registry, renderings, golden comparison and digest (stats.h).
 */
#include "base/stats.h"

#include <string.h>

uint64_t gs_hash_bytes(uint64_t state, const void *bytes, size_t length)
{
    const uint8_t *p = (const uint8_t *)bytes;
    size_t i;
    for (i = 0; i < length; i++) {
        state ^= p[i];
        state *= 0x100000001b3ull;   /* FNV-1a 64-bit prime */
    }
    return state;
}

uint64_t gs_hash_finish(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Serialise little-endian explicitly so the digest ignores host byte order. */
static uint64_t hash_u64(uint64_t state, uint64_t value)
{
    uint8_t bytes[8];
    int i;
    for (i = 0; i < 8; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
    return gs_hash_bytes(state, bytes, sizeof bytes);
}

size_t gs_stats_bytes(uint32_t capacity)
{
    return gs_arena_round((size_t)capacity * sizeof(gs_stat_entry));
}

gs_status gs_stats_init(gs_stats *stats, gs_arena *arena, uint32_t capacity, gs_diag *diag)
{
    memset(stats, 0, sizeof *stats);
    stats->entries = (gs_stat_entry *)gs_arena_alloc(arena, gs_stats_bytes(capacity));
    if (!stats->entries)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u statistics entries", (unsigned)capacity);
    stats->capacity = capacity;
    stats->data_hash = GS_HASH_SEED;
    return GS_OK;
}

static gs_stat_entry *new_entry(gs_stats *stats, const char *name)
{
    gs_stat_entry *e;
    GS_ASSERT(stats->count < stats->capacity);
    GS_ASSERT(strlen(name) < GS_STAT_NAME_MAX);
    GS_ASSERT(gs_stats_find(stats, name) == NULL);
    e = &stats->entries[stats->count++];
    memset(e, 0, sizeof *e);
    gs_str_copy(e->name, sizeof e->name, name);
    return e;
}

void gs_stats_put_count(gs_stats *stats, const char *name, uint64_t value)
{
    gs_stat_entry *e = new_entry(stats, name);
    e->kind = GS_STAT_COUNT;
    e->value = value;
}

void gs_stats_put_ratio(gs_stats *stats, const char *name, uint64_t num, uint64_t den,
                        unsigned decimals)
{
    gs_stat_entry *e = new_entry(stats, name);
    e->kind = GS_STAT_RATIO;
    e->decimals = (uint8_t)decimals;
    e->value = num;
    e->den = den;
}

const gs_stat_entry *gs_stats_find(const gs_stats *stats, const char *name)
{
    uint32_t i;
    for (i = 0; i < stats->count; i++)
        if (gs_str_eq(stats->entries[i].name, name))
            return &stats->entries[i];
    return NULL;
}

void gs_stats_add_data(gs_stats *stats, const void *bytes, size_t length)
{
    stats->data_hash = gs_hash_bytes(stats->data_hash, bytes, length);
    stats->data_bytes += length;
}

uint64_t gs_stats_digest(const gs_stats *stats)
{
    uint64_t h = GS_HASH_SEED;
    uint32_t i;
    for (i = 0; i < stats->count; i++) {
        const gs_stat_entry *e = &stats->entries[i];
        uint8_t tag[2];
        tag[0] = e->kind;
        tag[1] = e->decimals;
        h = gs_hash_bytes(h, e->name, strlen(e->name) + 1u);
        h = gs_hash_bytes(h, tag, sizeof tag);
        h = hash_u64(h, e->value);
        h = hash_u64(h, e->den);
    }
    if (stats->data_bytes) {
        h = hash_u64(h, stats->data_bytes);
        h = hash_u64(h, stats->data_hash);
    }
    return gs_hash_finish(h);
}

size_t gs_stats_value_text(const gs_stat_entry *e, char *out, size_t capacity)
{
    if (e->kind == GS_STAT_RATIO)
        return gs_fmt_ratio(out, capacity, e->value, e->den, e->decimals);
    return gs_fmt(out, capacity, "%llu", (unsigned long long)e->value);
}

void gs_stats_print_text(const gs_stats *stats, const gs_sink *sink)
{
    char value[48];
    uint32_t i;
    for (i = 0; i < stats->count; i++) {
        gs_stats_value_text(&stats->entries[i], value, sizeof value);
        gs_sink_printf(sink, "%s = %s\n", stats->entries[i].name, value);
    }
    gs_sink_printf(sink, "digest = %016llx\n", (unsigned long long)gs_stats_digest(stats));
}

void gs_stats_print_json(const gs_stats *stats, const gs_sink *sink)
{
    char value[48];
    uint32_t i;
    gs_sink_puts(sink, "{\n");
    for (i = 0; i < stats->count; i++) {
        gs_stats_value_text(&stats->entries[i], value, sizeof value);
        gs_sink_printf(sink, "  \"%s\": %s,\n", stats->entries[i].name, value);
    }
    gs_sink_printf(sink, "  \"digest\": \"%016llx\"\n}\n",
                   (unsigned long long)gs_stats_digest(stats));
}

void gs_stats_print_csv(const gs_stats *stats, const gs_sink *sink)
{
    char value[48];
    uint32_t i;
    gs_sink_puts(sink, "name,value\n");
    for (i = 0; i < stats->count; i++) {
        gs_stats_value_text(&stats->entries[i], value, sizeof value);
        gs_sink_printf(sink, "%s,%s\n", stats->entries[i].name, value);
    }
    gs_sink_printf(sink, "digest,%016llx\n", (unsigned long long)gs_stats_digest(stats));
}

/* One golden line split into trimmed name and value; returns 0 if malformed. */
static int split_golden_line(const char *line, size_t length, char *name, char *value)
{
    size_t eq, a, b;
    for (eq = 0; eq < length && line[eq] != '='; eq++)
        ;
    if (eq == length)
        return 0;
    for (a = 0; a < eq && line[a] == ' '; a++)
        ;
    for (b = eq; b > a && line[b - 1] == ' '; b--)
        ;
    if (b == a || b - a >= GS_STAT_NAME_MAX)
        return 0;
    memcpy(name, line + a, b - a);
    name[b - a] = '\0';
    for (a = eq + 1; a < length && line[a] == ' '; a++)
        ;
    for (b = length; b > a && (line[b - 1] == ' ' || line[b - 1] == '\r'); b--)
        ;
    if (b == a || b - a >= 48)
        return 0;
    memcpy(value, line + a, b - a);
    value[b - a] = '\0';
    return 1;
}

/* Compare one golden entry with the run; returns 1 on a difference. */
static int check_entry(const gs_stats *stats, const char *name, const char *golden_value,
                       const gs_sink *sink)
{
    char actual[48];
    const gs_stat_entry *e;
    if (gs_str_eq(name, "digest")) {
        gs_fmt(actual, sizeof actual, "%016llx", (unsigned long long)gs_stats_digest(stats));
    } else {
        e = gs_stats_find(stats, name);
        if (!e) {
            gs_sink_printf(sink, "%s: golden %s, missing in this run\n", name, golden_value);
            return 1;
        }
        gs_stats_value_text(e, actual, sizeof actual);
    }
    if (gs_str_eq(actual, golden_value))
        return 0;
    gs_sink_printf(sink, "%s: golden %s, this run %s\n", name, golden_value, actual);
    return 1;
}

/* Does the golden text hold an entry with this name? (--check runs once, after
 * the simulation, so a linear scan is fine.) */
static int golden_has(const char *golden, size_t golden_length, const char *wanted)
{
    char name[GS_STAT_NAME_MAX], value[48];
    size_t start = 0, end;
    while (start < golden_length) {
        for (end = start; end < golden_length && golden[end] != '\n'; end++)
            ;
        if (end > start && split_golden_line(golden + start, end - start, name, value) &&
            gs_str_eq(name, wanted))
            return 1;
        start = end + 1;
    }
    return 0;
}

gs_status gs_stats_check(const gs_stats *stats, const char *golden_name, const char *golden,
                         size_t golden_length, const gs_sink *sink, uint32_t *differences,
                         gs_diag *diag)
{
    size_t start = 0, end;
    uint32_t line_no = 0, diffs = 0, i;
    char name[GS_STAT_NAME_MAX], value[48];
    while (start < golden_length) {
        for (end = start; end < golden_length && golden[end] != '\n'; end++)
            ;
        line_no++;
        if (end > start && golden[start] != '#' && !(end - start == 1 && golden[start] == '\r')) {
            if (!split_golden_line(golden + start, end - start, name, value))
                return gs_diag_set(diag, GS_E_USAGE, golden_name, line_no, 1,
                                   "expected a 'name = value' statistics line");
            diffs += (uint32_t)check_entry(stats, name, value, sink);
        }
        start = end + 1;
    }
    for (i = 0; i < stats->count; i++) {
        if (!golden_has(golden, golden_length, stats->entries[i].name)) {
            gs_sink_printf(sink, "%s: missing in golden\n", stats->entries[i].name);
            diffs++;
        }
    }
    *differences = diffs;
    return GS_OK;
}
