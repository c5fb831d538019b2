/*
 * GPGPU-Sim cache configuration strings (spec/formats.md section 2.1).
 *
 *   <type>:<sets>:<line bytes>:<assoc>,<repl>:<write>:<alloc>:<write-alloc>:<set index>,
 *   <mshr type>:<mshr entries>:<max merge>,<miss queue>[:<result fifo>][,<data port bytes>]
 *
 * or the literal `none` (cache disabled). gs_cache_parse checks the grammar and
 * every per-cache rule of section 2.1; the IPOLY polynomial (a separate option,
 * `-gpgpu_cache:dl1_ipoly_poly`) is checked with the whole configuration
 * (gs_cache_check_poly) because the two options may come in either order.
 *
 * Decisions on spec ambiguities (also in the notes/README):
 *  - GPGPU-Sim accepts 12 tokens (no miss-queue size) and then reads an
 *    uninitialised value; gpusim requires the miss queue (13 tokens), the result
 *    FIFO for texture MSHRs F/T (14 tokens, as GPGPU-Sim), the data port is
 *    optional and defaults to the line size.
 *  - `s` (streaming) counts as allocate-on-fill in the rejected-combination checks,
 *    because GPGPU-Sim turns it into on-fill.
 *  - set-index `C` (custom) is an empty stub in GPGPU-Sim: rejected as unsupported.
 */
#ifndef GS_BASE_CACHESTR_H
#define GS_BASE_CACHESTR_H

#include <stddef.h>
#include <stdint.h>

#include "base/fmt.h"
#include "base/set_index.h"

typedef enum gs_cache_repl { GS_REPL_LRU = 0, GS_REPL_FIFO } gs_cache_repl;

typedef enum gs_cache_write {
    GS_WRITE_READ_ONLY = 0,     /* R */
    GS_WRITE_BACK,              /* B */
    GS_WRITE_THROUGH,           /* T */
    GS_WRITE_EVICT,             /* E */
    GS_WRITE_LOCAL_WB_GLOBAL_WT /* L */
} gs_cache_write;

typedef enum gs_cache_alloc {
    GS_ALLOC_ON_MISS = 0,   /* m */
    GS_ALLOC_ON_FILL,       /* f */
    GS_ALLOC_STREAMING      /* s: on fill, MSHRs = sets x assoc x 4 (Volta streaming L1) */
} gs_cache_alloc;

typedef enum gs_cache_write_alloc {
    GS_WA_NONE = 0,         /* N no write-allocate */
    GS_WA_WRITE_ALLOCATE,   /* W write-allocate (3.x: send write and read) */
    GS_WA_FETCH_ON_WRITE,   /* F */
    GS_WA_LAZY_FETCH_ON_READ /* L */
} gs_cache_write_alloc;

typedef enum gs_mshr_type {
    GS_MSHR_ASSOC = 0,      /* A */
    GS_MSHR_SECTOR_ASSOC,   /* S */
    GS_MSHR_TEX_FIFO,       /* F */
    GS_MSHR_SECTOR_TEX_FIFO /* T */
} gs_mshr_type;

/* Sector caches: 4 sectors of 32 bytes per line (SECTOR_CHUNCK_SIZE, SECTOR_SIZE). */
#define GS_CACHE_SECTORS 4u
#define GS_CACHE_SECTOR_BYTES 32u

typedef struct gs_cache_config {
    uint8_t enabled;            /* 0 for `none` */
    uint8_t sector;             /* type S */
    uint8_t replacement;        /* gs_cache_repl */
    uint8_t write_policy;       /* gs_cache_write */
    uint8_t alloc_policy;       /* gs_cache_alloc */
    uint8_t write_alloc;        /* gs_cache_write_alloc */
    uint8_t set_index;          /* gs_index_fn (src/base/set_index.h) */
    uint8_t mshr_type;          /* gs_mshr_type */
    uint32_t n_sets;
    uint32_t line_bytes;
    uint32_t assoc;
    uint32_t mshr_entries;
    uint32_t mshr_max_merge;
    uint32_t miss_queue_entries;
    uint32_t result_fifo_entries;
    uint32_t data_port_bytes;
    uint32_t ipoly_poly;        /* from -<cache>_ipoly_poly; 0 = default for the set count */
} gs_cache_config;

/* A parse or validation error: offset of the offending token in the text and
 * a message (without location). */
typedef struct gs_cache_error {
    uint32_t offset;
    char message[512];          /* room for a list of every event kind */
} gs_cache_error;

/* Fill `error` (offset and formatted message); returns 0 so a parser can
 * `return gs_fail_at(...)`. Shared by the cache-string and option-value
 * parsers (config_value.c uses it through gs_value_error). */
int gs_fail_at(gs_cache_error *error, uint32_t offset, const char *format, ...)
    GS_PRINTF_LIKE(3, 4);

/* Parse and validate text[0..length). Returns 1 on success. */
int gs_cache_parse(gs_cache_config *cache, const char *text, size_t length,
                   gs_cache_error *error);

/* The canonical text of a cache (all 15 fields, or `none`); returns length. */
size_t gs_cache_format(const gs_cache_config *cache, char *out, size_t capacity);

/* Check the IPOLY polynomial against the set count (degree = log2 sets,
 * irreducible). Returns 1 when fine or not applicable. */
int gs_cache_check_poly(const gs_cache_config *cache, char *message, size_t capacity);

/* The polynomial actually used (the option, or the default for the set count). */
uint32_t gs_cache_effective_poly(const gs_cache_config *cache);

/* Capacity in bytes (0 when disabled). */
uint64_t gs_cache_bytes(const gs_cache_config *cache);

#endif
