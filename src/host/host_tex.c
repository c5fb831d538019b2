/*
 * Texture and surface objects in the host API (issue 22 item 3; host.h;
 * CUDA runtime: cudaCreateTextureObject, cudaCreateSurfaceObject,
 * cudaDestroy*Object, and the texture-reference binding of older
 * programs, cudaBindTexture / cudaBindTextureToArray).
 *
 * An object is a descriptor (exec/texture.h) in the host's fixed table of
 * config.textures_max entries; its handle is its index plus one, a small
 * non-zero integer as CUDA's are, and 0 is never a valid object. The texels
 * are device memory the program allocated and filled: the descriptor names
 * where they start and how rows and slices are laid out. Creation checks
 * everything the texture unit relies on, so a bad descriptor is a clear
 * error here and never a wrong fetch later.
 */
#include "host/host.h"

#include <string.h>

/* CUDA's largest texture and surface sizes (CUDA C Programming Guide,
 * "Technical Specifications", compute capability 9.0); they also keep the
 * texture unit's fixed-point coordinates within 64 bits. */
#define TEX_WIDTH_MAX 131072u          /* 1-D array, 2-D and layered width */
#define TEX_HEIGHT_MAX 65536u
#define TEX_DEPTH_MAX 16384u           /* 3-D */
#define TEX_LAYERS_MAX 2048u
#define TEX_LINEAR_MAX (1u << 28)      /* 1-D linear memory, texels */
/* Row and slice pitches (decision): far above any real layout, and low
 * enough that no texel address computation wraps 64 bits. */
#define TEX_PITCH_MAX (1ull << 32)
#define TEX_SLICE_MAX (1ull << 40)

static const char *const tex_resource_names[] = {"array", "linear", "pitch2d"};

static gs_status tex_bad(gs_diag *diag, const char *rule)
{
    return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0, "bad texture descriptor: %s", rule);
}

static int tex_is_float_format(unsigned format)
{
    return format == GS_TEX_F16 || format == GS_TEX_F32;
}

static int tex_is_small_int(unsigned format)
{
    return format <= GS_TEX_S16;   /* u8 s8 u16 s16 */
}

/* The bytes from base to the end of the last texel. */
static uint64_t tex_extent(const gs_tex_desc *d)
{
    return (uint64_t)(d->depth - 1u) * d->slice + (uint64_t)(d->height - 1u) * d->pitch +
           (uint64_t)d->width * gs_tex_texel_bytes(d);
}

static gs_status tex_check_shape(const gs_tex_desc *d, gs_diag *diag)
{
    if (d->resource > GS_TEX_RES_PITCH2D)
        return tex_bad(diag, "the resource must be an array, linear memory or pitch-2D memory");
    if (d->dims < 1 || d->dims > 3 || (d->layered && d->dims == 3))
        return tex_bad(diag, "a texture has 1, 2 or 3 dimensions (layered: 1 or 2)");
    if (d->format >= GS_TEX_FORMAT_COUNT || (d->channels != 1 && d->channels != 2 &&
                                             d->channels != 4))
        return tex_bad(diag, "the format must be u8 s8 u16 s16 u32 s32 f16 or f32 with 1, 2 "
                       "or 4 channels");
    if (d->resource == GS_TEX_RES_LINEAR && (d->dims != 1 || d->layered))
        return tex_bad(diag, "linear memory is a 1-D resource");
    if (d->resource == GS_TEX_RES_PITCH2D && (d->dims != 2 || d->layered))
        return tex_bad(diag, "pitch-2D memory is a 2-D resource");
    if (d->width == 0 || d->height == 0 || d->depth == 0)
        return tex_bad(diag, "every size must be at least 1");
    if ((d->dims < 2 && d->height != 1) || (d->dims < 3 && !d->layered && d->depth != 1))
        return tex_bad(diag, "a size beyond the texture's dimensions must be 1");
    if (d->resource == GS_TEX_RES_LINEAR ? d->width > TEX_LINEAR_MAX
                                         : d->width > TEX_WIDTH_MAX)
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0, "bad texture descriptor: width %u "
                           "is above CUDA's %u", (unsigned)d->width,
                           d->resource == GS_TEX_RES_LINEAR ? TEX_LINEAR_MAX : TEX_WIDTH_MAX);
    if (d->height > TEX_HEIGHT_MAX || d->depth > (d->layered ? TEX_LAYERS_MAX : TEX_DEPTH_MAX))
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0, "bad texture descriptor: height "
                           "%u or %s %u is above CUDA's %u / %u", (unsigned)d->height,
                           d->layered ? "layer count" : "depth", (unsigned)d->depth,
                           TEX_HEIGHT_MAX, d->layered ? TEX_LAYERS_MAX : TEX_DEPTH_MAX);
    if (d->pitch > TEX_PITCH_MAX || d->slice > TEX_SLICE_MAX)
        return tex_bad(diag, "a row pitch may be at most 2^32 bytes, a slice pitch 2^40");
    if ((d->height > 1 && d->pitch < (uint64_t)d->width * gs_tex_texel_bytes(d)) ||
        (d->depth > 1 && d->slice < (uint64_t)(d->height - 1u) * d->pitch +
                                        (uint64_t)d->width * gs_tex_texel_bytes(d)))
        return tex_bad(diag, "a row pitch must hold a row, a slice pitch a slice");
    return GS_OK;
}

static gs_status tex_check_sampling(const gs_tex_desc *d, gs_diag *diag)
{
    unsigned i;
    if (d->filter > GS_TEX_LINEAR)
        return tex_bad(diag, "the filter must be point or linear");
    for (i = 0; i < 3; i++)
        if (d->address[i] > GS_TEX_BORDER)
            return tex_bad(diag, "an address mode must be wrap, clamp, mirror or border");
    if (d->read_normalized && !tex_is_small_int(d->format))
        return tex_bad(diag, "normalised-float reads need an 8- or 16-bit integer format "
                       "(CUDA's cudaReadModeNormalizedFloat)");
    if (d->filter == GS_TEX_LINEAR && !tex_is_float_format(d->format) && !d->read_normalized)
        return tex_bad(diag, "linear filtering needs a float format or normalised-float "
                       "reads (CUDA refuses it on integer texels read as integers)");
    if (d->resource == GS_TEX_RES_LINEAR && (d->filter == GS_TEX_LINEAR ||
                                             d->normalized_coords))
        return tex_bad(diag, "linear memory is fetched by integer index (tex1Dfetch): point "
                       "filtering and unnormalised coordinates");
    if (d->is_surface && (d->filter || d->normalized_coords || d->read_normalized ||
                          d->resource != GS_TEX_RES_ARRAY))
        return tex_bad(diag, "a surface is an array read and written as texels (no "
                       "filtering, normalised coordinates or normalised reads)");
    return GS_OK;
}

gs_status gs_tex_desc_check(const gs_tex_desc *desc, gs_diag *diag)
{
    gs_status status = tex_check_shape(desc, diag);
    return status != GS_OK ? status : tex_check_sampling(desc, diag);
}

gs_status gs_host_texture_create(gs_host *host, const gs_tex_desc *desc, uint64_t *handle,
                                 gs_diag *diag)
{
    gs_status status;
    uint64_t end;
    uint32_t i;
    if ((status = gs_tex_desc_check(desc, diag)) != GS_OK)
        return status;
    end = desc->base + tex_extent(desc);
    if (desc->base < GS_DEVMEM_HEAP_BASE || end > host->mem.heap_next || end < desc->base)
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0, "bad texture descriptor: its %s "
                           "of %llu bytes at 0x%llx is outside the device allocations",
                           tex_resource_names[desc->resource],
                           (unsigned long long)tex_extent(desc),
                           (unsigned long long)desc->base);
    for (i = 0; i < host->config.textures_max; i++)
        if (host->textures[i].dims == 0) {
            host->textures[i] = *desc;
            *handle = (uint64_t)i + 1u;
            return GS_OK;
        }
    return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "more than %u texture and surface objects "
                       "at once (%s)", (unsigned)host->config.textures_max,
                       GS_HOST_TEXTURES_OPTION);
}

gs_status gs_host_texture_destroy(gs_host *host, uint64_t handle, gs_diag *diag)
{
    if (handle == 0 || handle > host->config.textures_max || !host->textures[handle - 1u].dims)
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0, "%llu is not a texture or surface "
                           "object", (unsigned long long)handle);
    memset(&host->textures[handle - 1u], 0, sizeof host->textures[0]);
    return GS_OK;
}

const gs_tex_desc *gs_host_texture(const gs_host *host, uint64_t handle)
{
    if (handle == 0 || handle > host->config.textures_max || !host->textures[handle - 1u].dims)
        return NULL;
    return &host->textures[handle - 1u];
}

gs_status gs_host_texref_bind(gs_host *host, const gs_host_module *module, const char *name,
                              uint64_t handle, gs_diag *diag)
{
    const gs_ptx_module *ptx = module->ptx;
    const gs_tex_desc *d = gs_host_texture(host, handle);
    uint32_t i;
    for (i = 0; i < ptx->num_vars; i++) {
        const gs_ptx_var *var = &ptx->vars[i];
        uint64_t value = handle;
        if (var->kernel != GS_PTX_NONE || !var->handle_kind || strcmp(var->name, name) != 0)
            continue;
        if (!d || d->is_surface != (var->handle_kind == GS_PTX_HANDLE_SURFREF))
            return gs_diag_set(diag, GS_E_WORKLOAD, ptx->file_name, var->line, 0, "'%s' is a "
                               "%s and %llu is not a %s object", name,
                               var->handle_kind == GS_PTX_HANDLE_SURFREF ? ".surfref"
                                                                         : ".texref",
                               (unsigned long long)handle,
                               var->handle_kind == GS_PTX_HANDLE_SURFREF ? "surface"
                                                                         : "texture");
        return gs_host_write_u64(host, module->global_base + var->offset, &value, 1u, diag);
    }
    return gs_diag_set(diag, GS_E_WORKLOAD, ptx->file_name, 0, 0,
                       "no module-scope .texref or .surfref named '%s'", name);
}
