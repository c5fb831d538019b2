/*
 * Thread blocks and warp streams of an open kernel trace (spec/formats.md
 * section 1.2; design in trace/trace.h). gs_trace_cta_start scans the next
 * thread block once, checking its structure and counts and recording each
 * warp's first-instruction offset; gs_trace_warp_step then reads and decodes
 * that warp's lines through the warp's own stream, one line ahead.
 */
#include <string.h>

#include "base/bits.h"
#include "base/fmt.h"
#include "trace/trace_internal.h"

typedef struct scan_ctx {
    gs_trace *tr;
    gs_trace_cta *cta;
    gs_diag *diag;
    const char *line;
    uint32_t length;
    uint32_t last_warp, last_count;   /* the warp whose lines were skipped last */
} scan_ctx;

static gs_status scan_error(scan_ctx *c, const char *what)
{
    return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1, "%s",
                       what);
}

/* Next non-blank line, trimmed; line NULL at the end of the file. */
static gs_status scan_next(scan_ctx *c)
{
    gs_status st = gs_tstream_nonblank(&c->tr->scan, &c->line, &c->length, c->diag);
    if (st == GS_OK && c->line)
        gs_trace_trim(&c->line, &c->length);
    return st;
}

/* "<key> = <unsigned>" (key includes its trailing " ="). */
static int keyed_u32(const scan_ctx *c, const char *key, uint32_t *value)
{
    const char *t = c->line;
    uint32_t n = (uint32_t)strlen(key), length = c->length;
    uint64_t v;
    if (!gs_trace_line_starts(t, length, key))
        return 0;
    t += n;
    length -= n;
    gs_trace_trim(&t, &length);
    if (!gs_parse_u64(t, length, &v) || v > 0xFFFFFFFFu)
        return 0;
    *value = (uint32_t)v;
    return 1;
}

static int is_header_line(const scan_ctx *c)
{
    return c->line[0] == '#' || gs_trace_line_starts(c->line, c->length, "warp")
           || gs_trace_line_starts(c->line, c->length, "insts")
           || gs_trace_line_starts(c->line, c->length, "thread block")
           || gs_trace_line_starts(c->line, c->length, "cluster");
}

/* "thread block = x,y,z" inside the grid. */
static gs_status scan_block_id(scan_ctx *c)
{
    const gs_trace_kernel *k = &c->tr->kernel;
    uint32_t part[3] = { 0, 0, 0 }, i, at = 0, start;
    const char *t;
    uint32_t length;
    gs_status st = scan_next(c);
    if (st != GS_OK)
        return st;
    if (!c->line || !gs_trace_line_starts(c->line, c->length, "thread block"))
        return scan_error(c, "expected 'thread block = x,y,z' after #BEGIN_TB");
    t = c->line + 12;
    length = c->length - 12u;
    gs_trace_trim(&t, &length);
    if (length == 0 || t[0] != '=')
        return scan_error(c, "expected 'thread block = x,y,z'");
    at = 1;
    for (i = 0; i < 3u; i++) {
        uint64_t v;
        start = at;
        while (at < length && t[at] != ',')
            at++;
        {
            const char *f = t + start;
            uint32_t fl = at - start;
            gs_trace_trim(&f, &fl);
            if (!gs_parse_u64(f, fl, &v) || v > 0x7FFFFFFFu || (i < 2u) != (at < length))
                return scan_error(c, "expected 'thread block = x,y,z'");
        }
        part[i] = (uint32_t)v;
        at++;
    }
    if (part[0] >= k->grid.x || part[1] >= k->grid.y || part[2] >= k->grid.z)
        return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                           "thread block %u,%u,%u is outside the grid (%u,%u,%u)",
                           (unsigned)part[0], (unsigned)part[1], (unsigned)part[2],
                           (unsigned)k->grid.x, (unsigned)k->grid.y, (unsigned)k->grid.z);
    c->cta->ctaid.x = part[0];
    c->cta->ctaid.y = part[1];
    c->cta->ctaid.z = part[2];
    return GS_OK;
}

/* Give warp `id` a stream at the scanner's position, `count` instructions. */
static gs_status open_warp(scan_ctx *c, uint32_t id, uint32_t count)
{
    gs_trace *tr = c->tr;
    gs_trace_warp *w;
    uint32_t index;
    if (tr->num_free == 0)
        return gs_diag_set(c->diag, GS_E_LIMIT, tr->kernel_path, tr->scan.line, 1,
                           "more than %u warp streams open at once (raise %s)",
                           (unsigned)tr->p.max_open_warps, GS_TRACE_OPEN_WARPS_OPTION);
    index = tr->free_warps[--tr->num_free];
    w = &tr->pool[index];
    w->s.buf = tr->warp_bufs + (size_t)index * gs_arena_round(tr->p.warp_buffer_bytes);
    gs_tstream_init(&w->s, tr->io, tr->scan.handle, tr->kernel_path, w->s.buf,
                    tr->p.warp_buffer_bytes, "raise " GS_TRACE_WARP_BUFFER_OPTION);
    gs_tstream_seek(&w->s, gs_tstream_offset(&tr->scan), tr->scan.line);
    w->warp_id = id;
    w->left = count;
    w->has_next = 0;
    c->cta->warps[id] = w;
    return GS_OK;
}

/* Skip the `count` instruction lines of warp `id`, which must all be there. */
static gs_status skip_insts(scan_ctx *c, uint32_t id, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        gs_status st = scan_next(c);
        if (st != GS_OK)
            return st;
        if (!c->line || is_header_line(c))
            return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                               "count mismatch: warp %u has 'insts = %u' but only %u "
                               "instruction lines", (unsigned)id, (unsigned)count, (unsigned)i);
        /* Some specialized-unit kind has no unit: decode while scanning, so
         * the refusal names the first such line in file order, whatever
         * order the timing model would reach it in (trace.h spec_missing). */
        if (c->tr->kernel.spec_missing != 0) {
            gs_inst probe;
            st = gs_trace_decode(&c->tr->kernel, c->line, c->length, c->tr->kernel_path,
                                 c->tr->scan.line, &probe, c->diag);
            if (st != GS_OK)
                return st;
        }
    }
    return GS_OK;
}

static gs_status scan_warp(scan_ctx *c, uint32_t *present)
{
    uint32_t id, count;
    gs_status st;
    if (!keyed_u32(c, "warp =", &id)) {
        if (c->last_count != ~0u && !is_header_line(c))
            return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                               "count mismatch: warp %u has more instruction lines than "
                               "'insts = %u'", (unsigned)c->last_warp,
                               (unsigned)c->last_count);
        return scan_error(c, "expected 'warp = N', 'cluster ...' or #END_TB");
    }
    if (id >= c->cta->num_warps || (*present >> id & 1u))
        return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                           "warp %u is %s (the block has %u warps)", (unsigned)id,
                           id >= c->cta->num_warps ? "out of range" : "repeated",
                           (unsigned)c->cta->num_warps);
    *present |= 1u << id;
    if ((st = scan_next(c)) != GS_OK)
        return st;
    if (!c->line || !keyed_u32(c, "insts =", &count))
        return scan_error(c, "expected 'insts = N' after 'warp ='");
    if (count == 0)   /* decision: a traced warp executes at least its EXIT */
        return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                           "count mismatch: warp %u has 'insts = 0' (every traced warp "
                           "ends with an EXIT)", (unsigned)id);
    if ((st = open_warp(c, id, count)) != GS_OK)
        return st;
    c->last_warp = id;
    c->last_count = count;
    return skip_insts(c, id, count);
}


static gs_status scan_block_body(scan_ctx *c)
{
    uint32_t present = 0, all = c->cta->num_warps == 32u ? 0xFFFFFFFFu
                                                          : (1u << c->cta->num_warps) - 1u;
    for (;;) {
        gs_status st = scan_next(c);
        if (st != GS_OK)
            return st;
        if (!c->line)
            return scan_error(c, "the file ends inside a thread block (missing #END_TB)");
        if (gs_trace_line_starts(c->line, c->length, "#END_TB"))
            break;
        if (gs_trace_line_starts(c->line, c->length, "cluster"))
            continue;
        if ((st = scan_warp(c, &present)) != GS_OK)
            return st;
    }
    if (present != all)
        return gs_diag_set(c->diag, GS_E_TRACE, c->tr->kernel_path, c->tr->scan.line, 1,
                           "count mismatch: thread block lists %u of its %u warps",
                           (unsigned)gs_popcount32(present), (unsigned)c->cta->num_warps);
    return GS_OK;
}

/* Find the next #BEGIN_TB; *found 0 at the end of the file (counts checked). */
static gs_status find_begin(scan_ctx *c, int *found)
{
    gs_trace *tr = c->tr;
    gs_status st;
    *found = 1;
    if (tr->begin_seen) {
        tr->begin_seen = 0;
    } else {
        if ((st = scan_next(c)) != GS_OK)
            return st;
        if (c->line && !gs_trace_line_starts(c->line, c->length, "#BEGIN_TB"))
            return scan_error(c, "expected #BEGIN_TB");
        *found = c->line != NULL;
    }
    if (*found && tr->kernel.ctas_started == tr->kernel.num_ctas)
        return gs_diag_set(c->diag, GS_E_TRACE, tr->kernel_path, tr->scan.line, 1,
                           "count mismatch: more thread blocks than the grid's %u",
                           (unsigned)tr->kernel.num_ctas);
    if (!*found && tr->kernel.ctas_started != tr->kernel.num_ctas)
        return gs_diag_set(c->diag, GS_E_TRACE, tr->kernel_path, tr->scan.line, 0,
                           "count mismatch: the file has %u thread blocks, the grid %u",
                           (unsigned)tr->kernel.ctas_started, (unsigned)tr->kernel.num_ctas);
    return GS_OK;
}

gs_status gs_trace_cta_start(gs_trace *tr, gs_trace_cta *cta, int *started, gs_diag *diag)
{
    scan_ctx c;
    gs_status st;
    int found;
    GS_ASSERT(tr->kernel_open);
    memset(cta, 0, sizeof *cta);
    c.tr = tr;
    c.cta = cta;
    c.diag = diag;
    c.last_warp = 0;
    c.last_count = ~0u;
    *started = 0;
    if ((st = find_begin(&c, &found)) != GS_OK || !found)
        return st;
    cta->index = tr->kernel.ctas_started;
    cta->num_warps = tr->kernel.warps_per_cta;
    if ((st = scan_block_id(&c)) == GS_OK)
        st = scan_block_body(&c);
    if (st != GS_OK) {
        gs_trace_cta_finish(tr, cta);
        return st;
    }
    cta->live_warps = cta->num_warps;
    tr->kernel.ctas_started++;
    *started = 1;
    return GS_OK;
}

void gs_trace_cta_finish(gs_trace *tr, gs_trace_cta *cta)
{
    uint32_t i;
    for (i = 0; i < GS_TRACE_MAX_CTA_WARPS; i++)
        if (cta->warps[i]) {
            tr->free_warps[tr->num_free++] = (uint32_t)(cta->warps[i] - tr->pool);
            cta->warps[i] = 0;
        }
    cta->live_warps = 0;
}

static gs_status read_inst(gs_trace *tr, gs_trace_warp *w, gs_inst *out, gs_diag *diag)
{
    const char *line;
    uint32_t length;
    gs_status st = gs_tstream_nonblank(&w->s, &line, &length, diag);
    if (st != GS_OK)
        return st;
    if (!line)
        return gs_diag_set(diag, GS_E_TRACE, tr->kernel_path, w->s.line, 0,
                           "unexpected end of file in warp %u", (unsigned)w->warp_id);
    return gs_trace_decode(&tr->kernel, line, length, tr->kernel_path, w->s.line, out, diag);
}

gs_status gs_trace_warp_pc(gs_trace *tr, gs_trace_cta *cta, uint32_t warp, uint32_t *pc,
                           gs_diag *diag)
{
    gs_trace_warp *w = cta->warps[warp];
    gs_status st;
    GS_ASSERT(w != 0 && w->left > 0);
    if (!w->has_next) {
        if ((st = read_inst(tr, w, &w->next, diag)) != GS_OK)
            return st;
        w->has_next = 1;
    }
    *pc = w->next.pc;
    return GS_OK;
}

gs_status gs_trace_warp_step(gs_trace *tr, gs_trace_cta *cta, uint32_t warp, gs_inst *out,
                             gs_diag *diag)
{
    gs_trace_warp *w = cta->warps[warp];
    gs_status st = GS_OK;
    GS_ASSERT(w != 0 && w->left > 0);
    if (!w->has_next && (st = read_inst(tr, w, &w->next, diag)) != GS_OK)
        return st;
    *out = w->next;
    w->has_next = 0;
    if (--w->left > 0) {
        st = read_inst(tr, w, &w->next, diag);
        w->has_next = st == GS_OK;
        out->next_pc = w->next.pc;
    } else {
        out->next_pc = out->pc + 16u;   /* decision: the warp's last instruction */
        cta->live_warps--;
    }
    return st;
}
