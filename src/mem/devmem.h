/*
 * Simulated device memory (DESIGN.md section 5: "a pool of fixed-size pages
 * inside the arena, mapped on first touch"; seed-004 section 1.1: the host
 * allocates device memory, copies data in, launches, copies results out).
 *
 * The device address space is byte addressed and little-endian, as on every
 * NVIDIA GPU: values are assembled from bytes explicitly, so a big-endian
 * host sees the same device bytes. Physical storage is a pool of pages, all
 * carved from the arena before cycle 0; a page is mapped the first time it
 * is written. The page table is open addressing on the page number with a
 * fixed multiplicative hash and linear probing: no pointer value ever decides
 * anything. Reads of never-written memory return zero without mapping.
 *
 * Device allocations come from a bump allocator (cudaMalloc-like) that hands
 * out 256-byte aligned ranges starting at GS_DEVMEM_HEAP_BASE. Allocating
 * does not map pages; an allocation only has to fit in the address window.
 * Decision: running out of pages is reported where it happens: host copies
 * return GS_E_LIMIT at once; a kernel store that finds no free page records a
 * sticky fault that the launch returns as GS_E_LIMIT, naming the option to
 * raise (GS_DEVMEM_PAGES_OPTION).
 */
#ifndef GS_MEM_DEVMEM_H
#define GS_MEM_DEVMEM_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"

/* Fixed address map (documented in the README text, /tmp/notes/ptxexec.md).
 * Decision: generic addresses below GS_DEVMEM_HEAP_BASE are windows onto the
 * per-CTA shared memory, the per-thread local memory and the kernel's
 * parameter buffer (cvta adds the window base); everything else is global
 * memory. */
#define GS_DEVMEM_SHARED_WINDOW 0x01000000ull  /* generic shared base (16 MiB) */
#define GS_DEVMEM_LOCAL_WINDOW 0x02000000ull   /* generic local base (32 MiB) */
#define GS_DEVMEM_PARAM_WINDOW 0x04000000ull   /* generic kernel-param base (16 MiB) */
#define GS_DEVMEM_WINDOW_END 0x05000000ull
#define GS_DEVMEM_HEAP_BASE 0x10000000ull      /* first cudaMalloc address */
#define GS_DEVMEM_ALLOC_ALIGN 256u             /* cudaMalloc alignment */

/* What a message tells the user to raise when a limit is hit: the host
 * configuration's fields (the CLI sizes them from the workload's buffers). */
#define GS_DEVMEM_PAGES_OPTION "gs_host_config.devmem.page_count"
#define GS_DEVMEM_SIZE_OPTION "gs_host_config.devmem.address_bytes"

/* Allocations remembered with their sizes (gs_devmem_allocation_of): the
 * memory objects GREEN's regions are made of (mech/green.c). A workload
 * makes at most GS_WL_MAX_BUFFERS + 2 x GS_WL_MAX_PTX + 1 (host/workload.h);
 * an embedder's allocations past the log are served but not remembered
 * (counted in allocs_unlogged): an address in them belongs to no object. */
#define GS_DEVMEM_ALLOC_LOG 64u

#define GS_DEVMEM_PAGE_BYTES_MIN 256u
#define GS_DEVMEM_PAGE_BYTES_MAX (1u << 24)

typedef struct gs_devmem_config {
    uint32_t page_bytes;         /* power of two in [MIN, MAX] */
    uint32_t page_count;         /* physical pages in the pool */
    uint64_t address_bytes;      /* size of the allocatable window above the heap base */
} gs_devmem_config;

typedef struct gs_devmem {
    uint8_t *pool;               /* page_count * page_bytes, zero-filled */
    uint64_t *slot_page;         /* table: page number + 1; 0 = empty slot */
    uint32_t *slot_frame;        /* table: index of the page in the pool */
    uint32_t table_mask;         /* table slots - 1 (power of two) */
    uint32_t page_shift;
    uint32_t page_bytes;
    uint32_t page_count;
    uint32_t pages_used;
    uint64_t heap_next;          /* bump pointer */
    uint64_t heap_end;
    uint64_t cached_page;        /* last page looked up, + 1 (0 = none) */
    uint8_t *cached_data;
    uint64_t alloc_base[GS_DEVMEM_ALLOC_LOG];    /* the log, ascending (bump allocator) */
    uint64_t alloc_bytes[GS_DEVMEM_ALLOC_LOG];   /* as asked (before rounding) */
    uint32_t allocs;             /* entries in the log */
    uint32_t allocs_unlogged;    /* allocations past it */
    uint32_t faults;             /* kernel stores that found no free page */
    uint64_t fault_addr;         /* first such address */
} gs_devmem;

/* The logged allocation holding `addr` (within the bytes asked for): 1 with
 * its base and size, else 0. */
int gs_devmem_allocation_of(const gs_devmem *mem, uint64_t addr, uint64_t *base,
                            uint64_t *bytes);

/* Arena bytes gs_devmem_init will take (pool + page table). */
size_t gs_devmem_bytes(const gs_devmem_config *config);

/* Checks the configuration (GS_E_CONFIG naming the option) and carves the
 * pool from the arena (GS_E_ARENA when it does not fit). */
gs_status gs_devmem_init(gs_devmem *mem, const gs_devmem_config *config, gs_arena *arena,
                         gs_diag *diag);

/* cudaMalloc: a fresh 256-byte aligned range (0 bytes gives a valid unique
 * address). GS_E_LIMIT when the address window is used up. */
gs_status gs_devmem_alloc(gs_devmem *mem, uint64_t bytes, uint64_t *address, gs_diag *diag);
/* The heap bytes such an allocation takes: `bytes` rounded up to
 * GS_DEVMEM_ALLOC_ALIGN, at least one unit (0 when the rounding overflows),
 * so a plan sizes device memory exactly as the allocator will use it. */
uint64_t gs_devmem_alloc_bytes(uint64_t bytes);

/* Host copies and fills (map pages; GS_E_LIMIT when the pool is full). */
gs_status gs_devmem_write(gs_devmem *mem, uint64_t address, const void *bytes, size_t length,
                          gs_diag *diag);
void gs_devmem_read(gs_devmem *mem, uint64_t address, void *bytes, size_t length);
gs_status gs_devmem_fill(gs_devmem *mem, uint64_t address, uint8_t value, size_t length,
                         gs_diag *diag);

/* Executor accessors: little-endian values of 1, 2, 4 or 8 bytes. A store
 * that needs a page when none is free is dropped and counted in `faults`. */
uint64_t gs_devmem_load(gs_devmem *mem, uint64_t address, unsigned bytes);
void gs_devmem_store(gs_devmem *mem, uint64_t address, unsigned bytes, uint64_t value);

/* GS_E_LIMIT describing the first kernel fault, or GS_OK when none. */
gs_status gs_devmem_fault_status(const gs_devmem *mem, gs_diag *diag);

/* Little-endian serialisation helpers (shared by the executor and host). */
uint64_t gs_le_load(const uint8_t *bytes, unsigned count);
void gs_le_store(uint8_t *bytes, unsigned count, uint64_t value);

#endif
