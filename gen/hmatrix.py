"""PRIC / IPOLY H-matrix generator (python3 stdlib only).

Models the polynomial-modulus set index of spec/seed-000-dwt-pric.md
section 2.5 (Rau ISCA'91, "PRIC" in Khairy's thesis) and GPGPU-Sim's
`ipoly_hash_function` (spec/formats.md section 2.2):

    set(x) = L(x) mod P(x) over GF(2)

where L is the line address (byte address >> log2(line)), restricted to its
low m + k bits, and P is an irreducible polynomial of degree m (2^m sets).
As a matrix: H has one row per line-address bit i, row i = x^i mod P, and
set bit j = XOR of the line-address bits i whose row has bit j set; so
mask[j] = {i : bit j of (x^i mod P)} and set bit j = parity(L & mask[j]).

Writes tables/hmatrix.{c,h}: every irreducible polynomial of each degree
1..12, and for each degree the default polynomial, the default number k of
line-address bits above the index that are hashed, and the masks.

Defaults (decisions, see /tmp/notes/hash.md and README):
  * 16 sets x^4+x+1, 32 sets x^5+x^2+1 (Poly 37), 64 sets x^6+x+1, with
    k = 13, 15, 19: exactly GPGPU-Sim's tables (formats.md 2.2, "Checked").
    32 sets, k = 15 is also the thesis's A[26:7] with 128-byte lines.
  * Other degrees: the lowest-valued irreducible polynomial with a non-zero
    constant term (for degree 1 that is x+1: P = x would make the hash the
    linear index), and k = 64 - m: the whole line address is reduced mod P,
    so no address bit is silently ignored.
"""
import common

DEGREE_MIN = 1
DEGREE_MAX = 12
LINE_ADDR_BITS = 64

# GPGPU-Sim's polynomials and hashed-bit counts (formats.md section 2.2).
GPGPUSIM_DEFAULTS = {4: (0x13, 13), 5: (0x25, 15), 6: (0x43, 19)}


def degree(poly):
    """Degree of a GF(2) polynomial held as bits (-1 for 0)."""
    return poly.bit_length() - 1


def poly_mod(a, p):
    """a(x) mod p(x) over GF(2)."""
    dp = degree(p)
    if dp < 0:
        raise ValueError("modulus is zero")
    while degree(a) >= dp:
        a ^= p << (degree(a) - dp)
    return a


def is_irreducible(p):
    """True when p has degree >= 1 and no factor of degree 1..deg/2."""
    d = degree(p)
    if d < 1:
        return False
    for q in range(2, 1 << (d // 2 + 1)):
        if poly_mod(p, q) == 0:
            return False
    return True


def irreducibles(m):
    """All irreducible polynomials of degree m, ascending."""
    return [p for p in range(1 << m, 1 << (m + 1)) if is_irreducible(p)]


def default_poly(m):
    if m in GPGPUSIM_DEFAULTS:
        return GPGPUSIM_DEFAULTS[m][0]
    return min(p for p in irreducibles(m) if p & 1)


def default_hashed_bits(m):
    if m in GPGPUSIM_DEFAULTS:
        return GPGPUSIM_DEFAULTS[m][1]
    return LINE_ADDR_BITS - m


def check_args(m, p, k):
    if not DEGREE_MIN <= m <= DEGREE_MAX:
        raise ValueError("degree %d outside %d..%d" % (m, DEGREE_MIN, DEGREE_MAX))
    if degree(p) != m or not is_irreducible(p):
        raise ValueError("0x%x is not an irreducible polynomial of degree %d" % (p, m))
    if k < 0 or m + k > LINE_ADDR_BITS:
        raise ValueError("hashed bits %d: need 0 <= k <= %d" % (k, LINE_ADDR_BITS - m))


def h_matrix(m, p, k):
    """Rows for line-address bits 0 .. m+k-1: row i = x^i mod P (an m-bit int)."""
    check_args(m, p, k)
    return [poly_mod(1 << i, p) for i in range(m + k)]


def masks(m, p, k):
    """Per index bit j: the line-address bits whose H row has bit j set."""
    rows = h_matrix(m, p, k)
    return [sum(1 << i for i, row in enumerate(rows) if (row >> j) & 1) for j in range(m)]


def equations(m, p, k, addr_bit0, higher_name=None):
    """XOR equations as text, one per index bit: 'I0 = A25^...^A7' (MSB first),
    naming line-address bit i as A[addr_bit0 + i]; with higher_name ('a'),
    GPGPU-Sim's style 'n0 = a11^...^a0^b0' instead."""
    out = []
    for j, mask in enumerate(masks(m, p, k)):
        bits = [i for i in range(m + k - 1, -1, -1) if (mask >> i) & 1]
        if higher_name is None:
            terms = ["A%d" % (addr_bit0 + i) for i in bits]
            out.append("I%d = %s" % (j, "^".join(terms)))
        else:
            terms = [("%s%d" % (higher_name, i - m)) if i >= m else "b%d" % i for i in bits]
            out.append("n%d = %s" % (j, "^".join(terms)))
    return out


def set_index(addr, line_log2, m, p, k):
    """Reference set index of a byte address (the slow polynomial way)."""
    line = (addr >> line_log2) & ((1 << (m + k)) - 1)
    return poly_mod(line, p)


def _emit_header():
    return common.header("hmatrix.py", "IPOLY/PRIC polynomials and H-matrix masks "
                         "(spec/formats.md 2.2, spec/seed-000-dwt-pric.md 2.5).") + """\
#ifndef GS_TABLES_HMATRIX_H
#define GS_TABLES_HMATRIX_H

#include <stdint.h>

#define GS_HMATRIX_DEGREE_MIN %du
#define GS_HMATRIX_DEGREE_MAX %du
#define GS_HMATRIX_IRREDUCIBLE_TOTAL %du

/* Irreducible polynomials of degree m: gs_hmatrix_irreducible[first[m] ..
 * first[m] + count[m] - 1], ascending. Index 0 of first/count is unused. */
extern const uint16_t gs_hmatrix_irreducible_first[GS_HMATRIX_DEGREE_MAX + 1];
extern const uint16_t gs_hmatrix_irreducible_count[GS_HMATRIX_DEGREE_MAX + 1];
extern const uint16_t gs_hmatrix_irreducible[GS_HMATRIX_IRREDUCIBLE_TOTAL];

/* Default IPOLY function for 2^m sets: P(x), the number of line-address bits
 * above the index that are hashed, and mask[j] (set bit j = parity of
 * line_addr & mask[j]; entries j >= m are 0). Index 0 is unused. */
typedef struct gs_hmatrix_default {
    uint32_t poly;
    uint32_t hashed_bits;
    uint64_t mask[GS_HMATRIX_DEGREE_MAX];
} gs_hmatrix_default;

extern const gs_hmatrix_default gs_hmatrix_defaults[GS_HMATRIX_DEGREE_MAX + 1];

#endif
""" % (DEGREE_MIN, DEGREE_MAX, sum(len(irreducibles(m)) for m in range(1, DEGREE_MAX + 1)))


def _emit_list(decl, values, fmt, per_line):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(fmt % v for v in values[i:i + per_line]) + ",")
    return "const %s[] = {\n%s\n};\n" % (decl, "\n".join(lines))


def _emit_source():
    first, count, flat = [0], [0], []
    for m in range(DEGREE_MIN, DEGREE_MAX + 1):
        polys = irreducibles(m)
        first.append(len(flat))
        count.append(len(polys))
        flat.extend(polys)
    text = common.header("hmatrix.py", "IPOLY/PRIC polynomials and H-matrix masks.")
    text += '#include "hmatrix.h"\n\n'
    for name, vals in (("first", first), ("count", count)):
        text += _emit_list("uint16_t gs_hmatrix_irreducible_" + name, vals, "%d", 13)
    text += _emit_list("uint16_t gs_hmatrix_irreducible", flat, "0x%03x", 10)
    text += "\nconst gs_hmatrix_default gs_hmatrix_defaults[GS_HMATRIX_DEGREE_MAX + 1] = {\n"
    text += "    { 0, 0, { 0 } },\n"
    for m in range(DEGREE_MIN, DEGREE_MAX + 1):
        p, k = default_poly(m), default_hashed_bits(m)
        ms = masks(m, p, k) + [0] * (DEGREE_MAX - m)
        text += "    /* %d sets */\n    { 0x%x, %d, {\n" % (1 << m, p, k)
        for i in range(0, DEGREE_MAX, 3):
            text += "        " + ", ".join("0x%016xull" % v for v in ms[i:i + 3]) + ",\n"
        text += "    } },\n"
    text += "};\n"
    return text


def generate(out_dir):
    common.write(out_dir, "hmatrix.h", _emit_header())
    common.write(out_dir, "hmatrix.c", _emit_source())
