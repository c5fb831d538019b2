/*
 * BookSim interconnect files (`-inter_config_file`, e.g. SM2_GTX480's
 * config_fermi_islip.icnt): `key = value;` statements and `//` comments.
 *
 * gpusim models one crossbar per direction, so it keeps the keys that size or
 * time a crossbar (flit size, virtual channels, buffers, router delays,
 * speedups) as the options -gs_icnt_<key> (so --dump-config reproduces them)
 * and names every other key once in a note. Values of kept keys go through
 * the option table's range checks.
 */
#include <string.h>

#include "base/config_internal.h"
#include "base/fmt.h"

static const char *const kept_keys[] = {
    "flit_size", "num_vcs", "vc_buf_size", "input_buffer_size", "ejection_buffer_size",
    "boundary_buffer_size", "subnets", "routing_delay", "vc_alloc_delay", "sw_alloc_delay",
    "credit_delay", "input_speedup", "output_speedup"
};

typedef struct icnt_cursor {
    const char *text;
    size_t length;
    size_t pos;
    size_t line_start;
    uint32_t line;
    const char *file;
} icnt_cursor;

static uint32_t icol(const icnt_cursor *c, size_t pos)
{
    return (uint32_t)(pos - c->line_start + 1u);
}

/* Skip whitespace (counting lines) and // comments. */
static void skip_space(icnt_cursor *c)
{
    while (c->pos < c->length) {
        char ch = c->text[c->pos];
        if (ch == '\n') {
            c->pos++;
            c->line++;
            c->line_start = c->pos;
        } else if (ch == ' ' || ch == '\t' || ch == '\r')
            c->pos++;
        else if (ch == '/' && c->pos + 1u < c->length && c->text[c->pos + 1u] == '/') {
            while (c->pos < c->length && c->text[c->pos] != '\n')
                c->pos++;
        } else
            break;
    }
}

static int is_ident(char ch, int first)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'
           || (!first && ch >= '0' && ch <= '9');
}

static void note_key(gs_config *cfg, const char *key, size_t length)
{
    gs_config_meta *m = &cfg->meta;
    uint32_t i;
    char name[32];
    size_t n = length < sizeof name - 1u ? length : sizeof name - 1u;
    memcpy(name, key, n);
    name[n] = '\0';
    for (i = 0; i < m->n_icnt_noted; i++)
        if (strcmp(m->icnt_noted[i], name) == 0)
            return;
    if (m->n_icnt_noted < GS_CONFIG_ICNT_NOTES_MAX)
        gs_str_copy(m->icnt_noted[m->n_icnt_noted++], sizeof m->icnt_noted[0], name);
}

static int kept_key(const char *key, size_t length)
{
    uint32_t i;
    for (i = 0; i < sizeof kept_keys / sizeof kept_keys[0]; i++)
        if (strlen(kept_keys[i]) == length && memcmp(kept_keys[i], key, length) == 0)
            return 1;
    return 0;
}

/* Set -gs_icnt_<key> through the option table, reporting at the value. */
static gs_status set_kept(gs_config *cfg, icnt_cursor *c, const char *key, size_t key_length,
                          size_t value_start, size_t value_length, gs_diag *diag)
{
    char name[48];
    int index;
    gs_value_error error;
    gs_fmt(name, sizeof name, "gs_icnt_");
    memcpy(name + 8, key, key_length);
    name[8 + key_length] = '\0';
    index = gs_option_find(name, strlen(name));
    GS_ASSERT(index >= 0);
    if (!gs_config_value_parse(cfg, &gs_options[index], c->text + value_start, value_length,
                               &error))
        return gs_diag_set(diag, GS_E_CONFIG, c->file, c->line, icol(c, value_start) +
                           error.offset, "%s (interconnect key %s)", error.message, name + 8);
    cfg->meta.set_at[index].file_index = 0;
    cfg->meta.set_at[index].line = 0;   /* reported through -inter_config_file's place */
    return GS_OK;
}

static gs_status parse_statement(gs_config *cfg, icnt_cursor *c, gs_diag *diag)
{
    size_t key = c->pos, key_length, value, end;
    if (!is_ident(c->text[c->pos], 1))
        return gs_diag_set(diag, GS_E_CONFIG, c->file, c->line, icol(c, c->pos),
                           "expected 'key = value;' (BookSim .icnt syntax)");
    while (c->pos < c->length && is_ident(c->text[c->pos], 0))
        c->pos++;
    key_length = c->pos - key;
    while (c->pos < c->length && (c->text[c->pos] == ' ' || c->text[c->pos] == '\t'))
        c->pos++;
    if (c->pos >= c->length || c->text[c->pos] != '=')
        return gs_diag_set(diag, GS_E_CONFIG, c->file, c->line, icol(c, c->pos),
                           "expected '=' after interconnect key");
    c->pos++;
    while (c->pos < c->length && (c->text[c->pos] == ' ' || c->text[c->pos] == '\t'))
        c->pos++;
    value = c->pos;
    while (c->pos < c->length && c->text[c->pos] != ';' && c->text[c->pos] != '\n')
        c->pos++;
    if (c->pos >= c->length || c->text[c->pos] != ';')
        return gs_diag_set(diag, GS_E_CONFIG, c->file, c->line, icol(c, c->pos),
                           "missing ';' after the value of an interconnect key");
    end = c->pos;
    while (end > value && (c->text[end - 1u] == ' ' || c->text[end - 1u] == '\t'
                           || c->text[end - 1u] == '\r'))
        end--;
    if (end == value)
        return gs_diag_set(diag, GS_E_CONFIG, c->file, c->line, icol(c, value),
                           "interconnect key has an empty value");
    c->pos++;
    if (kept_key(c->text + key, key_length))
        return set_kept(cfg, c, c->text + key, key_length, value, end - value, diag);
    note_key(cfg, c->text + key, key_length);
    return GS_OK;
}

gs_status gs_config_parse_icnt(gs_config *cfg, const char *file_name, const char *text,
                               size_t length, gs_diag *diag)
{
    icnt_cursor c;
    gs_status text_status = gs_diag_check_text(diag, GS_E_CONFIG, file_name, text, length,
                                               "an interconnect configuration file");
    if (text_status != GS_OK)
        return text_status;
    c.text = text;
    c.length = length;
    c.pos = 0;
    c.line_start = 0;
    c.line = 1;
    c.file = file_name;
    for (;;) {
        gs_status status;
        skip_space(&c);
        if (c.pos >= c.length)
            return GS_OK;
        status = parse_statement(cfg, &c, diag);
        if (status != GS_OK)
            return status;
    }
}
