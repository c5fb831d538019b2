/*
 * Memory instructions of the functional executor: ld, ldu, st, atom, red,
 * prefetch (PTX ISA "Data Movement and Conversion Instructions", "Parallel
 * Synchronization and Communication Instructions"; state spaces as in
 * exec.h and devmem.h).
 *
 * Lanes are processed in ascending lane order, so atomics from one warp to
 * one address apply lowest lane first (decision: PTX leaves the order
 * unspecified). atom.add.f32 rounds to nearest and flushes subnormals, as
 * PTX specifies for the global form (we use the same rule for shared).
 * Out-of-bounds shared, local or param accesses and stores to const or
 * param space are kernel faults (sticky, exec.h).
 */
#include "exec/exec_int.h"

#include "base/fmt.h"

/* A resolved lane access: space and the address inside that space. */
typedef struct gs_lane_addr {
    unsigned space;
    uint64_t addr;
} gs_lane_addr;

static gs_lane_addr resolve(unsigned space, uint64_t addr)
{
    gs_lane_addr r;
    r.space = space;
    r.addr = addr;
    /* .shared and .local windows are 32-bit address spaces (PTX ISA "State
     * Spaces"): [%r+imm] with a 32-bit register wraps modulo 2^32, as nvcc's
     * shared indexing relies on (e.g. %r = base - 64*tid, then [%r+64]). */
    if (space == GS_SPACE_SHARED || space == GS_SPACE_LOCAL)
        r.addr = addr & 0xFFFFFFFFu;
    if (space != GS_SPACE_NONE)
        return r;
    if (addr >= GS_DEVMEM_SHARED_WINDOW && addr < GS_DEVMEM_LOCAL_WINDOW) {
        r.space = GS_SPACE_SHARED;
        r.addr = addr - GS_DEVMEM_SHARED_WINDOW;
    } else if (addr >= GS_DEVMEM_LOCAL_WINDOW && addr < GS_DEVMEM_PARAM_WINDOW) {
        r.space = GS_SPACE_LOCAL;
        r.addr = addr - GS_DEVMEM_LOCAL_WINDOW;
    } else if (addr >= GS_DEVMEM_PARAM_WINDOW && addr < GS_DEVMEM_WINDOW_END) {
        r.space = GS_SPACE_PARAM;
        r.addr = addr - GS_DEVMEM_PARAM_WINDOW;
    } else {
        r.space = GS_SPACE_GLOBAL;
    }
    return r;
}

static void bounds_fault(gs_x *x, const char *space, uint64_t addr, unsigned bytes,
                         uint64_t size)
{
    char what[160];
    gs_fmt(what, sizeof what, "%u-byte %s access at offset 0x%llx is outside its %llu bytes",
           bytes, space, (unsigned long long)addr, (unsigned long long)size);
    gs_x_fault(x, GS_E_PTX, what);
}

/* Bytes of the per-lane storage of a non-device space, or NULL (fault). */
static uint8_t *space_bytes(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned bytes)
{
    gs_exec_cta *cta = x->cta;
    uint64_t thread = (uint64_t)x->warp_index * GS_LANES + lane;
    if (at.space == GS_SPACE_SHARED) {
        if (at.addr + bytes <= cta->shared_bytes && at.addr + bytes >= at.addr)
            return cta->shared + at.addr;
        bounds_fault(x, "shared", at.addr, bytes, cta->shared_bytes);
    } else if (at.space == GS_SPACE_LOCAL) {
        if (at.addr + bytes <= cta->local_bytes && at.addr + bytes >= at.addr)
            return cta->local + thread * cta->local_bytes + at.addr;
        bounds_fault(x, "local", at.addr, bytes, cta->local_bytes);
    } else {
        gs_x_fault(x, GS_E_PTX, "store to a read-only state space (param or const)");
    }
    return NULL;
}

static int is_device(const gs_lane_addr *at, int store)
{
    return at->space == GS_SPACE_GLOBAL || (at->space == GS_SPACE_CONST && !store);
}

/* A device access outside every allocation (issue 22 item 6): a null or
 * wild pointer. Decision: the allocations are the bump allocator's range,
 * [GS_DEVMEM_HEAP_BASE, heap_next) (mem/devmem.h), which holds every buffer
 * and every module's .global and .const segment; the alignment padding
 * between two allocations (under 256 bytes) counts as inside, as it does on
 * a GPU, where only a tool such as compute-sanitizer sees it. The run stops
 * with the kernel, PTX line, PC, CTA, warp, thread, address and space;
 * device_fault() builds the message, so device_ok() is only the range test. */
static void device_fault(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned bytes, int store)
{
    const gs_exec_cta *cta = x->cta;
    uint64_t thread = (uint64_t)x->warp_index * GS_LANES + lane;
    uint32_t bx = cta->launch->block.x, by = cta->launch->block.y;
    char what[200];
    gs_fmt(what, sizeof what, "%u-byte %s %s at address 0x%llx by thread (%u,%u,%u) at PC %u "
           "is outside every device allocation%s", bytes, at.space == GS_SPACE_CONST ?
           "const" : "global", store ? "store" : "load", (unsigned long long)at.addr,
           (unsigned)(thread % bx), (unsigned)(thread / bx % by), (unsigned)(thread / bx / by),
           (unsigned)x->pc, at.addr < 4096u ? " (a null pointer?)" : "");
    gs_x_fault(x, GS_E_PTX, what);
}

static int device_ok(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned bytes, int store)
{
    uint64_t end = at.addr + bytes;
    if (at.addr >= GS_DEVMEM_HEAP_BASE && end <= x->cta->launch->mem->heap_next && end > at.addr)
        return 1;
    device_fault(x, at, lane, bytes, store);
    return 0;
}

static int load(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned bytes, uint64_t *value)
{
    const gs_exec_cta *cta = x->cta;
    const uint8_t *p;
    if (is_device(&at, 0)) {
        if (!device_ok(x, at, lane, bytes, 0))
            return 0;
        *value = gs_devmem_load(cta->launch->mem, at.addr, bytes);
        return 1;
    }
    if (at.space == GS_SPACE_PARAM) {
        if (at.addr + bytes > cta->kernel->param_bytes || at.addr + bytes < at.addr) {
            bounds_fault(x, "param", at.addr, bytes, cta->kernel->param_bytes);
            return 0;
        }
        *value = gs_le_load(cta->launch->params + at.addr, bytes);
        return 1;
    }
    p = space_bytes(x, at, lane, bytes);
    if (!p)
        return 0;
    *value = gs_le_load(p, bytes);
    return 1;
}

static int store(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned bytes, uint64_t value)
{
    uint8_t *p;
    if (is_device(&at, 1)) {
        if (!device_ok(x, at, lane, bytes, 1))
            return 0;
        gs_devmem_store(x->cta->launch->mem, at.addr, bytes, value);
        return 1;
    }
    p = space_bytes(x, at, lane, bytes);
    if (!p)
        return 0;
    gs_le_store(p, bytes, value);
    return 1;
}

int gs_x_load_lane(gs_x *x, uint32_t lane, unsigned space, uint64_t address, unsigned bytes,
                   uint64_t *value)
{
    return load(x, resolve(space, address), lane, bytes, value);
}

int gs_x_store_lane(gs_x *x, uint32_t lane, unsigned space, uint64_t address, unsigned bytes,
                    uint64_t value)
{
    return store(x, resolve(space, address), lane, bytes, value);
}

/* The address gs_inst reports (exec.h): local words interleaved by thread. */
static uint64_t reported(const gs_x *x, gs_lane_addr at, uint32_t lane)
{
    uint64_t thread = (uint64_t)x->warp_index * GS_LANES + lane;
    if (at.space != GS_SPACE_LOCAL)
        return at.addr;
    return ((at.addr >> 2) * x->cta->num_threads + thread) * 4u + (at.addr & 3u);
}

/* Per-lane addresses of an ADDR operand. */
static void addresses(gs_x *x, const gs_ptx_operand *opd, uint64_t *out)
{
    const gs_exec_launch *launch = x->cta->launch;
    uint64_t base = opd->value;
    unsigned lane;
    if (opd->base == GS_PTX_BASE_REG) {
        const uint64_t *row = gs_x_row(x, opd->reg);
        GS_FOR_LANES(lane, x->active)
            out[lane] = row[lane] + base;
        return;
    }
    if (opd->base == GS_PTX_BASE_SYMBOL) {
        if (opd->space == GS_SPACE_GLOBAL)
            base += launch->global_base;
        else if (opd->space == GS_SPACE_CONST)
            base += launch->const_base;
        else if (opd->space == GS_SPACE_LOCAL)   /* .local and .param of the frame */
            base += x->warp->frame_base;
    }
    GS_FOR_LANES(lane, x->active)
        out[lane] = base;
}

/* ---- ld / st ---- */

static uint64_t loaded_value(unsigned type, uint64_t raw)
{
    /* signed sub-word loads sign-extend into the register (exec_int.h) */
    return gs_x_types[type].is_signed ? gs_x_sext(raw, gs_x_types[type].bytes) : raw;
}

static void ld_lane(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned ebytes)
{
    const gs_ptx_inst *inst = x->inst;
    const gs_ptx_operand *d = &inst->opd[0];
    uint64_t value;
    unsigned i;
    if (d->kind == GS_PTX_OPD_REG) {
        if (load(x, at, lane, ebytes, &value))
            gs_x_row(x, d->reg)[lane] = loaded_value(inst->type, value);
        return;
    }
    for (i = 0; i < d->vec_count; i++) {
        gs_lane_addr element = at;
        element.addr += (uint64_t)i * ebytes;
        if (!load(x, element, lane, ebytes, &value))
            return;
        if (d->vec[i] != GS_PTX_REG_SINK)
            gs_x_row(x, d->vec[i])[lane] = loaded_value(inst->type, value);
    }
}

static uint64_t st_value(gs_x *x, const gs_ptx_operand *opd, unsigned i, uint32_t lane)
{
    if (opd->kind == GS_PTX_OPD_REG)
        return gs_x_row(x, opd->reg)[lane];
    if (opd->kind == GS_PTX_OPD_IMM)
        return opd->value;
    return opd->vec[i] == GS_PTX_REG_SINK ? 0u : gs_x_row(x, opd->vec[i])[lane];
}

static void st_lane(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned ebytes)
{
    const gs_ptx_operand *v = &x->inst->opd[1];
    unsigned count = v->kind == GS_PTX_OPD_VEC ? v->vec_count : 1u, i;
    for (i = 0; i < count; i++) {
        gs_lane_addr element = at;
        element.addr += (uint64_t)i * ebytes;
        if (!store(x, element, lane, ebytes, st_value(x, v, i, lane)))
            return;
    }
}

/* ---- atom / red ---- */

static uint64_t atom_apply(const gs_ptx_inst *inst, uint64_t old, uint64_t b, uint64_t c)
{
    unsigned type = inst->type;
    const gs_x_type_info *info = &gs_x_types[type];
    uint64_t o = gs_x_ext(old, type), v = gs_x_ext(b, type);
    int less = info->is_signed ? (int64_t)o < (int64_t)v : o < v;
    switch ((gs_ptx_atom_op)inst->atom_op) {
    case GS_PTX_ATOM_ADD:
        if (type == GS_PTX_T_F32)
            return gs_f32_add((uint32_t)old, (uint32_t)b, GS_FROUND_RN, 1);
        if (type == GS_PTX_T_F64)
            return gs_f64_add(old, b, GS_FROUND_RN);
        return o + v;
    case GS_PTX_ATOM_MIN:
        if (type == GS_PTX_T_F32)
            return gs_f32_min((uint32_t)old, (uint32_t)b, 0);
        return less ? o : v;
    case GS_PTX_ATOM_MAX:
        if (type == GS_PTX_T_F32)
            return gs_f32_max((uint32_t)old, (uint32_t)b, 0);
        return less ? v : o;
    case GS_PTX_ATOM_INC: return o >= v ? 0u : o + 1u;
    case GS_PTX_ATOM_DEC: return (o == 0 || o > v) ? v : o - 1u;
    case GS_PTX_ATOM_AND: return o & v;
    case GS_PTX_ATOM_OR: return o | v;
    case GS_PTX_ATOM_XOR: return o ^ v;
    case GS_PTX_ATOM_EXCH: return b;
    case GS_PTX_ATOM_CAS: return o == v ? c : old;
    default: return old;
    }
}

static int atom_supported(const gs_ptx_inst *inst)
{
    unsigned bytes = gs_x_types[inst->type].bytes;
    if ((bytes != 4u && bytes != 8u) || inst->type == GS_PTX_T_F16X2)
        return 0;
    if (gs_x_types[inst->type].is_float)
        return inst->atom_op == GS_PTX_ATOM_ADD || inst->atom_op == GS_PTX_ATOM_EXCH ||
               (inst->type == GS_PTX_T_F32 && (inst->atom_op == GS_PTX_ATOM_MIN ||
                                               inst->atom_op == GS_PTX_ATOM_MAX));
    return inst->atom_op != GS_PTX_ATOM_NONE;
}

static void atom_lane(gs_x *x, gs_lane_addr at, uint32_t lane, unsigned ebytes,
                      const uint64_t *b, const uint64_t *c)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t old;
    if (!load(x, at, lane, ebytes, &old))
        return;
    if (!store(x, at, lane, ebytes, atom_apply(inst, old, b[lane], c ? c[lane] : 0u)))
        return;
    if (inst->op == GS_PTX_OP_ATOM && inst->opd[0].kind == GS_PTX_OPD_REG)
        gs_x_row(x, inst->opd[0].reg)[lane] = old;
}

/* ---- dispatch ---- */

static void describe_memory(gs_x *x, const gs_lane_addr *at, unsigned ebytes, unsigned mem_op)
{
    gs_inst *out = x->out;
    unsigned lane, first = 1;
    out->mem_op = (uint8_t)mem_op;
    out->cache_op = x->inst->cache_op;
    out->access_bytes = (uint8_t)(ebytes * (x->inst->vec ? x->inst->vec : 1u));
    GS_FOR_LANES(lane, x->active) {
        if (first)
            out->space = (uint8_t)at[lane].space;   /* generic: the first lane's space */
        first = 0;
        out->addr[lane] = reported(x, at[lane], lane);
    }
    if (first)
        out->space = (uint8_t)(x->inst->space ? x->inst->space : GS_SPACE_GLOBAL);
}

static unsigned mem_op_of(unsigned op)
{
    switch (op) {
    case GS_PTX_OP_ST: return GS_MEM_STORE;
    case GS_PTX_OP_ATOM: return GS_MEM_ATOMIC;
    case GS_PTX_OP_RED: return GS_MEM_REDUCE;
    default: return GS_MEM_LOAD;
    }
}

static int address_operand(unsigned op)
{
    return (op == GS_PTX_OP_LD || op == GS_PTX_OP_LDU || op == GS_PTX_OP_ATOM) ? 1 : 0;
}

static void run_lanes(gs_x *x, const gs_lane_addr *at, unsigned ebytes)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t sb[GS_LANES], sc[GS_LANES];
    const uint64_t *b = NULL, *c = NULL;
    unsigned lane, first_value = inst->op == GS_PTX_OP_ATOM ? 2u : 1u;
    if (inst->op == GS_PTX_OP_ATOM || inst->op == GS_PTX_OP_RED) {
        if (!atom_supported(inst)) {
            gs_x_unsupported(x);
            return;
        }
        b = gs_x_src(x, &inst->opd[first_value], sb);
        if (inst->atom_op == GS_PTX_ATOM_CAS)
            c = gs_x_src(x, &inst->opd[first_value + 1u], sc);
    }
    GS_FOR_LANES(lane, x->active) {
        if (x->cta->launch->fault != GS_OK)
            return;
        if (inst->op == GS_PTX_OP_LD || inst->op == GS_PTX_OP_LDU)
            ld_lane(x, at[lane], lane, ebytes);
        else if (inst->op == GS_PTX_OP_ST)
            st_lane(x, at[lane], lane, ebytes);
        else if (b)
            atom_lane(x, at[lane], lane, ebytes, b, c);
    }
}

void gs_exec_memory(gs_x *x)
{
    const gs_ptx_inst *inst = x->inst;
    uint64_t raw[GS_LANES];
    gs_lane_addr at[GS_LANES];
    unsigned ebytes = gs_x_types[inst->type].bytes, lane;
    const gs_ptx_operand *opd = &inst->opd[address_operand(inst->op)];
    if (opd->kind != GS_PTX_OPD_ADDR || (ebytes == 0 && inst->op != GS_PTX_OP_PREFETCH) ||
        inst->space == GS_SPACE_TEX) {
        gs_x_unsupported(x);
        return;
    }
    addresses(x, opd, raw);
    GS_FOR_LANES(lane, x->active)
        at[lane] = resolve(inst->space, raw[lane]);
    if (inst->op != GS_PTX_OP_PREFETCH)
        run_lanes(x, at, ebytes);
    if (x->out && !inst->frame)   /* a frame's ld/st.param is timed as a register move */
        describe_memory(x, at, ebytes, mem_op_of(inst->op));
}
