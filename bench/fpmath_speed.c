/*
 * fpmath speed probe (not part of the test suite; DESIGN.md section 10):
 * nanoseconds per call of the hot bit-exact float operations of
 * src/fp/fpmath*.c, for the specialised fast paths and, where kept, the
 * general any-format routines they replaced. Timing uses clock(), which
 * the library itself never does. Operands come from gs_prng: moderate
 * normal values (the common case in kernels), fixed seed.
 *
 * Build and run through bench/fpmath_speed.py.
 */
#include <stdio.h>
#include <time.h>

#include "base/prng.h"
#include "fp/fpmath.h"
#ifdef FPSPEED_GENERAL
#include "fp/fpmath_soft.h"
#endif

#define NOPS 4096u
#define MASK (NOPS - 1u)

static uint32_t fa[NOPS], fb[NOPS], fc[NOPS];
static uint64_t da[NOPS], db[NOPS], dc[NOPS];
static volatile uint64_t sink;

/* A normal f32 with exponent in [-20, 20] and a random sign and fraction. */
static uint32_t random_f32(gs_prng *p)
{
    uint64_t x = gs_prng_next(p);
    uint32_t e = 127u - 20u + (uint32_t)((x >> 32) % 41u);
    return (uint32_t)(x & 0x807fffffu) | (e << 23);
}

static uint64_t random_f64(gs_prng *p)
{
    uint64_t x = gs_prng_next(p);
    uint64_t e = 1023u - 40u + (gs_prng_next(p) % 81u);
    return (x & 0x800fffffffffffffu) | (e << 52);
}

static void fill(void)
{
    gs_prng p;
    unsigned i;
    gs_prng_seed(&p, 20240601u);
    for (i = 0; i < NOPS; i++) {
        fa[i] = random_f32(&p);
        fb[i] = random_f32(&p);
        fc[i] = random_f32(&p);
        da[i] = random_f64(&p);
        db[i] = random_f64(&p);
        dc[i] = random_f64(&p);
    }
    fa[7] = 0x7fc00000u;       /* a few specials, as in real data */
    fb[9] = 0x00000123u;
    fc[11] = 0;
}

typedef uint64_t (*bench_fn)(unsigned i);

#define F32_2(name, call) static uint64_t name(unsigned i) \
    { return call(fa[i], fb[i], GS_FROUND_RN, 0); }
#define F32_3(name, call) static uint64_t name(unsigned i) \
    { return call(fa[i], fb[i], fc[i], GS_FROUND_RN, 0); }

F32_2(b_add, gs_f32_add)
F32_2(b_mul, gs_f32_mul)
F32_3(b_fma, gs_f32_fma)
F32_2(b_div, gs_f32_div)
static uint64_t b_fma_ftz_rz(unsigned i) { return gs_f32_fma(fa[i], fb[i], fc[i],
                                                             GS_FROUND_RZ, 1); }
static uint64_t b_sqrt(unsigned i) { return gs_f32_sqrt(fa[i] & 0x7fffffffu, GS_FROUND_RN, 0); }
static uint64_t b_rcp(unsigned i) { return gs_f32_rcp(fa[i], GS_FROUND_RN, 0); }
static uint64_t b_to_s64(unsigned i) { return (uint64_t)gs_f32_to_s64(fa[i], GS_FROUND_RZ, 0); }
static uint64_t b_from_s64(unsigned i) { return gs_f32_from_s64((int32_t)fa[i], GS_FROUND_RN); }
static uint64_t b_dadd(unsigned i) { return gs_f64_add(da[i], db[i], GS_FROUND_RN); }
static uint64_t b_dmul(unsigned i) { return gs_f64_mul(da[i], db[i], GS_FROUND_RN); }
static uint64_t b_dfma(unsigned i) { return gs_f64_fma(da[i], db[i], dc[i], GS_FROUND_RN); }

#ifdef FPSPEED_GENERAL
F32_2(g_add, gs_f32_add_general)
F32_2(g_mul, gs_f32_mul_general)
F32_3(g_fma, gs_f32_fma_general)
F32_2(g_div, gs_f32_div_general)
static uint64_t g_fma_ftz_rz(unsigned i) { return gs_f32_fma_general(fa[i], fb[i], fc[i],
                                                                     GS_FROUND_RZ, 1); }
static uint64_t g_sqrt(unsigned i) { return gs_f32_sqrt_general(fa[i] & 0x7fffffffu,
                                                                GS_FROUND_RN, 0); }
static uint64_t g_to_s64(unsigned i) { return (uint64_t)gs_f32_to_s64_general(fa[i],
                                                                          GS_FROUND_RZ, 0); }
static uint64_t g_from_s64(unsigned i) { return gs_f32_from_s64_general((int32_t)fa[i],
                                                                        GS_FROUND_RN); }
static uint64_t g_dadd(unsigned i) { return gs_fp_add(&gs_fp_f64, da[i], db[i], GS_FROUND_RN); }
static uint64_t g_dmul(unsigned i) { return gs_fp_mul(&gs_fp_f64, da[i], db[i], GS_FROUND_RN); }
static uint64_t g_dfma(unsigned i) { return gs_fp_fma(&gs_fp_f64, da[i], db[i], dc[i],
                                                      GS_FROUND_RN); }
#endif

/* Nanoseconds per call, times 10, over at least 0.2 s of calls. */
static unsigned long measure(bench_fn fn)
{
    unsigned long calls = 0, rounds = 1u << 16;
    uint64_t acc = 0;
    clock_t start = clock(), spent;
    unsigned i;
    do {
        for (i = 0; i < rounds; i++)
            acc ^= fn(i & MASK);
        calls += rounds;
        spent = clock() - start;
    } while (spent < CLOCKS_PER_SEC / 5);
    sink = acc;
    return (unsigned long)((double)spent * 1e10 / CLOCKS_PER_SEC / (double)calls + 0.5);
}

static void report(const char *name, bench_fn fast, bench_fn general)
{
    unsigned long f = measure(fast);
    printf("%-22s %5lu.%lu ns", name, f / 10, f % 10);
    if (general) {
        unsigned long g = measure(general);
        printf("   general %5lu.%lu ns   speed-up x%lu.%lu", g / 10, g % 10,
               g / (f ? f : 1), (g * 10 / (f ? f : 1)) % 10);
    }
    printf("\n");
}

#ifdef FPSPEED_GENERAL
#define GEN(x) x
#else
#define GEN(x) 0
#endif

int main(void)
{
    fill();
    printf("ns per call (fixed operands, clock(); lower is better)\n");
    report("f32 add .rn", b_add, GEN(g_add));
    report("f32 mul .rn", b_mul, GEN(g_mul));
    report("f32 fma .rn", b_fma, GEN(g_fma));
    report("f32 fma .rz.ftz", b_fma_ftz_rz, GEN(g_fma_ftz_rz));
    report("f32 div .rn", b_div, GEN(g_div));
    report("f32 sqrt .rn", b_sqrt, GEN(g_sqrt));
    report("f32 rcp .rn", b_rcp, 0);
    report("cvt.rzi.s64.f32", b_to_s64, GEN(g_to_s64));
    report("cvt.rn.f32.s32", b_from_s64, GEN(g_from_s64));
    report("f64 add .rn", b_dadd, GEN(g_dadd));
    report("f64 mul .rn", b_dmul, GEN(g_dmul));
    report("f64 fma .rn", b_dfma, GEN(g_dfma));
    return 0;
}
