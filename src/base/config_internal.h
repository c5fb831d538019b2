/*
 * Private interface between the configuration files: value parsing and
 * formatting per option type (config_value.c), whole-configuration checks
 * (config_check.c) and the loader (config.c). Not for other modules.
 */
#ifndef GS_BASE_CONFIG_INTERNAL_H
#define GS_BASE_CONFIG_INTERNAL_H

#include "base/config.h"

/* A value error: offset of the offending token inside the value, message
 * without location (the loader adds file:line:col). */
typedef gs_cache_error gs_value_error;

/* Parse text[0..length) as the value of opt into cfg; 1 on success. */
int gs_config_value_parse(gs_config *cfg, const gs_option *opt, const char *text,
                          size_t length, gs_value_error *error);

/* The canonical text of opt's current value; returns the length. */
/* The values an option with a list of names takes, for --help ("lrr|gto|...",
 * "none|census,...", "fifo=0|frfcfs=1"); 0 (and "") for other options. */
size_t gs_config_value_choices(const gs_option *opt, char *out, size_t capacity);
size_t gs_config_value_format(const gs_config *cfg, const gs_option *opt, char *out,
                              size_t capacity);

/* -specialized_unit_K values and the trace.config / sub-core checks
 * (config_trace.c). */
int gs_config_parse_spec_unit(const gs_option *opt, const char *text, size_t length,
                              gs_spec_unit_cfg *out, gs_value_error *error);
size_t gs_config_format_spec_unit(const gs_spec_unit_cfg *unit, char *out, size_t capacity);
gs_status gs_config_check_trace(gs_config *cfg, gs_diag *diag);

/* Whole-configuration checks (config_check.c). */
gs_status gs_config_check_all(gs_config *cfg, gs_diag *diag);

/* Index of the option set last among the given names (for combination errors). */
int gs_config_latest(const gs_config *cfg, const char *const *names, uint32_t count);

#endif
