/*
 * Running a parsed workload on the host API (src/host/host.h): allocate
 * and fill the buffers, load the PTX modules, perform the steps (launches,
 * element writes, the repeat-until loop) and fold the output buffers into
 * the run's digest (DESIGN.md section 4: bytes serialised little-endian,
 * gs_stats_add_data). Library code: no allocation beyond the host's arena,
 * fixed-size staging windows on the stack.
 */
#include <string.h>

#include "base/fmt.h"
#include "host/routine.h"
#include "host/workload.h"
#include "mem/devmem.h"
#include "workloads.h"

#define WL_CHUNK_BYTES 1024u

/* Serialise `count` elements of `bytes` each from a generator into `out`. */
static void generate_chunk(gs_datagen *gen, unsigned bytes, uint8_t *out, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        gs_le_store(out + i * bytes, bytes, gs_datagen_next(gen));
}

static gs_status fill_generated(gs_host *host, const gs_wl_buffer *b, uint64_t address,
                                gs_diag *diag)
{
    uint8_t chunk[WL_CHUNK_BYTES];
    unsigned bytes = gs_wl_type_bytes((gs_wl_type)b->type);
    size_t per_chunk = WL_CHUNK_BYTES / bytes;
    uint64_t done = 0;
    gs_datagen gen;
    gs_status st;
    if (b->init.kind == GS_DATAGEN_ZERO)
        return gs_host_memset(host, address, 0, (size_t)gs_wl_buffer_bytes(b), diag);
    gs_datagen_start(&gen, &b->init);
    while (done < b->count) {
        size_t n = b->count - done < per_chunk ? (size_t)(b->count - done) : per_chunk;
        generate_chunk(&gen, bytes, chunk, n);
        st = gs_host_memcpy_to_device(host, address + done * bytes, chunk, n * bytes, diag);
        if (st != GS_OK)
            return st;
        done += n;
    }
    return GS_OK;
}

/* A file the workload names could not be read: the error moves to the
 * workload line that names it, with the reader's reason (issue 20, defect 9:
 * "nothere.ptx: no such file" alone does not say which workload asked). */
static gs_status at_naming_line(const gs_workload *wl, uint32_t line, const char *what,
                                const char *path, gs_status st, gs_diag *diag)
{
    char why[GS_DIAG_MSG_MAX];
    if (st != GS_E_IO)
        return st;
    gs_fmt(why, sizeof why, "%s", diag->message);
    return gs_diag_set(diag, st, wl->file, line, 1, "%s '%s': %s", what, path, why);
}

gs_status gs_workload_read_ptx(const gs_workload *wl, unsigned index, gs_wl_read_fn read,
                               void *context, const char **shown_name, const char **text,
                               size_t *length, gs_diag *diag)
{
    gs_status st = read(context, wl->ptx[index], shown_name, text, length, diag);
    return st == GS_OK ? GS_OK
                       : at_naming_line(wl, wl->ptx_line[index], "ptx", wl->ptx[index], st, diag);
}

/* A `file` initialiser: exactly the buffer's bytes, copied as they are
 * (the file holds device-order, little-endian data). */
static gs_status fill_from_file(const gs_workload *wl, gs_host *host, const gs_wl_buffer *b,
                                uint64_t address, gs_wl_read_fn read, void *context,
                                gs_diag *diag)
{
    const char *text, *shown;
    size_t length;
    gs_status st = read(context, b->path, &shown, &text, &length, diag);
    if (st != GS_OK)
        return at_naming_line(wl, b->line, "file", b->path, st, diag);
    if (length != gs_wl_buffer_bytes(b))
        return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, b->line, 1,
                           "file '%s' has %llu bytes; buffer '%s' needs exactly %llu", b->path,
                           (unsigned long long)length, b->name,
                           (unsigned long long)gs_wl_buffer_bytes(b));
    return gs_host_memcpy_to_device(host, address, text, length, diag);
}

static gs_status setup_buffers(const gs_workload *wl, gs_host *host, gs_wl_read_fn read,
                               void *context, gs_wl_state *state, gs_diag *diag)
{
    unsigned i;
    gs_status st;
    for (i = 0; i < wl->num_buffers; i++) {
        const gs_wl_buffer *b = &wl->buffers[i];
        if ((st = gs_host_malloc(host, gs_wl_buffer_bytes(b), &state->address[i], diag)))
            return st;
        st = b->from_file ? fill_from_file(wl, host, b, state->address[i], read, context, diag)
                          : fill_generated(host, b, state->address[i], diag);
        if (st != GS_OK)
            return st;
    }
    return GS_OK;
}

static gs_status load_modules(const gs_workload *wl, gs_host *host, gs_wl_read_fn read,
                              void *context, gs_wl_state *state, gs_diag *diag)
{
    unsigned i;
    gs_status st;
    for (i = 0; i < wl->num_ptx; i++) {
        const char *text, *shown;
        size_t length;
        if ((st = gs_workload_read_ptx(wl, i, read, context, &shown, &text, &length, diag)) ||
            (st = gs_host_module_load(host, shown, text, length, &state->modules[i], diag)))
            return st;
    }
    return GS_OK;
}

/* Argument i of a launch against the kernel's parameter i: same size. */
static gs_status check_arg(const gs_workload *wl, const gs_wl_step *s, unsigned i,
                           const gs_ptx_param *param, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    const gs_wl_arg *a = &s->args[i];
    uint32_t bytes = a->is_buffer || a->is_texture ? 8u : gs_wl_type_bytes((gs_wl_type)a->type);
    if (bytes == param->size_bytes)
        return GS_OK;
    return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, s->line, s->column,
                       "argument %u of '%s' is %s (%u bytes) but parameter '%s' is .%s "
                       "(%u bytes)", i + 1u, gs_str_elide(shown, sizeof shown,
                       gs_wl_kernel_name(wl, s)),
                       a->is_buffer    ? "a buffer address"
                       : a->is_texture ? "a texture or surface object"
                                       : gs_wl_type_name((gs_wl_type)a->type),
                       (unsigned)bytes, param->name, gs_ptx_type_name((gs_ptx_type)param->type),
                       (unsigned)param->size_bytes);
}

static gs_status find_kernel(const gs_workload *wl, const gs_wl_step *s,
                             const gs_wl_state *state, unsigned *module,
                             const gs_ptx_kernel **kernel, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    unsigned i;
    for (i = 0; i < wl->num_ptx; i++) {
        const gs_ptx_kernel *k = gs_ptx_find_kernel(state->modules[i]->ptx,
                                                      gs_wl_kernel_name(wl, s));
        if (k && k->is_entry) {
            *module = i;
            *kernel = k;
            return GS_OK;
        }
    }
    return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, s->line, s->column,
                       "no ptx module of this workload has a kernel (.entry) '%s'",
                       gs_str_elide(shown, sizeof shown, gs_wl_kernel_name(wl, s)));
}

/* Dimension d of a launch: the for's $VAR where the parser marked it (the
 * parser checked every loop value is a valid size). */
static uint32_t loop_dim(const uint32_t *dims, uint8_t from_loop, unsigned d,
                         const gs_wl_state *state)
{
    return (from_loop >> d) & 1u ? (uint32_t)state->loop_value : dims[d];
}

static gs_status do_launch(const gs_workload *wl, gs_host *host, const gs_wl_step *s,
                           const gs_wl_state *state, gs_diag *diag)
{
    char shown[GS_NAME_SHOWN];
    gs_kernel_arg args[GS_WL_MAX_ARGS];
    const gs_ptx_kernel *kernel = NULL;
    unsigned module = 0, i;
    gs_dim3 grid, block;
    gs_status st;
    if ((st = find_kernel(wl, s, state, &module, &kernel, diag)))
        return st;
    if (kernel->num_params != s->num_args)
        return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, s->line, s->column,
                           "kernel '%s' takes %u arguments; the launch gives %u",
                           gs_str_elide(shown, sizeof shown, gs_wl_kernel_name(wl, s)),
                           (unsigned)kernel->num_params, (unsigned)s->num_args);
    for (i = 0; i < s->num_args; i++) {
        if ((st = check_arg(wl, s, i, &kernel->params[i], diag)))
            return st;
        args[i] = gs_arg_u64(s->args[i].is_buffer    ? state->address[s->args[i].buffer]
                             : s->args[i].is_texture ? state->texture[s->args[i].buffer]
                             : s->args[i].from_loop  ? (uint64_t)state->loop_value
                                                    : s->args[i].bits);
    }
    grid.x = loop_dim(s->grid, s->grid_from_loop, 0, state);
    grid.y = loop_dim(s->grid, s->grid_from_loop, 1, state);
    grid.z = loop_dim(s->grid, s->grid_from_loop, 2, state);
    block.x = loop_dim(s->block, s->block_from_loop, 0, state);
    block.y = loop_dim(s->block, s->block_from_loop, 1, state);
    block.z = loop_dim(s->block, s->block_from_loop, 2, state);
    if (s->cooperative)
        return gs_host_launch_cooperative(host, state->modules[module], kernel, grid, block,
                                          s->shared_bytes, args, s->num_args, diag);
    return gs_host_launch(host, state->modules[module], kernel, grid, block, s->shared_bytes,
                          args, s->num_args, diag);
}

/* A host step: the routine on the host, buffers as (address, elements). The
 * parser checked the routine and its arguments. */
static gs_status do_host(const gs_workload *wl, gs_host *host, const gs_wl_step *s,
                         const gs_wl_state *state, gs_diag *diag)
{
    gs_routine_arg args[GS_WL_MAX_ARGS];
    const gs_host_routine *r = gs_host_routine_find(s->name, strlen(s->name));
    unsigned i;
    for (i = 0; i < s->num_args; i++) {
        const gs_wl_arg *a = &s->args[i];
        args[i].value = a->is_buffer   ? state->address[a->buffer]
                        : a->from_loop ? (uint64_t)state->loop_value
                                       : a->bits;
        args[i].count = a->is_buffer ? wl->buffers[a->buffer].count : 0u;
    }
    return r->run(host, args, wl->file, s->line, diag);
}

/* A host-API error about a workload line's object, placed at that line. */
static gs_status at_line(const gs_workload *wl, uint32_t line, gs_status st, gs_diag *diag)
{
    char why[GS_DIAG_MSG_MAX];
    gs_fmt(why, sizeof why, "%s", diag->message);
    return gs_diag_set(diag, st, wl->file, line, 1, "%s", why);
}

/* bind REF NAME: every module with a .texref/.surfref REF (each module
 * has its own, as each CUDA module has). */
static gs_status do_bind(const gs_workload *wl, gs_host *host, const gs_wl_step *s,
                         const gs_wl_state *state, gs_diag *diag)
{
    unsigned i, bound = 0;
    uint32_t v;
    for (i = 0; i < wl->num_ptx; i++) {
        const gs_ptx_module *ptx = state->modules[i]->ptx;
        for (v = 0; v < ptx->num_vars; v++)
            if (ptx->vars[v].handle_kind && ptx->vars[v].kernel == GS_PTX_NONE &&
                strcmp(ptx->vars[v].name, s->name) == 0) {
                gs_status st = gs_host_texref_bind(host, state->modules[i], s->name,
                                                   state->texture[s->buffer], diag);
                if (st != GS_OK)
                    return at_line(wl, s->line, st, diag);
                bound++;
                break;
            }
    }
    if (bound)
        return GS_OK;
    return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, s->line, s->column, "no ptx module of "
                       "this workload has a .texref or .surfref '%s'", s->name);
}

/* The texture and surface objects, over the buffers just placed. */
static gs_status setup_textures(const gs_workload *wl, gs_host *host, gs_wl_state *state,
                                gs_diag *diag)
{
    unsigned i;
    for (i = 0; i < wl->num_textures; i++) {
        gs_tex_desc desc = wl->textures[i].desc;
        gs_status st;
        desc.base = state->address[wl->textures[i].buffer];
        if ((st = gs_host_texture_create(host, &desc, &state->texture[i], diag)) != GS_OK)
            return at_line(wl, wl->textures[i].line, st, diag);
    }
    return GS_OK;
}

static uint64_t element_address(const gs_workload *wl, const gs_wl_state *state,
                                const gs_wl_step *s)
{
    const gs_wl_buffer *b = &wl->buffers[s->buffer];
    return state->address[s->buffer] + s->index * gs_wl_type_bytes((gs_wl_type)b->type);
}

static gs_status do_set(const gs_workload *wl, gs_host *host, const gs_wl_step *s,
                        const gs_wl_state *state, gs_diag *diag)
{
    uint8_t bytes[8];
    unsigned size = gs_wl_type_bytes((gs_wl_type)wl->buffers[s->buffer].type);
    gs_le_store(bytes, size, s->value);
    return gs_host_memcpy_to_device(host, element_address(wl, state, s), bytes, size, diag);
}

/* The repeat's condition on the element as it is now in device memory. */
static int repeat_done(const gs_workload *wl, gs_host *host, const gs_wl_step *s,
                       const gs_wl_state *state)
{
    uint8_t bytes[8];
    unsigned size = gs_wl_type_bytes((gs_wl_type)wl->buffers[s->buffer].type);
    uint64_t mask = size == 8u ? UINT64_MAX : (((uint64_t)1 << (size * 8u)) - 1u);
    int equal;
    gs_host_memcpy_to_host(host, bytes, element_address(wl, state, s), size);
    equal = gs_le_load(bytes, size) == (s->value & mask);
    return s->until_not_equal ? !equal : equal;
}

/* After a repeat's body: the index of the next step to run. */
static gs_status end_of_body(const gs_workload *wl, gs_host *host, unsigned end,
                             gs_wl_state *state, uint32_t *iterations, unsigned *next,
                             gs_diag *diag)
{
    const gs_wl_step *r = &wl->steps[wl->steps[end].partner];
    const gs_wl_buffer *b = &wl->buffers[r->buffer];
    ++*iterations;
    state->repeat_iterations++;
    if (repeat_done(wl, host, r, state)) {
        *next = end + 1u;
        return GS_OK;
    }
    if (*iterations == r->max_iterations)
        return gs_diag_set(diag, GS_E_WORKLOAD, wl->file, r->line, r->column,
                           "repeat ran max=%u iterations and %s[%llu] never became %s the "
                           "value it waits for", (unsigned)r->max_iterations, b->name,
                           (unsigned long long)r->index, r->until_not_equal ? "unequal to"
                                                                             : "equal to");
    *next = wl->steps[end].partner + 1u;
    return GS_OK;
}

/* After a for's body: the next loop value, or past the end. */
static unsigned end_of_for(const gs_workload *wl, unsigned end, gs_wl_state *state)
{
    const gs_wl_step *f = &wl->steps[wl->steps[end].partner];
    state->repeat_iterations++;
    if (state->loop_value == f->loop_last)
        return end + 1u;
    state->loop_value += f->loop_first < f->loop_last ? 1 : -1;
    return wl->steps[end].partner + 1u;
}

static gs_status run_steps(const gs_workload *wl, gs_host *host, gs_wl_state *state,
                           gs_diag *diag)
{
    unsigned i = 0;
    uint32_t iterations = 0;
    gs_status st = GS_OK;
    while (i < wl->num_steps && st == GS_OK) {
        const gs_wl_step *s = &wl->steps[i];
        switch ((gs_wl_step_kind)s->kind) {
        case GS_WL_STEP_LAUNCH:
            st = do_launch(wl, host, s, state, diag);
            i++;
            break;
        case GS_WL_STEP_SET:
            st = do_set(wl, host, s, state, diag);
            i++;
            break;
        case GS_WL_STEP_HOST:
            st = do_host(wl, host, s, state, diag);
            i++;
            break;
        case GS_WL_STEP_BIND:
            st = do_bind(wl, host, s, state, diag);
            i++;
            break;
        case GS_WL_STEP_REPEAT:
            iterations = 0;
            i++;
            break;
        case GS_WL_STEP_FOR:
            state->loop_value = s->loop_first;
            i++;
            break;
        case GS_WL_STEP_END:
            if (wl->steps[s->partner].kind == GS_WL_STEP_FOR)
                i = end_of_for(wl, i, state);
            else
                st = end_of_body(wl, host, i, state, &iterations, &i, diag);
            break;
        }
    }
    return st;
}

gs_status gs_workload_host_config(const gs_workload *wl, gs_wl_read_fn read,
                                  void *read_context, gs_host_config *config, gs_diag *diag)
{
    uint64_t pages = GS_WL_SPARE_PAGES, largest = 1, ptx_arena = 0;
    unsigned i;
    gs_status st;
    gs_host_config_default(config);
    for (i = 0; i < wl->num_ptx; i++) {
        const char *text, *shown;
        size_t length;
        if ((st = gs_workload_read_ptx(wl, i, read, read_context, &shown, &text, &length,
                                       diag)))
            return st;
        largest = length > largest ? length : largest;
        ptx_arena += gs_ptx_bytes_for_text(text, length);   /* exact loader bound */
    }
    /* a buffer may straddle one more page than its size needs */
    for (i = 0; i < wl->num_buffers; i++)
        pages += gs_wl_buffer_bytes(&wl->buffers[i]) / config->devmem.page_bytes + 2u;
    if (gs_wl_has_cooperative(wl))   /* a cooperative launch's grid workspace */
        pages++;
    config->modules_max = wl->num_ptx;
    config->textures_max = wl->num_textures;
    config->ptx_bytes_max = (uint32_t)largest;
    config->ptx_arena_bytes = ptx_arena;
    config->devmem.page_count = (uint32_t)pages;
    return GS_OK;
}

gs_status gs_workload_run(const gs_workload *wl, gs_host *host, gs_wl_read_fn read,
                          void *read_context, gs_wl_state *state, gs_diag *diag)
{
    gs_status st;
    memset(state, 0, sizeof *state);
    if ((st = setup_buffers(wl, host, read, read_context, state, diag)) ||
        (st = setup_textures(wl, host, state, diag)) ||
        (st = load_modules(wl, host, read, read_context, state, diag)))
        return st;
    return run_steps(wl, host, state, diag);
}

void gs_workload_digest(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                        gs_stats *stats)
{
    uint8_t chunk[WL_CHUNK_BYTES];
    unsigned i;
    for (i = 0; i < wl->num_outputs; i++) {
        uint16_t b = wl->outputs[i];
        uint64_t total = gs_wl_buffer_bytes(&wl->buffers[b]), done = 0;
        while (done < total) {
            size_t n = total - done < WL_CHUNK_BYTES ? (size_t)(total - done) : WL_CHUNK_BYTES;
            /* device memory is little-endian: these bytes are already serialised */
            gs_host_memcpy_to_host(host, chunk, state->address[b] + done, n);
            gs_stats_add_data(stats, chunk, n);
            done += n;
        }
    }
}

gs_status gs_workload_read_embedded(void *context, const char *path, const char **shown_name,
                                    const char **text, size_t *length, gs_diag *diag)
{
    const gs_embedded_workload *embedded = (const gs_embedded_workload *)context;
    const gs_embedded_file *f = gs_embedded_workload_file(embedded, path);
    if (!f)
        return gs_diag_set(diag, GS_E_IO, path, 0, 0, "not embedded with workload '%s'",
                           embedded->name);
    *shown_name = f->source;
    *text = f->text;
    *length = f->length;
    return GS_OK;
}
