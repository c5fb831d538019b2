/*
 * Studies as data (DESIGN.md section 12; README "Running studies"): the
 * study file's model, shared by the parser (cli_study_parse.c), the runner
 * (cli_study.c), the collector (cli_study_collect.c) and the fixed-point
 * arithmetic of the means (cli_study_math.c).
 *
 * A study expands into jobs, configuration-major: job K runs configuration
 * K / W on workload K % W (W workloads after sizes are expanded), both in
 * the study file's order. Each job's result is one JSON file named after the
 * job's id (`CONFIG.WORKLOAD-ID.json`), so a study whose lines are reordered
 * still finds its results, and a spec hash inside it ties the result to the
 * exact configuration and workload text (a changed line makes it stale).
 */
#ifndef GS_CLI_CLI_STUDY_H
#define GS_CLI_CLI_STUDY_H

#include <stdint.h>

#include "gpusim.h"

/* Documented maxima (README "Running studies"); above them is a study error. */
#define GS_STUDY_MAX_CONFIGS   64u
#define GS_STUDY_MAX_WORKLOADS 256u   /* after sizes are expanded */
#define GS_STUDY_MAX_METRICS   16u
#define GS_STUDY_MAX_DERIVED   8u
#define GS_STUDY_MAX_RULES     8u     /* computed classes */
#define GS_STUDY_MAX_MULTI     16u
#define GS_STUDY_MAX_BEST      8u
#define GS_STUDY_MAX_KERNELS   32u    /* kernel blocks a job's result keeps */
#define GS_STUDY_MAX_LINKS     4u     /* best:NAME values in one config line */
#define GS_STUDY_MAX_TOKENS    4096u  /* words in the whole file */
#define GS_STUDY_MAX_LINE_TOKENS 64u
#define GS_STUDY_ID_MAX        128u
#define GS_STUDY_PATH_MAX      1024u

/* Fixed point of every value the collector prints: 6 decimals. */
#define GS_STUDY_SCALE 1000000ull

/* Mean kinds, as bits of gs_study.means; printed in this order. */
enum { GS_STUDY_HMEAN = 1, GS_STUDY_GMEAN = 2, GS_STUDY_AMEAN = 4 };

typedef struct gs_study_token {
    const char *text;      /* NUL-terminated inside the study's own copy */
    uint32_t line, column;
} gs_study_token;

typedef struct gs_study_config {
    const gs_study_token *name;
    const gs_study_token *words;   /* sources then -option value pairs */
    uint32_t n_words;
    uint32_t n_sources;
    const char *family;            /* a sweep's name for its expansions, else NULL */
    /* `-option best:NAME`: the option takes, per workload, the swept value of
     * best NAME's winner (README "Running studies": linked configurations) */
    uint32_t n_links;
    uint32_t link_word[GS_STUDY_MAX_LINKS];   /* index into words of the value */
    uint32_t link_best[GS_STUDY_MAX_LINKS];
} gs_study_config;

/* The values a linked configuration's best:NAME words take for one job. */
typedef char gs_study_link_values[GS_STUDY_MAX_LINKS][GS_STUDY_ID_MAX];

/* A configuration expanded from a sweep (`config NAME ... -opt a{1..4}b`):
 * its name NAME-VALUE and its words, the swept value substituted. */
typedef struct gs_study_swept {
    gs_study_token name;
    gs_study_token words[GS_STUDY_MAX_LINE_TOKENS];
    char name_text[GS_STUDY_ID_MAX];
    char value_text[GS_STUDY_ID_MAX];
} gs_study_swept;

/* best NAME = max|min METRIC over FAMILY: per workload, the configuration of
 * the sweep FAMILY with the largest (smallest) raw METRIC, first in order on
 * a tie. */
typedef struct gs_study_best {
    const gs_study_token *name;
    const char *family;
    uint32_t metric;
    int is_max;
    int per_kernel;                /* `... per kernel`: a winner per kernel launch */
} gs_study_best;

enum { GS_STUDY_WL_EMBEDDED = 0, GS_STUDY_WL_FILE = 1, GS_STUDY_WL_TRACE = 2 };

typedef struct gs_study_workload {
    const gs_study_token *spec;    /* the word as written */
    const char *size;              /* "small" ... from sizes=, or NULL */
    const char *cls;               /* class= or NULL */
    uint64_t max_insn;             /* max_insn=N: this workload's -gpgpu_max_insn; 0 none */
    uint32_t kind;
    char display[GS_STUDY_ID_MAX]; /* vadd:small, file path, trace:DIR */
    char id[GS_STUDY_ID_MAX];      /* display with [^A-Za-z0-9_-] -> '-' */
} gs_study_workload;

typedef struct gs_study_metric {
    const gs_study_token *name;
    const char *stat_a, *stat_b;   /* stat_b NULL: the statistic itself */
} gs_study_metric;

typedef struct gs_study_derived {   /* speedup of A over B: stat(B) / stat(A) */
    const gs_study_token *name;
    uint32_t config_a, config_b;
    const char *stat;
} gs_study_derived;

enum { GS_STUDY_GE = 0, GS_STUDY_GT = 1, GS_STUDY_LE = 2, GS_STUDY_LT = 3 };

typedef struct gs_study_rule {      /* class CLASS when NAME OP VALUE [on CONFIG] */
    const gs_study_token *cls;
    int derived;                    /* 1: NAME is a derived metric; 0: a metric */
    uint32_t index, config;
    uint32_t op;
    uint64_t threshold;             /* fixed point, GS_STUDY_SCALE */
} gs_study_rule;

typedef struct gs_study_multi {
    const gs_study_token *name;
    uint32_t line;
    uint32_t n_apps;
} gs_study_multi;

typedef struct gs_study {
    const char *path;              /* as given on the command line */
    const char *default_size;      /* --size S: suite workloads named without a size; NULL */
    char name[GS_STUDY_ID_MAX];
    char *text;                    /* the file, tokens cut in place */
    gs_study_token tokens[GS_STUDY_MAX_TOKENS];
    uint32_t n_tokens;
    gs_study_config configs[GS_STUDY_MAX_CONFIGS];
    gs_study_workload workloads[GS_STUDY_MAX_WORKLOADS];
    gs_study_metric metrics[GS_STUDY_MAX_METRICS];
    gs_study_derived derived[GS_STUDY_MAX_DERIVED];
    gs_study_rule rules[GS_STUDY_MAX_RULES];
    gs_study_multi multi[GS_STUDY_MAX_MULTI];
    gs_study_swept swept[GS_STUDY_MAX_CONFIGS];
    gs_study_best best[GS_STUDY_MAX_BEST];
    uint32_t n_configs, n_workloads, n_metrics, n_derived, n_rules, n_multi, n_best;
    uint32_t baseline;
    uint32_t means;                /* GS_STUDY_HMEAN | ... */
} gs_study;

/* Parse and check path (configurations are loaded to check them); set
 * default_size first to give suite workloads written without a size that
 * size (`gpusim study --size paper`). Prints
 * `file:line:col: error: ...` and returns 2 on a bad study, else 0. */
int gs_study_parse(gs_study *study, const char *path);
void gs_study_release(gs_study *study);

/* A path written in the study, relative to the study file's folder. */
void gs_study_resolve(const gs_study *study, const char *name, char *out, size_t capacity);

/* Load job configuration c into cfg, its best:NAME words replaced by links
 * (NULL for a configuration without them); prints the error and returns 2 on
 * failure. */
struct gs_config;
int gs_study_load_config(const gs_study *study, uint32_t c, const gs_study_link_values *links,
                         struct gs_config *cfg);
/* A sweep configuration's swept value ("11" of swl-11). */
const char *gs_study_swept_value(const gs_study *study, uint32_t c);

uint32_t gs_study_job_count(const gs_study *study);
/* CONFIG.WORKLOAD-ID: the job's result file is DIR/<id>.json */
void gs_study_job_id(const gs_study *study, uint32_t job, char *out, size_t capacity);
/* 16 hex digits over the job's configuration line and workload text, and
 * the values its best:NAME words took (links; NULL: none or not known). */
void gs_study_job_hash(const gs_study *study, uint32_t job, const gs_study_link_values *links,
                       char *out, size_t capacity);
/* Phase 1 runs every configuration without best:NAME words, phase 2 those
 * with them (after their sweeps' results exist). */
uint32_t gs_study_job_phase(const gs_study *study, uint32_t job);

/* A job's result file DIR/<id>.json (cli_study_collect.c). */
enum { GS_STUDY_RESULT_OK = 0, GS_STUDY_RESULT_MISSING = 1, GS_STUDY_RESULT_PARTIAL = 2,
       GS_STUDY_RESULT_STALE = 3 };
int gs_study_result_state(const gs_study *study, const char *dir, uint32_t job);
/* The values of a linked job's best:NAME words: each best's winner on the
 * job's workload among its sweep's results in dir. Returns 0, or 1 when a
 * sweep result is missing, partial or stale or every one is n/a (named on
 * stderr unless quiet), 2 on an error. */
int gs_study_link_values_of(const gs_study *study, const char *dir, uint32_t job,
                            gs_study_link_values *out, int quiet);

/* A growing text (cut, never overrun, at capacity) and JSON/CSV writers. */
typedef struct gs_study_buf {
    char *text;
    size_t used, capacity;
} gs_study_buf;
void gs_study_put(gs_study_buf *b, const char *format, ...) GS_PRINTF_LIKE(2, 3);
void gs_study_put_json_string(gs_study_buf *b, const char *s);

/* Compare a new collected CSV with a golden one: one line per difference
 * (row, workload or class, configuration, metric, old, new) on stdout;
 * returns 0 when equal, else 1. */
int gs_study_compare(const char *golden_name, const char *golden, const char *fresh);

/* The collector (cli_study_collect.c): build the long-format CSV and the
 * markdown tables from the results in dir. Returns 0, 1 when results are
 * missing, partial or stale (each named on stderr), 2 on an error. The
 * texts are gs_cli_alloc'd (free with gs_cli_free). */
int gs_study_collect(const gs_study *study, const char *dir, char **csv, char **markdown);

/* Fixed-point arithmetic (cli_study_math.c), all values scaled by
 * GS_STUDY_SCALE. Each returns 1 when defined (no zero and no overflow). */
int gs_study_fixed_ratio(uint64_t a_num, uint64_t a_den, uint64_t b_num, uint64_t b_den,
                         uint64_t *out);
int gs_study_amean(const uint64_t *v, uint32_t n, uint64_t *out);
int gs_study_hmean(const uint64_t *v, uint32_t n, uint64_t *out);
int gs_study_gmean(const uint64_t *v, uint32_t n, uint64_t *out);
/* "12.345678" (decimals 6) or rounded half-up to fewer decimals. */
void gs_study_fixed_text(uint64_t v, unsigned decimals, char *out, size_t capacity);

#endif
