/*
 * "Did you mean" (base/nearest.c): the edit distance and the choice of the
 * nearest name, with its limit (a third of the typed length, 1 to 3), its
 * tie rule (first offered) and the length cap.
 */
#include <string.h>

#include "check.h"
#include "base/nearest.h"

static uint32_t distance(const char *a, const char *b)
{
    return gs_edit_distance(a, strlen(a), b, strlen(b));
}

static void test_distance(void)
{
    GS_CHECK_EQ(0, distance("", ""));
    GS_CHECK_EQ(3, distance("", "abc"));
    GS_CHECK_EQ(3, distance("kitten", "sitting"));
    GS_CHECK_EQ(1, distance("gpgpu_max_insns", "gpgpu_max_insn"));   /* delete */
    GS_CHECK_EQ(1, distance("gtx48", "gtx480"));                     /* insert */
    GS_CHECK_EQ(2, distance("ab", "ba"));                             /* no transpositions */
    GS_CHECK_EQ(GS_NEAREST_FAR, gs_edit_distance("a", 1, "b", 64));   /* over the cap */
}

static const char *nearest(const char *typed, const char *const *names)
{
    gs_nearest n;
    gs_nearest_begin(&n, typed, strlen(typed));
    for (; *names; names++)
        gs_nearest_offer(&n, *names);
    return gs_nearest_result(&n);
}

static void test_nearest(void)
{
    static const char *const presets[] = { "a100", "gtx480", "h100", "qv100", NULL };
    static const char *const pair[] = { "abcd", "abce", NULL };
    GS_CHECK_STR("gtx480", nearest("gtx48", presets));
    GS_CHECK_STR("qv100", nearest("qv10", presets));
    GS_CHECK_STR("a100", nearest("a10", presets));        /* limit 1: distance 1 */
    GS_CHECK(nearest("gtx", presets) == NULL);              /* distance 3 > limit 1 */
    GS_CHECK(nearest("gtx480", presets) == NULL);           /* an exact name: no suggestion */
    GS_CHECK_STR("abcd", nearest("abcx", pair));            /* a tie: the first offered */
    GS_CHECK(nearest("zzzzzzzzzzzz", presets) == NULL);     /* limit 3 */
}

int main(void)
{
    GS_RUN(test_distance);
    GS_RUN(test_nearest);
    return gs_check_report();
}
