"""Tests for gen/hmatrix.py (spec/seed-000-dwt-pric.md 2.5, spec/formats.md 2.2)."""
import os
import random
import tempfile
import unittest

import hmatrix

# Fig 5.12 of the thesis, top to bottom: row r is A[27-r]; columns I4..I0.
THESIS_H = """00110 00011 10011 11011 11111 11101 11100 01110 00111 10001
11010 01101 10100 01010 00101 10000 01000 00100 00010 00001""".split()

# Fig 5.13, exactly as printed.
THESIS_EQUATIONS = [
    "I0 = A25^A24^A23^A22^A21^A18^A17^A15^A12^A7",
    "I1 = A26^A25^A24^A23^A22^A19^A18^A16^A13^A8",
    "I2 = A26^A22^A21^A20^A19^A18^A15^A14^A12^A9",
    "I3 = A23^A22^A21^A20^A19^A16^A15^A13^A10",
    "I4 = A24^A23^A22^A21^A20^A17^A16^A14^A11",
]

# GPGPU-Sim hashing.cc ipoly_hash_function, as listed in formats.md 2.2.
GPGPUSIM = {
    16: ["n0 = a11^a10^a9^a8^a6^a4^a3^a0^b0", "n1 = a12^a8^a7^a6^a5^a3^a1^a0^b1",
         "n2 = a9^a8^a7^a6^a4^a2^a1^b2", "n3 = a10^a9^a8^a7^a5^a3^a2^b3"],
    32: ["n0 = a13^a12^a11^a10^a9^a6^a5^a3^a0^b0", "n1 = a14^a13^a12^a11^a10^a7^a6^a4^a1^b1",
         "n2 = a14^a10^a9^a8^a7^a6^a3^a2^a0^b2", "n3 = a11^a10^a9^a8^a7^a4^a3^a1^b3",
         "n4 = a12^a11^a10^a9^a8^a5^a4^a2^b4"],
    64: ["n0 = a18^a17^a16^a15^a12^a10^a6^a5^a0^b0", "n1 = a15^a13^a12^a11^a10^a7^a5^a1^a0^b1",
         "n2 = a16^a14^a13^a12^a11^a8^a6^a2^a1^b2", "n3 = a17^a15^a14^a13^a12^a9^a7^a3^a2^b3",
         "n4 = a18^a16^a15^a14^a13^a10^a8^a4^a3^b4", "n5 = a17^a16^a15^a14^a11^a9^a5^a4^b5"],
}


def eval_equation(eq, a, b):
    """Evaluate 'n0 = a3^b0' style text on integers a (higher) and b (index)."""
    bit = 0
    for term in eq.split(" = ")[1].split("^"):
        src = a if term[0] == "a" else b
        bit ^= (src >> int(term[1:])) & 1
    return bit


class HMatrixTest(unittest.TestCase):
    def test_thesis_poly37_h_matrix(self):
        rows = hmatrix.h_matrix(5, 37, 15)
        self.assertEqual(len(rows), 20)
        printed = ["{:05b}".format(rows[20 - r]) for r in range(1, 21)]
        self.assertEqual(printed, THESIS_H)

    def test_thesis_poly37_equations(self):
        self.assertEqual(hmatrix.equations(5, 37, 15, 7), THESIS_EQUATIONS)
        self.assertEqual(hmatrix.masks(5, 37, 15), [0x7cd21, 0xf9a42, 0x8f9a4, 0x1f348, 0x3e690])

    def test_thesis_degree5_irreducibles(self):
        self.assertEqual(hmatrix.irreducibles(5), [37, 41, 47, 55, 59, 61])

    def test_gpgpusim_equations_text(self):
        for sets, eqs in GPGPUSIM.items():
            m = sets.bit_length() - 1
            p, k = hmatrix.default_poly(m), hmatrix.default_hashed_bits(m)
            self.assertEqual(hmatrix.equations(m, p, k, 0, "a"), eqs)

    def test_gpgpusim_equations_random_addresses(self):
        rng = random.Random(31)
        for sets, eqs in GPGPUSIM.items():
            m = sets.bit_length() - 1
            p, k = hmatrix.default_poly(m), hmatrix.default_hashed_bits(m)
            for i in range(3000):
                addr = rng.getrandbits(64) if i >= 64 else 1 << i
                a, b = addr >> (7 + m), (addr >> 7) & (sets - 1)
                want = sum(eval_equation(eq, a, b) << j for j, eq in enumerate(eqs))
                self.assertEqual(hmatrix.set_index(addr, 7, m, p, k), want)

    def test_masks_agree_with_polynomial_residue(self):
        rng = random.Random(5)
        for m in range(1, 13):
            p, k = hmatrix.default_poly(m), hmatrix.default_hashed_bits(m)
            ms = hmatrix.masks(m, p, k)
            for _ in range(300):
                line = rng.getrandbits(m + k)
                got = sum((bin(line & mk).count("1") & 1) << j for j, mk in enumerate(ms))
                self.assertEqual(got, hmatrix.poly_mod(line, p))

    def test_aligned_blocks_cover_every_set_once(self):
        rng = random.Random(7)
        for m in range(1, 13):
            p, k = hmatrix.default_poly(m), hmatrix.default_hashed_bits(m)
            n = 1 << m
            for block in [0, 1, rng.getrandbits(64 - 7 - m), rng.getrandbits(20)]:
                sets = {hmatrix.set_index(((block * n + i) << 7), 7, m, p, k)
                        for i in range(n)}
                self.assertEqual(sets, set(range(n)), "m=%d block=%d" % (m, block))

    def test_counts_and_defaults(self):
        self.assertEqual([len(hmatrix.irreducibles(m)) for m in range(1, 13)],
                         [2, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335])
        self.assertEqual([hmatrix.default_poly(m) for m in range(1, 13)],
                         [0x3, 0x7, 0xb, 0x13, 0x25, 0x43, 0x83, 0x11b, 0x203, 0x409,
                          0x805, 0x1009])
        self.assertEqual([hmatrix.default_hashed_bits(m) for m in (4, 5, 6, 7, 12)],
                         [13, 15, 19, 57, 52])

    def test_reducible_rejected(self):
        for p in (0x21, 0x3f, 0x2d, 0x11, 0x5, 0x1001, 0x6):
            self.assertFalse(hmatrix.is_irreducible(p))
            with self.assertRaises(ValueError):
                hmatrix.h_matrix(hmatrix.degree(p), p, 4)
        with self.assertRaises(ValueError):
            hmatrix.h_matrix(5, 0x13, 4)     # degree 4 for 32 sets
        with self.assertRaises(ValueError):
            hmatrix.h_matrix(13, 0x201b, 4)  # above the maximum degree
        with self.assertRaises(ValueError):
            hmatrix.h_matrix(5, 0x25, 60)    # more than 64 line-address bits

    def test_committed_tables_are_current(self):
        here = os.path.dirname(os.path.abspath(__file__))
        tables = os.path.join(os.path.dirname(here), "tables")
        with tempfile.TemporaryDirectory() as tmp:
            hmatrix.generate(tmp)
            for name in ("hmatrix.h", "hmatrix.c"):
                with open(os.path.join(tmp, name)) as f, open(os.path.join(tables, name)) as g:
                    self.assertEqual(f.read(), g.read(), name)


if __name__ == "__main__":
    unittest.main()
