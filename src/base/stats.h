/*
 * Statistics registry and run digest (DESIGN.md sections 4 and 9).
 *
 * Modules report their counters at the end of a run, in a fixed order, as
 * `name = value` entries: unsigned integers, or ratios that are printed as
 * fixed-point decimals computed with integer arithmetic (never floats).
 * Names follow GPGPU-Sim where the concept exists (gpu_sim_cycle,
 * gpu_sim_insn, gpu_ipc, ...). The digest is a 64-bit hash of every entry in
 * registry order, plus any output-buffer bytes a workload names; it is the
 * value golden tests compare across hosts. Text, JSON and CSV renderings.
 */
#ifndef GS_BASE_STATS_H
#define GS_BASE_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/fmt.h"
#include "base/status.h"

#define GS_STAT_NAME_MAX 64

typedef enum gs_stat_kind {
    GS_STAT_COUNT = 0,   /* unsigned 64-bit integer */
    GS_STAT_RATIO = 1    /* num/den shown with `decimals` places */
} gs_stat_kind;

typedef struct gs_stat_entry {
    char name[GS_STAT_NAME_MAX];
    uint8_t kind;
    uint8_t decimals;
    uint64_t value;      /* the count, or the ratio's numerator */
    uint64_t den;        /* the ratio's denominator (0 for counts) */
} gs_stat_entry;

typedef struct gs_stats {
    gs_stat_entry *entries;
    uint32_t count;
    uint32_t capacity;
    uint64_t data_hash;  /* running hash of output-buffer bytes */
    uint64_t data_bytes; /* how many bytes went into data_hash */
} gs_stats;

size_t gs_stats_bytes(uint32_t capacity);
gs_status gs_stats_init(gs_stats *stats, gs_arena *arena, uint32_t capacity, gs_diag *diag);

/* Add an entry (names must be unique; a full registry is a simulator bug). */
void gs_stats_put_count(gs_stats *stats, const char *name, uint64_t value);
void gs_stats_put_ratio(gs_stats *stats, const char *name, uint64_t num, uint64_t den,
                        unsigned decimals);
const gs_stat_entry *gs_stats_find(const gs_stats *stats, const char *name);

/* Fold output bytes (already serialised in a host-independent order). */
void gs_stats_add_data(gs_stats *stats, const void *bytes, size_t length);

uint64_t gs_stats_digest(const gs_stats *stats);

/* Render one entry's value as text (ratios as fixed-point decimals). */
size_t gs_stats_value_text(const gs_stat_entry *entry, char *out, size_t capacity);

/* `name = value` lines, last line `digest = <16 hex digits>`. */
void gs_stats_print_text(const gs_stats *stats, const gs_sink *sink);
void gs_stats_print_json(const gs_stats *stats, const gs_sink *sink);
void gs_stats_print_csv(const gs_stats *stats, const gs_sink *sink);

/* Compare with a golden stats text (`name = value` lines, '#' comments).
 * Writes one line per difference to sink; returns the number of differences
 * (entries missing on either side count). Malformed golden text is an error. */
gs_status gs_stats_check(const gs_stats *stats, const char *golden_name, const char *golden,
                         size_t golden_length, const gs_sink *sink, uint32_t *differences,
                         gs_diag *diag);

/* The 64-bit byte hash the digest uses (FNV-1a with a final avalanche). */
uint64_t gs_hash_bytes(uint64_t state, const void *bytes, size_t length);
#define GS_HASH_SEED 0xcbf29ce484222325ull
uint64_t gs_hash_finish(uint64_t state);

#endif
