/*
 * Test-only helpers for 058/059 (fpmath fast paths): run a fast f32
 * operation and its general-path reference (the gs_f32_*_general functions,
 * fpmath_soft.h) in every rounding mode with .ftz off and on, count
 * disagreements, print the first few, and tally which kinds of result the
 * operands reached (so a sweep that never reaches its hard cases fails).
 */
#ifndef GS_TEST_FPFAST_EQUIV_H
#define GS_TEST_FPFAST_EQUIV_H

#include <stdio.h>

#include "base/prng.h"
#include "fp/fpmath_soft.h"

#if defined(__GNUC__)
#define EQ_FN static __attribute__((unused))
#else
#define EQ_FN static
#endif

typedef uint32_t (*eq_op2)(uint32_t, uint32_t, gs_fround, int);
typedef uint32_t (*eq_op3)(uint32_t, uint32_t, uint32_t, gs_fround, int);

/* Result kinds seen by the fast path (index of eq_kinds). */
enum { EQ_ZERO, EQ_SUBNORMAL, EQ_NORMAL, EQ_INF, EQ_NAN, EQ_MAXFINITE, EQ_KINDS };

typedef struct eq_tally {
    uint64_t compared;
    uint64_t mismatches;
    uint64_t kinds[EQ_KINDS];
} eq_tally;

EQ_FN int eq_kind(uint32_t x)
{
    uint32_t mag = x & 0x7fffffffu;
    if (mag == 0)
        return EQ_ZERO;
    if (mag < 0x00800000u)
        return EQ_SUBNORMAL;
    if (mag == 0x7f7fffffu)
        return EQ_MAXFINITE;
    if (mag < 0x7f800000u)
        return EQ_NORMAL;
    return mag == 0x7f800000u ? EQ_INF : EQ_NAN;
}

EQ_FN void eq_note(eq_tally *t, const char *what, uint32_t a, uint32_t b, uint32_t c,
                   int r, int ftz, uint32_t fast, uint32_t general)
{
    t->compared++;
    t->kinds[eq_kind(fast)]++;
    if (fast == general)
        return;
    if (t->mismatches++ < 8)
        printf("  %s(0x%08lx, 0x%08lx, 0x%08lx) mode %d ftz %d: fast 0x%08lx general 0x%08lx\n",
               what, (unsigned long)a, (unsigned long)b, (unsigned long)c, r, ftz,
               (unsigned long)fast, (unsigned long)general);
}

EQ_FN void eq_run2(eq_tally *t, const char *what, eq_op2 fast, eq_op2 general, uint32_t a,
                   uint32_t b)
{
    int r, ftz;
    for (ftz = 0; ftz < 2; ftz++)
        for (r = 0; r < 4; r++)
            eq_note(t, what, a, b, 0, r, ftz, fast(a, b, (gs_fround)r, ftz),
                    general(a, b, (gs_fround)r, ftz));
}

EQ_FN void eq_run3(eq_tally *t, const char *what, eq_op3 fast, eq_op3 general, uint32_t a,
                   uint32_t b, uint32_t c)
{
    int r, ftz;
    for (ftz = 0; ftz < 2; ftz++)
        for (r = 0; r < 4; r++)
            eq_note(t, what, a, b, c, r, ftz, fast(a, b, c, (gs_fround)r, ftz),
                    general(a, b, c, (gs_fround)r, ftz));
}

EQ_FN void eq_print(const char *what, const eq_tally *t)
{
    printf("  %s: %llu compared, %llu mismatches; results zero %llu subnormal %llu "
           "normal %llu max-finite %llu inf %llu nan %llu\n", what,
           (unsigned long long)t->compared, (unsigned long long)t->mismatches,
           (unsigned long long)t->kinds[EQ_ZERO], (unsigned long long)t->kinds[EQ_SUBNORMAL],
           (unsigned long long)t->kinds[EQ_NORMAL], (unsigned long long)t->kinds[EQ_MAXFINITE],
           (unsigned long long)t->kinds[EQ_INF], (unsigned long long)t->kinds[EQ_NAN]);
}

/* Every kind of result was reached at least `least` times. */
EQ_FN int eq_covered(const eq_tally *t, uint64_t least)
{
    int k;
    for (k = 0; k < EQ_KINDS; k++)
        if (t->kinds[k] < least)
            return 0;
    return 1;
}

#endif
