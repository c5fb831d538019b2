/*
 * The study file parser (README "Running studies", DESIGN.md section 12).
 *
 * A study file is plain text, one statement per line, words separated by
 * blanks, `#` starting a comment:
 *
 *   study NAME
 *   config NAME SOURCE... [-option value]...      SOURCE: a preset or a config file
 *   workload SPEC [sizes=S1,S2] [class=CLASS] [max_insn=N]
 *                                                 SPEC: NAME[:SIZE], FILE, trace:DIR
 *   metric NAME = STAT [/ STAT]
 *   baseline CONFIG
 *   mean hmean|gmean|amean...
 *   derive NAME = speedup CONFIG_A over CONFIG_B [on STAT]
 *   class CLASS when NAME >=|>|<=|< NUMBER[%] [on CONFIG]
 *   multi NAME = WORKLOAD + WORKLOAD [+ ...] [on CONFIG]
 *
 * It is checked like a configuration file (DESIGN.md section 8): every
 * configuration is loaded, every workload looked up, every name resolved,
 * and the first bad word is reported as `file:line:col: error: ...` with
 * exit status 2. Paths are relative to the study file's folder (the rule of
 * -inter_config_file). Decisions: the baseline defaults to the first
 * configuration; a workload without class= is in no class (it counts in
 * the overall means only); computed classes (`class ... when`) are tried
 * in file order and the first that holds overrides class=.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_config.h"
#include "cli/cli_study.h"
#include "presets.h"
#include "workloads.h"

typedef struct line_words {
    gs_study_token *w;
    uint32_t n;
} line_words;

static int fail(const gs_study *s, const gs_study_token *at, const char *format, ...)
    GS_PRINTF_LIKE(3, 4);

static int fail(const gs_study *s, const gs_study_token *at, const char *format, ...)
{
    char message[GS_DIAG_MSG_MAX];
    gs_diag diag;
    va_list args;
    va_start(args, format);
    gs_vfmt(message, sizeof message, format, args);
    va_end(args);
    gs_diag_set(&diag, GS_E_CONFIG, s->path, at->line, at->column, "%s", message);
    return gs_cli_report(&diag);
}

void gs_study_resolve(const gs_study *study, const char *name, char *out, size_t capacity)
{
    const char *slash = strrchr(study->path, '/');
    size_t dir = slash ? (size_t)(slash - study->path) + 1u : 0u;
    if (name[0] == '/' || dir + 1u >= capacity) {
        gs_str_copy(out, capacity, name);
        return;
    }
    memcpy(out, study->path, dir);
    gs_str_copy(out + dir, capacity - dir, name);
}

static int name_ok(const char *t)
{
    if (!*t)
        return 0;
    for (; *t; t++)
        if (!((*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') || (*t >= '0' && *t <= '9')
              || *t == '_' || *t == '-'))
            return 0;
    return 1;
}

static int file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* ---- tokens ---- */

static int tokenize(gs_study *s)
{
    uint32_t line = 1, column = 1;
    char *p = s->text;
    int comment = 0;
    for (; *p; p++, column++) {
        if (*p == '\n') {
            *p = '\0';
            line++;
            column = 0;
            comment = 0;
        } else if (*p == ' ' || *p == '\t' || *p == '\r') {
            *p = '\0';
        } else if (*p == '#' && (p == s->text || p[-1] == '\0')) {
            comment = 1;
        }
        if (comment || *p == '\0' || (p > s->text && p[-1] != '\0'))
            continue;
        if (s->n_tokens == GS_STUDY_MAX_TOKENS) {
            gs_study_token at;
            at.line = line;
            at.column = column;
            return fail(s, &at, "more than %u words in a study", GS_STUDY_MAX_TOKENS);
        }
        s->tokens[s->n_tokens].text = p;
        s->tokens[s->n_tokens].line = line;
        s->tokens[s->n_tokens].column = column;
        s->n_tokens++;
    }
    return 0;
}

/* The words of the line starting at token *next. */
static line_words next_line(gs_study *s, uint32_t *next)
{
    line_words lw;
    uint32_t i = *next;
    lw.w = &s->tokens[i];
    while (i < s->n_tokens && s->tokens[i].line == lw.w->line)
        i++;
    lw.n = i - *next;
    *next = i;
    return lw;
}

static int find_config(const gs_study *s, const char *name)
{
    uint32_t i;
    for (i = 0; i < s->n_configs; i++)
        if (strcmp(s->configs[i].name->text, name) == 0)
            return (int)i;
    return -1;
}

static int need_config(const gs_study *s, const gs_study_token *t, uint32_t *out)
{
    int c = find_config(s, t->text);
    if (c < 0)
        return fail(s, t, "unknown configuration '%s' (declare it with a config line first)",
                    t->text);
    *out = (uint32_t)c;
    return 0;
}

/* ---- configurations ---- */

const char *gs_study_swept_value(const gs_study *s, uint32_t c)
{
    const gs_study_config *sc = &s->configs[c];
    return sc->family ? sc->name->text + strlen(sc->family) + 1u : "";
}

/* The value word i of configuration sc takes: its text, or its link's value. */
static const char *word_value(const gs_study_config *sc, uint32_t i,
                              const gs_study_link_values *links)
{
    uint32_t k;
    for (k = 0; links && k < sc->n_links; k++)
        if (sc->link_word[k] == i)
            return (*links)[k];
    return sc->words[i].text;
}

int gs_study_load_config(const gs_study *s, uint32_t c, const gs_study_link_values *links,
                         gs_config *cfg)
{
    const gs_study_config *sc = &s->configs[c];
    char path[GS_STUDY_PATH_MAX];
    uint32_t i;
    gs_diag diag;
    gs_config_defaults(cfg);
    for (i = 0; i < sc->n_sources; i++) {
        const gs_study_token *t = &sc->words[i];
        int rc;
        gs_study_resolve(s, t->text, path, sizeof path);
        if (!gs_preset_find(t->text) && !file_exists(path))
            return fail(s, t, "'%s' is neither a preset (%s) nor a readable file", t->text,
                        gs_cli_preset_names());
        if ((rc = gs_cli_config_load_one(cfg, gs_preset_find(t->text) ? t->text : path)))
            return rc;
    }
    for (i = sc->n_sources; i + 1u < sc->n_words; i += 2u) {
        const gs_study_token *o = &sc->words[i], *v = &sc->words[i + 1u];
        if (gs_config_set_arg(cfg, o->text, word_value(sc, i + 1u, links), o->column,
                              v->column, &diag) != GS_OK) {
            /* the loader names `<command line>`: point at the study line instead */
            gs_diag_set(&diag, GS_E_CONFIG, s->path, o->line,
                        diag.column ? diag.column : o->column, "%s", diag.message);
            return gs_cli_report(&diag);
        }
    }
    if (gs_config_finish(cfg, &diag) != GS_OK)
        return fail(s, sc->name, "configuration '%s': %s", sc->name->text, diag.message);
    return 0;
}

/* The words after the name: sources, then -option value pairs. */
static int check_config_words(gs_study *s, gs_study_config *sc)
{
    uint32_t i;
    for (i = 0; i < sc->n_words && sc->words[i].text[0] != '-'; i++)
        sc->n_sources++;
    if (sc->n_sources == 0)
        return fail(s, &sc->words[0], "config '%s' names no preset or file before its options",
                    sc->name->text);
    for (i = sc->n_sources; i < sc->n_words; i += 2u) {
        if (sc->words[i].text[0] != '-')
            return fail(s, &sc->words[i], "expected an -option, found '%s' (sources come "
                        "before options)", sc->words[i].text);
        if (i + 1u == sc->n_words)
            return fail(s, &sc->words[i], "option %s needs a value", sc->words[i].text);
    }
    return 0;
}

/* A linked configuration must load with every value each best can take:
 * each link through its sweep's values, the others at their first. */
static int check_linked(const gs_study *s, uint32_t c, gs_config *cfg)
{
    const gs_study_config *sc = &s->configs[c];
    gs_study_link_values values;
    uint32_t k, j, f;
    int rc;
    for (k = 0; k < sc->n_links; k++) {
        for (f = 0; f < s->n_configs; f++)
            if (s->configs[f].family &&
                strcmp(s->configs[f].family, s->best[sc->link_best[k]].family) == 0)
                break;
        gs_str_copy(values[k], sizeof values[k], gs_study_swept_value(s, f));
    }
    for (k = 0; k < sc->n_links; k++)
        for (j = 0; j < s->n_configs; j++) {
            if (!s->configs[j].family ||
                strcmp(s->configs[j].family, s->best[sc->link_best[k]].family) != 0)
                continue;
            gs_str_copy(values[k], sizeof values[k], gs_study_swept_value(s, j));
            if ((rc = gs_study_load_config(s, c, (const gs_study_link_values *)&values, cfg)))
                return rc;
        }
    return 0;
}

/* `-option best:NAME` values: the best must be declared before (so its
 * sweep's configurations come first and a sequential --run has their
 * results) and name one winner per workload. */
static int find_links(gs_study *s, gs_study_config *sc)
{
    uint32_t i, b;
    for (i = sc->n_sources + 1u; i < sc->n_words; i += 2u) {
        const gs_study_token *v = &sc->words[i];
        if (strncmp(v->text, "best:", 5) != 0)
            continue;
        for (b = 0; b < s->n_best; b++)
            if (strcmp(s->best[b].name->text, v->text + 5) == 0)
                break;
        if (b == s->n_best)
            return fail(s, v, "'%s': no best line named '%s' before this config (best NAME = "
                        "max|min METRIC over SWEEP)", v->text, v->text + 5);
        if (s->best[b].per_kernel)
            return fail(s, v, "'%s': best '%s' is per kernel; a configuration takes one value "
                        "per workload", v->text, v->text + 5);
        if (sc->n_links == GS_STUDY_MAX_LINKS)
            return fail(s, v, "more than %u best:NAME values in one config",
                        GS_STUDY_MAX_LINKS);
        sc->link_word[sc->n_links] = i;
        sc->link_best[sc->n_links++] = b;
    }
    return 0;
}

/* Declare configuration sc (its name and words set) and check it now. */
static int add_config(gs_study *s, gs_study_config *sc)
{
    gs_config *cfg;
    int rc;
    if (find_config(s, sc->name->text) >= 0)
        return fail(s, sc->name, "configuration '%s' is declared twice", sc->name->text);
    if (s->n_configs == GS_STUDY_MAX_CONFIGS)
        return fail(s, sc->name, "more than %u configurations", GS_STUDY_MAX_CONFIGS);
    s->configs[s->n_configs++] = *sc;
    if ((cfg = (gs_config *)gs_cli_alloc(sizeof *cfg)) == NULL)
        return gs_cli_usage_error("out of memory");
    rc = sc->n_links ? check_linked(s, s->n_configs - 1u, cfg)
                     : gs_study_load_config(s, s->n_configs - 1u, NULL, cfg);   /* before cycle 0 */
    gs_cli_free(cfg);
    return rc;
}

/* A sweep's values: `{A..B}` (decimal integers, counting up or down) or
 * `{v1,v2,...}`; writes each into values (NUL-separated) and returns how many,
 * or 0 after reporting the error. */
#define SWEEP_MAX GS_STUDY_MAX_CONFIGS
static uint32_t sweep_values(gs_study *s, const gs_study_token *t, const char *open,
                             const char *close, char (*values)[GS_STUDY_ID_MAX])
{
    const char *p = open + 1, *dots = strstr(open, "..");
    uint32_t n = 0;
    if (dots && dots < close) {
        unsigned long a = 0, b = 0, v;
        const char *q;
        for (q = p; q < dots && *q >= '0' && *q <= '9' && a < 1000000ul; q++)
            a = a * 10u + (unsigned long)(*q - '0');
        if (a >= 1000000ul)
            return fail(s, t, "sweep '%s': values go up to 999999", t->text), 0;
        if (q != dots || q == p)
            return fail(s, t, "sweep '%s': expected {FROM..TO} with decimal integers", t->text),
                   0;
        for (q = dots + 2; q < close && *q >= '0' && *q <= '9' && b < 1000000ul; q++)
            b = b * 10u + (unsigned long)(*q - '0');
        if (b >= 1000000ul)
            return fail(s, t, "sweep '%s': values go up to 999999", t->text), 0;
        if (q != close || q == dots + 2)
            return fail(s, t, "sweep '%s': expected {FROM..TO} with decimal integers", t->text),
                   0;
        if ((a > b ? a - b : b - a) + 1u > SWEEP_MAX)
            return fail(s, t, "sweep '%s' has more than %u values", t->text, SWEEP_MAX), 0;
        for (v = a;; v = a > b ? v - 1u : v + 1u) {
            gs_fmt(values[n++], GS_STUDY_ID_MAX, "%lu", v);
            if (v == b)
                break;
        }
        return n;
    }
    while (p <= close) {
        const char *end = p;
        while (end < close && *end != ',')
            end++;
        if (end == p)
            return fail(s, t, "sweep '%s': an empty value in {...}", t->text), 0;
        if (n == SWEEP_MAX)
            return fail(s, t, "sweep '%s' has more than %u values", t->text, SWEEP_MAX), 0;
        if ((size_t)(end - p) >= GS_STUDY_ID_MAX)
            return fail(s, t, "sweep '%s': a value is too long", t->text), 0;
        memcpy(values[n], p, (size_t)(end - p));
        values[n++][end - p] = '\0';
        p = end + 1;
    }
    return n;
}

/* config NAME SOURCE... -option PRE{A..B}POST ...: one configuration
 * NAME-V per value V, in order, the option's value PRE V POST (README
 * "Running studies": sweeps). One sweep a line. */
static int parse_sweep(gs_study *s, line_words lw, uint32_t at)
{
    const gs_study_token *t = &lw.w[at];
    const char *open = strchr(t->text, '{'), *close = strchr(t->text, '}');
    char values[SWEEP_MAX][GS_STUDY_ID_MAX];
    uint32_t n, i, k;
    if (!close || close < open || strchr(open + 1, '{') || strchr(close + 1, '}'))
        return fail(s, t, "sweep '%s': one {...} group a value", t->text);
    if (lw.n - 2u > GS_STUDY_MAX_LINE_TOKENS)
        return fail(s, &lw.w[0], "a swept config line has more than %u words",
                    GS_STUDY_MAX_LINE_TOKENS);
    if ((n = sweep_values(s, t, open, close, values)) == 0)
        return 2;
    for (k = 0; k < n; k++) {
        gs_study_swept *sw = &s->swept[s->n_configs < GS_STUDY_MAX_CONFIGS ? s->n_configs : 0];
        gs_study_config sc;
        int rc;
        if (s->n_configs == GS_STUDY_MAX_CONFIGS)
            return fail(s, &lw.w[1], "more than %u configurations (with the sweep's %u)",
                        GS_STUDY_MAX_CONFIGS, (unsigned)n);
        if (strlen(lw.w[1].text) + 1u + strlen(values[k]) >= sizeof sw->name_text)
            return fail(s, &lw.w[1], "sweep '%s': the configuration name %s-%s is longer than "
                        "%u characters", t->text, lw.w[1].text, values[k],
                        (unsigned)sizeof sw->name_text - 1u);
        gs_fmt(sw->name_text, sizeof sw->name_text, "%s-%s", lw.w[1].text, values[k]);
        if (!name_ok(sw->name_text))
            return fail(s, t, "sweep value '%s' would name configuration '%s': values are "
                        "letters, digits, '_' and '-'", values[k], sw->name_text);
        if ((size_t)(open - t->text) + strlen(values[k]) + strlen(close + 1) >=
            sizeof sw->value_text)
            return fail(s, t, "sweep '%s': a value is too long", t->text);
        memcpy(sw->value_text, t->text, (size_t)(open - t->text));   /* gs_fmt has no %.*s */
        gs_fmt(sw->value_text + (open - t->text), sizeof sw->value_text - (size_t)(open - t->text),
               "%s%s", values[k], close + 1);
        sw->name = lw.w[1];
        sw->name.text = sw->name_text;
        for (i = 2; i < lw.n; i++)
            sw->words[i - 2u] = lw.w[i];
        sw->words[at - 2u].text = sw->value_text;
        memset(&sc, 0, sizeof sc);
        sc.name = &sw->name;
        sc.words = sw->words;
        sc.n_words = lw.n - 2u;
        sc.family = lw.w[1].text;
        if ((rc = check_config_words(s, &sc)) || (rc = add_config(s, &sc)))
            return rc;
    }
    return 0;
}

static int parse_config(gs_study *s, line_words lw)
{
    gs_study_config sc;
    uint32_t i;
    int rc;
    if (lw.n < 3)
        return fail(s, &lw.w[0], "config needs a name and at least one preset or file");
    if (!name_ok(lw.w[1].text))
        return fail(s, &lw.w[1], "configuration name '%s': use letters, digits, '_' and '-'",
                    lw.w[1].text);
    memset(&sc, 0, sizeof sc);
    sc.name = &lw.w[1];
    sc.words = &lw.w[2];
    sc.n_words = lw.n - 2u;
    if ((rc = check_config_words(s, &sc)) != 0 || (rc = find_links(s, &sc)) != 0)
        return rc;
    for (i = 2u + sc.n_sources + 1u; i < lw.n; i += 2u)
        if (strchr(lw.w[i].text, '{')) {
            if (sc.n_links)
                return fail(s, &lw.w[i], "a sweep cannot take best:NAME values (a best "
                            "names one winner per workload, not a range)");
            return parse_sweep(s, lw, i);
        }
    return add_config(s, &sc);
}

/* ---- workloads ---- */

static void make_id(gs_study_workload *w)
{
    const char *p = w->display;
    size_t i;
    for (i = 0; p[i] && i + 1u < sizeof w->id; i++)
        w->id[i] = (char)(name_ok((char[2]){ p[i], 0 }) ? p[i] : '-');
    w->id[i] = '\0';
}

static int check_workload(gs_study *s, gs_study_workload *w)
{
    char path[GS_STUDY_PATH_MAX];
    const struct gs_embedded_workload *found;
    gs_diag diag;
    uint32_t i;
    const char *spec = w->spec->text;
    if (w->kind == GS_STUDY_WL_TRACE) {
        char list[GS_STUDY_PATH_MAX + 16];
        gs_study_resolve(s, spec + 6, path, sizeof path);
        gs_fmt(list, sizeof list, "%s/kernelslist.g", path);
        if (!file_exists(list) && !file_exists(path))
            return fail(s, w->spec, "trace set '%s': no kernelslist.g there", spec + 6);
    } else if (w->kind == GS_STUDY_WL_FILE) {
        gs_study_resolve(s, spec, path, sizeof path);
        if (!file_exists(path))
            return fail(s, w->spec, "workload file '%s' cannot be read", spec);
    } else if (gs_cli_workload_lookup(w->display, &found, &diag) != GS_OK ||
               (!found && gs_cli_workload_not_found(w->display, &diag) != GS_OK)) {
        return fail(s, w->spec, "%s", diag.message);
    }
    make_id(w);
    for (i = 0; i < s->n_workloads; i++)
        if (strcmp(s->workloads[i].id, w->id) == 0)
            return fail(s, w->spec, "workload '%s' has the same id '%s' as line %u's",
                        w->display, w->id, (unsigned)s->workloads[i].spec->line);
    return 0;
}

/* An embedded example workload (one size only, looked up by its bare name):
 * --size leaves it as it is, as it does files and traces. */
static int is_example(const char *name)
{
    const gs_embedded_workload *found = NULL;
    gs_diag diag;
    return gs_cli_workload_lookup(name, &found, &diag) == GS_OK && found != NULL &&
           found->size[0] == '\0';   /* a suite name comes first, as on the command line */
}

/* One workload per size (or one without sizes=). */
static int add_workload(gs_study *s, const gs_study_token *spec, const char *size,
                        size_t size_len, const char *cls, uint64_t max_insn)
{
    gs_study_workload *w = &s->workloads[s->n_workloads];
    if (s->n_workloads == GS_STUDY_MAX_WORKLOADS)
        return fail(s, spec, "more than %u workloads (sizes expanded)", GS_STUDY_MAX_WORKLOADS);
    memset(w, 0, sizeof *w);
    w->spec = spec;
    w->cls = cls;
    w->max_insn = max_insn;
    w->kind = strncmp(spec->text, "trace:", 6) == 0 ? GS_STUDY_WL_TRACE
            : gs_cli_workload_is_path(spec->text) ? GS_STUDY_WL_FILE : GS_STUDY_WL_EMBEDDED;
    if (!size && s->default_size && w->kind == GS_STUDY_WL_EMBEDDED &&
        !strchr(spec->text, ':') && !is_example(spec->text)) {   /* --size: the size the line
                                                                  * does not name */
        size = s->default_size;
        size_len = strlen(size);
    }
    if (size && w->kind != GS_STUDY_WL_EMBEDDED)
        return fail(s, spec, "sizes= applies to embedded suite workloads, not '%s'", spec->text);
    if (size && strchr(spec->text, ':'))
        return fail(s, spec, "'%s' already names a size; drop sizes= or the ':SIZE'",
                    spec->text);
    gs_str_copy(w->display, sizeof w->display, spec->text);
    if (size) {   /* NAME:SIZE, the size cut from the sizes= list */
        size_t used = strlen(w->display);
        if (used + size_len + 2u > sizeof w->display)
            return fail(s, spec, "workload name too long");
        w->display[used++] = ':';
        memcpy(w->display + used, size, size_len);
        w->display[used + size_len] = '\0';
    }
    w->size = size;
    if (check_workload(s, w))
        return 2;
    s->n_workloads++;
    return 0;
}

static int parse_workload(gs_study *s, line_words lw)
{
    const char *sizes = NULL, *cls = NULL;
    uint64_t max_insn = 0;
    uint32_t i;
    if (lw.n < 2)
        return fail(s, &lw.w[0], "workload needs a NAME[:SIZE], a FILE or trace:DIR");
    for (i = 2; i < lw.n; i++) {
        const char *t = lw.w[i].text;
        if (strncmp(t, "sizes=", 6) == 0 && t[6])
            sizes = t + 6;
        else if (strncmp(t, "class=", 6) == 0 && name_ok(t + 6))
            cls = t + 6;
        else if (strncmp(t, "max_insn=", 9) == 0) {
            /* the run's -gpgpu_max_insn for this workload (seed 000 caps SYRK and
             * GESUMMV at 100 M thread instructions, section 4.1) */
            const char *d = t + 9;
            if (*d < '1' || *d > '9' || strspn(d, "0123456789") != strlen(d) || strlen(d) > 19)
                return fail(s, &lw.w[i], "max_insn= needs a whole number of thread "
                            "instructions from 1 to 10^19 - 1, found '%s'", d);
            for (max_insn = 0; *d; d++)
                max_insn = max_insn * 10u + (uint64_t)(*d - '0');
        } else
            return fail(s, &lw.w[i], "expected sizes=S1,S2, class=NAME or max_insn=N, "
                        "found '%s'", t);
    }
    if (!sizes)
        return add_workload(s, &lw.w[1], NULL, 0, cls, max_insn);
    while (*sizes) {
        size_t n = strcspn(sizes, ",");
        int rc = add_workload(s, &lw.w[1], sizes, n, cls, max_insn);
        if (rc)
            return rc;
        sizes += n + (sizes[n] == ',');
    }
    return 0;
}

/* ---- metrics, baseline, means, derived metrics, classes, multi ---- */

static int stat_name_ok(const char *t)
{
    return name_ok(t) && strchr(t, '-') == NULL;
}

static int find_metric(const gs_study *s, const char *name, int derived)
{
    uint32_t i, n = derived ? s->n_derived : s->n_metrics;
    for (i = 0; i < n; i++)
        if (strcmp(derived ? s->derived[i].name->text : s->metrics[i].name->text, name) == 0)
            return (int)i;
    return -1;
}

static int check_new_name(const gs_study *s, const gs_study_token *t, uint32_t count,
                          uint32_t max)
{
    if (!name_ok(t->text))
        return fail(s, t, "name '%s': use letters, digits, '_' and '-'", t->text);
    if (find_metric(s, t->text, 0) >= 0 || find_metric(s, t->text, 1) >= 0)
        return fail(s, t, "metric '%s' is declared twice", t->text);
    if (count == max)
        return fail(s, t, "more than %u of these", max);
    return 0;
}

static int parse_metric(gs_study *s, line_words lw)
{
    gs_study_metric *m = &s->metrics[s->n_metrics];
    if (lw.n != 4 && !(lw.n == 6 && strcmp(lw.w[4].text, "/") == 0))
        return fail(s, &lw.w[0], "expected: metric NAME = STAT [/ STAT]");
    if (check_new_name(s, &lw.w[1], s->n_metrics, GS_STUDY_MAX_METRICS))
        return 2;
    if (strcmp(lw.w[2].text, "=") != 0)
        return fail(s, &lw.w[2], "expected '=', found '%s'", lw.w[2].text);
    if (!stat_name_ok(lw.w[3].text))
        return fail(s, &lw.w[3], "'%s' is not a statistic name", lw.w[3].text);
    if (lw.n == 6 && !stat_name_ok(lw.w[5].text))
        return fail(s, &lw.w[5], "'%s' is not a statistic name", lw.w[5].text);
    m->name = &lw.w[1];
    m->stat_a = lw.w[3].text;
    m->stat_b = lw.n == 6 ? lw.w[5].text : NULL;
    s->n_metrics++;
    return 0;
}

static int parse_means(gs_study *s, line_words lw)
{
    uint32_t i;
    if (lw.n < 2)
        return fail(s, &lw.w[0], "mean needs hmean, gmean or amean");
    for (i = 1; i < lw.n; i++) {
        const char *t = lw.w[i].text;
        if (strcmp(t, "hmean") == 0)
            s->means |= GS_STUDY_HMEAN;
        else if (strcmp(t, "gmean") == 0)
            s->means |= GS_STUDY_GMEAN;
        else if (strcmp(t, "amean") == 0)
            s->means |= GS_STUDY_AMEAN;
        else
            return fail(s, &lw.w[i], "unknown mean '%s' (hmean, gmean or amean)", t);
    }
    return 0;
}

static int parse_derive(gs_study *s, line_words lw)
{
    gs_study_derived *d = &s->derived[s->n_derived];
    if (!(lw.n == 7 || lw.n == 9) || strcmp(lw.w[2].text, "=") != 0 ||
        strcmp(lw.w[3].text, "speedup") != 0 || strcmp(lw.w[5].text, "over") != 0 ||
        (lw.n == 9 && strcmp(lw.w[7].text, "on") != 0))
        return fail(s, &lw.w[0], "expected: derive NAME = speedup CONFIG_A over CONFIG_B "
                    "[on STAT]");
    if (check_new_name(s, &lw.w[1], s->n_derived, GS_STUDY_MAX_DERIVED) ||
        need_config(s, &lw.w[4], &d->config_a) || need_config(s, &lw.w[6], &d->config_b))
        return 2;
    if (lw.n == 9 && !stat_name_ok(lw.w[8].text))
        return fail(s, &lw.w[8], "'%s' is not a statistic name", lw.w[8].text);
    d->name = &lw.w[1];
    d->stat = lw.n == 9 ? lw.w[8].text : "gpu_sim_cycle";
    s->n_derived++;
    return 0;
}

/* best NAME = max|min METRIC over FAMILY (a sweep's name). */
static int parse_best(gs_study *s, line_words lw)
{
    gs_study_best *b = &s->best[s->n_best];
    uint32_t c, i;
    int m;
    int per_kernel = lw.n == 9 && strcmp(lw.w[7].text, "per") == 0 &&
                     strcmp(lw.w[8].text, "kernel") == 0;
    if ((lw.n != 7 && !per_kernel) || strcmp(lw.w[2].text, "=") != 0 ||
        strcmp(lw.w[5].text, "over") != 0 ||
        (strcmp(lw.w[3].text, "max") != 0 && strcmp(lw.w[3].text, "min") != 0))
        return fail(s, &lw.w[0], "expected: best NAME = max|min METRIC over SWEEP "
                    "[per kernel]");
    if (check_new_name(s, &lw.w[1], s->n_best, GS_STUDY_MAX_BEST))
        return 2;
    for (i = 0; i < s->n_best; i++)
        if (strcmp(s->best[i].name->text, lw.w[1].text) == 0)
            return fail(s, &lw.w[1], "best '%s' is declared twice", lw.w[1].text);
    if ((m = find_metric(s, lw.w[4].text, 0)) < 0)
        return fail(s, &lw.w[4], "unknown metric '%s' (declare it with a metric line first)",
                    lw.w[4].text);
    for (c = 0; c < s->n_configs; c++)
        if (s->configs[c].family && strcmp(s->configs[c].family, lw.w[6].text) == 0)
            break;
    if (c == s->n_configs)
        return fail(s, &lw.w[6], "'%s' is not a sweep (config %s ... -option {A..B})",
                    lw.w[6].text, lw.w[6].text);
    b->name = &lw.w[1];
    b->family = lw.w[6].text;
    b->metric = (uint32_t)m;
    b->is_max = lw.w[3].text[1] == 'a';
    b->per_kernel = per_kernel;
    s->n_best++;
    return 0;
}

/* "1.25", "20%", "0.1" -> fixed point with 6 decimals. */
static int parse_fixed(const char *t, uint64_t *out)
{
    uint64_t v = 0, unit = GS_STUDY_SCALE;
    int digits = 0, point = 0, percent = 0;
    for (; *t; t++) {
        if (*t == '.' && !point) {
            point = 1;
        } else if (*t >= '0' && *t <= '9' && v < 1000000000000ull) {
            if (point && unit == 1)
                return 0;   /* more than 6 decimals */
            if (point)
                unit /= 10u;
            v = v * 10u + (uint64_t)(*t - '0');
            digits++;
        } else if (*t == '%' && t[1] == '\0') {
            percent = 1;
        } else {
            return 0;
        }
    }
    if (!digits)
        return 0;
    *out = percent ? v * unit / 100u : v * unit;
    return !percent || (v * unit) % 100u == 0;
}

static int parse_rule(gs_study *s, line_words lw)
{
    static const char *const ops[] = { ">=", ">", "<=", "<" };
    gs_study_rule *r = &s->rules[s->n_rules];
    int index;
    if (!(lw.n == 6 || lw.n == 8) || strcmp(lw.w[2].text, "when") != 0 ||
        (lw.n == 8 && strcmp(lw.w[6].text, "on") != 0))
        return fail(s, &lw.w[0], "expected: class CLASS when NAME OP NUMBER [on CONFIG]");
    if (!name_ok(lw.w[1].text))
        return fail(s, &lw.w[1], "class name '%s': use letters, digits, '_' and '-'",
                    lw.w[1].text);
    if (s->n_rules == GS_STUDY_MAX_RULES)
        return fail(s, &lw.w[0], "more than %u computed classes", GS_STUDY_MAX_RULES);
    r->cls = &lw.w[1];
    r->derived = (index = find_metric(s, lw.w[3].text, 1)) >= 0;
    if (!r->derived && (index = find_metric(s, lw.w[3].text, 0)) < 0)
        return fail(s, &lw.w[3], "'%s' is neither a metric nor a derived metric declared "
                    "above", lw.w[3].text);
    r->index = (uint32_t)index;
    for (r->op = 0; r->op < 4u && strcmp(ops[r->op], lw.w[4].text) != 0; r->op++)
        ;
    if (r->op == 4u)
        return fail(s, &lw.w[4], "unknown comparison '%s' (>=, >, <= or <)", lw.w[4].text);
    if (!parse_fixed(lw.w[5].text, &r->threshold))
        return fail(s, &lw.w[5], "'%s' is not a number with at most 6 decimals (or N%%)",
                    lw.w[5].text);
    if (r->derived && lw.n == 8)
        return fail(s, &lw.w[6], "a derived metric spans configurations: drop 'on %s'",
                    lw.w[7].text);
    r->config = s->baseline;
    if (lw.n == 8 && need_config(s, &lw.w[7], &r->config))
        return 2;
    s->n_rules++;
    return 0;
}

static int parse_multi(gs_study *s, line_words lw)
{
    gs_study_multi *m = &s->multi[s->n_multi];
    uint32_t i, end = lw.n, c;
    if (lw.n >= 4 && strcmp(lw.w[lw.n - 2u].text, "on") == 0) {
        if (need_config(s, &lw.w[lw.n - 1u], &c))
            return 2;
        end = lw.n - 2u;
    }
    if (end < 6 || strcmp(lw.w[2].text, "=") != 0 || (end % 2u) != 0)
        return fail(s, &lw.w[0], "expected: multi NAME = WORKLOAD + WORKLOAD [+ ...] "
                    "[on CONFIG]");
    if (!name_ok(lw.w[1].text) || s->n_multi == GS_STUDY_MAX_MULTI)
        return fail(s, &lw.w[1], "multi name '%s': letters, digits, '_', '-'; at most %u",
                    lw.w[1].text, GS_STUDY_MAX_MULTI);
    for (i = 3; i < end; i += 2u) {
        uint32_t w;
        if (i > 3 && strcmp(lw.w[i - 1u].text, "+") != 0)
            return fail(s, &lw.w[i - 1u], "expected '+', found '%s'", lw.w[i - 1u].text);
        for (w = 0; w < s->n_workloads && strcmp(s->workloads[w].display, lw.w[i].text); w++)
            ;
        if (w == s->n_workloads)
            return fail(s, &lw.w[i], "'%s' is not a workload of this study (its alone run "
                        "is the reference)", lw.w[i].text);
    }
    m->name = &lw.w[1];
    m->line = lw.w[0].line;
    m->n_apps = (end - 2u) / 2u;
    s->n_multi++;
    return 0;
}

/* ---- the file ---- */

static int parse_name(gs_study *s, line_words lw)
{
    if (lw.n != 2 || !name_ok(lw.w[1].text))
        return fail(s, &lw.w[0], "expected: study NAME (letters, digits, '_', '-')");
    gs_str_copy(s->name, sizeof s->name, lw.w[1].text);
    return 0;
}

static int parse_baseline(gs_study *s, line_words lw)
{
    if (lw.n != 2)
        return fail(s, &lw.w[0], "expected: baseline CONFIG");
    if (s->n_rules)
        return fail(s, &lw.w[0], "baseline must come before the class rules that use it");
    return need_config(s, &lw.w[1], &s->baseline);
}

static const struct statement {
    const char *keyword;
    int (*parse)(gs_study *s, line_words lw);
} statements[] = {
    { "study", parse_name },       { "config", parse_config },   { "workload", parse_workload },
    { "metric", parse_metric },    { "baseline", parse_baseline }, { "mean", parse_means },
    { "derive", parse_derive },    { "class", parse_rule },      { "multi", parse_multi },
    { "best", parse_best },
};

static int parse_line(gs_study *s, line_words lw)
{
    size_t i;
    for (i = 0; i < sizeof statements / sizeof statements[0]; i++)
        if (strcmp(lw.w[0].text, statements[i].keyword) == 0)
            return statements[i].parse(s, lw);
    return fail(s, &lw.w[0], "unknown statement '%s' (study, config, workload, metric, "
                "baseline, mean, derive, class, multi, best)", lw.w[0].text);
}

static void default_name(gs_study *s)
{
    const char *base = strrchr(s->path, '/');
    size_t n;
    base = base ? base + 1 : s->path;
    n = strcspn(base, ".");
    gs_str_copy(s->name, sizeof s->name, base);
    if (n < sizeof s->name)
        s->name[n] = '\0';
}

int gs_study_parse(gs_study *s, const char *path)
{
    size_t length;
    gs_diag diag;
    uint32_t next = 0;
    gs_study_token end;
    s->path = path;
    if (gs_cli_read_file(path, &s->text, &length, &diag) != GS_OK)
        return gs_cli_report(&diag);
    if (gs_diag_check_text(&diag, GS_E_CONFIG, path, s->text, length, "a study file")) {
        return gs_cli_report(&diag);
    }
    default_name(s);
    if (tokenize(s))
        return 2;
    while (next < s->n_tokens) {
        int rc = parse_line(s, next_line(s, &next));
        if (rc)
            return rc;
    }
    end.line = s->n_tokens ? s->tokens[s->n_tokens - 1u].line : 1u;
    end.column = 1;
    if (s->n_configs == 0 || s->n_workloads == 0)
        return fail(s, &end, "a study needs at least one config line and one workload line");
    return 0;
}

void gs_study_release(gs_study *study)
{
    if (study->text)
        gs_cli_free_file(study->text);
    study->text = NULL;
}

/* ---- jobs ---- */

uint32_t gs_study_job_count(const gs_study *s)
{
    return s->n_configs * s->n_workloads;
}

void gs_study_job_id(const gs_study *s, uint32_t job, char *out, size_t capacity)
{
    gs_fmt(out, capacity, "%s.%s", s->configs[job / s->n_workloads].name->text,
           s->workloads[job % s->n_workloads].id);
}

uint32_t gs_study_job_phase(const gs_study *s, uint32_t job)
{
    return s->configs[job / s->n_workloads].n_links ? 2u : 1u;
}

void gs_study_job_hash(const gs_study *s, uint32_t job, const gs_study_link_values *links,
                       char *out, size_t capacity)
{
    const gs_study_config *c = &s->configs[job / s->n_workloads];
    const gs_study_workload *w = &s->workloads[job % s->n_workloads];
    uint64_t h = GS_HASH_SEED;
    uint32_t i;
    for (i = 0; i < c->n_words; i++)
        h = gs_hash_bytes(h, c->words[i].text, strlen(c->words[i].text) + 1u);
    for (i = 0; links && i < c->n_links; i++) {   /* the value each best:NAME took */
        h = gs_hash_bytes(h, "=", 1);
        h = gs_hash_bytes(h, (*links)[i], strlen((*links)[i]) + 1u);
    }
    h = gs_hash_bytes(h, "|", 1);
    h = gs_hash_bytes(h, w->display, strlen(w->display));
    if (w->max_insn) {   /* absent otherwise, so older results stay current */
        char cap[32];
        gs_fmt(cap, sizeof cap, "|max_insn=%llu", (unsigned long long)w->max_insn);
        h = gs_hash_bytes(h, cap, strlen(cap));
    }
    h = gs_hash_finish(h);
    gs_fmt(out, capacity, "%08lx%08lx", (unsigned long)(h >> 32),
           (unsigned long)(h & 0xffffffffu));
}
