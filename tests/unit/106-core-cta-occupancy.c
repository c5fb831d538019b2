/*
 * CTA occupancy (src/core/cta_dispatch.c; seed-004 section 1.6): exact
 * resident CTAs and warps per SM, limited in turn by registers, shared
 * memory, threads and CTA slots, with GPGPU-Sim's rounding (threads to whole
 * warps, registers per thread to a multiple of 4). GTX480 SM: 1536 threads,
 * 8 CTAs, 32768 registers, 48 KiB shared memory (SM2_GTX480/gpgpusim.config).
 */
#include "check.h"
#include "core/cta_dispatch.h"

static gs_cta_params gtx480(void)
{
    gs_cta_params p;
    p.num_sms = 15;
    p.warp_size = 32;
    p.max_threads_per_sm = 1536;
    p.max_ctas_per_sm = 8;
    p.registers_per_sm = 32768;
    p.shmem_bytes_per_sm = 49152;
    p.max_kernels = 4;
    return p;
}

static gs_occupancy occupancy(uint32_t threads, uint32_t regs, uint32_t shmem)
{
    gs_cta_params p = gtx480();
    gs_kernel_shape k;
    gs_occupancy occ;
    gs_diag diag;
    k.num_ctas = 100;
    k.threads_per_cta = threads;
    k.regs_per_thread = regs;
    k.shmem_bytes_per_cta = shmem;
    GS_CHECK_EQ(GS_OK, gs_cta_occupancy(&p, &k, &occ, &diag));
    return occ;
}

static void test_limited_by_registers(void)
{
    gs_occupancy occ = occupancy(256, 32, 0);        /* 8192 registers per CTA */
    GS_CHECK_EQ(4, occ.ctas_per_sm);
    GS_CHECK_EQ(32, occ.warps_per_sm);
    GS_CHECK_EQ(GS_CTA_RES_REGISTERS, occ.limited_by);
    GS_CHECK_EQ(6, occ.by_threads);
    GS_CHECK_EQ(0xFFFFFFFFu, occ.by_shmem);         /* unused: unlimited */
    occ = occupancy(256, 30, 0);                     /* 30 rounds up to 32 */
    GS_CHECK_EQ(8192, occ.regs_per_cta);
    GS_CHECK_EQ(4, occ.ctas_per_sm);
    occ = occupancy(256, 33, 0);                     /* 36 x 256 = 9216 */
    GS_CHECK_EQ(9216, occ.regs_per_cta);
    GS_CHECK_EQ(3, occ.ctas_per_sm);
    GS_CHECK_EQ(24, occ.warps_per_sm);
}

static void test_limited_by_shmem(void)
{
    gs_occupancy occ = occupancy(128, 16, 12288);
    GS_CHECK_EQ(4, occ.ctas_per_sm);
    GS_CHECK_EQ(16, occ.warps_per_sm);
    GS_CHECK_EQ(GS_CTA_RES_SHMEM, occ.limited_by);
    occ = occupancy(128, 16, 12289);                 /* one byte more: 3 */
    GS_CHECK_EQ(3, occ.ctas_per_sm);
}

static void test_limited_by_threads(void)
{
    gs_occupancy occ = occupancy(512, 8, 0);
    GS_CHECK_EQ(3, occ.ctas_per_sm);
    GS_CHECK_EQ(48, occ.warps_per_sm);
    GS_CHECK_EQ(GS_CTA_RES_THREADS, occ.limited_by);
    occ = occupancy(400, 8, 0);                      /* padded to 416 = 13 warps */
    GS_CHECK_EQ(13, occ.warps_per_cta);
    GS_CHECK_EQ(3, occ.ctas_per_sm);
    GS_CHECK_EQ(39, occ.warps_per_sm);
}

static void test_limited_by_cta_slots(void)
{
    gs_occupancy occ = occupancy(64, 8, 0);
    GS_CHECK_EQ(8, occ.ctas_per_sm);
    GS_CHECK_EQ(16, occ.warps_per_sm);
    GS_CHECK_EQ(GS_CTA_RES_CTA_SLOTS, occ.limited_by);
    occ = occupancy(100, 20, 0);                     /* 128 padded x 20 regs */
    GS_CHECK_EQ(2560, occ.regs_per_cta);
    GS_CHECK_EQ(12, occ.by_threads);
    GS_CHECK_EQ(12, occ.by_registers);
    GS_CHECK_EQ(8, occ.ctas_per_sm);
}

static void test_ties_report_every_limit(void)
{
    gs_occupancy occ = occupancy(192, 16, 6144);     /* threads 8, regs 10, shmem 8 */
    GS_CHECK_EQ(8, occ.ctas_per_sm);
    GS_CHECK_EQ(GS_CTA_RES_CTA_SLOTS | GS_CTA_RES_THREADS | GS_CTA_RES_SHMEM, occ.limited_by);
}

static void test_cta_does_not_fit(void)
{
    gs_cta_params p = gtx480();
    gs_kernel_shape k = { 10, 2048, 8, 0 };
    gs_occupancy occ;
    gs_diag diag;
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_occupancy(&p, &k, &occ, &diag));
    GS_CHECK_STR("a CTA of 2048 threads needs 2048 thread slots but an SM has 1536 "
                 "(-gpgpu_shader_core_pipeline)", diag.message);
    k.threads_per_cta = 1024;
    k.regs_per_thread = 33;
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_occupancy(&p, &k, &occ, &diag));
    GS_CHECK_STR("a CTA needs 36864 registers (1024 threads x 33 registers per thread, "
                 "rounded up to 4) but an SM has 32768 (-gpgpu_shader_registers)", diag.message);
    k.regs_per_thread = 32;
    k.shmem_bytes_per_cta = 49153;
    GS_CHECK_EQ(GS_E_LIMIT, gs_cta_occupancy(&p, &k, &occ, &diag));
    GS_CHECK_STR("a CTA needs 49153 bytes of shared memory but an SM has 49152 "
                 "(-gpgpu_shmem_size)", diag.message);
    k.num_ctas = 0;
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_cta_occupancy(&p, &k, &occ, &diag));
}

int main(void)
{
    GS_RUN(test_limited_by_registers);
    GS_RUN(test_limited_by_shmem);
    GS_RUN(test_limited_by_threads);
    GS_RUN(test_limited_by_cta_slots);
    GS_RUN(test_ties_report_every_limit);
    GS_RUN(test_cta_does_not_fit);
    return gs_check_report();
}
