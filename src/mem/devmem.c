/*
 * Simulated device memory: page pool mapped on first touch, little-endian
 * byte order, bump allocator (DESIGN.md section 5; see devmem.h).
 */
#include "mem/devmem.h"

#include <string.h>

#include "base/fmt.h"

/* Fixed multiplicative hash (golden-ratio constant): the page table's slot
 * order depends only on page numbers, never on pointers. */
#define GS_DEVMEM_HASH 0x9E3779B97F4A7C15ull

static int is_power_of_two(uint64_t value)
{
    return value != 0 && (value & (value - 1u)) == 0;
}

static uint32_t log2_u64(uint64_t value)
{
    uint32_t bits = 0;
    while (value > 1u) {
        value >>= 1;
        bits++;
    }
    return bits;
}

/* Table slots: a power of two at least twice the page count (load <= 1/2). */
static uint64_t table_slots(uint32_t page_count)
{
    uint64_t slots = 2;
    while (slots < 2ull * page_count)
        slots <<= 1;
    return slots;
}

size_t gs_devmem_bytes(const gs_devmem_config *config)
{
    uint64_t slots = table_slots(config->page_count);
    size_t total = 0;
    total += gs_arena_round((size_t)config->page_count * config->page_bytes); /* pool */
    total += gs_arena_round((size_t)slots * sizeof(uint64_t));                /* slot_page */
    total += gs_arena_round((size_t)slots * sizeof(uint32_t));                /* slot_frame */
    return total;
}

static gs_status check_config(const gs_devmem_config *config, gs_diag *diag)
{
    if (!is_power_of_two(config->page_bytes) || config->page_bytes < GS_DEVMEM_PAGE_BYTES_MIN ||
        config->page_bytes > GS_DEVMEM_PAGE_BYTES_MAX)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "device page size %u must be a power of two in [%u, %u]",
                           (unsigned)config->page_bytes, GS_DEVMEM_PAGE_BYTES_MIN,
                           GS_DEVMEM_PAGE_BYTES_MAX);
    if (config->page_count == 0 || config->page_count > (1u << 28))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0,
                           "%s %u must be in [1, %u]", GS_DEVMEM_PAGES_OPTION,
                           (unsigned)config->page_count, 1u << 28);
    if (config->address_bytes == 0 || config->address_bytes > (1ull << 40))
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "%s %llu must be in [1, 2^40]",
                           GS_DEVMEM_SIZE_OPTION, (unsigned long long)config->address_bytes);
    return GS_OK;
}

gs_status gs_devmem_init(gs_devmem *mem, const gs_devmem_config *config, gs_arena *arena,
                         gs_diag *diag)
{
    uint64_t slots;
    gs_status status = check_config(config, diag);
    if (status != GS_OK)
        return status;
    slots = table_slots(config->page_count);
    memset(mem, 0, sizeof *mem);
    mem->pool = (uint8_t *)gs_arena_alloc(arena, (size_t)config->page_count * config->page_bytes);
    mem->slot_page = (uint64_t *)gs_arena_alloc(arena, (size_t)slots * sizeof(uint64_t));
    mem->slot_frame = (uint32_t *)gs_arena_alloc(arena, (size_t)slots * sizeof(uint32_t));
    if (!mem->pool || !mem->slot_page || !mem->slot_frame)
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0,
                           "arena too small for %u device pages of %u bytes (%zu bytes needed)",
                           (unsigned)config->page_count, (unsigned)config->page_bytes,
                           gs_devmem_bytes(config));
    mem->table_mask = (uint32_t)(slots - 1u);
    mem->page_shift = log2_u64(config->page_bytes);
    mem->page_bytes = config->page_bytes;
    mem->page_count = config->page_count;
    mem->heap_next = GS_DEVMEM_HEAP_BASE;
    mem->heap_end = GS_DEVMEM_HEAP_BASE + config->address_bytes;
    return GS_OK;
}

uint64_t gs_devmem_alloc_bytes(uint64_t bytes)
{
    uint64_t align_mask = GS_DEVMEM_ALLOC_ALIGN - 1u;
    uint64_t rounded = (bytes + align_mask) & ~align_mask;
    if (bytes == 0)
        return GS_DEVMEM_ALLOC_ALIGN;  /* every allocation gets a unique address */
    return rounded < bytes ? 0u : rounded;
}

gs_status gs_devmem_alloc(gs_devmem *mem, uint64_t bytes, uint64_t *address, gs_diag *diag)
{
    uint64_t rounded = gs_devmem_alloc_bytes(bytes);
    if (rounded == 0 || rounded > mem->heap_end - mem->heap_next)
        return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                           "device allocation of %llu bytes does not fit: %llu of %llu bytes "
                           "already allocated; raise %s",
                           (unsigned long long)bytes,
                           (unsigned long long)(mem->heap_next - GS_DEVMEM_HEAP_BASE),
                           (unsigned long long)(mem->heap_end - GS_DEVMEM_HEAP_BASE),
                           GS_DEVMEM_SIZE_OPTION);
    *address = mem->heap_next;
    if (mem->allocs < GS_DEVMEM_ALLOC_LOG) {
        mem->alloc_base[mem->allocs] = mem->heap_next;
        mem->alloc_bytes[mem->allocs++] = bytes;
    } else {
        mem->allocs_unlogged++;
    }
    mem->heap_next += rounded;
    return GS_OK;
}

int gs_devmem_allocation_of(const gs_devmem *mem, uint64_t addr, uint64_t *base,
                            uint64_t *bytes)
{
    uint32_t lo = 0, hi = mem->allocs;   /* the last entry with base <= addr */
    while (hi - lo > 1u) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (mem->alloc_base[mid] <= addr)
            lo = mid;
        else
            hi = mid;
    }
    if (mem->allocs == 0 || mem->alloc_base[lo] > addr ||
        addr - mem->alloc_base[lo] >= mem->alloc_bytes[lo])
        return 0;
    *base = mem->alloc_base[lo];
    *bytes = mem->alloc_bytes[lo];
    return 1;
}

static uint32_t slot_of(const gs_devmem *mem, uint64_t page)
{
    return (uint32_t)((page * GS_DEVMEM_HASH) >> 32) & mem->table_mask;
}

/* The page's data, or NULL when unmapped; maps it when `create` (NULL also
 * when the pool is exhausted). */
static uint8_t *page_data(gs_devmem *mem, uint64_t page, int create)
{
    uint32_t slot;
    if (mem->cached_page == page + 1u)
        return mem->cached_data;
    for (slot = slot_of(mem, page);; slot = (slot + 1u) & mem->table_mask) {
        if (mem->slot_page[slot] == page + 1u)
            break;
        if (mem->slot_page[slot] == 0) {
            if (!create || mem->pages_used == mem->page_count)
                return NULL;
            mem->slot_page[slot] = page + 1u;
            mem->slot_frame[slot] = mem->pages_used++;
            break;
        }
    }
    mem->cached_page = page + 1u;
    mem->cached_data = mem->pool + ((size_t)mem->slot_frame[slot] << mem->page_shift);
    return mem->cached_data;
}

static gs_status pool_full(const gs_devmem *mem, uint64_t address, gs_diag *diag)
{
    return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                       "device memory page pool exhausted at address 0x%llx (%u pages of %u "
                       "bytes all mapped); raise %s",
                       (unsigned long long)address, (unsigned)mem->page_count,
                       (unsigned)mem->page_bytes, GS_DEVMEM_PAGES_OPTION);
}

/* Walk [address, address+length) page piece by page piece. `src` NULL with
 * `fill` set writes the fill byte. */
static gs_status write_range(gs_devmem *mem, uint64_t address, const uint8_t *src, int fill,
                             size_t length, gs_diag *diag)
{
    while (length > 0) {
        uint64_t offset = address & (mem->page_bytes - 1u);
        size_t piece = (size_t)(mem->page_bytes - offset);
        uint8_t *data = page_data(mem, address >> mem->page_shift, 1);
        if (piece > length)
            piece = length;
        if (!data)
            return pool_full(mem, address, diag);
        if (src) {
            memcpy(data + offset, src, piece);
            src += piece;
        } else {
            memset(data + offset, fill, piece);
        }
        address += piece;
        length -= piece;
    }
    return GS_OK;
}

gs_status gs_devmem_write(gs_devmem *mem, uint64_t address, const void *bytes, size_t length,
                          gs_diag *diag)
{
    return write_range(mem, address, (const uint8_t *)bytes, 0, length, diag);
}

gs_status gs_devmem_fill(gs_devmem *mem, uint64_t address, uint8_t value, size_t length,
                         gs_diag *diag)
{
    return write_range(mem, address, NULL, value, length, diag);
}

void gs_devmem_read(gs_devmem *mem, uint64_t address, void *bytes, size_t length)
{
    uint8_t *out = (uint8_t *)bytes;
    while (length > 0) {
        uint64_t offset = address & (mem->page_bytes - 1u);
        size_t piece = (size_t)(mem->page_bytes - offset);
        const uint8_t *data = page_data(mem, address >> mem->page_shift, 0);
        if (piece > length)
            piece = length;
        if (data)
            memcpy(out, data + offset, piece);
        else
            memset(out, 0, piece);  /* never written: reads as zero */
        out += piece;
        address += piece;
        length -= piece;
    }
}

uint64_t gs_le_load(const uint8_t *bytes, unsigned count)
{
    uint64_t value = 0;
    while (count > 0) {
        count--;
        value = (value << 8) | bytes[count];
    }
    return value;
}

void gs_le_store(uint8_t *bytes, unsigned count, uint64_t value)
{
    unsigned i;
    for (i = 0; i < count; i++) {
        bytes[i] = (uint8_t)value;
        value >>= 8;
    }
}

uint64_t gs_devmem_load(gs_devmem *mem, uint64_t address, unsigned bytes)
{
    uint64_t offset = address & (mem->page_bytes - 1u);
    const uint8_t *data;
    uint8_t buffer[8];
    if (offset + bytes <= mem->page_bytes) {
        data = page_data(mem, address >> mem->page_shift, 0);
        return data ? gs_le_load(data + offset, bytes) : 0;
    }
    gs_devmem_read(mem, address, buffer, bytes);  /* straddles two pages */
    return gs_le_load(buffer, bytes);
}

void gs_devmem_store(gs_devmem *mem, uint64_t address, unsigned bytes, uint64_t value)
{
    uint64_t offset = address & (mem->page_bytes - 1u);
    uint8_t buffer[8];
    uint8_t *data;
    if (offset + bytes <= mem->page_bytes) {
        data = page_data(mem, address >> mem->page_shift, 1);
        if (data) {
            gs_le_store(data + offset, bytes, value);
            return;
        }
    } else {
        gs_le_store(buffer, bytes, value);
        if (write_range(mem, address, buffer, 0, bytes, NULL) == GS_OK)
            return;
    }
    if (mem->faults++ == 0)
        mem->fault_addr = address;
}

gs_status gs_devmem_fault_status(const gs_devmem *mem, gs_diag *diag)
{
    if (mem->faults == 0)
        return GS_OK;
    return gs_diag_set(diag, GS_E_LIMIT, NULL, 0, 0,
                       "device memory page pool exhausted: %u kernel store(s) dropped, first at "
                       "address 0x%llx (%u pages of %u bytes all mapped); raise %s",
                       (unsigned)mem->faults, (unsigned long long)mem->fault_addr,
                       (unsigned)mem->page_count, (unsigned)mem->page_bytes,
                       GS_DEVMEM_PAGES_OPTION);
}
