/*
 * Accel-Sim trace runs under the timing model (gpu.h; issue 7;
 * spec/formats.md section 1.1): the commands of kernelslist.g in order.
 * MemcpyHtoD commands are counted, not simulated (decision: the timing model
 * has no host-to-device copy engine; Accel-Sim does not time them either);
 * their ranges are the memory regions of the kernels after them
 * (mem/region.h).
 * Each kernel is queued with its occupancy from the trace header (block dim
 * -> threads per CTA, -nregs -> registers per thread, -shmem -> shared
 * memory per CTA; cta_dispatch.h has the rounding rules), then run to
 * completion with the trace front end (sim/frontend_trace.c) before the
 * next command is read, as in one CUDA stream. A trace run uses trace
 * timing (core/exec_unit.h gs_eu_use_trace_timing: Accel-Sim trace.config
 * latencies and specialized units, formats.md 1.6); each kernel first checks
 * that the specialized units its opcode table needs are enabled.
 */
#include "sim/frontend_trace.h"
#include "sim/gpu.h"

static gs_status run_trace_kernel(gs_gpu *gpu, gs_fe_trace *fe, gs_diag *diag)
{
    const gs_trace_kernel *k = &fe->tr->kernel;
    gs_kernel_shape ks;
    gs_status st;
    if (k->num_ctas > 0xFFFFFFFFu)
        return gs_diag_set(diag, GS_E_LIMIT, fe->tr->kernel_path, 0, 0,
                           "a grid of %llu thread blocks is above the dispatcher's 2^32 - 1",
                           (unsigned long long)k->num_ctas);
    if ((st = gs_sim_cap_before_kernel(gpu, diag)) != GS_OK)
        return st;
    gs_fe_trace_check_units(fe, &gpu->sms[0].eu);
    ks.num_ctas = (uint32_t)k->num_ctas;
    ks.threads_per_cta = k->block.x * k->block.y * k->block.z;
    ks.regs_per_thread = k->nregs;
    ks.shmem_bytes_per_cta = k->shmem_bytes;
    if ((st = gs_sim_queue_kernel(gpu, &ks, diag)) != GS_OK)
        return st;
    gs_fe_trace_bind(&gpu->fe, fe);
    gs_sim_set_kernel_name(gpu, k->name);
    gs_sim_set_kernel_source(gpu, fe->tr->kernel_path, 0);
    gpu->regions = gpu->trace_objects;   /* a trace names no arguments: the copies */
    if ((st = gs_sim_run_kernel(gpu, diag)) != GS_OK)
        return st;
    fe->kernels++;
    return GS_OK;
}

void gs_sim_report_trace(const gs_gpu *gpu, const gs_fe_trace *fe, gs_stats *stats)
{
    uint64_t addressless = 0;
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++)
        addressless += gpu->sms[i].tex_storage.accepted;
    gs_sim_report(gpu, stats);
    gs_fe_trace_report(fe, addressless, stats);
}

gs_status gs_sim_run_trace(gs_gpu *gpu, gs_fe_trace *fe, gs_diag *diag)
{
    uint32_t i;
    for (i = 0; i < gpu->n_sms; i++)
        gs_eu_use_trace_timing(&gpu->sms[i].eu);
    for (;;) {
        gs_trace_cmd cmd;
        gs_status st = gs_trace_next(fe->tr, &cmd, diag);
        if (st != GS_OK || cmd.kind == GS_TRACE_END)
            return st;
        if (cmd.kind == GS_TRACE_MEMCPY) {
            fe->memcpys++;
            fe->memcpy_bytes += cmd.bytes;
            gs_regions_add(&gpu->trace_objects, cmd.addr, cmd.bytes);
        } else if ((st = run_trace_kernel(gpu, fe, diag)) != GS_OK) {
            return st;
        }
    }
}
