/*
 * Workload files: host programs that need no C (DESIGN.md sections 2 and 8).
 *
 * A workload file names PTX modules, device buffers with their sizes and
 * initialisers, a sequence of kernel launches (with an optional host loop
 * that repeats launches until a device word reaches a value, as BFS does),
 * and the buffers whose contents go into the run's digest. The full syntax
 * is documented in README.md ("Workload files"); in short:
 *
 *     # comment
 *     ptx PATH
 *     buffer NAME TYPE COUNT zero | const value=V | iota [start=V] [step=V]
 *                           | random seed=S min=A max=B | file path=P
 *     graph OFFSETS EDGES nodes=N degree=LO..HI seed=S [layout=csr|nodes]
 *     csr ROWPTR COLS VALUES rows=R cols=C nnz=LO..HI seed=S [min=A] [max=B]
 *     set NAME[INDEX] = VALUE
 *     launch KERNEL grid=X[,Y[,Z]] block=X[,Y[,Z]] [shared=BYTES] [cooperative] ARG...
 *                             cooperative: cudaLaunchCooperativeKernel (grid sync)
 *     host ROUTINE ARG...     a host routine (host/routine.h) on the host, between kernels
 *     repeat max=N until NAME[INDEX] == VALUE      (or !=)
 *       set ... / launch ...
 *     end
 *     for VAR = FIRST..LAST                        (counts down if FIRST > LAST)
 *       launch ... grid=$VAR ... s32:$VAR          ($VAR: a grid/block dimension
 *     end                                           or an integer scalar argument)
 *     output NAME...
 *     texture NAME BUFFER dims=W[,H[,D]] format=F [layers=N] [resource=array|linear|pitch2d]
 *             [pitch=BYTES] [filter=point|linear] [address=M[,M[,M]]]
 *             [coords=unnormalized|normalized] [read=element|normalized] [border=V]
 *     surface NAME BUFFER dims=W[,H[,D]] format=F [layers=N]
 *     bind REF NAME           bind every module's .texref/.surfref REF to NAME (a step)
 *
 * A texture or surface is an object over a buffer's bytes (texels
 * row-major, exec/texture.h); its NAME as a launch argument passes its
 * handle (cudaTextureObject_t / cudaSurfaceObject_t). F is u8 s8 u16 s16
 * u32 s32 f16 f32, with x2 or x4 for 2 or 4 channels (u8x4).
 *
 * TYPE is u8 u16 u32 s32 u64 s64 f32. A launch ARG is a buffer name (its
 * device address, 64 bits) or a typed scalar TYPE:VALUE (u32:4096,
 * f32:0.5, f32:0f3F000000). Integer literals are decimal or 0x hex; f32
 * literals are decimals (nearest f32, ties to even) or PTX-style 0fXXXXXXXX.
 *
 * The parser is library code: no allocation (a gs_workload has fixed
 * capacities, below), sizes known before anything runs, errors as
 * file:line:col diagnostics (GS_E_WORKLOAD). Files (PTX, `file`
 * initialisers) are read at run time through a callback the host supplies.
 */
#ifndef GS_HOST_WORKLOAD_H
#define GS_HOST_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "base/stats.h"
#include "base/status.h"
#include "host/datagen.h"
#include "host/host.h"

/* Compiled capacities of one workload (an error names the one exceeded). */
#define GS_WL_MAX_PTX 4u
#define GS_WL_MAX_BUFFERS 32u
#define GS_WL_MAX_STEPS 64u
#define GS_WL_MAX_ARGS 16u
#define GS_WL_MAX_OUTPUTS 32u
#define GS_WL_MAX_TEXTURES 16u         /* texture and surface lines */
#define GS_WL_MAX_WORDS 48u            /* words on one line */
#define GS_WL_NAME_MAX 32u             /* buffer, routine and loop names, NUL included */
/* Kernel names: PTX puts no limit on a name and C++ mangled names run to
 * hundreds of characters, so a launch's kernel name (up to
 * GS_KERNEL_NAME_MAX - 1 characters, base/stats.h) lives in the workload's
 * pool of kernel names, each distinct name once. */
#define GS_WL_KERNEL_NAMES_BYTES 4096u
#define GS_WL_PATH_MAX 128u            /* paths, NUL included */
#define GS_WL_BUFFER_BYTES_MAX (1ull << 30)
/* All buffers of a workload together: 3 GiB, what the device's 4 GiB address
 * space holds above the windows below its heap (mem/devmem.h). Checked as
 * each buffer is declared, so an oversized file is refused before any data
 * is generated (issue 20 defect 7). */
#define GS_WL_TOTAL_BYTES_MAX (3ull << 30)
#define GS_WL_REPEAT_MAX 1000000u      /* largest repeat max=N */
#define GS_WL_DEVICE_ALIGN 256u        /* device_bytes rounds each buffer up */

typedef enum gs_wl_type {
    GS_WL_U8 = 0, GS_WL_U16, GS_WL_U32, GS_WL_S32, GS_WL_U64, GS_WL_S64, GS_WL_F32,
    GS_WL_TYPE_COUNT
} gs_wl_type;

typedef struct gs_wl_buffer {
    char name[GS_WL_NAME_MAX];
    uint8_t type;                  /* gs_wl_type */
    uint8_t from_file;             /* `file` initialiser: contents from `path` */
    uint64_t count;                /* elements */
    gs_datagen_spec init;          /* how to fill it when not from a file */
    char path[GS_WL_PATH_MAX];
    uint32_t line;                 /* where it was declared */
} gs_wl_buffer;

/* A texture or surface object over a buffer's bytes (`texture` and
 * `surface` lines; exec/texture.h). desc.base is set when the run has
 * placed the buffer. */
typedef struct gs_wl_texture {
    char name[GS_WL_NAME_MAX];
    uint16_t buffer;
    uint32_t line;
    gs_tex_desc desc;
} gs_wl_texture;

typedef struct gs_wl_arg {
    uint8_t is_buffer;
    uint8_t is_texture;            /* a texture or surface object's handle (index in
                                    * `buffer`) */
    uint8_t from_loop;             /* scalar: the enclosing for's value ($VAR) */
    uint8_t type;                  /* scalar: gs_wl_type */
    uint16_t buffer;               /* buffer index when is_buffer */
    uint64_t bits;                 /* scalar value (f32 as IEEE bits) */
} gs_wl_arg;

typedef enum gs_wl_step_kind {
    GS_WL_STEP_LAUNCH = 0,
    GS_WL_STEP_SET,
    GS_WL_STEP_REPEAT,             /* body: steps up to its matching END */
    GS_WL_STEP_END,
    GS_WL_STEP_FOR,                /* body runs once per loop value, FIRST..LAST */
    GS_WL_STEP_HOST,               /* a host routine (name in name[]) on the host */
    GS_WL_STEP_BIND                /* bind .texref/.surfref name[] to texture `buffer` */
} gs_wl_step_kind;

typedef struct gs_wl_step {
    uint8_t kind;                  /* gs_wl_step_kind */
    uint8_t until_not_equal;       /* repeat: stop when word != value */
    uint16_t buffer;               /* set / repeat: the element's buffer */
    uint32_t line, column;
    uint64_t index;                /* set / repeat: element index */
    uint64_t value;                /* set / repeat: element bits */
    uint32_t max_iterations;       /* repeat */
    uint16_t partner;              /* repeat: its END; END: its REPEAT */
    uint16_t kernel_at;            /* launch: the kernel's name (gs_wl_kernel_name) */
    char name[GS_WL_NAME_MAX];     /* host: the routine; for: the loop variable */
    uint32_t grid[3], block[3];
    uint32_t shared_bytes;
    uint8_t grid_from_loop;        /* launch: bit d set: grid[d] is $VAR */
    uint8_t block_from_loop;       /* launch: bit d set: block[d] is $VAR */
    uint8_t cooperative;           /* launch: 1 = cudaLaunchCooperativeKernel */
    int64_t loop_first, loop_last; /* for: the range */
    uint16_t num_args;
    gs_wl_arg args[GS_WL_MAX_ARGS];
} gs_wl_step;

typedef struct gs_workload {
    char file[GS_DIAG_FILE_MAX];   /* name used in diagnostics */
    uint16_t num_ptx, num_buffers, num_steps, num_outputs;
    char ptx[GS_WL_MAX_PTX][GS_WL_PATH_MAX];
    uint32_t ptx_line[GS_WL_MAX_PTX];
    gs_wl_buffer buffers[GS_WL_MAX_BUFFERS];
    gs_wl_step steps[GS_WL_MAX_STEPS];
    uint16_t outputs[GS_WL_MAX_OUTPUTS];
    uint16_t num_textures;
    gs_wl_texture textures[GS_WL_MAX_TEXTURES];
    uint64_t device_bytes;         /* sum of buffer sizes, each rounded up */
    uint32_t num_launch_lines;
    uint32_t kernel_names_used;
    char kernel_names[GS_WL_KERNEL_NAMES_BYTES];   /* NUL-terminated names */
} gs_workload;

/* The kernel a launch step names. */
const char *gs_wl_kernel_name(const gs_workload *wl, const gs_wl_step *step);
/* Whether some launch is cooperative (the run then needs the grid
 * workspace's device bytes, GS_HOST_GRID_WORKSPACE_BYTES). */
int gs_wl_has_cooperative(const gs_workload *wl);

/* Parse `text` (length bytes, need not be NUL-terminated); `file` names it
 * in diagnostics. On error returns GS_E_WORKLOAD and fills diag. */
gs_status gs_workload_parse(gs_workload *wl, const char *file, const char *text,
                            size_t length, gs_diag *diag);

/* Element size in bytes of a type; its name ("u32"). */
uint32_t gs_wl_type_bytes(gs_wl_type type);
const char *gs_wl_type_name(gs_wl_type type);
/* Buffer size in bytes. */
uint64_t gs_wl_buffer_bytes(const gs_wl_buffer *buffer);
/* Index of the buffer with this name, or -1. */
int gs_wl_find_buffer(const gs_workload *wl, const char *name);

/* CTAs of the workload's largest kernel launch (grid x * y * z; a grid
 * dimension taken from a for's $VAR counts at the loop's largest value).
 * The suite's occupancy rule (README "Sizes") is stated on it: a small size
 * gives every SM of every preset at least two CTAs in one launch. */
uint64_t gs_workload_max_ctas(const gs_workload *wl);

/* Literal parsers shared with the CLI and tests: a value of the given type
 * (integers range-checked; f32 decimal or 0fXXXXXXXX) -> raw bits. Return 1
 * on success. */
int gs_wl_parse_value(gs_wl_type type, const char *text, size_t length, uint64_t *bits);

/* ---- running (src/host/workload_run.c) ---- */

/* Reads a file the workload names (PTX, `file` initialisers): `path` as
 * written in the workload; *text and *shown_name (the name diagnostics
 * about the file use, e.g. the path resolved against the workload's folder)
 * stay valid until the run's end. */
typedef gs_status (*gs_wl_read_fn)(void *context, const char *path, const char **shown_name,
                                   const char **text, size_t *length, gs_diag *diag);

/* The reader of an embedded workload's files (tables/workloads.h; context:
 * its const gs_embedded_workload *): a host with no file system runs any
 * embedded workload with it. */
gs_status gs_workload_read_embedded(void *context, const char *path, const char **shown_name,
                                    const char **text, size_t *length, gs_diag *diag);

/* Read ptx line `index`'s file through `read`. A file that cannot be read
 * (GS_E_IO) is an error at the workload's ptx line, with the reader's reason;
 * other errors come back as they are. */
gs_status gs_workload_read_ptx(const gs_workload *wl, unsigned index, gs_wl_read_fn read,
                               void *context, const char **shown_name, const char **text,
                               size_t *length, gs_diag *diag);

typedef struct gs_wl_state {
    uint64_t address[GS_WL_MAX_BUFFERS];             /* device address per buffer */
    uint64_t texture[GS_WL_MAX_TEXTURES];            /* handle per texture / surface */
    const gs_host_module *modules[GS_WL_MAX_PTX];
    uint32_t repeat_iterations;                       /* over every repeat and for */
    int64_t loop_value;                               /* the running for's $VAR */
} gs_wl_state;

/* A host configuration sized for this workload: the defaults, with as many
 * module slots as ptx lines, the largest PTX text read through `read`, and
 * device pages for every buffer plus GS_WL_SPARE_PAGES for the modules'
 * .global/.const segments. The arena then needs gs_host_bytes(config). */
#define GS_WL_SPARE_PAGES 16u
gs_status gs_workload_host_config(const gs_workload *wl, gs_wl_read_fn read,
                                  void *read_context, gs_host_config *config, gs_diag *diag);

/* Allocate and fill the buffers (declaration order), load the PTX modules,
 * run the steps. Kernel and argument mismatches, a file initialiser of the
 * wrong size and a repeat that reaches its max are GS_E_WORKLOAD errors at
 * the workload line; host/PTX/executor errors come back as they are. The
 * host's launches / warp_insts / thread_insts count the work done. */
gs_status gs_workload_run(const gs_workload *wl, gs_host *host, gs_wl_read_fn read,
                          void *read_context, gs_wl_state *state, gs_diag *diag);

/* Fold the output buffers' bytes (little-endian device order), in `output`
 * order, into the stats digest (gs_stats_add_data). */
void gs_workload_digest(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                        gs_stats *stats);

#endif
