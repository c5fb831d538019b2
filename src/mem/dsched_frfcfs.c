/*
 * FR-FCFS DRAM scheduler (-gpgpu_dram_scheduler 1; Rixner et al. 2000 as
 * seed-002 1.3 quotes it: "schedules requests accessing the current open row
 * first. When there is no memory requests to the current open row, the
 * request scheduler schedules the oldest request").
 *
 * Per bank, as GPGPU-Sim does (seed-002 B7): every free bank with waiting
 * requests in the served queue takes the oldest request to its open row, or,
 * when none targets the open row (or the bank is precharged), its oldest
 * request. Age is arrival order at the queue, which is unique, so there are
 * no ties; banks are visited in index order.
 */
#include "mem/dram.h"

uint32_t gs_dsched_frfcfs_pick(const gs_dram *ctrl, uint32_t bank, uint32_t queue)
{
    uint64_t open_row = gs_dram_open_row(ctrl, bank);
    uint32_t oldest = gs_dram_bank_first(ctrl, bank, queue);
    uint32_t slot = oldest;
    if (open_row == GS_DRAM_ROW_NONE)
        return oldest;
    while (slot != GS_DRAM_NONE) {
        const gs_dram_entry *e = gs_dram_entry_at(ctrl, slot);
        if (e->row == open_row)
            return slot;               /* first ready: oldest row hit */
        slot = e->bank_next;
    }
    return oldest;                     /* first come first served */
}

void gs_dsched_frfcfs_schedule(void *state, gs_dram *ctrl, uint32_t queue)
{
    uint64_t banks = gs_dram_free_banks(ctrl, queue);
    (void)state;
    while (banks != 0) {
        uint32_t bank = gs_dram_lowest_bit(banks);
        banks &= banks - 1u;
        gs_dram_assign(ctrl, gs_dsched_frfcfs_pick(ctrl, bank, queue));
    }
}

const gs_dsched_ops gs_dsched_frfcfs = {
    "frfcfs",
    0,
    NULL,
    NULL,
    NULL,
    gs_dsched_frfcfs_schedule
};
