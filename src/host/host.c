/*
 * The host API (CUDA-runtime-like): device memory, module load, kernel
 * lookup and launch through a pluggable executor (see host.h; seed-004
 * section 1.1; DESIGN.md sections 3 and 5).
 */
#include "host/host.h"

#include <string.h>

#include "base/fmt.h"

void gs_host_config_default(gs_host_config *config)
{
    memset(config, 0, sizeof *config);
    config->devmem.page_bytes = 4096u;
    config->devmem.page_count = 32768u;
    config->devmem.address_bytes = 1ull << 32;
    config->cta.threads = 1024u;
    config->cta.reg_slots = 512u;
    config->cta.pred_slots = 128u;
    config->cta.shared_bytes = 96u * 1024u;
    config->cta.local_bytes = 4096u;
    config->cta.simt_depth = 64u;
    config->modules_max = 2u;
    config->ptx_bytes_max = 256u * 1024u;
    config->num_sms = 15u;
    config->warp_inst_limit = GS_HOST_LAUNCH_INSTS;
    config->ptx_arena_bytes = GS_HOST_PTX_ARENA_DEFAULT;
    config->textures_max = GS_HOST_TEXTURES_DEFAULT;
}

/* The parameter buffer's bytes (see gs_host_config). */
static uint32_t host_param_bytes(const gs_host_config *config)
{
    return config->param_bytes_max && config->param_bytes_max < GS_HOST_PARAM_BYTES_MAX
               ? config->param_bytes_max : GS_HOST_PARAM_BYTES_MAX;
}

/* Arena bytes reserved for PTX modules (see gs_host_config). */
static uint64_t host_ptx_arena_bytes(const gs_host_config *config)
{
    if (config->ptx_arena_bytes)
        return config->ptx_arena_bytes;
    return (uint64_t)config->modules_max * gs_ptx_bytes_for(config->ptx_bytes_max);
}

size_t gs_host_bytes(const gs_host_config *config)
{
    size_t total = 0;
    total += gs_devmem_bytes(&config->devmem);                            /* device memory */
    total += gs_arena_round(sizeof(gs_exec_cta));                          /* CTA context */
    total += gs_exec_pool_bytes(&config->cta, 1u);                         /* its storage */
    if (config->cooperative_ctas &&                               /* cooperative contexts */
        config->cooperative_ctas <= GS_EXEC_COOPERATIVE_CTAS_MAX) {   /* (init refuses more) */
        size_t pool = gs_exec_pool_bytes(&config->cooperative_cta, config->cooperative_ctas);
        size_t table = gs_arena_round((size_t)config->cooperative_ctas * sizeof(gs_exec_cta));
        if (pool > (size_t)-1 - table - total)
            return (size_t)-1;   /* saturated: no arena holds it */
        total += table + pool;
    }
    total += gs_arena_round((config->modules_max ? config->modules_max : 1u) *
                            sizeof(gs_host_module));                       /* module table */
    total += (size_t)host_ptx_arena_bytes(config);                        /* PTX */
    total += gs_arena_round(host_param_bytes(config));                     /* param buffer */
    total += gs_devprintf_bytes(config->printf_buffer_bytes);              /* printf */
    if (config->textures_max)                                              /* textures */
        total += gs_arena_round(config->textures_max * sizeof(gs_tex_desc));
    return total;
}

gs_status gs_host_init(gs_host *host, const gs_host_config *config, gs_arena *arena,
                       gs_diag *diag)
{
    gs_status status;
    memset(host, 0, sizeof *host);
    host->config = *config;
    host->arena = arena;
    status = gs_devmem_init(&host->mem, &config->devmem, arena, diag);
    if (status != GS_OK)
        return status;
    host->cta = (gs_exec_cta *)gs_arena_alloc(arena, sizeof(gs_exec_cta));
    host->modules = (gs_host_module *)gs_arena_alloc(
        arena, (config->modules_max ? config->modules_max : 1u) * sizeof(gs_host_module));
    host->params = (uint8_t *)gs_arena_alloc(arena, host_param_bytes(config));
    host->textures = config->textures_max ? (gs_tex_desc *)gs_arena_alloc(
        arena, config->textures_max * sizeof(gs_tex_desc)) : NULL;
    if (!host->cta || !host->modules || !host->params ||
        (config->textures_max && !host->textures))
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for the host API (%zu bytes needed)",
                           gs_host_bytes(config));
    status = gs_exec_pool_init(host->cta, 1u, &config->cta, arena, diag);
    if (status != GS_OK)
        return status;
    if (config->cooperative_ctas > GS_EXEC_COOPERATIVE_CTAS_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "%s = %lu is above the %lu CTAs a "
                           "cooperative launch may have", GS_EXEC_COOPERATIVE_OPTION,
                           (unsigned long)config->cooperative_ctas,
                           (unsigned long)GS_EXEC_COOPERATIVE_CTAS_MAX);
    if (config->cooperative_ctas) {
        host->cooperative = (gs_exec_cta *)gs_arena_alloc(
            arena, config->cooperative_ctas * sizeof(gs_exec_cta));
        if (!host->cooperative)
            return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for %lu "
                               "cooperative CTA contexts (%zu bytes needed)",
                               (unsigned long)config->cooperative_ctas,
                               gs_host_bytes(config));
        status = gs_exec_pool_init(host->cooperative, config->cooperative_ctas,
                                   &config->cooperative_cta, arena, diag);
        if (status != GS_OK)
            return status;
    }
    if (config->printf_buffer_bytes > GS_DEVPRINTF_BYTES_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "a printf buffer of %lu bytes is "
                           "above the %lu it may have (%s)",
                           (unsigned long)config->printf_buffer_bytes,
                           (unsigned long)GS_DEVPRINTF_BYTES_MAX, GS_HOST_PRINTF_OPTION);
    status = gs_devprintf_init(&host->printf_out, config->printf_buffer_bytes, arena, diag);
    if (status != GS_OK)
        return status;
    host->printf_text_hash = 14695981039346656037ull;   /* FNV-1a offset basis */
    host->executor = gs_host_run_functional;
    return GS_OK;
}

void gs_host_set_executor(gs_host *host, gs_host_executor_fn executor, void *context)
{
    host->executor = executor ? executor : gs_host_run_functional;
    host->executor_context = context;
}

gs_status gs_host_run_functional(void *context, gs_host *host, gs_exec_launch *launch,
                                 gs_diag *diag)
{
    (void)context;
    if (launch->grid_workspace)
        return gs_exec_run_cooperative(launch, host->cooperative, host->config.cooperative_ctas,
                                       diag);
    return gs_exec_run_kernel(launch, host->cta, diag);
}

/* ---- memory ---- */

gs_status gs_host_malloc(gs_host *host, uint64_t bytes, uint64_t *device_address,
                         gs_diag *diag)
{
    return gs_devmem_alloc(&host->mem, bytes, device_address, diag);
}

gs_status gs_host_memcpy_to_device(gs_host *host, uint64_t dst, const void *src,
                                   size_t bytes, gs_diag *diag)
{
    return gs_devmem_write(&host->mem, dst, src, bytes, diag);
}

void gs_host_memcpy_to_host(gs_host *host, void *dst, uint64_t src, size_t bytes)
{
    gs_devmem_read(&host->mem, src, dst, bytes);
}

gs_status gs_host_memset(gs_host *host, uint64_t dst, uint8_t value, size_t bytes,
                         gs_diag *diag)
{
    return gs_devmem_fill(&host->mem, dst, value, bytes, diag);
}

/* Typed copies go through a small staging buffer, serialised explicitly. */
#define GS_HOST_STAGE_BYTES 512u

static gs_status write_typed(gs_host *host, uint64_t dst, const void *values, unsigned size,
                             size_t count, gs_diag *diag)
{
    uint8_t stage[GS_HOST_STAGE_BYTES];
    size_t done = 0;
    while (done < count) {
        size_t n = count - done, i;
        gs_status status;
        if (n > GS_HOST_STAGE_BYTES / size)
            n = GS_HOST_STAGE_BYTES / size;
        for (i = 0; i < n; i++) {
            uint64_t v = size == 2u ? ((const uint16_t *)values)[done + i]
                       : size == 4u ? ((const uint32_t *)values)[done + i]
                                    : ((const uint64_t *)values)[done + i];
            gs_le_store(stage + i * size, size, v);
        }
        status = gs_devmem_write(&host->mem, dst + done * size, stage, n * size, diag);
        if (status != GS_OK)
            return status;
        done += n;
    }
    return GS_OK;
}

static void read_typed(gs_host *host, void *values, uint64_t src, unsigned size, size_t count)
{
    uint8_t stage[GS_HOST_STAGE_BYTES];
    size_t done = 0;
    while (done < count) {
        size_t n = count - done, i;
        if (n > GS_HOST_STAGE_BYTES / size)
            n = GS_HOST_STAGE_BYTES / size;
        gs_devmem_read(&host->mem, src + done * size, stage, n * size);
        for (i = 0; i < n; i++) {
            uint64_t v = gs_le_load(stage + i * size, size);
            if (size == 2u)
                ((uint16_t *)values)[done + i] = (uint16_t)v;
            else if (size == 4u)
                ((uint32_t *)values)[done + i] = (uint32_t)v;
            else
                ((uint64_t *)values)[done + i] = v;
        }
        done += n;
    }
}

gs_status gs_host_write_u16(gs_host *host, uint64_t dst, const uint16_t *values, size_t count,
                            gs_diag *diag)
{
    return write_typed(host, dst, values, 2u, count, diag);
}

gs_status gs_host_write_u32(gs_host *host, uint64_t dst, const uint32_t *values, size_t count,
                            gs_diag *diag)
{
    return write_typed(host, dst, values, 4u, count, diag);
}

gs_status gs_host_write_u64(gs_host *host, uint64_t dst, const uint64_t *values, size_t count,
                            gs_diag *diag)
{
    return write_typed(host, dst, values, 8u, count, diag);
}

void gs_host_read_u16(gs_host *host, uint16_t *values, uint64_t src, size_t count)
{
    read_typed(host, values, src, 2u, count);
}

void gs_host_read_u32(gs_host *host, uint32_t *values, uint64_t src, size_t count)
{
    read_typed(host, values, src, 4u, count);
}

void gs_host_read_u64(gs_host *host, uint64_t *values, uint64_t src, size_t count)
{
    read_typed(host, values, src, 8u, count);
}

/* ---- modules ---- */

/* A module segment that does not fit device memory: the error names the
 * PTX file and the line of the segment's largest variable (issue 20, defect
 * 9), with the allocator's reason. */
static gs_status segment_error(const gs_ptx_module *ptx, uint8_t space, gs_status status,
                               gs_diag *diag)
{
    char why[GS_DIAG_MSG_MAX];
    const gs_ptx_var *largest = NULL;
    uint32_t i;
    for (i = 0; i < ptx->num_vars; i++) {
        const gs_ptx_var *var = &ptx->vars[i];
        if (var->space == space && var->kernel == GS_PTX_NONE &&
            (!largest || var->size_bytes > largest->size_bytes))
            largest = var;
    }
    gs_fmt(why, sizeof why, "%s", diag->message);
    return gs_diag_set(diag, status, ptx->file_name, largest ? largest->line : 0,
                       largest && largest->line ? 1u : 0u,
                       "the module's %s variables (%llu bytes; the largest is '%s') do not "
                       "fit: %s", space == GS_SPACE_GLOBAL ? ".global" : ".const",
                       (unsigned long long)(space == GS_SPACE_GLOBAL ? ptx->global_bytes
                                                                     : ptx->const_bytes),
                       largest ? largest->name : "?", why);
}

/* The device address of a module's .global or .const segment. */
static uint64_t host_segment_base(const gs_host_module *module, uint8_t space)
{
    return space == GS_SPACE_GLOBAL ? module->global_base : module->const_base;
}

/* Place the module's .global and .const segments in device memory and
 * write the initialised variables (ptx.h: initial bytes are little-endian),
 * then the addresses their initialisers name (gs_ptx_reloc). */
static gs_status place_segments(gs_host *host, gs_host_module *module, gs_diag *diag)
{
    const gs_ptx_module *ptx = module->ptx;
    gs_status status;
    uint32_t i;
    if (ptx->global_align > GS_DEVMEM_ALLOC_ALIGN || ptx->const_align > GS_DEVMEM_ALLOC_ALIGN)
        return gs_diag_set(diag, GS_E_PTX, ptx->file_name, 0, 0,
                           "module variables aligned beyond %u bytes are not supported",
                           GS_DEVMEM_ALLOC_ALIGN);
    status = gs_devmem_alloc(&host->mem, ptx->global_bytes, &module->global_base, diag);
    if (status != GS_OK)
        return segment_error(ptx, GS_SPACE_GLOBAL, status, diag);
    status = gs_devmem_alloc(&host->mem, ptx->const_bytes, &module->const_base, diag);
    if (status != GS_OK)
        return segment_error(ptx, GS_SPACE_CONST, status, diag);
    for (i = 0; i < ptx->num_vars && status == GS_OK; i++) {
        const gs_ptx_var *var = &ptx->vars[i];
        if (!var->has_init || !var->init || var->kernel != GS_PTX_NONE ||
            (var->space != GS_SPACE_GLOBAL && var->space != GS_SPACE_CONST))
            continue;
        status = gs_devmem_write(&host->mem, host_segment_base(module, var->space) + var->offset,
                                 var->init, (size_t)var->size_bytes, diag);
    }
    for (i = 0; i < ptx->num_relocs && status == GS_OK; i++) {
        const gs_ptx_reloc *r = &ptx->relocs[i];
        const gs_ptx_var *var = &ptx->vars[r->var], *target = &ptx->vars[r->target];
        uint8_t bytes[8];
        if (var->kernel != GS_PTX_NONE)
            continue;   /* a kernel-scope variable's initialiser is not placed (above) */
        gs_le_store(bytes, r->bytes,
                    host_segment_base(module, target->space) + target->offset + r->addend);
        status = gs_devmem_write(&host->mem,
                                 host_segment_base(module, var->space) + var->offset + r->at,
                                 bytes, r->bytes, diag);
    }
    return status;
}

gs_status gs_host_module_load(gs_host *host, const char *file_name, const char *text,
                              size_t length, const gs_host_module **module, gs_diag *diag)
{
    gs_host_module *slot;
    gs_status status;
    gs_ptx_module *ptx = NULL;
    size_t need, mark;
    gs_ptx_load_options options;
    if (host->num_modules >= host->config.modules_max)
        return gs_diag_set(diag, GS_E_LIMIT, file_name, 0, 0,
                           "more than %u PTX modules loaded; raise %s",
                           (unsigned)host->config.modules_max, GS_HOST_MODULES_OPTION);
    if (length > host->config.ptx_bytes_max)
        return gs_diag_set(diag, GS_E_LIMIT, file_name, 0, 0,
                           "PTX text of %zu bytes exceeds %u; raise %s", length,
                           (unsigned)host->config.ptx_bytes_max, GS_HOST_PTX_BYTES_OPTION);
    need = gs_ptx_bytes_for_text(text, length);
    if (host->ptx_arena_used + need > host_ptx_arena_bytes(&host->config))
        return gs_diag_set(diag, GS_E_LIMIT, file_name, 0, 0,
                           "loading this PTX needs %zu arena bytes but %llu of %llu are left; "
                           "raise %s", need,
                           (unsigned long long)(host_ptx_arena_bytes(&host->config) -
                                                host->ptx_arena_used),
                           (unsigned long long)host_ptx_arena_bytes(&host->config),
                           GS_HOST_PTX_ARENA_OPTION);
    slot = &host->modules[host->num_modules];
    mark = gs_arena_mark(host->arena);
    options.no_slot_reuse = (uint8_t)(host->config.ptx_no_slot_reuse != 0);
    options.call_stack_depth = host->config.ptx_call_stack_depth;
    status = gs_ptx_load_with(host->arena, file_name, text, length, &options, &ptx, diag);
    host->ptx_arena_used += gs_arena_mark(host->arena) - mark;
    slot->ptx = ptx;
    if (status == GS_OK)
        status = place_segments(host, slot, diag);
    if (status != GS_OK)
        return status;
    host->num_modules++;
    *module = slot;
    return GS_OK;
}

gs_status gs_host_get_kernel(const gs_host_module *module, const char *name,
                             const gs_ptx_kernel **kernel, gs_diag *diag)
{
    const gs_ptx_kernel *found = gs_ptx_find_kernel(module->ptx, name);
    if (!found || !found->is_entry)
        return gs_diag_set(diag, GS_E_WORKLOAD, module->ptx->file_name, 0, 0,
                           "no kernel (.entry) named '%s' in this module", name);
    *kernel = found;
    return GS_OK;
}

gs_status gs_host_symbol_address(const gs_host_module *module, const char *name,
                                 uint64_t *address, gs_diag *diag)
{
    const gs_ptx_module *ptx = module->ptx;
    uint32_t i;
    for (i = 0; i < ptx->num_vars; i++) {
        const gs_ptx_var *var = &ptx->vars[i];
        if (var->kernel != GS_PTX_NONE || strcmp(var->name, name) != 0)
            continue;
        if (var->space == GS_SPACE_GLOBAL || var->space == GS_SPACE_CONST) {
            *address = host_segment_base(module, var->space) + var->offset;
            return GS_OK;
        }
    }
    return gs_diag_set(diag, GS_E_WORKLOAD, ptx->file_name, 0, 0,
                       "no module-scope .global or .const variable named '%s'", name);
}

/* ---- launch ---- */

gs_kernel_arg gs_arg_u64(uint64_t value)
{
    gs_kernel_arg arg;
    arg.value = value;
    arg.bytes = NULL;
    arg.size_bytes = 0;
    return arg;
}

gs_kernel_arg gs_arg_bytes(const void *bytes, uint32_t size_bytes)
{
    gs_kernel_arg arg;
    arg.value = 0;
    arg.bytes = bytes;
    arg.size_bytes = size_bytes;
    return arg;
}

/* The value fits the parameter zero- or sign-extended. */
static int value_fits(uint64_t value, uint32_t size)
{
    uint64_t high;
    if (size >= 8u)
        return 1;
    high = value >> (size * 8u - 1u);   /* the top bit of the field and above */
    return high <= 1u || high == (~0ull >> (size * 8u - 1u));
}

static gs_status pack_one(gs_host *host, const gs_ptx_kernel *kernel, uint32_t i,
                          const gs_kernel_arg *arg, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    const gs_ptx_param *param = &kernel->params[i];
    if (arg->bytes) {
        if (arg->size_bytes != param->size_bytes)
            return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0,
                               "kernel %s parameter %u (%s) is %u bytes, argument gives %u",
                               gs_str_elide(shown, sizeof shown, kernel->name), (unsigned)i,
                               param->name,
                               (unsigned)param->size_bytes, (unsigned)arg->size_bytes);
        memcpy(host->params + param->offset, arg->bytes, param->size_bytes);
        return GS_OK;
    }
    if (param->size_bytes > 8u || !value_fits(arg->value, param->size_bytes))
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0,
                           "kernel %s parameter %u (%s, %u bytes) cannot hold the value 0x%llx",
                           gs_str_elide(shown, sizeof shown, kernel->name), (unsigned)i,
                           param->name, (unsigned)param->size_bytes,
                           (unsigned long long)arg->value);
    gs_le_store(host->params + param->offset, param->size_bytes, arg->value);
    return GS_OK;
}

static gs_status pack_params(gs_host *host, const gs_ptx_kernel *kernel,
                             const gs_kernel_arg *args, uint32_t num_args, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    uint32_t i;
    if (num_args != kernel->num_params)
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0,
                           "kernel %s takes %u parameters, the launch gives %u",
                           gs_str_elide(shown, sizeof shown, kernel->name),
                           (unsigned)kernel->num_params, (unsigned)num_args);
    if (kernel->param_bytes > host_param_bytes(&host->config))
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "kernel %s has %u parameter bytes, more than %u (%s)",
                           gs_str_elide(shown, sizeof shown, kernel->name),
                           (unsigned)kernel->param_bytes,
                           (unsigned)host_param_bytes(&host->config),
                           host->config.param_bytes_max ? GS_HOST_PARAM_OPTION
                                                        : "the PTX limit");
    memset(host->params, 0, kernel->param_bytes);
    for (i = 0; i < num_args; i++) {
        gs_status status = pack_one(host, kernel, i, &args[i], diag);
        if (status != GS_OK)
            return status;
    }
    return GS_OK;
}

static void host_printf_flush(gs_host *host, const gs_ptx_kernel *kernel);

/* The grid workspace nvcc's grid sync uses: { u32 size, u32 barrier }, the
 * barrier counter at +4 (CUDA's layout, which nvcc's code addresses), set
 * afresh for each cooperative launch so that each starts the same way. */
static gs_status host_grid_workspace(gs_host *host, gs_diag *diag)
{
    static const uint32_t fresh[2] = { GS_HOST_GRID_WORKSPACE_BYTES, 0u };
    gs_status status;
    if (!host->grid_workspace &&
        (status = gs_devmem_alloc(&host->mem, GS_HOST_GRID_WORKSPACE_BYTES,
                                  &host->grid_workspace, diag)) != GS_OK)
        return status;
    return gs_host_write_u32(host, host->grid_workspace, fresh, 2u, diag);
}

static gs_status host_launch(gs_host *host, const gs_host_module *module,
                             const gs_ptx_kernel *kernel, gs_dim3 grid, gs_dim3 block,
                             uint32_t dynamic_shared_bytes, const gs_kernel_arg *args,
                             uint32_t num_args, int cooperative, gs_diag *diag)
{
    gs_exec_launch *launch = &host->last_launch;
    gs_status status = pack_params(host, kernel, args, num_args, diag);
    if (status != GS_OK)
        return status;
    if (cooperative && (status = host_grid_workspace(host, diag)) != GS_OK)
        return status;
    memset(launch, 0, sizeof *launch);
    launch->grid_workspace = cooperative ? host->grid_workspace : 0u;
    launch->module = module->ptx;
    launch->kernel = kernel;
    launch->mem = &host->mem;
    launch->grid = grid;
    launch->block = block;
    launch->dynamic_shared_bytes = dynamic_shared_bytes;
    launch->global_base = module->global_base;
    launch->const_base = module->const_base;
    launch->params = host->params;
    launch->grid_id = ++host->launches;
    launch->num_sms = host->config.num_sms;
    launch->warp_inst_limit = host->config.warp_inst_limit;
    launch->stop_poll = host->config.stop_poll;
    launch->stop_context = host->config.stop_context;
    gs_devprintf_clear(&host->printf_out);
    launch->printf_buffer = &host->printf_out;
    launch->textures = host->textures;
    launch->num_textures = host->config.textures_max;
    status = host->executor(host->executor_context, host, launch, diag);
    host->warp_insts += launch->warp_insts;
    host->thread_insts += launch->thread_insts;
    host_printf_flush(host, kernel);
    return status;
}

gs_status gs_host_launch(gs_host *host, const gs_host_module *module,
                         const gs_ptx_kernel *kernel, gs_dim3 grid, gs_dim3 block,
                         uint32_t dynamic_shared_bytes, const gs_kernel_arg *args,
                         uint32_t num_args, gs_diag *diag)
{
    return host_launch(host, module, kernel, grid, block, dynamic_shared_bytes, args,
                       num_args, 0, diag);
}

gs_status gs_host_launch_cooperative(gs_host *host, const gs_host_module *module,
                                     const gs_ptx_kernel *kernel, gs_dim3 grid,
                                     gs_dim3 block, uint32_t dynamic_shared_bytes,
                                     const gs_kernel_arg *args, uint32_t num_args,
                                     gs_diag *diag)
{
    return host_launch(host, module, kernel, grid, block, dynamic_shared_bytes, args,
                       num_args, 1, diag);
}

/* The launch's printf output in thread order, out to the sink and into
 * the totals; a note when calls were dropped. */
static void host_printf_flush(gs_host *host, const gs_ptx_kernel *kernel)
{
    gs_devprintf_buffer *b = &host->printf_out;
    char shown[GS_NAME_SHOWN];
    uint32_t i, j, length, thread;
    uint64_t block;
    gs_devprintf_sort(b);
    for (i = 0; i < b->records; i++) {
        const char *text = gs_devprintf_record(b, i, &length, &block, &thread);
        for (j = 0; j < length; j++) {
            host->printf_text_hash ^= (uint8_t)text[j];
            host->printf_text_hash *= 1099511628211ull;   /* FNV-1a 64 prime */
        }
        if (host->printf_sink)
            host->printf_sink->write(host->printf_sink->context, text, length);
    }
    host->printf_records += b->records;
    host->printf_dropped += b->dropped;
    host->printf_text_bytes += b->text_bytes;
    if (b->dropped && host->note_sink)
        gs_sink_printf(host->note_sink, "gpusim: note: kernel %s (launch %u): %lu printf "
                       "call(s) did not fit the %lu-byte printf buffer and were dropped "
                       "(raise %s)\n", gs_str_elide(shown, sizeof shown, kernel->name),
                       (unsigned)host->launches, (unsigned long)b->dropped,
                       (unsigned long)b->capacity, GS_HOST_PRINTF_OPTION);
}

void gs_host_printf_stats(const gs_host *host, gs_stats *stats)
{
    gs_stats_put_count(stats, "printf_calls_printed", host->printf_records);
    gs_stats_put_count(stats, "printf_calls_dropped", host->printf_dropped);
    gs_stats_put_count(stats, "printf_text_bytes", host->printf_text_bytes);
    gs_stats_put_count(stats, "printf_text_fnv1a", host->printf_text_hash);
}

uint32_t gs_host_printf_count(const gs_host *host)
{
    return host->printf_out.records;
}

const char *gs_host_printf_record(const gs_host *host, uint32_t i, uint32_t *length,
                                  uint64_t *block, uint32_t *thread)
{
    return gs_devprintf_record(&host->printf_out, i, length, block, thread);
}
