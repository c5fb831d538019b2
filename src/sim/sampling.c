/*
 * Kernel sampling (sampling.h): the profile pass's grouping, the timing
 * pass's choice between a detailed and a projected launch, and the
 * estimate_* statistics. Integer arithmetic only (DESIGN.md section 4).
 */
#include "sim/sampling.h"

#include <string.h>

size_t gs_sampling_bytes(const gs_config *cfg)
{
    size_t n = cfg->sampling_max_launches;
    return gs_arena_round(n * sizeof(gs_launch_signature)) +   /* signatures */
           2u * gs_arena_round(n * sizeof(uint32_t)) +          /* group of, rep of */
           gs_arena_round(n * sizeof(uint64_t));                /* representatives' cycles */
}

gs_status gs_sampling_init(gs_sampling *s, const gs_config *cfg, gs_gpu *gpu, gs_arena *arena,
                           gs_diag *diag)
{
    size_t n = cfg->sampling_max_launches;
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->gpu = gpu;
    s->capacity = cfg->sampling_max_launches;
    s->sig = (gs_launch_signature *)gs_arena_alloc(arena, n * sizeof(gs_launch_signature));
    s->group_of = (uint32_t *)gs_arena_alloc(arena, n * sizeof(uint32_t));
    s->rep_of_group = (uint32_t *)gs_arena_alloc(arena, n * sizeof(uint32_t));
    s->rep_cycles = (uint64_t *)gs_arena_alloc(arena, n * sizeof(uint64_t));
    if (!s->sig || !s->group_of || !s->rep_of_group || !s->rep_cycles)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for kernel sampling");
    return GS_OK;
}

static void signature_of(const gs_exec_launch *launch, gs_launch_signature *sig)
{
    const char *name = launch->kernel->name;
    memset(sig, 0, sizeof *sig);
    sig->kernel_hash = gs_hash_finish(gs_hash_bytes(GS_HASH_SEED, name, strlen(name)));
    sig->threads_per_cta = launch->block.x * launch->block.y * launch->block.z;
    sig->ctas = launch->grid.x * launch->grid.y * launch->grid.z;
    sig->warp_insts = launch->warp_insts;
    sig->thread_insts = launch->thread_insts;
    sig->mem_warp_insts = launch->mem_warp_insts;
}

/* The 128-bit product a * b as hi:lo. */
static void mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    uint64_t mid = (p0 >> 32) + (p1 & 0xFFFFFFFFu) + (p2 & 0xFFFFFFFFu);
    *lo = (p0 & 0xFFFFFFFFu) | (mid << 32);
    *hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

/* a and b within `percent` of the larger: |a - b| * 100 <= percent * max(a, b). */
int gs_sampling_close(uint64_t a, uint64_t b, uint32_t percent)
{
    uint64_t big = a > b ? a : b, diff = a > b ? a - b : b - a;
    uint64_t l_hi, l_lo, r_hi, r_lo;
    mul128(diff, 100u, &l_hi, &l_lo);
    mul128(percent, big, &r_hi, &r_lo);
    return l_hi < r_hi || (l_hi == r_hi && l_lo <= r_lo);
}

static int same_group(const gs_launch_signature *rep, const gs_launch_signature *sig,
                      uint32_t percent)
{
    return rep->kernel_hash == sig->kernel_hash &&
           rep->threads_per_cta == sig->threads_per_cta &&
           gs_sampling_close(rep->ctas, sig->ctas, percent) &&
           gs_sampling_close(rep->warp_insts, sig->warp_insts, percent) &&
           gs_sampling_close(rep->thread_insts, sig->thread_insts, percent) &&
           gs_sampling_close(rep->mem_warp_insts, sig->mem_warp_insts, percent);
}

gs_status gs_sampling_profile(void *context, gs_host *host, gs_exec_launch *launch,
                              gs_diag *diag)
{
    gs_sampling *s = (gs_sampling *)context;
    gs_launch_signature *sig;
    uint32_t g;
    gs_status st;
    if (s->launches == s->capacity)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0, "kernel sampling: the workload "
                           "launches more than %u kernels; raise -gs_sampling_max_launches",
                           (unsigned)s->capacity);
    /* every launch passes here first: a cooperative grid the GPU cannot hold
     * is refused as an unsampled run refuses it */
    if ((st = gs_sim_check_cooperative(s->gpu, launch, diag)) != GS_OK ||
        (st = gs_host_run_functional(NULL, host, launch, diag)) != GS_OK)
        return st;
    sig = &s->sig[s->launches];
    signature_of(launch, sig);
    for (g = 0; g < s->groups; g++)   /* the first group that takes it (lowest index) */
        if (same_group(&s->sig[s->rep_of_group[g]], sig, s->cfg->sampling_tolerance))
            break;
    if (g == s->groups)
        s->rep_of_group[s->groups++] = s->launches;
    s->group_of[s->launches++] = g;
    return GS_OK;
}

/* round(a * b / c), c > 0, exact for any 64-bit a and b (a 128-bit product). */
uint64_t gs_sampling_scale(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t hi, lo, q = 0, r = 0;
    int bit;
    mul128(a, b, &hi, &lo);
    /* + c / 2, then long division of hi:lo by c, one bit at a time */
    if (lo + c / 2u < lo)
        hi++;
    lo += c / 2u;
    for (bit = 127; bit >= 0; bit--) {
        uint64_t next = bit >= 64 ? (hi >> (bit - 64)) & 1u : (lo >> bit) & 1u;
        int carry = (r >> 63) != 0;
        r = (r << 1) | next;
        q <<= 1;
        if (carry || r >= c) {
            r -= c;
            q |= 1u;
        }
    }
    return q;
}

gs_status gs_sampling_execute(void *context, gs_host *host, gs_exec_launch *launch,
                              gs_diag *diag)
{
    gs_sampling *s = (gs_sampling *)context;
    gs_launch_signature seen;
    uint32_t k = s->next, g, rep;
    uint64_t start;
    gs_status st;
    GS_ASSERT(k < s->launches);   /* the timing pass launches what the profile did */
    g = s->group_of[k];
    rep = s->rep_of_group[g];
    s->next++;
    if (rep == k) {   /* the group's representative: in detail */
        start = s->gpu->cycle;
        st = gs_sim_execute(s->gpu, host, launch, diag);
        s->rep_cycles[g] = s->gpu->cycle - start;
        s->detailed++;
        return st;
    }
    if ((st = gs_host_run_functional(NULL, host, launch, diag)) != GS_OK)
        return st;
    signature_of(launch, &seen);
    GS_ASSERT(memcmp(&seen, &s->sig[k], sizeof seen) == 0);   /* it ran as profiled */
    s->projected++;
    s->projected_warp_insts += launch->warp_insts;
    s->projected_thread_insts += launch->thread_insts;
    s->projected_cycles += s->sig[rep].warp_insts
        ? gs_sampling_scale(s->rep_cycles[g], launch->warp_insts, s->sig[rep].warp_insts)
        : s->rep_cycles[g];
    return GS_OK;
}

void gs_sampling_report(const gs_sampling *s, const gs_gpu *gpu, gs_stats *stats)
{
    uint64_t cycles = gpu->cycle + s->projected_cycles;
    uint64_t insts = gs_sim_thread_insts(gpu) + s->projected_thread_insts;
    gs_stats_put_count(stats, "kernel_sampling_launches", s->launches);
    gs_stats_put_count(stats, "kernel_sampling_groups", s->groups);
    gs_stats_put_count(stats, "kernel_sampling_detailed", s->detailed);
    gs_stats_put_count(stats, "kernel_sampling_projected", s->projected);
    gs_stats_put_count(stats, "estimate_projected_cycles", s->projected_cycles);
    gs_stats_put_count(stats, "estimate_gpu_sim_cycle", cycles);
    gs_stats_put_count(stats, "estimate_gpu_sim_insn", insts);
    gs_stats_put_count(stats, "estimate_gpgpu_n_tot_w_icount",
                       gs_sim_warp_insts(gpu) + s->projected_warp_insts);
    gs_stats_put_ratio(stats, "estimate_gpu_ipc", insts, cycles, 4);
}
