/*
 * sad (examples/suite/sad, Parboil): the small workload's SAD array (an 80 x
 * 48 frame, 5 x 3 macroblocks, 1089 search positions each padded to 1096)
 * equals a C reference bit for bit, every short of it. The 4 x 4 SADs add
 * |ref - cur| over the block in an unsigned short, the reference pixel at
 * the displaced position clamped into the frame (the texture's point
 * sampling at integer coordinates with clamped addressing); the larger
 * partitions are formed as the kernels do, two shorts per 32-bit unsigned
 * add (little-endian pairs) over positions 0..1089, the padding's position
 * 1089 summed as zero and 1090..1095 left zero. Integer code only, so
 * nothing of nvcc's float handling needs mirroring.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wlb_suite.h"

#define MBW 5
#define MBH 3
#define MBS (MBW * MBH)
#define IW (MBW * 16)
#define IH (MBH * 16)
#define MAXPOS 1089
#define PAD 1096
#define SHORTS (41 * MBS * PAD)

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t ref[IW * IH], cur[IW * IH];
static uint16_t want[SHORTS];
static uint8_t got[2 * SHORTS];

static int pixel(int x, int y)
{
    x = x < 0 ? 0 : x >= IW ? IW - 1 : x;
    y = y < 0 ? 0 : y >= IH ? IH - 1 : y;
    return (int)ref[y * IW + x];
}

/* the 32-bit word p (shorts 2p, 2p + 1) of block row `blk`, and its store */
static uint32_t word(long blk, int p)
{
    return (uint32_t)want[blk * PAD + 2 * p] | (uint32_t)want[blk * PAD + 2 * p + 1] << 16;
}

static void put(long blk, int p, uint32_t v)
{
    want[blk * PAD + 2 * p] = (uint16_t)(v & 0xFFFFu);
    want[blk * PAD + 2 * p + 1] = (uint16_t)(v >> 16);
}

static void sad4(void)
{
    int mb, b, pos, x, y;
    for (mb = 0; mb < MBS; mb++)
        for (b = 0; b < 16; b++) {
            int fx = ((mb % MBW) * 4 + b % 4) * 4, fy = ((mb / MBW) * 4 + b / 4) * 4;
            for (pos = 0; pos < MAXPOS; pos++) {
                int sx = fx + pos % 33 - 16, sy = fy + pos / 33 - 16;
                uint16_t sad = 0;
                for (y = 0; y < 4; y++)
                    for (x = 0; x < 4; x++)
                        sad = (uint16_t)(sad + abs(pixel(sx + x, sy + y)
                                                   - (int)cur[(fy + y) * IW + fx + x]));
                want[((long)MBS * 25 + mb * 16 + b) * PAD + pos] = sad;
            }
        }
}

static void larger(void)
{
    int mb, q, p;
    for (mb = 0; mb < MBS; mb++) {
        for (q = 0; q < 4; q++) {   /* 8 x 8 quarters, q = threadIdx.y */
            int qcol = q & 1, qrow = q >> 1;
            long in = (long)MBS * 25 + mb * 16 + qrow * 8 + qcol * 2;
            long tall = (long)MBS * 17 + mb * 8 + qrow * 4 + qcol * 2;
            long wide = (long)MBS * 9 + mb * 8 + qrow * 4 + qcol;
            long whole = (long)MBS * 5 + mb * 4 + qrow * 2 + qcol;
            for (p = 0; p < (MAXPOS + 1) / 2; p++) {
                uint32_t a = word(in, p), b = word(in + 1, p), c = word(in + 4, p),
                         d = word(in + 5, p);
                put(tall, p, a + c);
                put(tall + 1, p, b + d);
                put(wide, p, a + b);
                put(wide + 2, p, c + d);
                put(whole, p, (a + b) + (c + d));
            }
        }
    }
    for (mb = 0; mb < MBS; mb++) {
        long in = (long)MBS * 5 + mb * 4;
        for (p = 0; p < (MAXPOS + 1) / 2; p++) {
            uint32_t a = word(in, p), b = word(in + 1, p), c = word(in + 2, p),
                     d = word(in + 3, p);
            put((long)MBS * 3 + mb * 2, p, a + c);
            put((long)MBS * 3 + mb * 2 + 1, p, b + d);
            put((long)MBS + mb * 2, p, a + b);
            put((long)MBS + mb * 2 + 1, p, c + d);
            put(mb, p, (a + b) + (c + d));
        }
    }
}

static void test_sad_small(void)
{
    unsigned b = 0, i, diffs = 0, zeros = 0;
    GS_CHECK_EQ(GS_OK, wlb_run("sad", "small", &wl, &host, &arena, &state));
    test_initial32(&wl, "REF", ref);
    test_initial32(&wl, "CUR", cur);
    sad4();
    larger();
    /* the sums are non-trivial: a 16 x 16 SAD near its expected 16 * 16 * 85 */
    GS_CHECK(want[0] > 10000u && want[544] != want[545] && want[MAXPOS - 1] > 0u);
    GS_CHECK(want[PAD] > 0u && want[(long)MBS * 25 * PAD] > 0u);
    b = test_buffer(&wl, "SADS");
    gs_host_memcpy_to_host(&host, got, state.address[b], (size_t)SHORTS * 2u);
    for (i = 0; i < SHORTS; i++) {
        unsigned g = (unsigned)got[2 * i] | (unsigned)got[2 * i + 1] << 8;
        zeros += g == 0u;
        if (g != want[i] && diffs++ < 4u)
            printf("  SADS[%u]: expected %u, got %u\n", i, (unsigned)want[i], g);
    }
    GS_CHECK_EQ(0u, diffs);
    GS_CHECK(zeros < (unsigned)(41 * MBS * 8));   /* only the padding is zero */
}

int main(void)
{
    GS_RUN(test_sad_small);
    wlb_release();
    free(test_arena_buffer);
    return gs_check_report();
}
