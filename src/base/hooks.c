/*
 * Observation hooks: registration and dispatch (base/hooks.h).
 */
#include "base/hooks.h"

#include <string.h>

/* ---- hooks -------------------------------------------------------------- */

void gs_hooks_init(gs_hooks *hooks, uint32_t sm)
{
    memset(hooks, 0, sizeof *hooks);
    hooks->sm = sm;
}

gs_status gs_hooks_add(gs_hooks *hooks, const gs_hook_ops *ops, void *ctx, gs_diag *diag)
{
    if (hooks->count >= GS_HOOKS_MAX)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "more than %u observers on SM %u (hook '%s' does not fit)",
                           GS_HOOKS_MAX, (unsigned)hooks->sm, ops->name);
    hooks->ops[hooks->count] = ops;
    hooks->ctx[hooks->count] = ctx;
    hooks->epochs_done[hooks->count] = 0;
    hooks->count++;
    return GS_OK;
}

void gs_hooks_access(const gs_hooks *hooks, const gs_hook_access *event)
{
    uint32_t i;
    for (i = 0; i < hooks->count; i++)
        if (hooks->ops[i]->on_access)
            hooks->ops[i]->on_access(hooks->ctx[i], event);
}

void gs_hooks_evict(const gs_hooks *hooks, const gs_hook_evict *event)
{
    uint32_t i;
    for (i = 0; i < hooks->count; i++)
        if (hooks->ops[i]->on_evict)
            hooks->ops[i]->on_evict(hooks->ctx[i], event);
}

void gs_hooks_commit(const gs_hooks *hooks, const gs_hook_commit *event)
{
    uint32_t i;
    for (i = 0; i < hooks->count; i++)
        if (hooks->ops[i]->on_commit)
            hooks->ops[i]->on_commit(hooks->ctx[i], event);
}

/* Epoch e of an observer with period K covers cycles [e*K, (e+1)*K - 1]. If the
 * cycle loop jumped over several epoch ends, each fires, in order, with its own
 * last cycle, so fast-forwarding gives the same events. */
void gs_hooks_end_cycle(gs_hooks *hooks, uint64_t cycle)
{
    uint32_t i;
    for (i = 0; i < hooks->count; i++) {
        const gs_hook_ops *ops = hooks->ops[i];
        uint64_t period = ops->epoch_cycles;
        if (period == 0)
            continue;
        while ((hooks->epochs_done[i] + 1u) * period - 1u <= cycle) {
            gs_hook_epoch event;
            event.index = hooks->epochs_done[i];
            event.cycle = (event.index + 1u) * period - 1u;
            event.sm = hooks->sm;
            hooks->epochs_done[i]++;
            if (ops->on_epoch)
                ops->on_epoch(hooks->ctx[i], &event);
        }
    }
}
