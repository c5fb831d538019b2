/*
 * Workload-file parser (workload.h gives the syntax; README.md "Workload
 * files" the full reference). One directive per line, `#` starts a comment,
 * words are separated by spaces or tabs. Every error is one diagnostic with
 * the file, line and column of the offending word (DESIGN.md section 8).
 * Library code: no allocation, fixed capacities from workload.h.
 */
#include <stdarg.h>
#include <string.h>

#include "host/workload.h"
#include "base/fmt.h"
#include "exec/exec.h"
#include "host/routine.h"

typedef struct wl_word {
    const char *text;
    size_t length;
    uint32_t column;
} wl_word;

typedef struct wl_parser {
    gs_workload *wl;
    gs_diag *diag;
    uint32_t line;
    uint32_t num_words;
    wl_word words[GS_WL_MAX_WORDS];
    int open_repeat;               /* step index of an unclosed repeat, or -1 */
    uint32_t end_column;           /* column just past the line's last word */
    uint64_t total_bytes;          /* the buffers declared so far */
} wl_parser;

static const char *const type_names[GS_WL_TYPE_COUNT] = {
    "u8", "u16", "u32", "s32", "u64", "s64", "f32"
};
static const uint8_t type_bytes[GS_WL_TYPE_COUNT] = { 1, 2, 4, 4, 8, 8, 4 };

uint32_t gs_wl_type_bytes(gs_wl_type type)
{
    return type < GS_WL_TYPE_COUNT ? type_bytes[type] : 0u;
}

const char *gs_wl_type_name(gs_wl_type type)
{
    return type < GS_WL_TYPE_COUNT ? type_names[type] : "?";
}

uint64_t gs_wl_buffer_bytes(const gs_wl_buffer *buffer)
{
    return buffer->count * gs_wl_type_bytes((gs_wl_type)buffer->type);
}

int gs_wl_find_buffer(const gs_workload *wl, const char *name)
{
    unsigned i;
    for (i = 0; i < wl->num_buffers; i++)
        if (strcmp(wl->buffers[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* ---- errors ---------------------------------------------------------- */

#define WL_SHOW_MAX 64u

/* The word's text for a message (cut at WL_SHOW_MAX - 1 characters). */
static const char *show(const wl_word *w, char out[WL_SHOW_MAX])
{
    size_t n = w->length < WL_SHOW_MAX - 1u ? w->length : WL_SHOW_MAX - 1u;
    memcpy(out, w->text, n);
    out[n] = '\0';
    return out;
}

static gs_status fail(wl_parser *p, uint32_t column, const char *format, ...)
    GS_PRINTF_LIKE(3, 4);

static gs_status fail(wl_parser *p, uint32_t column, const char *format, ...)
{
    char message[GS_DIAG_MSG_MAX];
    va_list args;
    va_start(args, format);
    gs_vfmt(message, sizeof message, format, args);
    va_end(args);
    return gs_diag_set(p->diag, GS_E_WORKLOAD, p->wl->file, p->line, column, "%s", message);
}

/* ---- words and literals -------------------------------------------------- */

/* The first `c` in text[0..length), or NULL (memchr is not in the
 * library's libc subset, DESIGN.md section 1.3). */
static const char *find_char(const char *text, int c, size_t length)
{
    size_t i;
    for (i = 0; i < length; i++)
        if (text[i] == (char)c)
            return text + i;
    return NULL;
}

static int word_is(const wl_word *w, const char *text)
{
    size_t n = strlen(text);
    return w->length == n && memcmp(w->text, text, n) == 0;
}

static int wl_is_name_char(char c, int first)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
        return 1;
    return !first && ((c >= '0' && c <= '9') || c == '$');
}

static int is_name(const char *text, size_t length)
{
    size_t i;
    if (length == 0 || length >= GS_WL_NAME_MAX)
        return 0;
    for (i = 0; i < length; i++)
        if (!wl_is_name_char(text[i], i == 0))
            return 0;
    return 1;
}

/* A PTX identifier (PTX ISA 4.4: a letter, '_' or '$' then letters,
 * digits, '_' and '$'), of any length up to GS_KERNEL_NAME_MAX - 1. */
static int is_kernel_name(const char *text, size_t length)
{
    size_t i;
    if (length == 0 || length >= GS_KERNEL_NAME_MAX)
        return 0;
    for (i = 0; i < length; i++)
        if (!wl_is_name_char(text[i], 0) || (i == 0 && text[i] >= '0' && text[i] <= '9'))
            return 0;
    return 1;
}

const char *gs_wl_kernel_name(const gs_workload *wl, const gs_wl_step *step)
{
    return wl->kernel_names + step->kernel_at;
}

int gs_wl_has_cooperative(const gs_workload *wl)
{
    unsigned i;
    for (i = 0; i < wl->num_steps; i++)
        if (wl->steps[i].kind == GS_WL_STEP_LAUNCH && wl->steps[i].cooperative)
            return 1;
    return 0;
}

static void copy_text(char *out, const char *text, size_t length)
{
    memcpy(out, text, length);
    out[length] = '\0';
}

static int parse_type(const char *text, size_t length, gs_wl_type *type)
{
    unsigned t;
    for (t = 0; t < GS_WL_TYPE_COUNT; t++)
        if (strlen(type_names[t]) == length && memcmp(type_names[t], text, length) == 0) {
            *type = (gs_wl_type)t;
            return 1;
        }
    return 0;
}

static int wl_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A decimal [-+]D[.D] (18 significant digits, 18 places at most) -> sign, digits as an
 * integer, and the number of fractional digits. */
static int parse_decimal(const char *t, size_t n, int *negative, uint64_t *digits,
                         unsigned *fraction)
{
    size_t i = 0;
    unsigned significant = 0, frac = 0;
    int dot = 0, digits_seen = 0;
    uint64_t v = 0;
    *negative = n > 0 && t[0] == '-';
    if (n > 0 && (t[0] == '-' || t[0] == '+'))
        i = 1;
    for (; i < n; i++) {
        if (t[i] == '.' && !dot) {
            dot = 1;
            continue;
        }
        if (t[i] < '0' || t[i] > '9')
            return 0;
        /* at most 18 significant digits and 18 decimal places: < 2^62 */
        if ((v != 0 || t[i] != '0') && ++significant > 18u)
            return 0;
        v = v * 10u + (uint64_t)(t[i] - '0');
        frac += (unsigned)dot;
        digits_seen = 1;
    }
    if (!digits_seen || frac > 18u)
        return 0;
    *digits = v;
    *fraction = frac;
    return 1;
}

static uint64_t power_of_ten(unsigned k)
{
    uint64_t p = 1;
    while (k--)
        p *= 10u;
    return p;
}

static int parse_f32(const char *t, size_t n, uint64_t *bits)
{
    int negative;
    uint64_t digits;
    unsigned frac, i;
    uint32_t value = 0;
    if (n == 10 && t[0] == '0' && (t[1] == 'f' || t[1] == 'F')) {
        for (i = 2; i < 10; i++) {
            int d = wl_hex_digit(t[i]);
            if (d < 0)
                return 0;
            value = value << 4 | (uint32_t)d;
        }
        *bits = value;
        return 1;
    }
    if (!parse_decimal(t, n, &negative, &digits, &frac))
        return 0;
    value = gs_datagen_f32_ratio(negative, digits, power_of_ten(frac));
    if (value == GS_DATAGEN_F32_BAD)
        return 0;
    *bits = value;
    return 1;
}

int gs_wl_parse_value(gs_wl_type type, const char *text, size_t length, uint64_t *bits)
{
    int64_t s;
    uint64_t u;
    unsigned width = gs_wl_type_bytes(type) * 8u;
    if (type == GS_WL_F32)
        return parse_f32(text, length, bits);
    if (type == GS_WL_S32 || type == GS_WL_S64) {
        if (!gs_parse_i64(text, length, &s))
            return 0;
        if (type == GS_WL_S32 && (s < INT32_MIN || s > INT32_MAX))
            return 0;
        *bits = (uint64_t)s;
        return 1;
    }
    if (!gs_parse_u64(text, length, &u) || (width < 64u && u >> width))
        return 0;
    *bits = u;
    return 1;
}

/* ---- words and options ---------------------------------------------- */

/* Split one line (comment removed) into words. */
static gs_status split_line(wl_parser *p, const char *line, size_t length)
{
    size_t i = 0;
    p->num_words = 0;
    p->end_column = 1;
    while (i < length && line[i] != '#') {
        size_t start;
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            i++;
            continue;
        }
        start = i;
        while (i < length && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' &&
               line[i] != '#')
            i++;
        if (p->num_words == GS_WL_MAX_WORDS)
            return fail(p, (uint32_t)start + 1u, "more than %u words on one line",
                        GS_WL_MAX_WORDS);
        p->words[p->num_words].text = line + start;
        p->words[p->num_words].length = i - start;
        p->words[p->num_words].column = (uint32_t)start + 1u;
        p->num_words++;
        p->end_column = (uint32_t)i + 1u;
    }
    return GS_OK;
}

/* key=value options from word `first` on; values[k] gets the value of
 * keys[k] (text NULL when absent). `allowed` lists the keys for messages. */
static gs_status read_options(wl_parser *p, unsigned first, const char *const *keys,
                              unsigned num_keys, const char *allowed, wl_word *values)
{
    unsigned i, k;
    char t[WL_SHOW_MAX];
    for (k = 0; k < num_keys; k++)
        values[k].text = NULL;
    for (i = first; i < p->num_words; i++) {
        const wl_word *w = &p->words[i];
        const char *eq = find_char(w->text, '=', w->length);
        size_t key_length = eq ? (size_t)(eq - w->text) : 0;
        for (k = 0; k < num_keys && eq; k++)
            if (strlen(keys[k]) == key_length && memcmp(keys[k], w->text, key_length) == 0)
                break;
        if (!eq || k == num_keys)
            return fail(p, w->column, "unexpected '%s' (options here: %s)", show(w, t), allowed);
        if (values[k].text)
            return fail(p, w->column, "option '%s' given twice", keys[k]);
        values[k].text = eq + 1;
        values[k].length = w->length - key_length - 1u;
        values[k].column = w->column + (uint32_t)key_length + 1u;
    }
    return GS_OK;
}

static gs_status require_option(wl_parser *p, const wl_word *value, const char *key)
{
    if (value->text == NULL)
        return fail(p, p->end_column, "missing option %s=", key);
    return GS_OK;
}

static gs_status option_u64(wl_parser *p, const wl_word *value, const char *key,
                            uint64_t min, uint64_t max, uint64_t *out)
{
    if (!gs_parse_u64(value->text, value->length, out) || *out < min || *out > max)
        return fail(p, value->column, "%s= takes an integer from %llu to %llu", key,
                    (unsigned long long)min, (unsigned long long)max);
    return GS_OK;
}

/* LO..HI with LO <= HI <= max. */
static gs_status option_range(wl_parser *p, const wl_word *value, const char *key,
                              uint32_t max, uint32_t *lo, uint32_t *hi)
{
    const char *dots = NULL;
    uint64_t a = 0, b = 0;
    size_t i;
    for (i = 0; i + 1u < value->length && !dots; i++)
        if (value->text[i] == '.' && value->text[i + 1u] == '.')
            dots = value->text + i;
    if (!dots || !gs_parse_u64(value->text, (size_t)(dots - value->text), &a) ||
        !gs_parse_u64(dots + 2, value->length - (size_t)(dots - value->text) - 2u, &b) ||
        a > b || b > max)
        return fail(p, value->column, "%s= takes LO..HI with 0 <= LO <= HI <= %u", key,
                    (unsigned)max);
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
    return GS_OK;
}

/* A random-f32 bound: decimal with at most 6 fractional digits and
 * magnitude at most GS_DATAGEN_FIXED_MAX_UNITS, as fixed point (x 10^6). */
static gs_status option_fixed(wl_parser *p, const wl_word *value, const char *key,
                              int64_t *out)
{
    int negative;
    uint64_t digits;
    unsigned frac;
    if (!parse_decimal(value->text, value->length, &negative, &digits, &frac) || frac > 6u ||
        digits / power_of_ten(frac) > GS_DATAGEN_FIXED_MAX_UNITS)
        return fail(p, value->column, "%s= of a random f32 buffer takes a decimal with at "
                    "most 6 decimal places and magnitude at most %u", key,
                    GS_DATAGEN_FIXED_MAX_UNITS);
    digits *= power_of_ten(6u - frac);
    *out = negative ? -(int64_t)digits : (int64_t)digits;
    return GS_OK;
}

static gs_status lookup_buffer(wl_parser *p, const wl_word *w, size_t length, uint16_t *index);
static int wl_find_texture(const gs_workload *wl, const char *text, size_t length);
static gs_status new_step(wl_parser *p, gs_wl_step_kind kind, gs_wl_step **out);

/* ---- buffers -------------------------------------------------------- */

/* The launch option of a cooperative launch (a bare word, so no buffer
 * may take its name). */
#define WL_COOPERATIVE "cooperative"

static int is_cooperative_word(const wl_word *w)
{
    return w->length == sizeof WL_COOPERATIVE - 1u &&
           memcmp(w->text, WL_COOPERATIVE, w->length) == 0;
}

static gs_status add_buffer(wl_parser *p, const wl_word *name, gs_wl_type type,
                            uint64_t count, gs_wl_buffer **out)
{
    gs_workload *wl = p->wl;
    gs_wl_buffer *b;
    char t[WL_SHOW_MAX];
    if (!is_name(name->text, name->length))
        return fail(p, name->column, "'%s' is not a valid buffer name (letters, digits, _; "
                    "at most %u characters)", show(name, t), GS_WL_NAME_MAX - 1u);
    if (is_cooperative_word(name))
        return fail(p, name->column, "'%s' is a launch option, not a buffer name",
                    WL_COOPERATIVE);
    if (wl->num_buffers == GS_WL_MAX_BUFFERS)
        return fail(p, name->column, "more than %u buffers", GS_WL_MAX_BUFFERS);
    b = &wl->buffers[wl->num_buffers];
    copy_text(b->name, name->text, name->length);
    if (gs_wl_find_buffer(wl, b->name) >= 0)
        return fail(p, name->column, "buffer '%s' is already declared", b->name);
    if (wl_find_texture(wl, name->text, name->length) >= 0)
        return fail(p, name->column, "'%s' is already a texture name", b->name);
    if (count == 0 || count > GS_WL_BUFFER_BYTES_MAX / gs_wl_type_bytes(type))
        return fail(p, name->column, "buffer '%s' must have 1 to %llu elements of %s "
                    "(at most %llu bytes)", b->name,
                    (unsigned long long)(GS_WL_BUFFER_BYTES_MAX / gs_wl_type_bytes(type)),
                    gs_wl_type_name(type), (unsigned long long)GS_WL_BUFFER_BYTES_MAX);
    if (p->total_bytes + count * gs_wl_type_bytes(type) > GS_WL_TOTAL_BYTES_MAX)
        return fail(p, name->column, "buffer '%s' takes the workload's buffers past %llu bytes "
                    "in all (the device memory a workload may fill)", b->name,
                    (unsigned long long)GS_WL_TOTAL_BYTES_MAX);
    p->total_bytes += count * gs_wl_type_bytes(type);
    b->type = (uint8_t)type;
    b->count = count;
    b->line = p->line;
    wl->num_buffers++;
    *out = b;
    return GS_OK;
}

static gs_status read_type(wl_parser *p, const wl_word *w, gs_wl_type *type)
{
    char t[WL_SHOW_MAX];
    if (!parse_type(w->text, w->length, type))
        return fail(p, w->column, "unknown type '%s' (types: u8 u16 u32 s32 u64 s64 f32)",
                    show(w, t));
    return GS_OK;
}

static gs_status read_typed_value(wl_parser *p, const wl_word *w, gs_wl_type type, uint64_t *bits)
{
    char t[WL_SHOW_MAX];
    if (!gs_wl_parse_value(type, w->text, w->length, bits))
        return fail(p, w->column, type == GS_WL_F32
                    ? "'%s' is not an f32 value (a decimal or 0fXXXXXXXX within f32 range)"
                    : "'%s' is not an integer that fits %s", show(w, t), gs_wl_type_name(type));
    return GS_OK;
}

static int signed_less(gs_wl_type type, uint64_t a, uint64_t b)
{
    if (type == GS_WL_S32 || type == GS_WL_S64)
        return (int64_t)a < (int64_t)b;
    return a < b;
}

static gs_status init_random(wl_parser *p, gs_wl_buffer *b, const wl_word *v)
{
    uint64_t lo, hi;
    gs_status st;
    if ((st = require_option(p, &v[0], "seed")) || (st = require_option(p, &v[1], "min")) ||
        (st = require_option(p, &v[2], "max")) ||
        (st = option_u64(p, &v[0], "seed", 0, UINT64_MAX, &b->init.seed)))
        return st;
    if (b->type == GS_WL_F32) {
        b->init.kind = GS_DATAGEN_RANDOM_F32;
        if ((st = option_fixed(p, &v[1], "min", &b->init.min)) ||
            (st = option_fixed(p, &v[2], "max", &b->init.max)))
            return st;
        lo = (uint64_t)b->init.min;
        hi = (uint64_t)b->init.max;
        if ((int64_t)hi < (int64_t)lo)
            return fail(p, v[2].column, "max= is below min=");
        return GS_OK;
    }
    b->init.kind = GS_DATAGEN_RANDOM_INT;
    if ((st = read_typed_value(p, &v[1], (gs_wl_type)b->type, &lo)) ||
        (st = read_typed_value(p, &v[2], (gs_wl_type)b->type, &hi)))
        return st;
    if (signed_less((gs_wl_type)b->type, hi, lo))
        return fail(p, v[2].column, "max= is below min=");
    b->init.min = (int64_t)lo;
    b->init.max = (int64_t)hi;
    return GS_OK;
}

static gs_status init_iota(wl_parser *p, gs_wl_buffer *b, const wl_word *v)
{
    unsigned k;
    int64_t *dest[2];
    dest[0] = &b->init.start;
    dest[1] = &b->init.step;
    b->init.kind = GS_DATAGEN_IOTA;
    b->init.as_f32 = b->type == GS_WL_F32;
    b->init.step = 1;
    for (k = 0; k < 2; k++)
        if (v[k].text && !gs_parse_i64(v[k].text, v[k].length, dest[k]))
            return fail(p, v[k].column, "%s= of iota takes an integer",
                        k == 0 ? "start" : "step");
    return GS_OK;
}

static gs_status init_file(wl_parser *p, gs_wl_buffer *b, const wl_word *path)
{
    gs_status st = require_option(p, path, "path");
    if (st)
        return st;
    if (path->length == 0 || path->length >= GS_WL_PATH_MAX)
        return fail(p, path->column, "path= must have 1 to %u characters", GS_WL_PATH_MAX - 1u);
    copy_text(b->path, path->text, path->length);
    b->from_file = 1;
    return GS_OK;
}

static const char *const const_keys[] = { "value" };
static const char *const iota_keys[] = { "start", "step" };
static const char *const random_keys[] = { "seed", "min", "max" };
static const char *const file_keys[] = { "path" };

/* Word 4 names the initialiser; its options follow. */
static gs_status parse_init(wl_parser *p, gs_wl_buffer *b)
{
    const wl_word *init = &p->words[4];
    wl_word v[3];
    gs_status st;
    char t[WL_SHOW_MAX];
    if (word_is(init, "zero"))
        return read_options(p, 5, NULL, 0, "none", v);
    if (word_is(init, "const")) {
        b->init.kind = GS_DATAGEN_CONST;
        if ((st = read_options(p, 5, const_keys, 1, "value=", v)) ||
            (st = require_option(p, &v[0], "value")))
            return st;
        return read_typed_value(p, &v[0], (gs_wl_type)b->type, &b->init.value);
    }
    if (word_is(init, "iota"))
        return (st = read_options(p, 5, iota_keys, 2, "start= step=", v)) ? st
               : init_iota(p, b, v);
    if (word_is(init, "random"))
        return (st = read_options(p, 5, random_keys, 3, "seed= min= max=", v)) ? st
               : init_random(p, b, v);
    if (word_is(init, "file"))
        return (st = read_options(p, 5, file_keys, 1, "path=", v)) ? st : init_file(p, b, v);
    return fail(p, init->column, "unknown initialiser '%s' (zero, const, iota, random, file)",
                show(init, t));
}

/* buffer NAME TYPE COUNT INITIALISER [key=value...] */
static gs_status parse_buffer(wl_parser *p)
{
    gs_wl_type type = GS_WL_U8;
    uint64_t count;
    gs_wl_buffer *b;
    gs_status st;
    char t[WL_SHOW_MAX];
    if (p->num_words < 5)
        return fail(p, p->end_column, "buffer needs NAME TYPE COUNT INITIALISER");
    if ((st = read_type(p, &p->words[2], &type)))
        return st;
    if (!gs_parse_u64(p->words[3].text, p->words[3].length, &count))
        return fail(p, p->words[3].column, "element count '%s' is not an integer",
                    show(&p->words[3], t));
    if ((st = add_buffer(p, &p->words[1], type, count, &b)))
        return st;
    return parse_init(p, b);
}

/* ---- textures and surfaces -------------------------------------------- */

static const char *const texture_keys[] = {
    "dims", "format", "layers", "resource", "pitch", "filter", "address", "coords", "read",
    "border"
};
#define WL_TEXTURE_KEYS "dims= format= layers= resource= pitch= filter= address= coords= " \
    "read= border="

static int wl_find_texture(const gs_workload *wl, const char *text, size_t length)
{
    unsigned i;
    for (i = 0; i < wl->num_textures; i++)
        if (strlen(wl->textures[i].name) == length &&
            memcmp(wl->textures[i].name, text, length) == 0)
            return (int)i;
    return -1;
}

/* One of `names` (count of them): its index. */
static gs_status texture_choice(wl_parser *p, const wl_word *v, const char *key,
                                const char *const *names, unsigned count, const char *allowed,
                                uint8_t *out)
{
    unsigned i;
    char t[WL_SHOW_MAX];
    for (i = 0; i < count; i++)
        if (strlen(names[i]) == v->length && memcmp(names[i], v->text, v->length) == 0) {
            *out = (uint8_t)i;
            return GS_OK;
        }
    return fail(p, v->column, "%s= takes %s, not '%s'", key, allowed, show(v, t));
}

/* format=u8 ... f32, with x1, x2 or x4 channels. */
static gs_status texture_format(wl_parser *p, const wl_word *v, gs_tex_desc *d)
{
    static const char *const bases[GS_TEX_FORMAT_COUNT] = {
        "u8", "s8", "u16", "s16", "u32", "s32", "f16", "f32"
    };
    const char *x = find_char(v->text, 'x', v->length);
    wl_word base = *v;
    char t[WL_SHOW_MAX];
    d->channels = 1;
    if (x) {
        size_t n = v->length - (size_t)(x - v->text) - 1u;
        base.length = (size_t)(x - v->text);
        d->channels = (uint8_t)(n == 1u ? x[1] - '0' : 0);
        if (d->channels != 1 && d->channels != 2 && d->channels != 4)
            return fail(p, v->column, "format= takes a channel count x1, x2 or x4, not '%s'",
                        show(v, t));
    }
    return texture_choice(p, &base, "format", bases, GS_TEX_FORMAT_COUNT,
                          "u8 s8 u16 s16 u32 s32 f16 f32 (with x2 or x4)", &d->format);
}

/* dims=W[,H[,D]] */
static gs_status texture_dims(wl_parser *p, const wl_word *v, gs_tex_desc *d)
{
    uint32_t dims[3] = { 1u, 1u, 1u };
    size_t i = 0, start;
    unsigned n = 0;
    uint64_t value;
    for (;;) {
        start = i;
        while (i < v->length && v->text[i] != ',')
            i++;
        if (n == 3 || !gs_parse_u64(v->text + start, i - start, &value) || value == 0 ||
            value > 0xFFFFFFFFu)
            return fail(p, v->column, "dims= takes W[,H[,D]], each at least 1");
        dims[n++] = (uint32_t)value;
        if (i == v->length)
            break;
        i++;
    }
    d->dims = (uint8_t)n;
    d->width = dims[0];
    d->height = dims[1];
    d->depth = dims[2];
    return GS_OK;
}

/* address=M[,M[,M]] (one mode for all dimensions, or one each). */
static gs_status texture_address(wl_parser *p, const wl_word *v, gs_tex_desc *d)
{
    static const char *const modes[] = { "wrap", "clamp", "mirror", "border" };
    size_t i = 0, start;
    unsigned n = 0;
    gs_status st;
    for (;;) {
        wl_word one = *v;
        start = i;
        while (i < v->length && v->text[i] != ',')
            i++;
        one.text = v->text + start;
        one.length = i - start;
        one.column = v->column + (uint32_t)start;
        if (n == 3)
            return fail(p, v->column, "address= takes at most 3 modes");
        if ((st = texture_choice(p, &one, "address", modes, 4, "wrap, clamp, mirror or border",
                                 &d->address[n++])))
            return st;
        if (i == v->length)
            break;
        i++;
    }
    for (; n < 3; n++)
        d->address[n] = d->address[n - 1u];
    return GS_OK;
}

static gs_status texture_options(wl_parser *p, const wl_word *o, int surface, gs_tex_desc *d)
{
    static const char *const resources[] = { "array", "linear", "pitch2d" };
    static const char *const filters[] = { "point", "linear" };
    static const char *const coords[] = { "unnormalized", "normalized" };
    static const char *const reads[] = { "element", "normalized" };
    uint64_t value;
    gs_status st;
    if ((st = require_option(p, &o[0], "dims")) || (st = require_option(p, &o[1], "format")) ||
        (st = texture_dims(p, &o[0], d)) || (st = texture_format(p, &o[1], d)))
        return st;
    d->address[0] = d->address[1] = d->address[2] = GS_TEX_CLAMP;   /* CUDA's default */
    if (o[2].text) {
        if ((st = option_u64(p, &o[2], "layers", 1, 2048, &value)))
            return st;
        if (d->dims == 3)
            return fail(p, o[2].column, "layers= takes a 1-D or 2-D texture (dims=W or W,H)");
        d->layered = 1;
        d->depth = (uint32_t)value;
    }
    if (surface)
        return GS_OK;
    if ((o[3].text && (st = texture_choice(p, &o[3], "resource", resources, 3,
                                           "array, linear or pitch2d", &d->resource))) ||
        (o[5].text && (st = texture_choice(p, &o[5], "filter", filters, 2, "point or linear",
                                           &d->filter))) ||
        (o[6].text && (st = texture_address(p, &o[6], d))) ||
        (o[7].text && (st = texture_choice(p, &o[7], "coords", coords, 2,
                                           "unnormalized or normalized",
                                           &d->normalized_coords))) ||
        (o[8].text && (st = texture_choice(p, &o[8], "read", reads, 2, "element or normalized",
                                           &d->read_normalized))))
        return st;
    if (o[4].text) {
        if ((st = option_u64(p, &o[4], "pitch", 1, 0xFFFFFFFFu, &value)))
            return st;
        d->pitch = value;
    }
    if (o[9].text) {   /* the border texel: an f32, or an integer for integer reads */
        int integer = d->format <= GS_TEX_S32 && d->format != GS_TEX_F16 &&
                      !(d->read_normalized && d->format <= GS_TEX_S16);
        if ((st = read_typed_value(p, &o[9], integer ? GS_WL_S32 : GS_WL_F32, &value)))
            return st;
        d->border[0] = d->border[1] = d->border[2] = d->border[3] = (uint32_t)value;
    }
    return GS_OK;
}

/* texture NAME BUFFER key=value...   surface NAME BUFFER key=value...
 * The descriptor is checked as gs_host_texture_create will check it
 * (everything but its base, known at run time), so a bad line fails here. */
static gs_status parse_texture(wl_parser *p, int surface)
{
    gs_workload *wl = p->wl;
    gs_wl_texture *x;
    wl_word o[10];
    uint64_t extent, bytes;
    gs_status st;
    gs_diag rule;
    char t[WL_SHOW_MAX];
    if (p->num_words < 3)
        return fail(p, p->end_column, "%s needs NAME BUFFER dims=... format=...",
                    surface ? "surface" : "texture");
    if (wl->num_textures == GS_WL_MAX_TEXTURES)
        return fail(p, p->words[0].column, "more than %u texture and surface lines",
                    GS_WL_MAX_TEXTURES);
    x = &wl->textures[wl->num_textures];
    memset(x, 0, sizeof *x);
    if (!is_name(p->words[1].text, p->words[1].length) || is_cooperative_word(&p->words[1]))
        return fail(p, p->words[1].column, "'%s' is not a valid texture name (letters, digits, "
                    "_; at most %u characters)", show(&p->words[1], t), GS_WL_NAME_MAX - 1u);
    copy_text(x->name, p->words[1].text, p->words[1].length);
    if (gs_wl_find_buffer(wl, x->name) >= 0 ||
        wl_find_texture(wl, p->words[1].text, p->words[1].length) >= 0)
        return fail(p, p->words[1].column, "'%s' is already a buffer or texture name", x->name);
    if ((st = lookup_buffer(p, &p->words[2], p->words[2].length, &x->buffer)) ||
        (st = read_options(p, 3, texture_keys, surface ? 3u : 10u,
                           surface ? "dims= format= layers=" : WL_TEXTURE_KEYS, o)) ||
        (st = texture_options(p, o, surface, &x->desc)))
        return st;
    x->desc.is_surface = (uint8_t)surface;
    if (!x->desc.pitch)
        x->desc.pitch = (uint64_t)x->desc.width * gs_tex_texel_bytes(&x->desc);
    x->desc.slice = x->desc.pitch * x->desc.height;
    x->line = p->line;
    if (gs_tex_desc_check(&x->desc, &rule) != GS_OK)   /* sizes first: no extent wraps */
        return fail(p, p->words[0].column, "%s", rule.message);
    extent = (uint64_t)(x->desc.depth - 1u) * x->desc.slice +
             (uint64_t)(x->desc.height - 1u) * x->desc.pitch +
             (uint64_t)x->desc.width * gs_tex_texel_bytes(&x->desc);
    bytes = gs_wl_buffer_bytes(&wl->buffers[x->buffer]);
    if (extent > bytes)
        return fail(p, p->words[2].column, "the %s needs %llu bytes and buffer '%s' has %llu",
                    surface ? "surface" : "texture", (unsigned long long)extent,
                    wl->buffers[x->buffer].name, (unsigned long long)bytes);
    wl->num_textures++;
    return GS_OK;
}

/* bind REF NAME: a step binding the modules' .texref/.surfref REF. */
static gs_status parse_bind(wl_parser *p)
{
    gs_wl_step *s = NULL;
    gs_status st;
    int found;
    char t[WL_SHOW_MAX], name[GS_WL_NAME_MAX];
    if (p->num_words != 3)
        return fail(p, p->words[0].column, "bind takes REF NAME (a .texref or .surfref and a "
                    "texture or surface)");
    if (!is_name(p->words[1].text, p->words[1].length))
        return fail(p, p->words[1].column, "'%s' is not a .texref/.surfref name (letters, "
                    "digits, _; at most %u characters)", show(&p->words[1], t),
                    GS_WL_NAME_MAX - 1u);
    found = wl_find_texture(p->wl, p->words[2].text, p->words[2].length);
    if (found < 0)
        return fail(p, p->words[2].column, "unknown texture or surface '%s'",
                    show(&p->words[2], t));
    copy_text(name, p->words[1].text, p->words[1].length);
    if ((st = new_step(p, GS_WL_STEP_BIND, &s)))
        return st;
    memcpy(s->name, name, sizeof name);
    s->buffer = (uint16_t)found;
    return GS_OK;
}

/* ---- CSR patterns: graph and csr --------------------------------------- */

/* Row pointers (rows + 1 s32 words) must fit one buffer. */
#define WL_PATTERN_ROWS_MAX (GS_WL_BUFFER_BYTES_MAX / 4u - 1u)

static const char *const graph_keys[] = { "nodes", "degree", "seed", "layout" };
static const char *const csr_keys[] = { "rows", "cols", "nnz", "seed", "min", "max" };

/* Declares the pattern's buffers (s32 row pointers and columns, f32 values
 * when `values` is given) from a filled spec. */
static gs_status add_pattern(wl_parser *p, const gs_datagen_spec *spec, unsigned name_word,
                             int with_values)
{
    uint64_t least = (uint64_t)spec->rows * spec->nnz_min, nnz;
    uint64_t least_bytes = 4u * ((uint64_t)spec->rows + 1u + least * (with_values ? 2u : 1u));
    gs_wl_buffer *b;
    gs_status st;
    /* The bounds that need no drawing first: counting the non-zeros draws
     * every row's count, seconds for 2^28 rows (issue 20 defect 7). */
    if (least > (uint64_t)INT32_MAX)
        return fail(p, p->words[0].column, "the pattern has at least %llu non-zeros (edges); "
                    "it needs 1 to %d", (unsigned long long)least, (int)INT32_MAX);
    if (p->total_bytes + least_bytes > GS_WL_TOTAL_BYTES_MAX)
        return fail(p, p->words[0].column, "the pattern's buffers take at least %llu bytes, "
                    "and the workload's buffers may take %llu bytes in all (%llu taken before "
                    "it)", (unsigned long long)least_bytes,
                    (unsigned long long)GS_WL_TOTAL_BYTES_MAX,
                    (unsigned long long)p->total_bytes);
    nnz = gs_datagen_csr_nnz(spec);
    /* Row pointers and columns are s32 (the kernels' int*): both bounded. */
    if (nnz == 0 || nnz > (uint64_t)INT32_MAX)
        return fail(p, p->words[0].column, "the pattern has %llu non-zeros (edges); it needs "
                    "1 to %d", (unsigned long long)nnz, (int)INT32_MAX);
    if ((st = add_buffer(p, &p->words[name_word], GS_WL_S32, (uint64_t)spec->rows + 1u, &b)))
        return st;
    b->init = *spec;
    b->init.kind = GS_DATAGEN_CSR_ROWPTR;
    if ((st = add_buffer(p, &p->words[name_word + 1u], GS_WL_S32, nnz, &b)))
        return st;
    b->init = *spec;
    b->init.kind = GS_DATAGEN_CSR_COLS;
    if (!with_values)
        return GS_OK;
    if ((st = add_buffer(p, &p->words[name_word + 2u], GS_WL_F32, nnz, &b)))
        return st;
    b->init = *spec;
    b->init.kind = GS_DATAGEN_CSR_VALUES;
    return GS_OK;
}

/* layout=csr (OFFSETS: s32[nodes + 1] row pointers, the default) or
 * layout=nodes (s32[2 x nodes] {start, count} pairs: Rodinia BFS's Node
 * struct array, added for the workload suite's bfs and sssp). */
static gs_status graph_layout(wl_parser *p, const wl_word *layout)
{
    char t[WL_SHOW_MAX];
    gs_wl_buffer *offsets = &p->wl->buffers[p->wl->num_buffers - 2u];
    if (!layout->text || word_is(layout, "csr"))
        return GS_OK;
    if (!word_is(layout, "nodes"))
        return fail(p, layout->column, "layout= of graph is csr or nodes, not '%s'",
                    show(layout, t));
    if (8u * (uint64_t)offsets->init.rows > GS_WL_BUFFER_BYTES_MAX)
        return fail(p, layout->column, "layout=nodes needs 8 bytes a node: more than %llu "
                    "bytes", (unsigned long long)GS_WL_BUFFER_BYTES_MAX);
    offsets->count = 2u * (uint64_t)offsets->init.rows;
    offsets->init.kind = GS_DATAGEN_CSR_NODES;
    return GS_OK;
}

/* graph OFFSETS EDGES nodes=N degree=LO..HI seed=S [layout=csr|nodes] */
static gs_status parse_graph(wl_parser *p)
{
    gs_datagen_spec spec;
    wl_word v[4];
    uint64_t nodes;
    gs_status st;
    memset(&spec, 0, sizeof spec);
    if (p->num_words < 3)
        return fail(p, p->end_column, "graph needs OFFSETS EDGES nodes= degree= seed=");
    if ((st = read_options(p, 3, graph_keys, 4, "nodes= degree= seed= layout=", v)) ||
        (st = require_option(p, &v[0], "nodes")) || (st = require_option(p, &v[1], "degree")) ||
        (st = require_option(p, &v[2], "seed")) ||
        (st = option_u64(p, &v[0], "nodes", 1, WL_PATTERN_ROWS_MAX, &nodes)) ||
        (st = option_range(p, &v[1], "degree", (uint32_t)nodes, &spec.nnz_min,
                           &spec.nnz_max)) ||
        (st = option_u64(p, &v[2], "seed", 0, UINT64_MAX, &spec.seed)))
        return st;
    spec.rows = spec.cols = (uint32_t)nodes;
    if ((st = add_pattern(p, &spec, 1, 0)))
        return st;
    return graph_layout(p, &v[3]);
}

/* csr ROWPTR COLS VALUES rows=R cols=C nnz=LO..HI seed=S [min=A] [max=B] */
static gs_status parse_csr(wl_parser *p)
{
    gs_datagen_spec spec;
    wl_word v[6];
    uint64_t rows, cols;
    gs_status st;
    memset(&spec, 0, sizeof spec);
    spec.min = -GS_DATAGEN_FIXED_ONE;
    spec.max = GS_DATAGEN_FIXED_ONE;
    if (p->num_words < 4)
        return fail(p, p->end_column, "csr needs ROWPTR COLS VALUES rows= cols= nnz= seed=");
    if ((st = read_options(p, 4, csr_keys, 6, "rows= cols= nnz= seed= min= max=", v)) ||
        (st = require_option(p, &v[0], "rows")) || (st = require_option(p, &v[1], "cols")) ||
        (st = require_option(p, &v[2], "nnz")) || (st = require_option(p, &v[3], "seed")) ||
        (st = option_u64(p, &v[0], "rows", 1, WL_PATTERN_ROWS_MAX, &rows)) ||
        (st = option_u64(p, &v[1], "cols", 1, (uint64_t)INT32_MAX, &cols)) ||
        (st = option_range(p, &v[2], "nnz", (uint32_t)cols, &spec.nnz_min, &spec.nnz_max)) ||
        (st = option_u64(p, &v[3], "seed", 0, UINT64_MAX, &spec.seed)) ||
        (v[4].text && (st = option_fixed(p, &v[4], "min", &spec.min))) ||
        (v[5].text && (st = option_fixed(p, &v[5], "max", &spec.max))))
        return st;
    if (spec.max < spec.min)
        return fail(p, v[5].text ? v[5].column : v[4].column, "max= is below min=");
    spec.rows = (uint32_t)rows;
    spec.cols = (uint32_t)cols;
    return add_pattern(p, &spec, 1, 1);
}

/* ---- steps ------------------------------------------------------------ */

static gs_status new_step(wl_parser *p, gs_wl_step_kind kind, gs_wl_step **out)
{
    gs_workload *wl = p->wl;
    if (wl->num_steps == GS_WL_MAX_STEPS)
        return fail(p, p->words[0].column, "more than %u launch/set/repeat/end lines",
                    GS_WL_MAX_STEPS);
    *out = &wl->steps[wl->num_steps++];
    (*out)->kind = (uint8_t)kind;
    (*out)->line = p->line;
    (*out)->column = p->words[0].column;
    return GS_OK;
}

static gs_status lookup_buffer(wl_parser *p, const wl_word *w, size_t length, uint16_t *index)
{
    char name[GS_WL_NAME_MAX];
    char t[WL_SHOW_MAX];
    int found = -1;
    if (is_name(w->text, length)) {
        copy_text(name, w->text, length);
        found = gs_wl_find_buffer(p->wl, name);
    }
    if (found < 0) {
        wl_word named = *w;
        named.length = length;
        return fail(p, w->column, "unknown buffer '%s'", show(&named, t));
    }
    *index = (uint16_t)found;
    return GS_OK;
}

/* NAME[INDEX] with INDEX inside the buffer. */
static gs_status parse_element(wl_parser *p, const wl_word *w, uint16_t *buffer,
                               uint64_t *index)
{
    const char *open = find_char(w->text, '[', w->length);
    size_t name_length = open ? (size_t)(open - w->text) : 0;
    const gs_wl_buffer *b;
    gs_status st;
    char t[WL_SHOW_MAX];
    if (!open || w->text[w->length - 1u] != ']' ||
        !gs_parse_u64(open + 1, w->length - name_length - 2u, index))
        return fail(p, w->column, "'%s' is not an element NAME[INDEX]", show(w, t));
    if ((st = lookup_buffer(p, w, name_length, buffer)))
        return st;
    b = &p->wl->buffers[*buffer];
    if (*index >= b->count)
        return fail(p, w->column, "index %llu is outside buffer '%s' of %llu elements",
                    (unsigned long long)*index, b->name, (unsigned long long)b->count);
    return GS_OK;
}

/* set NAME[INDEX] = VALUE */
static gs_status parse_set(wl_parser *p)
{
    gs_wl_step *s = NULL;
    gs_status st;
    if (p->num_words != 4 || !word_is(&p->words[2], "="))
        return fail(p, p->words[0].column, "set takes NAME[INDEX] = VALUE");
    if ((st = new_step(p, GS_WL_STEP_SET, &s)) ||
        (st = parse_element(p, &p->words[1], &s->buffer, &s->index)))
        return st;
    return read_typed_value(p, &p->words[3], (gs_wl_type)p->wl->buffers[s->buffer].type, &s->value);
}

/* "repeat" or "for": the kind of the open loop (diagnostics). */
static const char *open_loop_kind(const wl_parser *p)
{
    return p->wl->steps[p->open_repeat].kind == GS_WL_STEP_FOR ? "for" : "repeat";
}

/* The values a for's variable takes all lie in [lo, hi]. */
static int loop_within(const wl_parser *p, int64_t lo, int64_t hi)
{
    const gs_wl_step *f = &p->wl->steps[p->open_repeat];
    int64_t a = f->loop_first < f->loop_last ? f->loop_first : f->loop_last;
    int64_t b = f->loop_first < f->loop_last ? f->loop_last : f->loop_first;
    return a >= lo && b <= hi;
}

/* `$VAR` (text[0] == '$'): must name the enclosing for's variable. */
static gs_status loop_reference(wl_parser *p, const char *text, size_t length,
                                uint32_t column)
{
    const gs_wl_step *f;
    wl_word w;
    char t[WL_SHOW_MAX];
    w.text = text;
    w.length = length;
    w.column = column;
    if (p->open_repeat < 0 || p->wl->steps[p->open_repeat].kind != GS_WL_STEP_FOR)
        return fail(p, column, "'%s': $ values are only allowed inside a for loop",
                    show(&w, t));
    f = &p->wl->steps[p->open_repeat];
    if (strlen(f->name) != length - 1u || memcmp(f->name, text + 1, length - 1u) != 0)
        return fail(p, column, "'%s' is not the variable of the enclosing for ($%s, line %u)",
                    show(&w, t), f->name, (unsigned)f->line);
    return GS_OK;
}

/* Bounds of an integer type as signed 64-bit values (u64: up to INT64_MAX). */
static void type_bounds(gs_wl_type type, int64_t *lo, int64_t *hi)
{
    static const int64_t his[GS_WL_TYPE_COUNT] = {
        255, 65535, 4294967295ll, INT32_MAX, INT64_MAX, INT64_MAX, 0
    };
    *lo = type == GS_WL_S32 ? INT32_MIN : type == GS_WL_S64 ? INT64_MIN : 0;
    *hi = his[type];
}

#define WL_LOOP_LIMIT 2147483647ll

/* for VAR = FIRST..LAST (inclusive; counts down when FIRST > LAST) */
static gs_status parse_for(wl_parser *p)
{
    gs_wl_step *s = NULL;
    const wl_word *r;
    const char *dots;
    int64_t first, last;
    uint64_t count;
    gs_status st;
    char t[WL_SHOW_MAX];
    if (p->open_repeat >= 0)
        return fail(p, p->words[0].column, "for cannot be nested (the %s on line %u has no "
                    "end yet)", open_loop_kind(p), (unsigned)p->wl->steps[p->open_repeat].line);
    if (p->num_words != 4 || !word_is(&p->words[2], "="))
        return fail(p, p->words[0].column, "for takes VAR = FIRST..LAST");
    if (!is_name(p->words[1].text, p->words[1].length) ||
        p->words[1].length >= sizeof s->name)
        return fail(p, p->words[1].column, "'%s' is not a loop variable name",
                    show(&p->words[1], t));
    r = &p->words[3];
    dots = find_char(r->text, '.', r->length);
    if (!dots || (size_t)(dots - r->text) + 2u > r->length || dots[1] != '.' ||
        !gs_parse_i64(r->text, (size_t)(dots - r->text), &first) ||
        !gs_parse_i64(dots + 2, r->length - (size_t)(dots - r->text) - 2u, &last) ||
        first < -WL_LOOP_LIMIT || first > WL_LOOP_LIMIT || last < -WL_LOOP_LIMIT ||
        last > WL_LOOP_LIMIT)
        return fail(p, r->column, "for takes FIRST..LAST, integers in [-%lld, %lld]",
                    (long long)WL_LOOP_LIMIT, (long long)WL_LOOP_LIMIT);
    count = (uint64_t)(first < last ? last - first : first - last) + 1u;
    if (count > GS_WL_REPEAT_MAX)
        return fail(p, r->column, "the for runs %llu times; at most %u",
                    (unsigned long long)count, GS_WL_REPEAT_MAX);
    if ((st = new_step(p, GS_WL_STEP_FOR, &s)))
        return st;
    copy_text(p->wl->steps[p->wl->num_steps - 1u].name, p->words[1].text,
              p->words[1].length);
    s->loop_first = first;
    s->loop_last = last;
    s->max_iterations = (uint32_t)count;
    p->open_repeat = (int)(p->wl->num_steps - 1u);
    return GS_OK;
}

/* repeat max=N until NAME[INDEX] == VALUE   (or !=) */
static gs_status parse_repeat(wl_parser *p)
{
    gs_wl_step *s = NULL;
    wl_word max;
    uint64_t n;
    gs_status st;
    if (p->open_repeat >= 0)
        return fail(p, p->words[0].column, "repeat cannot be nested (the %s on line %u "
                    "has no end yet)", open_loop_kind(p),
                    (unsigned)p->wl->steps[p->open_repeat].line);
    if (p->num_words != 6 || p->words[1].length < 4u ||
        memcmp(p->words[1].text, "max=", 4) != 0 ||
        !word_is(&p->words[2], "until") ||
        (!word_is(&p->words[4], "==") && !word_is(&p->words[4], "!=")))
        return fail(p, p->words[0].column, "repeat takes max=N until NAME[INDEX] == VALUE "
                    "(or !=)");
    max.text = p->words[1].text + 4;
    max.length = p->words[1].length - 4u;
    max.column = p->words[1].column + 4u;
    if ((st = option_u64(p, &max, "max", 1, GS_WL_REPEAT_MAX, &n)) ||
        (st = new_step(p, GS_WL_STEP_REPEAT, &s)) ||
        (st = parse_element(p, &p->words[3], &s->buffer, &s->index)) ||
        (st = read_typed_value(p, &p->words[5], (gs_wl_type)p->wl->buffers[s->buffer].type,
                         &s->value)))
        return st;
    s->max_iterations = (uint32_t)n;
    s->until_not_equal = word_is(&p->words[4], "!=");
    p->open_repeat = (int)(p->wl->num_steps - 1u);
    return GS_OK;
}

static gs_status parse_end(wl_parser *p)
{
    gs_wl_step *s = NULL;
    gs_status st;
    unsigned i, launches = 0;
    if (p->num_words != 1)
        return fail(p, p->words[1].column, "end takes nothing after it");
    if (p->open_repeat < 0)
        return fail(p, p->words[0].column, "end without a repeat or for");
    for (i = (unsigned)p->open_repeat + 1u; i < p->wl->num_steps; i++)
        launches += p->wl->steps[i].kind == GS_WL_STEP_LAUNCH;
    if (launches == 0)
        return fail(p, p->words[0].column, "the %s on line %u launches no kernel",
                    open_loop_kind(p), (unsigned)p->wl->steps[p->open_repeat].line);
    if ((st = new_step(p, GS_WL_STEP_END, &s)))
        return st;
    s->partner = (uint16_t)p->open_repeat;
    p->wl->steps[p->open_repeat].partner = (uint16_t)(p->wl->num_steps - 1u);
    p->open_repeat = -1;
    return GS_OK;
}

/* output NAME... */
static gs_status parse_output(wl_parser *p)
{
    gs_workload *wl = p->wl;
    unsigned i, j;
    gs_status st;
    if (p->num_words < 2)
        return fail(p, p->end_column, "output needs at least one buffer name");
    for (i = 1; i < p->num_words; i++) {
        uint16_t b;
        if ((st = lookup_buffer(p, &p->words[i], p->words[i].length, &b)))
            return st;
        for (j = 0; j < wl->num_outputs; j++)
            if (wl->outputs[j] == b)
                return fail(p, p->words[i].column, "buffer '%s' is already an output",
                            wl->buffers[b].name);
        if (wl->num_outputs == GS_WL_MAX_OUTPUTS)
            return fail(p, p->words[i].column, "more than %u outputs", GS_WL_MAX_OUTPUTS);
        wl->outputs[wl->num_outputs++] = b;
    }
    return GS_OK;
}

/* ptx PATH */
static gs_status parse_ptx(wl_parser *p)
{
    gs_workload *wl = p->wl;
    if (p->num_words != 2)
        return fail(p, p->num_words < 2 ? p->end_column : p->words[2].column,
                    "ptx takes exactly one PATH");
    if (wl->num_ptx == GS_WL_MAX_PTX)
        return fail(p, p->words[0].column, "more than %u ptx lines", GS_WL_MAX_PTX);
    if (p->words[1].length >= GS_WL_PATH_MAX)
        return fail(p, p->words[1].column, "path longer than %u characters",
                    GS_WL_PATH_MAX - 1u);
    copy_text(wl->ptx[wl->num_ptx], p->words[1].text, p->words[1].length);
    wl->ptx_line[wl->num_ptx++] = p->line;
    return GS_OK;
}

/* ---- launch ----------------------------------------------------------- */

/* CUDA's launch limits are the executor's table (exec/exec.h). */
#define WL_SHARED_BYTES_MAX (1u << 20)

/* A dimension `$VAR`: every value of the loop must be a valid size. */
static gs_status loop_dimension(wl_parser *p, const wl_word *v, size_t start, size_t end,
                                const char *key, uint32_t max)
{
    gs_status st = loop_reference(p, v->text + start, end - start,
                                  v->column + (uint32_t)start);
    if (st)
        return st;
    if (!loop_within(p, 1, max))
        return fail(p, v->column + (uint32_t)start, "%s= dimension $%s takes values outside "
                    "1..%u", key, p->wl->steps[p->open_repeat].name, (unsigned)max);
    return GS_OK;
}

/* X[,Y[,Z]] from a value word; missing dimensions are 1. A dimension may be
 * the enclosing for's $VAR (bit d of *from_loop; dims[d] then 0). */
static gs_status parse_dims(wl_parser *p, const wl_word *v, const char *key,
                            const uint32_t *max, uint32_t *dims, uint8_t *from_loop)
{
    size_t i = 0, start;
    unsigned d = 0;
    uint64_t n;
    gs_status st;
    dims[0] = dims[1] = dims[2] = 1;
    *from_loop = 0;
    for (;;) {
        start = i;
        while (i < v->length && v->text[i] != ',')
            i++;
        if (d < 3 && i > start && v->text[start] == '$') {
            if ((st = loop_dimension(p, v, start, i, key, max[d])))
                return st;
            *from_loop |= (uint8_t)(1u << d);
            dims[d++] = 0;
        } else if (d == 3 || !gs_parse_u64(v->text + start, i - start, &n) || n == 0 ||
                   n > max[d])
            return fail(p, v->column, "%s= takes X[,Y[,Z]] with 1 <= X <= %u, "
                        "1 <= Y <= %u, 1 <= Z <= %u", key, (unsigned)max[0], (unsigned)max[1],
                        (unsigned)max[2]);
        else
            dims[d++] = (uint32_t)n;
        if (i == v->length)
            return GS_OK;
        i++;
    }
}

/* One grid=/block=/shared= word (the caller saw its '='). */
static gs_status parse_launch_option(wl_parser *p, gs_wl_step *s, const wl_word *w,
                                     unsigned *seen)
{
    static const char *const keys[] = { "grid", "block", "shared" };
    const char *eq = find_char(w->text, '=', w->length);
    size_t key_length = (size_t)(eq - w->text);
    wl_word v;
    uint64_t shared;
    unsigned k;
    gs_status st;
    char t[WL_SHOW_MAX];
    for (k = 0; k < 3; k++)
        if (strlen(keys[k]) == key_length && memcmp(keys[k], w->text, key_length) == 0)
            break;
    if (k == 3)
        return fail(p, w->column, "unknown launch option '%s' (grid= block= shared=)",
                    show(w, t));
    if (*seen & (1u << k))
        return fail(p, w->column, "option '%s' given twice", keys[k]);
    *seen |= 1u << k;
    v.text = eq + 1;
    v.length = w->length - key_length - 1u;
    v.column = w->column + (uint32_t)key_length + 1u;
    if (k == 0)
        return parse_dims(p, &v, "grid", gs_cuda_grid_max, s->grid, &s->grid_from_loop);
    if (k == 1)
        return parse_dims(p, &v, "block", gs_cuda_block_max, s->block, &s->block_from_loop);
    if ((st = option_u64(p, &v, "shared", 0, WL_SHARED_BYTES_MAX, &shared)))
        return st;
    s->shared_bytes = (uint32_t)shared;
    return GS_OK;
}

/* TYPE:$VAR: an integer scalar whose type holds every value of the loop. */
static gs_status loop_argument(wl_parser *p, gs_wl_arg *a, const wl_word *value,
                               gs_wl_type type)
{
    int64_t lo, hi;
    gs_status st = loop_reference(p, value->text, value->length, value->column);
    if (st)
        return st;
    if (type == GS_WL_F32)
        return fail(p, value->column, "$%s is an integer: use an integer type, not f32",
                    p->wl->steps[p->open_repeat].name);
    type_bounds(type, &lo, &hi);
    if (!loop_within(p, lo, hi))
        return fail(p, value->column, "$%s takes values outside the range of %s",
                    p->wl->steps[p->open_repeat].name, gs_wl_type_name(type));
    a->from_loop = 1;
    return GS_OK;
}

/* A buffer name (its device address) or TYPE:VALUE. */
static gs_status parse_arg(wl_parser *p, gs_wl_step *s, const wl_word *w)
{
    const char *colon = find_char(w->text, ':', w->length);
    gs_wl_arg *a;
    gs_wl_type type = GS_WL_U8;
    char t[WL_SHOW_MAX];
    wl_word value;
    if (s->num_args == GS_WL_MAX_ARGS)
        return fail(p, w->column, "more than %u kernel arguments", GS_WL_MAX_ARGS);
    a = &s->args[s->num_args++];
    if (!colon) {
        int texture = wl_find_texture(p->wl, w->text, w->length);
        if (texture >= 0) {
            a->is_texture = 1;
            a->buffer = (uint16_t)texture;
            return GS_OK;
        }
        a->is_buffer = 1;
        return lookup_buffer(p, w, w->length, &a->buffer);
    }
    if (!parse_type(w->text, (size_t)(colon - w->text), &type))
        return fail(p, w->column, "'%s' is not a buffer name or TYPE:VALUE (types: u8 u16 "
                    "u32 s32 u64 s64 f32)", show(w, t));
    value.text = colon + 1;
    value.length = w->length - (size_t)(colon - w->text) - 1u;
    value.column = w->column + (uint32_t)(colon - w->text) + 1u;
    a->type = (uint8_t)type;
    if (value.length > 0 && value.text[0] == '$')
        return loop_argument(p, a, &value, type);
    return read_typed_value(p, &value, type, &a->bits);
}

/* The launch's kernel name into the workload's pool (each name once). */
static gs_status add_kernel_name(wl_parser *p, gs_wl_step *s, const wl_word *w)
{
    gs_workload *wl = p->wl;
    uint32_t at = 0;
    while (at < wl->kernel_names_used) {
        size_t n = strlen(wl->kernel_names + at);
        if (n == w->length && memcmp(wl->kernel_names + at, w->text, n) == 0) {
            s->kernel_at = (uint16_t)at;
            return GS_OK;
        }
        at += (uint32_t)n + 1u;
    }
    if (w->length + 1u > GS_WL_KERNEL_NAMES_BYTES - wl->kernel_names_used)
        return fail(p, w->column, "the workload's kernel names take more than %u bytes "
                    "together", GS_WL_KERNEL_NAMES_BYTES);
    copy_text(wl->kernel_names + at, w->text, w->length);
    s->kernel_at = (uint16_t)at;
    wl->kernel_names_used += (uint32_t)w->length + 1u;
    return GS_OK;
}

/* The bare word 'cooperative' (cudaLaunchCooperativeKernel), at most once;
 * parse_launch checks that its grid is known before the run. */
static gs_status parse_cooperative(wl_parser *p, gs_wl_step *s, const wl_word *w)
{
    if (s->cooperative)
        return fail(p, w->column, "option '%s' given twice", WL_COOPERATIVE);
    s->cooperative = 1;
    return GS_OK;
}

/* launch KERNEL grid=X[,Y[,Z]] block=X[,Y[,Z]] [shared=BYTES] [cooperative] ARG... */
static gs_status parse_launch(wl_parser *p)
{
    gs_wl_step *s = NULL;
    unsigned i, seen = 0;
    gs_status st;
    char t[WL_SHOW_MAX];
    if (p->num_words < 2)
        return fail(p, p->end_column, "launch needs a KERNEL name");
    if (!is_kernel_name(p->words[1].text, p->words[1].length))
        return fail(p, p->words[1].column, "'%s' is not a kernel name (a PTX identifier of "
                    "1 to %u characters)", show(&p->words[1], t), GS_KERNEL_NAME_MAX - 1u);
    if ((st = new_step(p, GS_WL_STEP_LAUNCH, &s)) ||
        (st = add_kernel_name(p, s, &p->words[1])))
        return st;
    for (i = 2; i < p->num_words; i++) {
        const wl_word *w = &p->words[i];
        if (is_cooperative_word(w))
            st = parse_cooperative(p, s, w);
        else
            st = find_char(w->text, '=', w->length) ? parse_launch_option(p, s, w, &seen)
                                                 : parse_arg(p, s, w);
        if (st)
            return st;
    }
    if ((seen & 3u) != 3u)
        return fail(p, p->end_column, "launch needs %s", (seen & 1u) ? "block=" : "grid=");
    if (s->cooperative && s->grid_from_loop)
        return fail(p, p->words[0].column, "a cooperative launch needs a grid known before "
                    "the run, not a loop's $%s (all its CTAs are resident at once)",
                    p->wl->steps[p->open_repeat].name);
    if (s->cooperative &&
        (uint64_t)s->grid[0] * s->grid[1] * s->grid[2] > GS_EXEC_COOPERATIVE_CTAS_MAX)
        return fail(p, p->words[0].column, "a cooperative launch of %llu CTAs: at most %lu "
                    "(all of them are resident at once)",
                    (unsigned long long)s->grid[0] * s->grid[1] * s->grid[2],
                    (unsigned long)GS_EXEC_COOPERATIVE_CTAS_MAX);
    if ((uint64_t)s->block[0] * s->block[1] * s->block[2] > GS_CUDA_BLOCK_THREADS_MAX)
        return fail(p, p->words[0].column, "a block has more than %u threads",
                    GS_CUDA_BLOCK_THREADS_MAX);
    p->wl->num_launch_lines++;
    return GS_OK;
}

/* ---- host -------------------------------------------------------------- */

/* Argument i of a host step against the routine's parameter letter. */
static gs_status check_routine_arg(wl_parser *p, const gs_wl_step *s, unsigned i, char want,
                                   const wl_word *w)
{
    const gs_wl_arg *a = &s->args[i];
    if (want == 'b' && a->is_buffer &&
        gs_wl_type_bytes((gs_wl_type)p->wl->buffers[a->buffer].type) == 4u)
        return GS_OK;
    if (want == 'i' && !a->is_buffer && a->type == GS_WL_S32)
        return GS_OK;
    return fail(p, w->column, "argument %u of host routine '%s' must be %s", i + 1u,
                s->name, want == 'b' ? "a buffer of 4-byte elements" : "an s32:VALUE");
}

/* host ROUTINE ARG... */
static gs_status parse_host(wl_parser *p)
{
    const gs_host_routine *r;
    gs_wl_step *s = NULL;
    unsigned i, want;
    gs_status st;
    char t[WL_SHOW_MAX];
    if (p->num_words < 2)
        return fail(p, p->end_column, "host needs a ROUTINE name");
    r = gs_host_routine_find(p->words[1].text, p->words[1].length);
    if (!r) {
        char names[128];
        gs_host_routine_list(names, sizeof names);
        return fail(p, p->words[1].column, "unknown host routine '%s' (%s)",
                    show(&p->words[1], t), names);
    }
    if ((st = new_step(p, GS_WL_STEP_HOST, &s)))
        return st;
    copy_text(s->name, p->words[1].text, p->words[1].length);
    want = (unsigned)strlen(r->params);
    if (p->num_words - 2u != want)
        return fail(p, p->words[0].column, "host routine '%s' takes %u arguments; the line "
                    "gives %u", s->name, want, (unsigned)(p->num_words - 2u));
    for (i = 2; i < p->num_words; i++)
        if ((st = parse_arg(p, s, &p->words[i])) ||
            (st = check_routine_arg(p, s, i - 2u, r->params[i - 2u], &p->words[i])))
            return st;
    return GS_OK;
}

/* ---- the file ----------------------------------------------------------- */

static gs_status parse_words(wl_parser *p)
{
    const wl_word *d = &p->words[0];
    int in_repeat = p->open_repeat >= 0;
    char t[WL_SHOW_MAX];
    if (word_is(d, "launch"))
        return parse_launch(p);
    if (word_is(d, "set"))
        return parse_set(p);
    if (word_is(d, "host"))
        return parse_host(p);
    if (word_is(d, "repeat"))
        return parse_repeat(p);
    if (word_is(d, "end"))
        return parse_end(p);
    if (word_is(d, "for"))
        return parse_for(p);
    if (word_is(d, "bind"))
        return parse_bind(p);
    if (in_repeat && (word_is(d, "ptx") || word_is(d, "buffer") || word_is(d, "graph") ||
                      word_is(d, "csr") || word_is(d, "output") || word_is(d, "texture") ||
                      word_is(d, "surface")))
        return fail(p, d->column, "'%s' is not allowed inside %s (only launch, host, set and bind)",
                    show(d, t), open_loop_kind(p));
    if (word_is(d, "ptx"))
        return parse_ptx(p);
    if (word_is(d, "buffer"))
        return parse_buffer(p);
    if (word_is(d, "graph"))
        return parse_graph(p);
    if (word_is(d, "csr"))
        return parse_csr(p);
    if (word_is(d, "output"))
        return parse_output(p);
    if (word_is(d, "texture") || word_is(d, "surface"))
        return parse_texture(p, word_is(d, "surface"));
    return fail(p, d->column, "unknown directive '%s' (ptx buffer graph csr texture "
                "surface set launch host bind repeat for end output)", show(d, t));
}

static gs_status finish(wl_parser *p)
{
    gs_workload *wl = p->wl;
    unsigned i;
    if (p->open_repeat >= 0) {
        p->line = wl->steps[p->open_repeat].line;
        return fail(p, wl->steps[p->open_repeat].column, "repeat has no matching end");
    }
    p->line = 0;
    if (wl->num_ptx == 0)
        return fail(p, 0, "the workload has no ptx line");
    if (wl->num_launch_lines == 0)
        return fail(p, 0, "the workload launches no kernel");
    if (wl->num_outputs == 0)
        return fail(p, 0, "the workload names no output buffer");
    wl->device_bytes = 0;
    for (i = 0; i < wl->num_buffers; i++) {
        uint64_t bytes = gs_wl_buffer_bytes(&wl->buffers[i]);
        wl->device_bytes += (bytes + GS_WL_DEVICE_ALIGN - 1u) / GS_WL_DEVICE_ALIGN *
                            GS_WL_DEVICE_ALIGN;
    }
    return GS_OK;
}

uint64_t gs_workload_max_ctas(const gs_workload *wl)
{
    uint64_t most = 0, loop_max = 1;
    unsigned i, d;
    for (i = 0; i < wl->num_steps; i++) {
        const gs_wl_step *s = &wl->steps[i];
        uint64_t ctas = 1;
        if (s->kind == GS_WL_STEP_FOR)   /* for loops do not nest (parse_for) */
            loop_max = (uint64_t)(s->loop_first > s->loop_last ? s->loop_first : s->loop_last);
        if (s->kind != GS_WL_STEP_LAUNCH)
            continue;
        for (d = 0; d < 3; d++)
            ctas *= (s->grid_from_loop >> d) & 1u ? loop_max : s->grid[d];
        most = ctas > most ? ctas : most;
    }
    return most;
}

gs_status gs_workload_parse(gs_workload *wl, const char *file, const char *text,
                            size_t length, gs_diag *diag)
{
    wl_parser p;
    size_t pos = 0;
    gs_status st;
    memset(wl, 0, sizeof *wl);
    memset(&p, 0, sizeof p);
    gs_str_copy(wl->file, sizeof wl->file, file ? file : "");
    p.wl = wl;
    p.diag = diag;
    p.open_repeat = -1;
    if ((st = gs_diag_check_text(diag, GS_E_WORKLOAD, file, text, length, "a workload file")))
        return st;
    while (pos < length) {
        size_t end = pos;
        while (end < length && text[end] != '\n')
            end++;
        p.line++;
        if ((st = split_line(&p, text + pos, end - pos)))
            return st;
        if (p.num_words > 0 && (st = parse_words(&p)))
            return st;
        pos = end + 1u;
    }
    return finish(&p);
}
