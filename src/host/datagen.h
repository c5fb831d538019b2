/*
 * Seeded input generators for workloads (workload files, examples, tests).
 *
 * Each generator streams the elements of one buffer in index order as raw
 * bits (integers two's complement in 64 bits, f32 as IEEE-754 bits), so a
 * buffer of any size is filled through a small window and the same seed
 * gives the same bytes on every host (gs_prng only; integer arithmetic only,
 * DESIGN.md section 4). Tests use the same generators to build the inputs of
 * their C references.
 *
 * Generators:
 *   zero, const          every element the same bits
 *   iota                 start + i * step (f32: the integer rounded to f32)
 *   random (integer)     uniform in [min, max], both inclusive
 *   random (f32)         min + (max - min) * u / 2^20, u uniform in
 *                        [0, 2^20], rounded to nearest f32 exactly once; min
 *                        and max are fixed-point decimals (value * 10^6)
 *   CSR pattern          rows x cols, each row with a uniform number of
 *                        non-zeros in [nnz_min, nnz_max], their columns
 *                        distinct and ascending (selection sampling); three
 *                        streams: row pointers (rows + 1), column indices,
 *                        values (random f32 as above). A random directed
 *                        graph is the pattern with rows = cols = nodes:
 *                        offsets = row pointers, edges = column indices.
 *                        A fourth stream, nodes, gives per row the pair
 *                        {start, count} (Rodinia BFS's Node struct array,
 *                        2 x rows elements) instead of the row pointers.
 */
#ifndef GS_HOST_DATAGEN_H
#define GS_HOST_DATAGEN_H

#include <stdint.h>

#include "base/prng.h"

/* Random f32 ranges are fixed point with this many units per 1.0. */
#define GS_DATAGEN_FIXED_ONE 1000000
/* Largest |min|, |max| of a random f32 range, in whole units. */
#define GS_DATAGEN_FIXED_MAX_UNITS 1000000
/* Random f32 resolution: u takes 2^20 + 1 values. */
#define GS_DATAGEN_F32_STEPS_LOG2 20

typedef enum gs_datagen_kind {
    GS_DATAGEN_ZERO = 0,
    GS_DATAGEN_CONST,
    GS_DATAGEN_IOTA,
    GS_DATAGEN_RANDOM_INT,
    GS_DATAGEN_RANDOM_F32,
    GS_DATAGEN_CSR_ROWPTR,
    GS_DATAGEN_CSR_COLS,
    GS_DATAGEN_CSR_VALUES,
    GS_DATAGEN_CSR_NODES   /* per row {start, count}: Rodinia's Node array (2 x rows) */
} gs_datagen_kind;

typedef struct gs_datagen_spec {
    uint8_t kind;          /* gs_datagen_kind */
    uint8_t as_f32;        /* iota: round the integer to f32 */
    uint64_t seed;
    uint64_t value;        /* const: element bits */
    int64_t start, step;   /* iota */
    int64_t min, max;      /* random int: bounds; random f32 / CSR values: fixed point */
    uint32_t rows, cols;   /* CSR pattern */
    uint32_t nnz_min, nnz_max;
} gs_datagen_spec;

/* Column sampling: Knuth's selection sampling costs O(cols) a row, which is
 * O(rows x cols) for a whole pattern (minutes for a 10^6-node graph). When
 * cols > GS_DATAGEN_FLOYD_COLS and nnz_max <= GS_DATAGEN_FLOYD_MAX the
 * columns are drawn with Floyd's algorithm instead (O(nnz^2) a row, then
 * sorted): a different, equally uniform pattern for the same seed. The
 * thresholds keep every pattern that existed before this choice unchanged
 * (decision of the workload-suite issue; patterns are fixed by the rule). */
#define GS_DATAGEN_FLOYD_COLS 4096u
#define GS_DATAGEN_FLOYD_MAX 32u

typedef struct gs_datagen {
    gs_datagen_spec spec;
    gs_prng counts;        /* non-zeros per row */
    gs_prng columns;       /* column selection */
    gs_prng values;        /* random values */
    uint64_t index;        /* elements produced so far */
    uint64_t running;      /* row pointer: non-zeros so far */
    uint32_t row, col, left;
    uint32_t picked[GS_DATAGEN_FLOYD_MAX];   /* Floyd sampling: this row's columns */
    uint32_t picked_next;
} gs_datagen;

void gs_datagen_start(gs_datagen *gen, const gs_datagen_spec *spec);
/* The next element's raw bits. */
uint64_t gs_datagen_next(gs_datagen *gen);

/* Total non-zeros (graph edges) of a CSR pattern spec: the length of its
 * column and value streams. Runs the row-count stream once (O(rows)). */
uint64_t gs_datagen_csr_nnz(const gs_datagen_spec *spec);

/* The f32 nearest (ties to even) to (negative ? -1 : 1) * num / den, or
 * 0xFFFFFFFF when it overflows the f32 range (|x| >= 2^128 after rounding)
 * or is below the normal range (non-zero |x| < 2^-126). den must be in
 * [1, 2^62); num 0 gives +0 (or -0 when negative). */
uint32_t gs_datagen_f32_ratio(int negative, uint64_t num, uint64_t den);
#define GS_DATAGEN_F32_BAD 0xFFFFFFFFu

#endif
