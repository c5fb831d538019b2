/*
 * The inter-core-locality-aware DRAM schedulers (seed-002 sections 2.2-2.3;
 * Dongdong Li, UBC 2015): MSHR-M (-gpgpu_dram_scheduler mshr_m), MSHR-S
 * (mshr_s) and MSHR-S+A (mshr_sa). They read the DRAM-side Merge
 * Information Buffer the controller keeps for every queued read (mem/dram.h
 * gs_dram_entry mib_len / mib_age; the L2s' dummy requests keep it current).
 *
 *   policy     request score        row score (over the bank's queued reads)
 *   MSHR-M     merge length         the largest request score of the row
 *   MSHR-S     merge length         the sum of its requests' scores
 *   MSHR-S+A   Age_MSHR (mib_age)   the sum of its requests' scores
 *
 * Rule 1, per free bank with queued reads: (1) requests to the open row
 * first, the largest request score among them; (2) otherwise the row with
 * the largest row score is opened, and (1) picks within it.
 * Decisions (README "Decisions", seed-002 5.2):
 *  - B5: the S+A request score is Age_MSHR itself, which already weighs the
 *    merge length (it grows by the length each cycle).
 *  - B6: ties go to the oldest: the oldest request among equal scores, and
 *    among rows of equal score the row whose oldest request is oldest.
 *  - B7: per bank, as FR-FCFS works here and in GPGPU-Sim: each free bank
 *    chooses among its own queued reads; a bank busy with a request is not
 *    chosen for (the row-score table's {bank, row} entries are the rows of
 *    each bank's queue).
 *  - B17: the row score counts the queued reads only (writes carry no
 *    merge information; a request handed to its bank has left the queue).
 *  - B18: row scores are computed from the bank's queued reads when the bank
 *    needs a row, so the row-score table has no capacity of its own.
 *  - The write queue (draining) is served by FR-FCFS, as seed 002 keeps it.
 * With every merge length 1, MSHR-S opens the row with the most queued
 * reads (Rixner's most-pending), MSHR-M the oldest row, and MSHR-S+A the
 * row whose reads have waited longest in all.
 */
#include "mem/dram.h"

enum { SCORE_LEN = 0, SCORE_AGE = 1 };
enum { ROW_MAX = 0, ROW_SUM = 1 };

static uint64_t request_score(const gs_dram_entry *e, int by)
{
    return by == SCORE_AGE ? e->mib_age : e->mib_len;
}

/* The largest request score among the bank's reads to `row` (the oldest on
 * a tie), or GS_DRAM_NONE. */
static uint32_t best_of_row(const gs_dram *ctrl, uint32_t bank, uint64_t row, int by)
{
    uint32_t slot, best = GS_DRAM_NONE;
    uint64_t best_score = 0;
    for (slot = gs_dram_bank_first(ctrl, bank, GS_DRAM_QUEUE_READ); slot != GS_DRAM_NONE;
         slot = gs_dram_entry_at(ctrl, slot)->bank_next) {
        const gs_dram_entry *e = gs_dram_entry_at(ctrl, slot);
        if (e->row != row)
            continue;
        if (best == GS_DRAM_NONE || request_score(e, by) > best_score) {
            best = slot;
            best_score = request_score(e, by);
        }
    }
    return best;
}

/* The row score of `row` in the bank's queue. */
static uint64_t row_score(const gs_dram *ctrl, uint32_t bank, uint64_t row, int by, int how)
{
    uint32_t slot;
    uint64_t score = 0;
    for (slot = gs_dram_bank_first(ctrl, bank, GS_DRAM_QUEUE_READ); slot != GS_DRAM_NONE;
         slot = gs_dram_entry_at(ctrl, slot)->bank_next) {
        const gs_dram_entry *e = gs_dram_entry_at(ctrl, slot);
        if (e->row != row)
            continue;
        if (how == ROW_SUM)
            score += request_score(e, by);
        else if (request_score(e, by) > score)
            score = request_score(e, by);
    }
    return score;
}

/* The row to open: the largest row score, rows visited in the order of
 * their oldest request (so the first of equal scores is the oldest row).
 * A row is scored once, at its oldest request: O(n^2) over a bank's at most
 * read-queue-size reads, only when the open row has none. */
static uint64_t best_row(const gs_dram *ctrl, uint32_t bank, int by, int how)
{
    uint32_t slot, seen;
    uint64_t best = GS_DRAM_ROW_NONE, best_score = 0;
    for (slot = gs_dram_bank_first(ctrl, bank, GS_DRAM_QUEUE_READ); slot != GS_DRAM_NONE;
         slot = gs_dram_entry_at(ctrl, slot)->bank_next) {
        const gs_dram_entry *e = gs_dram_entry_at(ctrl, slot);
        uint64_t score;
        for (seen = gs_dram_bank_first(ctrl, bank, GS_DRAM_QUEUE_READ); seen != slot;
             seen = gs_dram_entry_at(ctrl, seen)->bank_next)
            if (gs_dram_entry_at(ctrl, seen)->row == e->row)
                break;
        if (seen != slot)
            continue;   /* the row was scored at its oldest request */
        score = row_score(ctrl, bank, e->row, by, how);
        if (best == GS_DRAM_ROW_NONE || score > best_score) {
            best = e->row;
            best_score = score;
        }
    }
    return best;
}

static void mshr_schedule(gs_dram *ctrl, uint32_t queue, int by, int how)
{
    uint64_t banks;
    if (queue != GS_DRAM_QUEUE_READ) {
        gs_dsched_frfcfs_schedule(NULL, ctrl, queue);
        return;
    }
    banks = gs_dram_free_banks(ctrl, queue);
    while (banks != 0) {
        uint32_t bank = gs_dram_lowest_bit(banks), pick = GS_DRAM_NONE;
        uint64_t open = gs_dram_open_row(ctrl, bank);
        banks &= banks - 1u;
        if (open != GS_DRAM_ROW_NONE)
            pick = best_of_row(ctrl, bank, open, by);             /* rule 1: row hits */
        if (pick == GS_DRAM_NONE)
            pick = best_of_row(ctrl, bank, best_row(ctrl, bank, by, how), by);   /* rule 2 */
        if (pick != gs_dsched_frfcfs_pick(ctrl, bank, queue))
            gs_dram_note_reorder(ctrl);
        gs_dram_assign(ctrl, pick);
    }
}

static void mshr_m_schedule(void *state, gs_dram *ctrl, uint32_t queue)
{
    (void)state;
    mshr_schedule(ctrl, queue, SCORE_LEN, ROW_MAX);
}

static void mshr_s_schedule(void *state, gs_dram *ctrl, uint32_t queue)
{
    (void)state;
    mshr_schedule(ctrl, queue, SCORE_LEN, ROW_SUM);
}

static void mshr_sa_schedule(void *state, gs_dram *ctrl, uint32_t queue)
{
    (void)state;
    mshr_schedule(ctrl, queue, SCORE_AGE, ROW_SUM);
}

const gs_dsched_ops gs_dsched_mshr_m = { "mshr_m", 1, NULL, NULL, NULL, mshr_m_schedule };
const gs_dsched_ops gs_dsched_mshr_s = { "mshr_s", 1, NULL, NULL, NULL, mshr_s_schedule };
const gs_dsched_ops gs_dsched_mshr_sa = { "mshr_sa", 1, NULL, NULL, NULL, mshr_sa_schedule };
