"""Self-tests of gen/opcodes.py (python3 -m unittest): the tables cover the
opcodes of the public traces, differ per version where the ISA does, and the
committed tables/opcodes.{c,h} are current."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import opcodes  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNITS = {"SP", "SFU", "DP", "INT", "TENSOR", "LDST", "BRANCH"}


def trace_opcodes(folder):
    """Base mnemonics of every instruction line under tests/trace/<folder>."""
    found = set()
    path = os.path.join(ROOT, "tests", "trace", folder)
    for name in os.listdir(path):
        if not name.endswith(".traceg"):
            continue
        with open(os.path.join(path, name)) as f:
            for line in f:
                t = line.split()
                if not t or t[0][0] in "-#" or t[0] in ("warp", "insts", "thread"):
                    continue
                n = int(t[2])
                found.add(t[3 + n].split(".")[0])
    return found


class OpcodeTableTests(unittest.TestCase):
    def test_public_trace_opcodes_are_covered(self):
        table = dict(opcodes.ISAS)
        self.assertEqual(set(), trace_opcodes("ffma-v5-sm90") - set(table[90]()))
        self.assertEqual(set(), trace_opcodes("bfs-v3-sm80") - set(table[80]()))

    def test_entries_well_formed(self):
        for version, build in opcodes.ISAS:
            for name, (unit, cls, space, mem, flags) in build().items():
                self.assertIn(unit, UNITS, name)
                self.assertEqual(unit == "LDST", cls == "MEM", name)
                self.assertEqual(space == "NONE", mem == "NONE", name)
                self.assertEqual(name, name.upper(), name)
                self.assertNotIn(".", name)

    def test_versions_differ_where_isa_does(self):
        table = {v: set(b()) for v, b in opcodes.ISAS}
        self.assertTrue({"UIADD3", "LDSM"} <= table[75] - table[70])
        self.assertTrue({"LDGSTS", "DMMA"} <= table[80] - table[75])
        self.assertEqual({"DMMA"}, table[80] - table[86])
        self.assertEqual(table[86], table[89])
        self.assertTrue({"HGMMA", "UTMALDG", "STSM"} <= table[90] - table[80])

    def test_committed_tables_are_current(self):
        with tempfile.TemporaryDirectory() as tmp:
            opcodes.generate(tmp)
            for name in ("opcodes.c", "opcodes.h"):
                with open(os.path.join(tmp, name)) as a, \
                        open(os.path.join(ROOT, "tables", name)) as b:
                    self.assertEqual(a.read(), b.read(), name)


if __name__ == "__main__":
    unittest.main()
