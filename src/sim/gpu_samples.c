/*
 * Time-series samples of a timing run (-gs_sample_cycles S; issue 13 part
 * 5, the single-run report): every S core cycles the GPU records, so far,
 * its committed thread and issued warp instructions, L1D and L2 requests and
 * misses, L1D reservation fails by reason, DRAM data-bus busy cycles and
 * channel-cycles, and each SM's committed thread instructions, plus the
 * resident warps at that moment. The table is fixed: GS_SIM_MAX_SAMPLES rows
 * of GS_SAMPLE_PER_SM + n_sms 64-bit counters, carved from the arena only
 * when sampling is on (later samples are counted as dropped, never stored).
 * Enabled mechanisms may add columns after these (mech/mech.h
 * gs_mech_samples), kept in their own state and written in list order.
 * All integers; the CSV rendering gives each period's differences, and the
 * report (src/cli/cli_report*.c) draws from it.
 *
 * When: a sample due at cycle c (c a multiple of S) is taken at the first
 * loop iteration whose cycle is >= c, after the memory domains' edges before
 * that core edge ran and before the dispatcher and the SMs run it, so the
 * counters cover exactly the cycles before it (DESIGN.md section 3's edge
 * order). A clock jump stops at each sample's cycle (gpu_run.c jump()), so
 * the memory domains' edges before it, which count DRAM cycles even while
 * idle, have run as without the jump.
 */
#include "sim/gpu.h"

#include <string.h>

static const char *const fixed_column[GS_SAMPLE_PER_SM] = {
    "active_warps", "thread_insts", "warp_insts", "l1d_accesses", "l1d_misses",
    "l1d_fail_line_alloc", "l1d_fail_miss_queue_full", "l1d_fail_mshr_entry",
    "l1d_fail_mshr_merge", "l2_accesses", "l2_misses", "dram_busy_cycles",
    "dram_channel_cycles"
};

const char *gs_sim_sample_column_name(uint32_t column)
{
    return column < GS_SAMPLE_PER_SM ? fixed_column[column] : NULL;
}

uint32_t gs_sim_sample_columns(const gs_config *cfg)
{
    return GS_SAMPLE_PER_SM + gs_config_n_sms(cfg);
}

size_t gs_sim_samples_bytes(const gs_config *cfg)
{
    if (!cfg->sample_cycles)
        return 0;
    return gs_arena_round((size_t)GS_SIM_MAX_SAMPLES * gs_sim_sample_columns(cfg) *
                          sizeof(uint64_t)) +
           gs_arena_round(GS_MECH_ENABLED_MAX * sizeof(gs_mech_samples));
}

gs_status gs_sim_samples_init(gs_gpu *gpu, gs_arena *arena, gs_diag *diag)
{
    gpu->sample_cols = gs_sim_sample_columns(gpu->cfg);
    gpu->next_sample = gpu->cfg->sample_cycles ? 0 : ~(uint64_t)0;
    if (!gpu->cfg->sample_cycles)
        return GS_OK;
    gpu->sample_table = (uint64_t *)gs_arena_alloc(arena, (size_t)GS_SIM_MAX_SAMPLES *
                                                              gpu->sample_cols * sizeof(uint64_t));
    gpu->mech_samples = (gs_mech_samples *)gs_arena_alloc(arena, GS_MECH_ENABLED_MAX *
                                                                 sizeof(gs_mech_samples));
    if (!gpu->sample_table || !gpu->mech_samples)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for the samples");
    return GS_OK;
}

static uint32_t resident_warps(const gs_gpu *gpu)
{
    uint32_t i, total = 0;
    for (i = 0; i < gpu->num_active; i++)
        total += gpu->sms[gpu->active[i]].resident_warps;
    return total;
}

/* The counters now, into row (sample_cols entries). */
static void read_counters(const gs_gpu *gpu, uint64_t *row)
{
    uint32_t i;
    memset(row, 0, gpu->sample_cols * sizeof *row);
    row[GS_SAMPLE_ACTIVE_WARPS] = resident_warps(gpu);
    for (i = 0; i < gpu->n_sms; i++) {
        row[GS_SAMPLE_THREAD_INSTS] += gpu->sms[i].st.thread_insts;
        row[GS_SAMPLE_WARP_INSTS] += gpu->sms[i].st.warp_insts;
        row[GS_SAMPLE_PER_SM + i] = gpu->sms[i].st.thread_insts;
    }
    if (gpu->memsys) {
        gs_memsys_sample m;
        gs_memsys_sample_counts(gpu->memsys, &m);
        row[GS_SAMPLE_L1D_ACCESSES] = m.l1d_accesses;
        row[GS_SAMPLE_L1D_MISSES] = m.l1d_misses;
        for (i = 0; i < GS_MEMSYS_SAMPLE_FAILS; i++)
            row[GS_SAMPLE_L1D_FAIL_FIRST + i] = m.l1d_fails[i];
        row[GS_SAMPLE_L2_ACCESSES] = m.l2_accesses;
        row[GS_SAMPLE_L2_MISSES] = m.l2_misses;
        row[GS_SAMPLE_DRAM_BUSY] = m.dram_busy_cycles;
        row[GS_SAMPLE_DRAM_SLOTS] = m.dram_channel_cycles;
    }
}

void gs_sim_take_samples(gs_gpu *gpu)
{
    uint64_t *first = NULL;
    uint32_t m;
    while (gpu->next_sample <= gpu->cycle) {
        if (gpu->num_samples < GS_SIM_MAX_SAMPLES) {
            uint64_t *row = gpu->sample_table + (size_t)gpu->num_samples * gpu->sample_cols;
            if (first == NULL)
                read_counters(gpu, first = row);
            else   /* skipped over by a clock jump: the same values */
                memcpy(row, first, gpu->sample_cols * sizeof *row);
            for (m = 0; m < gpu->n_mechs; m++)   /* the mechanisms' columns (mech/mech.h) */
                if (gpu->mech_samples != NULL && gpu->mech_samples[m].columns != 0)
                    gpu->mech_samples[m].take(gpu->mech_state[m], gpu->num_samples);
            gpu->num_samples++;
        } else
            gpu->samples_dropped++;
        gpu->next_sample += gpu->cfg->sample_cycles;
    }
}

uint64_t gs_sim_sample(const gs_gpu *gpu, uint32_t sample, uint32_t column)
{
    return gpu->sample_table[(size_t)sample * gpu->sample_cols + column];
}

/* The CSV: a header, then one row per period: the cycle that ends it, its
 * length in cycles, the resident warps at its end, and every counter's
 * increase over it. Row i ends at sample i (i >= 1); when no sample was
 * dropped, a last row ends at the run's end (the cycle after its last). */
void gs_sim_write_samples_csv(const gs_gpu *gpu, const gs_sink *sink)
{
    uint64_t prev_cycle = 0;
    uint32_t i, c, m, rows = gpu->num_samples;
    const uint64_t *prev = NULL;
    gs_sink_puts(sink, "cycle,cycles");
    for (c = 0; c < GS_SAMPLE_PER_SM; c++)
        gs_sink_printf(sink, ",%s", fixed_column[c]);
    for (c = 0; c < gpu->n_sms; c++)
        gs_sink_printf(sink, ",sm%u_thread_insts", (unsigned)c);
    for (m = 0; m < gpu->n_mechs; m++) {
        const gs_mech_samples *ms = &gpu->mech_samples[m];
        for (c = 0; c < ms->columns; c++) {
            char name[GS_STAT_NAME_MAX];
            ms->name(gpu->mech_state[m], c, name, sizeof name);
            gs_sink_printf(sink, ",%s", name);
        }
    }
    gs_sink_puts(sink, "\n");
    for (i = 0; i <= rows; i++) {
        uint64_t live[GS_SAMPLE_PER_SM + GS_MAX_SMS];
        const uint64_t *row;
        uint64_t cycle;
        if (i < rows) {
            row = gpu->sample_table + (size_t)i * gpu->sample_cols;
            cycle = (uint64_t)i * gpu->cfg->sample_cycles;
        } else {
            if (gpu->samples_dropped || rows == 0 || gpu->cycle <= prev_cycle)
                break;
            read_counters(gpu, live);
            row = live;
            cycle = gpu->cycle;
        }
        if (prev) {
            gs_sink_printf(sink, "%llu,%llu,%llu", (unsigned long long)cycle,
                           (unsigned long long)(cycle - prev_cycle),
                           (unsigned long long)row[GS_SAMPLE_ACTIVE_WARPS]);
            for (c = 1; c < gpu->sample_cols; c++)
                gs_sink_printf(sink, ",%llu", (unsigned long long)(row[c] - prev[c]));
            for (m = 0; m < gpu->n_mechs; m++) {
                const gs_mech_samples *ms = &gpu->mech_samples[m];
                const void *ctx = gpu->mech_state[m];
                for (c = 0; c < ms->columns; c++)
                    gs_sink_printf(sink, ",%llu", (unsigned long long)
                                   (ms->value(ctx, i < rows ? i : GS_MECH_SAMPLE_NOW, c) -
                                    ms->value(ctx, i - 1u, c)));
            }
            gs_sink_puts(sink, "\n");
        }
        prev = row;
        prev_cycle = cycle;
    }
}
