/*
 * Configuration loading shared by the CLI subcommands (gpusim, gpusim addr, ...).
 *
 *   --config NAME|FILE   (repeatable; GPGPU-Sim's `-config FILE` too) an embedded
 *                        preset (tables/presets.h) or a config file; files are
 *                        read in the order given. With no --config, the `gtx480`
 *                        preset is loaded.
 *   -option value        overrides, applied after every config file, in order.
 *
 * Overrides report errors as `<command line>:1:col:` with col counted in the
 * arguments after the (sub)command joined by single spaces. A config file's
 * `-inter_config_file F` is read relative to that file's folder.
 */
#ifndef GS_CLI_CLI_CONFIG_H
#define GS_CLI_CLI_CONFIG_H

#include "gpusim.h"

/* Load the configuration from argv[1..argc-1]. Marks used[i] = 1 for every
 * argument it consumes (used has argc entries, zeroed by the caller); other
 * arguments are the caller's. Single-dash arguments are always taken as
 * configuration options. Prints errors and the not-modelled notes to stderr.
 * Returns 0, or the exit status 2 after printing the error. */
int gs_cli_config_load(int argc, char **argv, gs_config *cfg, unsigned char *used);

/* Load one preset (by name) or config file on top of cfg (as --config does;
 * a study's configuration sources, cli_study_parse.c). Returns 0, or 2 after
 * printing the error. */
int gs_cli_config_load_one(gs_config *cfg, const char *what);

/* The embedded presets' names, space-separated in tables/presets.c order, for
 * --help and the unknown-preset error (one source, so a new preset shows). */
const char *gs_cli_preset_names(void);

#endif
