/*
 * The configuration loader: GPGPU-Sim config files, command-line overrides,
 * BookSim .icnt files, --dump-config, notes and --help text
 * (spec/formats.md section 2; DESIGN.md sections 6 and 8).
 *
 * File syntax (GPGPU-Sim's option_parser): one `-option value` per line; `#`
 * starts a comment (also after a value); a value in double quotes may span
 * lines (SM2_GTX480's -gpgpu_dram_timing_opt). Later settings override earlier
 * ones. Decision: a line must hold exactly one option and its value; any other
 * text is an error rather than silently ignored.
 */
#include <string.h>

#include "base/config_internal.h"
#include "base/fmt.h"
#include "base/nearest.h"

#define COMMAND_LINE_NAME "<command line>"

int gs_option_find(const char *name, size_t length)
{
    uint32_t i;
    for (i = 0; i < gs_option_count; i++)
        if (strlen(gs_options[i].name) == length && memcmp(gs_options[i].name, name, length) == 0)
            return (int)i;
    return -1;
}

void gs_config_defaults(gs_config *cfg)
{
    uint32_t i;
    memset(cfg, 0, sizeof *cfg);
    GS_ASSERT(gs_option_count <= GS_CONFIG_OPTIONS_MAX);
    for (i = 0; i < gs_option_count; i++) {
        const gs_option *opt = &gs_options[i];
        gs_value_error error;
        if (!opt->modelled || opt->type == GS_OPT_PATH)
            continue;
        GS_ASSERT(gs_config_value_parse(cfg, opt, opt->default_text,
                                        strlen(opt->default_text), &error));
    }
}

/* Index of a file name in meta.files (added when new; the last slot is reused
 * when full, which only affects the name shown in late diagnostics). */
static uint32_t file_index(gs_config *cfg, const char *name)
{
    gs_config_meta *m = &cfg->meta;
    uint32_t i;
    for (i = 0; i < m->n_files; i++)
        if (strcmp(m->files[i], name) == 0)
            return i;
    if (m->n_files < GS_CONFIG_FILES_MAX)
        m->n_files++;
    gs_str_copy(m->files[m->n_files - 1u], GS_CONFIG_PATH_MAX, name);
    return m->n_files - 1u;
}

/* Where a value comes from: used to turn an offset inside the value into a
 * line and column (quoted values may span lines). */
typedef struct value_source {
    const char *file;
    uint32_t file_index;
    uint32_t line;
    uint32_t column;
    const char *value;
} value_source;

static gs_status value_error(const value_source *src, uint32_t offset, const char *message,
                             gs_diag *diag)
{
    uint32_t line = src->line, column = src->column, i;
    for (i = 0; i < offset; i++) {
        if (src->value[i] == '\n') {
            line++;
            column = 1;
        } else
            column++;
    }
    return gs_diag_set(diag, GS_E_CONFIG, src->file, line, column, "%s", message);
}

static void note_unmodelled(gs_config *cfg, int index)
{
    gs_config_meta *m = &cfg->meta;
    if (m->is_noted[index])
        return;
    m->is_noted[index] = 1;
    m->noted[m->n_noted++] = (uint16_t)index;
}

static gs_status set_option(gs_config *cfg, int index, const char *value, size_t length,
                            const value_source *src, gs_diag *diag)
{
    const gs_option *opt = &gs_options[index];
    gs_value_error error;
    if (!gs_config_value_parse(cfg, opt, value, length, &error))
        return value_error(src, error.offset, error.message, diag);
    cfg->meta.set_at[index].file_index = src->file_index;
    cfg->meta.set_at[index].line = src->line;
    cfg->meta.set_at[index].column = src->column;
    if (opt->type == GS_OPT_PATH)
        cfg->meta.inter_config_where = cfg->meta.set_at[index];
    if (!opt->modelled)
        note_unmodelled(cfg, index);
    return GS_OK;
}

/* "unknown option -X", with the nearest option's name when one is near
 * enough (base/nearest.h). */
static gs_status unknown_option(gs_diag *diag, const char *file, uint32_t line,
                                uint32_t column, const char *name)
{
    const char *typed = name[0] == '-' ? name + 1 : name;
    gs_nearest near;
    uint32_t i;
    gs_nearest_begin(&near, typed, strlen(typed));
    for (i = 0; i < gs_option_count; i++)
        gs_nearest_offer(&near, gs_options[i].name);
    if (gs_nearest_result(&near) != NULL)
        return gs_diag_set(diag, GS_E_CONFIG, file, line, column,
                           "unknown option %s (did you mean -%s?)", name,
                           gs_nearest_result(&near));
    return gs_diag_set(diag, GS_E_CONFIG, file, line, column, "unknown option %s", name);
}

gs_status gs_config_set_arg(gs_config *cfg, const char *name, const char *value,
                            uint32_t name_column, uint32_t value_column, gs_diag *diag)
{
    value_source src;
    int index = name[0] == '-' ? gs_option_find(name + 1, strlen(name + 1)) : -1;
    src.file = COMMAND_LINE_NAME;
    src.file_index = file_index(cfg, COMMAND_LINE_NAME);
    src.line = 1;
    src.column = value_column;
    src.value = value;
    if (index < 0)
        return unknown_option(diag, COMMAND_LINE_NAME, 1, name_column, name);
    if (gs_options[index].type == GS_OPT_PATH)
        return gs_diag_set(diag, GS_E_CONFIG, COMMAND_LINE_NAME, 1, name_column,
                           "-%s belongs in a config file (its path is relative to that file)",
                           gs_options[index].name);
    return set_option(cfg, index, value, strlen(value), &src, diag);
}

/* ---- config files ---- */

typedef struct text_cursor {
    const char *text;
    size_t length;
    size_t pos;
    size_t line_start;
    uint32_t line;
} text_cursor;

static uint32_t column_of(const text_cursor *c, size_t pos)
{
    return (uint32_t)(pos - c->line_start + 1u);
}

static void skip_blanks(text_cursor *c)
{
    while (c->pos < c->length && (c->text[c->pos] == ' ' || c->text[c->pos] == '\t'
                                  || c->text[c->pos] == '\r'))
        c->pos++;
}

static int at_line_end(const text_cursor *c)
{
    return c->pos >= c->length || c->text[c->pos] == '\n' || c->text[c->pos] == '#';
}

static void skip_to_next_line(text_cursor *c)
{
    while (c->pos < c->length && c->text[c->pos] != '\n')
        c->pos++;
    if (c->pos < c->length) {
        c->pos++;
        c->line++;
        c->line_start = c->pos;
    }
}

/* Read the value token at c->pos: quoted (may span lines) or up to a blank. */
static gs_status read_value(text_cursor *c, const char *file, const char **value,
                            size_t *length, gs_diag *diag)
{
    size_t start = c->pos;
    if (c->text[c->pos] == '"') {
        uint32_t quote_line = c->line, quote_col = column_of(c, c->pos);
        c->pos++;
        start = c->pos;
        while (c->pos < c->length && c->text[c->pos] != '"') {
            if (c->text[c->pos] == '\n') {
                c->line++;
                c->line_start = c->pos + 1u;
            }
            c->pos++;
        }
        if (c->pos >= c->length)
            return gs_diag_set(diag, GS_E_CONFIG, file, quote_line, quote_col,
                               "unterminated quoted value (missing closing '\"')");
        *value = c->text + start;
        *length = c->pos - start;
        c->pos++;
        return GS_OK;
    }
    while (c->pos < c->length && c->text[c->pos] != ' ' && c->text[c->pos] != '\t'
           && c->text[c->pos] != '\n' && c->text[c->pos] != '\r')
        c->pos++;
    *value = c->text + start;
    *length = c->pos - start;
    return GS_OK;
}

static gs_status parse_line(gs_config *cfg, text_cursor *c, const char *file, uint32_t findex,
                            gs_diag *diag)
{
    size_t name_start = c->pos;
    const char *value = NULL;
    size_t length = 0;
    value_source src;
    int index;
    gs_status status;
    while (c->pos < c->length && c->text[c->pos] != ' ' && c->text[c->pos] != '\t'
           && c->text[c->pos] != '\n' && c->text[c->pos] != '\r')
        c->pos++;
    index = gs_option_find(c->text + name_start + 1u, c->pos - name_start - 1u);
    if (index < 0) {
        char name[64];
        size_t n = c->pos - name_start < sizeof name - 1u ? c->pos - name_start : sizeof name - 1u;
        memcpy(name, c->text + name_start, n);
        name[n] = '\0';
        return unknown_option(diag, file, c->line, column_of(c, name_start), name);
    }
    skip_blanks(c);
    if (at_line_end(c))
        return gs_diag_set(diag, GS_E_CONFIG, file, c->line, column_of(c, name_start),
                           "option -%s needs a value", gs_options[index].name);
    src.file = file;
    src.file_index = findex;
    src.line = c->line;
    src.column = column_of(c, c->pos) + (c->text[c->pos] == '"' ? 1u : 0u);
    status = read_value(c, file, &value, &length, diag);
    if (status != GS_OK)
        return status;
    src.value = value;
    status = set_option(cfg, index, value, length, &src, diag);
    if (status != GS_OK)
        return status;
    skip_blanks(c);
    if (!at_line_end(c))
        return gs_diag_set(diag, GS_E_CONFIG, file, c->line, column_of(c, c->pos),
                           "unexpected text after the value of -%s", gs_options[index].name);
    return GS_OK;
}

gs_status gs_config_parse(gs_config *cfg, const char *file_name, const char *text,
                          size_t length, gs_diag *diag)
{
    text_cursor c;
    uint32_t findex = file_index(cfg, file_name);
    gs_status text_status = gs_diag_check_text(diag, GS_E_CONFIG, file_name, text, length,
                                               "a configuration file");
    if (text_status != GS_OK)
        return text_status;
    c.text = text;
    c.length = length;
    c.pos = 0;
    c.line_start = 0;
    c.line = 1;
    cfg->meta.inter_config_file[0] = '\0';
    while (c.pos < c.length) {
        skip_blanks(&c);
        if (!at_line_end(&c)) {
            gs_status status;
            if (c.text[c.pos] != '-')
                return gs_diag_set(diag, GS_E_CONFIG, file_name, c.line, column_of(&c, c.pos),
                                   "expected an option '-name value' or a '#' comment");
            status = parse_line(cfg, &c, file_name, findex, diag);
            if (status != GS_OK)
                return status;
        }
        skip_to_next_line(&c);
    }
    return GS_OK;
}

/* ---- notes, dump, help ---- */

void gs_config_print_notes(const gs_config *cfg, const gs_sink *sink)
{
    uint32_t i;
    for (i = 0; i < cfg->meta.n_noted; i++)
        gs_sink_printf(sink, "note: option -%s accepted but not modelled\n",
                       gs_options[cfg->meta.noted[i]].name);
    for (i = 0; i < cfg->meta.n_icnt_noted; i++)
        gs_sink_printf(sink, "note: interconnect option %s accepted but not modelled\n",
                       cfg->meta.icnt_noted[i]);
}

void gs_config_dump(const gs_config *cfg, const gs_sink *sink)
{
    char value[512];
    uint32_t i;
    gs_sink_puts(sink, "# gpusim effective configuration (--dump-config); loads back as is\n");
    for (i = 0; i < gs_option_count; i++) {
        const gs_option *opt = &gs_options[i];
        if (!opt->modelled || opt->type == GS_OPT_PATH)
            continue;
        gs_config_value_format(cfg, opt, value, sizeof value);
        gs_sink_printf(sink, "-%s %s\n", opt->name, value);
    }
}

/* --help's name of each gs_opt_type, in its order. */
static const char *const option_type_names[] = {
    "uint", "uint64", "int", "text", "list", "cache", "clocks", "timing", "sched",
    "a:b:c:d", "mapping", "0|1|2", "path", "threads:warp", "unit", "mechanisms",
    "events", "all|uint", "all|address", "file", "name", "name|number",
    "none|DOMAIN@CYCLE=MHZ,...", "none|MHZ:MV,..."
};
#define OPTION_TYPE_NAMES (sizeof option_type_names / sizeof option_type_names[0])
typedef char gs_type_names_cover_every_type[OPTION_TYPE_NAMES == GS_OPT_VF + 1u ? 1 : -1];

static const char *type_name(uint8_t type)
{
    return type < OPTION_TYPE_NAMES ? option_type_names[type] : "?";
}

/* The value's type, or for a name option its names: `lru|fifo|...`. */
void gs_config_print_value_type(const gs_sink *sink, const gs_option *opt)
{
    char choices[1024];
    if (gs_config_value_choices(opt, choices, sizeof choices) != 0)
        gs_sink_puts(sink, choices);   /* the names come from the option's one list */
    else
        gs_sink_puts(sink, type_name(opt->type));
}

void gs_config_print_help(const gs_sink *sink)
{
    uint32_t i;
    gs_sink_puts(sink, "Configuration options (GPGPU-Sim syntax, spec/formats.md 2):\n");
    for (i = 0; i < gs_option_count; i++) {
        const gs_option *opt = &gs_options[i];
        if (i > 0 && opt->modelled != gs_options[i - 1u].modelled)
            gs_sink_puts(sink, "Accepted but not modelled (a note names each one used):\n");
        gs_sink_printf(sink, "  -%s <", opt->name);
        gs_config_print_value_type(sink, opt);
        gs_sink_printf(sink, ">  %s", opt->help);
        if (opt->default_text[0])
            gs_sink_printf(sink, " (default %s)", opt->default_text);
        gs_sink_puts(sink, "\n");
    }
}

/* ---- whole-configuration helpers ---- */

gs_status gs_config_error_at(const gs_config *cfg, int option_index, gs_diag *diag,
                             const char *format, ...)
{
    char message[GS_DIAG_MSG_MAX];
    const gs_config_where *w = option_index >= 0 ? &cfg->meta.set_at[option_index] : NULL;
    va_list args;
    va_start(args, format);
    gs_vfmt(message, sizeof message, format, args);
    va_end(args);
    if (!w || w->line == 0u)
        return gs_diag_set(diag, GS_E_CONFIG, NULL, 0, 0, "%s", message);
    return gs_diag_set(diag, GS_E_CONFIG, cfg->meta.files[w->file_index], w->line, w->column,
                       "%s", message);
}

/* Later = a higher (file order, line) pair; files are numbered in load order. */
int gs_config_latest(const gs_config *cfg, const char *const *names, uint32_t count)
{
    int best = -1;
    uint32_t i;
    for (i = 0; i < count; i++) {
        int index = gs_option_find(names[i], strlen(names[i]));
        const gs_config_where *w, *b;
        GS_ASSERT(index >= 0);
        w = &cfg->meta.set_at[index];
        b = best >= 0 ? &cfg->meta.set_at[best] : NULL;
        if (best < 0 || (w->line && (!b->line || w->file_index > b->file_index
                                     || (w->file_index == b->file_index && w->line > b->line))))
            best = index;
    }
    return best;
}

gs_status gs_config_finish(gs_config *cfg, gs_diag *diag)
{
    return gs_config_check_all(cfg, diag);
}

uint32_t gs_config_n_sms(const gs_config *cfg)
{
    return cfg->n_clusters * cfg->n_cores_per_cluster;
}

uint32_t gs_config_n_sub_partitions(const gs_config *cfg)
{
    return cfg->n_mem * cfg->n_sub_partition_per_mchannel;
}

uint32_t gs_config_warps_per_sm(const gs_config *cfg)
{
    return cfg->warp_size ? cfg->max_threads_per_sm / cfg->warp_size : 0u;
}

uint32_t gs_config_period_ps(uint32_t khz)
{
    /* 1 kHz = 1e9 ps; round to nearest */
    return khz ? (uint32_t)((1000000000ull + khz / 2u) / khz) : 0u;
}
