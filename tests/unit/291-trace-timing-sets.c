/*
 * Every trace set of tests/trace (copies of the public Accel-Sim traces,
 * spec/formats.md 1.4) under the timing model on the gtx480 and a100
 * presets (qv100 for one): the simulated warp instruction count
 * (gpgpu_n_tot_w_icount) equals the number of instruction lines in the
 * files, counted here independently, and the exact numbers the trace
 * helper counted; a second run gives the same digest. Full memory system
 * (each preset's default). Files are read through a stdio gs_trace_io.
 */
#include "presets.h"
#include "trace_timing_harness.h"

static tt_run run;

/* ---- stdio file access ---- */

#define MAX_FILES 8u
static FILE *files[MAX_FILES];

static int file_open(void *context, const char *path, uint32_t *handle)
{
    uint32_t i;
    (void)context;
    for (i = 0; i < MAX_FILES && files[i]; i++)
        ;
    if (i == MAX_FILES || (files[i] = fopen(path, "rb")) == NULL)
        return 1;
    *handle = i;
    return 0;
}

static int file_read_at(void *context, uint32_t handle, uint64_t offset, uint8_t *buffer,
                        uint32_t capacity, uint32_t *got)
{
    (void)context;
    if (fseek(files[handle], (long)offset, SEEK_SET) != 0)
        return 1;
    *got = (uint32_t)fread(buffer, 1, capacity, files[handle]);
    return 0;
}

static void file_close(void *context, uint32_t handle)
{
    (void)context;
    fclose(files[handle]);
    files[handle] = NULL;
}

/* ---- an independent count: lines that are not headers, markers or blank ---- */

static uint64_t count_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char line[4096];
    uint64_t n = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        const char *t = line;
        while (*t == ' ' || *t == '\t')
            t++;
        if (*t == '\0' || *t == '\n' || *t == '\r' || *t == '-' || *t == '#' ||
            strncmp(t, "warp", 4) == 0 || strncmp(t, "insts", 5) == 0 ||
            strncmp(t, "thread block", 12) == 0 || strncmp(t, "cluster", 7) == 0)
            continue;
        n++;
    }
    fclose(f);
    return n;
}

static uint64_t count_set(const char *dir)
{
    char path[1024], line[512];
    FILE *list;
    uint64_t n = 0;
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    if (!(list = fopen(path, "rb")))
        return 0;
    while (fgets(line, sizeof line, list)) {
        size_t k = strcspn(line, "\r\n");
        line[k] = '\0';
        if (strncmp(line, "kernel", 6) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, line);
        n += count_file(path);
    }
    fclose(list);
    return n;
}

/* ---- runs ---- */

static int load_config(gs_config *cfg, const char *preset_name)
{
    const gs_preset *preset = gs_preset_find(preset_name);
    gs_diag diag;
    gs_config_defaults(cfg);
    return preset && gs_config_parse(cfg, preset_name, preset->text, preset->length,
                                     &diag) == GS_OK &&
           gs_config_finish(cfg, &diag) == GS_OK;
}

/* qv100 enables Volta's specialized units (BRA TEX TENSOR, its trace.config);
 * an sm_80 trace also needs a UDP unit (sim/frontend_trace.c): add A100's. */
static int add_udp_unit;

static void enable_udp(gs_config *cfg)
{
    gs_spec_unit_cfg *u = &cfg->spec_units[3];
    u->enabled = 1;
    u->num_units = u->max_latency = u->id_oc_width = u->oc_ex_width = 4;
    strcpy(u->name, "UDP");
    cfg->spec_latency[3].count = 2;
    cfg->spec_latency[3].values[0] = 4;
    cfg->spec_latency[3].values[1] = 1;
}

/* Run `set` on `preset`; *count = gpgpu_n_tot_w_icount, returns the digest. */
static uint64_t run_set(const char *set, const char *preset, uint64_t *count)
{
    char path[512];
    gs_status st;
    uint64_t digest = 0;
    *count = ~0ull;
    if (!load_config(&run.cfg, preset)) {
        printf("  cannot load preset %s\n", preset);
        return 0;
    }
    if (add_udp_unit)
        enable_udp(&run.cfg);
    run.io.context = NULL;
    run.io.open = file_open;
    run.io.read_at = file_read_at;
    run.io.close = file_close;
    snprintf(path, sizeof path, "tests/trace/%s/kernelslist.g", set);
    st = tt_simulate_path(&run, path);
    tt_report(&run, st);
    if (st == GS_OK) {
        *count = tt_stat(&run, "gpgpu_n_tot_w_icount");
        digest = gs_stats_digest(&run.stats);
    }
    tt_free(&run);
    return digest;
}

static void check_set(const char *set, uint64_t lines, const char *preset)
{
    char dir[256];
    uint64_t count[2], digest[2];
    snprintf(dir, sizeof dir, "tests/trace/%s", set);
    GS_CHECK_EQ(lines, count_set(dir));
    digest[0] = run_set(set, preset, &count[0]);
    digest[1] = run_set(set, preset, &count[1]);
    GS_CHECK_EQ(lines, count[0]);
    GS_CHECK_EQ(lines, count[1]);
    GS_CHECK(digest[0] != 0);
    GS_CHECK_EQ(digest[0], digest[1]);
}

static void test_mini(void)
{
    check_set("mini-v5-sm80", 16, "gtx480");
    check_set("mini-v5-sm80", 16, "a100");
}

static void test_ffma(void)
{
    check_set("ffma-v5-sm90", 1328, "gtx480");
    check_set("ffma-v5-sm90", 1328, "a100");
}

static void test_bfs(void)
{
    check_set("bfs-v3-sm80", 3301, "gtx480");
    check_set("bfs-v3-sm80", 3301, "a100");
    add_udp_unit = 1;
    check_set("bfs-v3-sm80", 3301, "qv100");
    add_udp_unit = 0;
}

int main(void)
{
    GS_RUN(test_mini);
    GS_RUN(test_ffma);
    GS_RUN(test_bfs);
    return gs_check_report();
}
