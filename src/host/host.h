/*
 * The host API: a small C interface shaped like the CUDA runtime (seed-004
 * section 1.1: the host allocates device memory, copies data in, launches
 * kernels, copies results out; DESIGN.md sections 3 and 5).
 *
 *   gs_host_config_default(&hc);            adjust hc, then
 *   bytes = gs_host_bytes(&hc);             size the arena with it
 *   gs_host_init(&host, &hc, &arena, &diag);
 *   gs_host_module_load(&host, "k.ptx", text, len, &mod, &diag);   cuModuleLoadData
 *   gs_host_get_kernel(mod, "_Z6vecAddPfS_S_i", &kernel, &diag);   cuModuleGetFunction
 *   gs_host_malloc(&host, bytes, &dptr, &diag);                    cudaMalloc
 *   gs_host_write_u32(&host, dptr, values, count, &diag);         cudaMemcpy H->D
 *   gs_host_launch(&host, mod, kernel, grid, block, shared, args, n, &diag);
 *   gs_host_read_u32(&host, values, dptr, count);                  cudaMemcpy D->H
 *
 * Device memory is little-endian. The typed copies (u16/u32/u64) serialise
 * explicitly, so a big-endian host sees the same values; the raw byte copies
 * move bytes as they are. Kernel arguments are passed as values (serialised
 * little-endian into the parameter buffer at each parameter's offset) or as
 * raw device-order bytes for aggregate parameters.
 *
 * A launch runs the kernel to completion before returning, through an
 * executor hook: the functional executor by default (gs_exec_run_kernel on
 * the host's one CTA context); the timing model installs its own with
 * gs_host_set_executor. Everything is sized up front from gs_host_config;
 * every limit hit names the option to raise.
 */
#ifndef GS_HOST_HOST_H
#define GS_HOST_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/fmt.h"
#include "base/stats.h"
#include "base/status.h"
#include "exec/exec.h"
#include "mem/devmem.h"
#include "ptx/ptx.h"

/* The host configuration's fields a message names (the CLI sizes them from
 * the workload's PTX files). */
#define GS_HOST_MODULES_OPTION "gs_host_config.modules_max"
#define GS_HOST_PTX_BYTES_OPTION "gs_host_config.ptx_bytes_max"
#define GS_HOST_PTX_ARENA_OPTION "gs_host_config.ptx_arena_bytes"
#define GS_HOST_PARAM_OPTION "gs_host_config.param_bytes_max"
#define GS_HOST_PARAM_BYTES_MAX 32768u   /* PTX .param space limit of a kernel */
#define GS_HOST_LAUNCH_INSTS 1000000000ull   /* -gs_launch_inst_limit's default */

typedef struct gs_host_config {
    gs_devmem_config devmem;      /* device page size, pages, address window */
    gs_exec_shape cta;            /* what the functional CTA context holds */
    uint32_t modules_max;         /* PTX modules that can be loaded */
    uint32_t ptx_bytes_max;       /* largest PTX text a module may have */
    uint32_t num_sms;             /* %nsmid */
    uint32_t param_bytes_max;     /* largest kernel parameter buffer (0 = the PTX limit,
                                   * GS_HOST_PARAM_BYTES_MAX; a run plan sets the
                                   * workload's largest) */
    uint64_t warp_inst_limit;     /* safety limit per launch (0 = none; the CLI's
                                   * -gs_launch_inst_limit, default GS_HOST_LAUNCH_INSTS) */
    int (*stop_poll)(void *context);   /* NULL or the functional executor's stop poll
                                        * (gs_exec_launch.stop_poll) */
    void *stop_context;
    uint64_t ptx_arena_bytes;     /* arena bytes for all modules together (each
                                   * load needs gs_ptx_bytes_for_text and keeps
                                   * its decoded program); 0 = the length-only
                                   * bound modules_max x gs_ptx_bytes_for(
                                   * ptx_bytes_max), ~150x the text */
    uint32_t ptx_call_stack_depth;    /* nested calls a kernel that may recurse is sized
                                       * for (gs_ptx_load_options; 0 = the default,
                                       * GS_PTX_CALL_DEPTH_DEFAULT; -gs_call_stack_depth) */
    uint32_t ptx_no_slot_reuse;   /* 1: no liveness-based register slot reuse
                                   * (gs_ptx_load_options; for comparisons) */
    uint32_t printf_buffer_bytes; /* each launch's device printf buffer
                                   * (exec/devprintf.h; at most
                                   * GS_DEVPRINTF_BYTES_MAX). 0, the default: none,
                                   * every printf call is counted as dropped; the
                                   * CLI gives -gs_printf_buffer_bytes to a
                                   * workload whose kernels call printf */
    gs_exec_shape cooperative_cta;    /* what each cooperative CTA context holds */
    uint32_t textures_max;        /* texture and surface objects that may exist at
                                   * once (GS_HOST_TEXTURES_DEFAULT; a run plan sets
                                   * the workload's count) */
    uint32_t cooperative_ctas;    /* CTA contexts for cooperative launches on the
                                   * functional executor, which runs all of a
                                   * cooperative grid at once (0, the default:
                                   * none, such launches are refused; a run plan
                                   * sets the workload's largest cooperative grid) */
} gs_host_config;

#define GS_HOST_TEXTURES_OPTION "gs_host_config.textures_max"
#define GS_HOST_TEXTURES_DEFAULT 16u

/* The option a dropped-printf note tells the user to raise. */
#define GS_HOST_PRINTF_OPTION "-gs_printf_buffer_bytes"

typedef struct gs_host_module {
    const gs_ptx_module *ptx;
    uint64_t global_base;         /* device address of the .global segment */
    uint64_t const_base;          /* device address of the .const segment */
} gs_host_module;

/* One kernel argument: `value` serialised little-endian in the parameter's
 * size (it must fit, zero- or sign-extended), or, when `bytes` is not NULL,
 * `size_bytes` raw device-order bytes (must equal the parameter's size). */
typedef struct gs_kernel_arg {
    uint64_t value;
    const void *bytes;
    uint32_t size_bytes;
} gs_kernel_arg;

struct gs_host;
/* An executor: run `launch` to completion (or fail with a diagnostic). */
typedef gs_status (*gs_host_executor_fn)(void *context, struct gs_host *host,
                                         gs_exec_launch *launch, gs_diag *diag);

typedef struct gs_host {
    gs_host_config config;
    gs_arena *arena;
    gs_devmem mem;
    gs_exec_cta *cta;             /* the functional runner's context */
    gs_exec_cta *cooperative;     /* config.cooperative_ctas contexts */
    gs_tex_desc *textures;        /* config.textures_max objects (NULL for none); a
                                   * free one has dims 0 (host_tex.c) */
    uint64_t grid_workspace;      /* the grid-sync workspace (0 until the first
                                   * cooperative launch allocates it) */
    gs_host_module *modules;
    uint32_t num_modules;
    uint8_t *params;              /* parameter buffer of the current launch */
    gs_host_executor_fn executor;
    void *executor_context;
    gs_exec_launch last_launch;   /* the most recent launch and its counters */
    gs_devprintf_buffer printf_out;   /* the most recent launch's printf output,
                                       * in thread order (gs_host_printf_record) */
    const gs_sink *printf_sink;   /* NULL, or where each launch's printf output is
                                   * written when it ends */
    const gs_sink *note_sink;     /* NULL, or where a note on dropped printf
                                   * output goes (stderr on the CLI) */
    uint64_t printf_records;      /* totals over every launch: calls kept, */
    uint64_t printf_dropped;      /* dropped, */
    uint64_t printf_text_bytes;   /* the text kept, */
    uint64_t printf_text_hash;    /* and its FNV-1a hash, for digests */
    uint32_t launches;
    uint64_t warp_insts;          /* totals over every launch */
    uint64_t thread_insts;
    uint64_t ptx_arena_used;      /* arena bytes the loaded modules keep */
} gs_host;

/* Defaults: 4 KiB pages x 32768 (128 MiB), 4 GiB address window, CTAs up
 * to 1024 threads x 512 register slots x 128 predicate slots, 96 KiB shared,
 * 4 KiB local per thread, SIMT stack depth 64, 2 modules of up to 256 KiB of
 * PTX within 16 MiB of loader arena (GS_HOST_PTX_ARENA_DEFAULT: nvcc output
 * needs ~10-20 bytes per text byte, see gs_ptx_bytes_for_text), 15 SMs,
 * instruction limit 2^36 warp instructions per launch. */
#define GS_HOST_PTX_ARENA_DEFAULT (16u * 1024u * 1024u)
void gs_host_config_default(gs_host_config *config);

/* Arena bytes gs_host_init and the module loads will take. */
size_t gs_host_bytes(const gs_host_config *config);

gs_status gs_host_init(gs_host *host, const gs_host_config *config, gs_arena *arena,
                       gs_diag *diag);
void gs_host_set_executor(gs_host *host, gs_host_executor_fn executor, void *context);
/* The default executor (functional). */
gs_status gs_host_run_functional(void *context, gs_host *host, gs_exec_launch *launch,
                                 gs_diag *diag);

/* ---- memory ---- */
gs_status gs_host_malloc(gs_host *host, uint64_t bytes, uint64_t *device_address,
                         gs_diag *diag);
gs_status gs_host_memcpy_to_device(gs_host *host, uint64_t dst, const void *src,
                                   size_t bytes, gs_diag *diag);
void gs_host_memcpy_to_host(gs_host *host, void *dst, uint64_t src, size_t bytes);
gs_status gs_host_memset(gs_host *host, uint64_t dst, uint8_t value, size_t bytes,
                         gs_diag *diag);
/* Typed, endian-safe copies of `count` elements. */
gs_status gs_host_write_u16(gs_host *host, uint64_t dst, const uint16_t *values, size_t count,
                            gs_diag *diag);
gs_status gs_host_write_u32(gs_host *host, uint64_t dst, const uint32_t *values, size_t count,
                            gs_diag *diag);
gs_status gs_host_write_u64(gs_host *host, uint64_t dst, const uint64_t *values, size_t count,
                            gs_diag *diag);
void gs_host_read_u16(gs_host *host, uint16_t *values, uint64_t src, size_t count);
void gs_host_read_u32(gs_host *host, uint32_t *values, uint64_t src, size_t count);
void gs_host_read_u64(gs_host *host, uint64_t *values, uint64_t src, size_t count);

/* ---- modules and kernels ---- */
gs_status gs_host_module_load(gs_host *host, const char *file_name, const char *text,
                              size_t length, const gs_host_module **module, gs_diag *diag);
gs_status gs_host_get_kernel(const gs_host_module *module, const char *name,
                             const gs_ptx_kernel **kernel, gs_diag *diag);
/* Device address of a module-scope .global or .const variable. */
gs_status gs_host_symbol_address(const gs_host_module *module, const char *name,
                                 uint64_t *address, gs_diag *diag);

/* ---- launch ---- */
gs_kernel_arg gs_arg_u64(uint64_t value);    /* also pointers and signed values */
gs_kernel_arg gs_arg_bytes(const void *bytes, uint32_t size_bytes);

gs_status gs_host_launch(gs_host *host, const gs_host_module *module,
                         const gs_ptx_kernel *kernel, gs_dim3 grid, gs_dim3 block,
                         uint32_t dynamic_shared_bytes, const gs_kernel_arg *args,
                         uint32_t num_args, gs_diag *diag);

/* cudaLaunchCooperativeKernel: as gs_host_launch, and the kernel may sync
 * its whole grid (cooperative groups' grid.sync()). The launch reads the
 * address of an 8-byte grid workspace in device memory through %envreg1
 * and %envreg2 ({ size, barrier counter }, allocated by the first such
 * launch, reset by each). All its CTAs must be resident at once: the
 * functional executor holds config.cooperative_ctas of them, the timing
 * model refuses a grid larger than the GPU holds (GS_E_LIMIT). */
gs_status gs_host_launch_cooperative(gs_host *host, const gs_host_module *module,
                                     const gs_ptx_kernel *kernel, gs_dim3 grid,
                                     gs_dim3 block, uint32_t dynamic_shared_bytes,
                                     const gs_kernel_arg *args, uint32_t num_args,
                                     gs_diag *diag);

/* The device bytes a cooperative launch's workspace takes (a plan adds
 * them to the device memory of a workload with cooperative launches). */
#define GS_HOST_GRID_WORKSPACE_BYTES 8u

/* ---- textures and surfaces (host_tex.c; exec/texture.h) ----
 * cudaCreateTextureObject / cudaCreateSurfaceObject (desc->is_surface): the
 * descriptor names device memory the program allocated and filled
 * (texel (x, y, z) at base + z * slice + y * pitch + x * texel bytes). A
 * descriptor that breaks a rule (sizes, formats, filtering of integer
 * texels, memory outside the allocations) is GS_E_WORKLOAD naming the
 * rule; more than config.textures_max objects at once is GS_E_LIMIT. The
 * handle is what a kernel takes as its cudaTextureObject_t argument. */
gs_status gs_host_texture_create(gs_host *host, const gs_tex_desc *desc, uint64_t *handle,
                                 gs_diag *diag);
/* The checks of gs_host_texture_create that need no device memory (the
 * workload parser runs them on each texture line). */
gs_status gs_tex_desc_check(const gs_tex_desc *desc, gs_diag *diag);
gs_status gs_host_texture_destroy(gs_host *host, uint64_t handle, gs_diag *diag);
/* The object a handle names, or NULL. */
const gs_tex_desc *gs_host_texture(const gs_host *host, uint64_t handle);
/* cudaBindTexture*: bind the module's .texref (or .surfref) `name` to an
 * object of that kind; a launch reads the binding then in force. */
gs_status gs_host_texref_bind(gs_host *host, const gs_host_module *module, const char *name,
                              uint64_t handle, gs_diag *diag);

/* ---- printf (cudaDeviceSynchronize's printing) ----
 * After a launch (also one that faulted: what ran before the fault) its
 * printf output is in thread order: records of text, one per call that
 * printed something, of thread `thread` (linear, x fastest) of block
 * `block` (linear, x fastest). host->printf_out.dropped counts the calls
 * that did not fit. */
uint32_t gs_host_printf_count(const gs_host *host);
/* The totals as statistics (GS_HOST_PRINTF_STATS entries): calls printed,
 * calls dropped, the text's bytes and its FNV-1a hash (so the digest covers
 * what the kernels printed). */
#define GS_HOST_PRINTF_STATS 4u
void gs_host_printf_stats(const gs_host *host, gs_stats *stats);
const char *gs_host_printf_record(const gs_host *host, uint32_t i, uint32_t *length,
                                  uint64_t *block, uint32_t *thread);

#endif
