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

#define GS_STAT_NAME_MAX 96
/* The longest kernel name, NUL included: PTX puts no limit on names, and
 * C++ mangled template names run to hundreds of characters. */
#define GS_KERNEL_NAME_MAX 1024
/* Text pool bytes a registry reserves per text entry (gs_stats_bytes_texts):
 * the per-core cache lines and capped_by fit it. A text may take up to
 * GS_STAT_TEXT_LONGEST bytes (a kernel_name; longer ones are cut) when the
 * registry reserves that much (GS_STAT_TEXTS_KERNEL_NAME entries' worth). */
#define GS_STAT_TEXT_MAX 256
#define GS_STAT_TEXT_LONGEST GS_KERNEL_NAME_MAX
#define GS_STAT_TEXTS_KERNEL_NAME \
    ((GS_KERNEL_NAME_MAX + GS_STAT_TEXT_MAX - 1) / GS_STAT_TEXT_MAX)

typedef enum gs_stat_kind {
    GS_STAT_COUNT = 0,   /* unsigned 64-bit integer */
    GS_STAT_RATIO = 1,   /* num/den shown with `decimals` places */
    GS_STAT_TEXT = 2     /* a string (kernel_name) */
} gs_stat_kind;

#define GS_STAT_UNIT_MAX 8

typedef struct gs_stat_entry {
    char name[GS_STAT_NAME_MAX];
    uint8_t kind;
    uint8_t decimals;
    uint8_t indent;      /* text rendering starts with a tab (GPGPU-Sim's breakdowns) */
    uint8_t colon;       /* text rendering `name: text` (GPGPU-Sim's per-core cache lines) */
    char unit[GS_STAT_UNIT_MAX];   /* text rendering: after the value ("%", " GB/Sec") */
    uint64_t value;      /* the count, or the ratio's numerator */
    uint64_t den;        /* the ratio's denominator (0 for counts) */
    const char *text;    /* GS_STAT_TEXT only: NUL-terminated, in the registry's text pool */
} gs_stat_entry;

typedef struct gs_stats {
    gs_stat_entry *entries;
    uint32_t count;
    uint32_t capacity;
    uint64_t data_hash;  /* running hash of output-buffer bytes */
    uint64_t data_bytes; /* how many bytes went into data_hash */
    uint64_t block_hash; /* running hash of the per-kernel blocks' digests */
    uint64_t blocks;     /* how many went into block_hash */
    int indent_new;      /* entries added now are indented */
    /* Text values live apart from the entries, each taking its own length
     * (at most GS_STAT_TEXT_LONGEST bytes with the NUL), so a registry of
     * mostly counters does not reserve a text buffer per entry. */
    char *text_pool;
    size_t text_used, text_capacity;
    /* A streamed registry (gs_stats_init_stream) keeps no entries: each one
     * is rendered to `stream` as a text line and folded into `stream_hash`
     * once the next one begins (or at gs_stats_flush), so a host with little
     * RAM gets the same lines and the same digest as a stored registry. */
    int streamed;
    const gs_sink *stream;          /* NULL: the digest only */
    uint64_t stream_hash;           /* the entries closed so far */
    gs_stat_entry stream_entry;     /* the open entry */
    char stream_text[GS_STAT_TEXT_LONGEST];
} gs_stats;

size_t gs_stats_bytes(uint32_t capacity);
gs_status gs_stats_init(gs_stats *stats, gs_arena *arena, uint32_t capacity, gs_diag *diag);
/* The same for a registry of `capacity` entries of which at most `texts`
 * are text entries (gs_stats_bytes: any entry may be text). */
size_t gs_stats_bytes_texts(uint32_t capacity, uint32_t texts);
gs_status gs_stats_init_texts(gs_stats *stats, gs_arena *arena, uint32_t capacity,
                              uint32_t texts, gs_diag *diag);

/* A registry that keeps no entries (see gs_stats.streamed): no arena, and
 * gs_stats_find finds nothing. Call gs_stats_flush before reading the
 * digest's last line from the stream (gs_stats_stream_end does both). */
void gs_stats_init_stream(gs_stats *stats, const gs_sink *sink);
/* Streamed: render and fold the open entry now. Stored: nothing. */
void gs_stats_flush(gs_stats *stats);
/* Streamed: flush, then the `digest = ...` line gs_stats_print_text ends with. */
void gs_stats_stream_end(gs_stats *stats);

/* Add an entry (names must be unique; a full registry is a simulator bug). */
void gs_stats_put_count(gs_stats *stats, const char *name, uint64_t value);
void gs_stats_put_ratio(gs_stats *stats, const char *name, uint64_t num, uint64_t den,
                        unsigned decimals);
void gs_stats_put_text(gs_stats *stats, const char *name, const char *text);
/* A text entry rendered `name: text` (GPGPU-Sim's `L1D_cache_core[0]: Access
 * = 4, Miss = ...`); --check reads such a line back by its colon. */
void gs_stats_put_text_line(gs_stats *stats, const char *name, const char *text);
/* A ratio whose text rendering ends in `unit` (GPGPU-Sim's `gpu_occupancy =
 * 12.5000%`, `L2_BW = 1.2345 GB/Sec`); JSON and CSV carry the number only. */
void gs_stats_put_ratio_unit(gs_stats *stats, const char *name, uint64_t num, uint64_t den,
                             unsigned decimals, const char *unit);
/* Entries added from now on are (1) or are not (0) indented in text. */
void gs_stats_set_indent(gs_stats *stats, int on);
const gs_stat_entry *gs_stats_find(const gs_stats *stats, const char *name);
/* Empty the registry for reuse (a per-kernel block). */
void gs_stats_clear(gs_stats *stats);
/* The chain of block digests: chain (GS_HASH_SEED at first) with one more. */
uint64_t gs_stats_chain_block(uint64_t chain, uint64_t block_digest);
/* Fold a per-kernel block (its digest) into this registry's digest. */
void gs_stats_add_block(gs_stats *stats, uint64_t block_digest);
/* Take over another registry's folded blocks (the run's blocks, kept by the
 * simulator until the report). */
void gs_stats_set_blocks(gs_stats *stats, uint64_t block_hash, uint64_t blocks);

/* Fold output bytes (already serialised in a host-independent order). */
void gs_stats_add_data(gs_stats *stats, const void *bytes, size_t length);

uint64_t gs_stats_digest(const gs_stats *stats);

/* Render one entry's value as text (ratios as fixed-point decimals). */
size_t gs_stats_value_text(const gs_stat_entry *entry, char *out, size_t capacity);

/* `name = value` lines, last line `digest = <16 hex digits>`. */
void gs_stats_print_text(const gs_stats *stats, const gs_sink *sink);
void gs_stats_print_json(const gs_stats *stats, const gs_sink *sink);
void gs_stats_print_csv(const gs_stats *stats, const gs_sink *sink);

/* Per-kernel blocks (GPGPU-Sim prints one after each kernel): text is the
 * `name = value` lines and an empty line (no digest: the run's digest covers
 * the blocks); JSON one object (the caller writes the array around them,
 * `"kernels": [ ... ]`, first = 1 for the first block); CSV `name,value`
 * rows with each name prefixed `kernel<uid>/` (no header). The whole-run
 * renderings below take `blocks_json` / `blocks_csv`: the text the block
 * renderings produced, put first. */
void gs_stats_print_block_text(const gs_stats *block, const gs_sink *sink);
void gs_stats_print_block_json(const gs_stats *block, const gs_sink *sink, int first);
void gs_stats_print_block_csv(const gs_stats *block, const gs_sink *sink, uint64_t uid);
void gs_stats_print_json_with(const gs_stats *stats, const char *blocks_json,
                              const gs_sink *sink);
void gs_stats_print_csv_with(const gs_stats *stats, const char *blocks_csv,
                             const gs_sink *sink);

/* Compare with a golden stats text (`name = value` lines, '#' comments).
 * Per-kernel blocks (from a `kernel_name = ` line to the next empty line) are
 * skipped: the digest covers them. Writes one line per difference to sink; returns the number of differences
 * (entries missing on either side count). Malformed golden text is an error. */
gs_status gs_stats_check(const gs_stats *stats, const char *golden_name, const char *golden,
                         size_t golden_length, const gs_sink *sink, uint32_t *differences,
                         gs_diag *diag);

/* The 64-bit byte hash the digest uses (FNV-1a with a final avalanche). */
uint64_t gs_hash_bytes(uint64_t state, const void *bytes, size_t length);
#define GS_HASH_SEED 0xcbf29ce484222325ull
uint64_t gs_hash_finish(uint64_t state);

#endif
