/*
 * The Accel-Sim SASS trace front end (spec/formats.md section 1; issue 7;
 * DESIGN.md section 3: "the trace front end makes [a gs_inst] by reading the
 * next trace record").
 *
 * Input: a `kernelslist.g` (MemcpyHtoD lines and kernel lines; every other
 * line ignored, formats.md 1.1) naming `kernel-N.traceg` files, tracer
 * versions 3, 4 and 5 (formats.md 1.2, 1.3). Traces reach hundreds of MB
 * (formats.md 1.5), so everything is STREAMED with fixed buffers from the
 * arena; no file is ever held whole:
 *   - the host supplies file access through gs_trace_io (open / read-at /
 *     close): the hosted CLI implements it with stdio, a bare-metal port can
 *     serve the bytes from memory; the library never calls stdio;
 *   - one "scanner" stream (params.scan_buffer_bytes) reads the kernel list
 *     and, per kernel, the header and then the thread blocks in file order;
 *   - a .traceg stores the warps of a thread block one after the other, but
 *     the core runs them concurrently. Starting a CTA (gs_trace_cta_start)
 *     makes the scanner walk that thread block once: it checks the structure
 *     and counts (`insts = N` against the lines present) and records, per
 *     warp, the file offset and line number of its first instruction. Each
 *     warp then reads its own lines through its own stream: a fixed buffer
 *     (params.warp_buffer_bytes, which bounds the longest line) refilled by
 *     read-at at that warp's offset. So a thread block is read twice (once
 *     scanned, once decoded) and memory is
 *         scan buffer + max_open_warps x (warp buffer + one gs_inst),
 *     independent of trace length;
 *   - warp streams come from a pool of params.max_open_warps (the timing
 *     model: resident warps; the functional counter: one CTA's warps).
 *
 * Each instruction line is decoded into a gs_inst: PC, active mask, dest and
 * source registers for the scoreboard (R255 = RZ is no dependency), unit /
 * latency class / memory space from tables/opcodes.c (gen/opcodes.py) for the
 * kernel's `-binary version`, access width derived from the opcode as
 * Accel-Sim does (formats.md 1.3), per-lane addresses from compression
 * modes 0, 1 and 2. A warp decodes one line ahead, so next_pc is the PC the
 * warp really continues at (the last instruction: pc + 16).
 *
 * Errors (GS_E_TRACE): `file:line:col: error: ...` for malformed lines,
 * headers, counts, unknown opcodes and unsupported tracer versions; GS_E_IO
 * when a file cannot be opened or read; GS_E_LIMIT when a pool or buffer is
 * too small (naming the option to raise).
 */
#ifndef GS_TRACE_TRACE_H
#define GS_TRACE_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/inst.h"
#include "base/status.h"
#include "opcodes.h"

#define GS_TRACE_PATH_MAX 512u
#define GS_TRACE_NAME_MAX 256u      /* kernel name kept (longer names are cut, marked "...") */
#define GS_TRACE_MAX_CTA_WARPS 32u  /* 1024 threads per block (CUDA limit) */
#define GS_TRACE_MIN_LINE_BUFFER 256u

/* Options that size the reader (named in GS_E_LIMIT errors). */
#define GS_TRACE_WARP_BUFFER_OPTION "-gs_trace_line_bytes"
#define GS_TRACE_OPEN_WARPS_OPTION "-gs_trace_open_warps"

/* Host file access. Handles are the host's; the library only passes them back. */
typedef struct gs_trace_io {
    void *context;
    /* 0 and *handle set, or nonzero when the file cannot be opened. */
    int (*open)(void *context, const char *path, uint32_t *handle);
    /* Read up to `capacity` bytes at byte `offset`; *got = bytes read (0 at end
     * of file). 0, or nonzero on a read error. */
    int (*read_at)(void *context, uint32_t handle, uint64_t offset, uint8_t *buffer,
                   uint32_t capacity, uint32_t *got);
    void (*close)(void *context, uint32_t handle);
} gs_trace_io;

typedef struct gs_trace_params {
    uint32_t max_open_warps;      /* warp streams open at once */
    uint32_t warp_buffer_bytes;   /* per warp stream; the longest instruction line */
    uint32_t scan_buffer_bytes;   /* kernel list and thread-block scanner */
} gs_trace_params;

/* A line reader over read_at with a fixed buffer. */
typedef struct gs_trace_stream {
    const gs_trace_io *io;
    uint32_t handle;
    const char *file;             /* for diagnostics */
    const char *remedy;           /* what to do about a too-long line */
    uint8_t *buf;
    uint32_t cap, pos, len;
    uint64_t base;                /* file offset of buf[0] */
    uint32_t line;                /* number of the line last returned */
    uint8_t eof;
} gs_trace_stream;

/* The kernel header (formats.md 1.2). */
typedef struct gs_trace_kernel {
    char name[GS_TRACE_NAME_MAX];
    uint32_t id;
    gs_dim3 grid, block;
    uint32_t shmem_bytes, nregs;
    uint32_t binary_version, tracer_version, lineinfo;
    uint64_t cuda_stream, shmem_base, local_base;
    const gs_sass_isa *isa;
    uint32_t warps_per_cta;
    uint64_t num_ctas;            /* grid x * y * z */
    uint64_t ctas_started;        /* thread blocks scanned so far */
    uint32_t header_lines;
    uint32_t spec_missing;        /* bit k: no unit runs gs_spec_kind k; decoding such an
                                     opcode is refused (set by the timing front end) */
} gs_trace_kernel;

/* One warp's instruction stream. */
typedef struct gs_trace_warp {
    gs_trace_stream s;
    uint32_t warp_id;
    uint32_t left;                /* instructions not yet handed out */
    uint8_t has_next;
    gs_inst next;                 /* decoded one line ahead */
} gs_trace_warp;

typedef struct gs_trace_cta {
    uint64_t index;               /* thread block number in file order */
    gs_dim3 ctaid;                /* `thread block = x,y,z` */
    uint32_t num_warps;           /* warps per CTA (block dim) */
    uint32_t live_warps;          /* warps with instructions left */
    gs_trace_warp *warps[GS_TRACE_MAX_CTA_WARPS];
} gs_trace_cta;

typedef enum gs_trace_cmd_kind {
    GS_TRACE_END = 0,
    GS_TRACE_MEMCPY,              /* MemcpyHtoD,<addr>,<bytes> */
    GS_TRACE_KERNEL               /* kernel opened: see gs_trace.kernel */
} gs_trace_cmd_kind;

typedef struct gs_trace_cmd {
    uint32_t kind;                /* gs_trace_cmd_kind */
    uint64_t addr, bytes;         /* MEMCPY */
} gs_trace_cmd;

typedef struct gs_trace {
    gs_trace_params p;
    const gs_trace_io *io;
    char list_path[GS_TRACE_PATH_MAX];
    char kernel_path[GS_TRACE_PATH_MAX];
    size_t dir_length;            /* folder prefix of list_path, '/' included */
    gs_trace_stream list;         /* kernelslist.g */
    gs_trace_stream scan;         /* the open kernel file */
    uint8_t list_open, kernel_open;
    uint8_t begin_seen;           /* the scanner has read the next #BEGIN_TB */
    gs_trace_kernel kernel;
    gs_trace_warp *pool;          /* [max_open_warps] */
    uint32_t *free_warps;         /* stack of pool indexes */
    uint8_t *warp_bufs;           /* [max_open_warps] line buffers, one stride apart: a
                                   * stream takes its buffer when it opens, so the pages
                                   * of streams never opened are never touched */
    uint32_t num_free;
    uint32_t commands;            /* kernels and memcpys the list gave so far */
    uint32_t ignored_lines;       /* list lines that are neither those nor a # comment */
    uint32_t first_ignored_line;  /* the first of them, 1-based (0: none) */
} gs_trace;

size_t gs_trace_bytes(const gs_trace_params *p);
/* Defaults: 1024-byte lines, 64 KiB scanner; max_open_warps as given. */
void gs_trace_default_params(gs_trace_params *p, uint32_t max_open_warps);

/* List lines skipped as neither a command nor a # comment (Accel-Sim skips
 * them too): how many, and the first one's line; a front end warns. */
uint32_t gs_trace_ignored_lines(const gs_trace *tr, uint32_t *first_line);
/* Open the kernel list at `list_path` (kernel files are relative to its folder). */
gs_status gs_trace_open(gs_trace *tr, const gs_trace_params *p, const gs_trace_io *io,
                        const char *list_path, gs_arena *arena, gs_diag *diag);
/* The next command of the list. GS_TRACE_KERNEL opens the kernel file and
 * parses its header into tr->kernel (the previous kernel must be finished:
 * all its CTAs ended and gs_trace_cta_start reported the end). */
gs_status gs_trace_next(gs_trace *tr, gs_trace_cmd *cmd, gs_diag *diag);
/* Start the next thread block of the open kernel in file order. *started = 0
 * when the kernel has no more (the file's block count was then checked
 * against the grid, and the kernel file closed). */
gs_status gs_trace_cta_start(gs_trace *tr, gs_trace_cta *cta, int *started, gs_diag *diag);
/* The next instruction of warp `warp` of the CTA (it must have one left). */
gs_status gs_trace_warp_step(gs_trace *tr, gs_trace_cta *cta, uint32_t warp, gs_inst *out,
                             gs_diag *diag);
/* The PC of warp `warp`'s next instruction (it must have one left), read
 * ahead without consuming it (the timing core's fetch stage). */
gs_status gs_trace_warp_pc(gs_trace *tr, gs_trace_cta *cta, uint32_t warp, uint32_t *pc,
                           gs_diag *diag);
static inline int gs_trace_warp_done(const gs_trace_cta *cta, uint32_t warp)
{
    return cta->warps[warp] == 0 || cta->warps[warp]->left == 0;
}
/* Return the CTA's warp streams to the pool. */
void gs_trace_cta_finish(gs_trace *tr, gs_trace_cta *cta);
void gs_trace_close(gs_trace *tr);

/* Decode one instruction line of kernel k (exposed for tests). */
gs_status gs_trace_decode(const gs_trace_kernel *k, const char *line, uint32_t length,
                          const char *file, uint32_t line_no, gs_inst *out, gs_diag *diag);
/* The opcode map of a binary version, or NULL. */
const gs_sass_isa *gs_trace_isa(uint32_t binary_version);
/* The entry of a base mnemonic, or NULL. */
const gs_sass_op *gs_trace_find_op(const gs_sass_isa *isa, const char *name, size_t length);
/* Bytes per lane of a memory opcode (formats.md 1.3). */
uint32_t gs_trace_access_bytes(const char *opcode, size_t length);

/* Fold a decoded instruction into a running hash (fixed byte order). */
uint64_t gs_trace_hash_inst(uint64_t state, const gs_inst *inst);

#endif
