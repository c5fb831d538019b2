/*
 * `gpusim report [--out FILE] [--title TEXT] [--results DIR] INPUT...`
 * (issue 13 part 5; README "Reports"): one self-contained HTML file, its
 * figures inline SVG drawn by cli_report_svg.c. Each INPUT, in order, adds
 * a section:
 *   - a study file (`*.study`): its results (--results DIR, default
 *     study-results/NAME) collected as `gpusim study --collect` does, drawn
 *     with the study's own labels (metric definitions, the baseline);
 *   - a study CSV (first line `row,workload,class,config,metric,value,
 *     normalised`, what --collect writes): the same figures; the baseline is
 *     the first configuration whose every normalised value is 1;
 *   - a samples CSV (first line `cycle,cycles,active_warps,...`, what
 *     --samples-csv writes): the single-run figures over time;
 *   - a stats CSV (first line `name,value`, what --stats-csv writes) of a
 *     run with -gs_ciao_matrix 1: CIAO's interference matrix as a heat map.
 * Bad input is a `file:line:col: error:` line and exit status 2. The report
 * goes to stdout unless --out names a file.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_report.h"

#define REPORT_MAX_INPUTS 64
#define SAMPLES_MAX_ROWS 65536u

static const char STUDY_HEADER[] = "row,workload,class,config,metric,value,normalised";

/* ---- a line cursor with file:line:col errors ---- */

typedef struct cursor {
    const char *path;
    const char *p, *end;
    uint32_t line;
    const char *line_start;
} cursor;

static int bad(const cursor *c, const char *at, const char *message)
{
    gs_diag diag;
    gs_diag_set(&diag, GS_E_USAGE, c->path, c->line,
                (uint32_t)(at ? at - c->line_start + 1 : 1), "%s", message);
    return gs_cli_report(&diag);
}

/* The next line into [*s, *e) without its newline; 0 at the end. */
static int next_line(cursor *c, const char **s, const char **e)
{
    if (c->p >= c->end)
        return 0;
    c->line++;
    c->line_start = c->p;
    *s = c->p;
    while (c->p < c->end && *c->p != '\n')
        c->p++;
    *e = c->p;
    if (*e > *s && (*e)[-1] == '\r')
        (*e)--;
    if (c->p < c->end)
        c->p++;
    return 1;
}

/* One CSV field (quoted with "" escapes, or plain) into out; *s moves past
 * it and its comma (*comma: 1 when there was one). Returns 0, or 1 on a bad
 * field (message set). */
static int csv_field(const char **s, const char *e, char *out, size_t capacity,
                     const char **why, int *comma)
{
    size_t n = 0;
    const char *p = *s;
    if (p < e && *p == '"') {
        for (p++;; p++) {
            if (p >= e) {
                *why = "a quoted field has no closing quote";
                return 1;
            }
            if (*p == '"') {
                if (p + 1 < e && p[1] == '"')
                    p++;
                else {
                    p++;
                    break;
                }
            }
            if (n + 1u >= capacity) {
                *why = "a field is too long";
                return 1;
            }
            if ((unsigned char)*p < 0x20u) {
                *why = "a control character in a field";
                return 1;
            }
            out[n++] = *p;
        }
    } else {
        for (; p < e && *p != ','; p++) {
            if (n + 1u >= capacity) {
                *why = "a field is too long";
                return 1;
            }
            if ((unsigned char)*p < 0x20u || *p == '"') {
                *why = "a control character or a stray quote in a field";
                return 1;
            }
            out[n++] = *p;
        }
    }
    out[n] = '\0';
    if (p < e && *p != ',') {
        *why = "a field goes on after its closing quote";
        return 1;
    }
    *comma = p < e;
    *s = p < e ? p + 1 : p;
    return 0;
}

/* "123", "1.5", "0.000001" (at most 6 decimals) into fixed point. */
static int parse_fixed(const char *t, uint64_t *v)
{
    uint64_t whole = 0, frac = 0, unit = GS_STUDY_SCALE;
    const char *p = t;
    if (*p < '0' || *p > '9')
        return 1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (whole > (UINT64_MAX / GS_STUDY_SCALE - 9u) / 10u)
            return 1;
        whole = whole * 10u + (uint64_t)(*p - '0');
    }
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++) {
            if (unit == 1u)
                return 1;
            unit /= 10u;
            frac += (uint64_t)(*p - '0') * unit;
        }
        if (p[-1] == '.')
            return 1;
    }
    if (*p || whole > (UINT64_MAX - frac) / GS_STUDY_SCALE)
        return 1;
    *v = whole * GS_STUDY_SCALE + frac;
    return 0;
}

static int parse_count(const char *s, const char *e, uint64_t *v)
{
    uint64_t x = 0;
    if (s >= e)
        return 1;
    for (; s < e; s++) {
        if (*s < '0' || *s > '9' || x > (UINT64_MAX - 9u) / 10u)
            return 1;
        x = x * 10u + (uint64_t)(*s - '0');
    }
    *v = x;
    return 0;
}

/* ---- the study CSV ---- */

static int find_name(char (*names)[GS_REP_NAME_MAX], uint32_t n, const char *name)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}

/* The index of name in names, added when new; -1 when full. */
static int intern(char (*names)[GS_REP_NAME_MAX], uint32_t *n, uint32_t max, const char *name)
{
    int i = find_name(names, *n, name);
    if (i >= 0)
        return i;
    if (*n >= max)
        return -1;
    gs_str_copy(names[*n], GS_REP_NAME_MAX, name);
    return (int)(*n)++;
}

static int cell_value(const char *text, uint8_t *state, uint64_t *v)
{
    if (text[0] == '\0') {
        *state = GS_REP_ABSENT;
        return 0;
    }
    if (strcmp(text, "n/a") == 0) {
        *state = GS_REP_NA;
        return 0;
    }
    *state = GS_REP_VALUE;
    return parse_fixed(text, v);
}

#define STUDY_FIELDS "a study CSV row has 7 fields: row, workload, class, config, metric, " \
                     "value, normalised"

static int study_row(cursor *c, gs_rep_study *s, const char *line, const char *end)
{
    char f[7][GS_REP_NAME_MAX];
    const char *at[7], *p = line, *why = NULL;
    uint8_t vstate, nstate;
    uint64_t value = 0, norm = 0;
    int k, kind = -1, m, cf, cl, w, comma = 0;
    for (k = 0; k < 7; k++) {
        at[k] = p;
        if (k > 0 && !comma)
            return bad(c, p, STUDY_FIELDS);
        if (csv_field(&p, end, f[k], sizeof f[k], &why, &comma))
            return bad(c, at[k], why);
    }
    if (comma)
        return bad(c, p - 1, STUDY_FIELDS);
    if (strcmp(f[4], "digest") == 0 && strcmp(f[0], "job") == 0)
        return 0;   /* the runs' digests: not drawn */
    if (cell_value(f[5], &vstate, &value))
        return bad(c, at[5], "the value is not a number with at most 6 decimals, n/a or empty");
    if (cell_value(f[6], &nstate, &norm))
        return bad(c, at[6],
                   "the normalised value is not a number with at most 6 decimals, n/a or empty");
    if (strcmp(f[0], "hmean") == 0)
        kind = 0;
    else if (strcmp(f[0], "gmean") == 0)
        kind = 1;
    else if (strcmp(f[0], "amean") == 0)
        kind = 2;
    if (strcmp(f[0], "job") == 0) {
        if ((w = intern(s->workloads, &s->n_workloads, GS_STUDY_MAX_WORKLOADS, f[1])) < 0 ||
            (cf = intern(s->configs, &s->n_configs, GS_STUDY_MAX_CONFIGS, f[3])) < 0 ||
            (m = intern(s->metrics, &s->n_metrics, GS_STUDY_MAX_METRICS, f[4])) < 0)
            return bad(c, line, "more workloads, configurations or metrics than a study has "
                                "(256, 32, 16)");
        if (!f[1][0] || !f[3][0] || !f[4][0])
            return bad(c, !f[1][0] ? at[1] : !f[3][0] ? at[3] : at[4],
                       "a job row names its workload, configuration and metric");
        gs_str_copy(s->workload_class[w], GS_REP_NAME_MAX, f[2]);
        if (f[2][0] && intern(s->classes, &s->n_classes, GS_REP_MAX_CLASSES, f[2]) < 0)
            return bad(c, at[2], "more than 64 classes");
        s->job[m][w][cf].state = nstate;
        s->job[m][w][cf].norm = norm;
        s->job[m][w][cf].raw_state = vstate;
        s->job[m][w][cf].raw = value;
        return 0;
    }
    if (strcmp(f[0], "derived") == 0) {
        if ((w = intern(s->workloads, &s->n_workloads, GS_STUDY_MAX_WORKLOADS, f[1])) < 0 ||
            (m = intern(s->derived, &s->n_derived, GS_STUDY_MAX_DERIVED, f[4])) < 0)
            return bad(c, line, "more workloads or derived metrics than a study has (256, 8)");
        s->dvalue[m][w].state = vstate;
        s->dvalue[m][w].norm = value;
        return 0;
    }
    if (strcmp(f[0], "best") == 0) {
        if ((w = intern(s->workloads, &s->n_workloads, GS_STUDY_MAX_WORKLOADS, f[1])) < 0 ||
            s->n_best >= GS_STUDY_MAX_BEST * GS_STUDY_MAX_WORKLOADS)
            return bad(c, line, "more workloads or best rows than a study has");
        s->best[s->n_best].workload = (uint32_t)w;
        gs_str_copy(s->best[s->n_best].name, GS_REP_NAME_MAX, f[4]);
        gs_str_copy(s->best[s->n_best].config, GS_REP_NAME_MAX, f[3]);
        s->best[s->n_best].value.state = vstate;
        s->best[s->n_best].value.norm = value;
        s->n_best++;
        return 0;
    }
    if (kind < 0)
        return bad(c, at[0], "the row kind is not job, derived, best, hmean, gmean or amean");
    if (!f[2][0])
        return bad(c, at[2], "a mean row names its group (all or a class)");
    if ((cl = intern(s->classes, &s->n_classes, GS_REP_MAX_CLASSES, f[2])) < 0)
        return bad(c, at[2], "more than 64 classes");
    s->kinds_present[kind] = 1;
    if (f[3][0]) {
        if ((m = find_name(s->metrics, s->n_metrics, f[4])) < 0)
            return bad(c, at[4], "a mean of a metric no job row has");
        if ((cf = find_name(s->configs, s->n_configs, f[3])) < 0)
            return bad(c, at[3], "a mean of a configuration no job row has");
        s->mean[kind][m][cl][cf].state = nstate;
        s->mean[kind][m][cl][cf].norm = norm;
    } else {
        if ((m = find_name(s->derived, s->n_derived, f[4])) < 0)
            return bad(c, at[4], "a mean of a derived metric no derived row has");
        s->dmean[kind][m][cl].state = vstate;
        s->dmean[kind][m][cl].norm = value;
    }
    return 0;
}

/* The first configuration whose every normalised job value is exactly 1. */
static void infer_baseline(gs_rep_study *s)
{
    uint32_t cf, m, w;
    for (cf = 0; cf < s->n_configs; cf++) {
        int ok = 1, any = 0;
        for (m = 0; m < s->n_metrics; m++)
            for (w = 0; w < s->n_workloads; w++) {
                const gs_rep_cell *c = &s->job[m][w][cf];
                if (c->state == GS_REP_VALUE) {
                    any = 1;
                    ok &= c->norm == GS_STUDY_SCALE;
                }
            }
        if (ok && any) {
            gs_str_copy(s->baseline, sizeof s->baseline, s->configs[cf]);
            return;
        }
    }
}

static int read_study_csv(const char *path, const char *text, size_t length, gs_rep_study *s)
{
    cursor c;
    const char *ls = text, *le = text;
    int rc;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.p = text;
    c.end = text + length;
    next_line(&c, &ls, &le);   /* the header, checked by the caller */
    gs_str_copy(s->classes[0], GS_REP_NAME_MAX, "all");
    s->n_classes = 1;
    while (next_line(&c, &ls, &le)) {
        if (ls == le)
            continue;
        if ((rc = study_row(&c, s, ls, le)) != 0)
            return rc;
    }
    if (s->n_configs == 0) {
        c.line = 1;
        c.line_start = text;
        return bad(&c, NULL, "a study CSV without job rows: nothing to draw");
    }
    return 0;
}

/* ---- the samples CSV ---- */

/* The header from p on (each column after a comma) starts with GREEN's
 * per-region columns (mech/green.c: green_r<r>_l1_loads, _l1_hits,
 * _l2_reads, _l2_hits for r = 0..15). */
static int green_columns(const char *p, const char *le)
{
    static const char *const word[GS_REP_GREEN_WORDS] = {
        "l1_loads", "l1_hits", "l2_reads", "l2_hits"
    };
    uint32_t r, w;
    for (r = 0; r < GS_REP_GREEN_REGIONS; r++)
        for (w = 0; w < GS_REP_GREEN_WORDS; w++) {
            char want[40];
            size_t n = (size_t)snprintf(want, sizeof want, ",green_r%u_%s", (unsigned)r, word[w]);
            if ((size_t)(le - p) < n || memcmp(p, want, n) || (p + n < le && p[n] != ','))
                return 0;
            p += n;
        }
    return 1;
}

static int read_samples(const char *path, const char *text, size_t length, gs_rep_samples *s)
{
    cursor c;
    const char *ls = text, *le = text, *p;
    uint32_t rows = 0, col, extra;
    size_t i;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.p = text;
    c.end = text + length;
    next_line(&c, &ls, &le);
    /* header: cycle,cycles,FIXED...,sm0_thread_insts,... */
    p = ls + strlen("cycle,cycles");
    for (col = 0; col < GS_SAMPLE_PER_SM; col++) {
        const char *name = gs_sim_sample_column_name(col);
        size_t n = strlen(name);
        if (p >= le || *p != ',' || (size_t)(le - p - 1) < n || memcmp(p + 1, name, n) ||
            (p + 1 + n < le && p[1 + n] != ','))
            return bad(&c, p < le ? p + 1 : le, "the samples CSV header differs from what "
                                                 "--samples-csv writes");
        p += 1 + n;
    }
    for (s->n_sms = 0; p < le; s->n_sms++) {
        char want[32];
        size_t n;
        if (s->n_sms == GS_MAX_SMS) {
            char why[96];
            gs_fmt(why, sizeof why, "more than %u SM columns (gpusim simulates at most %u SMs)",
                   (unsigned)GS_MAX_SMS, (unsigned)GS_MAX_SMS);
            return bad(&c, p + 1, why);
        }
        snprintf(want, sizeof want, ",sm%u_thread_insts", (unsigned)s->n_sms);
        n = strlen(want);
        if ((size_t)(le - p) < n || memcmp(p, want, n) || (p + n < le && p[n] != ',')) {
            if (s->n_sms > 0 && (size_t)(le - p) > 3u && memcmp(p, ",sm", 3) != 0)
                break;   /* a mechanism's columns follow (mech/mech.h gs_mech_samples) */
            return bad(&c, p + 1, "expected the next SM's column (smN_thread_insts)");
        }
        p += n;
    }
    if (s->n_sms == 0)
        return bad(&c, le, "the samples CSV has no per-SM columns");
    s->green = green_columns(p, le) ? GS_SAMPLE_PER_SM + s->n_sms : 0u;
    for (extra = 0; p < le; p++)   /* every mechanism's, kept; GREEN's drawn */
        extra += *p == ',';
    s->cols = GS_SAMPLE_PER_SM + s->n_sms + extra;
    for (i = 0; i < length; i++)
        rows += text[i] == '\n';
    rows++;
    if (rows > SAMPLES_MAX_ROWS + 1u)
        return bad(&c, NULL, "more than 65536 sample rows");
    s->start = (uint64_t *)gs_cli_alloc(rows * sizeof(uint64_t));
    s->end = (uint64_t *)gs_cli_alloc(rows * sizeof(uint64_t));
    s->cell = (uint64_t *)gs_cli_alloc((size_t)rows * s->cols * sizeof(uint64_t));
    if (!s->start || !s->end || !s->cell)
        return gs_cli_usage_error("out of memory reading %s", path);
    while (next_line(&c, &ls, &le)) {
        uint64_t v[2];
        if (ls == le)
            continue;
        p = ls;
        for (col = 0; col < 2u + s->cols; col++) {
            const char *f = p;
            while (p < le && *p != ',')
                p++;
            if (parse_count(f, p, col < 2u ? &v[col] : &s->cell[(size_t)s->rows * s->cols +
                                                                 col - 2u]))
                return bad(&c, f, f == p ? "a missing count (expected one per column of the "
                                           "header)" : "not an unsigned integer count");
            if (col + 1u < 2u + s->cols) {
                if (p >= le)
                    return bad(&c, p, "fewer counts than the header has columns");
                p++;
            }
        }
        if (p < le)
            return bad(&c, p, "more counts than the header has columns");
        if (v[1] == 0 || v[1] > v[0] || v[0] - v[1] != (s->rows ? s->end[s->rows - 1u] : 0u))
            return bad(&c, ls, "a period's cycle and length do not follow the previous row "
                               "(cycle - cycles must be the previous cycle, from 0)");
        s->start[s->rows] = v[0] - v[1];
        s->end[s->rows] = v[0];
        s->rows++;
    }
    if (s->rows == 0)
        return bad(&c, NULL, "the samples CSV has no rows (was -gs_sample_cycles larger than "
                             "the run?)");
    return 0;
}

/* ---- a stats CSV with CIAO's interference matrix ---- */

static int read_matrix(const char *path, const char *text, size_t length, gs_rep_matrix *m)
{
    static const char prefix[] = "ciao_matrix_w";
    cursor c;
    const char *ls, *le;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.p = text;
    c.end = text + length;
    next_line(&c, &ls, &le);   /* name,value */
    while (next_line(&c, &ls, &le)) {
        const char *p = ls + sizeof prefix - 1u, *comma = ls;
        uint64_t v, e, count;
        while (comma < le && *comma != ',')
            comma++;
        if ((size_t)(comma - ls) < sizeof prefix - 1u || memcmp(ls, prefix, sizeof prefix - 1u))
            continue;   /* every other statistic */
        for (v = 0; p < comma && *p >= '0' && *p <= '9'; p++)
            v = v * 10u + (uint64_t)(*p - '0');
        if (p == ls + sizeof prefix - 1u || comma - p < 5 || memcmp(p, "_by_w", 5))
            return bad(&c, ls, "a ciao_matrix_ statistic not named ciao_matrix_wV_by_wE");
        for (p += 5, e = 0; p < comma && *p >= '0' && *p <= '9'; p++)
            e = e * 10u + (uint64_t)(*p - '0');
        if (p != comma || p[-1] == 'w')
            return bad(&c, ls, "a ciao_matrix_ statistic not named ciao_matrix_wV_by_wE");
        if (v >= GS_REP_MATRIX_MAX || e >= GS_REP_MATRIX_MAX)
            return bad(&c, ls, "a warp slot above 63 (the report draws at most 64)");
        if (parse_count(comma + 1, le, &count) || count == 0)
            return bad(&c, comma + 1, "not a positive count (the matrix lists non-zero cells)");
        m->cell[v][e] = count;
        m->nonzero++;
        if (v + 1u > m->n)
            m->n = (uint32_t)v + 1u;
        if (e + 1u > m->n)
            m->n = (uint32_t)e + 1u;
    }
    if (m->nonzero == 0) {
        c.line = 1;
        c.line_start = text;
        return bad(&c, NULL, "a stats CSV without ciao_matrix_ statistics (run with "
                             "-gs_mechanisms ciao -gs_ciao_matrix 1)");
    }
    return 0;
}

/* ---- inputs ---- */

typedef struct report_args {
    const char *out, *title, *results;
    const char *inputs[REPORT_MAX_INPUTS];
    int n_inputs;
} report_args;

static int parse_args(int argc, char **argv, report_args *a)
{
    int i;
    memset(a, 0, sizeof *a);
    for (i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--out") == 0)
            slot = &a->out;
        else if (strcmp(argv[i], "--title") == 0)
            slot = &a->title;
        else if (strcmp(argv[i], "--results") == 0)
            slot = &a->results;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return gs_cli_usage_error("report: unknown option '%s' (gpusim report [--out FILE] "
                                      "[--title TEXT] [--results DIR] INPUT...)", argv[i]);
        else if (a->n_inputs >= REPORT_MAX_INPUTS)
            return gs_cli_usage_error("report: more than %d inputs", REPORT_MAX_INPUTS);
        else
            a->inputs[a->n_inputs++] = argv[i];
        if (slot) {
            if (i + 1 >= argc)
                return gs_cli_usage_error("report: %s needs a value", argv[i]);
            *slot = argv[++i];
        }
    }
    if (a->n_inputs == 0)
        return gs_cli_usage_error("report: no input (a study file, a study CSV from gpusim "
                                  "study --collect, or a --samples-csv file)");
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int first_line_is(const char *text, size_t length, const char *want, int prefix)
{
    size_t n = strlen(want), i = 0;
    while (i < length && text[i] != '\n' && text[i] != '\r')
        i++;
    return prefix ? i >= n && memcmp(text, want, n) == 0 : i == n && memcmp(text, want, n) == 0;
}

/* A study file: collect its results (as --collect), then read the CSV with
 * the study's labels. */
static int study_input(const char *path, const report_args *a, gs_rep_study *r)
{
    gs_study *study = (gs_study *)gs_cli_alloc(sizeof *study);
    char dir[GS_STUDY_PATH_MAX], *csv = NULL, *md = NULL;
    uint32_t m;
    int rc;
    if (!study)
        return gs_cli_usage_error("out of memory");
    if ((rc = gs_study_parse(study, path)) != 0) {
        gs_cli_free(study);
        return rc;
    }
    if (a->results)
        gs_str_copy(dir, sizeof dir, a->results);
    else
        snprintf(dir, sizeof dir, "study-results/%s", study->name);
    rc = gs_study_collect(study, dir, &csv, &md);
    if (rc == 1) {
        gs_sink_printf(&gs_cli_stderr, "gpusim: error: %s: results in %s are missing, partial "
                       "or stale (named above): run the study first\n", path, dir);
        rc = 2;
    }
    if (rc == 0) {
        rc = read_study_csv(path, csv, strlen(csv), r);
        snprintf(r->title, sizeof r->title, "study %s", study->name);
        gs_str_copy(r->baseline, sizeof r->baseline, study->configs[study->baseline].name->text);
        for (m = 0; m < study->n_metrics && m < r->n_metrics; m++) {
            const gs_study_metric *sm = &study->metrics[m];
            if (sm->stat_b)
                snprintf(r->metric_def[m], GS_REP_LABEL_MAX, "%s / %s", sm->stat_a, sm->stat_b);
            else
                snprintf(r->metric_def[m], GS_REP_LABEL_MAX, "%s", sm->stat_a);
        }
        for (m = 0; m < study->n_derived && m < r->n_derived; m++) {
            const gs_study_derived *d = &study->derived[m];
            snprintf(r->derived_def[m], GS_REP_LABEL_MAX, "speedup %s over %s on %s",
                     study->configs[d->config_a].name->text,
                     study->configs[d->config_b].name->text, d->stat);
        }
    }
    gs_cli_free(csv);
    gs_cli_free(md);
    gs_study_release(study);
    gs_cli_free(study);
    return rc;
}

static void html_head(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    gs_rep_escape(f, title);
    fputs("</title>\n<style>\n"
          "body { font-family: sans-serif; margin: 24px; color: #222222; background: #ffffff; }\n"
          "h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; }\n"
          "figure { margin: 0 0 28px 0; }\n"
          "figcaption { font-size: 13px; color: #444444; max-width: 860px; }\n"
          "p.note { font-size: 13px; color: #444444; }\n"
          "table.best { border-collapse: collapse; font-size: 13px; margin: 0 0 28px 0; }\n"
          "table.best td, table.best th { border: 1px solid #cccccc; padding: 2px 8px; }\n"
          "</style>\n</head>\n<body>\n<h1>", f);
    gs_rep_escape(f, title);
    fputs("</h1>\n", f);
}

static int one_input(FILE *f, const char *path, const report_args *a, uint32_t *figure)
{
    char *text = NULL;
    size_t length;
    gs_diag diag;
    int rc = 0;
    if (gs_cli_read_file(path, &text, &length, &diag) != GS_OK)
        return gs_cli_report(&diag);
    if (first_line_is(text, length, STUDY_HEADER, 0) || ends_with(path, ".study")) {
        gs_rep_study *s = (gs_rep_study *)gs_cli_alloc(sizeof *s);
        if (!s) {
            gs_cli_free_file(text);
            return gs_cli_usage_error("out of memory");
        }
        if (ends_with(path, ".study") && !first_line_is(text, length, STUDY_HEADER, 0))
            rc = study_input(path, a, s);
        else {
            rc = read_study_csv(path, text, length, s);
            snprintf(s->title, sizeof s->title, "%s", base_name(path));
            infer_baseline(s);
        }
        if (rc == 0) {
            fputs("<h2>", f);
            gs_rep_escape(f, s->title);
            fputs("</h2>\n<p class=\"note\">", f);
            fprintf(f, "%u configurations, %u workloads, %u metrics, %u derived metrics; ",
                    (unsigned)s->n_configs, (unsigned)s->n_workloads, (unsigned)s->n_metrics,
                    (unsigned)s->n_derived);
            if (s->baseline[0]) {
                fputs("baseline ", f);
                gs_rep_escape(f, s->baseline);
            } else
                fputs("no configuration is 1 everywhere: baseline unknown", f);
            fputs(". Hover a bar for its exact value.</p>\n", f);
            gs_rep_study_figures(f, s, figure);
        }
        gs_cli_free(s);
    } else if (first_line_is(text, length, "cycle,cycles,", 1)) {
        gs_rep_samples s;
        memset(&s, 0, sizeof s);
        rc = read_samples(path, text, length, &s);
        if (rc == 0) {
            snprintf(s.title, sizeof s.title, "%s", base_name(path));
            fputs("<h2>run ", f);
            gs_rep_escape(f, s.title);
            fprintf(f, "</h2>\n<p class=\"note\">%u SMs, %u sampling periods, cycles 0 to "
                    "%llu.</p>\n", (unsigned)s.n_sms, (unsigned)s.rows,
                    (unsigned long long)s.end[s.rows - 1u]);
            gs_rep_sample_figures(f, &s, figure);
        }
        gs_cli_free(s.start);
        gs_cli_free(s.end);
        gs_cli_free(s.cell);
    } else if (first_line_is(text, length, "name,value", 0)) {
        gs_rep_matrix *m = (gs_rep_matrix *)gs_cli_alloc(sizeof *m);
        if (!m) {
            gs_cli_free_file(text);
            return gs_cli_usage_error("out of memory");
        }
        memset(m, 0, sizeof *m);
        rc = read_matrix(path, text, length, m);
        if (rc == 0) {
            snprintf(m->title, sizeof m->title, "%s", base_name(path));
            fputs("<h2>interference ", f);
            gs_rep_escape(f, m->title);
            fputs("</h2>\n", f);
            gs_rep_matrix_figure(f, m, figure);
        }
        gs_cli_free(m);
    } else {
        cursor c;
        memset(&c, 0, sizeof c);
        c.path = path;
        c.line = 1;
        c.line_start = text;
        rc = bad(&c, NULL, "not a report input: expected a study file (*.study), a study CSV "
                           "(first line row,workload,class,config,metric,value,normalised), "
                           "a samples CSV (first line cycle,cycles,...) or a stats CSV with "
                           "CIAO's matrix (first line name,value)");
    }
    gs_cli_free_file(text);
    return rc;
}

/* Copy the finished report from the scratch file to its destination. */
static int copy_out(FILE *from, FILE *to)
{
    char chunk[8192];
    size_t n;
    rewind(from);
    while ((n = fread(chunk, 1, sizeof chunk, from)) > 0)
        if (fwrite(chunk, 1, n, to) != n)
            return 1;
    return ferror(from) != 0;
}

int gs_cli_report_main(int argc, char **argv)
{
    report_args a;
    FILE *scratch, *f;
    uint32_t figure = 0;
    int rc, i, failed;
    if ((rc = parse_args(argc, argv, &a)) != 0)
        return rc;
    /* drawn into a scratch file first: a bad input leaves no half-written
     * report on stdout or in --out */
    if (!(scratch = tmpfile()))
        return gs_cli_usage_error("report: cannot create a temporary file");
    html_head(scratch, a.title ? a.title : "gpusim report");
    for (i = 0; i < a.n_inputs && rc == 0; i++)
        rc = one_input(scratch, a.inputs[i], &a, &figure);
    fputs("</body>\n</html>\n", scratch);
    if (rc == 0 && ferror(scratch))
        rc = gs_cli_usage_error("report: cannot write the temporary file");
    if (rc != 0) {
        fclose(scratch);
        return rc;
    }
    f = a.out ? fopen(a.out, "wb") : stdout;
    if (!f) {
        fclose(scratch);
        return gs_cli_usage_error("report: cannot write %s", a.out);
    }
    failed = copy_out(scratch, f);
    fclose(scratch);
    failed |= ferror(f) != 0;
    failed |= a.out ? fclose(f) != 0 : fflush(f) != 0;
    if (failed)
        return gs_cli_usage_error("report: cannot write %s", a.out ? a.out : "stdout");
    return 0;
}
