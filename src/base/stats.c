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

size_t gs_stats_bytes_texts(uint32_t capacity, uint32_t texts)
{
    if (texts > capacity)
        texts = capacity;
    return gs_arena_round((size_t)capacity * sizeof(gs_stat_entry)) +
           gs_arena_round((size_t)texts * GS_STAT_TEXT_MAX);
}

size_t gs_stats_bytes(uint32_t capacity)
{
    return gs_stats_bytes_texts(capacity, capacity);
}

gs_status gs_stats_init_texts(gs_stats *stats, gs_arena *arena, uint32_t capacity,
                              uint32_t texts, gs_diag *diag)
{
    memset(stats, 0, sizeof *stats);
    if (texts > capacity)
        texts = capacity;
    stats->entries = (gs_stat_entry *)gs_arena_alloc(arena, (size_t)capacity *
                                                            sizeof(gs_stat_entry));
    stats->text_capacity = (size_t)texts * GS_STAT_TEXT_MAX;
    stats->text_pool = (char *)gs_arena_alloc(arena, stats->text_capacity);
    if (!stats->entries || !stats->text_pool)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u statistics entries", (unsigned)capacity);
    stats->capacity = capacity;
    stats->data_hash = GS_HASH_SEED;
    stats->block_hash = GS_HASH_SEED;
    return GS_OK;
}

gs_status gs_stats_init(gs_stats *stats, gs_arena *arena, uint32_t capacity, gs_diag *diag)
{
    return gs_stats_init_texts(stats, arena, capacity, capacity, diag);
}

/* One entry's contribution to the digest (gs_stats_digest). */
static uint64_t hash_entry(uint64_t h, const gs_stat_entry *e)
{
    uint8_t tag[2];
    tag[0] = e->kind;
    tag[1] = e->decimals;
    h = gs_hash_bytes(h, e->name, strlen(e->name) + 1u);
    h = gs_hash_bytes(h, tag, sizeof tag);
    h = hash_u64(h, e->value);
    h = hash_u64(h, e->den);
    if (e->kind == GS_STAT_TEXT)
        h = gs_hash_bytes(h, e->text, strlen(e->text) + 1u);
    return h;
}

static void print_entry(const gs_stat_entry *e, const gs_sink *sink);

void gs_stats_init_stream(gs_stats *stats, const gs_sink *sink)
{
    memset(stats, 0, sizeof *stats);
    stats->streamed = 1;
    stats->stream = sink;
    stats->entries = &stats->stream_entry;
    stats->capacity = 1;
    stats->text_pool = stats->stream_text;
    stats->text_capacity = sizeof stats->stream_text;
    stats->data_hash = GS_HASH_SEED;
    stats->block_hash = GS_HASH_SEED;
    stats->stream_hash = GS_HASH_SEED;
}

void gs_stats_flush(gs_stats *stats)
{
    if (!stats->streamed || stats->count == 0)
        return;
    stats->stream_hash = hash_entry(stats->stream_hash, &stats->stream_entry);
    if (stats->stream)
        print_entry(&stats->stream_entry, stats->stream);
    stats->count = 0;
    stats->text_used = 0;
}

/* The last line of a run's statistics, stored or streamed alike. */
static void print_digest(const gs_stats *stats, const gs_sink *sink)
{
    gs_sink_printf(sink, "digest = %016llx\n", (unsigned long long)gs_stats_digest(stats));
}

void gs_stats_stream_end(gs_stats *stats)
{
    gs_stats_flush(stats);
    if (stats->streamed && stats->stream)
        print_digest(stats, stats->stream);
}

static gs_stat_entry *new_entry(gs_stats *stats, const char *name)
{
    gs_stat_entry *e;
    gs_stats_flush(stats);   /* streamed: the entry before is complete now */
    GS_ASSERT(stats->count < stats->capacity);
    GS_ASSERT(strlen(name) < GS_STAT_NAME_MAX);
    GS_ASSERT(gs_stats_find(stats, name) == NULL);
    e = &stats->entries[stats->count++];
    memset(e, 0, sizeof *e);
    gs_str_copy(e->name, sizeof e->name, name);
    e->indent = (uint8_t)(stats->indent_new != 0);
    return e;
}

void gs_stats_put_text(gs_stats *stats, const char *name, const char *text)
{
    gs_stat_entry *e = new_entry(stats, name);
    size_t n = strlen(text);
    char *copy;
    if (n > GS_STAT_TEXT_LONGEST - 1u)
        n = GS_STAT_TEXT_LONGEST - 1u;   /* a longer text is cut (stats.h) */
    GS_ASSERT(n + 1u <= stats->text_capacity - stats->text_used);   /* sized by the caller */
    copy = stats->text_pool + stats->text_used;
    memcpy(copy, text, n);
    copy[n] = '\0';
    stats->text_used += n + 1u;
    e->kind = GS_STAT_TEXT;
    e->text = copy;
}

void gs_stats_put_text_line(gs_stats *stats, const char *name, const char *text)
{
    gs_stats_put_text(stats, name, text);
    stats->entries[stats->count - 1u].colon = 1;
}

void gs_stats_put_ratio_unit(gs_stats *stats, const char *name, uint64_t num, uint64_t den,
                             unsigned decimals, const char *unit)
{
    gs_stats_put_ratio(stats, name, num, den, decimals);
    gs_str_copy(stats->entries[stats->count - 1u].unit, GS_STAT_UNIT_MAX, unit);
}

void gs_stats_set_indent(gs_stats *stats, int on)
{
    stats->indent_new = on;
}

void gs_stats_clear(gs_stats *stats)
{
    stats->count = 0;
    stats->text_used = 0;
    stats->stream_hash = GS_HASH_SEED;
    stats->data_hash = GS_HASH_SEED;
    stats->data_bytes = 0;
    stats->block_hash = GS_HASH_SEED;
    stats->blocks = 0;
    stats->indent_new = 0;
}

uint64_t gs_stats_chain_block(uint64_t chain, uint64_t block_digest)
{
    return hash_u64(chain, block_digest);
}

void gs_stats_add_block(gs_stats *stats, uint64_t block_digest)
{
    stats->block_hash = gs_stats_chain_block(stats->block_hash, block_digest);
    stats->blocks++;
}

void gs_stats_set_blocks(gs_stats *stats, uint64_t block_hash, uint64_t blocks)
{
    stats->block_hash = block_hash;
    stats->blocks = blocks;
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
    if (stats->streamed)
        return NULL;   /* nothing is kept */
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
    uint64_t h = stats->streamed ? stats->stream_hash : GS_HASH_SEED;
    uint32_t i;
    for (i = 0; i < stats->count; i++)   /* streamed: the open entry, if any */
        h = hash_entry(h, &stats->entries[i]);
    if (stats->data_bytes) {
        h = hash_u64(h, stats->data_bytes);
        h = hash_u64(h, stats->data_hash);
    }
    if (stats->blocks) {   /* the per-kernel blocks, in kernel order */
        h = hash_u64(h, stats->blocks);
        h = hash_u64(h, stats->block_hash);
    }
    return gs_hash_finish(h);
}

size_t gs_stats_value_text(const gs_stat_entry *e, char *out, size_t capacity)
{
    if (e->kind == GS_STAT_TEXT)
        return gs_fmt(out, capacity, "%s", e->text);
    if (e->kind == GS_STAT_RATIO)
        return gs_fmt_ratio(out, capacity, e->value, e->den, e->decimals);
    return gs_fmt(out, capacity, "%llu", (unsigned long long)e->value);
}

#define VALUE_MAX (GS_STAT_TEXT_LONGEST + 8)

/* The value as the text rendering shows it (with its unit). */
static void entry_text(const gs_stat_entry *e, char *out, size_t capacity)
{
    size_t n = gs_stats_value_text(e, out, capacity);
    if (n < capacity)
        gs_str_copy(out + n, capacity - n, e->unit);
}

static void print_entry(const gs_stat_entry *e, const gs_sink *sink)
{
    char value[VALUE_MAX];
    entry_text(e, value, sizeof value);
    /* in pieces: a kernel_name may be longer than gs_sink_printf's line */
    gs_sink_printf(sink, "%s%s%s", e->indent ? "\t" : "", e->name, e->colon ? ": " : " = ");
    gs_sink_puts(sink, value);
    gs_sink_puts(sink, "\n");
}

static void print_lines(const gs_stats *stats, const gs_sink *sink)
{
    uint32_t i;
    for (i = 0; i < stats->count; i++)
        print_entry(&stats->entries[i], sink);
}

void gs_stats_print_text(const gs_stats *stats, const gs_sink *sink)
{
    print_lines(stats, sink);
    print_digest(stats, sink);
}

void gs_stats_print_block_text(const gs_stats *block, const gs_sink *sink)
{
    print_lines(block, sink);
    gs_sink_puts(sink, "\n");
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void json_string(const char *text, const gs_sink *sink)
{
    char buf[8];
    gs_sink_puts(sink, "\"");
    for (; *text; text++) {
        unsigned char ch = (unsigned char)*text;
        if (ch == '"' || ch == '\\') {
            buf[0] = '\\';
            buf[1] = (char)ch;
            buf[2] = '\0';
        } else if (ch < 0x20) {
            gs_fmt(buf, sizeof buf, "\\u%04x", (unsigned)ch);
        } else {
            buf[0] = (char)ch;
            buf[1] = '\0';
        }
        gs_sink_puts(sink, buf);
    }
    gs_sink_puts(sink, "\"");
}

static void json_members(const gs_stats *stats, const gs_sink *sink, const char *indent,
                         int last_comma)
{
    char value[VALUE_MAX];
    uint32_t i;
    for (i = 0; i < stats->count; i++) {
        const gs_stat_entry *e = &stats->entries[i];
        gs_sink_printf(sink, "%s", indent);
        json_string(e->name, sink);
        gs_sink_puts(sink, ": ");
        if (e->kind == GS_STAT_TEXT) {
            json_string(e->text, sink);
        } else {
            gs_stats_value_text(e, value, sizeof value);
            gs_sink_puts(sink, value);
        }
        gs_sink_puts(sink, (i + 1u < stats->count || last_comma) ? ",\n" : "\n");
    }
}

void gs_stats_print_block_json(const gs_stats *block, const gs_sink *sink, int first)
{
    gs_sink_puts(sink, first ? "    {\n" : ",\n    {\n");
    json_members(block, sink, "      ", 0);
    gs_sink_puts(sink, "    }");
}

void gs_stats_print_json_with(const gs_stats *stats, const char *blocks_json,
                              const gs_sink *sink)
{
    gs_sink_puts(sink, "{\n");
    if (blocks_json != NULL) {   /* (long: not through gs_sink_printf's buffer) */
        gs_sink_puts(sink, "  \"kernels\": [\n");
        gs_sink_puts(sink, blocks_json);
        gs_sink_puts(sink, "\n  ],\n");
    }
    json_members(stats, sink, "  ", 1);
    gs_sink_printf(sink, "  \"digest\": \"%016llx\"\n}\n",
                   (unsigned long long)gs_stats_digest(stats));
}

void gs_stats_print_json(const gs_stats *stats, const gs_sink *sink)
{
    gs_stats_print_json_with(stats, NULL, sink);
}

/* Does the text hold a comma or a quote? (no strchr: the freestanding build) */
static int csv_needs_quotes(const char *text)
{
    for (; *text; text++)
        if (*text == ',' || *text == '"')
            return 1;
    return 0;
}

/* A CSV field: quoted (quotes doubled) when it holds a comma or a quote. */
static void csv_field(const char *text, const gs_sink *sink)
{
    if (!csv_needs_quotes(text)) {
        gs_sink_puts(sink, text);
        return;
    }
    gs_sink_puts(sink, "\"");
    for (; *text; text++) {
        char one[2];
        one[0] = *text;
        one[1] = '\0';
        gs_sink_puts(sink, *text == '"' ? "\"\"" : one);
    }
    gs_sink_puts(sink, "\"");
}

static void csv_rows(const gs_stats *stats, const char *prefix, const gs_sink *sink)
{
    char value[VALUE_MAX];
    char name[GS_STAT_NAME_MAX + 32];
    uint32_t i;
    for (i = 0; i < stats->count; i++) {
        gs_fmt(name, sizeof name, "%s%s", prefix, stats->entries[i].name);
        csv_field(name, sink);
        gs_sink_puts(sink, ",");
        gs_stats_value_text(&stats->entries[i], value, sizeof value);
        csv_field(value, sink);
        gs_sink_puts(sink, "\n");
    }
}

void gs_stats_print_block_csv(const gs_stats *block, const gs_sink *sink, uint64_t uid)
{
    char prefix[32];
    gs_fmt(prefix, sizeof prefix, "kernel%llu/", (unsigned long long)uid);
    csv_rows(block, prefix, sink);
}

void gs_stats_print_csv_with(const gs_stats *stats, const char *blocks_csv,
                             const gs_sink *sink)
{
    gs_sink_puts(sink, "name,value\n");
    if (blocks_csv != NULL)
        gs_sink_puts(sink, blocks_csv);
    csv_rows(stats, "", sink);
    gs_sink_printf(sink, "digest,%016llx\n", (unsigned long long)gs_stats_digest(stats));
}

void gs_stats_print_csv(const gs_stats *stats, const gs_sink *sink)
{
    gs_stats_print_csv_with(stats, NULL, sink);
}

/* One golden line split into trimmed name and value; returns 0 if malformed. */
static int split_golden_line(const char *line, size_t length, char *name, char *value)
{
    size_t eq, a, b;
    for (eq = 0; eq < length && line[eq] != '=' && line[eq] != ':'; eq++)
        ;
    if (eq == length)
        return 0;   /* `name = value`, or `name: text` (gs_stats_put_text_line) */
    for (a = 0; a < eq && (line[a] == ' ' || line[a] == '\t'); a++)
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
    if (b == a || b - a >= VALUE_MAX)
        return 0;
    memcpy(value, line + a, b - a);
    value[b - a] = '\0';
    return 1;
}

/* Walks a golden text line by line, skipping comments, empty lines and the
 * per-kernel blocks (a `kernel_name = ` line up to the next empty line). */
typedef struct golden_walk {
    const char *text;
    size_t length, start;
    uint32_t line_no;
} golden_walk;

static void golden_walk_init(golden_walk *w, const char *golden, size_t golden_length)
{
    memset(w, 0, sizeof *w);
    w->text = golden;
    w->length = golden_length;
}

static int is_blank(const char *line, size_t length)
{
    size_t i;
    for (i = 0; i < length; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return 0;
    return 1;
}

/* The next line to compare (*line, *length); returns 0 at the end. */
static int golden_next(golden_walk *w, const char **line, size_t *length)
{
    int in_block = 0;
    while (w->start < w->length) {
        size_t end, s = w->start;
        for (end = s; end < w->length && w->text[end] != '\n'; end++)
            ;
        w->start = end + 1;
        w->line_no++;
        if (is_blank(w->text + s, end - s)) {
            in_block = 0;
            continue;
        }
        if (!in_block && end - s >= 11 && memcmp(w->text + s, "kernel_name", 11) == 0) {
            in_block = 1;
            continue;
        }
        if (in_block || w->text[s] == '#')
            continue;
        *line = w->text + s;
        *length = end - s;
        return 1;
    }
    return 0;
}

/* Compare one golden entry with the run; returns 1 on a difference. */
static int check_entry(const gs_stats *stats, const char *name, const char *golden_value,
                       const gs_sink *sink)
{
    char actual[VALUE_MAX];
    const gs_stat_entry *e;
    if (gs_str_eq(name, "digest")) {
        gs_fmt(actual, sizeof actual, "%016llx", (unsigned long long)gs_stats_digest(stats));
    } else {
        e = gs_stats_find(stats, name);
        if (!e) {
            gs_sink_printf(sink, "%s: golden %s, missing in this run\n", name, golden_value);
            return 1;
        }
        entry_text(e, actual, sizeof actual);
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
    char name[GS_STAT_NAME_MAX], value[VALUE_MAX];
    golden_walk w;
    const char *line;
    size_t length;
    golden_walk_init(&w, golden, golden_length);
    while (golden_next(&w, &line, &length))
        if (split_golden_line(line, length, name, value) && gs_str_eq(name, wanted))
            return 1;
    return 0;
}

gs_status gs_stats_check(const gs_stats *stats, const char *golden_name, const char *golden,
                         size_t golden_length, const gs_sink *sink, uint32_t *differences,
                         gs_diag *diag)
{
    uint32_t diffs = 0, i;
    char name[GS_STAT_NAME_MAX], value[VALUE_MAX];
    golden_walk w;
    const char *line;
    size_t length;
    golden_walk_init(&w, golden, golden_length);
    while (golden_next(&w, &line, &length)) {
        if (!split_golden_line(line, length, name, value))
            return gs_diag_set(diag, GS_E_USAGE, golden_name, w.line_no, 1,
                               "expected a 'name = value' statistics line");
        diffs += (uint32_t)check_entry(stats, name, value, sink);
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
