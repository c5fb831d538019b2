/*
 * A stub board for `make freestanding`: the library, compiled
 * -ffreestanding, links with -nostdlib against the bare-metal port
 * (src/port/port_freestanding.c) and this file alone, so any hidden libc or
 * malloc use in the library fails the link. The console goes nowhere and the
 * image is never run (examples/baremetal/ holds programs that do run).
 */
#include <stddef.h>

#include "gpusim.h"
#include "port/port.h"

void gs_freestanding_entry(void);

void gs_port_write(const char *text, size_t length)
{
    (void)text;
    (void)length;
}

void gs_port_exit(int status)
{
    (void)status;
    for (;;)
        ;
}

static unsigned char arena_buffer[1u << 16];

/* Entry point of the linked image: drives a little of the library so the
 * image is not empty. */
void gs_freestanding_entry(void)
{
    gs_arena arena;
    gs_stats stats;
    gs_arena_init(&arena, arena_buffer, sizeof arena_buffer);
    if (gs_stats_init(&stats, &arena, 16, NULL) == GS_OK)
        gs_stats_put_count(&stats, "gpu_sim_cycle", 1);
    gs_stats_print_text(&stats, &gs_port_console);
    gs_port_exit(0);
}
