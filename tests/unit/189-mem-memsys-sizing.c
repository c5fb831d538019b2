/*
 * Sizing contract (DESIGN.md: all state from the arena, sized before cycle
 * 0): for each embedded preset (gtx480, qv100, a100, h100), also with non-default
 * cache policies and with the staged LD/ST path, gs_memsys_init takes
 * exactly gs_memsys_bytes(cfg) of the arena, no more (an overrun would need slack elsewhere) and no less (the
 * figure is the plan, not a bound).
 *
 * Regression (memfix): the DRAM controllers are allocated one per channel
 * (mem/partition.c gs_partitions_init), each rounded to GS_ARENA_ALIGN, but
 * were sized as one rounded array: 8 bytes short per channel when
 * sizeof(gs_dram) is not a multiple of the alignment (gtx480 6 channels:
 * 48 bytes, qv100 32: 256, a100 40: 320).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/arena.h"
#include "base/config.h"
#include "mem/memsys.h"
#include "presets.h"

static gs_config cfg;

/* Headroom beyond the sized figure, so an overrun is measured, not failed. */
#define HEADROOM 65536u

/* name, then the option pairs of `overrides` (NULL-terminated). */
static void check_preset_with(const char *name, const char *const *overrides)
{
    const gs_preset *preset = gs_preset_find(name);
    gs_diag diag;
    gs_arena arena;
    gs_memsys *sys = NULL;
    size_t bytes;
    void *buffer;
    GS_CHECK(preset != NULL);
    if (preset == NULL)
        return;
    gs_config_defaults(&cfg);
    GS_CHECK_EQ(GS_OK, gs_config_parse(&cfg, name, preset->text, preset->length, &diag));
    for (; overrides != NULL && overrides[0] != NULL; overrides += 2)
        GS_CHECK_EQ(GS_OK, gs_config_set_arg(&cfg, overrides[0], overrides[1], 1, 1, &diag));
    GS_CHECK_EQ(GS_OK, gs_config_finish(&cfg, &diag));
    bytes = gs_memsys_bytes(&cfg);
    buffer = calloc(1, bytes + HEADROOM);
    GS_CHECK(buffer != NULL);
    if (buffer == NULL)
        return;
    gs_arena_init(&arena, buffer, bytes + HEADROOM);
    GS_CHECK_EQ(GS_OK, gs_memsys_init(&sys, &arena, &cfg, &diag));
    GS_CHECK_EQ(bytes, arena.used_bytes);
    free(buffer);
}

static void check_preset(const char *name)
{
    check_preset_with(name, NULL);
}

static void test_init_takes_exactly_the_sized_bytes(void)
{
    /* No absolute figures: they follow struct sizes (host ABI) and the
     * cache module's layout; the contract is the equality. */
    check_preset("gtx480");
    check_preset("qv100");
    check_preset("a100");
    check_preset("h100");
}

/* Cache policies add per-line/per-set state to every L1D and L2 slice and,
 * for a shared DRRIP L2, one PSEL in the partitions. */
static void test_policies_take_exactly_the_sized_bytes(void)
{
    static const char *const shared[] = { "-gs_l2_policy", "drrip", "-gs_l1d_policy", "brrip",
                                          NULL };
    static const char *const per_slice[] = { "-gs_l2_policy", "drrip", "-gs_l1d_policy",
                                             "drrip", "-gs_l2_drrip_dueling", "per_slice",
                                             NULL };
    static const char *const fifo[] = { "-gs_l2_policy", "fifo", "-gs_l1d_policy", "srrip",
                                        NULL };
    check_preset_with("gtx480", shared);
    check_preset_with("gtx480", per_slice);
    check_preset_with("qv100", shared);
    check_preset_with("a100", fifo);
}

/* The staged LD/ST path (mem/ldst_stage.h) adds one stage per SM. */
static void test_stage_takes_exactly_the_sized_bytes(void)
{
    static const char *const stage[] = { "-gs_ldst_stage_entries", "24", NULL };
    static const char *const big[] = { "-gs_ldst_stage_entries", "1024", NULL };
    check_preset_with("gtx480", stage);
    check_preset_with("a100", big);
}

int main(void)
{
    GS_RUN(test_init_takes_exactly_the_sized_bytes);
    GS_RUN(test_policies_take_exactly_the_sized_bytes);
    GS_RUN(test_stage_takes_exactly_the_sized_bytes);
    return gs_check_report();
}
