/*
 * Minimal exact-value test framework for tests/unit/NNN-area-what.c.
 *
 * A test file defines `static void test_x(void)` functions and a main() that
 * calls GS_RUN(test_x) for each and ends with `return gs_check_report();`.
 * Each GS_RUN counts one test: it passes when none of its checks failed.
 * Output, one line per test: "PASS file:test" or "FAIL file:test: why";
 * tests/run_tests.py sums these lines.
 */
#ifndef GS_TEST_CHECK_H
#define GS_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int gs_check_failed_in_test;
static int gs_check_tests_passed;
static int gs_check_tests_failed;

static void gs_check_fail_u64(const char *file, int line, const char *expr,
                              unsigned long long want, unsigned long long got)
{
    printf("  %s:%d: %s: expected %llu (0x%llx), got %llu (0x%llx)\n", file, line, expr, want,
           want, got, got);
    gs_check_failed_in_test = 1;
}

#define GS_CHECK(cond) do { if (!(cond)) { \
    printf("  %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    gs_check_failed_in_test = 1; } } while (0)

#define GS_CHECK_EQ(want, got) do { unsigned long long w_ = (unsigned long long)(want); \
    unsigned long long g_ = (unsigned long long)(got); \
    if (w_ != g_) gs_check_fail_u64(__FILE__, __LINE__, #got, w_, g_); } while (0)

#define GS_CHECK_STR(want, got) do { const char *w_ = (want), *g_ = (got); \
    if (strcmp(w_, g_) != 0) { \
        printf("  %s:%d: %s: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, #got, w_, g_); \
        gs_check_failed_in_test = 1; } } while (0)

#define GS_RUN(fn) do { gs_check_failed_in_test = 0; fn(); \
    if (gs_check_failed_in_test) { gs_check_tests_failed++; \
        printf("FAIL %s:%s\n", __FILE__, #fn); } \
    else { gs_check_tests_passed++; printf("PASS %s:%s\n", __FILE__, #fn); } } while (0)

static int gs_check_report(void)
{
    fflush(stdout);
    return gs_check_tests_failed ? 1 : 0;
}

#endif
