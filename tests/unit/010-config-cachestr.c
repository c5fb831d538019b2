/*
 * Cache-string grammar and validation (src/base/cachestr.c; spec/formats.md 2.1).
 */
#include <string.h>

#include "check.h"
#include "base/cachestr.h"

static int parse(gs_cache_config *c, const char *text, gs_cache_error *e)
{
    memset(c, 0, sizeof *c);
    memset(e, 0, sizeof *e);
    return gs_cache_parse(c, text, strlen(text), e);
}

static void test_gtx480_dl1(void)
{
    gs_cache_config c;
    gs_cache_error e;
    char out[96];
    GS_CHECK(parse(&c, "N:32:128:4,L:L:m:N:H,S:64:8,8", &e));
    GS_CHECK_EQ(1, c.enabled);
    GS_CHECK_EQ(0, c.sector);
    GS_CHECK_EQ(32, c.n_sets);
    GS_CHECK_EQ(128, c.line_bytes);
    GS_CHECK_EQ(4, c.assoc);
    GS_CHECK_EQ(GS_REPL_LRU, c.replacement);
    GS_CHECK_EQ(GS_WRITE_LOCAL_WB_GLOBAL_WT, c.write_policy);
    GS_CHECK_EQ(GS_ALLOC_ON_MISS, c.alloc_policy);
    GS_CHECK_EQ(GS_WA_NONE, c.write_alloc);
    GS_CHECK_EQ(GS_INDEX_FERMI, c.set_index);
    GS_CHECK_EQ(GS_MSHR_SECTOR_ASSOC, c.mshr_type);
    GS_CHECK_EQ(64, c.mshr_entries);
    GS_CHECK_EQ(8, c.mshr_max_merge);
    GS_CHECK_EQ(8, c.miss_queue_entries);
    GS_CHECK_EQ(0, c.result_fifo_entries);
    GS_CHECK_EQ(128, c.data_port_bytes);       /* defaults to the line size */
    GS_CHECK_EQ(16384, gs_cache_bytes(&c));
    gs_cache_format(&c, out, sizeof out);
    GS_CHECK_STR("N:32:128:4,L:L:m:N:H,S:64:8,8:0,128", out);
}

static void test_all_fields(void)
{
    gs_cache_config c;
    gs_cache_error e;
    char out[96];
    GS_CHECK(parse(&c, "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", &e));
    GS_CHECK_EQ(1, c.sector);
    GS_CHECK_EQ(GS_WRITE_BACK, c.write_policy);
    GS_CHECK_EQ(GS_WA_LAZY_FETCH_ON_READ, c.write_alloc);
    GS_CHECK_EQ(GS_INDEX_IPOLY, c.set_index);
    GS_CHECK_EQ(32, c.data_port_bytes);
    GS_CHECK(parse(&c, "N:4:128:24,L:R:m:N:L,T:128:4,128:2", &e));
    GS_CHECK_EQ(GS_MSHR_SECTOR_TEX_FIFO, c.mshr_type);
    GS_CHECK_EQ(2, c.result_fifo_entries);
    GS_CHECK(parse(&c, "S:128:128:16,L:B:m:L:X,A:192:4,32:0,32", &e));
    GS_CHECK_EQ(GS_INDEX_XOR, c.set_index);
    GS_CHECK(parse(&c, "N:8:64:2,F:E:f:N:L,F:8:2,4:1", &e));
    GS_CHECK_EQ(GS_REPL_FIFO, c.replacement);
    GS_CHECK_EQ(GS_WRITE_EVICT, c.write_policy);
    GS_CHECK_EQ(GS_ALLOC_ON_FILL, c.alloc_policy);
    GS_CHECK_EQ(GS_MSHR_TEX_FIFO, c.mshr_type);
    GS_CHECK(parse(&c, "S:1:128:256,L:L:s:N:L,A:256:8,16:0,32", &e));
    GS_CHECK_EQ(GS_ALLOC_STREAMING, c.alloc_policy);
    GS_CHECK(parse(&c, "N:16:128:4,L:W:m:W:L,A:8:4,4", &e) == 0);  /* W is not a write policy */
    GS_CHECK(parse(&c, "none", &e));
    GS_CHECK_EQ(0, c.enabled);
    GS_CHECK_EQ(0, gs_cache_bytes(&c));
    gs_cache_format(&c, out, sizeof out);
    GS_CHECK_STR("none", out);
}

/* Each rejected string: the offset of the offending token and the message. */
static void expect_error(const char *text, uint32_t offset, const char *message)
{
    gs_cache_config c;
    gs_cache_error e;
    GS_CHECK(parse(&c, text, &e) == 0);
    GS_CHECK_EQ(offset, e.offset);
    GS_CHECK_STR(message, e.message);
}

static void test_grammar_errors(void)
{
    expect_error("N:32:128:4,L:L:m:N:H,A:32:8", 27,
                 "cache string has 12 fields, needs at least 13: type:sets:line:assoc,"
                 "repl:write:alloc:write_alloc:index,mshr:entries:merge,miss_queue "
                 "(spec/formats.md 2.1)");
    expect_error("N:32:128:4:L:L:m:N:H,A:32:8,8", 10,
                 "expected ',' before the replacement field, found ':' (spec/formats.md 2.1)");
    expect_error("Q:32:128:4,L:L:m:N:H,A:32:8,8", 0,
                 "unknown type letter 'Q' (expected one of 'NS', spec/formats.md 2.1)");
    expect_error("N:3x:128:4,L:L:m:N:H,A:32:8,8", 2, "sets '3x' is not an unsigned number");
    expect_error("N:32:128:4,L:L:m:N:C,A:32:8,8", 19,
                 "set index 'C' (custom) is unsupported: GPGPU-Sim's custom hash is an empty "
                 "stub; use L, X, H or P (spec/formats.md 2.1)");
    expect_error("N:32:128:4,LRU:L:m:N:H,A:32:8,8", 11,
                 "replacement field must be one letter of 'LF'");
}

static void test_validation_errors(void)
{
    expect_error("N:48:128:4,L:L:m:N:L,A:32:8,8", 2, "sets 48 is not a power of two "
                 "(spec/formats.md 2.2 indexes sets with address bits)");
    expect_error("S:32:64:4,L:L:m:N:L,A:32:8,8", 5, "sector cache needs 4 sectors of 32 bytes: "
                 "line size must be 128, not 64 (spec/formats.md 2.1)");
    expect_error("N:32:128:4,L:L:m:N:L,A:32:8,8:0,48", 32, "data port width 48 must divide the "
                 "line size 128 (spec/formats.md 2.1)");
    expect_error("N:16:128:4,L:L:m:N:H,A:32:8,8", 19, "Fermi hash 'H' needs 32 or 64 sets, "
                 "not 16 (spec/formats.md 2.2)");
    expect_error("N:32:128:4,L:B:f:N:L,A:32:8,8", 15, "write-back with allocate-on-fill "
                 "deadlocks; rejected as in GPGPU-Sim (spec/formats.md 2.1)");
    expect_error("N:32:128:4,L:T:f:F:L,A:32:8,8", 17, "write-allocate 'F' cannot be combined "
                 "with allocate-on-fill (spec/formats.md 2.1)");
    expect_error("N:4:128:4,L:R:m:N:L,T:128:4,128", 20, "texture FIFO MSHR 'T' needs the "
                 "result FIFO field (14 fields, spec/formats.md 2.1)");
    expect_error("N:32:128:512,L:L:m:N:L,A:32:8,8", 9, "associativity 512 is above the "
                 "compiled maximum GS_MAX_CACHE_WAYS = 256 (tables/gs_limits.h)");
    expect_error("N:32:128:4,L:L:m:N:L,A:0:8,8", 23, "MSHR entries must be at least 1");
}

static void test_ipoly_poly(void)
{
    gs_cache_config c;
    gs_cache_error e;
    char message[256];
    GS_CHECK(parse(&c, "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", &e));
    GS_CHECK_EQ(0x25, gs_cache_effective_poly(&c));          /* x^5+x^2+1 for 32 sets */
    GS_CHECK(gs_cache_check_poly(&c, message, sizeof message));
    c.ipoly_poly = 0x29;                                     /* x^5+x^3+1: irreducible */
    GS_CHECK(gs_cache_check_poly(&c, message, sizeof message));
    c.ipoly_poly = 0x21;                                     /* x^5+1 = (x+1)(...) */
    GS_CHECK(gs_cache_check_poly(&c, message, sizeof message) == 0);
    GS_CHECK_STR("IPOLY polynomial 0x21 is reducible over GF(2); the hash needs an irreducible "
                 "polynomial (spec/formats.md 2.2)", message);
    c.ipoly_poly = 0x13;                                     /* degree 4 for 32 sets */
    GS_CHECK(gs_cache_check_poly(&c, message, sizeof message) == 0);
    GS_CHECK_STR("IPOLY polynomial 0x13 has degree 4, but 32 sets need degree 5", message);
    c.ipoly_poly = 0x21;     /* set by its own option before the cache string: kept */
    GS_CHECK(gs_cache_parse(&c, "S:64:128:16,L:B:m:L:P,A:192:4,32:0,32", 37, &e));
    GS_CHECK_EQ(0x21, c.ipoly_poly);
}

int main(void)
{
    GS_RUN(test_gtx480_dl1);
    GS_RUN(test_all_fields);
    GS_RUN(test_grammar_errors);
    GS_RUN(test_validation_errors);
    GS_RUN(test_ipoly_poly);
    return gs_check_report();
}
