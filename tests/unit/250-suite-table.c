/*
 * The embedded workload table (gen/workloads.py -> tables/workloads.c):
 * examples first, then every suite workload (examples/suite/NAME/SIZE.gsw)
 * under the key NAME:SIZE with its header fields, both sizes present,
 * every file it names embedded once (the two sizes share one PTX), and
 * every suite workload text parses.
 */
#include <string.h>

#include "check.h"
#include "workload_host.h"

static gs_workload wl;

static int is_size(const char *size)
{
    return strcmp(size, "small") == 0 || strcmp(size, "paper") == 0;
}

static void test_examples_first(void)
{
    unsigned i;
    GS_CHECK(gs_embedded_example_count >= 8);
    for (i = 0; i < gs_embedded_workload_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        int example = i < gs_embedded_example_count;
        GS_CHECK_EQ(example, strcmp(e->suite, "example") == 0);
        GS_CHECK_EQ(example, e->size[0] == '\0');
        if (example)
            GS_CHECK_STR(e->name, e->workload);
    }
}

/* The suite entry's key is NAME:SIZE, its text opens with its header. */
static void check_suite_entry(const gs_embedded_workload *e)
{
    char key[80], head[80];
    gs_diag diag;
    unsigned f;
    gs_status st;
    gs_fmt(key, sizeof key, "%s:%s", e->workload, e->size);
    GS_CHECK_STR(key, e->name);
    GS_CHECK(is_size(e->size));
    GS_CHECK(e->suite[0] != '\0' && e->description[0] != '\0');
    gs_fmt(head, sizeof head, "# workload: %s\n", e->workload);
    GS_CHECK(e->length > strlen(head) && memcmp(e->text, head, strlen(head)) == 0);
    st = gs_workload_parse(&wl, e->source, e->text, e->length, &diag);
    if (st != GS_OK)
        test_print_diag(e->name, &diag);
    GS_CHECK_EQ(GS_OK, st);
    GS_CHECK(e->num_files >= 1);
    for (f = 0; st == GS_OK && f < wl.num_ptx; f++)
        GS_CHECK(gs_embedded_workload_file(e, wl.ptx[f]) != NULL);
    GS_CHECK(gs_embedded_workload_find(e->name) == e);
}

static void test_suite_entries(void)
{
    unsigned i;
    GS_CHECK(gs_embedded_workload_count > gs_embedded_example_count);
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++)
        check_suite_entry(&gs_embedded_workloads[i]);
}

/* Every suite workload has a small and a paper size, in that order, and the
 * paper size shares the small size's PTX text (embedded once). */
static void test_both_sizes(void)
{
    unsigned i, missing = 0;
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        const gs_embedded_workload *next = e + 1;
        if (strcmp(e->size, "small") != 0)
            continue;
        if (i + 1u >= gs_embedded_workload_count || strcmp(next->workload, e->workload) != 0 ||
            strcmp(next->size, "paper") != 0) {
            printf("  %s: no paper size\n", e->workload);
            missing++;
            continue;
        }
        GS_CHECK(e->files[0].text == next->files[0].text);
    }
    for (i = gs_embedded_example_count; i < gs_embedded_workload_count; i++) {
        const gs_embedded_workload *e = &gs_embedded_workloads[i];
        if (strcmp(e->size, "paper") == 0 &&
            (i == 0 || strcmp(e[-1].workload, e->workload) != 0)) {
            printf("  %s: no small size\n", e->workload);
            missing++;
        }
    }
    GS_CHECK_EQ(0, missing);
}

static void test_lookup_keys(void)
{
    const gs_embedded_workload *small = gs_embedded_workload_find("vadd:small");
    const gs_embedded_workload *paper = gs_embedded_workload_find("vadd:paper");
    GS_CHECK(small != NULL && paper != NULL);
    if (!small || !paper)
        return;
    GS_CHECK_STR("CUDA SDK", small->suite);
    GS_CHECK_STR("examples/suite/vadd/small.gsw", small->source);
    GS_CHECK_STR("examples/suite/vadd/vadd.ptx", small->files[0].source);
    GS_CHECK_STR("vadd.ptx", paper->files[0].path);
    GS_CHECK(small->files[0].text == paper->files[0].text);
    GS_CHECK(gs_embedded_workload_find("vadd") == NULL);        /* suite keys carry a size */
    GS_CHECK(gs_embedded_workload_find("vadd:huge") == NULL);
    GS_CHECK(gs_embedded_workload_find("reduce") != NULL);      /* examples: bare name */
}

int main(void)
{
    GS_RUN(test_examples_first);
    GS_RUN(test_suite_entries);
    GS_RUN(test_both_sizes);
    GS_RUN(test_lookup_keys);
    return gs_check_report();
}
