/*
 * The kernel header of a .traceg file (spec/formats.md section 1.2):
 * `-key = value` lines, then `#` comment lines, up to the first #BEGIN_TB.
 *
 * Decisions:
 *  - required keys: grid dim, block dim, shmem, nregs, binary version and
 *    accelsim tracer version (the timing model needs them all); a missing
 *    one is an error at the first #BEGIN_TB (or the end of the file);
 *  - keys this reader does not know are ignored (newer tracers add keys);
 *  - the `#traces format` comment is never parsed (formats.md 1.5: it lies);
 *  - tracer versions 3, 4, 5 are read; 6 and later (new fields) and 1, 2
 *    (raw per-line block ids) are rejected;
 *  - the binary version selects the opcode table (70 75 80 86 89 90); any
 *    other is an error (traces are SM-specific, formats.md 1.5);
 *  - `-enable lineinfo = 1` adds the line_num field from version 4 on;
 *  - a block is at most 1024 threads (CUDA's limit), every dimension >= 1.
 */
#include <string.h>

#include "base/fmt.h"
#include "trace/trace_internal.h"

enum {
    KEY_GRID = 1u << 0, KEY_BLOCK = 1u << 1, KEY_SHMEM = 1u << 2, KEY_NREGS = 1u << 3,
    KEY_BINARY = 1u << 4, KEY_VERSION = 1u << 5, KEYS_REQUIRED = (1u << 6) - 1u
};

typedef struct hdr_ctx {
    gs_trace *tr;
    const char *value;
    uint32_t value_length, column;
    gs_diag *diag;
} hdr_ctx;

const char *gs_trace_clip(char out[GS_TRACE_CLIP], const char *text, uint32_t length)
{
    if (length > GS_TRACE_CLIP - 1u)
        length = GS_TRACE_CLIP - 1u;
    memcpy(out, text, length);
    out[length] = '\0';
    return out;
}

int gs_trace_line_starts(const char *line, uint32_t length, const char *prefix)
{
    uint32_t n = (uint32_t)strlen(prefix);
    return length >= n && memcmp(line, prefix, n) == 0;
}

void gs_trace_trim(const char **line, uint32_t *length)
{
    while (*length && ((*line)[0] == ' ' || (*line)[0] == '\t')) {
        (*line)++;
        (*length)--;
    }
    while (*length && ((*line)[*length - 1u] == ' ' || (*line)[*length - 1u] == '\t'))
        (*length)--;
}

static gs_status bad_value(hdr_ctx *h, const char *what)
{
    char clip[GS_TRACE_CLIP];
    return gs_diag_set(h->diag, GS_E_TRACE, h->tr->kernel_path, h->tr->scan.line, h->column,
                       "%s, found '%s'", what, gs_trace_clip(clip, h->value, h->value_length));
}

static int value_u64(const hdr_ctx *h, uint64_t *v)
{
    return h->value_length > 0 && gs_parse_u64(h->value, h->value_length, v);
}

static gs_status value_u32(hdr_ctx *h, uint32_t *out)
{
    uint64_t v;
    if (!value_u64(h, &v) || v > 0xFFFFFFFFu)
        return bad_value(h, "expected an unsigned number");
    *out = (uint32_t)v;
    return GS_OK;
}

/* "(x,y,z)", each 1..2^31-1. */
static gs_status value_dim(hdr_ctx *h, gs_dim3 *d)
{
    uint32_t part[3], i, at = 1, start;
    const char *t = h->value;
    if (h->value_length < 7 || t[0] != '(' || t[h->value_length - 1u] != ')')
        return bad_value(h, "expected (x,y,z)");
    for (i = 0; i < 3u; i++) {
        uint64_t v;
        start = at;
        while (at < h->value_length - 1u && t[at] != ',')
            at++;
        if (!gs_parse_u64(t + start, at - start, &v) || v == 0 || v > 0x7FFFFFFFu
            || (i < 2u) != (t[at] == ','))
            return bad_value(h, "expected (x,y,z) with each dimension 1..2147483647");
        part[i] = (uint32_t)v;
        at++;
    }
    d->x = part[0];
    d->y = part[1];
    d->z = part[2];
    return GS_OK;
}

static gs_status key_version(hdr_ctx *h, gs_trace_kernel *k)
{
    gs_status st = value_u32(h, &k->tracer_version);
    if (st == GS_OK && (k->tracer_version < 3u || k->tracer_version > 5u))
        return gs_diag_set(h->diag, GS_E_TRACE, h->tr->kernel_path, h->tr->scan.line,
                           h->column, "accelsim tracer version %u is not supported "
                           "(versions 3, 4 and 5 are)", (unsigned)k->tracer_version);
    return st;
}

static gs_status key_binary(hdr_ctx *h, gs_trace_kernel *k)
{
    gs_status st = value_u32(h, &k->binary_version);
    if (st == GS_OK && (k->isa = gs_trace_isa(k->binary_version)) == NULL)
        return gs_diag_set(h->diag, GS_E_TRACE, h->tr->kernel_path, h->tr->scan.line,
                           h->column, "binary version %u has no opcode table (70, 75, 80, "
                           "86, 89 and 90 do; traces are SM-specific)",
                           (unsigned)k->binary_version);
    return st;
}

static gs_status key_name(hdr_ctx *h, gs_trace_kernel *k)
{
    uint32_t n = h->value_length;
    if (n >= GS_TRACE_NAME_MAX) {
        n = GS_TRACE_NAME_MAX - 4u;
        memcpy(k->name + n, "...", 4);
    } else {
        k->name[n] = '\0';
    }
    memcpy(k->name, h->value, n);
    return GS_OK;
}

/* Dispatch one `-key = value`; *seen collects the required keys. */
static gs_status header_key(hdr_ctx *h, const char *key, uint32_t key_length, uint32_t *seen)
{
    gs_trace_kernel *k = &h->tr->kernel;
    uint64_t v;
#define KEY_IS(text) (key_length == sizeof(text) - 1u && memcmp(key, text, key_length) == 0)
    if (KEY_IS("kernel name"))
        return key_name(h, k);
    if (KEY_IS("kernel id"))
        return value_u32(h, &k->id);
    if (KEY_IS("grid dim"))
        return *seen |= KEY_GRID, value_dim(h, &k->grid);
    if (KEY_IS("block dim"))
        return *seen |= KEY_BLOCK, value_dim(h, &k->block);
    if (KEY_IS("shmem"))
        return *seen |= KEY_SHMEM, value_u32(h, &k->shmem_bytes);
    if (KEY_IS("nregs"))
        return *seen |= KEY_NREGS, value_u32(h, &k->nregs);
    if (KEY_IS("binary version"))
        return *seen |= KEY_BINARY, key_binary(h, k);
    if (KEY_IS("accelsim tracer version"))
        return *seen |= KEY_VERSION, key_version(h, k);
    if (KEY_IS("enable lineinfo"))
        return value_u32(h, &k->lineinfo);
    if (KEY_IS("cuda stream id") || KEY_IS("shmem base_addr") || KEY_IS("local mem base_addr")) {
        if (!value_u64(h, &v))
            return bad_value(h, "expected a number");
        if (KEY_IS("cuda stream id"))
            k->cuda_stream = v;
        else if (KEY_IS("shmem base_addr"))
            k->shmem_base = v;
        else
            k->local_base = v;
    }
#undef KEY_IS
    return GS_OK;
}

static gs_status header_line(gs_trace *tr, const char *line, uint32_t length, uint32_t *seen,
                             gs_diag *diag)
{
    hdr_ctx h;
    uint32_t eq = 1;
    while (eq < length && line[eq] != '=')
        eq++;
    if (eq >= length)
        return gs_diag_set(diag, GS_E_TRACE, tr->kernel_path, tr->scan.line, 1,
                           "kernel header line is not '-key = value'");
    h.tr = tr;
    h.diag = diag;
    h.value = line + eq + 1u;
    h.value_length = length - eq - 1u;
    gs_trace_trim(&h.value, &h.value_length);
    h.column = (uint32_t)(h.value - line) + 1u;
    {
        const char *key = line + 1;
        uint32_t key_length = eq - 1u;
        gs_trace_trim(&key, &key_length);
        return header_key(&h, key, key_length, seen);
    }
}

static gs_status header_finish(gs_trace *tr, uint32_t seen, gs_diag *diag)
{
    static const char *const names[] = { "grid dim", "block dim", "shmem", "nregs",
                                         "binary version", "accelsim tracer version" };
    gs_trace_kernel *k = &tr->kernel;
    uint64_t threads = (uint64_t)k->block.x * k->block.y * k->block.z;
    uint32_t i;
    for (i = 0; i < 6u; i++)
        if (!(seen >> i & 1u))
            return gs_diag_set(diag, GS_E_TRACE, tr->kernel_path, tr->scan.line, 0,
                               "the kernel header lacks '-%s = ...'", names[i]);
    if (threads > 1024u)
        return gs_diag_set(diag, GS_E_TRACE, tr->kernel_path, 0, 0,
                           "block dim (%u,%u,%u) has more than 1024 threads",
                           (unsigned)k->block.x, (unsigned)k->block.y, (unsigned)k->block.z);
    k->warps_per_cta = (uint32_t)((threads + GS_WARP_SIZE - 1u) / GS_WARP_SIZE);
    k->num_ctas = (uint64_t)k->grid.x * k->grid.y * k->grid.z;
    k->lineinfo = k->tracer_version >= 4u && k->lineinfo != 0u;
    k->header_lines = tr->scan.line;
    return GS_OK;
}

gs_status gs_trace_read_header(gs_trace *tr, gs_diag *diag)
{
    uint32_t seen = 0;
    memset(&tr->kernel, 0, sizeof tr->kernel);
    tr->begin_seen = 0;
    for (;;) {
        const char *line;
        uint32_t length;
        gs_status st = gs_tstream_nonblank(&tr->scan, &line, &length, diag);
        if (st != GS_OK)
            return st;
        if (line == NULL)
            break;
        gs_trace_trim(&line, &length);
        if (gs_trace_line_starts(line, length, "#BEGIN_TB")) {
            tr->begin_seen = 1;
            break;
        }
        if (line[0] == '#')
            continue;
        if (line[0] != '-')
            return gs_diag_set(diag, GS_E_TRACE, tr->kernel_path, tr->scan.line, 1,
                               "expected a '-key = value' kernel header line or #BEGIN_TB");
        if ((st = header_line(tr, line, length, &seen, diag)) != GS_OK)
            return st;
    }
    return header_finish(tr, seen, diag);
}
