/*
 * Device printf: vprintf's formatting and the per-launch output buffer
 * (devprintf.h has the model and the decisions; C99 7.19.6.1 "The fprintf
 * function" is the reference for every conversion).
 *
 * All arithmetic is integer: a double is taken apart into its bits, so the
 * digits are the same on every host whatever its floating point unit or
 * libc does.
 */
#include "exec/devprintf.h"

#include <string.h>

#include "mem/devmem.h"

/* ---- output ---- */

/* Text written into out[0..capacity); `full` once something did not fit. */
typedef struct pf_out {
    char *out;
    uint64_t capacity, length;
    int full;
} pf_out;

static void pf_put(pf_out *o, char c)
{
    if (o->length < o->capacity)
        o->out[o->length++] = c;
    else
        o->full = 1;
}

static void pf_put_n(pf_out *o, char c, uint64_t count)
{
    while (count-- > 0 && !o->full)
        pf_put(o, c);
}

static void pf_put_s(pf_out *o, const char *s, uint64_t count)
{
    uint64_t i;
    for (i = 0; i < count && !o->full; i++)
        pf_put(o, s[i]);
}

/* ---- one conversion specification ---- */

enum { PF_MINUS = 1, PF_PLUS = 2, PF_SPACE = 4, PF_HASH = 8, PF_ZERO = 16 };
#define PF_NUMBER_MAX 0x3FFFFFFFll   /* larger widths and precisions are clamped */

typedef struct pf_spec {
    unsigned flags;
    int64_t width;       /* 0: none */
    int64_t precision;   /* -1: none */
    char length;         /* 0, 'H' (hh), 'h', 'l', 'q' (ll) */
    int width_star;      /* the width is a '*' argument */
    char conv;
} pf_spec;

typedef struct pf_args {
    gs_devprintf_read_fn read;
    void *context;
    uint64_t base, offset;
    int count;           /* arguments read */
    int failed;
} pf_args;

/* Read `bytes` at `address`; 0 (and `failed` from then on) when it cannot. */
static int pf_read(pf_args *a, uint64_t address, unsigned bytes, uint64_t *value)
{
    *value = 0;
    if (a->failed)
        return 0;
    if (!a->read(a->context, address, bytes, value)) {
        a->failed = 1;
        return 0;
    }
    return 1;
}

/* The next argument of `bytes` bytes, at its natural alignment. */
static uint64_t pf_next_arg(pf_args *a, unsigned bytes)
{
    uint64_t value = 0;
    a->offset = (a->offset + bytes - 1u) & ~(uint64_t)(bytes - 1u);
    if (!pf_read(a, a->base + a->offset, bytes, &value))
        return 0;
    a->offset += bytes;
    a->count++;
    return value;
}

/* Pad a field of `body` characters to the width: spaces before it, or
 * after it with '-' (pad_after with what pad_before returned). */
static uint64_t pf_pad_before(pf_out *o, const pf_spec *s, uint64_t body)
{
    uint64_t pad = (uint64_t)s->width > body ? (uint64_t)s->width - body : 0u;
    if (!(s->flags & PF_MINUS))
        pf_put_n(o, ' ', pad);
    return pad;
}

static void pf_pad_after(pf_out *o, const pf_spec *s, uint64_t pad)
{
    if (s->flags & PF_MINUS)
        pf_put_n(o, ' ', pad);
}

/* ---- integers ---- */

static void pf_convert_integer(pf_out *o, const pf_spec *s, pf_args *a)
{
    int is_signed = s->conv == 'd' || s->conv == 'i';
    unsigned bytes = (s->length == 'l' || s->length == 'q' || s->conv == 'p') ? 8u : 4u;
    uint64_t v = pf_next_arg(a, bytes), magnitude;
    unsigned base = s->conv == 'o' ? 8u : (s->conv == 'x' || s->conv == 'X' ||
                                          s->conv == 'p') ? 16u : 10u;
    const char *digit_set = s->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    char digits[24], prefix[3];
    unsigned nd = 0, np = 0, i;
    int negative = 0;
    uint64_t zeros = 0, pad;
    if (bytes == 4u)
        v = is_signed ? (uint64_t)(int64_t)(int32_t)(uint32_t)v : (v & 0xFFFFFFFFu);
    if (s->length == 'h')
        v = is_signed ? (uint64_t)(int64_t)(int16_t)(uint16_t)v : (v & 0xFFFFu);
    else if (s->length == 'H')
        v = is_signed ? (uint64_t)(int64_t)(int8_t)(uint8_t)v : (v & 0xFFu);
    if (s->conv == 'p' && v == 0) {   /* glibc: (nil), a string */
        pad = pf_pad_before(o, s, 5u);
        pf_put_s(o, "(nil)", 5u);
        pf_pad_after(o, s, pad);
        return;
    }
    magnitude = v;
    if (is_signed && (int64_t)v < 0) {
        negative = 1;
        magnitude = 0u - v;
    }
    while (magnitude > 0) {
        digits[nd++] = digit_set[magnitude % base];
        magnitude /= base;
    }
    if (s->precision < 0 && nd == 0)
        digits[nd++] = '0';   /* a zero prints one digit, unless the precision is 0 */
    if (negative)
        prefix[np++] = '-';
    else if (is_signed && (s->flags & PF_PLUS))
        prefix[np++] = '+';
    else if (is_signed && (s->flags & PF_SPACE))
        prefix[np++] = ' ';
    else if (s->conv == 'p' && (s->flags & PF_PLUS))   /* glibc: %p is %#lx with the flags */
        prefix[np++] = '+';
    else if (s->conv == 'p' && (s->flags & PF_SPACE))
        prefix[np++] = ' ';
    if ((((s->flags & PF_HASH) && base == 16u) || s->conv == 'p') && v != 0) {
        prefix[np++] = '0';
        prefix[np++] = s->conv == 'X' ? 'X' : 'x';
    }
    if (s->precision > (int64_t)nd)
        zeros = (uint64_t)s->precision - nd;
    if ((s->flags & PF_HASH) && base == 8u && zeros == 0 && (nd == 0 || digits[nd - 1u] != '0'))
        zeros = 1;   /* %#o: the first digit is a 0 */
    if ((s->flags & PF_ZERO) && !(s->flags & PF_MINUS) && s->precision < 0 &&
        (uint64_t)s->width > np + zeros + nd)
        zeros = (uint64_t)s->width - np - nd;
    pad = pf_pad_before(o, s, np + zeros + nd);
    pf_put_s(o, prefix, np);
    pf_put_n(o, '0', zeros);
    for (i = nd; i > 0 && !o->full; i--)
        pf_put(o, digits[i - 1u]);
    pf_pad_after(o, s, pad);
}

/* ---- exact decimal digits of a double ---- */

#define PF_LIMBS 96u          /* base 10^9: 767 digits of m * 5^1074 need 86 */
#define PF_DIGITS 800u
#define PF_BILLION 1000000000u

/* value = 0.d[0] d[1] ... d[n-1] x 10^exp10, d[0] != '0'; n = 0 is zero. */
typedef struct pf_decimal {
    char d[PF_DIGITS];
    int n;
    int exp10;
} pf_decimal;

/* limbs *= factor (factor * 10^9 + carry fits in 64 bits). */
static void pf_limbs_mul(uint32_t *limb, unsigned *count, uint32_t factor)
{
    uint64_t carry = 0;
    unsigned i;
    for (i = 0; i < *count; i++) {
        uint64_t p = (uint64_t)limb[i] * factor + carry;
        limb[i] = (uint32_t)(p % PF_BILLION);
        carry = p / PF_BILLION;
    }
    while (carry > 0) {
        limb[(*count)++] = (uint32_t)(carry % PF_BILLION);
        carry /= PF_BILLION;
    }
}

/* The exact decimal value of m * 2^e (m < 2^53, -1074 <= e <= 971). */
static void pf_decimal_exact(uint64_t m, int e, pf_decimal *x)
{
    uint32_t limb[PF_LIMBS];
    unsigned count = 0, i, j;
    int k;
    x->n = 0;
    x->exp10 = 0;
    if (m == 0)
        return;
    while (m > 0) {
        limb[count++] = (uint32_t)(m % PF_BILLION);
        m /= PF_BILLION;
    }
    for (k = e; k > 0; k -= 29)            /* m * 2^e: 2^29 at a time */
        pf_limbs_mul(limb, &count, 1u << (k < 29 ? k : 29));
    for (k = -e; k > 0; k -= 13) {         /* m * 5^-e: 5^13 at a time */
        uint32_t f = 1;
        for (j = 0; j < (unsigned)(k < 13 ? k : 13); j++)
            f *= 5u;
        pf_limbs_mul(limb, &count, f);
    }
    for (i = count; i > 0; i--) {          /* most significant limb first */
        char nine[9];
        uint32_t v = limb[i - 1u];
        for (j = 9; j > 0; j--) {
            nine[j - 1u] = (char)('0' + v % 10u);
            v /= 10u;
        }
        for (j = 0; j < 9u; j++)
            if (x->n > 0 || nine[j] != '0')
                x->d[x->n++] = nine[j];
    }
    x->exp10 = x->n + (e < 0 ? e : 0);   /* m * 5^-e / 10^-e */
}

/* Keep `keep` significant digits, rounding half to even (glibc's rounding
 * in the default rounding mode). */
static void pf_decimal_round(pf_decimal *x, int64_t keep)
{
    int up, rest = 0, i;
    if (keep >= x->n)
        return;
    if (keep < 0) {
        x->n = 0;
        return;
    }
    for (i = (int)keep + 1; i < x->n && !rest; i++)
        rest = x->d[i] != '0';
    up = x->d[keep] > '5' ||
         (x->d[keep] == '5' && (rest || (keep > 0 && ((x->d[keep - 1] - '0') & 1))));
    x->n = (int)keep;
    if (!up)
        return;
    for (i = (int)keep - 1; i >= 0 && x->d[i] == '9'; i--)
        x->d[i] = '0';
    if (i >= 0) {
        x->d[i]++;
    } else {   /* 99..9 rounds to 100..0 */
        x->d[0] = '1';
        if (x->n == 0)
            x->n = 1;
        x->exp10++;
    }
}

/* Digit i of the value's digits (0 beyond them). */
static char pf_decimal_digit(const pf_decimal *x, int64_t i)
{
    return i >= 0 && i < x->n ? x->d[i] : '0';
}

/* Significant digits up to the last non-zero one. */
static int pf_decimal_used(const pf_decimal *x)
{
    int n = x->n;
    while (n > 0 && x->d[n - 1] == '0')
        n--;
    return n;
}

/* ---- floating point ---- */

/* f style: [int].[precision digits] from rounded x; `hash` keeps the point. */
static uint64_t pf_f_length(const pf_decimal *x, int64_t precision, int hash)
{
    return (uint64_t)(x->n > 0 && x->exp10 > 1 ? x->exp10 : 1) +
           (precision > 0 || hash ? 1u : 0u) + (uint64_t)precision;
}

static void pf_f_write(pf_out *o, const pf_decimal *x, int64_t precision, int hash)
{
    int64_t i;
    if (x->n == 0 || x->exp10 <= 0)
        pf_put(o, '0');
    else
        for (i = 0; i < x->exp10 && !o->full; i++)
            pf_put(o, pf_decimal_digit(x, i));
    if (precision > 0 || hash)
        pf_put(o, '.');
    for (i = 0; i < precision && !o->full; i++)
        pf_put(o, x->n == 0 ? '0' : pf_decimal_digit(x, x->exp10 + i));
}

/* e style: d.[precision digits]e+XX from rounded x. */
static int pf_e_exponent(const pf_decimal *x)
{
    return x->n == 0 ? 0 : x->exp10 - 1;
}

static uint64_t pf_e_length(const pf_decimal *x, int64_t precision, int hash)
{
    int e = pf_e_exponent(x);
    unsigned digits = e <= -100 || e >= 100 ? 3u : 2u;
    return 1u + (precision > 0 || hash ? 1u : 0u) + (uint64_t)precision + 2u + digits;
}

static void pf_e_write(pf_out *o, const pf_decimal *x, int64_t precision, int hash, int upper)
{
    int e = pf_e_exponent(x);
    unsigned magnitude = (unsigned)(e < 0 ? -e : e);
    int64_t i;
    pf_put(o, pf_decimal_digit(x, 0));
    if (precision > 0 || hash)
        pf_put(o, '.');
    for (i = 1; i <= precision && !o->full; i++)
        pf_put(o, pf_decimal_digit(x, i));
    pf_put(o, upper ? 'E' : 'e');
    pf_put(o, e < 0 ? '-' : '+');
    if (magnitude >= 100u)
        pf_put(o, (char)('0' + magnitude / 100u));
    pf_put(o, (char)('0' + magnitude / 10u % 10u));
    pf_put(o, (char)('0' + magnitude % 10u));
}

/* %a: hexadecimal, glibc's form: 0x1.hhhp+d for normal numbers, 0x0.hhhp-1022
 * for subnormals, 0x0p+0 for zero; a rounding carry shows as 0x2 (glibc
 * does not renormalise). */
static uint64_t pf_a_write(pf_out *o, uint64_t bits, int64_t precision, int hash, int upper,
                        uint64_t zeros, int write)
{
    const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    uint64_t frac = bits & ((1ull << 52) - 1u), lead;
    int biased = (int)((bits >> 52) & 0x7FFu), exponent, i, nfrac;
    char e_text[8];
    unsigned ne = 0, magnitude;
    uint64_t length;
    if (biased == 0 && frac == 0) {
        lead = 0;
        exponent = 0;
    } else {
        lead = biased ? 1u : 0u;
        exponent = biased ? biased - 1023 : -1022;
    }
    if (precision >= 0 && precision < 13) {   /* round to `precision` hex digits, half to even */
        unsigned drop = (unsigned)(13 - precision) * 4u;
        uint64_t kept = frac >> drop, rest = frac & ((1ull << drop) - 1u);
        uint64_t half = 1ull << (drop - 1u);
        /* half to even: the last digit kept, the leading one at precision 0 */
        if (rest > half || (rest == half && ((precision > 0 ? kept : lead) & 1u)))
            kept++;
        if (kept >> (52u - drop)) {   /* carried into the leading digit */
            lead++;
            kept = 0;
        }
        frac = kept << drop;
        nfrac = (int)precision;
    } else {
        nfrac = 13;
        if (precision < 0)
            while (nfrac > 0 && ((frac >> (4 * (13 - nfrac))) & 0xFu) == 0)
                nfrac--;
    }
    magnitude = (unsigned)(exponent < 0 ? -exponent : exponent);
    do {
        e_text[ne++] = (char)('0' + magnitude % 10u);
        magnitude /= 10u;
    } while (magnitude > 0);
    length = 3u + (nfrac > 0 || hash ? 1u : 0u) + (uint64_t)(precision > 13 ? precision : nfrac) +
             2u + ne;
    if (!write)
        return length;
    pf_put(o, '0');
    pf_put(o, upper ? 'X' : 'x');
    pf_put_n(o, '0', zeros);   /* the 0 flag pads after 0x */
    pf_put(o, hex[lead]);
    if (nfrac > 0 || hash)
        pf_put(o, '.');
    for (i = 0; i < nfrac; i++)
        pf_put(o, hex[(frac >> (48 - 4 * i)) & 0xFu]);
    if (precision > 13)
        pf_put_n(o, '0', (uint64_t)precision - 13u);
    pf_put(o, upper ? 'P' : 'p');
    pf_put(o, exponent < 0 ? '-' : '+');
    while (ne > 0)
        pf_put(o, e_text[--ne]);
    return length;
}

/* %f %e %g: x rounded for the conversion; *conv becomes 'f' or 'e' (%g
 * picks one by C99's rule: X from the e style of precision P - 1) and
 * *precision the digits after the point (%g without '#' drops trailing
 * zeros, and the point with them). Returns the body's length. */
static uint64_t pf_decimal_body(pf_decimal *x, char *conv, int64_t *precision, int hash)
{
    int g_style = *conv == 'g';
    if (g_style) {
        pf_decimal probe = *x;
        int64_t p = *precision == 0 ? 1 : *precision;
        int xe;
        pf_decimal_round(&probe, p);
        xe = pf_e_exponent(&probe);
        *conv = p > xe && xe >= -4 ? 'f' : 'e';
        *precision = *conv == 'f' ? p - 1 - xe : p - 1;
    }
    if (*conv == 'f')
        pf_decimal_round(x, (int64_t)x->exp10 + *precision);
    else
        pf_decimal_round(x, *precision + 1);
    if (g_style && !hash) {
        int used = pf_decimal_used(x);
        int64_t trimmed = *conv == 'f' ? (int64_t)used - x->exp10 : (int64_t)used - 1;
        if (x->n == 0 || trimmed < 0)
            trimmed = 0;
        if (trimmed < *precision)
            *precision = trimmed;
    }
    return *conv == 'f' ? pf_f_length(x, *precision, hash) : pf_e_length(x, *precision, hash);
}

static void pf_convert_float(pf_out *o, const pf_spec *s, pf_args *a)
{
    uint64_t bits = pf_next_arg(a, 8u), body, pad, zeros = 0;
    uint64_t frac = bits & ((1ull << 52) - 1u);
    int upper = s->conv == 'F' || s->conv == 'E' || s->conv == 'G' || s->conv == 'A';
    int hash = (s->flags & PF_HASH) != 0, biased = (int)((bits >> 52) & 0x7FFu);
    char conv = (char)(s->conv | 0x20), sign = 0;
    int64_t precision = s->precision < 0 ? 6 : s->precision;
    pf_decimal x;
    if (bits >> 63)
        sign = '-';
    else if (s->flags & PF_PLUS)
        sign = '+';
    else if (s->flags & PF_SPACE)
        sign = ' ';
    if (biased == 0x7FF) {   /* inf and nan: no zero padding */
        const char *text = frac ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        pad = pf_pad_before(o, s, 3u + (sign ? 1u : 0u));
        if (sign)
            pf_put(o, sign);
        pf_put_s(o, text, 3u);
        pf_pad_after(o, s, pad);
        return;
    }
    if (conv == 'a') {
        body = pf_a_write(o, bits, s->precision, hash, upper, 0, 0);
    } else {
        pf_decimal_exact(biased ? frac | (1ull << 52) : frac, biased ? biased - 1075 : -1074, &x);
        body = pf_decimal_body(&x, &conv, &precision, hash);
    }
    body += sign ? 1u : 0u;
    if ((s->flags & PF_ZERO) && !(s->flags & PF_MINUS) && (uint64_t)s->width > body)
        zeros = (uint64_t)s->width - body;
    pad = pf_pad_before(o, s, body + zeros);
    if (sign)
        pf_put(o, sign);
    if (conv == 'a') {
        pf_a_write(o, bits, s->precision, hash, upper, zeros, 1);
    } else {
        pf_put_n(o, '0', zeros);
        if (conv == 'f')
            pf_f_write(o, &x, precision, hash);
        else
            pf_e_write(o, &x, precision, hash, upper);
    }
    pf_pad_after(o, s, pad);
}

/* ---- characters and strings ---- */

/* %c; %lc, a wide character, prints only when it is ASCII (glibc's C
 * locale, what the driver formats with: another fails the conversion,
 * which then prints nothing). */
static void pf_convert_char(pf_out *o, const pf_spec *s, pf_args *a)
{
    uint64_t v = pf_next_arg(a, 4u), pad;
    if (s->length == 'l' && (v & 0xFFFFFFFFu) >= 0x80u)
        return;
    pad = pf_pad_before(o, s, 1u);
    pf_put(o, (char)(v & 0xFFu));
    pf_pad_after(o, s, pad);
}

/* A byte of a %s string, or a 4-byte unit of a %ls one (not arguments:
 * the pointer was). */
static int pf_string_byte(pf_args *a, uint64_t address, char *c)
{
    uint64_t v;
    int ok = pf_read(a, address, 1u, &v);
    *c = (char)v;
    return ok;
}

static int pf_wide_unit(pf_args *a, uint64_t address, uint32_t *unit)
{
    uint64_t v;
    int ok = pf_read(a, address, 4u, &v);
    *unit = (uint32_t)v;
    return ok;
}

static void pf_convert_string(pf_out *o, const pf_spec *s, pf_args *a)
{
    uint64_t p = pf_next_arg(a, 8u), n = 0, limit, pad, i;
    uint32_t unit = 0;
    char c = 0;
    if (a->failed)
        return;
    if (p == 0) {   /* glibc: "(null)", or nothing when the precision cuts it */
        n = s->precision >= 0 && s->precision < 6 ? 0u : 6u;
        pad = pf_pad_before(o, s, n);
        pf_put_s(o, "(null)", n);
        pf_pad_after(o, s, pad);
        return;
    }
    /* its length: to its NUL or the precision, whatever room is left, so
     * whether a string without a NUL faults does not depend on the room */
    limit = s->precision >= 0 ? (uint64_t)s->precision : UINT64_MAX;
    if (s->length == 'l') {   /* %ls: wchar_t units; any beyond ASCII: nothing (%lc) */
        while (n < limit && pf_wide_unit(a, p + 4u * n, &unit) && unit != 0) {
            if (unit >= 0x80u)
                return;
            n++;
        }
        if (a->failed)
            return;
        pad = pf_pad_before(o, s, n);
        for (i = 0; i < n && !o->full && pf_wide_unit(a, p + 4u * i, &unit); i++)
            pf_put(o, (char)unit);
        pf_pad_after(o, s, pad);
        return;
    }
    while (n < limit && pf_string_byte(a, p + n, &c) && c != 0)
        n++;
    if (a->failed)
        return;
    pad = pf_pad_before(o, s, n);
    for (i = 0; i < n && !o->full && pf_string_byte(a, p + i, &c); i++)
        pf_put(o, c);
    pf_pad_after(o, s, pad);
}

/* ---- the format string ---- */

typedef struct pf_format {
    pf_args *args;
    uint64_t at;         /* address of the next format byte */
    char c;              /* the byte at `at` - 1 */
} pf_format;

static int pf_format_next(pf_format *f)
{
    if (!pf_string_byte(f->args, f->at, &f->c))
        return 0;
    f->at++;
    return 1;
}

/* A width or precision: its digits (clamped). Reads past it into f->c. */
static int pf_spec_number(pf_format *f, int64_t *value)
{
    *value = 0;
    while (f->c >= '0' && f->c <= '9') {
        *value = *value * 10 + (f->c - '0');
        if (*value > PF_NUMBER_MAX)
            *value = PF_NUMBER_MAX;
        if (!pf_format_next(f))
            return 0;
    }
    return 1;
}

/* Print the specification from its '%' up to f->at as written. */
static void pf_verbatim(pf_out *o, pf_format *f, uint64_t start, uint64_t end)
{
    char c = 0;
    while (start < end && pf_string_byte(f->args, start, &c)) {
        pf_put(o, c);
        start++;
    }
}

/* Parse a specification after its '%' up to its conversion character,
 * which is left in f->c (CUDA's grammar, devprintf.h); 0 when a read failed. */
static int pf_parse_spec(pf_format *f, pf_spec *s)
{
    memset(s, 0, sizeof *s);
    s->precision = -1;
    if (!pf_format_next(f))
        return 0;
    for (;; ) {
        unsigned flag = f->c == '-' ? PF_MINUS : f->c == '+' ? PF_PLUS : f->c == ' ' ? PF_SPACE
                        : f->c == '#' ? PF_HASH : f->c == '0' ? PF_ZERO : 0u;
        if (!flag)
            break;
        s->flags |= flag;
        if (!pf_format_next(f))
            return 0;
    }
    if (f->c == '*') {   /* CUDA takes a '*' width (not a '*' precision) */
        s->width_star = 1;
        if (!pf_format_next(f))
            return 0;
    } else if (!pf_spec_number(f, &s->width)) {
        return 0;
    }
    if (f->c == '.' && (!pf_format_next(f) || !pf_spec_number(f, &s->precision)))
        return 0;
    if (f->c == 'h' || f->c == 'l') {
        char first = f->c;
        if (!pf_format_next(f))
            return 0;
        s->length = first;
        if (f->c == first) {
            s->length = first == 'h' ? 'H' : 'q';
            if (!pf_format_next(f))
                return 0;
        }
    }
    s->conv = f->c;
    return 1;
}

/* A conversion that prints an argument (a '*' width is read only for one). */
static int pf_takes_value(char conv)
{
    switch (conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p': case 'f': case 'F':
    case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': case 'c': case 's':
        return 1;
    default:
        return 0;
    }
}

/* One specification after its '%': parse, then convert or print as
 * written; 0 when a read failed. */
static int pf_conversion(pf_out *o, pf_format *f)
{
    pf_spec s;
    uint64_t start = f->at - 1u;   /* the '%' */
    if (!pf_parse_spec(f, &s))
        return 0;
    if (s.width_star && pf_takes_value(s.conv)) {
        /* the width argument comes first; a negative one is '-' and its magnitude */
        int32_t w = (int32_t)(uint32_t)pf_next_arg(f->args, 4u);
        s.width = w < 0 ? -(int64_t)w : w;
        if (w < 0)
            s.flags |= PF_MINUS;
        if (s.width > PF_NUMBER_MAX)
            s.width = PF_NUMBER_MAX;
    }
    switch (s.conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p':
        pf_convert_integer(o, &s, f->args);
        break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        pf_convert_float(o, &s, f->args);
        break;
    case 'c':
        pf_convert_char(o, &s, f->args);
        break;
    case 's':
        pf_convert_string(o, &s, f->args);
        break;
    case '%':   /* "%%" alone; with anything between, as written */
        if (f->at - start == 2u)
            pf_put(o, '%');
        else
            pf_verbatim(o, f, start, f->at);
        break;
    case 0:     /* the format ends inside a specification: as written */
        pf_verbatim(o, f, start, f->at - 1u);
        break;
    default:    /* a '*' precision, %n, an unknown length or conversion: as written */
        pf_verbatim(o, f, start, f->at);
        break;
    }
    return !f->args->failed;
}

int gs_devprintf_format(uint64_t format, uint64_t args, gs_devprintf_read_fn read,
                        void *context, char *out, uint32_t capacity, uint32_t *length,
                        int *full)
{
    pf_out o;
    pf_args a;
    pf_format f;
    o.out = out;
    o.capacity = capacity;
    o.length = 0;
    o.full = 0;
    *length = 0;
    *full = 0;
    if (format == 0)
        return GS_DEVPRINTF_NULL_FORMAT;
    memset(&a, 0, sizeof a);
    a.read = read;
    a.context = context;
    a.base = args;
    f.args = &a;
    f.at = format;
    f.c = 0;
    while (pf_format_next(&f) && f.c != 0) {
        if (f.c != '%')
            pf_put(&o, f.c);
        else if (!pf_conversion(&o, &f) || f.c == 0)
            break;
    }
    *length = (uint32_t)o.length;
    *full = o.full;
    if (a.failed)
        return GS_DEVPRINTF_FAULT;
    return a.count < (int)GS_DEVPRINTF_ARGS_MAX ? a.count : (int)GS_DEVPRINTF_ARGS_MAX;
}

/* ---- the per-launch buffer ---- */

#define PF_HEADER 16u   /* block (8 bytes), thread, text length */

static uint32_t pf_order_entries(uint32_t capacity)
{
    return capacity / PF_HEADER;   /* a record takes at least 20 bytes */
}

size_t gs_devprintf_bytes(uint32_t capacity)
{
    size_t entries = pf_order_entries(capacity);
    if (capacity == 0)
        return 0;
    return gs_arena_round(capacity) + (entries ? gs_arena_round(entries * sizeof(uint32_t)) : 0u);
}

gs_status gs_devprintf_init(gs_devprintf_buffer *buffer, uint32_t capacity, gs_arena *arena,
                            gs_diag *diag)
{
    memset(buffer, 0, sizeof *buffer);
    if (capacity == 0)
        return GS_OK;
    buffer->bytes = (uint8_t *)gs_arena_alloc(arena, capacity);
    if (pf_order_entries(capacity))   /* none: under 16 bytes hold no record */
        buffer->order = (uint32_t *)gs_arena_alloc(arena, (size_t)pf_order_entries(capacity) *
                                                              sizeof(uint32_t));
    if (!buffer->bytes || (pf_order_entries(capacity) && !buffer->order))
        return gs_diag_set(diag, GS_E_ARENA, NULL, 0, 0, "arena too small for a printf "
                           "buffer of %lu bytes", (unsigned long)capacity);
    buffer->capacity = capacity;
    return GS_OK;
}

void gs_devprintf_clear(gs_devprintf_buffer *buffer)
{
    buffer->used = 0;
    buffer->records = 0;
    buffer->dropped = 0;
    buffer->text_bytes = 0;
}

char *gs_devprintf_text_at(gs_devprintf_buffer *buffer, uint32_t *room)
{
    uint32_t left = buffer->capacity - buffer->used;
    *room = left > PF_HEADER ? left - PF_HEADER : 0u;
    return *room ? (char *)buffer->bytes + buffer->used + PF_HEADER : NULL;
}

void gs_devprintf_commit(gs_devprintf_buffer *buffer, uint64_t block, uint32_t thread,
                         uint32_t length)
{
    uint32_t total = PF_HEADER + ((length + 3u) & ~3u);
    uint8_t *h;
    if (length == 0)
        return;
    h = buffer->bytes + buffer->used;
    gs_le_store(h, 8u, block);
    gs_le_store(h + 8, 4u, thread);
    gs_le_store(h + 12, 4u, length);
    buffer->order[buffer->records++] = buffer->used;
    buffer->text_bytes += length;
    /* the padding may run past the end: then nothing more fits anyway */
    buffer->used = total <= buffer->capacity - buffer->used ? buffer->used + total
                                                             : buffer->capacity;
}

/* Thread order: block, thread, then the record's place (its call order). */
static int pf_record_before(const gs_devprintf_buffer *b, uint32_t x, uint32_t y)
{
    uint64_t bx = gs_le_load(b->bytes + x, 8u), by = gs_le_load(b->bytes + y, 8u);
    uint64_t tx = gs_le_load(b->bytes + x + 8, 4u), ty = gs_le_load(b->bytes + y + 8, 4u);
    if (bx != by)
        return bx < by;
    if (tx != ty)
        return tx < ty;
    return x < y;
}

static void pf_sift_down(const gs_devprintf_buffer *b, uint32_t *a, uint32_t root, uint32_t n)
{
    for (;;) {
        uint32_t child = 2u * root + 1u, t;
        if (child >= n)
            return;
        if (child + 1u < n && pf_record_before(b, a[child], a[child + 1u]))
            child++;
        if (!pf_record_before(b, a[root], a[child]))
            return;
        t = a[root];
        a[root] = a[child];
        a[child] = t;
        root = child;
    }
}

/* Heapsort: in place, O(n log n); the keys are unique, so the order is one. */
void gs_devprintf_sort(gs_devprintf_buffer *buffer)
{
    uint32_t *a = buffer->order, n = buffer->records, i, t;
    if (n < 2u)
        return;
    for (i = n / 2u; i > 0; i--)
        pf_sift_down(buffer, a, i - 1u, n);
    for (i = n - 1u; i > 0; i--) {
        t = a[0];
        a[0] = a[i];
        a[i] = t;
        pf_sift_down(buffer, a, 0, i);
    }
}

const char *gs_devprintf_record(const gs_devprintf_buffer *buffer, uint32_t i,
                                uint32_t *length, uint64_t *block, uint32_t *thread)
{
    const uint8_t *h = buffer->bytes + buffer->order[i];
    *block = gs_le_load(h, 8u);
    *thread = (uint32_t)gs_le_load(h + 8, 4u);
    *length = (uint32_t)gs_le_load(h + 12, 4u);
    return (const char *)h + PF_HEADER;
}
