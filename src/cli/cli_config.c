/*
 * CLI configuration loading: presets, config files, .icnt files and
 * command-line overrides (see cli_config.h; spec/formats.md section 2).
 *
 * Decision: all --config files are loaded first, in the order given, then all
 * -option overrides in the order given, wherever they stand on the command line
 * (GPGPU-Sim's rule: command-line options override the config files).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_config.h"
#include "presets.h"

#define DEFAULT_PRESET "gtx480"

const char *gs_cli_preset_names(void)
{
    static char names[256];
    size_t used = 0;
    uint32_t i;
    if (names[0])
        return names;
    for (i = 0; i < GS_PRESET_COUNT; i++) {
        size_t n = strlen(gs_presets[i].name);
        if (used + n + 2u > sizeof names)
            break;
        if (i > 0)
            names[used++] = ' ';
        memcpy(names + used, gs_presets[i].name, n);
        used += n;
        names[used] = '\0';
    }
    return names;
}

/* Column of argv[i] in the arguments after argv[0] joined with spaces. */
static uint32_t arg_column(char **argv, int i)
{
    uint32_t column = 1;
    int j;
    for (j = 1; j < i; j++)
        column += (uint32_t)strlen(argv[j]) + 1u;
    return column;
}

/* dir(config_path) + name, unless name is absolute. */
static void resolve_relative(const char *config_path, const char *name, char *out, size_t cap)
{
    const char *slash = strrchr(config_path, '/');
    if (name[0] == '/' || !slash) {
        gs_str_copy(out, cap, name);
        return;
    }
    if ((size_t)(slash - config_path) + 1u + strlen(name) + 1u > cap) {
        gs_str_copy(out, cap, name);
        return;
    }
    memcpy(out, config_path, (size_t)(slash - config_path) + 1u);
    strcpy(out + (slash - config_path) + 1, name);
}

static int load_icnt(gs_config *cfg, const char *config_path)
{
    char path[GS_CONFIG_PATH_MAX * 2];
    char *text;
    size_t length;
    gs_diag diag;
    gs_status status;
    const gs_config_where *w = &cfg->meta.inter_config_where;
    resolve_relative(config_path, cfg->meta.inter_config_file, path, sizeof path);
    if (gs_cli_read_file(path, &text, &length, &diag) != GS_OK) {
        char why[GS_DIAG_MSG_MAX];
        gs_fmt(why, sizeof why, "%s", diag.message);
        gs_diag_set(&diag, GS_E_CONFIG, cfg->meta.files[w->file_index], w->line, w->column,
                    "-inter_config_file: %s: %s", path, why);
        return gs_cli_report(&diag);
    }
    status = gs_config_parse_icnt(cfg, path, text, length, &diag);
    gs_cli_free_file(text);
    cfg->meta.inter_config_file[0] = '\0';
    return status == GS_OK ? 0 : gs_cli_report(&diag);
}

static int load_text(gs_config *cfg, const char *name, const char *text, size_t length)
{
    gs_diag diag;
    if (gs_config_parse(cfg, name, text, length, &diag) != GS_OK)
        return gs_cli_report(&diag);
    if (cfg->meta.inter_config_file[0])
        return load_icnt(cfg, name);
    return 0;
}

int gs_cli_config_load_one(gs_config *cfg, const char *what)
{
    const gs_preset *preset = gs_preset_find(what);
    char *text;
    size_t length;
    gs_diag diag;
    int rc;
    if (preset) {
        char name[64];
        gs_fmt(name, sizeof name, "<preset %s>", preset->name);
        return load_text(cfg, name, preset->text, preset->length);
    }
    if (gs_cli_read_file(what, &text, &length, &diag) != GS_OK) {
        if (!gs_cli_file_exists(what)) {
            gs_nearest near;
            uint32_t i;
            gs_nearest_begin(&near, what, strlen(what));
            for (i = 0; i < GS_PRESET_COUNT; i++)
                gs_nearest_offer(&near, gs_presets[i].name);
            if (gs_nearest_result(&near) != NULL)
                return gs_cli_usage_error("--config %s: no preset of that name (did you mean "
                                          "%s? presets: %s) and no such file", what,
                                          gs_nearest_result(&near), gs_cli_preset_names());
            return gs_cli_usage_error("--config %s: no preset of that name (presets: %s) and "
                                      "no such file", what, gs_cli_preset_names());
        }
        return gs_cli_usage_error("--config %s: %s", what, diag.message);
    }
    rc = load_text(cfg, what, text, length);
    gs_cli_free_file(text);
    return rc;
}

static int is_config_flag(const char *arg)
{
    return strcmp(arg, "--config") == 0 || strcmp(arg, "-config") == 0;
}

/* Pass 1: the config files, in order. */
static int load_files(int argc, char **argv, gs_config *cfg, unsigned char *used)
{
    int i, any = 0, rc;
    for (i = 1; i < argc; i++) {
        if (!is_config_flag(argv[i]))
            continue;
        if (i + 1 >= argc)
            return gs_cli_usage_error("%s needs a preset name or a file", argv[i]);
        used[i] = used[i + 1] = 1;
        rc = gs_cli_config_load_one(cfg, argv[i + 1]);
        if (rc)
            return rc;
        any = 1;
        i++;
    }
    return any ? 0 : gs_cli_config_load_one(cfg, DEFAULT_PRESET);
}

/* Pass 2: single-dash overrides `-option value`, in order. */
static int apply_overrides(int argc, char **argv, gs_config *cfg, unsigned char *used)
{
    int i;
    for (i = 1; i < argc; i++) {
        gs_diag diag;
        if (used[i] || argv[i][0] != '-' || argv[i][1] == '-' || argv[i][1] == '\0')
            continue;
        if (i + 1 >= argc) {
            gs_diag_set(&diag, GS_E_CONFIG, "<command line>", 1, arg_column(argv, i),
                        "option %s needs a value", argv[i]);
            return gs_cli_report(&diag);
        }
        if (gs_config_set_arg(cfg, argv[i], argv[i + 1], arg_column(argv, i),
                              arg_column(argv, i + 1), &diag) != GS_OK)
            return gs_cli_report(&diag);
        used[i] = used[i + 1] = 1;
        i++;
    }
    return 0;
}

int gs_cli_config_load(int argc, char **argv, gs_config *cfg, unsigned char *used)
{
    gs_diag diag;
    int rc;
    gs_config_defaults(cfg);
    rc = load_files(argc, argv, cfg, used);
    if (rc == 0)
        rc = apply_overrides(argc, argv, cfg, used);
    if (rc)
        return rc;
    if (gs_config_finish(cfg, &diag) != GS_OK)
        return gs_cli_report(&diag);
    gs_config_print_notes(cfg, &gs_cli_stderr);
    return 0;
}
