/*
 * Port hooks for a hosted build (Linux, macOS, ...): where a simulator bug
 * report goes. A bare-metal port supplies its own gs_port_panic.
 */
#include "base/status.h"

#include <stdio.h>
#include <stdlib.h>

void gs_port_panic(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: internal error: assertion failed: %s\n", file, line, what);
    fflush(stderr);
    abort();
}
