/*
 * The study collector (README "Running studies", DESIGN.md section 12):
 * reads every job's result (cli_study.c writes them), computes the metrics,
 * normalises each to the baseline configuration on the same workload,
 * computes the derived metrics (speedup of A over B), assigns the computed
 * classes, takes the means overall and per class, and renders one CSV (long
 * format, one value a row, so a later report or a spreadsheet reads it
 * without knowing the study) and one markdown table per metric. All values
 * are fixed point with 6 decimals computed in integers (cli_study_math.c),
 * so the table has the same bytes on every host.
 *
 * CSV rows, in this order (columns row,workload,class,config,metric,value,normalised):
 *   job      per workload (study order), per configuration: digest, then each metric
 *   derived  per workload: each derived metric
 *   best     per workload: each best (the winning configuration of a sweep
 *            in the config column, its raw metric as the value); a best
 *            `per kernel` has one row per kernel launch instead, its metric
 *            column NAME/kernel<uid> (the job results keep the first
 *            GS_STUDY_MAX_KERNELS kernels' blocks as kernel<uid>/STAT)
 *   hmean|gmean|amean  per metric, per group (all, then classes in order of first
 *            appearance), per configuration: the mean of the normalised values;
 *            then per derived metric and group: the mean of its values.
 * Decisions: a metric is undefined ("n/a") when a denominator is 0; a mean over
 * an undefined value is undefined; a computed class compares the metric's raw
 * value on the rule's configuration (default the baseline), not the normalised one.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_study.h"

#define NA UINT64_MAX   /* an undefined value */

void gs_study_put(gs_study_buf *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    if (b->used + 1u < b->capacity)
        b->used += gs_vfmt(b->text + b->used, b->capacity - b->used, format, args);
    if (b->used >= b->capacity)
        b->used = b->capacity - 1u;   /* cut: a cut result lacks its end and reads partial */
    va_end(args);
}

void gs_study_put_json_string(gs_study_buf *b, const char *s)
{
    gs_study_put(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            gs_study_put(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20u)
            gs_study_put(b, "\\u%04x", (unsigned)(unsigned char)*s);
        else
            gs_study_put(b, "%c", *s);
    }
    gs_study_put(b, "\"");
}

/* ---- reading results ---- */

static const char RESULT_HEAD[] = "{\n  \"format\": \"gpusim-study-result 1\",\n";
static const char RESULT_TAIL[] = "  \"complete\": true\n}\n";

static int load_result(const gs_study *s, const char *dir, uint32_t job, char **text)
{
    char id[2u * GS_STUDY_ID_MAX], hash[24], want[48];
    gs_study_link_values links;
    int linked = s->configs[job / s->n_workloads].n_links != 0;
    char path[GS_STUDY_PATH_MAX + 2u * GS_STUDY_ID_MAX];
    size_t length, tail = sizeof RESULT_TAIL - 1u;
    gs_diag diag;
    gs_study_job_id(s, job, id, sizeof id);
    gs_fmt(path, sizeof path, "%s/%s.json", dir, id);
    *text = NULL;
    if (gs_cli_read_file(path, text, &length, &diag) != GS_OK)
        return GS_STUDY_RESULT_MISSING;
    if (length < tail || strncmp(*text, RESULT_HEAD, sizeof RESULT_HEAD - 1u) != 0 ||
        memcmp(*text + length - tail, RESULT_TAIL, tail) != 0)
        return GS_STUDY_RESULT_PARTIAL;
    /* a linked job is current while its bests' winners are those it ran with */
    if (linked && gs_study_link_values_of(s, dir, job, &links, 1) != 0)
        return GS_STUDY_RESULT_STALE;
    gs_study_job_hash(s, job, linked ? (const gs_study_link_values *)&links : NULL, hash,
                      sizeof hash);
    gs_fmt(want, sizeof want, "\n  \"spec_hash\": \"%s\",\n", hash);
    return strstr(*text, want) ? GS_STUDY_RESULT_OK : GS_STUDY_RESULT_STALE;
}

int gs_study_result_state(const gs_study *s, const char *dir, uint32_t job)
{
    char *text;
    int state = load_result(s, dir, job, &text);
    if (text)
        gs_cli_free_file(text);
    return state;
}

static int parse_u64_at(const char *p, const char *key, uint64_t *v)
{
    const char *q = strstr(p, key);
    size_t n;
    if (!q)
        return 0;
    q += strlen(key);
    n = strspn(q, "0123456789");
    return n > 0 && gs_parse_u64(q, n, v);
}

/* A statistic as num/den: a count is value/1, a ratio its own num/den. */
static int find_stat(const char *text, const char *name, uint64_t *num, uint64_t *den)
{
    char key[GS_STAT_NAME_MAX + 16];
    const char *p;
    size_t n;
    gs_fmt(key, sizeof key, "\n    \"%s\": ", name);
    if ((p = strstr(text, key)) == NULL)
        return 0;
    p += strlen(key);
    if (*p == '{')
        return parse_u64_at(p, "\"num\": ", num) && parse_u64_at(p, "\"den\": ", den);
    n = strspn(p, "0123456789");
    *den = 1;
    return n > 0 && gs_parse_u64(p, n, num);
}

/* ---- the collection's tables ---- */

typedef struct collection {
    const gs_study *s;
    char (*digest)[20];        /* [job] */
    uint64_t *value;           /* [job][metric] raw metric, fixed point */
    uint64_t *norm;            /* [job][metric] normalised to the baseline */
    uint64_t *dstat;           /* [job][derived][2] the derived metric's statistic */
    uint64_t *derived;         /* [workload][derived] */
    const char **cls;          /* [workload] class or NULL */
    const char **groups;       /* NULL (all), then the classes */
    uint32_t n_groups;
    uint64_t *pk;              /* [best][job][kernel] per-kernel metric (per-kernel bests) */
    char (*pk_name)[64];       /* [workload][kernel] kernel name */
    uint32_t *pk_count;        /* [workload] kernels seen in any job */
} collection;

#define MAXK GS_STUDY_MAX_KERNELS

static int stat_missing(const gs_study *s, const gs_study_token *at, const char *stat,
                        const char *id)
{
    gs_diag diag;
    gs_diag_set(&diag, GS_E_CONFIG, s->path, at->line, at->column,
                "statistic '%s' is not in the result of job %s", stat, id);
    return gs_cli_report(&diag);
}

/* A text statistic's value (the JSON string, escapes kept) into out. */
static void find_text(const char *text, const char *name, char *out, size_t capacity)
{
    char key[GS_STAT_NAME_MAX + 16];
    const char *p;
    size_t n = 0;
    gs_fmt(key, sizeof key, "\n    \"%s\": \"", name);
    out[0] = '\0';
    if ((p = strstr(text, key)) == NULL)
        return;
    for (p += strlen(key); *p && *p != '"' && *p != '\n' && n + 1u < capacity; p++)
        out[n++] = *p == '\\' && p[1] ? *++p : *p;
    out[n] = '\0';
}

/* The per-kernel bests' metric of each kernel block the job kept (kernel1/
 * ... up to the first uid without the statistic), and the kernels' names. */
static void read_kernels(collection *c, uint32_t job, const char *text)
{
    const gs_study *s = c->s;
    uint32_t bi, k, w = job % s->n_workloads;
    char a[GS_STAT_NAME_MAX + 32], b[GS_STAT_NAME_MAX + 32];
    for (bi = 0; bi < s->n_best; bi++) {
        const gs_study_metric *mt = &s->metrics[s->best[bi].metric];
        uint64_t *v = &c->pk[((size_t)bi * gs_study_job_count(s) + job) * MAXK];
        if (!s->best[bi].per_kernel)
            continue;
        for (k = 0; k < MAXK; k++) {
            uint64_t an, ad, bn = 1, bd = 1;
            gs_fmt(a, sizeof a, "kernel%u/%s", (unsigned)(k + 1u), mt->stat_a);
            gs_fmt(b, sizeof b, "kernel%u/%s", (unsigned)(k + 1u),
                   mt->stat_b ? mt->stat_b : "");
            if (!find_stat(text, a, &an, &ad) || (mt->stat_b && !find_stat(text, b, &bn, &bd)))
                break;
            if (!gs_study_fixed_ratio(an, ad, bn, bd, &v[k]))
                v[k] = NA;
            if (c->pk_name[w * MAXK + k][0] == '\0') {   /* for the table: a long name */
                char name[GS_KERNEL_NAME_MAX];             /* is shown head...tail */
                gs_fmt(a, sizeof a, "kernel%u/kernel_name", (unsigned)(k + 1u));
                find_text(text, a, name, sizeof name);
                gs_str_elide(c->pk_name[w * MAXK + k], sizeof c->pk_name[0], name);
            }
        }
        if (k > c->pk_count[w])
            c->pk_count[w] = k;
    }
}

/* One job's metrics and derived statistics from its result text. */
/* Metric m's raw value in result text (job id): fixed point, NA when
 * undefined; 2 after naming a missing statistic. */
static int metric_of(const gs_study *s, const char *text, uint32_t m, const char *id,
                     uint64_t *v)
{
    const gs_study_metric *mt = &s->metrics[m];
    uint64_t an, ad, bn = 1, bd = 1;
    if (!find_stat(text, mt->stat_a, &an, &ad))
        return stat_missing(s, mt->name, mt->stat_a, id);
    if (mt->stat_b && !find_stat(text, mt->stat_b, &bn, &bd))
        return stat_missing(s, mt->name, mt->stat_b, id);
    if (!gs_study_fixed_ratio(an, ad, mt->stat_b ? bn : 1u, mt->stat_b ? bd : 1u, v))
        *v = NA;
    return 0;
}

static int read_job(collection *c, uint32_t job, const char *text)
{
    const gs_study *s = c->s;
    char id[2u * GS_STUDY_ID_MAX];
    uint32_t m, d;
    int rc;
    const char *dg = strstr(text, "\n  \"digest\": \"");
    gs_study_job_id(s, job, id, sizeof id);
    gs_str_copy(c->digest[job], sizeof c->digest[job], dg ? dg + 14 : "?");
    c->digest[job][16] = '\0';
    for (m = 0; m < s->n_metrics; m++)
        if ((rc = metric_of(s, text, m, id, &c->value[job * s->n_metrics + m])))
            return rc;
    for (d = 0; d < s->n_derived; d++) {
        uint64_t *p = &c->dstat[(job * s->n_derived + d) * 2u];
        if (!find_stat(text, s->derived[d].stat, &p[0], &p[1]))
            return stat_missing(s, s->derived[d].name, s->derived[d].stat, id);
    }
    read_kernels(c, job, text);
    return 0;
}

static const char *STATE_NAME[] = { "ok", "missing", "partial (incomplete file)",
                                    "stale (its study line or a best it takes changed)" };

/* Best bi's winner on workload w among its sweep's results in dir, as
 * best_of picks it (first in order on a tie; NA values never win). */
static int winner_from_results(const gs_study *s, const char *dir, uint32_t bi, uint32_t w,
                               uint32_t for_job, int quiet, uint32_t *winner)
{
    const gs_study_best *bs = &s->best[bi];
    char id[2u * GS_STUDY_ID_MAX], own[2u * GS_STUDY_ID_MAX];
    uint64_t best = NA, v;
    uint32_t cf;
    int found = -1;
    gs_study_job_id(s, for_job, own, sizeof own);
    for (cf = 0; cf < s->n_configs; cf++) {
        uint32_t job = cf * s->n_workloads + w;
        char *text;
        int state, rc;
        if (!s->configs[cf].family || strcmp(s->configs[cf].family, bs->family) != 0)
            continue;
        gs_study_job_id(s, job, id, sizeof id);
        state = load_result(s, dir, job, &text);
        if (state != GS_STUDY_RESULT_OK) {
            if (text)
                gs_cli_free_file(text);
            if (!quiet)
                fprintf(stderr, "gpusim: study: job %u (%s) takes best %s, which needs job %u "
                        "(%s): %s: %s/%s.json (run the sweep %s first: --phase 1)\n",
                        (unsigned)for_job, own, bs->name->text, (unsigned)job, id,
                        STATE_NAME[state], dir, id, bs->family);
            return 1;
        }
        rc = metric_of(s, text, bs->metric, id, &v);
        gs_cli_free_file(text);
        if (rc)
            return rc;
        if (v != NA && (found < 0 || (bs->is_max ? v > best : v < best))) {
            found = (int)cf;
            best = v;
        }
    }
    if (found < 0) {
        if (!quiet)
            fprintf(stderr, "gpusim: study: job %u (%s) takes best %s, which has no value on "
                    "%s (every result of sweep %s is n/a)\n", (unsigned)for_job, own,
                    bs->name->text, s->workloads[w].display, bs->family);
        return 1;
    }
    *winner = (uint32_t)found;
    return 0;
}

int gs_study_link_values_of(const gs_study *s, const char *dir, uint32_t job,
                            gs_study_link_values *out, int quiet)
{
    const gs_study_config *sc = &s->configs[job / s->n_workloads];
    uint32_t k, winner;
    int rc;
    for (k = 0; k < sc->n_links; k++) {
        if ((rc = winner_from_results(s, dir, sc->link_best[k], job % s->n_workloads, job,
                                      quiet, &winner)))
            return rc;
        gs_str_copy((*out)[k], sizeof (*out)[k], gs_study_swept_value(s, winner));
    }
    return 0;
}

static int read_all(collection *c, const char *dir)
{
    const gs_study *s = c->s;
    uint32_t k, n = gs_study_job_count(s), bad = 0;
    for (k = 0; k < n; k++) {
        char *text, id[2u * GS_STUDY_ID_MAX];
        int state = load_result(s, dir, k, &text), rc = 0;
        gs_study_job_id(s, k, id, sizeof id);
        if (state != GS_STUDY_RESULT_OK) {
            fprintf(stderr, "gpusim: study: job %u (%s): %s: %s/%s.json\n", (unsigned)k, id,
                    STATE_NAME[state], dir, id);
            bad++;
        } else {
            rc = read_job(c, k, text);
        }
        if (text)
            gs_cli_free_file(text);
        if (rc)
            return rc;
    }
    if (bad)
        fprintf(stderr, "gpusim: study: %u of %u results missing, partial or stale; run "
                "gpusim study %s --run (it resumes)\n", (unsigned)bad, (unsigned)n, s->path);
    return bad ? 1 : 0;
}

/* ---- derived metrics, classes, normalisation ---- */

static int rule_holds(const collection *c, const gs_study_rule *r, uint32_t w)
{
    const gs_study *s = c->s;
    uint64_t v = r->derived ? c->derived[w * s->n_derived + r->index]
                            : c->value[(r->config * s->n_workloads + w) * s->n_metrics + r->index];
    if (v == NA)
        return 0;
    switch (r->op) {
    case GS_STUDY_GE: return v >= r->threshold;
    case GS_STUDY_GT: return v > r->threshold;
    case GS_STUDY_LE: return v <= r->threshold;
    default: return v < r->threshold;
    }
}

static void compute(collection *c)
{
    const gs_study *s = c->s;
    uint32_t w, d, k, m, r, g, W = s->n_workloads, D = s->n_derived;
    for (w = 0; w < W; w++) {
        for (d = 0; d < D; d++) {   /* stat(B) / stat(A): B's time over A's */
            const uint64_t *a = &c->dstat[((s->derived[d].config_a * W + w) * D + d) * 2u];
            const uint64_t *b = &c->dstat[((s->derived[d].config_b * W + w) * D + d) * 2u];
            uint64_t *out = &c->derived[w * D + d];
            if (!gs_study_fixed_ratio(b[0], b[1], a[0], a[1], out))
                *out = NA;
        }
    }
    for (w = 0; w < W; w++) {
        c->cls[w] = s->workloads[w].cls;
        for (r = 0; r < s->n_rules; r++)
            if (rule_holds(c, &s->rules[r], w)) {
                c->cls[w] = s->rules[r].cls->text;
                break;
            }
        for (g = 1; c->cls[w] && g < c->n_groups && strcmp(c->groups[g], c->cls[w]); g++)
            ;
        if (c->cls[w] && g == c->n_groups)
            c->groups[c->n_groups++] = c->cls[w];
    }
    for (k = 0; k < gs_study_job_count(s); k++)
        for (m = 0; m < s->n_metrics; m++) {
            uint64_t v = c->value[k * s->n_metrics + m];
            uint64_t b = c->value[(s->baseline * W + k % W) * s->n_metrics + m];
            uint64_t *out = &c->norm[k * s->n_metrics + m];
            if (v == NA || b == NA || !gs_study_fixed_ratio(v, 1, b, 1, out))
                *out = NA;
        }
}

/* The mean `kind` of the workloads in group g: values at v[w * stride]. */
static uint64_t group_mean(const collection *c, uint32_t kind, uint32_t g, const uint64_t *v,
                           uint32_t stride)
{
    static uint64_t picked[GS_STUDY_MAX_WORKLOADS];
    uint32_t w, n = 0;
    uint64_t out;
    int ok;
    for (w = 0; w < c->s->n_workloads; w++) {
        if (g > 0 && (!c->cls[w] || strcmp(c->cls[w], c->groups[g]) != 0))
            continue;
        if (v[w * stride] == NA)
            return NA;
        picked[n++] = v[w * stride];
    }
    ok = kind == GS_STUDY_HMEAN ? gs_study_hmean(picked, n, &out)
       : kind == GS_STUDY_GMEAN ? gs_study_gmean(picked, n, &out)
       : gs_study_amean(picked, n, &out);
    return ok ? out : NA;
}

/* ---- CSV ---- */

static const char *mean_name(uint32_t kind)
{
    return kind == GS_STUDY_HMEAN ? "hmean" : kind == GS_STUDY_GMEAN ? "gmean" : "amean";
}

static void csv_field(gs_study_buf *b, const char *t)
{
    if (strpbrk(t, ",\"\n") == NULL) {
        gs_study_put(b, "%s,", t);
        return;
    }
    gs_study_put(b, "\"");
    for (; *t; t++)
        gs_study_put(b, *t == '"' ? "\"\"" : "%c", *t);
    gs_study_put(b, "\",");
}

static void put_fixed(gs_study_buf *b, uint64_t v, unsigned decimals)
{
    char text[32];
    if (v == NA) {
        gs_study_put(b, "n/a");
        return;
    }
    gs_study_fixed_text(v, decimals, text, sizeof text);
    gs_study_put(b, "%s", text);
}

static void csv_row(gs_study_buf *b, const char *row, const char *wl, const char *cls,
                    const char *config, const char *metric)
{
    csv_field(b, row);
    csv_field(b, wl);
    csv_field(b, cls ? cls : "");
    csv_field(b, config);
    csv_field(b, metric);
}

/* The configuration of best bi's sweep with the largest (smallest) raw
 * metric on workload w, first in order on a tie; -1 when every one is n/a. */
static int best_of(const collection *c, uint32_t bi, uint32_t w, uint64_t *value)
{
    const gs_study *s = c->s;
    const gs_study_best *bs = &s->best[bi];
    uint32_t cf;
    int found = -1;
    *value = NA;
    for (cf = 0; cf < s->n_configs; cf++) {
        uint64_t v;
        if (!s->configs[cf].family || strcmp(s->configs[cf].family, bs->family) != 0)
            continue;
        v = c->value[(cf * s->n_workloads + w) * s->n_metrics + bs->metric];
        if (v == NA)
            continue;
        if (found < 0 || (bs->is_max ? v > *value : v < *value)) {
            found = (int)cf;
            *value = v;
        }
    }
    return found;
}

/* best_of for kernel launch k (0-based) of workload w (a per-kernel best). */
static int best_of_kernel(const collection *c, uint32_t bi, uint32_t w, uint32_t k,
                          uint64_t *value)
{
    const gs_study *s = c->s;
    const gs_study_best *bs = &s->best[bi];
    uint32_t cf, n = gs_study_job_count(s);
    int found = -1;
    *value = NA;
    for (cf = 0; cf < s->n_configs; cf++) {
        uint64_t v;
        if (!s->configs[cf].family || strcmp(s->configs[cf].family, bs->family) != 0)
            continue;
        v = c->pk[((size_t)bi * n + cf * s->n_workloads + w) * MAXK + k];
        if (v == NA)
            continue;
        if (found < 0 || (bs->is_max ? v > *value : v < *value)) {
            found = (int)cf;
            *value = v;
        }
    }
    return found;
}

static void csv_jobs(const collection *c, gs_study_buf *b)
{
    const gs_study *s = c->s;
    uint32_t w, cf, m, d, W = s->n_workloads;
    for (w = 0; w < W; w++) {
        for (cf = 0; cf < s->n_configs; cf++) {
            uint32_t k = cf * W + w;
            const char *cn = s->configs[cf].name->text, *wl = s->workloads[w].display;
            csv_row(b, "job", wl, c->cls[w], cn, "digest");
            gs_study_put(b, "%s,\n", c->digest[k]);
            for (m = 0; m < s->n_metrics; m++) {
                csv_row(b, "job", wl, c->cls[w], cn, s->metrics[m].name->text);
                put_fixed(b, c->value[k * s->n_metrics + m], 6);
                gs_study_put(b, ",");
                put_fixed(b, c->norm[k * s->n_metrics + m], 6);
                gs_study_put(b, "\n");
            }
        }
        for (d = 0; d < s->n_derived; d++) {
            csv_row(b, "derived", s->workloads[w].display, c->cls[w], "",
                    s->derived[d].name->text);
            put_fixed(b, c->derived[w * s->n_derived + d], 6);
            gs_study_put(b, ",\n");
        }
        for (d = 0; d < s->n_best; d++) {
            uint64_t v;
            uint32_t k;
            int win;
            char name[GS_STUDY_ID_MAX + 24];
            if (s->best[d].per_kernel) {
                for (k = 0; k < c->pk_count[w]; k++) {
                    win = best_of_kernel(c, d, w, k, &v);
                    gs_fmt(name, sizeof name, "%s/kernel%u", s->best[d].name->text,
                           (unsigned)(k + 1u));
                    csv_row(b, "best", s->workloads[w].display, c->cls[w],
                            win < 0 ? "" : s->configs[win].name->text, name);
                    put_fixed(b, v, 6);
                    gs_study_put(b, ",\n");
                }
                continue;
            }
            win = best_of(c, d, w, &v);
            csv_row(b, "best", s->workloads[w].display, c->cls[w],
                    win < 0 ? "" : s->configs[win].name->text, s->best[d].name->text);
            put_fixed(b, v, 6);
            gs_study_put(b, ",\n");
        }
    }
}

static void csv_means(const collection *c, gs_study_buf *b)
{
    const gs_study *s = c->s;
    uint32_t kind, g, cf, m, d, W = s->n_workloads;
    for (m = 0; m < s->n_metrics; m++)
        for (kind = 1; kind <= 4u; kind <<= 1)
            for (g = 0; (s->means & kind) && g < c->n_groups; g++)
                for (cf = 0; cf < s->n_configs; cf++) {
                    csv_row(b, mean_name(kind), "", g ? c->groups[g] : "all",
                            s->configs[cf].name->text, s->metrics[m].name->text);
                    gs_study_put(b, ",");
                    put_fixed(b, group_mean(c, kind, g, &c->norm[cf * W * s->n_metrics + m],
                                            s->n_metrics), 6);
                    gs_study_put(b, "\n");
                }
    for (d = 0; d < s->n_derived; d++)
        for (kind = 1; kind <= 4u; kind <<= 1)
            for (g = 0; (s->means & kind) && g < c->n_groups; g++) {
                csv_row(b, mean_name(kind), "", g ? c->groups[g] : "all", "",
                        s->derived[d].name->text);
                put_fixed(b, group_mean(c, kind, g, &c->derived[d], s->n_derived), 6);
                gs_study_put(b, ",\n");
            }
}

/* ---- markdown ---- */

static void md_metric(const collection *c, gs_study_buf *b, uint32_t m)
{
    const gs_study *s = c->s;
    const gs_study_metric *mt = &s->metrics[m];
    uint32_t w, cf, kind, g, W = s->n_workloads;
    gs_study_put(b, "\n## %s = %s%s%s, normalised to %s\n\n| workload | class | %s value |",
                 mt->name->text, mt->stat_a, mt->stat_b ? " / " : "",
                 mt->stat_b ? mt->stat_b : "", s->configs[s->baseline].name->text,
                 s->configs[s->baseline].name->text);
    for (cf = 0; cf < s->n_configs; cf++)
        gs_study_put(b, " %s |", s->configs[cf].name->text);
    gs_study_put(b, "\n|---|---|---:|");
    for (cf = 0; cf < s->n_configs; cf++)
        gs_study_put(b, "---:|");
    for (w = 0; w < W; w++) {
        gs_study_put(b, "\n| %s | %s | ", s->workloads[w].display, c->cls[w] ? c->cls[w] : "");
        put_fixed(b, c->value[(s->baseline * W + w) * s->n_metrics + m], 3);
        gs_study_put(b, " |");
        for (cf = 0; cf < s->n_configs; cf++) {
            gs_study_put(b, " ");
            put_fixed(b, c->norm[(cf * W + w) * s->n_metrics + m], 3);
            gs_study_put(b, " |");
        }
    }
    for (kind = 1; kind <= 4u; kind <<= 1)
        for (g = 0; (s->means & kind) && g < c->n_groups; g++) {
            gs_study_put(b, "\n| **%s** | %s | |", mean_name(kind), g ? c->groups[g] : "all");
            for (cf = 0; cf < s->n_configs; cf++) {
                gs_study_put(b, " ");
                put_fixed(b, group_mean(c, kind, g, &c->norm[cf * W * s->n_metrics + m],
                                        s->n_metrics), 3);
                gs_study_put(b, " |");
            }
        }
    gs_study_put(b, "\n");
}

static void md_derived(const collection *c, gs_study_buf *b)
{
    const gs_study *s = c->s;
    uint32_t w, d, kind, g;
    if (s->n_derived == 0)
        return;
    gs_study_put(b, "\n## derived metrics\n\n");
    for (d = 0; d < s->n_derived; d++)
        gs_study_put(b, "- %s: speedup of %s over %s, %s(%s) / %s(%s)\n",
                     s->derived[d].name->text, s->configs[s->derived[d].config_a].name->text,
                     s->configs[s->derived[d].config_b].name->text, s->derived[d].stat,
                     s->configs[s->derived[d].config_b].name->text, s->derived[d].stat,
                     s->configs[s->derived[d].config_a].name->text);
    gs_study_put(b, "\n| workload | class |");
    for (d = 0; d < s->n_derived; d++)
        gs_study_put(b, " %s |", s->derived[d].name->text);
    gs_study_put(b, "\n|---|---|");
    for (d = 0; d < s->n_derived; d++)
        gs_study_put(b, "---:|");
    for (w = 0; w < s->n_workloads + 3u * c->n_groups; w++) {
        int mean_row = w >= s->n_workloads;
        uint32_t kind_i = mean_row ? (w - s->n_workloads) / c->n_groups : 0;
        g = mean_row ? (w - s->n_workloads) % c->n_groups : 0;
        kind = 1u << kind_i;
        if (mean_row && !(s->means & kind))
            continue;
        if (mean_row)
            gs_study_put(b, "\n| **%s** | %s |", mean_name(kind), g ? c->groups[g] : "all");
        else
            gs_study_put(b, "\n| %s | %s |", s->workloads[w].display,
                         c->cls[w] ? c->cls[w] : "");
        for (d = 0; d < s->n_derived; d++) {
            gs_study_put(b, " ");
            put_fixed(b, mean_row ? group_mean(c, kind, g, &c->derived[d], s->n_derived)
                                  : c->derived[w * s->n_derived + d], 3);
            gs_study_put(b, " |");
        }
    }
    gs_study_put(b, "\n");
}

static void md_best_kernels(const collection *c, gs_study_buf *b, uint32_t d)
{
    const gs_study *s = c->s;
    const gs_study_best *bs = &s->best[d];
    uint32_t w, k;
    gs_study_put(b, "\n## %s = %s %s over %s per kernel\n\n| workload | class | kernel | best "
                 "| %s |\n|---|---|---|---|---:|", bs->name->text, bs->is_max ? "max" : "min",
                 s->metrics[bs->metric].name->text, bs->family,
                 s->metrics[bs->metric].name->text);
    for (w = 0; w < s->n_workloads; w++)
        for (k = 0; k < c->pk_count[w]; k++) {
            uint64_t v;
            int cf = best_of_kernel(c, d, w, k, &v);
            gs_study_put(b, "\n| %s | %s | %u %s | %s | ", s->workloads[w].display,
                         c->cls[w] ? c->cls[w] : "", (unsigned)(k + 1u),
                         c->pk_name[w * MAXK + k], cf < 0 ? "n/a" : s->configs[cf].name->text);
            put_fixed(b, v, 3);
            gs_study_put(b, " |");
        }
    gs_study_put(b, "\n");
}

static void md_best(const collection *c, gs_study_buf *b)
{
    const gs_study *s = c->s;
    uint32_t w, d;
    for (d = 0; d < s->n_best; d++) {
        const gs_study_best *bs = &s->best[d];
        if (bs->per_kernel) {
            md_best_kernels(c, b, d);
            continue;
        }
        gs_study_put(b, "\n## %s = %s %s over %s\n\n| workload | class | best | %s |\n"
                     "|---|---|---|---:|", bs->name->text, bs->is_max ? "max" : "min",
                     s->metrics[bs->metric].name->text, bs->family,
                     s->metrics[bs->metric].name->text);
        for (w = 0; w < s->n_workloads; w++) {
            uint64_t v;
            int cf = best_of(c, d, w, &v);
            gs_study_put(b, "\n| %s | %s | %s | ", s->workloads[w].display,
                         c->cls[w] ? c->cls[w] : "", cf < 0 ? "n/a" : s->configs[cf].name->text);
            put_fixed(b, v, 3);
            gs_study_put(b, " |");
        }
        gs_study_put(b, "\n");
    }
}

static void markdown(const collection *c, gs_study_buf *b)
{
    const gs_study *s = c->s;
    uint32_t m;
    gs_study_put(b, "# Study %s\n\n%u jobs: %u configurations x %u workloads. Each metric is "
                 "normalised to `%s` on the same workload (the value column is %s's own); "
                 "means are over the normalised values, overall and per class.\n", s->name,
                 (unsigned)gs_study_job_count(s), (unsigned)s->n_configs,
                 (unsigned)s->n_workloads, s->configs[s->baseline].name->text,
                 s->configs[s->baseline].name->text);
    for (m = 0; m < s->n_metrics; m++)
        md_metric(c, b, m);
    md_derived(c, b);
    md_best(c, b);
}

/* ---- the whole collection ---- */

static int alloc_collection(collection *c, const gs_study *s)
{
    uint32_t n = gs_study_job_count(s);
    memset(c, 0, sizeof *c);
    c->s = s;
    c->digest = (char (*)[20])gs_cli_alloc((size_t)n * 20u);
    c->value = (uint64_t *)gs_cli_alloc((size_t)n * (s->n_metrics + 1u) * 8u);
    c->norm = (uint64_t *)gs_cli_alloc((size_t)n * (s->n_metrics + 1u) * 8u);
    c->dstat = (uint64_t *)gs_cli_alloc((size_t)n * (s->n_derived + 1u) * 16u);
    c->derived = (uint64_t *)gs_cli_alloc((size_t)s->n_workloads * (s->n_derived + 1u) * 8u);
    c->cls = (const char **)gs_cli_alloc((size_t)s->n_workloads * sizeof *c->cls);
    c->groups = (const char **)gs_cli_alloc(((size_t)s->n_workloads + 1u) * sizeof *c->groups);
    c->n_groups = 1;
    c->pk = (uint64_t *)gs_cli_alloc(((size_t)s->n_best * n + 1u) * MAXK * 8u);
    c->pk_name = (char (*)[64])gs_cli_alloc((size_t)s->n_workloads * MAXK * 64u);
    c->pk_count = (uint32_t *)gs_cli_alloc((size_t)s->n_workloads * sizeof *c->pk_count);
    if (c->pk_name)
        memset(c->pk_name, 0, (size_t)s->n_workloads * MAXK * 64u);
    if (c->pk_count)
        memset(c->pk_count, 0, (size_t)s->n_workloads * sizeof *c->pk_count);
    if (c->pk) {
        size_t i, cells = ((size_t)s->n_best * n + 1u) * MAXK;
        for (i = 0; i < cells; i++)
            c->pk[i] = NA;
    }
    return c->digest && c->value && c->norm && c->dstat && c->derived && c->cls && c->groups &&
           c->pk && c->pk_name && c->pk_count;
}

static void free_collection(collection *c)
{
    gs_cli_free(c->digest);
    gs_cli_free(c->value);
    gs_cli_free(c->norm);
    gs_cli_free(c->dstat);
    gs_cli_free(c->derived);
    gs_cli_free((void *)c->cls);
    gs_cli_free((void *)c->groups);
    gs_cli_free(c->pk);
    gs_cli_free(c->pk_name);
    gs_cli_free(c->pk_count);
}

int gs_study_collect(const gs_study *s, const char *dir, char **csv, char **md)
{
    collection c;
    gs_study_buf b1, b2;
    uint32_t n = gs_study_job_count(s);
    int rc;
    *csv = *md = NULL;
    b1.used = b2.used = 0;
    b1.capacity = 4096u + (size_t)n * (s->n_metrics + 1u) * 512u +
                  (size_t)(s->n_workloads + 1u) * (s->n_derived + 1u) * 16u * 512u +
                  (size_t)s->n_workloads * (s->n_best + 1u) * MAXK * 512u;
    b2.capacity = b1.capacity;
    b1.text = (char *)gs_cli_alloc(b1.capacity);
    b2.text = (char *)gs_cli_alloc(b2.capacity);
    if (!alloc_collection(&c, s) || !b1.text || !b2.text)
        rc = gs_cli_usage_error("out of memory");
    else
        rc = read_all(&c, dir);
    if (!rc) {
        compute(&c);
        gs_study_put(&b1, "row,workload,class,config,metric,value,normalised\n");
        csv_jobs(&c, &b1);
        csv_means(&c, &b1);
        markdown(&c, &b2);
        *csv = b1.text;
        *md = b2.text;
    } else {
        gs_cli_free(b1.text);
        gs_cli_free(b2.text);
    }
    free_collection(&c);
    return rc;
}

/* ---- --check: the collected CSV against a golden one ---- */

/* Line `line` of text (0-based, without its newline) into out. */
static int nth_line(const char *text, uint32_t line, const char **start, size_t *length)
{
    for (; line > 0 && text; line--)
        text = (text = strchr(text, '\n')) ? text + 1 : NULL;
    if (!text || !*text)
        return 0;
    *start = text;
    *length = strcspn(text, "\n");
    return 1;
}

/* Length of the key (the first five fields, quotes respected). */
static size_t key_length(const char *line, size_t length)
{
    size_t i, commas = 0;
    int quoted = 0;
    for (i = 0; i < length; i++) {
        if (line[i] == '"')
            quoted = !quoted;
        else if (line[i] == ',' && !quoted && ++commas == 5u)
            return i;
    }
    return length;
}

/* The line of text whose key equals key, or NULL. */
static const char *find_key(const char *text, const char *key, size_t klen, size_t *length)
{
    const char *line;
    uint32_t i;
    for (i = 1; nth_line(text, i, &line, length); i++)
        if (key_length(line, *length) == klen && memcmp(line, key, klen) == 0)
            return line;
    return NULL;
}

static void report_difference(const char *key, size_t klen, const char *old, size_t olen,
                              const char *fresh, size_t flen)
{
    printf("%.*s: old %.*s, new %.*s\n", (int)klen, key,
           old ? (int)(olen - klen - 1u) : 9, old ? old + klen + 1 : "(no row)",
           fresh ? (int)(flen - klen - 1u) : 8, fresh ? fresh + klen + 1 : "(no row)");
}

/* Rows of a that differ from (or are absent in) b; from_golden says which side a is. */
static uint32_t differences(const char *a, const char *b, int from_golden)
{
    const char *line, *other;
    size_t length, olen;
    uint32_t i, count = 0;
    for (i = 1; nth_line(a, i, &line, &length); i++) {
        size_t klen = key_length(line, length);
        if (klen == length)
            continue;
        other = find_key(b, line, klen, &olen);
        if (other && olen == length && memcmp(other, line, length) == 0)
            continue;
        if (other && !from_golden)
            continue;   /* a changed row is reported once, from the golden side */
        count++;
        if (from_golden)
            report_difference(line, klen, line, length, other, olen);
        else
            report_difference(line, klen, NULL, 0, line, length);
    }
    return count;
}

int gs_study_compare(const char *golden_name, const char *golden, const char *fresh)
{
    uint32_t n = differences(golden, fresh, 1) + differences(fresh, golden, 0);
    if (n) {
        printf("check: %u differences from %s (rows: row,workload,class,config,metric: "
               "old value,normalised; new value,normalised)\n", (unsigned)n, golden_name);
        return 1;
    }
    printf("check: matches %s\n", golden_name);
    return 0;
}
