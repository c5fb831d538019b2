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
