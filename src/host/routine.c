/*
 * The table of host routines a workload file may call (`host NAME ...`;
 * host/routine.h). Adding one: its file, its line here.
 */
#include <string.h>

#include "host/routine.h"

static const gs_host_routine routines[] = {
    { "bpnn_train_host", "bibbibbbbbbi", gs_routine_bpnn_train_host,
      "Rodinia backprop's CPU step between layerforward and adjust_weights" },
};

const gs_host_routine *gs_host_routine_find(const char *name, size_t length)
{
    size_t i;
    for (i = 0; i < sizeof routines / sizeof routines[0]; i++)
        if (strlen(routines[i].name) == length && memcmp(routines[i].name, name, length) == 0)
            return &routines[i];
    return NULL;
}

void gs_host_routine_list(char *buf, size_t size)
{
    size_t i, used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (i = 0; i < sizeof routines / sizeof routines[0]; i++) {
        const char *sep = i ? ", " : "";
        size_t n = strlen(sep) + strlen(routines[i].name);
        if (used + n + 1u > size)
            return;   /* truncated: the list never overflows the caller's line */
        memcpy(buf + used, sep, strlen(sep));
        memcpy(buf + used + strlen(sep), routines[i].name, strlen(routines[i].name) + 1u);
        used += n;
    }
}
