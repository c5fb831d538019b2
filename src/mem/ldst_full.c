/*
 * The full LD/ST unit of one SM (spec/seed-004-gpgpu-arch-book.md sections
 * 1.3.1-1.3.2; seed-000 section 2.1; contract in mem/ldst.h): coalescer ->
 * shared-memory banks | L1D with MSHRs and miss queue -> request crossbar;
 * replies fill the L1D and complete the instructions.
 *
 * Per core cycle (cycle()), in this fixed order:
 *   1. the reply at this SM's crossbar output, if it has arrived, fills the
 *      L1D (or, for an L1-bypassing request, goes straight to its
 *      instruction); a fill that cannot be made now waits (retry next cycle);
 *   2. at most one L1 miss-queue entry and one bypass request enter the
 *      request crossbar (a full crossbar input or request pool: they wait);
 *   3. the head instruction makes one access (seed-004 1.3.1: one cache block
 *      per cycle). RESERVATION_FAIL: the same access retries next cycle
 *      (seed-000 2.1). Shared memory: one pass per cycle, a k-way bank
 *      conflict takes k passes (seed-004 1.3.2).
 * Completion (the instruction's data written back):
 *   - L1 hit: l1_latency after the access; a store: l1_latency after its last
 *     access is accepted (stores are not acknowledged from below);
 *   - a read that went below: l1_latency after its reply arrives (the fill,
 *     then the replayed access that now hits: seed-004 1.3.2 replay-on-fill);
 *   - shared memory: smem_latency after the last pass;
 *   - the instruction completes when its last access does.
 * Routing decisions (documented in the notes/README):
 *   - atomics and reductions bypass the L1 and are performed at the L2
 *     (seed-004 1.5.2: ROP); shared-memory atomics use the shared-memory banks;
 *   - global loads with .cg or .cv bypass the L1 (cached at L2 only);
 *   - local accesses use the L1 (write-back per the dl1 string: seed-004
 *     1.3.2 "local: write-back, write-allocate"), global stores follow the
 *     dl1 write policy (write-evict / write-through, no allocate);
 *   - texture loads (tex, tld4) go to the texture cache (mem/tex_cache.h;
 *     seed-004 1.3.3): each coalesced line is one fragment, which completes
 *     l1_latency after it leaves the fragment FIFO; without a texture cache
 *     (-gpgpu_tex_cache:l1 none) they take the L1D path. Decision (issue 22
 *     item 3): a lane's texture fetch is timed as the line of its first
 *     texel (the footprint's other texels, up to 8 for a 3-D linear fetch,
 *     are not separate accesses); surface loads and stores are global;
 *   - const loads use the L1D path (no separate constant cache model yet);
 *     param loads complete after l1_latency (kernel parameters sit in the
 *     constant bank, seed-004 1.3.5 [gap]);
 *   - with -gpgpu_perfect_inst_const_cache 1 (both published Accel-Sim
 *     configurations set it) constant loads always hit: they take the param
 *     path, l1_latency and no traffic below the SM.
 */
#include "mem/memsys_internal.h"

#include <string.h>

#include "gs_limits.h"

/* ---- completion heap: (cycle, acceptance order), smallest first ---- */

static int event_before(const gs_ldst_event *a, const gs_ldst_event *b)
{
    return a->cycle < b->cycle || (a->cycle == b->cycle && a->seq < b->seq);
}

static void heap_push(gs_ldst_full *u, uint64_t cycle, uint32_t slot)
{
    uint32_t i = u->heap_n++;
    gs_ldst_event ev;
    ev.cycle = cycle;
    ev.seq = u->slots[slot].seq;
    ev.slot = slot;
    while (i > 0 && event_before(&ev, &u->heap[(i - 1u) / 2u])) {
        u->heap[i] = u->heap[(i - 1u) / 2u];
        i = (i - 1u) / 2u;
    }
    u->heap[i] = ev;
}

static gs_ldst_event heap_pop(gs_ldst_full *u)
{
    gs_ldst_event top = u->heap[0], last = u->heap[--u->heap_n];
    uint32_t i = 0;
    for (;;) {
        uint32_t child = 2u * i + 1u;
        if (child >= u->heap_n)
            break;
        if (child + 1u < u->heap_n && event_before(&u->heap[child + 1u], &u->heap[child]))
            child++;
        if (!event_before(&u->heap[child], &last))
            break;
        u->heap[i] = u->heap[child];
        i = child;
    }
    if (u->heap_n > 0)
        u->heap[i] = last;
    return top;
}

/* ---- slots ---- */

static void raise_ready(gs_ldst_slot *slot, uint64_t cycle)
{
    if (cycle > slot->ready_cycle)
        slot->ready_cycle = cycle;
}

static void maybe_finish(gs_ldst_full *u, uint32_t slot)
{
    gs_ldst_slot *s = &u->slots[slot];
    if (!s->issuing && s->pending == 0)
        heap_push(u, s->ready_cycle, slot);
}

static void request_done(gs_ldst_full *u, uint32_t slot, uint64_t ready_cycle)
{
    gs_ldst_slot *s = &u->slots[slot];
    GS_ASSERT(s->pending > 0);
    s->pending--;
    raise_ready(s, ready_cycle);
    maybe_finish(u, slot);
}

/* ---- events (base/event.h) ---- */

void gs_ldst_full_set_events(gs_ldst_full *u, const gs_event_bus *bus)
{
    u->bus = bus;
    if (u->has_l1)
        gs_cache_set_events(&u->l1, bus, GS_LEVEL_L1D, u->sm);
}

/* ---- set-up ---- */

size_t gs_ldst_full_bytes(const gs_memsys *sys)
{
    size_t bytes = gs_req_fifo_bytes(sys->direct_queue_entries)
                 + gs_req_fifo_bytes(GS_MAX_WARPS_PER_SM);   /* one fetch per warp */
    if (sys->l1_present)
        bytes += gs_cache_arena_bytes(&sys->l1_params);
    if (sys->stage_entries != 0)
        bytes += gs_ldst_stage_bytes(sys->stage_entries);
    if (sys->smem_cache_on)
        bytes += gs_arena_round(gs_smem_cache_bytes(sys->shmem_bytes));
    if (sys->tex_params.config.enabled)
        bytes += gs_tex_cache_bytes(&sys->tex_params);
    return bytes;
}

gs_status gs_ldst_full_init(gs_ldst_full *u, gs_memsys *sys, uint32_t sm, gs_arena *arena,
                            gs_diag *diag)
{
    uint32_t i;
    memset(u, 0, sizeof *u);
    u->sys = sys;
    u->sm = sm;
    u->iface.ops = &gs_ldst_full_ops;
    u->iface.state = u;
    u->head_slot = -1;
    u->n_free = GS_LDST_SLOTS;
    for (i = 0; i < GS_LDST_SLOTS; i++)
        u->free_slots[i] = GS_LDST_SLOTS - 1u - i;   /* slot 0 handed out first */
    if (gs_req_fifo_init(&u->direct, arena, sys->direct_queue_entries) != GS_OK ||
        gs_req_fifo_init(&u->fetches, arena, GS_MAX_WARPS_PER_SM) != GS_OK)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for LD/ST units");
    u->has_l1 = sys->l1_present;
    if (sys->stage_entries != 0 &&
        gs_ldst_stage_init(&u->stage, arena, sys->stage_entries, diag) != GS_OK)
        return GS_E_ARENA;
    if (sys->smem_cache_on && gs_smem_cache_init(&u->smem, arena, sys->shmem_bytes, diag) != GS_OK)
        return GS_E_ARENA;
    /* Without a texture cache u->tex stays zeroed: its queue counts read 0. */
    if (sys->tex_params.config.enabled) {
        gs_status st = gs_tex_cache_init(&u->tex, arena, &sys->tex_params, diag);
        if (st != GS_OK)
            return st;
    }
    if (u->has_l1) {
        gs_cache_params l1 = sys->l1_params;
        l1.policy.stream = GS_CACHE_STREAM_L1D(sm);
        return gs_cache_init(&u->l1, arena, &l1, diag);
    }
    return GS_OK;
}

/* ---- step 1: replies ---- */

static void note_latency(gs_ldst_full *u, const gs_mem_req *req, uint64_t now)
{
    uint64_t latency = now - req->created_cycle;
    u->stats.replies++;
    u->stats.latency_sum += latency;
    if (latency > u->stats.latency_max)
        u->stats.latency_max = latency;
}

static void smem_install(gs_ldst_full *u, uint64_t addr, uint32_t warp, uint32_t pc,
                         uint64_t now);

static void receive_reply(gs_ldst_full *u, uint64_t now)
{
    gs_memsys *sys = u->sys;
    gs_mem_req *req = gs_icnt_peek(&sys->reply_net, u->sm);
    gs_cache_waiter waiters[GS_MAX_MSHR_MERGE];
    uint32_t released = 0, i;
    uint64_t ready = now + sys->l1_latency_cycles;
    int to_smem;
    if (req == NULL)
        return;
    if (req->flags & GS_REQ_TEXTURE) {
        gs_tex_cache_reply(&u->tex, sys->req_slot[req->pool_index]);
    } else if (req->flags & GS_REQ_INSTRUCTION) {
        GS_ASSERT(u->n_fetched < GS_MAX_WARPS_PER_SM);
        u->fetched[u->n_fetched++] = req->origin_warp;   /* the SM fills its I-cache */
    } else if (!(req->flags & GS_REQ_BYPASS_L1)) {
        /* seed-001 2.8 step 4: an entry with the translated-address field
         * writes the data into the shared-memory cache, not the L1D; the
         * waiters get it from there (one shared-memory access). */
        to_smem = sys->smem_cache_on && gs_cache_fill_redirected(&u->l1, req->line_addr);
        if (!gs_cache_fill(&u->l1, req->line_addr, req->sector_mask, now, waiters,
                           GS_MAX_MSHR_MERGE, &released)) {
            u->stats.fill_stalls++;
            return;
        }
        u->retry_blocked = 0;
        if (to_smem) {
            ready = now + sys->smem_latency_cycles;
            u->smem_port_cycle = now + 1u;   /* A16: the write takes this cycle's bank pass */
            u->stats.smem_fills++;
            if (!gs_cache_fill_redirected(&u->l1, req->line_addr))   /* the whole line is in */
                smem_install(u, req->line_addr, released ? waiters[0].warp : GS_ORIGIN_NONE,
                             released ? waiters[0].pc : 0u, now);
        }
        for (i = 0; i < released; i++)
            if (!waiters[i].is_write)
                request_done(u, waiters[i].token, ready);
    } else {
        request_done(u, sys->req_slot[req->pool_index], ready);
    }
    gs_icnt_pop(&sys->reply_net, u->sm);
    note_latency(u, req, now);
    gs_req_pool_free(&sys->sm_pool, req);
}

/* ---- step 2: requests into the crossbar ---- */

static void locate(const gs_memsys *sys, gs_mem_req *req)
{
    gs_addr_decoded loc;
    gs_addrmap_decode(&sys->map, req->line_addr, &loc);
    req->sub_partition = loc.sub_partition;
    req->dram.channel = loc.channel;
    req->dram.bank = loc.bank;
    req->dram.bank_group = loc.bank_group;
    req->dram.row = loc.row;
    req->dram.column = loc.column;
}

static uint32_t request_flits(const gs_memsys *sys, const gs_mem_req *req)
{
    return gs_icnt_flits(&sys->request_net, req->kind == GS_REQ_READ ? 0u : req->size_bytes);
}

/* A pool entry for a request of `flits` flits about to enter the crossbar,
 * or NULL when the crossbar input or the pool has no room this cycle. */
static gs_mem_req *crossbar_request(gs_ldst_full *u, uint32_t flits)
{
    gs_memsys *sys = u->sys;
    gs_mem_req *req;
    if (!gs_icnt_can_push(&sys->request_net, u->sm, flits)) {
        u->stats.icnt_stalls++;
        return NULL;
    }
    req = gs_req_pool_alloc(&sys->sm_pool);
    if (req == NULL)
        u->stats.pool_stalls++;
    return req;
}

static void send_l1_miss(gs_ldst_full *u)
{
    gs_memsys *sys = u->sys;
    const gs_cache_miss *miss;
    gs_mem_req *req;
    if (!u->has_l1 || gs_cache_miss_count(&u->l1) == 0)
        return;
    miss = gs_cache_miss_peek(&u->l1);
    req = crossbar_request(u, gs_icnt_flits(&sys->request_net, miss->kind == GS_CACHE_MISS_READ
                                                               ? 0u : miss->size_bytes));
    if (req == NULL)
        return;
    gs_cache_miss_pop(&u->l1, req);
    u->retry_blocked = 0;
    req->origin_sm = (uint16_t)u->sm;
    locate(sys, req);
    gs_icnt_push(&sys->request_net, u->sm, req->sub_partition, req, request_flits(sys, req));
}

/* The texture cache's miss FIFO head into the crossbar, if it has room. */
static void send_tex_miss(gs_ldst_full *u)
{
    gs_memsys *sys = u->sys;
    const gs_tex_miss *miss;
    gs_mem_req *req;
    if (u->tex.miss_count == 0)   /* the common case (always, with no texture cache), no call */
        return;
    miss = gs_tex_cache_miss_peek(&u->tex);
    if ((req = crossbar_request(u, gs_icnt_flits(&sys->request_net, 0u))) == NULL)
        return;
    req->line_addr = miss->line_addr;
    req->sector_mask = miss->sector_mask;
    req->size_bytes = miss->size_bytes;
    req->kind = GS_REQ_READ;
    req->space = GS_SPACE_TEX;
    req->flags = GS_REQ_TEXTURE;
    req->origin_sm = (uint16_t)u->sm;
    req->origin_warp = (uint16_t)miss->warp;
    req->origin_lanes = miss->lanes;
    req->origin_pc = miss->pc;
    req->created_cycle = miss->cycle;   /* the access, as for an L1D miss */
    locate(sys, req);
    sys->req_slot[req->pool_index] = miss->rob_entry;
    gs_tex_cache_miss_pop(&u->tex);
    gs_icnt_push(&sys->request_net, u->sm, req->sub_partition, req, request_flits(sys, req));
}

/* The texture cache's data side: a fragment that leaves the FIFO has its
 * data read and filtered, l1_latency cycles. */
static void tex_cycle(gs_ldst_full *u, uint64_t now)
{
    uint32_t slot;
    /* A reorder-buffer entry not yet drained has its fragment still queued,
     * so an empty fragment FIFO means nothing to do: most cycles, no call. */
    if (u->tex.fragment_count != 0 && gs_tex_cache_cycle(&u->tex, &slot))
        request_done(u, slot, now + u->sys->l1_latency_cycles);
}

/* The head of a queue of ready requests into the crossbar, if it has room. */
static void send_queued(gs_ldst_full *u, gs_req_fifo *queue)
{
    gs_memsys *sys = u->sys;
    gs_mem_req *req = gs_req_fifo_ready(queue, 0);
    uint32_t flits;
    if (req == NULL)
        return;
    flits = request_flits(sys, req);
    if (!gs_icnt_can_push(&sys->request_net, u->sm, flits)) {
        u->stats.icnt_stalls++;
        return;
    }
    gs_req_fifo_pop(queue);
    gs_icnt_push(&sys->request_net, u->sm, req->sub_partition, req, flits);
}

/* ---- step 3: the next access (the head's, or a staged request's) ---- */

/* One access about to be made: the head instruction's next request (no
 * stage) or a staged request (mem/ldst_stage.h), with where the deciders'
 * answer for it is kept. */
typedef struct ldst_access {
    const gs_coalesce_req *c;
    uint32_t slot, warp, pc;
    uint8_t op, space;
    uint8_t *decided, *decision;
} ldst_access;

static void finish_head(gs_ldst_full *u)
{
    uint32_t slot = (uint32_t)u->head_slot;
    u->slots[slot].issuing = 0;
    u->head_slot = -1;
    maybe_finish(u, slot);
}

static uint8_t req_kind_of(uint8_t mem_op)
{
    if (mem_op == GS_MEM_STORE)
        return GS_REQ_WRITE;
    if (mem_op == GS_MEM_ATOMIC || mem_op == GS_MEM_REDUCE)
        return GS_REQ_ATOMIC;
    return GS_REQ_READ;
}

/* One access that bypasses the L1: 1 when taken, 0 when it must wait. */
static int access_direct(gs_ldst_full *u, const ldst_access *a, uint64_t now)
{
    gs_memsys *sys = u->sys;
    gs_ldst_slot *s = &u->slots[a->slot];
    const gs_coalesce_req *c = a->c;
    gs_mem_req *req;
    if (gs_req_fifo_full(&u->direct)) {
        u->stats.direct_queue_stalls++;
        return 0;
    }
    req = gs_req_pool_alloc(&sys->sm_pool);
    if (req == NULL) {
        u->stats.pool_stalls++;
        return 0;
    }
    req->line_addr = c->line_addr;
    req->sector_mask = c->sector_mask;
    req->size_bytes = c->size_bytes;
    req->kind = req_kind_of(a->op);
    req->space = a->space;
    req->flags = GS_REQ_BYPASS_L1;
    req->origin_sm = (uint16_t)u->sm;
    req->origin_warp = (uint16_t)a->warp;
    req->origin_lanes = a->c->lane_mask;
    req->origin_pc = a->pc;
    req->created_cycle = now;
    locate(sys, req);
    sys->req_slot[req->pool_index] = a->slot;
    if (req->kind == GS_REQ_WRITE)
        raise_ready(s, now + sys->l1_latency_cycles);
    else
        s->pending++;
    gs_req_fifo_push(&u->direct, req, 0);
    u->stats.direct_accesses++;
    return 1;
}

/* One texture access (mem/tex_cache.h): 1 when its fragment is queued, 0
 * on a reservation fail (retry next cycle). */
static int access_tex(gs_ldst_full *u, const ldst_access *a, uint64_t now)
{
    gs_tex_access t;
    gs_tex_fail fail;
    t.line_addr = a->c->line_addr;
    t.sector_mask = a->c->sector_mask;
    t.token = a->slot;
    t.warp = a->warp;
    t.pc = a->pc;
    t.lanes = a->c->lane_mask;
    t.cycle = now;
    if (gs_tex_cache_access(&u->tex, &t, &fail) == GS_TEX_RESERVATION_FAIL) {
        u->stats.reservation_stalls++;
        return 0;
    }
    u->slots[a->slot].pending++;
    return 1;
}

/* A retry while nothing in the L1 changed: the fail the cache would report
 * again (its fail counters and its L1D_ACCESS event), without the lookup. */
static void repeat_fail(gs_ldst_full *u, const ldst_access *a, uint64_t now, int to_smem)
{
    gs_cache_request r;
    memset(&r, 0, sizeof r);
    r.addr = a->c->line_addr;
    r.sector_mask = to_smem ? (1u << GS_CACHE_SECTORS) - 1u : a->c->sector_mask;
    r.is_write = a->op == GS_MEM_STORE;
    r.space = a->space;
    gs_cache_count_fail(&u->l1, &r, u->blocked_reason);
    u->stats.reservation_stalls++;
    if (GS_EVENT_WANTED(u->bus, GS_EV_L1D_ACCESS)) {
        gs_event ev;
        gs_cache_event_init(&u->l1, &ev, GS_EV_L1D_ACCESS, now, (uint16_t)u->sm,
                            (uint16_t)a->warp, a->pc);
        ev.addr = a->c->line_addr;
        ev.outcome = GS_OUTCOME_RESERVATION_FAIL;
        ev.fail = u->blocked_reason;
        ev.is_write = a->op == GS_MEM_STORE;
        gs_event_emit(u->bus, &ev);
    }
}

/* ---- unused shared memory as a cache (mem/smem_cache.h; seed-001 2.8) ----
 * The datapath of the redirected requests, decided here (README
 * "Decisions", seed-001 5.2):
 *  - a redirected load first checks the L1D tag (seed-001 2.8 step 1). A
 *    whole, clean L1D line migrates: the L1D gives it up through the
 *    response queue and the shared-memory cache takes it, one copy only
 *    (step 2); its data is ready one cycle after a hit would be (the
 *    response-queue hop), and the block's owner becomes the warp that asked
 *    for it there (the WID of the request that put it in shared memory, as
 *    for a fill). A line the L1D is still filling, a partly valid (sector)
 *    one or a dirty (local) one stays there and serves the request as an
 *    L1D access (one copy, no write-back path in the shared-memory cache).
 *    When the CTAs leave no room for even two blocks, a redirected load is a
 *    plain L1D load;
 *  - otherwise a shared-memory-cache hit is ready l1_latency (plus a hashed
 *    index's cycles) + smem_latency later: the serialized L1D tag check,
 *    then one shared-memory access reading tag and data in parallel (Table
 *    I's 1 cycle). Hits and migrations are not L1D accesses;
 *  - a miss takes an L1D MSHR entry marked with the translated address and
 *    the L1D's miss queue (step 3): it is an L1D read miss in the L1D's
 *    counters and events (the tag check the L1D made), allocates no L1D
 *    line, and asks for the whole line. The reply writes the block into its
 *    slot, computed from the geometry when the data arrives (a resize in
 *    between cannot write outside the cache), and the waiters' data is
 *    ready smem_latency later (step 4). The block's owner is the warp whose
 *    miss made the entry; the block it replaces goes to the victim tags as
 *    an SMEM_CACHE_EVICT event (2.8 "shared VTA");
 *  - A15: a load of a warp that is not redirected, of a block the
 *    shared-memory cache holds, is served there (the cache-control logic
 *    checks both tags: 2.8 "Routing"), and the block stays: no reverse
 *    migration, so the single copy holds without one. A store or atomic
 *    to a block held there removes it (write-evict, as the L1D does with
 *    global writes) and goes on as usual: the shared-memory cache is never
 *    dirty. A request of a non-redirected warp that meets a redirected
 *    fill in the MSHRs merges with it (the fill still goes to shared
 *    memory); a redirected one that meets a plain L1D fill merges and the
 *    line lands in the L1D: an entry's target is fixed by the request that
 *    made it;
 *  - A16: the LD/ST unit makes one access a cycle, so redirected accesses
 *    (a migration's write included) and the kernel's own shared-memory
 *    passes are serialized by construction (the staged path, which makes
 *    accesses beside the head's, is refused with -gs_smem_cache 1); a fill
 *    written into shared memory takes that cycle's bank pass, and an access
 *    or pass that needs the banks then waits a cycle
 *    (smem_cache_port_conflicts).
 * Single copy: whenever a block enters the shared-memory cache the L1D holds
 * no valid line of it (asserted). */

/* The L1D's tag check (a hashed index's cycles included), then one
 * shared-memory access. */
static uint64_t smem_hit_cycles(const gs_ldst_full *u)
{
    return (uint64_t)u->sys->l1_latency_cycles + u->sys->l1_hit_extra_cycles +
           u->sys->smem_latency_cycles;
}

static int smem_port_busy(gs_ldst_full *u, uint64_t now)
{
    if (u->smem_port_cycle != now + 1u)
        return 0;
    u->stats.smem_port_conflicts++;
    return 1;
}

static void smem_install(gs_ldst_full *u, uint64_t addr, uint32_t warp, uint32_t pc,
                         uint64_t now)
{
    uint64_t victim = 0;
    uint32_t victim_owner = GS_ORIGIN_NONE;
    GS_ASSERT(gs_cache_holding_of(&u->l1, addr) != GS_CACHE_HOLDS_CLEAN);   /* one copy */
    if (!gs_smem_cache_install(&u->smem, addr, warp, now, &victim, &victim_owner))
        return;
    u->stats.smem_evictions++;
    if (GS_EVENT_WANTED(u->bus, GS_EV_SMEM_CACHE_EVICT)) {
        gs_event ev;
        gs_cache_event_init(&u->l1, &ev, GS_EV_SMEM_CACHE_EVICT, now, (uint16_t)u->sm,
                            (uint16_t)warp, pc);
        ev.addr = victim;
        ev.owner_sm = (uint16_t)u->sm;
        ev.owner_warp = (uint16_t)victim_owner;
        gs_event_emit(u->bus, &ev);
    }
}


static int access_l1(gs_ldst_full *u, const ldst_access *a, uint64_t now, uint32_t decision,
                     int to_smem);

/* A redirected load (the decider's REDIRECT with the shared-memory cache as
 * target): 1 when taken, 0 when it waits. */
static int access_redirected(gs_ldst_full *u, const ldst_access *a, uint64_t now)
{
    uint64_t addr = a->c->line_addr;
    uint32_t owner;
    gs_cache_holding where = gs_cache_holding_of(&u->l1, addr);
    if (where == GS_CACHE_HOLDS_BUSY || u->smem.blocks == 0) {
        if (!access_l1(u, a, now, GS_DECIDE_DEFAULT, 0))
            return 0;
        u->stats.smem_redirected++;
        u->stats.smem_l1_kept++;
        return 1;
    }
    if (smem_port_busy(u, now))
        return 0;
    if (where == GS_CACHE_HOLDS_CLEAN) {
        (void)gs_cache_take_line(&u->l1, addr, &owner);   /* the owner becomes the asker */
        u->retry_blocked = 0;   /* a line left the L1D */
        smem_install(u, addr, a->warp, a->pc, now);
        raise_ready(&u->slots[a->slot], now + smem_hit_cycles(u) + 1u);
        u->stats.smem_redirected++;
        u->stats.smem_migrations++;
        return 1;
    }
    if (gs_smem_cache_lookup(&u->smem, addr, NULL)) {
        raise_ready(&u->slots[a->slot], now + smem_hit_cycles(u));
        u->stats.smem_redirected++;
        u->stats.smem_hits++;
        return 1;
    }
    if (!access_l1(u, a, now, GS_DECIDE_NO_ALLOCATE, 1))
        return 0;
    u->stats.smem_redirected++;
    u->stats.smem_misses++;
    return 1;
}

/* One L1 access: 1 when taken, 0 on a RESERVATION_FAIL (retry next cycle).
 * `decision`: the deciders' NO_ALLOCATE / INSERT_LOW (base/event.h);
 * `to_smem`: a redirected miss whose fill goes to the shared-memory cache. */
static int access_l1(gs_ldst_full *u, const ldst_access *a, uint64_t now, uint32_t decision,
                     int to_smem)
{
    gs_ldst_slot *s = &u->slots[a->slot];
    const gs_coalesce_req *c = a->c;
    gs_cache_request r;
    gs_cache_result res;
    if (u->smem.valid != 0 && !to_smem && a->op == GS_MEM_LOAD &&
        gs_smem_cache_lookup(&u->smem, c->line_addr, NULL)) {   /* A15: served where it is */
        if (smem_port_busy(u, now))
            return 0;
        raise_ready(&u->slots[a->slot], now + smem_hit_cycles(u));
        u->stats.smem_shared_hits++;
        return 1;
    }
    if (u->retry_blocked) {
        repeat_fail(u, a, now, to_smem);
        return 0;
    }
    memset(&r, 0, sizeof r);
    r.addr = c->line_addr;
    r.sector_mask = c->sector_mask;
    r.full_mask = c->full_mask;
    r.size_bytes = c->size_bytes;
    r.token = a->slot;
    r.pc = a->pc;
    r.lanes = a->c->lane_mask;
    r.sm = (uint16_t)u->sm;
    r.warp = (uint16_t)a->warp;
    r.is_write = a->op == GS_MEM_STORE;
    r.space = a->space;
    r.no_allocate = (uint8_t)((decision & GS_DECIDE_NO_ALLOCATE) != 0);
    r.insert_hint = (uint8_t)((decision & GS_DECIDE_INSERT_LOW) ? GS_CACHE_INSERT_LOWEST : 0);
    if (to_smem) {   /* the whole block, for the shared-memory cache */
        r.fill_redirected = 1;
        r.sector_mask = (1u << GS_CACHE_SECTORS) - 1u;
    }
    res = gs_cache_access(&u->l1, &r, now);
    if (res.outcome == GS_CACHE_RESERVATION_FAIL) {
        u->stats.reservation_stalls++;
        /* The memo holds for a retry of this same access; with a stage the
         * owner may pick another request next, so every pick looks up. */
        u->retry_blocked = (uint8_t)(u->pick == NULL);
        u->blocked_reason = res.fail;
        return 0;
    }
    u->stats.l1_accesses++;
    if (r.is_write)
        raise_ready(s, now + u->sys->l1_latency_cycles);
    else if (res.outcome == GS_CACHE_HIT)   /* + a hashed index's cycles (memsys.c) */
        raise_ready(s, now + u->sys->l1_latency_cycles + u->sys->l1_hit_extra_cycles);
    else
        s->pending++;
    return 1;
}

/* Ask the deciders about the head's current load once (base/event.h); a
 * redirect they serve completes it at the cycle they name. Returns 1 when
 * the access was served by a redirect. A redirect to the shared-memory
 * cache keeps REDIRECT in the decision (access_decided routes it, retries
 * included); without that cache (-gs_smem_cache 0) it is declined. */
static int decide_l1(gs_ldst_full *u, const ldst_access *a, uint64_t now)
{
    gs_decide_in in;
    uint32_t redirector;
    uint64_t ready;
    memset(&in, 0, sizeof in);
    in.cycle = now;
    in.addr = a->c->line_addr;
    in.origin.sm = (uint16_t)u->sm;
    in.origin.warp = (uint16_t)a->warp;
    in.origin.sched = GS_ORIGIN_NONE;
    in.origin.cta = GS_ORIGIN_NO_CTA;
    in.origin.pc = a->pc;
    in.unit = u->sm;
    in.level = GS_LEVEL_L1D;
    in.space = a->space;
    *a->decision = (uint8_t)gs_event_decide(u->bus, &in, &redirector);
    *a->decided = 1;
    if (!(*a->decision & GS_DECIDE_REDIRECT))
        return 0;
    ready = gs_event_redirect(u->bus, redirector, &in);
    if (ready == GS_REDIRECT_SMEM_CACHE && u->sys->smem_cache_on)
        return 0;
    *a->decision &= (uint8_t)~GS_DECIDE_REDIRECT;
    if (ready == GS_REDIRECT_DECLINED || ready == GS_REDIRECT_SMEM_CACHE)
        return 0;
    raise_ready(&u->slots[a->slot], ready > now ? ready : now + 1u);
    return 1;
}

/* A load on the L1 path when deciders are listening. */
static int access_decided(gs_ldst_full *u, const ldst_access *a, uint64_t now)
{
    if (!*a->decided && decide_l1(u, a, now))
        return 1;
    if (*a->decision & GS_DECIDE_REDIRECT)
        return access_redirected(u, a, now);
    if (*a->decision & GS_DECIDE_BYPASS)
        return access_direct(u, a, now);
    return access_l1(u, a, now, *a->decision, 0);
}

/* Make access `a` along `path`: 1 when taken. */
static int make_access(gs_ldst_full *u, const ldst_access *a, uint8_t path, uint64_t now)
{
    if (u->smem.valid != 0 && a->op != GS_MEM_LOAD &&
        gs_smem_cache_invalidate(&u->smem, a->c->line_addr, now))   /* A15: never dirty */
        u->stats.smem_write_invalidations++;
    if (path == GS_PATH_DIRECT)
        return access_direct(u, a, now);
    if (path == GS_PATH_TEX)
        return access_tex(u, a, now);
    if (a->op == GS_MEM_LOAD && GS_DECIDE_WANTED(u->bus, GS_LEVEL_L1D) &&
        (a->space == GS_SPACE_GLOBAL || a->space == GS_SPACE_LOCAL))
        return access_decided(u, a, now);
    return access_l1(u, a, now, GS_DECIDE_DEFAULT, 0);
}

/* The head's next request as an access. */
static void head_access(gs_ldst_full *u, ldst_access *a)
{
    a->c = &u->reqs[u->next_req];
    a->slot = (uint32_t)u->head_slot;
    a->warp = u->head_warp;
    a->pc = u->head_pc;
    a->op = u->head_op;
    a->space = u->head_space;
    a->decided = &u->decided;
    a->decision = &u->decision;
}

/* ---- the staged path (mem/ldst_stage.h): only while a mechanism owns it ---- */

/* The slot's accesses are all made: it completes when its data is back. */
static void slot_accessed(gs_ldst_full *u, uint32_t slot, uint64_t now)
{
    gs_ldst_slot *s = &u->slots[slot];
    raise_ready(s, now + 1u);
    s->issuing = 0;
    maybe_finish(u, slot);
}

/* The head puts its next request into the stage (one per cycle); with all
 * of them in, the unit is free for the next instruction. */
static void stage_push(gs_ldst_full *u, uint64_t now)
{
    uint32_t slot = (uint32_t)u->head_slot;
    if (u->next_req < u->n_reqs && !gs_ldst_stage_full(&u->stage)) {
        gs_stage_req r;
        memset(&r, 0, sizeof r);
        r.c = u->reqs[u->next_req++];
        r.slot = slot;
        r.warp = u->head_warp;
        r.pc = u->head_pc;
        r.op = u->head_op;
        r.space = u->head_space;
        r.path = u->head_path;
        gs_ldst_stage_put(&u->stage, &r);
        u->slots[slot].in_stage++;
        u->stats.staged++;
    }
    if (u->next_req < u->n_reqs)
        return;
    u->head_slot = -1;
    if (u->slots[slot].in_stage == 0)
        slot_accessed(u, slot, now);
}

/* The owner picks one staged request (or holds) and it makes its access. */
static void stage_access(gs_ldst_full *u, uint64_t now)
{
    uint32_t e;
    gs_stage_req *r;
    ldst_access a;
    if (gs_ldst_stage_count(&u->stage) == 0)
        return;
    e = u->pick(u->pick_ctx, u->sm, &u->stage, now);
    if (e == GS_STAGE_HOLD) {
        u->stats.stage_holds++;
        return;
    }
    GS_ASSERT(gs_ldst_stage_at(&u->stage, e) != NULL);   /* an owner picks a staged entry */
    r = &u->stage.entries[e];
    a.c = &r->c;
    a.slot = r->slot;
    a.warp = r->warp;
    a.pc = r->pc;
    a.op = r->op;
    a.space = r->space;
    a.decided = &r->decided;
    a.decision = &r->decision;
    u->blocked_reason = GS_CACHE_FAIL_NONE;   /* set again only by an L1 fail of this access
                                                 (a staged unit never repeats fails) */
    if (!make_access(u, &a, r->path, now)) {
        /* the owner's bypass-on-associativity-stall (GS_STAGE_BYPASS_ON_ASSOC_FAIL):
         * a global or local load whose set has every way reserved goes around
         * the L1 instead of waiting for a way */
        if (!(u->stage_flags & GS_STAGE_BYPASS_ON_ASSOC_FAIL) ||
            u->blocked_reason != GS_CACHE_FAIL_LINE_ALLOC || a.op != GS_MEM_LOAD ||
            (a.space != GS_SPACE_GLOBAL && a.space != GS_SPACE_LOCAL) ||
            !access_direct(u, &a, now))
            return;
        u->stats.assoc_bypasses++;
    }
    gs_ldst_stage_remove(&u->stage, e);
    if (--u->slots[a.slot].in_stage == 0 && u->head_slot != (int32_t)a.slot)
        slot_accessed(u, a.slot, now);
}

static void process_head(gs_ldst_full *u, uint64_t now)
{
    gs_ldst_slot *s = &u->slots[u->head_slot];
    if (u->head_path == GS_PATH_SHARED) {
        if (u->smem_port_cycle != 0 && smem_port_busy(u, now))
            return;   /* A16: a fill into the shared-memory cache has the banks */
        if (u->shmem_passes_left > 0)
            u->shmem_passes_left--;
        if (u->shmem_passes_left == 0) {
            raise_ready(s, now + u->sys->smem_latency_cycles);
            finish_head(u);
        }
        return;
    }
    if (u->pick != NULL) {
        stage_push(u, now);
        return;
    }
    if (u->next_req < u->n_reqs) {
        ldst_access a;
        head_access(u, &a);
        if (!make_access(u, &a, u->head_path, now))
            return;
        u->next_req++;
        u->decided = 0;
    }
    if (u->next_req >= u->n_reqs) {
        raise_ready(s, now + 1u);   /* an instruction with no access completes next cycle */
        finish_head(u);
    }
}

static void unit_cycle(void *unit, uint64_t now)
{
    gs_ldst_full *u = unit;
    receive_reply(u, now);
    send_queued(u, &u->fetches);     /* instruction lines first: the SM has no warp to run */
    send_l1_miss(u);
    send_tex_miss(u);
    send_queued(u, &u->direct);
    tex_cycle(u, now);
    if (u->head_slot >= 0)
        process_head(u, now);
    if (u->pick != NULL)
        stage_access(u, now);
}

/* ---- accept ---- */

static uint8_t path_of(const gs_ldst_full *u, const gs_inst *inst)
{
    if (inst->space == GS_SPACE_SHARED)
        return GS_PATH_SHARED;
    if (inst->space == GS_SPACE_PARAM && inst->mem_op == GS_MEM_LOAD)
        return GS_PATH_FIXED;
    if (inst->space == GS_SPACE_CONST && inst->mem_op == GS_MEM_LOAD && u->sys->perfect_const)
        return GS_PATH_FIXED;
    if (inst->space == GS_SPACE_TEX && inst->mem_op == GS_MEM_LOAD &&
        u->sys->tex_params.config.enabled)
        return GS_PATH_TEX;
    if (!u->has_l1 || inst->mem_op == GS_MEM_ATOMIC || inst->mem_op == GS_MEM_REDUCE)
        return GS_PATH_DIRECT;
    if (inst->mem_op == GS_MEM_LOAD && inst->space == GS_SPACE_GLOBAL &&
        (inst->cache_op == GS_CACHE_CG || inst->cache_op == GS_CACHE_CV))
        return GS_PATH_DIRECT;
    return GS_PATH_L1;
}

static gs_ldst_stall unit_can_accept(const void *unit, const gs_inst *inst)
{
    const gs_ldst_full *u = unit;
    (void)inst;
    if (u->head_slot >= 0)
        return GS_LDST_BUSY;
    if (u->n_free == 0)
        return GS_LDST_QUEUE_FULL;
    return GS_LDST_OK;
}

static uint32_t clamp_bytes(uint32_t bytes, uint32_t max)
{
    return bytes == 0 ? 1u : (bytes > max ? max : bytes);
}

static void unit_accept(void *unit, const gs_inst *inst, uint32_t warp, uint32_t tag,
                        uint64_t now)
{
    gs_ldst_full *u = unit;
    gs_memsys *sys = u->sys;
    uint32_t slot;
    gs_ldst_slot *s;
    GS_ASSERT(u->head_slot < 0 && u->n_free > 0);
    slot = u->free_slots[--u->n_free];
    s = &u->slots[slot];
    memset(s, 0, sizeof *s);
    s->tag = tag;
    s->warp = warp;
    s->seq = u->next_seq++;
    s->issuing = 1;
    s->ready_cycle = now + 1u;
    u->head_slot = (int32_t)slot;
    u->head_pc = inst->pc;
    u->head_warp = warp;
    u->head_space = inst->space;
    u->head_op = inst->mem_op;
    u->head_path = path_of(u, inst);
    u->n_reqs = 0;
    u->next_req = 0;
    u->decided = 0;
    u->stats.instructions++;
    if (u->head_path == GS_PATH_SHARED) {
        gs_inst copy = *inst;
        copy.access_bytes = (uint8_t)clamp_bytes(inst->access_bytes, GS_SHMEM_ACCESS_MAX);
        u->shmem_passes_left = gs_shmem_cycles_inst(&sys->shmem, &copy);
        u->stats.shmem_instructions++;
        u->stats.shmem_passes += u->shmem_passes_left;
    } else if (u->head_path == GS_PATH_FIXED) {
        if (inst->space == GS_SPACE_CONST)
            u->stats.const_perfect_accesses++;
        else
            u->stats.param_accesses++;
        raise_ready(s, now + sys->l1_latency_cycles);
    } else {
        const gs_coalesce_params *segments = u->head_path == GS_PATH_TEX ? &sys->tex_coalesce
                                                                          : &sys->coalesce;
        u->n_reqs = gs_coalesce(segments, inst->active_mask, inst->addr,
                                clamp_bytes(inst->access_bytes, segments->line_bytes), u->reqs);
    }
}

/* ---- instruction fetch (mem/ldst.h) ---- */

/* An I-cache miss of warp `warp`: a read of the instruction line at `addr`
 * (bytes long) below the L1D, as GPGPU-Sim's L1I misses go to the L2. The
 * request names the 32-byte sectors the line covers in its 128-byte memory
 * line. */
static int unit_fetch(void *unit, uint64_t addr, uint32_t bytes, uint32_t warp, uint64_t now)
{
    gs_ldst_full *u = unit;
    gs_memsys *sys = u->sys;
    uint32_t line_bytes = GS_CACHE_SECTORS * GS_CACHE_SECTOR_BYTES;
    uint32_t first, count;
    gs_mem_req *req;
    if (gs_req_fifo_full(&u->fetches) || (req = gs_req_pool_alloc(&sys->sm_pool)) == NULL) {
        u->stats.fetch_queue_stalls++;
        return 0;
    }
    if (bytes == 0 || bytes > line_bytes)
        bytes = line_bytes;
    first = (uint32_t)(addr % line_bytes) / GS_CACHE_SECTOR_BYTES;
    count = (bytes + GS_CACHE_SECTOR_BYTES - 1u) / GS_CACHE_SECTOR_BYTES;
    if (first + count > GS_CACHE_SECTORS)
        count = GS_CACHE_SECTORS - first;
    req->line_addr = addr - addr % line_bytes;
    req->sector_mask = ((1u << count) - 1u) << first;
    req->size_bytes = count * GS_CACHE_SECTOR_BYTES;
    req->kind = GS_REQ_READ;
    req->space = GS_SPACE_NONE;
    req->flags = GS_REQ_INSTRUCTION;
    req->origin_sm = (uint16_t)u->sm;
    req->origin_warp = (uint16_t)warp;
    req->origin_pc = (uint32_t)(addr - GS_LDST_CODE_BASE);
    req->created_cycle = now;
    locate(sys, req);
    gs_req_fifo_push(&u->fetches, req, 0);
    u->stats.instruction_fetches++;
    return 1;
}

static uint32_t unit_fetched(void *unit, uint64_t now, uint32_t *warps, uint32_t max)
{
    gs_ldst_full *u = unit;
    uint32_t n = u->n_fetched < max ? u->n_fetched : max, i;
    (void)now;   /* replies are taken in the cycle they arrive (receive_reply) */
    for (i = 0; i < n; i++)
        warps[i] = u->fetched[i];
    for (i = n; i < u->n_fetched; i++)
        u->fetched[i - n] = u->fetched[i];
    u->n_fetched -= n;
    return n;
}

/* ---- completions and idle ---- */

static uint32_t unit_completions(void *unit, uint64_t now, gs_ldst_done *out, uint32_t max)
{
    gs_ldst_full *u = unit;
    uint32_t n = 0;
    while (n < max && u->heap_n > 0 && u->heap[0].cycle <= now) {
        gs_ldst_event ev = heap_pop(u);
        out[n].tag = u->slots[ev.slot].tag;
        out[n].warp = u->slots[ev.slot].warp;
        u->free_slots[u->n_free++] = ev.slot;
        n++;
    }
    return n;
}

/* Idle: no instruction in flight and no L1 fill outstanding. A write-
 * allocate fetch (dl1 write-allocate W or F with a write-back L1) leaves an
 * MSHR entry that no instruction waits for; its SM must keep taking replies
 * until it is filled, or the reply would sit at the SM's crossbar output for
 * good and block every packet queued behind it (a deadlock). */
static int unit_idle(const void *unit)
{
    const gs_ldst_full *u = unit;
    return u->n_free == GS_LDST_SLOTS && u->head_slot < 0 &&
           (!u->has_l1 || u->l1.mshr.in_use == 0);
}

/* The SM's resident CTAs now hold `used_bytes` of shared memory: the
 * shared-memory cache takes what they leave (mem/smem_cache.h). */
static void unit_shared_in_use(void *unit, uint32_t used_bytes, uint64_t now)
{
    gs_ldst_full *u = unit;
    if (u->sys->smem_cache_on)
        (void)gs_smem_cache_resize(&u->smem, used_bytes, now);
}

/* ---- idling (mem/ldst.h quiet_until, arrived) ---- */

/* A reply granted to this SM's crossbar output (it may not have arrived yet:
 * the SM runs from the grant on, as it would have every cycle). */
static int unit_arrived(const void *unit)
{
    const gs_ldst_full *u = unit;
    const uint64_t *ready = gs_icnt_output_mask(&u->sys->reply_net);
    return (int)((ready[u->sm / 64u] >> (u->sm % 64u)) & 1u);
}

/* The unit can skip cycles only when every step of unit_cycle() would do
 * nothing: no reply at its output (1), nothing waiting for the crossbar
 * (2: the L1 miss queue, the texture miss FIFO, the direct and fetch
 * queues), no head instruction or staged request making accesses (3), no
 * texture fragment to filter and no fetched line the SM has not taken.
 * Then only its completions are events of its own; replies are polled
 * through unit_arrived() by the SM's owner (sim/gpu_run.c). */
static uint64_t unit_quiet_until(const void *unit, uint64_t now)
{
    const gs_ldst_full *u = unit;
    if (u->head_slot >= 0 || u->pick != NULL || u->n_fetched != 0 || u->direct.count != 0 ||
        u->fetches.count != 0 || (u->has_l1 && gs_cache_miss_count(&u->l1) != 0) ||
        u->tex.miss_count != 0 || u->tex.fragment_count != 0 || unit_arrived(u))
        return now + 1u;
    return u->heap_n > 0 ? u->heap[0].cycle : GS_LDST_NO_EVENT;
}

const gs_ldst_ops gs_ldst_full_ops = {
    "full", unit_can_accept, unit_accept, unit_cycle, unit_completions, unit_idle,
    unit_fetch, unit_fetched, unit_shared_in_use, unit_quiet_until, unit_arrived
};

void gs_ldst_full_dump(const gs_ldst_full *u, const gs_sink *sink)
{
    if (!gs_tex_cache_idle(&u->tex))   /* zeroed, so idle, with no texture cache */
        gs_sink_printf(sink, "ldst[%u]: texture cache: %u fragments queued, %u misses to send, "
                       "%u lines awaited\n", (unsigned)u->sm, (unsigned)u->tex.fragment_count,
                       (unsigned)u->tex.miss_count,
                       (unsigned)(u->tex.rob_allocated - u->tex.rob_drained));
    if (unit_idle(u) && u->direct.count == 0 &&
        (!u->has_l1 || (gs_cache_miss_count(&u->l1) == 0 && u->l1.mshr.in_use == 0)))
        return;
    gs_sink_printf(sink, "ldst[%u]: %u instructions in flight, head %s (access %u of %u), "
                   "%u completions queued, L1 MSHRs %u, L1 miss queue %u, bypass queue %u\n",
                   (unsigned)u->sm, (unsigned)(GS_LDST_SLOTS - u->n_free),
                   u->head_slot >= 0 ? "issuing" : "free",
                   (unsigned)u->next_req, (unsigned)u->n_reqs, (unsigned)u->heap_n,
                   (unsigned)(u->has_l1 ? u->l1.mshr.in_use : 0u),
                   (unsigned)(u->has_l1 ? gs_cache_miss_count(&u->l1) : 0u),
                   (unsigned)u->direct.count);
    if (u->pick != NULL)   /* a mechanism that holds forever shows here */
        gs_sink_printf(sink, "ldst[%u]: %u requests staged (owner holds or picks them)\n",
                       (unsigned)u->sm, (unsigned)(gs_ldst_stage_count(&u->stage)));
}
