/*
 * PTX lexer for the loader (ptx/ptx.h; PTX ISA chapter 4 "Syntax").
 *
 * Tokens: words (identifiers, directives, opcodes with their dotted
 * modifiers, registers such as %tid.x; "::" may join parts as in
 * .shared::cta), numbers (anything starting with a digit up to the next
 * separator: 42, 0x1F, 0f3F800000, 9.0), strings, and single punctuation
 * characters. Comments (// and C-style) are skipped. Each token carries its
 * 1-based line and column for diagnostics.
 */
#include "ptx/ptx_internal.h"

#include <stdarg.h>
#include <string.h>

void ptx_lex_init(ptx_ctx *ctx, const char *text, size_t length)
{
    ctx->text = text;
    ctx->length = length;
    ctx->pos = 0;
    ctx->line = 1;
    ctx->col = 1;
    ctx->have_ahead = 0;
}

static int lex_is_word_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
           c == '%' || c == '.';
}

static int lex_is_word_char(char c)
{
    return lex_is_word_start(c) || (c >= '0' && c <= '9');
}

static void lex_advance(ptx_ctx *ctx)
{
    if (ctx->text[ctx->pos] == '\n') {
        ctx->line++;
        ctx->col = 1;
    } else {
        ctx->col++;
    }
    ctx->pos++;
}

static char lex_at(const ptx_ctx *ctx, size_t offset)
{
    return ctx->pos + offset < ctx->length ? ctx->text[ctx->pos + offset] : '\0';
}

/* Skips blanks and comments; an unterminated block comment runs to EOF. */
static void lex_skip_space(ptx_ctx *ctx)
{
    while (ctx->pos < ctx->length) {
        char c = lex_at(ctx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            lex_advance(ctx);
        } else if (c == '/' && lex_at(ctx, 1) == '/') {
            while (ctx->pos < ctx->length && lex_at(ctx, 0) != '\n')
                lex_advance(ctx);
        } else if (c == '/' && lex_at(ctx, 1) == '*') {
            lex_advance(ctx);
            lex_advance(ctx);
            while (ctx->pos < ctx->length && !(lex_at(ctx, 0) == '*' && lex_at(ctx, 1) == '/'))
                lex_advance(ctx);
            if (ctx->pos < ctx->length) {
                lex_advance(ctx);
                lex_advance(ctx);
            }
        } else {
            return;
        }
    }
}

static void lex_word(ptx_ctx *ctx)
{
    while (ctx->pos < ctx->length) {
        char c = lex_at(ctx, 0);
        if (lex_is_word_char(c)) {
            lex_advance(ctx);
        } else if (c == ':' && lex_at(ctx, 1) == ':') {
            lex_advance(ctx);
            lex_advance(ctx);
        } else {
            return;
        }
    }
}

static void lex_string(ptx_ctx *ctx)
{
    lex_advance(ctx);
    while (ctx->pos < ctx->length && lex_at(ctx, 0) != '"' && lex_at(ctx, 0) != '\n') {
        if (lex_at(ctx, 0) == '\\' && ctx->pos + 1 < ctx->length)
            lex_advance(ctx);
        lex_advance(ctx);
    }
    if (lex_at(ctx, 0) == '"')
        lex_advance(ctx);
}

/* The sign of a decimal exponent ("1.5e-3") belongs to the number: a '+'
 * or '-' right after 'e'/'E' and before a digit, in a number that is not
 * 0x / 0b / 0f / 0d. */
static int lex_exponent_sign(const ptx_ctx *ctx, size_t start)
{
    char c = lex_at(ctx, 0), prev = ctx->text[ctx->pos - 1], second;
    if ((c != '-' && c != '+') || (prev != 'e' && prev != 'E') || ctx->pos - start < 2)
        return 0;
    second = ctx->text[start + 1];
    if (!((second >= '0' && second <= '9') || second == '.' || second == 'e' || second == 'E'))
        return 0;
    return lex_at(ctx, 1) >= '0' && lex_at(ctx, 1) <= '9';
}

static void lex_one(ptx_ctx *ctx, ptx_tok *tok)
{
    size_t start;
    char c;
    lex_skip_space(ctx);
    tok->line = ctx->line;
    tok->col = ctx->col;
    tok->text = ctx->text + ctx->pos;
    start = ctx->pos;
    if (ctx->pos >= ctx->length) {
        tok->kind = PTX_TK_EOF;
        tok->len = 0;
        return;
    }
    c = lex_at(ctx, 0);
    if (lex_is_word_start(c)) {
        tok->kind = PTX_TK_WORD;
        lex_word(ctx);
    } else if (c >= '0' && c <= '9') {
        tok->kind = PTX_TK_NUM;
        while (ctx->pos < ctx->length && (lex_is_word_char(lex_at(ctx, 0)) ||
                                          lex_exponent_sign(ctx, start)))
            lex_advance(ctx);
    } else if (c == '"') {
        tok->kind = PTX_TK_STR;
        lex_string(ctx);
    } else {
        tok->kind = PTX_TK_PUNCT;
        lex_advance(ctx);
    }
    tok->len = (uint32_t)(ctx->pos - start);
}

void ptx_next(ptx_ctx *ctx)
{
    if (ctx->have_ahead) {
        ctx->tok = ctx->ahead;
        ctx->have_ahead = 0;
    } else {
        lex_one(ctx, &ctx->tok);
    }
}

const ptx_tok *ptx_peek(ptx_ctx *ctx)
{
    if (!ctx->have_ahead) {
        lex_one(ctx, &ctx->ahead);
        ctx->have_ahead = 1;
    }
    return &ctx->ahead;
}

int ptx_is(const ptx_tok *tok, const char *word)
{
    size_t n = strlen(word);
    return tok->kind != PTX_TK_EOF && tok->len == n && memcmp(tok->text, word, n) == 0;
}

int ptx_is_punct(const ptx_tok *tok, char c)
{
    return tok->kind == PTX_TK_PUNCT && tok->text[0] == c;
}

const char *ptx_tok_str(const ptx_tok *tok, char *buffer, size_t capacity)
{
    size_t n = tok->len;
    if (tok->kind == PTX_TK_EOF)
        return "end of file";
    if (n > 64)
        n = 64;
    if (n + 1 > capacity)
        n = capacity - 1;
    memcpy(buffer, tok->text, n);
    buffer[n] = '\0';
    return buffer;
}

static gs_status lex_verror(ptx_ctx *ctx, gs_status status, const ptx_tok *tok,
                            const char *format, va_list args)
{
    char message[GS_DIAG_MSG_MAX];
    gs_vfmt(message, sizeof message, format, args);
    return gs_diag_set(ctx->diag, status, ctx->file, tok->line, tok->col, "%s", message);
}

gs_status ptx_error(ptx_ctx *ctx, const ptx_tok *tok, const char *format, ...)
{
    va_list args;
    gs_status status;
    va_start(args, format);
    status = lex_verror(ctx, GS_E_PTX, tok, format, args);
    va_end(args);
    return status;
}

gs_status ptx_error_status(ptx_ctx *ctx, gs_status status, const ptx_tok *tok,
                           const char *format, ...)
{
    va_list args;
    va_start(args, format);
    status = lex_verror(ctx, status, tok, format, args);
    va_end(args);
    return status;
}

gs_status ptx_expect(ptx_ctx *ctx, char c)
{
    char text[80];
    if (!ptx_is_punct(&ctx->tok, c))
        return ptx_error(ctx, &ctx->tok, "expected '%c' but found '%s'", c,
                         ptx_tok_str(&ctx->tok, text, sizeof text));
    ptx_next(ctx);
    return GS_OK;
}

static int lex_digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

/* Digits of base `base` in text[0..len); 0 on an empty run, a bad digit or
 * overflow of 64 bits. */
static int lex_digits(const char *text, uint32_t len, unsigned base, uint64_t *value)
{
    uint64_t v = 0;
    uint32_t i;
    if (len == 0)
        return 0;
    for (i = 0; i < len; i++) {
        int d = lex_digit_value(text[i]);
        if (d < 0 || (unsigned)d >= base || v > (UINT64_MAX - (unsigned)d) / base)
            return 0;
        v = v * base + (unsigned)d;
    }
    *value = v;
    return 1;
}

int ptx_parse_int(const ptx_tok *tok, uint64_t *value)
{
    const char *t = tok->text;
    uint32_t n = tok->len;
    if (tok->kind != PTX_TK_NUM)
        return 0;
    if (n > 1 && (t[n - 1] == 'U' || t[n - 1] == 'u'))
        n--;   /* PTX "U" suffix: unsigned literal, same bits */
    if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
        return lex_digits(t + 2, n - 2, 16, value);
    if (n > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
        return lex_digits(t + 2, n - 2, 2, value);
    if (n > 1 && t[0] == '0')
        return lex_digits(t + 1, n - 1, 8, value);
    return lex_digits(t, n, 10, value);
}

int ptx_parse_hexfloat(const ptx_tok *tok, uint64_t *bits, int *is_double)
{
    const char *t = tok->text;
    if (tok->kind != PTX_TK_NUM || tok->len < 2 || t[0] != '0')
        return 0;
    if ((t[1] == 'f' || t[1] == 'F') && tok->len == 10) {
        *is_double = 0;
        return lex_digits(t + 2, 8, 16, bits);
    }
    if ((t[1] == 'd' || t[1] == 'D') && tok->len == 18) {
        *is_double = 1;
        return lex_digits(t + 2, 16, 16, bits);
    }
    return 0;
}

gs_status ptx_take_int(ptx_ctx *ctx, int64_t *value)
{
    char text[80];
    uint64_t magnitude;
    int negative = 0;
    if (ptx_is_punct(&ctx->tok, '-')) {
        negative = 1;
        ptx_next(ctx);
    }
    if (!ptx_parse_int(&ctx->tok, &magnitude))
        return ptx_error(ctx, &ctx->tok, "expected an integer but found '%s'",
                         ptx_tok_str(&ctx->tok, text, sizeof text));
    *value = negative ? (int64_t)(0u - magnitude) : (int64_t)magnitude;
    ptx_next(ctx);
    return GS_OK;
}

gs_status ptx_take_uint(ptx_ctx *ctx, uint64_t *value, const char *what)
{
    char text[80];
    if (!ptx_parse_int(&ctx->tok, value))
        return ptx_error(ctx, &ctx->tok, "expected %s (an unsigned integer) but found '%s'",
                         what, ptx_tok_str(&ctx->tok, text, sizeof text));
    ptx_next(ctx);
    return GS_OK;
}

void ptx_skip_line(ptx_ctx *ctx, uint32_t line)
{
    while (ctx->tok.kind != PTX_TK_EOF && ctx->tok.line == line)
        ptx_next(ctx);
}

/* Powers of ten 10^0 .. 10^22 as f64 bits (all exact doubles). */
static uint64_t lex_pow10(unsigned k)
{
    uint64_t p = 1;
    unsigned i;
    for (i = 0; i < k && i < 19u; i++)
        p *= 10u;
    if (k <= 19u)
        return gs_f64_from_u64(p, GS_FROUND_RN);
    /* 10^20..10^22 = 2^k 5^k with 5^k < 2^53: the products are exact */
    return gs_f64_mul(lex_pow10(k - 1u), 0x4024000000000000ull, GS_FROUND_RN);
}

/* Mantissa digits of a decimal literal: *m (at most 19 digits kept, more
 * only when they are zeros), *exp10 adjusted for the fraction; *pos after
 * them. 0 when a non-zero digit would be lost. */
static int lex_decimal_digits(const char *t, uint32_t n, uint32_t *pos, uint64_t *m,
                              int32_t *exp10)
{
    int seen_point = 0;
    unsigned kept = 0;
    for (; *pos < n; (*pos)++) {
        char c = t[*pos];
        if (c == '.' && !seen_point) {
            seen_point = 1;
            continue;
        }
        if (c < '0' || c > '9')
            break;
        if (kept < 19u && (*m != 0 || c != '0')) {
            *m = *m * 10u + (uint64_t)(c - '0');
            kept++;
            *exp10 -= seen_point;
        } else if (kept >= 19u) {
            if (c != '0')
                return 0;
            *exp10 += !seen_point;
        } else {
            *exp10 -= seen_point;   /* leading zero after the point */
        }
    }
    return 1;
}

int ptx_parse_decfloat(const ptx_tok *tok, uint64_t *bits)
{
    const char *t = tok->text;
    uint32_t n = tok->len, pos = 0;
    uint64_t m = 0, e = 0;
    int32_t exp10 = 0;
    int is_float = 0, negative_exp = 0;
    if (tok->kind != PTX_TK_NUM || n == 0 || t[0] < '0' || t[0] > '9')
        return 0;
    for (pos = 0; pos < n; pos++) {
        if (t[pos] == '.' || ((t[pos] == 'e' || t[pos] == 'E') && t[0] != '0'))
            is_float = 1;
        if (t[pos] == 'x' || t[pos] == 'X' || t[pos] == 'f' || t[pos] == 'F' || t[pos] == 'd' ||
            t[pos] == 'D' || t[pos] == 'b' || t[pos] == 'B')
            return 0;
    }
    if (!is_float && !(n > 1 && (t[1] == 'e' || t[1] == 'E')))
        return 0;
    pos = 0;
    if (!lex_decimal_digits(t, n, &pos, &m, &exp10))
        return -1;
    if (pos < n && (t[pos] == 'e' || t[pos] == 'E')) {
        pos++;
        if (pos < n && (t[pos] == '-' || t[pos] == '+'))
            negative_exp = t[pos++] == '-';
        if (pos == n || n - pos > 4u || !lex_digits(t + pos, n - pos, 10, &e))
            return -1;
        exp10 += negative_exp ? -(int32_t)e : (int32_t)e;
        pos = n;
    }
    if (pos != n)
        return -1;
    while (m != 0 && exp10 > 22 && m < (1ull << 53) / 10u) {
        m *= 10u;
        exp10--;
    }
    if (m == 0) {
        *bits = 0;
        return 1;
    }
    if (m >= (1ull << 53) || exp10 > 22 || exp10 < -22)
        return -1;
    /* m and 10^|e| are exact doubles: one correctly rounded operation */
    *bits = exp10 >= 0 ? gs_f64_mul(gs_f64_from_u64(m, GS_FROUND_RN), lex_pow10((unsigned)exp10),
                                    GS_FROUND_RN)
                       : gs_f64_div(gs_f64_from_u64(m, GS_FROUND_RN),
                                    lex_pow10((unsigned)-exp10), GS_FROUND_RN);
    return 1;
}
