/*
 * `gpusim report` (issue 13 part 5; README "Reports"): one self-contained
 * HTML file with inline SVG figures drawn here, no scripts, no network.
 * cli_report.c reads the inputs (a study file, a study CSV from `gpusim
 * study --collect`, a samples CSV from `--samples-csv`, a stats CSV with
 * CIAO's interference matrix from `--stats-csv`) into the models below;
 * cli_report_svg.c draws them.
 *
 * Integers only (DESIGN.md section 4): values are fixed point scaled by
 * GS_STUDY_SCALE (10^6), coordinates are tenths of a pixel, so the bytes of
 * a report are the same on every host (tests/report/ holds golden bytes).
 */
#ifndef GS_CLI_CLI_REPORT_H
#define GS_CLI_CLI_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli_study.h"

#define GS_REP_NAME_MAX  GS_STUDY_ID_MAX
#define GS_REP_LABEL_MAX 256u
#define GS_REP_MAX_CLASSES 64u
#define GS_REP_MAX_METRICS (GS_STUDY_MAX_METRICS + GS_STUDY_MAX_DERIVED)
#define GS_REP_MEAN_KINDS 3u    /* hmean, gmean, amean */

/* A value of the study CSV: present (a number), n/a, or absent. */
enum { GS_REP_ABSENT = 0, GS_REP_VALUE = 1, GS_REP_NA = 2 };

typedef struct gs_rep_cell {
    uint8_t state;        /* of the normalised value (derived: of the value) */
    uint64_t norm;        /* fixed point */
    uint8_t raw_state;
    uint64_t raw;         /* the metric's own value */
} gs_rep_cell;

typedef struct gs_rep_study {
    char title[GS_REP_LABEL_MAX];     /* "study NAME" or the CSV's file name */
    char baseline[GS_REP_NAME_MAX];   /* "" when unknown */
    uint32_t n_configs, n_workloads, n_metrics, n_derived, n_classes;
    char configs[GS_STUDY_MAX_CONFIGS][GS_REP_NAME_MAX];
    char workloads[GS_STUDY_MAX_WORKLOADS][GS_REP_NAME_MAX];
    char workload_class[GS_STUDY_MAX_WORKLOADS][GS_REP_NAME_MAX];
    char metrics[GS_STUDY_MAX_METRICS][GS_REP_NAME_MAX];
    char metric_def[GS_STUDY_MAX_METRICS][GS_REP_LABEL_MAX];   /* "" when unknown */
    char derived[GS_STUDY_MAX_DERIVED][GS_REP_NAME_MAX];
    char derived_def[GS_STUDY_MAX_DERIVED][GS_REP_LABEL_MAX];
    char classes[GS_REP_MAX_CLASSES][GS_REP_NAME_MAX];   /* "all" first */
    /* job[metric][workload][config] */
    gs_rep_cell job[GS_STUDY_MAX_METRICS][GS_STUDY_MAX_WORKLOADS][GS_STUDY_MAX_CONFIGS];
    gs_rep_cell dvalue[GS_STUDY_MAX_DERIVED][GS_STUDY_MAX_WORKLOADS];
    /* mean[kind][metric][class][config]; dmean[kind][derived][class] */
    gs_rep_cell mean[GS_REP_MEAN_KINDS][GS_STUDY_MAX_METRICS][GS_REP_MAX_CLASSES]
                    [GS_STUDY_MAX_CONFIGS];
    gs_rep_cell dmean[GS_REP_MEAN_KINDS][GS_STUDY_MAX_DERIVED][GS_REP_MAX_CLASSES];
    uint8_t kinds_present[GS_REP_MEAN_KINDS];
    /* best rows: per workload, the winning configuration of a sweep */
    uint32_t n_best;
    struct { uint32_t workload; char name[GS_REP_NAME_MAX], config[GS_REP_NAME_MAX];
             gs_rep_cell value; } best[GS_STUDY_MAX_BEST * GS_STUDY_MAX_WORKLOADS];
} gs_rep_study;

/* A samples CSV: the columns after `cycle,cycles` are sim/gpu.h's GS_SAMPLE_*
 * order, GS_SAMPLE_PER_SM of them, then one per SM, then the mechanisms'
 * (mech/mech.h gs_mech_samples); GREEN's per-region lookups and hits are
 * drawn (green: the column of green_r0_l1_loads, 0 when absent). */
#define GS_REP_GREEN_REGIONS 16u
#define GS_REP_GREEN_WORDS 4u
typedef struct gs_rep_samples {
    char title[GS_REP_LABEL_MAX];
    uint32_t rows, n_sms, cols;      /* cols = GS_SAMPLE_PER_SM + n_sms + mechanisms' */
    uint32_t green;
    uint64_t *start, *end;           /* [rows] the period's first cycle and the one after */
    uint64_t *cell;                  /* [rows][cols] */
} gs_rep_samples;

/* A stats CSV (`name,value`, what --stats-csv writes) of a run with
 * -gs_mechanisms ciao -gs_ciao_matrix 1: VTA hits of each victim warp slot
 * by each evicting one (ciao_matrix_w<victim>_by_w<evictor>), the paper's
 * interference matrix (seed-001 Fig. 4a). */
#define GS_REP_MATRIX_MAX 64u
typedef struct gs_rep_matrix {
    char title[GS_REP_LABEL_MAX];
    uint32_t n;                      /* warp slots: 1 + the highest named */
    uint32_t nonzero;
    uint64_t cell[GS_REP_MATRIX_MAX][GS_REP_MATRIX_MAX];   /* [victim][evictor] */
} gs_rep_matrix;

/* The drawing (cli_report_svg.c): each writes one <figure> to f. */
void gs_rep_study_figures(FILE *f, const gs_rep_study *s, uint32_t *figure);
void gs_rep_sample_figures(FILE *f, const gs_rep_samples *s, uint32_t *figure);
void gs_rep_matrix_figure(FILE *f, const gs_rep_matrix *m, uint32_t *figure);
/* Text with &, <, >, " escaped. */
void gs_rep_escape(FILE *f, const char *text);

#endif
