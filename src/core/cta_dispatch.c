/*
 * CTA dispatcher: resource accounting, round-robin placement, occupancy
 * (seed-004 section 1.6). The rules and the decisions taken on the spec's
 * ambiguities are listed in cta_dispatch.h.
 */
#include "core/cta_dispatch.h"
#include "core/sched.h"

#include <string.h>

#define CTA_UNLIMITED 0xFFFFFFFFu

static uint64_t cta_round_up(uint64_t value, uint64_t multiple)
{
    return (value + multiple - 1u) / multiple * multiple;
}

static uint32_t cta_bound(uint64_t capacity, uint64_t demand)
{
    uint64_t n;
    if (demand == 0)
        return CTA_UNLIMITED;
    n = capacity / demand;
    return n > CTA_UNLIMITED ? CTA_UNLIMITED : (uint32_t)n;
}

static uint32_t cta_min_u32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

static gs_status cta_explain_no_fit(const gs_cta_params *p, const gs_kernel_shape *s,
                                const gs_occupancy *occ, gs_diag *diag)
{
    uint32_t padded = occ->warps_per_cta * p->warp_size;
    if (occ->by_threads == 0)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "a CTA of %u threads needs %u thread slots but an SM has %u "
                           "(-gpgpu_shader_core_pipeline)", (unsigned)s->threads_per_cta,
                           (unsigned)padded, (unsigned)p->max_threads_per_sm);
    if (occ->by_registers == 0)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "a CTA needs %u registers (%u threads x %u registers per thread, "
                           "rounded up to 4) but an SM has %u (-gpgpu_shader_registers)",
                           (unsigned)occ->regs_per_cta, (unsigned)padded,
                           (unsigned)s->regs_per_thread, (unsigned)p->registers_per_sm);
    return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                       "a CTA needs %u bytes of shared memory but an SM has %u "
                       "(-gpgpu_shmem_size)", (unsigned)s->shmem_bytes_per_cta,
                       (unsigned)p->shmem_bytes_per_sm);
}

gs_status gs_cta_occupancy(const gs_cta_params *params, const gs_kernel_shape *shape,
                           gs_occupancy *occ, gs_diag *diag)
{
    uint64_t padded, regs;
    memset(occ, 0, sizeof *occ);
    if (shape->num_ctas == 0 || shape->threads_per_cta == 0)
        return gs_diag_set(diag, GS_E_WORKLOAD, NULL, 0, 0,
                           "kernel launch with %u CTAs of %u threads; both must be at least 1",
                           (unsigned)shape->num_ctas, (unsigned)shape->threads_per_cta);
    padded = cta_round_up(shape->threads_per_cta, params->warp_size);
    regs = padded * cta_round_up(shape->regs_per_thread, 4u);
    occ->warps_per_cta = (uint32_t)(padded / params->warp_size);
    occ->regs_per_cta = regs > CTA_UNLIMITED ? CTA_UNLIMITED : (uint32_t)regs;
    occ->by_cta_slots = params->max_ctas_per_sm;
    occ->by_threads = cta_bound(params->max_threads_per_sm, padded);
    occ->by_registers = cta_bound(params->registers_per_sm, regs);
    occ->by_shmem = cta_bound(params->shmem_bytes_per_sm, shape->shmem_bytes_per_cta);
    occ->ctas_per_sm = cta_min_u32(cta_min_u32(occ->by_cta_slots, occ->by_threads),
                               cta_min_u32(occ->by_registers, occ->by_shmem));
    if (occ->ctas_per_sm == 0)
        return cta_explain_no_fit(params, shape, occ, diag);
    occ->warps_per_sm = occ->ctas_per_sm * occ->warps_per_cta;
    occ->limited_by = (occ->by_cta_slots == occ->ctas_per_sm ? GS_CTA_RES_CTA_SLOTS : 0u)
                      | (occ->by_threads == occ->ctas_per_sm ? GS_CTA_RES_THREADS : 0u)
                      | (occ->by_registers == occ->ctas_per_sm ? GS_CTA_RES_REGISTERS : 0u)
                      | (occ->by_shmem == occ->ctas_per_sm ? GS_CTA_RES_SHMEM : 0u);
    return GS_OK;
}

size_t gs_cta_dispatch_bytes(const gs_cta_params *params)
{
    return gs_arena_round((size_t)params->num_sms * sizeof(gs_cta_sm))
           + gs_arena_round((size_t)params->num_sms * params->max_ctas_per_sm
                            * sizeof(gs_cta_placement))
           + gs_arena_round((size_t)params->max_kernels * sizeof(gs_cta_kernel));
}

static gs_status cta_check_params(const gs_cta_params *p, gs_diag *diag)
{
    if (p->num_sms == 0 || p->warp_size == 0 || p->max_kernels == 0)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "CTA dispatcher: SMs (%u), warp size (%u) and kernel queue (%u) "
                           "must all be at least 1", (unsigned)p->num_sms,
                           (unsigned)p->warp_size, (unsigned)p->max_kernels);
    if (p->max_threads_per_sm / p->warp_size > GS_CTA_MAX_WARPS_PER_SM
        || p->max_threads_per_sm % p->warp_size != 0 || p->max_threads_per_sm == 0)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "-gpgpu_shader_core_pipeline %u:%u: threads must be a nonzero "
                           "multiple of the warp size and at most %u warps",
                           (unsigned)p->max_threads_per_sm, (unsigned)p->warp_size,
                           GS_CTA_MAX_WARPS_PER_SM);
    if (p->max_ctas_per_sm == 0 || p->max_ctas_per_sm > GS_CTA_MAX_CTAS_PER_SM)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "-gpgpu_shader_cta %u must be 1..%u", (unsigned)p->max_ctas_per_sm,
                           GS_CTA_MAX_CTAS_PER_SM);
    return GS_OK;
}

static uint64_t cta_low_bits(uint32_t n)
{
    return n >= 64u ? ~(uint64_t)0 : (((uint64_t)1u << n) - 1u);
}

gs_status gs_cta_dispatch_init(gs_cta_dispatch *disp, const gs_cta_params *params,
                               gs_arena *arena, gs_diag *diag)
{
    gs_status status = cta_check_params(params, diag);
    uint32_t i;
    memset(disp, 0, sizeof *disp);
    if (status != GS_OK)
        return status;
    disp->params = *params;
    disp->sms = (gs_cta_sm *)gs_arena_alloc(arena, params->num_sms * sizeof(gs_cta_sm));
    disp->resident = (gs_cta_placement *)gs_arena_alloc(
        arena, (size_t)params->num_sms * params->max_ctas_per_sm * sizeof(gs_cta_placement));
    disp->kernels = (gs_cta_kernel *)gs_arena_alloc(
        arena, (size_t)params->max_kernels * sizeof(gs_cta_kernel));
    if (!disp->sms || !disp->resident || !disp->kernels)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for the CTA dispatcher (%u bytes)",
                           (unsigned)gs_cta_dispatch_bytes(params));
    for (i = 0; i < params->num_sms; i++) {
        disp->sms[i].free_warps = cta_low_bits(params->max_threads_per_sm / params->warp_size);
        disp->sms[i].free_cta_slots = cta_low_bits(params->max_ctas_per_sm);
    }
    disp->last_sm = params->num_sms - 1u;   /* so the first cycle starts at SM 0 */
    return GS_OK;
}

gs_status gs_cta_launch(gs_cta_dispatch *disp, const gs_kernel_shape *shape,
                        uint32_t *kernel, gs_diag *diag)
{
    gs_cta_kernel *k;
    gs_status status;
    if (disp->num_launched >= disp->params.max_kernels)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "more than %u kernel launches (raise the kernel queue limit)",
                           (unsigned)disp->params.max_kernels);
    k = &disp->kernels[disp->num_launched];
    status = gs_cta_occupancy(&disp->params, shape, &k->occ, diag);
    if (status != GS_OK)
        return status;
    k->shape = *shape;
    k->next_cta = 0;
    k->ctas_done = 0;
    *kernel = disp->num_launched++;
    return GS_OK;
}

static int cta_fits(const gs_cta_dispatch *disp, const gs_cta_sm *sm, const gs_cta_kernel *k)
{
    const gs_cta_params *p = &disp->params;
    uint32_t threads = k->occ.warps_per_cta * p->warp_size;
    return sm->ctas_used < p->max_ctas_per_sm
           && sm->threads_used + threads <= p->max_threads_per_sm
           && (uint64_t)sm->regs_used + k->occ.regs_per_cta <= p->registers_per_sm
           && (uint64_t)sm->shmem_used + k->shape.shmem_bytes_per_cta <= p->shmem_bytes_per_sm;
}

static void cta_place(gs_cta_dispatch *disp, uint32_t sm_index, gs_cta_kernel *k,
                  gs_cta_placement *out)
{
    gs_cta_sm *sm = &disp->sms[sm_index];
    uint32_t i, slot = gs_sched_ctz64(sm->free_cta_slots);
    uint64_t warps = 0;
    for (i = 0; i < k->occ.warps_per_cta; i++) {
        uint64_t lowest = sm->free_warps & (~sm->free_warps + 1u);
        GS_ASSERT(lowest != 0);
        warps |= lowest;
        sm->free_warps &= ~lowest;
    }
    sm->free_cta_slots &= ~((uint64_t)1u << slot);
    sm->ctas_used++;
    sm->threads_used += k->occ.warps_per_cta * disp->params.warp_size;
    sm->regs_used += k->occ.regs_per_cta;
    sm->shmem_used += k->shape.shmem_bytes_per_cta;
    out->sm = sm_index;
    out->cta_slot = slot;
    out->kernel = disp->running;
    out->cta_id = k->next_cta++;
    out->num_warps = k->occ.warps_per_cta;
    out->warp_mask = warps;
    disp->resident[(size_t)sm_index * disp->params.max_ctas_per_sm + slot] = *out;
    disp->ctas_dispatched++;
}

uint32_t gs_cta_dispatch_cycle(gs_cta_dispatch *disp, gs_cta_placement *out)
{
    return gs_cta_dispatch_cycle_max(disp, out, UINT32_MAX);
}

uint32_t gs_cta_dispatch_cycle_max(gs_cta_dispatch *disp, gs_cta_placement *out, uint32_t max)
{
    uint32_t i, placed = 0, start = disp->last_sm + 1u, n = disp->params.num_sms;
    gs_cta_kernel *k;
    if (disp->running >= disp->num_launched)
        return 0;
    k = &disp->kernels[disp->running];
    for (i = 0; i < n && placed < max && k->next_cta < k->shape.num_ctas; i++) {
        uint32_t sm = (start + i) % n;
        if (!cta_fits(disp, &disp->sms[sm], k))
            continue;
        cta_place(disp, sm, k, &out[placed++]);
        disp->last_sm = sm;
    }
    return placed;
}

int gs_cta_finish(gs_cta_dispatch *disp, uint32_t sm_index, uint32_t cta_slot)
{
    gs_cta_sm *sm = &disp->sms[sm_index];
    gs_cta_placement *res;
    gs_cta_kernel *k;
    GS_ASSERT(sm_index < disp->params.num_sms && cta_slot < disp->params.max_ctas_per_sm);
    GS_ASSERT(!(sm->free_cta_slots & ((uint64_t)1u << cta_slot)));
    res = &disp->resident[(size_t)sm_index * disp->params.max_ctas_per_sm + cta_slot];
    k = &disp->kernels[res->kernel];
    sm->free_cta_slots |= (uint64_t)1u << cta_slot;
    sm->free_warps |= res->warp_mask;
    sm->ctas_used--;
    sm->threads_used -= k->occ.warps_per_cta * disp->params.warp_size;
    sm->regs_used -= k->occ.regs_per_cta;
    sm->shmem_used -= k->shape.shmem_bytes_per_cta;
    k->ctas_done++;
    if (k->ctas_done < k->shape.num_ctas)
        return 0;
    GS_ASSERT(res->kernel == disp->running);
    disp->running++;
    return 1;
}

int gs_cta_kernel_done(const gs_cta_dispatch *disp, uint32_t kernel)
{
    return kernel < disp->running;
}

int gs_cta_all_done(const gs_cta_dispatch *disp)
{
    return disp->running >= disp->num_launched;
}

const gs_cta_sm *gs_cta_sm_state(const gs_cta_dispatch *disp, uint32_t sm)
{
    GS_ASSERT(sm < disp->params.num_sms);
    return &disp->sms[sm];
}
