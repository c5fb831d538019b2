/*
 * dct8x8 (examples/suite/dct8x8, CUDA SDK, its Kernel1 pair): the small
 * workload's DCT coefficients and reconstructed image equal a C reference
 * bit for bit. Each 8 x 8 block: tmp = M^T X then Y = tmp M for the DCT,
 * tmp = M Y then X' = tmp M^T for the inverse, every sum a chain of fused
 * multiply-adds from 0 in order of i (nvcc fuses the kernel's sum += a * b).
 * M is the .cu's dctBasis, here as its float bits (the same values as the
 * .cu's decimal literals, so no host's cos is involved).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define W 256u
#define H 256u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static const uint32_t m_bits[64] = {
    0x3EB504F3u, 0x3EFB14BEu, 0x3EEC835Eu, 0x3ED4DB31u, 0x3EB504F3u, 0x3E8E39DAu, 0x3E43EF15u, 0x3DC7C5C2u,
    0x3EB504F3u, 0x3ED4DB31u, 0x3E43EF15u, 0xBDC7C5C2u, 0xBEB504F3u, 0xBEFB14BEu, 0xBEEC835Eu, 0xBE8E39DAu,
    0x3EB504F3u, 0x3E8E39DAu, 0xBE43EF15u, 0xBEFB14BEu, 0xBEB504F3u, 0x3DC7C5C2u, 0x3EEC835Eu, 0x3ED4DB31u,
    0x3EB504F3u, 0x3DC7C5C2u, 0xBEEC835Eu, 0xBE8E39DAu, 0x3EB504F3u, 0x3ED4DB31u, 0xBE43EF15u, 0xBEFB14BEu,
    0x3EB504F3u, 0xBDC7C5C2u, 0xBEEC835Eu, 0x3E8E39DAu, 0x3EB504F3u, 0xBED4DB31u, 0xBE43EF15u, 0x3EFB14BEu,
    0x3EB504F3u, 0xBE8E39DAu, 0xBE43EF15u, 0x3EFB14BEu, 0xBEB504F3u, 0xBDC7C5C2u, 0x3EEC835Eu, 0xBED4DB31u,
    0x3EB504F3u, 0xBED4DB31u, 0x3E43EF15u, 0x3DC7C5C2u, 0xBEB504F3u, 0x3EFB14BEu, 0xBEEC835Eu, 0x3E8E39DAu,
    0x3EB504F3u, 0xBEFB14BEu, 0x3EEC835Eu, 0xBED4DB31u, 0x3EB504F3u, 0xBE8E39DAu, 0x3E43EF15u, 0xBDC7C5C2u
};
static float m[8][8];
static uint32_t img_bits[W * H];
static float img[W * H], dct[W * H], idct[W * H];

/* out = the block at (bx, by) of in transformed: inverse 0 = M^T X M,
 * 1 = M Y M^T. */
static void transform(const float *in, float *out, unsigned bx, unsigned by, int inverse)
{
    float x[8][8], tmp[8][8];
    unsigned r, c, i;
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++)
            x[r][c] = in[(by * 8 + r) * W + bx * 8 + c];
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++) {
            float acc = 0.0f;
            for (i = 0; i < 8; i++)
                acc = fmaf(inverse ? m[r][i] : m[i][r], x[i][c], acc);
            tmp[r][c] = acc;
        }
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++) {
            float acc = 0.0f;
            for (i = 0; i < 8; i++)
                acc = fmaf(tmp[r][i], inverse ? m[c][i] : m[i][c], acc);
            out[(by * 8 + r) * W + bx * 8 + c] = acc;
        }
}

static void test_dct8x8_small(void)
{
    unsigned bx, by, i;
    GS_CHECK_EQ(GS_OK, wlb_run("dct8x8", "small", &wl, &host, &arena, &state));
    memcpy(m, m_bits, sizeof m);
    test_initial32(&wl, "IMG", img_bits);
    memcpy(img, img_bits, sizeof img);
    for (by = 0; by < H / 8u; by++)
        for (bx = 0; bx < W / 8u; bx++)
            transform(img, dct, bx, by, 0);
    for (by = 0; by < H / 8u; by++)
        for (bx = 0; bx < W / 8u; bx++)
            transform(dct, idct, bx, by, 1);
    /* the round trip is close to the input, but not exact */
    for (i = 0; i < W * H; i++)
        GS_CHECK(fabsf(idct[i] - img[i]) < 0.001f);
    GS_CHECK(memcmp(idct, img, sizeof img) != 0);
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "DCT", dct));
    GS_CHECK_EQ(0, wlb_diff_f32(&host, &wl, &state, "IDCT", idct));
}

int main(void)
{
    GS_RUN(test_dct8x8_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
