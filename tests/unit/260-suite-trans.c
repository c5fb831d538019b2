/*
 * TRANS (examples/suite/trans: CUDA SDK transpose) at the small size
 * (512 x 512), run from the embedded table: each of the three
 * transposes (direct, staged through a shared tile, padded tile) writes
 * exactly the transpose of the input (a pure data movement: bit-exact
 * copies).
 */
#include "check.h"
#include "workload_host.h"
#include "workload_ref.h"

#define W 512u
#define H 512u

static gs_host host;
static gs_arena arena;
static gs_workload wl;
static gs_wl_state state;
static uint32_t in[W * H], want[W * H], got[W * H];

static void check_output(const char *name)
{
    test_read32(&host, &wl, &state, name, got);
    GS_CHECK_EQ(0, test_diff32(name, want, got, W * H));
}

static void test_small(void)
{
    uint32_t x, y;
    GS_CHECK_EQ(GS_OK, test_run_workload("trans:small", &wl, &host, &arena, &state));
    test_initial32(&wl, "idata", in);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            want[x * H + y] = in[y * W + x];
    check_output("naive");
    check_output("coalesced");
    check_output("padded");
    GS_CHECK(want[1] != in[1] && want[H] == in[1]);
    GS_CHECK_EQ(3, host.launches);
}

int main(void)
{
    GS_RUN(test_small);
    free(test_arena_buffer);
    return gs_check_report();
}
