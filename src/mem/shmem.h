/*
 * Shared-memory bank conflicts (spec/seed-004-gpgpu-arch-book.md section
 * 1.3.2 "Shared-memory path": 32 banks x 32 bits; a conflict is two or more
 * threads accessing DIFFERENT addresses in the same bank; same-address
 * accesses broadcast; a k-way conflict costs k passes).
 *
 * Every active lane touches the bank words [addr / W, (addr + bytes - 1) / W]
 * (W = bank width); word w lives in bank w mod n_banks. The access takes
 * max over banks of the number of DISTINCT words of that bank (1 for a
 * conflict-free access, 0 when no lane is active). An 8-byte access of 32
 * consecutive lanes therefore takes 2 passes, a 16-byte one 4 (each bank holds
 * 2 or 4 distinct words), as on Fermi.
 */
#ifndef GS_MEM_SHMEM_H
#define GS_MEM_SHMEM_H

#include <stdint.h>

#include "base/inst.h"
#include "base/status.h"

#define GS_SHMEM_BANKS_MAX 64u
#define GS_SHMEM_ACCESS_MAX 32u     /* bytes per lane */

typedef struct gs_shmem_params {
    uint32_t n_banks;       /* -gpgpu_shmem_num_banks (32) */
    uint32_t bank_bytes;    /* bank width (4) */
} gs_shmem_params;

gs_status gs_shmem_check(const gs_shmem_params *params, gs_diag *diag);

/* Passes (cycles) the access needs; access_bytes 1 .. GS_SHMEM_ACCESS_MAX. */
uint32_t gs_shmem_cycles(const gs_shmem_params *params, uint32_t active_mask,
                         const uint64_t *addr, uint32_t access_bytes);

uint32_t gs_shmem_cycles_inst(const gs_shmem_params *params, const gs_inst *inst);

#endif
