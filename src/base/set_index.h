/*
 * Cache set-index functions (spec/formats.md section 2.2; PRIC from
 * spec/seed-000-dwt-pric.md section 2.5).
 *
 * Each function is a policy (DESIGN.md section 7): one file with one `const`
 * gs_index_<name>_ops (index_linear.c, index_xor.c, index_fermi.c,
 * index_ipoly.c), one line in GS_INDEX_LIST (base/policy_lists.h), from which
 * gs_index_ops_table (indexed by gs_index_fn) is built. A cache, the L1 data
 * banks and the DRAM bank hash all set up a gs_set_index once (before cycle
 * 0) and call gs_set_index_lookup per access.
 *
 *   linear  set = (addr >> line_log2) & (n_sets - 1)
 *   xor     set = index ^ (higher & (n_sets - 1)), higher = addr >> (line_log2 + sets_log2)
 *   fermi   Nugteren et al. HPCA'14 hash, 32 or 64 sets only (formats.md 2.2)
 *   ipoly   set = line_addr(x) mod P(x) over GF(2), P irreducible of degree m = sets_log2
 *           (Rau ISCA'91; PRIC), for m = 1..12, over the line-address bits
 *           [0, m + hashed_bits): GPGPU-Sim's tables for 16/32/64 sets are the
 *           default polynomials with hashed_bits 13/15/19 (formats.md 2.2 "Checked").
 */
#ifndef GS_BASE_SET_INDEX_H
#define GS_BASE_SET_INDEX_H

#include <stdint.h>

#include "base/policy_lists.h"
#include "base/status.h"


/* IPOLY degrees (log2 of the set count) with generated tables. */
#define GS_IPOLY_DEGREE_MIN 1u
#define GS_IPOLY_DEGREE_MAX 12u
/* Linear / XOR accept any power of two up to 2^GS_SET_INDEX_LOG2_MAX sets. */
#define GS_SET_INDEX_LOG2_MAX 24u
/* Line (or interleave) size: a power of two up to 2^GS_LINE_LOG2_MAX bytes. */
#define GS_LINE_LOG2_MAX 16u

/* What a user chooses; 0 in poly / hashed_bits means "the default". */
typedef struct gs_index_params {
    gs_index_fn fn;
    uint32_t n_sets;        /* power of two */
    uint32_t line_bytes;    /* power of two: line size, or bank interleave bytes */
    uint32_t poly;          /* IPOLY: P(x) as bits (x^5+x^2+1 = 0x25); 0 = default */
    uint32_t hashed_bits;   /* IPOLY: line-address bits above the index folded in;
                             * 0 = gs_ipoly_default_hashed_bits(m) */
} gs_index_params;

/* A set-up index function; plain data, no pointers (copyable, arena-safe). */
typedef struct gs_set_index {
    gs_index_fn fn;
    uint32_t n_sets;
    uint32_t sets_log2;
    uint32_t line_log2;
    uint32_t poly;          /* IPOLY only, else 0 */
    uint32_t hashed_bits;   /* IPOLY only, else 0 */
    /* IPOLY: set bit j = parity(line_addr & mask[j]), line_addr = addr >> line_log2 */
    uint64_t mask[GS_IPOLY_DEGREE_MAX];
} gs_set_index;

/* One policy. setup validates params (fills diag, GS_E_CONFIG, no file/line:
 * the caller may re-locate the message) and fills *index. */
typedef struct gs_index_ops {
    const char *name;          /* "linear", "xor", "fermi", "ipoly" */
    char cache_letter;         /* set-index letter in a GPGPU-Sim cache string */
    unsigned l1_bank_code;     /* -gpgpu_l1_banks_hashing_function number */
    gs_status (*setup)(gs_set_index *index, const gs_index_params *params, gs_diag *diag);
    uint32_t (*lookup)(const gs_set_index *index, uint64_t addr);
} gs_index_ops;

#define GS_INDEX_DECLARE(id, name) extern const gs_index_ops gs_index_##name##_ops;
GS_INDEX_LIST(GS_INDEX_DECLARE)
#undef GS_INDEX_DECLARE
/* Indexed by gs_index_fn. */
extern const gs_index_ops *const gs_index_ops_table[GS_INDEX_FN_COUNT];

/* Validate and set up; on error *index is left zeroed. */
gs_status gs_set_index_setup(gs_set_index *index, const gs_index_params *params,
                             gs_diag *diag);
/* The set (0 .. n_sets-1) of a byte address. */
uint32_t gs_set_index_lookup(const gs_set_index *index, uint64_t addr);

/* For the policy files: check that line_bytes and n_sets are powers of two
 * within limits (n_sets between 2^min_log2 and 2^max_log2) and fill the
 * common fields of *index. */
gs_status gs_set_index_base(gs_set_index *index, const gs_index_params *params,
                            uint32_t min_log2, uint32_t max_log2, gs_diag *diag);
/* 1 and *log2 when value is a power of two (1 = 2^0), else 0. */
int gs_exact_log2(uint64_t value, uint32_t *log2);

/* Name lookups; return 1 and fill *fn when known. */
int gs_index_fn_from_name(const char *name, gs_index_fn *fn);
int gs_index_fn_from_letter(char letter, gs_index_fn *fn);        /* L X H P */
int gs_index_fn_from_l1_bank_code(unsigned code, gs_index_fn *fn); /* 0 1 3 2 */
const char *gs_index_fn_name(gs_index_fn fn);

/* GF(2) polynomials as bit masks (bit i = coefficient of x^i). */
uint32_t gs_ipoly_degree(uint32_t poly);              /* 0 for poly 0 or 1 */
int gs_ipoly_is_irreducible(uint32_t poly);           /* degree >= 1 and no factor */
/* Default P(x) for a degree 1..12 (0 outside): x^4+x+1, x^5+x^2+1, x^6+x+1,
 * else the lowest-valued irreducible polynomial of that degree. */
uint32_t gs_ipoly_default_poly(uint32_t degree);
/* Default hashed_bits for a degree: 13/15/19 for 4/5/6 (GPGPU-Sim), else
 * 64 - degree (the whole line address: the true residue mod P). */
uint32_t gs_ipoly_default_hashed_bits(uint32_t degree);
/* Build the per-index-bit masks for P over line-address bits
 * [0, degree + hashed_bits) (H-matrix row i = x^i mod P). masks has room
 * for GS_IPOLY_DEGREE_MAX entries; unused entries are zeroed. */
void gs_ipoly_build_masks(uint32_t poly, uint32_t hashed_bits, uint64_t *masks);
/* Hash with prepared masks: bit j = parity(line_addr & masks[j]). */
uint32_t gs_ipoly_apply(const uint64_t *masks, uint32_t degree, uint64_t line_addr);

/* GPGPU-Sim's hashing.cc entry points in our terms (used for memory
 * partitions and DRAM banks): `index` is the low log2(n) bits, `higher` the
 * bits above them. n must be a power of two (IPOLY: 2..4096). */
uint32_t gs_hash_bitwise_xor(uint64_t higher, uint32_t index, uint32_t n);
uint32_t gs_hash_ipoly(uint64_t higher, uint32_t index, uint32_t n);

#endif
