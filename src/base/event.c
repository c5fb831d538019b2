/*
 * The event bus (base/event.h): subscription, delivery in subscription
 * order, and the cycle / instruction epochs.
 */
#include "base/event.h"

#include <string.h>

static const char *const event_names[GS_EV_COUNT] = {
#define GS_EVENT_NAME(name, text) text,
    GS_EVENT_KINDS(GS_EVENT_NAME)
#undef GS_EVENT_NAME
};

const char *gs_event_name(unsigned kind)
{
    return kind < GS_EV_COUNT ? event_names[kind] : NULL;
}

int gs_event_find(const char *name, unsigned length)
{
    unsigned k;
    for (k = 0; k < GS_EV_COUNT; k++)
        if (strlen(event_names[k]) == length && memcmp(event_names[k], name, length) == 0)
            return (int)k;
    return -1;
}

void gs_event_bus_init(gs_event_bus *bus)
{
    memset(bus, 0, sizeof *bus);
}

gs_status gs_event_subscribe(gs_event_bus *bus, const gs_event_sub *sub, gs_diag *diag)
{
    gs_event_sub *s;
    if (bus->count >= GS_EVENT_SUBSCRIBERS_MAX)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "more than %u event subscribers ('%s' does not fit)",
                           GS_EVENT_SUBSCRIBERS_MAX, sub->name);
    s = &bus->subs[bus->count++];
    *s = *sub;
    s->cycle_epochs_done = 0;
    s->inst_epochs_done = 0;
    if (s->epoch_cycles != 0 || s->epoch_insts != 0 || s->wake_at != NULL) {
        s->kinds |= GS_EVENT_BIT(GS_EV_EPOCH);
        bus->want_epochs = 1;
    }
    if (s->epoch_insts != 0)
        bus->want_inst_epochs = 1;
    bus->wanted |= s->kinds;
    return GS_OK;
}

void gs_event_clear(gs_event *event, unsigned kind, unsigned domain, uint64_t cycle)
{
    memset(event, 0, sizeof *event);
    event->kind = (uint8_t)kind;
    event->domain = (uint8_t)domain;
    event->cycle = cycle;
    event->origin.sm = GS_ORIGIN_NONE;
    event->origin.warp = GS_ORIGIN_NONE;
    event->origin.sched = GS_ORIGIN_NONE;
    event->origin.cta = GS_ORIGIN_NO_CTA;
    event->owner_sm = GS_ORIGIN_NONE;
    event->owner_warp = GS_ORIGIN_NONE;
}

void gs_event_bus_set_warps(gs_event_bus *bus, uint32_t *warp_cta, uint32_t num_sms,
                            uint32_t warps_per_sm, uint32_t scheds_per_sm)
{
    bus->warp_cta = warp_cta;
    bus->num_sms = num_sms;
    bus->warps_per_sm = warps_per_sm;
    bus->scheds_per_sm = (uint16_t)scheds_per_sm;
}

void gs_event_bus_bind_warp(gs_event_bus *bus, uint32_t sm, uint32_t warp, uint32_t cta)
{
    if (bus->warp_cta != NULL && sm < bus->num_sms && warp < bus->warps_per_sm)
        bus->warp_cta[sm * bus->warps_per_sm + warp] = cta;
}

/* Kernel, app, and for an SM warp its CTA and scheduler. */
static void complete_origin(const gs_event_bus *bus, gs_origin *o)
{
    o->kernel = bus->kernel;
    o->app = bus->app;
    if (o->sm < bus->num_sms && o->warp < bus->warps_per_sm) {
        if (o->cta == GS_ORIGIN_NO_CTA && bus->warp_cta != NULL)
            o->cta = bus->warp_cta[o->sm * bus->warps_per_sm + o->warp];
        if (o->sched == GS_ORIGIN_NONE && bus->scheds_per_sm != 0)
            o->sched = (uint16_t)(o->warp % bus->scheds_per_sm);
    }
}

void gs_event_emit(const gs_event_bus *bus, const gs_event *event)
{
    uint32_t i, bit = GS_EVENT_BIT(event->kind);
    gs_event ev = *event;
    complete_origin(bus, &ev.origin);
    for (i = 0; i < bus->count; i++)
        if (bus->subs[i].kinds & bit)
            bus->subs[i].fn(bus->subs[i].ctx, &ev);
}

gs_status gs_event_add_decider(gs_event_bus *bus, const gs_decider *decider, gs_diag *diag)
{
    if (bus->n_deciders >= GS_DECIDERS_MAX)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "more than %u deciders ('%s' does not fit)", GS_DECIDERS_MAX,
                           decider->name);
    bus->deciders[bus->n_deciders++] = *decider;
    bus->decide_levels |= decider->levels;
    return GS_OK;
}

uint32_t gs_event_decide(const gs_event_bus *bus, gs_decide_in *in, uint32_t *redirector)
{
    uint32_t i, all = 0, bit = 1u << in->level;
    complete_origin(bus, &in->origin);
    *redirector = GS_DECIDERS_MAX;
    for (i = 0; i < bus->n_deciders; i++) {
        const gs_decider *d = &bus->deciders[i];
        uint32_t answer;
        if (!(d->levels & bit))
            continue;
        answer = d->decide(d->ctx, in);
        if ((answer & GS_DECIDE_REDIRECT) && in->level != GS_LEVEL_L1D)
            answer &= ~(uint32_t)GS_DECIDE_REDIRECT;   /* nobody to serve it */
        if ((answer & GS_DECIDE_REDIRECT) && *redirector == GS_DECIDERS_MAX)
            *redirector = i;
        all |= answer;
    }
    return all;
}

uint64_t gs_event_redirect(const gs_event_bus *bus, uint32_t redirector,
                           const gs_decide_in *in)
{
    const gs_decider *d = &bus->deciders[redirector];
    return d->redirect != NULL ? d->redirect(d->ctx, in) : GS_REDIRECT_SMEM_CACHE;
}

static void fire_epoch(const gs_event_bus *bus, gs_event_sub *s, uint64_t cycle,
                       uint64_t index, unsigned by)
{
    gs_event ev;
    gs_event_clear(&ev, GS_EV_EPOCH, GS_DOMAIN_CORE, cycle);
    ev.origin.kernel = bus->kernel;
    ev.origin.app = bus->app;
    ev.value = (uint32_t)index;
    ev.outcome = (uint8_t)by;
    s->fn(s->ctx, &ev);
}

/* A clock jump over several epoch ends fires each, in order, with its own
 * last cycle, so fast-forwarding gives the same events as stepping. */
void gs_event_end_cycle(gs_event_bus *bus, uint64_t cycle)
{
    uint64_t committed_warp_insts = bus->committed_warp_insts;
    uint32_t i;
    for (i = 0; i < bus->count; i++) {
        gs_event_sub *s = &bus->subs[i];
        uint64_t k = s->epoch_cycles, n = s->epoch_insts;
        for (;;) {   /* cycle epochs and the wake in cycle order (an epoch first on a tie) */
            uint64_t epoch = k != 0 ? (s->cycle_epochs_done + 1u) * k - 1u : GS_WAKE_NONE;
            uint64_t wake = s->wake_at != NULL ? *s->wake_at : GS_WAKE_NONE;
            if (epoch <= cycle && epoch <= wake) {
                fire_epoch(bus, s, epoch, s->cycle_epochs_done, GS_EPOCH_BY_CYCLES);
                s->cycle_epochs_done++;
            } else if (wake <= cycle) {
                *s->wake_at = GS_WAKE_NONE;
                fire_epoch(bus, s, wake, 0, GS_EPOCH_BY_WAKE);
                GS_ASSERT(*s->wake_at > wake);   /* the contract: the next wake is later */
            } else {
                break;
            }
        }
        while (n != 0 && (s->inst_epochs_done + 1u) * n <= committed_warp_insts) {
            fire_epoch(bus, s, cycle, s->inst_epochs_done, GS_EPOCH_BY_INSTS);
            s->inst_epochs_done++;
        }
    }
}

uint64_t gs_event_next_due(const gs_event_bus *bus)
{
    uint64_t due = ~(uint64_t)0;
    uint32_t i;
    for (i = 0; i < bus->count; i++) {
        const gs_event_sub *s = &bus->subs[i];
        if (s->epoch_cycles != 0 && (s->cycle_epochs_done + 1u) * s->epoch_cycles - 1u < due)
            due = (s->cycle_epochs_done + 1u) * s->epoch_cycles - 1u;
        if (s->wake_at != NULL && *s->wake_at < due)
            due = *s->wake_at;
    }
    return due;
}
