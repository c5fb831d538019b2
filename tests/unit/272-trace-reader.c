/*
 * The streaming trace reader (src/trace/trace.c, trace_cta.c,
 * trace_stream.c; spec/formats.md 1.1-1.2) over an in-memory gs_trace_io,
 * as a bare-metal port would serve it: kernel list commands, header, thread
 * blocks in file order, warps read concurrently through their own streams
 * (tiny buffers and 3-byte reads exercise every refill path), next_pc
 * look-ahead, and the pool/line limits.
 */
#include <string.h>

#include "check.h"
#include "trace/trace.h"

static const char list_text[] =
    "MemcpyHtoD,0x0000000000001000,512\n"
    "ignored line\n"
    "\n"
    "kernel-1.traceg\n";

static const char kernel_text[] =
    "-kernel name = _Z4miniPf\r\n"
    "-kernel id = 1\n"
    "-grid dim = (2,1,1)\n"
    "-block dim = (40,1,1)\n"
    "-shmem = 0\n"
    "-nregs = 12\n"
    "-binary version = 90\n"
    "-accelsim tracer version = 5\n"
    "-enable lineinfo = 0\n"
    "\n"
    "#traces format = [line_num] PC mask ...\n"
    "#BEGIN_TB\n"
    "thread block = 1,0,0\n"
    "warp = 0\n"
    "insts = 3\n"
    "0000 ffffffff 1 R1 MOV 0 0 0\n"
    "\n"
    "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4 0\n"
    "0020 ffffffff 0 EXIT 0 0 0\n"
    "warp = 1\n"
    "insts = 2\n"
    "0000 000000ff 1 R1 MOV 0 0 0\n"
    "0020 000000ff 0 EXIT 0 0 0\n"
    "#END_TB\n"
    "#BEGIN_TB\n"
    "thread block = 0,0,0\n"
    "warp = 1\n"
    "insts = 1\n"
    "0020 000000ff 0 EXIT 0 0 0\n"
    "warp = 0\n"
    "insts = 1\n"
    "0020 ffffffff 0 EXIT 0 0 0\n"
    "#END_TB\n";

typedef struct mem_files {
    uint32_t chunk;      /* most bytes one read_at returns */
    uint32_t opened, closed;
} mem_files;

static const char *file_text(uint32_t handle)
{
    return handle == 0 ? list_text : kernel_text;
}

static int mem_open(void *context, const char *path, uint32_t *handle)
{
    mem_files *m = (mem_files *)context;
    size_t n = strlen(path);
    m->opened++;
    if (strcmp(path, "dir/kernelslist.g") == 0)
        *handle = 0;
    else if (n > 0 && strcmp(path, "dir/kernel-1.traceg") == 0)
        *handle = 1;
    else
        return 1;
    return 0;
}

static int mem_read_at(void *context, uint32_t handle, uint64_t offset, uint8_t *buffer,
                       uint32_t capacity, uint32_t *got)
{
    const mem_files *m = (const mem_files *)context;
    const char *text = file_text(handle);
    uint64_t size = strlen(text);
    uint64_t n = offset >= size ? 0 : size - offset;
    if (n > capacity)
        n = capacity;
    if (n > m->chunk)
        n = m->chunk;
    memcpy(buffer, text + offset, (size_t)n);
    *got = (uint32_t)n;
    return 0;
}

static void mem_close(void *context, uint32_t handle)
{
    (void)handle;
    ((mem_files *)context)->closed++;
}

static uint64_t arena_store[1u << 15];

typedef struct reader {
    mem_files files;
    gs_trace_io io;
    gs_trace tr;
    gs_arena arena;
    gs_diag diag;
} reader;

static gs_status open_reader(reader *r, uint32_t chunk, uint32_t warps, uint32_t buffer)
{
    gs_trace_params p;
    memset(r, 0, sizeof *r);
    r->files.chunk = chunk;
    r->io.context = &r->files;
    r->io.open = mem_open;
    r->io.read_at = mem_read_at;
    r->io.close = mem_close;
    gs_trace_default_params(&p, warps);
    p.warp_buffer_bytes = buffer;
    p.scan_buffer_bytes = buffer;
    GS_CHECK(gs_trace_bytes(&p) <= sizeof arena_store);
    gs_arena_init(&r->arena, arena_store, sizeof arena_store);
    return gs_trace_open(&r->tr, &p, &r->io, "dir/kernelslist.g", &r->arena, &r->diag);
}

static void check_whole_run(uint32_t chunk, uint32_t buffer)
{
    static reader r;
    gs_trace_cmd cmd;
    gs_trace_cta cta;
    gs_inst in;
    int started;
    GS_CHECK_EQ(GS_OK, open_reader(&r, chunk, 4, buffer));
    GS_CHECK_EQ(GS_OK, gs_trace_next(&r.tr, &cmd, &r.diag));
    GS_CHECK_EQ(GS_TRACE_MEMCPY, cmd.kind);
    GS_CHECK_EQ(0x1000, cmd.addr);
    GS_CHECK_EQ(512, cmd.bytes);
    GS_CHECK_EQ(GS_OK, gs_trace_next(&r.tr, &cmd, &r.diag));
    GS_CHECK_EQ(GS_TRACE_KERNEL, cmd.kind);
    GS_CHECK_STR("_Z4miniPf", r.tr.kernel.name);
    GS_CHECK_EQ(2, r.tr.kernel.warps_per_cta);
    GS_CHECK_EQ(2, r.tr.kernel.num_ctas);
    /* first block in file order is (1,0,0); its warps interleave */
    GS_CHECK_EQ(GS_OK, gs_trace_cta_start(&r.tr, &cta, &started, &r.diag));
    GS_CHECK_EQ(1, started);
    GS_CHECK_EQ(1, cta.ctaid.x);
    GS_CHECK_EQ(GS_OK, gs_trace_warp_step(&r.tr, &cta, 1, &in, &r.diag));
    GS_CHECK_EQ(0xFF, in.active_mask);
    GS_CHECK_EQ(0x20, in.next_pc);
    GS_CHECK_EQ(GS_OK, gs_trace_warp_step(&r.tr, &cta, 0, &in, &r.diag));
    GS_CHECK_EQ(0x10, in.next_pc);
    GS_CHECK_EQ(GS_OK, gs_trace_warp_step(&r.tr, &cta, 0, &in, &r.diag));
    GS_CHECK_EQ(0x1008, in.addr[2]);
    GS_CHECK_EQ(0x20, in.next_pc);
    GS_CHECK_EQ(GS_OK, gs_trace_warp_step(&r.tr, &cta, 1, &in, &r.diag));
    GS_CHECK_EQ(0x30, in.next_pc);      /* last instruction: pc + 16 */
    GS_CHECK(gs_trace_warp_done(&cta, 1));
    GS_CHECK(!gs_trace_warp_done(&cta, 0));
    GS_CHECK_EQ(GS_OK, gs_trace_warp_step(&r.tr, &cta, 0, &in, &r.diag));
    GS_CHECK_EQ(GS_INST_EXIT, in.flags);
    GS_CHECK_EQ(0, cta.live_warps);
    gs_trace_cta_finish(&r.tr, &cta);
    GS_CHECK_EQ(GS_OK, gs_trace_cta_start(&r.tr, &cta, &started, &r.diag));
    GS_CHECK_EQ(1, started);
    GS_CHECK_EQ(0, cta.ctaid.x);
    gs_trace_cta_finish(&r.tr, &cta);   /* a block may end early (not all read) */
    GS_CHECK_EQ(GS_OK, gs_trace_cta_start(&r.tr, &cta, &started, &r.diag));
    GS_CHECK_EQ(0, started);
    GS_CHECK_EQ(GS_OK, gs_trace_next(&r.tr, &cmd, &r.diag));
    GS_CHECK_EQ(GS_TRACE_END, cmd.kind);
    gs_trace_close(&r.tr);
    GS_CHECK_EQ(2, r.files.opened);
    GS_CHECK_EQ(2, r.files.closed);
}

static void test_large_buffers(void)
{
    check_whole_run(1u << 20, 4096);
}

static void test_tiny_reads_and_buffers(void)
{
    check_whole_run(3, GS_TRACE_MIN_LINE_BUFFER);
}

static void test_pool_limit(void)
{
    static reader r;
    gs_trace_cmd cmd;
    gs_trace_cta cta;
    int started;
    GS_CHECK_EQ(GS_OK, open_reader(&r, 64, 1, 4096));
    GS_CHECK_EQ(GS_OK, gs_trace_next(&r.tr, &cmd, &r.diag));
    GS_CHECK_EQ(GS_OK, gs_trace_next(&r.tr, &cmd, &r.diag));
    GS_CHECK_EQ(GS_E_LIMIT, gs_trace_cta_start(&r.tr, &cta, &started, &r.diag));
    GS_CHECK_STR("more than 1 warp streams open at once (raise -gs_trace_open_warps)",
                 r.diag.message);
    GS_CHECK_EQ(21, r.diag.line);   /* at 'insts = 2' of warp 1 */
    GS_CHECK_EQ(1, r.tr.num_free);      /* the failed block gave its stream back */
    gs_trace_close(&r.tr);
}

static void test_missing_list(void)
{
    static reader r;
    gs_trace_params p;
    memset(&r, 0, sizeof r);
    r.files.chunk = 16;
    r.io.context = &r.files;
    r.io.open = mem_open;
    r.io.read_at = mem_read_at;
    r.io.close = mem_close;
    gs_trace_default_params(&p, 2);
    gs_arena_init(&r.arena, arena_store, sizeof arena_store);
    GS_CHECK_EQ(GS_E_IO, gs_trace_open(&r.tr, &p, &r.io, "nowhere/kernelslist.g", &r.arena,
                                      &r.diag));
    GS_CHECK_STR("nowhere/kernelslist.g", r.diag.file);
}

int main(void)
{
    GS_RUN(test_large_buffers);
    GS_RUN(test_tiny_reads_and_buffers);
    GS_RUN(test_pool_limit);
    GS_RUN(test_missing_list);
    return gs_check_report();
}
