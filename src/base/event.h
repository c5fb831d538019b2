/*
 * The machine's events (DESIGN.md section 7; issue 12 item 3): what every
 * unit reports to the mechanisms that watch it, and the bus that carries them.
 *
 * One gs_event_bus per simulated GPU, owned by sim/ and handed to every unit
 * before cycle 0. A unit that may emit kind K tests GS_EVENT_WANTED(bus, K)
 * first (one load and a bit test; nothing is built when no subscriber wants
 * K), fills a gs_event and calls gs_event_emit. Subscribers are called
 * synchronously, in subscription order, which is fixed by the mechanism list
 * (sim/), so the whole stream is deterministic.
 *
 * Each event carries the cycle of the emitting unit's clock domain (`domain`:
 * core, interconnect, L2, DRAM), the origin of the request or warp (kernel
 * launch uid, CTA, SM, scheduler, SM warp slot, PC, app/class id) and per-kind
 * fields, listed with GS_EVENT_KINDS below. Order within one core cycle: the
 * SM's write-back (commit, warp exit, CTA finish), then its LD/ST unit's
 * cycle (L1 fills and the L1 events of its accesses, in the order the L1
 * processes them: for one access the victim's EVICT, the MSHR event, then
 * the access's own outcome), then issue (issue, barrier arrive/leave);
 * SMs in index order; memory-domain events in the clock loop's domain
 * order (sim/gpu_run.c); epochs last, after every SM has run the cycle.
 *
 * Epochs: a subscriber may ask for an EPOCH event every `epoch_cycles` core
 * cycles (epoch e covers cycles [eK, (e+1)K - 1]; it fires at the end of
 * cycle (e+1)K - 1, or, when the clock jumped over it, in order with that
 * cycle number) and/or every `epoch_insts` committed warp instructions
 * (fired at the end of the core cycle in which the count reached (e+1)N).
 * A subscriber may also keep a wake register (gs_event_sub.wake_at): a core
 * cycle W it wants to be called at, fired as an EPOCH with outcome
 * GS_EPOCH_BY_WAKE at the end of cycle W (after its cycle epochs of that
 * cycle); the register is cleared first, so the handler may set the next one
 * (later than W). Clock jumps stop at the next due epoch or wake, so a
 * mechanism that steers warps there acts in the cycle it would when stepping.
 */
#ifndef GS_BASE_EVENT_H
#define GS_BASE_EVENT_H

#include <stdint.h>

#include "base/status.h"

/* X(NAME, "name", fields used beyond origin/cycle): the one list of kinds. */
#define GS_EVENT_KINDS(X)                                                          \
    X(L1D_ACCESS, "l1d_access")       /* addr; outcome, fail, is_write, sector; \
                                         value = the warp's lanes it serves */     \
    X(L1D_FILL, "l1d_fill")           /* addr; value = sectors filled */          \
    X(L1D_EVICT, "l1d_evict")         /* addr = victim; owner; dirty */           \
    X(L2_ACCESS, "l2_access")         /* as L1D_ACCESS; unit = slice */           \
    X(L2_FILL, "l2_fill")                                                        \
    X(L2_EVICT, "l2_evict")                                                      \
    X(MSHR_ALLOC, "mshr_alloc")       /* level; addr; value = entries in use */   \
    X(MSHR_MERGE, "mshr_merge")       /* level; addr; value = merge length */     \
    X(MSHR_RELEASE, "mshr_release")   /* level; addr; value = waiters released;  \
                                         origin = the first waiter released */     \
    X(DRAM_ENQUEUE, "dram_enqueue")   /* unit = channel; value = bank; row */     \
    X(DRAM_ROW, "dram_row")           /* bank takes it: outcome 0 hit, 1 miss */  \
    X(DRAM_COMMAND, "dram_command")   /* outcome = ACT 1, PRE 2, RD 3, WR 4 */     \
    X(DRAM_COMPLETE, "dram_complete") /* data returned for the request */         \
    X(WARP_ISSUE, "warp_issue")       /* value = active lanes; outcome = class */ \
    X(WARP_COMMIT, "warp_commit")     /* value = active lanes; outcome = class */ \
    X(BARRIER_ARRIVE, "barrier_arrive") /* value = barrier id */                 \
    X(BARRIER_LEAVE, "barrier_leave") /* value = barrier id */                    \
    X(WARP_EXIT, "warp_exit")                                                     \
    X(CTA_LAUNCH, "cta_launch")                                                   \
    X(CTA_FINISH, "cta_finish")                                                   \
    X(KERNEL_LAUNCH, "kernel_launch") /* value = CTAs in the grid; addr = the   \
                                         kernel name's hash (gs_hash_bytes) */     \
    X(KERNEL_FINISH, "kernel_finish") /* as KERNEL_LAUNCH */                      \
    X(EPOCH, "epoch")                 /* value = epoch index; outcome = by */  \
    X(SMEM_CACHE_EVICT, "smem_cache_evict") /* as L1D_EVICT, for the shared-  \
                                         memory cache (mem/smem_cache.h) */

typedef enum gs_event_kind {
#define GS_EVENT_ENUM(name, text) GS_EV_##name,
    GS_EVENT_KINDS(GS_EVENT_ENUM)
#undef GS_EVENT_ENUM
    GS_EV_COUNT
} gs_event_kind;

/* Subscriptions and -gs_event_trace are 32-bit sets of kinds. */
typedef char gs_event_kinds_fit_in_32_bits[GS_EV_COUNT <= 32 ? 1 : -1];

/* Which clock a cycle counts. */
typedef enum gs_event_domain {
    GS_DOMAIN_CORE = 0,
    GS_DOMAIN_ICNT,
    GS_DOMAIN_L2,
    GS_DOMAIN_DRAM
} gs_event_domain;

/* Where in the hierarchy (MSHR events, bypass decisions). */
typedef enum gs_event_level {
    GS_LEVEL_NONE = 0,
    GS_LEVEL_L1D,
    GS_LEVEL_L2,
    GS_LEVEL_DRAM
} gs_event_level;

/* Cache outcomes, in gs_cache_outcome order (mem/cache.h). */
typedef enum gs_event_outcome {
    GS_OUTCOME_HIT = 0,
    GS_OUTCOME_HIT_RESERVED,      /* line allocated, data in flight (MSHR merge) */
    GS_OUTCOME_MISS,
    GS_OUTCOME_RESERVATION_FAIL   /* no MSHR / miss-queue slot / line: retried */
} gs_event_outcome;

/* EPOCH.outcome: what the epoch counts. */
enum { GS_EPOCH_BY_CYCLES = 0, GS_EPOCH_BY_INSTS = 1, GS_EPOCH_BY_WAKE = 2 };

/* A wake register holding no wake. */
#define GS_WAKE_NONE (~(uint64_t)0)

#define GS_ORIGIN_NONE 0xFFFFu    /* sm / warp / sched of a request no warp made */
#define GS_ORIGIN_NO_CTA 0xFFFFFFFFu

typedef struct gs_origin {
    uint32_t kernel;     /* launch uid, 1 for a run's first kernel; 0 = none */
    uint32_t cta;        /* linear CTA id in its grid; GS_ORIGIN_NO_CTA = none */
    uint32_t pc;         /* instruction (byte PC of a trace, index of PTX) */
    uint16_t sm;         /* GS_ORIGIN_NONE: no SM (kernel and epoch events) */
    uint16_t warp;       /* SM warp slot */
    uint16_t sched;      /* warp scheduler of that slot */
    uint16_t app;        /* application / class id (0 in GPU-only runs) */
} gs_origin;

typedef struct gs_event {
    uint64_t cycle;      /* cycle of `domain` */
    uint64_t addr;       /* line address; 0 where the kind has none */
    uint64_t row;        /* DRAM row (DRAM kinds) */
    gs_origin origin;    /* who made the request / which warp */
    uint32_t unit;       /* SM id, L2 slice, DRAM channel */
    uint32_t value;      /* per kind, see GS_EVENT_KINDS */
    uint16_t owner_sm;   /* EVICT: SM whose access inserted the victim */
    uint16_t owner_warp; /* EVICT: its warp slot */
    uint8_t kind;        /* gs_event_kind */
    uint8_t domain;      /* gs_event_domain */
    uint8_t level;       /* gs_event_level */
    uint8_t outcome;     /* gs_event_outcome; DRAM: command; EPOCH: by */
    uint8_t fail;        /* RESERVATION_FAIL: reason (gs_cache_fail order) */
    uint8_t is_write;
    uint8_t dirty;       /* EVICT: the victim held dirty data */
    uint8_t sector_miss; /* ACCESS: line present, a requested sector absent */
} gs_event;

typedef void (*gs_event_fn)(void *ctx, const gs_event *event);

#define GS_EVENT_SUBSCRIBERS_MAX 16u
#define GS_EVENT_BIT(kind) ((uint32_t)1u << (kind))
#define GS_EVENT_ALL ((uint32_t)((1ull << GS_EV_COUNT) - 1u))

typedef struct gs_event_sub {
    gs_event_fn fn;
    void *ctx;
    const char *name;
    uint32_t kinds;          /* GS_EVENT_BIT set */
    uint64_t epoch_cycles;   /* 0 = none */
    uint64_t epoch_insts;    /* 0 = none */
    uint64_t *wake_at;       /* NULL = none; else the subscriber's wake register
                                (a core cycle, or GS_WAKE_NONE) */
    uint64_t cycle_epochs_done;
    uint64_t inst_epochs_done;
} gs_event_sub;

/* ---- decisions (DESIGN.md section 7; issue 12 item 4) ------------------
 * A decider is asked, per memory request, what a cache level should do with
 * it: GS_DECIDE_DEFAULT (0) is plain behaviour. Asked once per request and
 * level, in subscription order; the answers of all deciders are OR-ed.
 *   BYPASS       skip this level: the request goes below without a lookup
 *                (L1: the L1-bypass path of .cg loads; L2: straight to DRAM,
 *                the reply goes back without filling the L2);
 *   NO_ALLOCATE  look up, but a miss allocates no line;
 *   INSERT_LOW   a line it allocates is inserted at the lowest priority
 *                (the cache policy's insert hint: LRU position, distant RRPV);
 *   REDIRECT     (L1 only) the first decider that answered REDIRECT serves it
 *                through its redirect function, which returns the core
 *                cycle the data is ready, GS_REDIRECT_DECLINED to let the
 *                request go on, or GS_REDIRECT_SMEM_CACHE to send it to the
 *                SM's unused shared memory used as a cache (CIAO;
 *                mem/smem_cache.h; declined when -gs_smem_cache is 0). A
 *                decider with no redirect function means the latter.
 * Which requests are asked (decided here, written in the README): loads of
 * global and local data at the L1 (stores, atomics, .cg/.cv loads and
 * instruction fetches are not); reads at the L2 (writes and atomics always
 * use the L2, so it keeps the only dirty copy; instruction fetches are not
 * asked). */
enum gs_decision {
    GS_DECIDE_DEFAULT = 0,
    GS_DECIDE_BYPASS = 1u << 0,
    GS_DECIDE_NO_ALLOCATE = 1u << 1,
    GS_DECIDE_INSERT_LOW = 1u << 2,
    GS_DECIDE_REDIRECT = 1u << 3
};

#define GS_REDIRECT_DECLINED (~(uint64_t)0)
#define GS_REDIRECT_SMEM_CACHE (~(uint64_t)1)
#define GS_DECIDERS_MAX 8u

/* What a decider sees: the request and where it is. */
typedef struct gs_decide_in {
    uint64_t cycle;      /* of the level's clock (core for L1, L2 for L2) */
    uint64_t addr;       /* line address */
    gs_origin origin;    /* completed as for events */
    uint32_t unit;       /* SM (L1) or slice (L2) */
    uint8_t level;       /* GS_LEVEL_L1D or GS_LEVEL_L2 */
    uint8_t space;       /* gs_space (base/inst.h) */
    uint8_t is_write;
    uint8_t reserved;
} gs_decide_in;

typedef struct gs_decider {
    const char *name;
    uint32_t levels;     /* bit GS_LEVEL_L1D and/or GS_LEVEL_L2 */
    uint32_t (*decide)(void *ctx, const gs_decide_in *in);
    uint64_t (*redirect)(void *ctx, const gs_decide_in *in);   /* NULL: to the shared-
                                                                 * memory cache */
    void *ctx;
} gs_decider;

typedef struct gs_event_bus {
    uint32_t wanted;         /* union of the subscribers' kinds */
    uint32_t count;
    uint32_t want_epochs;    /* some subscriber has an epoch period */
    uint32_t want_inst_epochs;
    gs_event_sub subs[GS_EVENT_SUBSCRIBERS_MAX];
    /* Origin completion (gs_event_emit): the running kernel's uid, the
     * application id, and the CTA each SM warp slot runs (sim/ keeps them). */
    uint32_t kernel;
    uint16_t app;
    uint16_t scheds_per_sm;
    uint32_t warps_per_sm;
    uint32_t num_sms;
    uint32_t *warp_cta;      /* [num_sms * warps_per_sm]; NULL: CTAs unknown */
    uint64_t committed_warp_insts;   /* counted by the SMs while want_inst_epochs */
    gs_decider deciders[GS_DECIDERS_MAX];
    uint32_t n_deciders;
    uint32_t decide_levels;  /* union of the deciders' levels */
} gs_event_bus;

/* Name of a kind ("l1d_access"), or NULL; kind from name (-1 if unknown). */
const char *gs_event_name(unsigned kind);
int gs_event_find(const char *name, unsigned length);

void gs_event_bus_init(gs_event_bus *bus);
/* Subscribe (before cycle 0); GS_E_LIMIT past GS_EVENT_SUBSCRIBERS_MAX.
 * `sub` gives fn, ctx, name, kinds and the epoch periods; EPOCH is added to
 * kinds when a period is set. */
gs_status gs_event_subscribe(gs_event_bus *bus, const gs_event_sub *sub, gs_diag *diag);

/* Nonzero when some subscriber wants `kind` (bus may be NULL). */
#define GS_EVENT_WANTED(bus, kind) ((bus) != NULL && ((bus)->wanted >> (kind)) & 1u)

/* The table that names the CTA of each SM warp slot (arena memory of
 * num_sms x warps_per_sm words), and the schedulers per SM. */
void gs_event_bus_set_warps(gs_event_bus *bus, uint32_t *warp_cta, uint32_t num_sms,
                            uint32_t warps_per_sm, uint32_t scheds_per_sm);
/* SM warp slot `warp` of `sm` now runs CTA `cta` (linear id in its grid). */
void gs_event_bus_bind_warp(gs_event_bus *bus, uint32_t sm, uint32_t warp, uint32_t cta);

/* Deliver to every subscriber of event->kind, in subscription order, after
 * completing the origin: kernel (always the running one: kernels run one
 * after another), app, and, where the event names an SM warp, its scheduler
 * and CTA. A request that outlives its warp's CTA (a store still in the
 * memory system when the slot is reused) is named with the slot's new CTA. */
void gs_event_emit(const gs_event_bus *bus, const gs_event *event);

/* An event of `kind` at `cycle` of `domain`, everything else zero / none. */
void gs_event_clear(gs_event *event, unsigned kind, unsigned domain, uint64_t cycle);

/* Add a decider (before cycle 0); GS_E_LIMIT past GS_DECIDERS_MAX. */
gs_status gs_event_add_decider(gs_event_bus *bus, const gs_decider *decider, gs_diag *diag);

/* Nonzero when some decider wants to be asked at `level` (bus may be NULL). */
#define GS_DECIDE_WANTED(bus, level) ((bus) != NULL && ((bus)->decide_levels >> (level)) & 1u)

/* Ask every decider of in->level (origin completed first); returns the OR
 * of their answers. With REDIRECT in it, *redirector is the index of the
 * first decider that answered REDIRECT (for gs_event_redirect). */
uint32_t gs_event_decide(const gs_event_bus *bus, gs_decide_in *in, uint32_t *redirector);

/* Let decider `redirector` serve the request: the core cycle its data is
 * ready, GS_REDIRECT_DECLINED or GS_REDIRECT_SMEM_CACHE. */
uint64_t gs_event_redirect(const gs_event_bus *bus, uint32_t redirector,
                           const gs_decide_in *in);

/* End of core cycle `cycle` (bus->committed_warp_insts so far, GPU-wide):
 * fires the due epochs, cycle epochs before instruction epochs per
 * subscriber, subscribers in order. */
void gs_event_end_cycle(gs_event_bus *bus, uint64_t cycle);

/* The first core cycle at whose end an epoch by cycles or a wake is due
 * (~0 when none): where a clock jump must stop. */
uint64_t gs_event_next_due(const gs_event_bus *bus);

#endif
