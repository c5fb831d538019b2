/*
 * GPGPU-Sim cache configuration strings: grammar and validation
 * (spec/formats.md section 2.1; decisions listed in cachestr.h).
 */
#include "base/bits.h"
#include "base/cachestr.h"

#include <string.h>

#include "base/fmt.h"
#include "gs_limits.h"

#define FIELD_COUNT 15u
#define FIELDS_MIN 13u

/* What each field is called in messages, and the separator in front of it. */
static const char *const field_names[FIELD_COUNT] = {
    "type", "sets", "line size", "associativity", "replacement", "write policy",
    "allocation", "write-allocate", "set index", "MSHR type", "MSHR entries",
    "MSHR max merge", "miss queue", "result FIFO", "data port width"
};
static const char field_separators[FIELD_COUNT] = {
    0, ':', ':', ':', ',', ':', ':', ':', ':', ',', ':', ':', ',', ':', ','
};

typedef struct cache_tokens {
    uint32_t count;
    uint32_t start[FIELD_COUNT];
    uint32_t length[FIELD_COUNT];
} cache_tokens;

int gs_fail_at(gs_cache_error *error, uint32_t offset, const char *format, ...)
{
    va_list args;
    error->offset = offset;
    va_start(args, format);
    gs_vfmt(error->message, sizeof error->message, format, args);
    va_end(args);
    return 0;
}

/* Split on ':' and ',' checking each separator against the grammar. */
static int split_fields(const char *text, size_t length, cache_tokens *tokens,
                        gs_cache_error *error)
{
    uint32_t pos = 0;
    tokens->count = 0;
    for (;;) {
        uint32_t start = pos;
        uint32_t index = tokens->count;
        while (pos < length && text[pos] != ':' && text[pos] != ',')
            pos++;
        if (index >= FIELD_COUNT)
            return gs_fail_at(error, start, "cache string has more than %u fields "
                              "(spec/formats.md 2.1)", FIELD_COUNT);
        tokens->start[index] = start;
        tokens->length[index] = pos - start;
        tokens->count++;
        if (pos >= length)
            break;
        if (index + 1u < FIELD_COUNT && text[pos] != field_separators[index + 1u])
            return gs_fail_at(error, pos, "expected '%c' before the %s field, found '%c' "
                              "(spec/formats.md 2.1)", field_separators[index + 1u],
                              field_names[index + 1u], text[pos]);
        pos++;
    }
    if (tokens->count < FIELDS_MIN)
        return gs_fail_at(error, (uint32_t)length,
                          "cache string has %u fields, needs at least %u: "
                          "type:sets:line:assoc,repl:write:alloc:write_alloc:index,"
                          "mshr:entries:merge,miss_queue (spec/formats.md 2.1)",
                          (unsigned)tokens->count, FIELDS_MIN);
    return 1;
}

/* Map a letter through `letters`; returns its position or -1. */
static int letter_code(char letter, const char *letters)
{
    const char *p;
    for (p = letters; *p; p++)
        if (*p == letter)
            return (int)(p - letters);
    return -1;
}

static const char *const field_letters[FIELD_COUNT] = {
    "NS", 0, 0, 0, "LF", "RBTEL", "mfs", "NWFL", "LXHPC", "ASFT", 0, 0, 0, 0, 0
};

static int decode_letter(const char *text, const cache_tokens *t, uint32_t i, uint8_t *out,
                         gs_cache_error *error)
{
    const char *p = text + t->start[i];
    int code;
    if (t->length[i] != 1)
        return gs_fail_at(error, t->start[i], "%s field must be one letter of '%s'",
                          field_names[i], field_letters[i]);
    code = letter_code(*p, field_letters[i]);
    if (code < 0)
        return gs_fail_at(error, t->start[i], "unknown %s letter '%c' (expected one of '%s', "
                          "spec/formats.md 2.1)", field_names[i], *p, field_letters[i]);
    *out = (uint8_t)code;
    return 1;
}

static int decode_number(const char *text, const cache_tokens *t, uint32_t i, uint32_t *out,
                         gs_cache_error *error)
{
    uint64_t value;
    char shown[24];
    if (!gs_parse_u64(text + t->start[i], t->length[i], &value) || value > 0xFFFFFFFFu) {
        size_t n = t->length[i] < sizeof shown - 1u ? t->length[i] : sizeof shown - 1u;
        memcpy(shown, text + t->start[i], n);
        shown[n] = '\0';
        return gs_fail_at(error, t->start[i], "%s '%s' is not an unsigned number", field_names[i],
                          shown);
    }
    *out = (uint32_t)value;
    return 1;
}

/* Decode the letters into enums; set-index letters go through set_index.h. */
static int decode_letters(gs_cache_config *c, const char *text, const cache_tokens *t,
                          gs_cache_error *error)
{
    uint8_t index_code = 0, type = 0;   /* set by decode_letter; gcc -O3 cannot see it */
    gs_index_fn fn;
    if (!decode_letter(text, t, 0, &type, error) || !decode_letter(text, t, 4, &c->replacement,
        error) || !decode_letter(text, t, 5, &c->write_policy, error)
        || !decode_letter(text, t, 6, &c->alloc_policy, error)
        || !decode_letter(text, t, 7, &c->write_alloc, error)
        || !decode_letter(text, t, 8, &index_code, error)
        || !decode_letter(text, t, 9, &c->mshr_type, error))
        return 0;
    c->sector = type;
    if (text[t->start[8]] == 'C')
        return gs_fail_at(error, t->start[8], "set index 'C' (custom) is unsupported: GPGPU-Sim's "
                          "custom hash is an empty stub; use L, X, H or P (spec/formats.md 2.1)");
    if (!gs_index_fn_from_letter(text[t->start[8]], &fn))
        return gs_fail_at(error, t->start[8], "set index letter '%c' unsupported",
                          text[t->start[8]]);
    c->set_index = (uint8_t)fn;
    return 1;
}

static int decode_numbers(gs_cache_config *c, const char *text, const cache_tokens *t,
                          gs_cache_error *error)
{
    if (!decode_number(text, t, 1, &c->n_sets, error)
        || !decode_number(text, t, 2, &c->line_bytes, error)
        || !decode_number(text, t, 3, &c->assoc, error)
        || !decode_number(text, t, 10, &c->mshr_entries, error)
        || !decode_number(text, t, 11, &c->mshr_max_merge, error)
        || !decode_number(text, t, 12, &c->miss_queue_entries, error))
        return 0;
    c->result_fifo_entries = 0;
    if (t->count > 13u && !decode_number(text, t, 13, &c->result_fifo_entries, error))
        return 0;
    c->data_port_bytes = c->line_bytes;   /* GPGPU-Sim default: the line size */
    if (t->count > 14u && !decode_number(text, t, 14, &c->data_port_bytes, error))
        return 0;
    return 1;
}

/* A count in [1, max]; max names its tables/gs_limits.h macro. */
static int check_count(const cache_tokens *t, uint32_t i, uint32_t value, uint32_t max,
                       const char *max_name, gs_cache_error *error)
{
    if (value == 0u)
        return gs_fail_at(error, t->start[i], "%s must be at least 1", field_names[i]);
    if (value > max)
        return gs_fail_at(error, t->start[i], "%s %u is above the compiled maximum %s = %u "
                          "(tables/gs_limits.h)", field_names[i], (unsigned)value, max_name,
                          (unsigned)max);
    return 1;
}

static int check_geometry(const gs_cache_config *c, const cache_tokens *t,
                          gs_cache_error *error)
{
    uint64_t bytes;
    if (!check_count(t, 1, c->n_sets, GS_MAX_CACHE_SETS, "GS_MAX_CACHE_SETS", error)
        || !check_count(t, 2, c->line_bytes, GS_MAX_LINE_BYTES, "GS_MAX_LINE_BYTES", error)
        || !check_count(t, 3, c->assoc, GS_MAX_CACHE_WAYS, "GS_MAX_CACHE_WAYS", error))
        return 0;
    if (!gs_is_pow2(c->n_sets))
        return gs_fail_at(error, t->start[1], "sets %u is not a power of two (spec/formats.md 2.2 "
                          "indexes sets with address bits)", (unsigned)c->n_sets);
    if (!gs_is_pow2(c->line_bytes) || c->line_bytes < 4u)
        return gs_fail_at(error, t->start[2], "line size %u is not a power of two >= 4",
                          (unsigned)c->line_bytes);
    bytes = (uint64_t)c->n_sets * c->line_bytes * c->assoc;
    if (bytes > GS_MAX_CACHE_BYTES)
        return gs_fail_at(error, t->start[1], "cache of %u bytes is above the compiled maximum "
                          "GS_MAX_CACHE_BYTES = %u (tables/gs_limits.h)", (unsigned)bytes,
                          (unsigned)GS_MAX_CACHE_BYTES);
    if (c->sector && c->line_bytes != GS_CACHE_SECTORS * GS_CACHE_SECTOR_BYTES)
        return gs_fail_at(error, t->start[2], "sector cache needs 4 sectors of 32 bytes: "
                          "line size must be 128, not %u (spec/formats.md 2.1)",
                          (unsigned)c->line_bytes);
    return 1;
}

static int check_policies(const gs_cache_config *c, const cache_tokens *t,
                          gs_cache_error *error)
{
    int on_fill = c->alloc_policy != GS_ALLOC_ON_MISS;   /* 's' becomes on-fill */
    if (c->write_policy == GS_WRITE_BACK && on_fill)
        return gs_fail_at(error, t->start[6], "write-back with allocate-on-fill deadlocks; "
                          "rejected as in GPGPU-Sim (spec/formats.md 2.1)");
    if (on_fill && (c->write_alloc == GS_WA_FETCH_ON_WRITE
                    || c->write_alloc == GS_WA_LAZY_FETCH_ON_READ))
        return gs_fail_at(error, t->start[7], "write-allocate '%c' cannot be combined with "
                          "allocate-on-fill (spec/formats.md 2.1)",
                          field_letters[7][c->write_alloc]);
    if (c->set_index == GS_INDEX_FERMI && c->n_sets != 32u && c->n_sets != 64u)
        return gs_fail_at(error, t->start[8], "Fermi hash 'H' needs 32 or 64 sets, not %u "
                          "(spec/formats.md 2.2)", (unsigned)c->n_sets);
    if (c->set_index == GS_INDEX_IPOLY && c->n_sets < 2u)
        return gs_fail_at(error, t->start[8], "IPOLY hash 'P' needs at least 2 sets");
    return 1;
}

static int check_queues(const gs_cache_config *c, const cache_tokens *t,
                        gs_cache_error *error)
{
    int fifo = c->mshr_type == GS_MSHR_TEX_FIFO || c->mshr_type == GS_MSHR_SECTOR_TEX_FIFO;
    if (!check_count(t, 10, c->mshr_entries, GS_MAX_MSHR_ENTRIES, "GS_MAX_MSHR_ENTRIES", error)
        || !check_count(t, 11, c->mshr_max_merge, GS_MAX_MSHR_MERGE, "GS_MAX_MSHR_MERGE", error)
        || !check_count(t, 12, c->miss_queue_entries, GS_MAX_QUEUE_ENTRIES,
                        "GS_MAX_QUEUE_ENTRIES", error))
        return 0;
    if (fifo && t->count < 14u)
        return gs_fail_at(error, t->start[9], "texture FIFO MSHR '%c' needs the result FIFO field "
                          "(14 fields, spec/formats.md 2.1)", field_letters[9][c->mshr_type]);
    if (fifo && !check_count(t, 13, c->result_fifo_entries, GS_MAX_QUEUE_ENTRIES,
                             "GS_MAX_QUEUE_ENTRIES", error))
        return 0;
    if (!fifo && c->result_fifo_entries > GS_MAX_QUEUE_ENTRIES)
        return check_count(t, 13, c->result_fifo_entries, GS_MAX_QUEUE_ENTRIES,
                           "GS_MAX_QUEUE_ENTRIES", error);
    if (c->alloc_policy == GS_ALLOC_STREAMING
        && (uint64_t)c->n_sets * c->assoc * GS_CACHE_SECTORS > GS_MAX_MSHR_ENTRIES)
        return gs_fail_at(error, t->start[6], "streaming cache needs sets x assoc x 4 = %u MSHR "
                          "entries, above GS_MAX_MSHR_ENTRIES = %u (tables/gs_limits.h)",
                          (unsigned)(c->n_sets * c->assoc * GS_CACHE_SECTORS),
                          (unsigned)GS_MAX_MSHR_ENTRIES);
    if (t->count > 14u && (c->data_port_bytes == 0u || c->line_bytes % c->data_port_bytes))
        return gs_fail_at(error, t->start[14], "data port width %u must divide the line size %u "
                          "(spec/formats.md 2.1)", (unsigned)c->data_port_bytes,
                          (unsigned)c->line_bytes);
    return 1;
}

int gs_cache_parse(gs_cache_config *cache, const char *text, size_t length,
                   gs_cache_error *error)
{
    cache_tokens tokens;
    gs_cache_config parsed;
    uint32_t poly = cache->ipoly_poly;   /* set by its own option; keep it */
    memset(&parsed, 0, sizeof parsed);
    parsed.ipoly_poly = poly;
    if (length == 4u && memcmp(text, "none", 4u) == 0) {
        *cache = parsed;
        return 1;
    }
    if (!split_fields(text, length, &tokens, error)
        || !decode_letters(&parsed, text, &tokens, error)
        || !decode_numbers(&parsed, text, &tokens, error)
        || !check_geometry(&parsed, &tokens, error)
        || !check_policies(&parsed, &tokens, error)
        || !check_queues(&parsed, &tokens, error))
        return 0;
    parsed.enabled = 1;
    *cache = parsed;
    return 1;
}

size_t gs_cache_format(const gs_cache_config *c, char *out, size_t capacity)
{
    if (!c->enabled)
        return gs_fmt(out, capacity, "none");
    return gs_fmt(out, capacity, "%c:%u:%u:%u,%c:%c:%c:%c:%c,%c:%u:%u,%u:%u,%u",
                  field_letters[0][c->sector], (unsigned)c->n_sets, (unsigned)c->line_bytes,
                  (unsigned)c->assoc, field_letters[4][c->replacement],
                  field_letters[5][c->write_policy], field_letters[6][c->alloc_policy],
                  field_letters[7][c->write_alloc],
                  gs_index_ops_table[c->set_index]->cache_letter,
                  field_letters[9][c->mshr_type], (unsigned)c->mshr_entries,
                  (unsigned)c->mshr_max_merge, (unsigned)c->miss_queue_entries,
                  (unsigned)c->result_fifo_entries, (unsigned)c->data_port_bytes);
}

static uint32_t sets_log2(uint32_t n_sets)
{
    uint32_t log2 = 0;
    while ((1u << log2) < n_sets)
        log2++;
    return log2;
}

uint32_t gs_cache_effective_poly(const gs_cache_config *c)
{
    if (c->ipoly_poly)
        return c->ipoly_poly;
    return gs_ipoly_default_poly(sets_log2(c->n_sets));
}

int gs_cache_check_poly(const gs_cache_config *c, char *message, size_t capacity)
{
    uint32_t degree = sets_log2(c->n_sets), poly;
    if (!c->enabled || c->set_index != GS_INDEX_IPOLY) {
        message[0] = '\0';
        return 1;
    }
    if (degree < GS_IPOLY_DEGREE_MIN || degree > GS_IPOLY_DEGREE_MAX) {
        gs_fmt(message, capacity, "IPOLY hash needs 2 to %u sets, not %u",
               1u << GS_IPOLY_DEGREE_MAX, (unsigned)c->n_sets);
        return 0;
    }
    poly = gs_cache_effective_poly(c);
    if (gs_ipoly_degree(poly) != degree) {
        gs_fmt(message, capacity, "IPOLY polynomial 0x%x has degree %u, but %u sets need "
               "degree %u", (unsigned)poly, (unsigned)gs_ipoly_degree(poly),
               (unsigned)c->n_sets, (unsigned)degree);
        return 0;
    }
    if (!gs_ipoly_is_irreducible(poly)) {
        gs_fmt(message, capacity, "IPOLY polynomial 0x%x is reducible over GF(2); the hash "
               "needs an irreducible polynomial (spec/formats.md 2.2)", (unsigned)poly);
        return 0;
    }
    message[0] = '\0';
    return 1;
}

uint64_t gs_cache_bytes(const gs_cache_config *c)
{
    if (!c->enabled)
        return 0;
    return (uint64_t)c->n_sets * c->line_bytes * c->assoc;
}
