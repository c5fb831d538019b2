/*
 * Texture and surface instructions of the functional executor (issue 22
 * item 3; PTX ISA 9.7.10-9.7.11; operand layout in ptx/ptx.h, the texture
 * arithmetic in exec/texture.c).
 *
 * The texture operand is a handle (a register holding a texture or surface
 * object, or a .texref/.surfref variable whose 8 bytes in the .global
 * segment the host bound); it names a descriptor in the launch's table
 * (gs_exec_launch.textures, the host's). A handle that names no object of
 * the right kind, a geometry the object does not have, and a .trap surface
 * access outside the surface stop the run with the kernel, PTX line,
 * thread and handle (the runtime errors of issue 22 item 6).
 *
 * For the timing model each lane reports one address (gs_inst has one per
 * lane): tex and tld4 the first texel their fetch read, in the texture
 * space, one texel wide; suld/sust the surface bytes, as a global load or
 * store. Decision (README "Textures and surfaces"): until the texture cache
 * of seed-004 1.3.3 is built, texture fetches are timed on the L1D path
 * with that one address per lane.
 */
#include "exec/exec_int.h"

#include "base/fmt.h"
#include "exec/texture.h"

/* Read texel bytes for the texture unit: a device load of up to 16 bytes,
 * through the executor's checks (a texel outside every allocation is the
 * usual wild-pointer fault). */
typedef struct tex_reader {
    gs_x *x;
    uint32_t lane;
} tex_reader;

static int tex_read(void *context, uint64_t address, unsigned bytes, uint64_t value[2])
{
    tex_reader *r = (tex_reader *)context;
    value[0] = value[1] = 0;
    if (bytes <= 8u)
        return gs_x_load_lane(r->x, r->lane, GS_SPACE_GLOBAL, address, bytes, &value[0]);
    return gs_x_load_lane(r->x, r->lane, GS_SPACE_GLOBAL, address, 8u, &value[0]) &&
           gs_x_load_lane(r->x, r->lane, GS_SPACE_GLOBAL, address + 8u, bytes - 8u, &value[1]);
}

static void lane_fault(gs_x *x, uint32_t lane, const char *what, uint64_t handle)
{
    const gs_exec_cta *cta = x->cta;
    uint64_t thread = (uint64_t)x->warp_index * GS_LANES + lane;
    uint32_t bx = cta->launch->block.x, by = cta->launch->block.y;
    char text[200];
    gs_fmt(text, sizeof text, "%s by thread (%u,%u,%u) at PC %u (handle 0x%llx%s)", what,
           (unsigned)(thread % bx), (unsigned)(thread / bx % by), (unsigned)(thread / bx / by),
           (unsigned)x->pc, (unsigned long long)handle,
           handle >= GS_DEVMEM_HEAP_BASE && handle < x->cta->launch->mem->heap_next
               ? ", a device address: pass the object, not a buffer" : "");
    gs_x_fault(x, GS_E_PTX, text);
}

static int is_surface_op(unsigned op)
{
    return op == GS_PTX_OP_SULD || op == GS_PTX_OP_SUST || op == GS_PTX_OP_SUQ;
}

/* Each lane's handle (opd[1], or opd[0] of sust). */
static void handles(gs_x *x, const gs_ptx_operand *opd, uint64_t *out)
{
    unsigned lane;
    if (opd->kind == GS_PTX_OPD_REG) {
        const uint64_t *row = gs_x_row(x, opd->reg);
        GS_FOR_LANES(lane, x->active)
            out[lane] = row[lane];
        return;
    }
    GS_FOR_LANES(lane, x->active) {   /* a .texref/.surfref: what the host bound */
        out[lane] = 0;
        if (!gs_x_load_lane(x, lane, GS_SPACE_GLOBAL, x->cta->launch->global_base + opd->value,
                            8u, &out[lane]))
            return;
    }
}

/* The descriptor a lane's handle names, or NULL with the fault recorded. */
static const gs_tex_desc *descriptor(gs_x *x, uint32_t lane, uint64_t handle)
{
    const gs_exec_launch *launch = x->cta->launch;
    const gs_tex_desc *d;
    int surface = is_surface_op(x->inst->op);
    if (handle == 0 || handle > launch->num_textures || !launch->textures[handle - 1u].dims) {
        lane_fault(x, lane, handle == 0 ? (surface ? "a null surface object (an unbound "
                                           ".surfref?)" : "a null texture object (an unbound "
                                           ".texref?)")
                                        : (surface ? "not a surface object"
                                                   : "not a texture object"), handle);
        return NULL;
    }
    d = &launch->textures[handle - 1u];
    if (d->is_surface != (uint8_t)surface && x->inst->op != GS_PTX_OP_TXQ) {
        lane_fault(x, lane, surface ? "a texture object used as a surface (create it as a "
                   "surface)" : "a surface object sampled as a texture", handle);
        return NULL;
    }
    return d;
}

/* Does the instruction's geometry match the object? */
static int geometry_ok(gs_x *x, uint32_t lane, const gs_tex_desc *d, uint64_t handle)
{
    unsigned geom = x->inst->mode;
    unsigned dims = geom == GS_PTX_GEOM_A1D ? 1u : geom == GS_PTX_GEOM_A2D ? 2u : geom;
    unsigned layered = geom == GS_PTX_GEOM_A1D || geom == GS_PTX_GEOM_A2D;
    char what[120];
    if (dims == d->dims && layered == d->layered)
        return 1;
    gs_fmt(what, sizeof what, "%s.%s%s on a %s%u-D %s", gs_ptx_op_name((gs_ptx_op)x->inst->op),
           layered ? "a" : "", dims == 1 ? "1d" : dims == 2 ? "2d" : "3d",
           d->layered ? "layered " : "", (unsigned)d->dims,
           d->is_surface ? "surface" : "texture");
    lane_fault(x, lane, what, handle);
    return 0;
}

/* A lane's coordinates from the coordinate vector (layer first when layered). */
static void lane_coords(const gs_x *x, const gs_ptx_operand *c, uint32_t lane,
                        gs_tex_coords *out)
{
    unsigned geom = x->inst->mode, first = 0, i;
    out->c[0] = out->c[1] = out->c[2] = 0;
    out->layer = 0;
    out->coords_float = x->inst->type2 == GS_PTX_T_F32;
    if (geom == GS_PTX_GEOM_A1D || geom == GS_PTX_GEOM_A2D) {
        out->layer = (uint32_t)gs_x_row(x, c->vec[0])[lane];
        first = 1;
    }
    for (i = first; i < c->vec_count && i - first < 3u; i++)
        if (c->vec[i] != GS_PTX_REG_SINK)
            out->c[i - first] = (uint32_t)gs_x_row(x, c->vec[i])[lane];
}

static void write_vec(gs_x *x, const gs_ptx_operand *d, uint32_t lane, const uint32_t *values,
                      unsigned count)
{
    unsigned i;
    for (i = 0; i < d->vec_count && i < count; i++)
        if (d->vec[i] != GS_PTX_REG_SINK)
            gs_x_row(x, d->vec[i])[lane] = values[i];
}

static void run_sample(gs_x *x, const uint64_t *handle, uint64_t *addr, unsigned *bytes)
{
    const gs_ptx_inst *inst = x->inst;
    unsigned lane;
    GS_FOR_LANES(lane, x->active) {
        const gs_tex_desc *d = descriptor(x, lane, handle[lane]);
        gs_tex_coords coords;
        gs_tex_footprint fp;
        tex_reader reader;
        uint32_t out[4];
        int ok;
        if (!d || !geometry_ok(x, lane, d, handle[lane]))
            return;
        if (d->resource == GS_TEX_RES_LINEAR && inst->type2 != GS_PTX_T_S32) {
            lane_fault(x, lane, "linear memory is fetched by integer index (tex1Dfetch: "
                       "tex.1d with .s32 coordinates)", handle[lane]);
            return;
        }
        lane_coords(x, &inst->opd[2], lane, &coords);
        reader.x = x;
        reader.lane = lane;
        fp.count = 0;
        ok = inst->op == GS_PTX_OP_TLD4
                 ? gs_tex_gather(d, inst->sub - 1u, &coords, tex_read, &reader, out, &fp)
                 : gs_tex_sample(d, &coords, tex_read, &reader, out, &fp);
        if (!ok || x->cta->launch->fault != GS_OK)
            return;
        write_vec(x, &inst->opd[0], lane, out, 4u);
        addr[lane] = fp.count ? fp.addr[0] : d->base;
        *bytes = gs_tex_texel_bytes(d);
    }
}

/* suld / sust: x is a byte offset in the row (PTX: .b surfaces are
 * addressed in bytes); out-of-range lanes follow the boundary mode.
 * Decision: an access wider than a row, or at a byte x that is not a
 * multiple of its element size, is a fault whatever the mode (PTX leaves
 * misaligned surface accesses undefined). */
static void run_surface(gs_x *x, const uint64_t *handle, uint64_t *addr, unsigned *bytes)
{
    const gs_ptx_inst *inst = x->inst;
    int store = inst->op == GS_PTX_OP_SUST;
    const gs_ptx_operand *c = &inst->opd[store ? 1 : 2], *v = &inst->opd[store ? 2 : 0];
    unsigned ebytes = gs_x_types[inst->type].bytes, lane, i;
    GS_FOR_LANES(lane, x->active) {
        const gs_tex_desc *d = descriptor(x, lane, handle[lane]);
        gs_tex_coords coords;
        uint64_t at = 0, value;
        int32_t xyz[3];
        if (!d || !geometry_ok(x, lane, d, handle[lane]))
            return;
        lane_coords(x, c, lane, &coords);
        xyz[0] = (int32_t)coords.c[0];
        xyz[1] = (int32_t)coords.c[1];
        xyz[2] = d->layered ? (int32_t)coords.layer : (int32_t)coords.c[2];
        if (ebytes * inst->vec > (uint64_t)d->width * gs_tex_texel_bytes(d) ||
            (uint32_t)xyz[0] % ebytes != 0u) {
            char what[120];
            gs_fmt(what, sizeof what, "a %u-byte %s at byte x %d does not fit the surface's "
                   "%u-byte rows at a multiple of %u bytes", ebytes * inst->vec,
                   store ? "sust" : "suld", (int)xyz[0],
                   (unsigned)(d->width * gs_tex_texel_bytes(d)), ebytes);
            lane_fault(x, lane, what, handle[lane]);
            return;
        }
        if (!gs_surf_address(d, d->dims, xyz[0], xyz[1], xyz[2], ebytes * inst->vec,
                             (gs_surf_boundary)(inst->sub - 1u), &at)) {
            char what[120];
            if (inst->sub != GS_SURF_ZERO + 1u) {   /* .trap */
                gs_fmt(what, sizeof what, "%s.trap at byte x %d, y %d, z %d is outside the "
                       "%ux%ux%u surface", store ? "sust" : "suld", (int)xyz[0], (int)xyz[1],
                       (int)xyz[2], (unsigned)d->width, (unsigned)d->height,
                       (unsigned)d->depth);
                lane_fault(x, lane, what, handle[lane]);
                return;
            }
            if (!store)   /* .zero: reads zeros, a store is dropped */
                for (i = 0; i < v->vec_count; i++)
                    if (v->vec[i] != GS_PTX_REG_SINK)
                        gs_x_row(x, v->vec[i])[lane] = 0;
            addr[lane] = d->base;
            continue;
        }
        for (i = 0; i < v->vec_count; i++) {
            uint64_t element = at + (uint64_t)i * ebytes;
            if (store) {
                value = v->vec[i] == GS_PTX_REG_SINK ? 0u : gs_x_row(x, v->vec[i])[lane];
                if (!gs_x_store_lane(x, lane, GS_SPACE_GLOBAL, element, ebytes, value))
                    return;
            } else {
                if (!gs_x_load_lane(x, lane, GS_SPACE_GLOBAL, element, ebytes, &value))
                    return;
                if (v->vec[i] != GS_PTX_REG_SINK)
                    gs_x_row(x, v->vec[i])[lane] = value;
            }
        }
        addr[lane] = at;
    }
    *bytes = ebytes * inst->vec;
}

/* txq / suq (PTX ISA 9.7.10.4, 9.7.11.4). Decision: the channel type,
 * channel order, filter and address-mode queries return OpenCL's enum
 * values, which PTX names for them (CL_UNORM_INT8 = 0x10D2, CL_R = 0x10B0,
 * CL_FILTER_NEAREST = 0x1140, CL_ADDRESS_CLAMP_TO_EDGE = 0x1131, ...);
 * an unmipmapped, single-sample object has 1 level and 0 samples; the
 * memory layout is 1 (pitch-linear, as gpusim stores every surface). */
static uint32_t query(const gs_tex_desc *d, unsigned what)
{
    static const uint32_t cl_type[GS_TEX_FORMAT_COUNT][2] = {
        /* element read, normalised read */
        {0x10DAu, 0x10D2u}, {0x10D7u, 0x10D0u}, {0x10DBu, 0x10D3u}, {0x10D8u, 0x10D1u},
        {0x10DCu, 0x10DCu}, {0x10D9u, 0x10D9u}, {0x10DDu, 0x10DDu}, {0x10DEu, 0x10DEu}
    };
    static const uint32_t cl_address[4] = {0x1133u, 0x1131u, 0x1134u, 0x1132u};
    switch (what) {
    case GS_PTX_Q_WIDTH: return d->width;
    case GS_PTX_Q_HEIGHT: return d->dims >= 2 ? d->height : 0u;
    case GS_PTX_Q_DEPTH: return d->dims == 3 && !d->layered ? d->depth : 0u;
    case GS_PTX_Q_CHANNEL_DATA_TYPE: return cl_type[d->format][d->read_normalized ? 1 : 0];
    case GS_PTX_Q_CHANNEL_ORDER:
        return d->channels == 1 ? 0x10B0u : d->channels == 2 ? 0x10B2u : 0x10B5u;
    case GS_PTX_Q_NORMALIZED_COORDS: return d->normalized_coords;
    case GS_PTX_Q_FILTER_MODE: return d->filter == GS_TEX_LINEAR ? 0x1141u : 0x1140u;
    case GS_PTX_Q_ADDR_MODE_0: return cl_address[d->address[0] & 3u];
    case GS_PTX_Q_ADDR_MODE_1: return cl_address[d->address[1] & 3u];
    case GS_PTX_Q_ADDR_MODE_2: return cl_address[d->address[2] & 3u];
    case GS_PTX_Q_ARRAY_SIZE: return d->layered ? d->depth : 0u;
    case GS_PTX_Q_NUM_MIPMAP_LEVELS: return 1u;
    case GS_PTX_Q_NUM_SAMPLES: return 0u;
    default: return 1u;   /* memory_layout */
    }
}

void gs_exec_texture(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t handle[GS_LANES], addr[GS_LANES];
    unsigned lane, bytes = 4u;
    handles(x, &inst->opd[inst->op == GS_PTX_OP_SUST ? 0 : 1], handle);
    if (x->cta->launch->fault != GS_OK)
        return;
    GS_FOR_LANES(lane, x->active)
        addr[lane] = 0;
    if (inst->op == GS_PTX_OP_TXQ || inst->op == GS_PTX_OP_SUQ) {
        GS_FOR_LANES(lane, x->active) {
            const gs_tex_desc *d = descriptor(x, lane, handle[lane]);
            if (!d)
                return;
            gs_x_row(x, inst->opd[0].reg)[lane] = query(d, inst->sub);
        }
        return;
    }
    if (inst->op == GS_PTX_OP_TEX || inst->op == GS_PTX_OP_TLD4)
        run_sample(x, handle, addr, &bytes);
    else
        run_surface(x, handle, addr, &bytes);
    if (x->out && x->cta->launch->fault == GS_OK) {
        gs_inst *out = x->out;
        out->mem_op = (uint8_t)(inst->op == GS_PTX_OP_SUST ? GS_MEM_STORE : GS_MEM_LOAD);
        out->space = (uint8_t)(inst->op == GS_PTX_OP_SULD || inst->op == GS_PTX_OP_SUST
                                   ? GS_SPACE_GLOBAL : GS_SPACE_TEX);
        out->cache_op = GS_CACHE_DEFAULT;
        out->access_bytes = (uint8_t)bytes;
        GS_FOR_LANES(lane, x->active)
            out->addr[lane] = addr[lane];
    }
}
