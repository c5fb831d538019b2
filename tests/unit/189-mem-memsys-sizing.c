/*
 * Sizing contract (DESIGN.md: all state from the arena, sized before cycle
 * 0): for each embedded preset (gtx480, qv100, a100) gs_memsys_init takes
 * exactly gs_memsys_bytes(cfg) of the arena, no more (an overrun would need
 * slack elsewhere) and no less (the figure is the plan, not a bound).
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

static void check_preset(const char *name)
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

static void test_init_takes_exactly_the_sized_bytes(void)
{
    /* No absolute figures: they follow struct sizes (host ABI) and the
     * cache module's layout; the contract is the equality. */
    check_preset("gtx480");
    check_preset("qv100");
    check_preset("a100");
}

int main(void)
{
    GS_RUN(test_init_takes_exactly_the_sized_bytes);
    return gs_check_report();
}
