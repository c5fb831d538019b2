/*
 * FIFO DRAM scheduler (-gpgpu_dram_scheduler 0; spec/formats.md 2.4).
 *
 * GPGPU-Sim's FIFO semantics: the oldest waiting request of the queue being
 * served goes to its bank when that bank is free, at most one per cycle; a
 * request behind it waits even if its own bank is free (head-of-line
 * blocking), and row hits get no preference.
 */
#include "mem/dram.h"

static void fifo_schedule(void *state, gs_dram *ctrl, uint32_t queue)
{
    uint32_t slot = gs_dram_queue_first(ctrl, queue);
    const gs_dram_entry *e;
    (void)state;
    if (slot == GS_DRAM_NONE)
        return;
    e = gs_dram_entry_at(ctrl, slot);
    if (gs_dram_free_banks(ctrl, queue) & (1ull << e->bank))
        gs_dram_assign(ctrl, slot);
}

const gs_dsched_ops gs_dsched_fifo = {
    "fifo",
    0,
    NULL,
    NULL,
    NULL,
    fifo_schedule
};
