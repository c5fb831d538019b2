/*
 * Shared-memory bank-conflict model (see mem/shmem.h for the rule and its
 * source). Distinct words are kept per bank in short chains, so a
 * conflict-free access costs one comparison per word.
 */
#include "mem/shmem.h"

#include "base/set_index.h"

#define GS_SHMEM_WORDS_MAX (GS_WARP_SIZE * (GS_SHMEM_ACCESS_MAX / 4u + 1u))

gs_status gs_shmem_check(const gs_shmem_params *p, gs_diag *diag)
{
    uint32_t log2;
    if (p->n_banks == 0 || p->n_banks > GS_SHMEM_BANKS_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "shared memory needs 1 to %u banks, "
                           "not %u", GS_SHMEM_BANKS_MAX, (unsigned)p->n_banks);
    if (!gs_exact_log2(p->bank_bytes, &log2) || p->bank_bytes < 4u || p->bank_bytes > 16u)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "shared-memory bank width %u must be "
                           "4, 8 or 16 bytes", (unsigned)p->bank_bytes);
    return GS_OK;
}

typedef struct shmem_banks {
    uint64_t word[GS_SHMEM_WORDS_MAX];
    uint32_t next[GS_SHMEM_WORDS_MAX];
    uint32_t head[GS_SHMEM_BANKS_MAX];
    uint32_t distinct[GS_SHMEM_BANKS_MAX];
    uint32_t n_words;
} shmem_banks;

#define GS_SHMEM_NONE 0xFFFFFFFFu

/* Add word w to its bank; returns the bank's distinct-word count. */
static uint32_t shmem_add(shmem_banks *b, uint32_t n_banks, uint64_t w)
{
    uint32_t bank = (uint32_t)(w % n_banks), i;
    for (i = b->head[bank]; i != GS_SHMEM_NONE; i = b->next[i])
        if (b->word[i] == w)
            return b->distinct[bank];
    GS_ASSERT(b->n_words < GS_SHMEM_WORDS_MAX);
    b->word[b->n_words] = w;
    b->next[b->n_words] = b->head[bank];
    b->head[bank] = b->n_words++;
    return ++b->distinct[bank];
}

uint32_t gs_shmem_cycles(const gs_shmem_params *p, uint32_t active_mask, const uint64_t *addr,
                         uint32_t access_bytes)
{
    shmem_banks b;
    uint32_t lane, i, worst = 0;
    GS_ASSERT(access_bytes >= 1u && access_bytes <= GS_SHMEM_ACCESS_MAX);
    GS_ASSERT(p->n_banks >= 1u && p->n_banks <= GS_SHMEM_BANKS_MAX);
    b.n_words = 0;
    for (i = 0; i < p->n_banks; i++) {
        b.head[i] = GS_SHMEM_NONE;
        b.distinct[i] = 0;
    }
    for (lane = 0; lane < GS_WARP_SIZE; lane++) {
        uint64_t w, first, last;
        if (!(active_mask & (1u << lane)))
            continue;
        first = addr[lane] / p->bank_bytes;
        last = (addr[lane] + access_bytes - 1u) / p->bank_bytes;
        for (w = first; w <= last; w++) {
            uint32_t d = shmem_add(&b, p->n_banks, w);
            worst = d > worst ? d : worst;
        }
    }
    return worst;
}

uint32_t gs_shmem_cycles_inst(const gs_shmem_params *p, const gs_inst *inst)
{
    return gs_shmem_cycles(p, inst->active_mask, inst->addr, inst->access_bytes);
}
