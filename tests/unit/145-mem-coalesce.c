/*
 * Coalescer: one request per line with its sectors (src/mem/coalesce.c;
 * spec/seed-004 section 1.3.1; spec/seed-000 section 1).
 */
#include <string.h>

#include "check.h"
#include "mem/coalesce.h"

static gs_coalesce_req out[GS_COALESCE_MAX_REQS];
static uint64_t addr[GS_WARP_SIZE];

static void strided(uint64_t base, uint64_t stride)
{
    uint32_t i;
    for (i = 0; i < GS_WARP_SIZE; i++)
        addr[i] = base + stride * i;
}

static gs_coalesce_params params(uint32_t sector, uint32_t order, uint32_t parts)
{
    gs_coalesce_params p;
    memset(&p, 0, sizeof p);
    p.line_bytes = 128;
    p.sector = (uint8_t)sector;
    p.order = (uint8_t)order;
    p.warp_parts = parts;
    return p;
}

static void test_fully_coalesced(void)
{
    gs_coalesce_params p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 1);
    strided(0x1000, 4);
    GS_CHECK_EQ(1, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0x1000, out[0].line_addr);
    GS_CHECK_EQ(0xF, out[0].sector_mask);
    GS_CHECK_EQ(0xF, out[0].full_mask);
    GS_CHECK_EQ(0xFFFFFFFFu, out[0].lane_mask);
    GS_CHECK_EQ(128, out[0].size_bytes);
    p.sector = 1;
    GS_CHECK_EQ(1, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0xF, out[0].sector_mask);
    GS_CHECK_EQ(128, out[0].size_bytes);
}

static void test_divergent_stride_128(void)
{
    gs_coalesce_params p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 1);
    uint32_t i, n;
    strided(0x8000, 128);
    n = gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out);
    GS_CHECK_EQ(32, n);
    for (i = 0; i < n; i++) {
        GS_CHECK_EQ(0x8000 + 128u * i, out[i].line_addr);
        GS_CHECK_EQ(1u << i, out[i].lane_mask);
        GS_CHECK_EQ(0x1, out[i].sector_mask);
        GS_CHECK_EQ(0, out[i].full_mask);
        GS_CHECK_EQ(32, out[i].size_bytes);
    }
}

static void test_misaligned_span(void)
{
    gs_coalesce_params p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 1);
    strided(0x1040, 4);
    GS_CHECK_EQ(2, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0x1000, out[0].line_addr);
    GS_CHECK_EQ(0xC, out[0].sector_mask);
    GS_CHECK_EQ(0x0000FFFFu, out[0].lane_mask);
    GS_CHECK_EQ(64, out[0].size_bytes);
    GS_CHECK_EQ(0x1080, out[1].line_addr);
    GS_CHECK_EQ(0x3, out[1].sector_mask);
    GS_CHECK_EQ(0xFFFF0000u, out[1].lane_mask);
    GS_CHECK_EQ(64, out[1].size_bytes);
    addr[0] = 0x107E;                       /* one lane straddles two lines */
    GS_CHECK_EQ(2, gs_coalesce(&p, 0x1u, addr, 4, out));
    GS_CHECK_EQ(0x1000, out[0].line_addr);
    GS_CHECK_EQ(0x8, out[0].sector_mask);
    GS_CHECK_EQ(0x1080, out[1].line_addr);
    GS_CHECK_EQ(0x1, out[1].sector_mask);
    GS_CHECK_EQ(0xC0000000u, out[0].byte_mask[3]);
    GS_CHECK_EQ(0x3u, out[1].byte_mask[0]);
}

static void test_wide_accesses(void)
{
    gs_coalesce_params p = params(1, GS_COALESCE_ORDER_FIRST_LANE, 1);
    strided(0x2000, 8);
    GS_CHECK_EQ(2, gs_coalesce(&p, 0xFFFFFFFFu, addr, 8, out));
    GS_CHECK_EQ(0x0000FFFFu, out[0].lane_mask);
    GS_CHECK_EQ(0x2080, out[1].line_addr);
    GS_CHECK_EQ(0xF, out[1].full_mask);
    strided(0x2000, 16);
    GS_CHECK_EQ(4, gs_coalesce(&p, 0xFFFFFFFFu, addr, 16, out));
    GS_CHECK_EQ(0x000000FFu, out[0].lane_mask);
    GS_CHECK_EQ(0x2180, out[3].line_addr);
    GS_CHECK_EQ(0xFF000000u, out[3].lane_mask);
}

static void test_inactive_lanes(void)
{
    gs_coalesce_params p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 1);
    strided(0x8000, 128);
    GS_CHECK_EQ(16, gs_coalesce(&p, 0x0000FFFFu, addr, 4, out));
    GS_CHECK_EQ(0x8000 + 128u * 15, out[15].line_addr);
    GS_CHECK_EQ(2, gs_coalesce(&p, 0x80000001u, addr, 4, out));
    GS_CHECK_EQ(0x8000 + 128u * 31, out[1].line_addr);
    GS_CHECK_EQ(0, gs_coalesce(&p, 0, addr, 4, out));
}

static void test_order_and_warp_parts(void)
{
    gs_coalesce_params p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 1);
    uint32_t i;
    for (i = 0; i < GS_WARP_SIZE; i++)
        addr[i] = 0x8000 + 128u * (31u - i);
    GS_CHECK_EQ(32, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0x8000 + 128u * 31, out[0].line_addr);     /* lane 0 first */
    p.order = GS_COALESCE_ORDER_ADDRESS;
    GS_CHECK_EQ(32, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0x8000, out[0].line_addr);                 /* ascending */
    GS_CHECK_EQ(0x80000000u, out[0].lane_mask);
    p = params(0, GS_COALESCE_ORDER_FIRST_LANE, 2);       /* half-warps */
    strided(0x1000, 4);
    GS_CHECK_EQ(2, gs_coalesce(&p, 0xFFFFFFFFu, addr, 4, out));
    GS_CHECK_EQ(0x1000, out[1].line_addr);
    GS_CHECK_EQ(0x3, out[0].sector_mask);
    GS_CHECK_EQ(0xC, out[1].sector_mask);
}

static void test_check(void)
{
    gs_coalesce_params p = params(0, 0, 1);
    gs_diag diag;
    GS_CHECK_EQ(GS_OK, gs_coalesce_check(&p, &diag));
    p.line_bytes = 96;
    GS_CHECK_EQ(GS_E_CONFIG, gs_coalesce_check(&p, &diag));
    p.line_bytes = 128;
    p.warp_parts = 3;
    GS_CHECK_EQ(GS_E_CONFIG, gs_coalesce_check(&p, &diag));
}

int main(void)
{
    GS_RUN(test_fully_coalesced);
    GS_RUN(test_divergent_stride_128);
    GS_RUN(test_misaligned_span);
    GS_RUN(test_wide_accesses);
    GS_RUN(test_inactive_lanes);
    GS_RUN(test_order_and_warp_parts);
    GS_RUN(test_check);
    return gs_check_report();
}
