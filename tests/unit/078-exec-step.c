/* The warp-steppable interface the timing model drives: gs_exec_step on a
 * CTA context from a pool, and the gs_inst it fills (PC, active mask after
 * the guard, next PC through the SIMT stack, scoreboard ids, memory space,
 * per-lane addresses, barrier flags and warp states). */
#include "exec_test.h"

#define SIMT_PTX "tests/ptx/exec/simt.ptx"

static gs_arena pool_arena;
static void *pool_buffer;
static gs_exec_cta ctas[2];
static gs_exec_launch launch;
static uint8_t params[8];

static const gs_ptx_kernel *prepare(const char *name, uint32_t threads, uint64_t *dout)
{
    const gs_host_module *module = exec_test_setup(SIMT_PTX);
    const gs_ptx_kernel *kernel = NULL;
    gs_exec_shape shape;
    gs_diag diag;
    if (!module || gs_host_get_kernel(module, name, &kernel, &diag) != GS_OK)
        return NULL;
    *dout = exec_alloc(1024);
    gs_le_store(params, 8, *dout);
    memset(&launch, 0, sizeof launch);
    launch.module = module->ptx;
    launch.kernel = kernel;
    launch.mem = &exec_test_host.mem;
    launch.grid = exec_dim(1, 1, 1);
    launch.block = exec_dim(threads, 1, 1);
    launch.params = params;
    launch.global_base = module->global_base;
    launch.const_base = module->const_base;
    gs_exec_shape_for(&launch, &shape);
    shape.simt_depth = 4;
    free(pool_buffer);
    pool_buffer = calloc(1, gs_exec_pool_bytes(&shape, 2));
    gs_arena_init(&pool_arena, pool_buffer, gs_exec_pool_bytes(&shape, 2));
    GS_CHECK_EQ(GS_OK, gs_exec_pool_init(ctas, 2, &shape, &pool_arena, &diag));
    GS_CHECK_EQ(gs_exec_pool_bytes(&shape, 2), pool_arena.used_bytes);
    GS_CHECK_EQ(GS_OK, gs_exec_check_launch(&shape, &launch, &diag));
    gs_exec_cta_start(&ctas[1], &launch, exec_dim(0, 0, 0));
    return kernel;
}

static void test_describe_divergence(void)
{
    uint64_t dout;
    const gs_ptx_kernel *k = prepare("ifelse", 40, &dout);
    gs_exec_cta *cta = &ctas[1];
    gs_inst inst;
    uint32_t lane, pcs[13], count = 0;
    GS_CHECK(k != NULL);
    if (!k)
        return;
    GS_CHECK_EQ(2, cta->num_warps);
    gs_exec_step(cta, 0, &inst);                 /* ld.param.u64 %rd1, [ifelse_out] */
    GS_CHECK_EQ(0, inst.pc);
    GS_CHECK_EQ(8, inst.next_pc);
    GS_CHECK_EQ(0xFFFFFFFFu, inst.active_mask);
    GS_CHECK_EQ(GS_SPACE_PARAM, inst.space);
    GS_CHECK_EQ(GS_MEM_LOAD, inst.mem_op);
    GS_CHECK_EQ(8, inst.access_bytes);
    GS_CHECK_EQ(GS_UNIT_LDST, inst.unit);
    GS_CHECK_EQ(1, inst.num_dst);
    GS_CHECK_EQ(0, inst.dst[0]);                 /* %rd1: first register used */
    GS_CHECK_EQ(0, inst.num_src);
    GS_CHECK_EQ(0, inst.addr[31]);
    gs_exec_step(cta, 0, &inst);                 /* mov.u32 %r1, %tid.x */
    gs_exec_step(cta, 0, &inst);                 /* and.b32 %r2, %r1, 1 */
    GS_CHECK_EQ(1, inst.num_src);
    GS_CHECK_EQ(1, inst.src[0]);                 /* %r1 as written (not its storage) */
    GS_CHECK_EQ(0, inst.space);
    gs_exec_step(cta, 0, &inst);                 /* setp.eq.u32 %p1, %r2, 0 */
    GS_CHECK_EQ(k->num_reg_slots + 0u, inst.dst[0]);   /* %p1: predicate 0 */
    gs_exec_step(cta, 0, &inst);                 /* @%p1 bra EVEN */
    GS_CHECK_EQ(32, inst.pc);
    GS_CHECK_EQ(0x55555555u, inst.active_mask);  /* the guard's lanes */
    GS_CHECK_EQ(GS_INST_BRANCH, inst.flags);
    GS_CHECK_EQ(56, inst.next_pc);               /* taken path first on a tie */
    GS_CHECK_EQ(1, inst.num_src);
    GS_CHECK_EQ(k->num_reg_slots + k->insts[4].guard, inst.src[0]);
    GS_CHECK_EQ(GS_UNIT_BRANCH, inst.unit);
    gs_exec_step(cta, 0, &inst);                 /* EVEN: add */
    GS_CHECK_EQ(0x55555555u, inst.active_mask);
    gs_exec_step(cta, 0, &inst);                 /* add; reaches JOIN: pops */
    GS_CHECK_EQ(40, inst.next_pc);
    gs_exec_step(cta, 0, &inst);                 /* odd path add */
    GS_CHECK_EQ(0xAAAAAAAAu, inst.active_mask);
    gs_exec_step(cta, 0, &inst);                 /* bra.uni JOIN */
    GS_CHECK_EQ(72, inst.next_pc);
    gs_exec_step(cta, 0, &inst);
    gs_exec_step(cta, 0, &inst);
    GS_CHECK_EQ(0xFFFFFFFFu, inst.active_mask);  /* reconverged */
    gs_exec_step(cta, 0, &inst);                 /* st.global.u32 [%rd3], %r3 */
    GS_CHECK_EQ(GS_SPACE_GLOBAL, inst.space);
    GS_CHECK_EQ(GS_MEM_STORE, inst.mem_op);
    GS_CHECK_EQ(0, inst.num_dst);
    GS_CHECK_EQ(2, inst.num_src);
    for (lane = 0; lane < 32; lane++)
        GS_CHECK_EQ(dout + 4 * lane, inst.addr[lane]);
    gs_exec_step(cta, 0, &inst);                 /* ret */
    GS_CHECK_EQ(GS_INST_EXIT, inst.flags);
    GS_CHECK_EQ(GS_WARP_EXITED, cta->warps[0].state);
    GS_CHECK_EQ(1, cta->live_warps);
    /* warp 1: 8 lanes, its PCs in execution order */
    while (cta->warps[1].state == GS_WARP_READY && count < 13) {
        gs_exec_step(cta, 1, &inst);
        pcs[count++] = inst.pc / 8;
        if (inst.pc == 0)
            GS_CHECK_EQ(0xFFu, inst.active_mask);
    }
    GS_CHECK_EQ(13, count);
    GS_CHECK_EQ(7, pcs[5]);
    GS_CHECK_EQ(5, pcs[7]);
    GS_CHECK_EQ(9, pcs[9]);
    GS_CHECK(gs_exec_cta_done(cta));
}

static void test_describe_barrier_and_local(void)
{
    uint64_t dout;
    const gs_ptx_kernel *k = prepare("generic", 64, &dout);
    gs_exec_cta *cta = &ctas[1];
    gs_inst inst;
    uint32_t lane, steps = 0;
    GS_CHECK(k != NULL);
    if (!k)
        return;
    while (cta->warps[0].state == GS_WARP_READY) {
        gs_exec_step(cta, 0, &inst);
        if (inst.mem_op == GS_MEM_STORE && inst.space == GS_SPACE_SHARED)
            for (lane = 0; lane < 32; lane++)
                GS_CHECK_EQ(4 * lane, inst.addr[lane]);
        if (inst.mem_op == GS_MEM_STORE && inst.space == GS_SPACE_LOCAL)
            for (lane = 0; lane < 32; lane++)   /* word 2 of thread `lane`, 64 threads */
                GS_CHECK_EQ((2 * 64 + lane) * 4, inst.addr[lane]);
        steps++;
    }
    GS_CHECK_EQ(13, steps);                          /* up to and including bar.sync */
    GS_CHECK_EQ(GS_INST_BARRIER, inst.flags);
    GS_CHECK_EQ(0, inst.barrier_id);
    GS_CHECK_EQ(0, inst.barrier_count);
    GS_CHECK_EQ(GS_WARP_BARRIER, cta->warps[0].state);
    do
        gs_exec_step(cta, 1, &inst);
    while (!(inst.flags & GS_INST_BARRIER));
    /* the last arrival releases both warps */
    GS_CHECK_EQ(GS_WARP_READY, cta->warps[0].state);
    GS_CHECK_EQ(GS_WARP_READY, cta->warps[1].state);
    gs_exec_step(cta, 1, &inst);                     /* ld.shared [sbuf+4] */
    GS_CHECK_EQ(GS_SPACE_SHARED, inst.space);
    GS_CHECK_EQ(4, inst.addr[0]);
    GS_CHECK_EQ(4, inst.addr[31]);
    gs_exec_step(cta, 1, &inst);                     /* generic ld of local */
    GS_CHECK_EQ(GS_SPACE_LOCAL, inst.space);
    GS_CHECK_EQ((2 * 64 + 32) * 4, inst.addr[0]);
}

int main(void)
{
    GS_RUN(test_describe_divergence);
    GS_RUN(test_describe_barrier_and_local);
    free(pool_buffer);
    exec_test_done();
    return gs_check_report();
}
