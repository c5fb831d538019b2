/* Exact-output tests of the libc-free formatter, ratios and integer parsing. */
#include "check.h"
#include "base/fmt.h"

static void test_integers(void)
{
    char b[64];
    gs_fmt(b, sizeof b, "%d|%u|%x|%X|%05d|%-4d|%lld", -42, 42u, 255u, 255u, -7, 3,
           (long long)INT64_MIN);
    GS_CHECK_STR("-42|42|ff|FF|-0007|3   |-9223372036854775808", b);
    gs_fmt(b, sizeof b, "%016llx %zu %s %c%%", 0xabcull, (size_t)9, "s", 'c');
    GS_CHECK_STR("0000000000000abc 9 s c%", b);
}

static void test_truncation(void)
{
    char b[5];
    size_t n = gs_fmt(b, sizeof b, "%s", "abcdefgh");
    GS_CHECK_EQ(8, n);
    GS_CHECK_STR("abcd", b);
}

static void test_ratio(void)
{
    char b[32];
    gs_fmt_ratio(b, sizeof b, 2, 3, 4);
    GS_CHECK_STR("0.6667", b);
    gs_fmt_ratio(b, sizeof b, 19999, 10000, 3);   /* 1.9999 rounds up into the units */
    GS_CHECK_STR("2.000", b);
    gs_fmt_ratio(b, sizeof b, 5, 0, 2);
    GS_CHECK_STR("0", b);
    gs_fmt_ratio(b, sizeof b, 1, 20, 1);          /* half rounds up */
    GS_CHECK_STR("0.1", b);
    gs_fmt_ratio(b, sizeof b, 7, 2, 0);
    GS_CHECK_STR("4", b);
    gs_fmt_ratio(b, sizeof b, 1, 1000, 4);
    GS_CHECK_STR("0.0010", b);
}

static void test_parse(void)
{
    uint64_t u = 0;
    int64_t s = 0;
    GS_CHECK(gs_parse_u64("0x1F", 4, &u));
    GS_CHECK_EQ(31, u);
    GS_CHECK(gs_parse_u64("18446744073709551615", 20, &u));
    GS_CHECK_EQ(UINT64_MAX, u);
    GS_CHECK(!gs_parse_u64("18446744073709551616", 20, &u));
    GS_CHECK(!gs_parse_u64("12a", 3, &u));
    GS_CHECK(!gs_parse_u64("0x", 2, &u));
    GS_CHECK(gs_parse_i64("-9223372036854775808", 20, &s));
    GS_CHECK(s == INT64_MIN);
    GS_CHECK(!gs_parse_i64("9223372036854775808", 19, &s));
}

int main(void)
{
    GS_RUN(test_integers);
    GS_RUN(test_truncation);
    GS_RUN(test_ratio);
    GS_RUN(test_parse);
    return gs_check_report();
}
