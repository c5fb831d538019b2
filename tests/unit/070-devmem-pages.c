/* Device memory: first-touch page mapping, the allocator, out-of-pages
 * errors, copies across page boundaries and little-endian byte order
 * (src/mem/devmem.h). */
#include <stdlib.h>

#include "check.h"
#include "mem/devmem.h"

static gs_arena arena;
static void *buffer;

static gs_devmem make(uint32_t page_bytes, uint32_t pages)
{
    gs_devmem mem;
    gs_devmem_config config;
    gs_diag diag;
    config.page_bytes = page_bytes;
    config.page_count = pages;
    config.address_bytes = 1u << 20;
    free(buffer);
    buffer = calloc(1, gs_devmem_bytes(&config) + 64);
    gs_arena_init(&arena, buffer, gs_devmem_bytes(&config));
    GS_CHECK_EQ(GS_OK, gs_devmem_init(&mem, &config, &arena, &diag));
    GS_CHECK_EQ(gs_devmem_bytes(&config), arena.used_bytes);
    return mem;
}

static void test_allocator(void)
{
    gs_devmem mem = make(256, 4);
    gs_diag diag;
    uint64_t a, b, c;
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 10, &a, &diag));
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 257, &b, &diag));
    GS_CHECK_EQ(GS_OK, gs_devmem_alloc(&mem, 0, &c, &diag));
    GS_CHECK_EQ(GS_DEVMEM_HEAP_BASE, a);
    GS_CHECK_EQ(GS_DEVMEM_HEAP_BASE + 256, b);
    GS_CHECK_EQ(GS_DEVMEM_HEAP_BASE + 768, c);
    /* allocating maps nothing */
    GS_CHECK_EQ(0, mem.pages_used);
    GS_CHECK_EQ(GS_E_LIMIT, gs_devmem_alloc(&mem, 1u << 20, &a, &diag));
    GS_CHECK_STR("device allocation of 1048576 bytes does not fit: 1024 of 1048576 bytes "
                 "already allocated; raise gs_host_config.devmem.address_bytes", diag.message);
}

static void test_first_touch(void)
{
    gs_devmem mem = make(256, 4);
    gs_diag diag;
    uint8_t out[4] = {9, 9, 9, 9};
    /* reads of untouched memory are zero and map nothing */
    GS_CHECK_EQ(0, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 40, 8));
    gs_devmem_read(&mem, GS_DEVMEM_HEAP_BASE, out, 4);
    GS_CHECK_EQ(0, out[0] | out[1] | out[2] | out[3]);
    GS_CHECK_EQ(0, mem.pages_used);
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + 300, 4, 0x11223344u);
    GS_CHECK_EQ(1, mem.pages_used);
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + 260, 2, 0xBEEFu);   /* same page */
    GS_CHECK_EQ(1, mem.pages_used);
    GS_CHECK_EQ(GS_OK, gs_devmem_fill(&mem, GS_DEVMEM_HEAP_BASE + 0x10000, 0xAB, 3, &diag));
    GS_CHECK_EQ(2, mem.pages_used);
    GS_CHECK_EQ(0x11223344u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 300, 4));
    GS_CHECK_EQ(0xABABABu, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 0x10000, 4));
    GS_CHECK_EQ(0xBEEFu, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 260, 2));
}

static void test_byte_order(void)
{
    gs_devmem mem = make(256, 4);
    gs_diag diag;
    uint8_t bytes[8];
    uint8_t in[3] = {0x01, 0x02, 0x03};
    unsigned i;
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE, 8, 0x0807060504030201ull);
    gs_devmem_read(&mem, GS_DEVMEM_HEAP_BASE, bytes, 8);
    for (i = 0; i < 8; i++)
        GS_CHECK_EQ(i + 1u, bytes[i]);   /* little-endian whatever the host */
    GS_CHECK_EQ(GS_OK, gs_devmem_write(&mem, GS_DEVMEM_HEAP_BASE + 16, in, 3, &diag));
    GS_CHECK_EQ(0x030201u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 16, 4));
    GS_CHECK_EQ(0x0302u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 17, 2));
}

static void test_page_boundaries(void)
{
    gs_devmem mem = make(256, 8);
    gs_diag diag;
    uint8_t in[700], out[700];
    unsigned i;
    for (i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 7u + 3u);
    /* 700 bytes from offset 200: pages 0..3 */
    GS_CHECK_EQ(GS_OK, gs_devmem_write(&mem, GS_DEVMEM_HEAP_BASE + 200, in, sizeof in, &diag));
    GS_CHECK_EQ(4, mem.pages_used);
    gs_devmem_read(&mem, GS_DEVMEM_HEAP_BASE + 200, out, sizeof out);
    GS_CHECK(memcmp(in, out, sizeof in) == 0);
    /* a value straddling a page boundary */
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + 1022, 4, 0xA1B2C3D4u);
    GS_CHECK_EQ(0xA1B2C3D4u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 1022, 4));
    GS_CHECK_EQ(0xC3D4u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 1022, 2));
    GS_CHECK_EQ(0xA1B2u, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 1024, 2));
    GS_CHECK_EQ(5, mem.pages_used);
}

static void test_out_of_pages(void)
{
    gs_devmem mem = make(256, 2);
    gs_diag diag;
    uint8_t in[600] = {0};
    GS_CHECK_EQ(GS_E_LIMIT, gs_devmem_write(&mem, GS_DEVMEM_HEAP_BASE, in, 600, &diag));
    GS_CHECK_STR("device memory page pool exhausted at address 0x10000200 (2 pages of 256 bytes "
                 "all mapped); raise gs_host_config.devmem.page_count", diag.message);
    /* a kernel store that finds no page is dropped and reported afterwards */
    GS_CHECK_EQ(GS_OK, gs_devmem_fault_status(&mem, &diag));
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + 4096, 4, 5);
    gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + 8192, 4, 5);
    GS_CHECK_EQ(0, gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + 4096, 4));
    GS_CHECK_EQ(GS_E_LIMIT, gs_devmem_fault_status(&mem, &diag));
    GS_CHECK_STR("device memory page pool exhausted: 2 kernel store(s) dropped, first at "
                 "address 0x10001000 (2 pages of 256 bytes all mapped); raise gs_host_config.devmem.page_count",
                 diag.message);
}

static void test_many_pages_hash(void)
{
    /* 1000 scattered pages map to distinct frames and read back */
    gs_devmem mem = make(256, 1000);
    uint32_t i;
    for (i = 0; i < 1000; i++)
        gs_devmem_store(&mem, GS_DEVMEM_HEAP_BASE + (uint64_t)i * 256u * 37u + 8u, 4, i * 3u + 1u);
    GS_CHECK_EQ(1000, mem.pages_used);
    for (i = 0; i < 1000; i++)
        GS_CHECK_EQ(i * 3u + 1u,
                    gs_devmem_load(&mem, GS_DEVMEM_HEAP_BASE + (uint64_t)i * 256u * 37u + 8u, 4));
    GS_CHECK_EQ(0, mem.faults);
}

static void test_bad_config(void)
{
    gs_devmem mem;
    gs_devmem_config config;
    gs_diag diag;
    gs_arena small;
    config.page_bytes = 300;
    config.page_count = 4;
    config.address_bytes = 4096;
    GS_CHECK_EQ(GS_E_CONFIG, gs_devmem_init(&mem, &config, &arena, &diag));
    GS_CHECK_STR("device page size 300 must be a power of two in [256, 16777216]", diag.message);
    config.page_bytes = 256;
    gs_arena_init(&small, buffer, 512);
    GS_CHECK_EQ(GS_E_ARENA, gs_devmem_init(&mem, &config, &small, &diag));
}

int main(void)
{
    GS_RUN(test_allocator);
    GS_RUN(test_first_touch);
    GS_RUN(test_byte_order);
    GS_RUN(test_page_boundaries);
    GS_RUN(test_out_of_pages);
    GS_RUN(test_many_pages_hash);
    GS_RUN(test_bad_config);
    free(buffer);
    return gs_check_report();
}
