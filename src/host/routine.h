/*
 * Host routines: the CPU part of a benchmark that runs between its kernels
 * (seed-004 section 1.1: the host copies results back, computes, copies
 * inputs in; Rodinia's backprop does its hidden/output layer on the CPU).
 * A workload file names one with `host NAME ARG...`; it runs on the host
 * through the host API (gs_host_read_u32 / gs_host_write_u32 on device
 * memory), costs no simulated cycles, and is not a kernel: no warp
 * instruction, CTA or launch is counted for it, as GPGPU-Sim does not
 * simulate the CPU.
 *
 * Arithmetic is bit-exact on every host (DESIGN.md section 4): IEEE
 * operations through src/fp/fpmath.h, never host libm. Each routine is one
 * entry of gs_host_routines[] and one file (routine_NAME.c).
 */
#ifndef GS_HOST_ROUTINE_H
#define GS_HOST_ROUTINE_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "host/host.h"

#define GS_HOST_ROUTINE_ARGS_MAX 16u

/* One argument: a buffer's device address and its element count, or a
 * scalar (count 0). */
typedef struct gs_routine_arg {
    uint64_t value;
    uint64_t count;
} gs_routine_arg;

typedef gs_status (*gs_host_routine_fn)(gs_host *host, const gs_routine_arg *args,
                                        const char *file, uint32_t line, gs_diag *diag);

typedef struct gs_host_routine {
    const char *name;
    /* One character an argument: 'b' a 4-byte-element buffer, 'i' an s32. */
    const char *params;
    gs_host_routine_fn run;
    const char *summary;
} gs_host_routine;

/* The routine called name (length bytes), or NULL. */
const gs_host_routine *gs_host_routine_find(const char *name, size_t length);

/* Rodinia backprop's CPU step of bpnn_train_cuda (routine_bpnn.c). */
gs_status gs_routine_bpnn_train_host(gs_host *host, const gs_routine_arg *args,
                                     const char *file, uint32_t line, gs_diag *diag);

/* The routines' names, ", " between them, into buf (cut short to fit size). */
void gs_host_routine_list(char *buf, size_t size);

#endif
