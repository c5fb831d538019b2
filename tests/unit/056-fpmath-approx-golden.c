/*
 * fpmath .approx golden bits: fixed input -> output bit patterns of every
 * approximate function. The functions are pure integer computations, so
 * these bits must be identical on every host (x86-64, -m32, big-endian,
 * soft-float RISC-V): this table is what the cross-host check relies on.
 * The values were produced by this implementation after 055 showed every
 * one of them within the documented bounds (here: all correctly rounded).
 */
#include "check.h"
#include "fp/fpmath.h"

enum { EX2_FTZ, EX2, LG2, SIN, COS, TANH, RCP, SQRT, RSQRT, SIN_FTZ, LG2_FTZ, NCOLS };

struct golden {
    uint32_t x;
    uint32_t out[NCOLS];
};

/* columns: ex2.ftz ex2 lg2 sin cos tanh / rcp sqrt rsqrt sin.ftz lg2.ftz */
static const struct golden GOLDEN[] = {
    {0x00000000u, {0x3f800000u, 0x3f800000u, 0xff800000u, 0x00000000u, 0x3f800000u, 0x00000000u,
                  0x7f800000u, 0x00000000u, 0x7f800000u, 0x00000000u, 0xff800000u}},
    {0x80000000u, {0x3f800000u, 0x3f800000u, 0xff800000u, 0x80000000u, 0x3f800000u, 0x80000000u,
                  0xff800000u, 0x80000000u, 0xff800000u, 0x80000000u, 0xff800000u}},
    {0x00000001u, {0x3f800000u, 0x3f800000u, 0xc3150000u, 0x00000001u, 0x3f800000u, 0x00000001u,
                  0x7f800000u, 0x1a3504f3u, 0x64b504f3u, 0x00000000u, 0xff800000u}},
    {0x807fffffu, {0x3f800000u, 0x3f800000u, 0x7fffffffu, 0x807fffffu, 0x3f800000u, 0x807fffffu,
                  0xfe800001u, 0x7fffffffu, 0x7fffffffu, 0x80000000u, 0xff800000u}},
    {0x00800000u, {0x3f800000u, 0x3f800000u, 0xc2fc0000u, 0x00800000u, 0x3f800000u, 0x00800000u,
                  0x7e800000u, 0x20000000u, 0x5f000000u, 0x00800000u, 0xc2fc0000u}},
    {0x3f800000u, {0x40000000u, 0x40000000u, 0x00000000u, 0x3f576aa4u, 0x3f0a5140u, 0x3f42f7d6u,
                  0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f576aa4u, 0x00000000u}},
    {0xbf800000u, {0x3f000000u, 0x3f000000u, 0x7fffffffu, 0xbf576aa4u, 0x3f0a5140u, 0xbf42f7d6u,
                  0xbf800000u, 0x7fffffffu, 0x7fffffffu, 0xbf576aa4u, 0x7fffffffu}},
    {0x3f000000u, {0x3fb504f3u, 0x3fb504f3u, 0xbf800000u, 0x3ef57744u, 0x3f60a940u, 0x3eec9a9fu,
                  0x40000000u, 0x3f3504f3u, 0x3fb504f3u, 0x3ef57744u, 0xbf800000u}},
    {0x3fc00000u, {0x403504f3u, 0x403504f3u, 0x3f15c01au, 0x3f7f5bd5u, 0x3d90deaau, 0x3f67b7ccu,
                  0x3f2aaaabu, 0x3f9cc471u, 0x3f5105ecu, 0x3f7f5bd5u, 0x3f15c01au}},
    {0x40490fdbu, {0x410d331du, 0x410d331du, 0x3fd3643au, 0xb3bbbd2eu, 0xbf800000u, 0x3f7f0bb0u,
                  0x3ea2f983u, 0x3fe2dfc5u, 0x3f106ebau, 0xb3bbbd2eu, 0x3fd3643au}},
    {0xc0490fdbu, {0x3de8118du, 0x3de8118du, 0x7fffffffu, 0x33bbbd2eu, 0xbf800000u, 0xbf7f0bb0u,
                  0xbea2f983u, 0x7fffffffu, 0x7fffffffu, 0x33bbbd2eu, 0x7fffffffu}},
    {0x3fc90fdbu, {0x403e1fbau, 0x403e1fbau, 0x3f26c874u, 0x3f800000u, 0xb33bbd2eu, 0x3f6aca7fu,
                  0x3f22f983u, 0x3fa06c99u, 0x3f4c4229u, 0x3f800000u, 0x3f26c874u}},
    {0x3dcccccdu, {0x3f892fdfu, 0x3f892fdfu, 0xc0549a78u, 0x3dcc7577u, 0x3f7eb898u, 0x3dcc1ebcu,
                  0x41200000u, 0x3ea1e89bu, 0x404a62c2u, 0x3dcc7577u, 0xc0549a78u}},
    {0x42c80000u, {0x71800000u, 0x71800000u, 0x40d49a78u, 0xbf01a12eu, 0x3f5cc0eeu, 0x3f800000u,
                  0x3c23d70au, 0x41200000u, 0x3dcccccdu, 0xbf01a12eu, 0x40d49a78u}},
    {0xc2c80000u, {0x0d800000u, 0x0d800000u, 0x7fffffffu, 0x3f01a12eu, 0x3f5cc0eeu, 0xbf800000u,
                  0xbc23d70au, 0x7fffffffu, 0x7fffffffu, 0x3f01a12eu, 0x7fffffffu}},
    {0x42fe0000u, {0x7f000000u, 0x7f000000u, 0x40dfa34eu, 0x3f78fe49u, 0x3e6def8bu, 0x3f800000u,
                  0x3c010204u, 0x41344f93u, 0x3db5bb09u, 0x3f78fe49u, 0x40dfa34eu}},
    {0xc3150000u, {0x00000000u, 0x00000001u, 0x7fffffffu, 0x3f798293u, 0xbe651c59u, 0xbf800000u,
                  0xbbdbeb62u, 0x7fffffffu, 0x7fffffffu, 0x3f798293u, 0x7fffffffu}},
    {0x43480000u, {0x7f800000u, 0x7f800000u, 0x40f49a78u, 0xbf5f9069u, 0x3ef970aau, 0x3f800000u,
                  0x3ba3d70au, 0x41624630u, 0x3d90d0c3u, 0xbf5f9069u, 0x40f49a78u}},
    {0x3a83126fu, {0x3f8016b9u, 0x3f8016b9u, 0xc11f73dau, 0x3a83126eu, 0x3f7ffff8u, 0x3a83126cu,
                  0x4479ffffu, 0x3d0186e3u, 0x41fcfb72u, 0x3a83126eu, 0xc11f73dau}},
    {0x39800000u, {0x3f80058cu, 0x3f80058cu, 0xc1400000u, 0x39800000u, 0x3f800000u, 0x39800000u,
                  0x45800000u, 0x3c800000u, 0x42800000u, 0x39800000u, 0xc1400000u}},
    {0x4b7fffffu, {0x7f800000u, 0x7f800000u, 0x41c00000u, 0xbf72bf60u, 0xbea29962u, 0x3f800000u,
                  0x33800001u, 0x457fffffu, 0x39800000u, 0xbf72bf60u, 0x41c00000u}},
    {0x5f000000u, {0x7f800000u, 0x7f800000u, 0x427c0000u, 0x3f7ffb70u, 0x3c41551cu, 0x3f800000u,
                  0x20000000u, 0x4f3504f3u, 0x2fb504f3u, 0x3f7ffb70u, 0x427c0000u}},
    {0x7f7fffffu, {0x7f800000u, 0x7f800000u, 0x43000000u, 0xbf0599b3u, 0x3f5a5f96u, 0x3f800000u,
                  0x00200000u, 0x5f7fffffu, 0x1f800000u, 0xbf0599b3u, 0x43000000u}},
    {0xff7fffffu, {0x00000000u, 0x00000000u, 0x7fffffffu, 0x3f0599b3u, 0x3f5a5f96u, 0xbf800000u,
                  0x80200000u, 0x7fffffffu, 0x7fffffffu, 0x3f0599b3u, 0x7fffffffu}},
    {0x7f800000u, {0x7f800000u, 0x7f800000u, 0x7f800000u, 0x7fffffffu, 0x7fffffffu, 0x3f800000u,
                  0x00000000u, 0x7f800000u, 0x00000000u, 0x7fffffffu, 0x7f800000u}},
    {0xff800000u, {0x00000000u, 0x00000000u, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0xbf800000u,
                  0x80000000u, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu}},
    {0x7fc00000u, {0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu,
                  0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu, 0x7fffffffu}},
    {0x3f7fffffu, {0x3fffffffu, 0x3fffffffu, 0xb3b8aa3cu, 0x3f576aa4u, 0x3f0a5141u, 0x3f42f7d5u,
                  0x3f800001u, 0x3f7fffffu, 0x3f800000u, 0x3f576aa4u, 0xb3b8aa3cu}},
    {0x3f800001u, {0x40000001u, 0x40000001u, 0x3438aa3au, 0x3f576aa6u, 0x3f0a513fu, 0x3f42f7d6u,
                  0x3f7ffffeu, 0x3f800000u, 0x3f7fffffu, 0x3f576aa6u, 0x3438aa3au}},
    {0x411ffffeu, {0x447fffeau, 0x447fffeau, 0x40549a77u, 0xbf0b44ddu, 0xbf56cd76u, 0x3f800000u,
                  0x3dcccccfu, 0x404a62c1u, 0x3ea1e89cu, 0xbf0b44ddu, 0x40549a77u}},
    {0xc0a00000u, {0x3d000000u, 0x3d000000u, 0x7fffffffu, 0x3f757c10u, 0x3e913c2cu, 0xbf7ffa0du,
                  0xbe4ccccdu, 0x7fffffffu, 0x7fffffffu, 0x3f757c10u, 0x7fffffffu}},
    {0x3e800000u, {0x3f9837f0u, 0x3f9837f0u, 0xc0000000u, 0x3e7d5777u, 0x3f780aa5u, 0x3e7acbf5u,
                  0x40800000u, 0x3f000000u, 0x40000000u, 0x3e7d5777u, 0xc0000000u}},
    {0x43992a36u, {0x7f800000u, 0x7f800000u, 0x410424a0u, 0xbf7fec59u, 0x3cc8987eu, 0x3f800000u,
                  0x3b55f07bu, 0x418c04abu, 0x3d6a06d4u, 0xbf7fec59u, 0x410424a0u}},
    {0x4e6e6b28u, {0x7f800000u, 0x7f800000u, 0x41ef2dc7u, 0x3f0bbc65u, 0x3f567fc6u, 0x3f800000u,
                  0x3089705fu, 0x46f70d8eu, 0x3804a2b3u, 0x3f0bbc65u, 0x41ef2dc7u}},
    {0x4a3fc4a1u, {0x7f800000u, 0x7f800000u, 0x41acaa6fu, 0x3f06ae3fu, 0xbf59b574u, 0x3f800000u,
                  0x34aadf81u, 0x44dd918du, 0x3a13e41au, 0x3f06ae3fu, 0x41acaa6fu}},
    {0xc2fc0000u, {0x00800000u, 0x00800000u, 0x7fffffffu, 0xbea8f48fu, 0x3f71a8f2u, 0xbf800000u,
                  0xbc020821u, 0x7fffffffu, 0x7fffffffu, 0xbea8f48fu, 0x7fffffffu}},
};

static void test_f32_golden(void)
{
    unsigned i;
    for (i = 0; i < sizeof GOLDEN / sizeof GOLDEN[0]; i++) {
        uint32_t x = GOLDEN[i].x;
        const uint32_t *o = GOLDEN[i].out;
        GS_CHECK_EQ(o[EX2_FTZ], gs_f32_ex2_approx(x, 1));
        GS_CHECK_EQ(o[EX2], gs_f32_ex2_approx(x, 0));
        GS_CHECK_EQ(o[LG2], gs_f32_lg2_approx(x, 0));
        GS_CHECK_EQ(o[SIN], gs_f32_sin_approx(x, 0));
        GS_CHECK_EQ(o[COS], gs_f32_cos_approx(x, 0));
        GS_CHECK_EQ(o[TANH], gs_f32_tanh_approx(x));
        GS_CHECK_EQ(o[RCP], gs_f32_rcp_approx(x, 0));
        GS_CHECK_EQ(o[SQRT], gs_f32_sqrt_approx(x, 0));
        GS_CHECK_EQ(o[RSQRT], gs_f32_rsqrt_approx(x, 0));
        GS_CHECK_EQ(o[SIN_FTZ], gs_f32_sin_approx(x, 1));
        GS_CHECK_EQ(o[LG2_FTZ], gs_f32_lg2_approx(x, 1));
    }
}

/* Hand-checkable special cases (PTX ISA tables for each instruction). */
static void test_specials(void)
{
    GS_CHECK_EQ(0x3f800000u, gs_f32_cos_approx(0x80000001u, 1));       /* cos(-0) */
    GS_CHECK_EQ(0xff800000u, gs_f32_lg2_approx(0x80000001u, 1));        /* -subnormal -> -inf */
    GS_CHECK_EQ(0x7fffffffu, gs_f32_lg2_approx(0x80000001u, 0));
    GS_CHECK_EQ(0x00000000u, gs_f32_div_approx(0x3f800000u, 0x7f000000u, 0));  /* |b| > 2^126 */
    GS_CHECK_EQ(0x7fffffffu, gs_f32_div_approx(0x7f800000u, 0x7f000000u, 0));
    GS_CHECK_EQ(0x00800000u, gs_f32_div_full(0x3f800000u, 0x7e800000u, 0));
    GS_CHECK_EQ(0x3eaaaaabu, gs_f32_div_approx(0x3f800000u, 0x40400000u, 0));
    GS_CHECK_EQ(0x3f2aaaabu, gs_f32_div_approx(0x40000000u, 0x40400000u, 0));
    GS_CHECK_EQ(0x7fffffffu, gs_f32_div_approx(0u, 0u, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_rcp_approx(0x00000001u, 0));
    GS_CHECK_EQ(0x7f800000u, gs_f32_rcp_approx(0x00400000u, 1));
    GS_CHECK_EQ(0x00000000u, gs_f32_rcp_approx(0x7f000000u, 1));         /* result flushed */
    GS_CHECK_EQ(0x00400000u, gs_f32_rcp_approx(0x7f000000u, 0));
}

static void test_f64_golden(void)
{
    GS_CHECK_EQ(0x3fd34bf63d156826u, gs_f64_rsqrt_approx(0x4026000000000000u));   /* 1/sqrt 11 */
    GS_CHECK_EQ(0x6180000000000000u, gs_f64_rsqrt_approx(0x0000000000000001u)); /* 2^537 */
    GS_CHECK_EQ(0x0000000000000000u, gs_f64_rsqrt_approx(0x7ff0000000000000u));
    GS_CHECK_EQ(0x3fb999999999999au, gs_f64_rcp_approx_ftz(0x4024000000000000u));  /* 1/10 */
    GS_CHECK_EQ(0xbfb999999999999au, gs_f64_rcp_approx_ftz(0xc024000000000000u));
}

int main(void)
{
    GS_RUN(test_f32_golden);
    GS_RUN(test_specials);
    GS_RUN(test_f64_golden);
    return gs_check_report();
}
