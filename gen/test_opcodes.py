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
            for name, (unit, cls, space, mem, flags, spec) in build().items():
                self.assertIn(spec, opcodes.SPEC_KINDS, name)
                self.assertIn(unit, UNITS, name)
                self.assertEqual(unit == "LDST", cls == "MEM", name)
                self.assertEqual(space == "NONE", mem == "NONE", name)
                self.assertEqual(name, name.upper(), name)
                self.assertNotIn(".", name)

    def test_specialized_unit_column(self):
        """Accel-Sim trace.config units (formats.md 1.6): branches BRA, texture TEX,
        MMA TENSOR, uniform datapath UDP (75 and later); the rest none."""
        table = dict(opcodes.ISAS)
        spec = {v: {n: e[5] for n, e in b().items()} for v, b in opcodes.ISAS}
        self.assertEqual("BRA", spec[70]["BRA"])
        self.assertEqual("BRA", spec[80]["RET"])
        self.assertEqual("NONE", spec[80]["EXIT"])
        self.assertEqual("NONE", spec[80]["BSSY"])
        self.assertEqual("TEX", spec[70]["TLD4"])
        self.assertEqual("NONE", spec[70]["SULD"])
        self.assertEqual("TENSOR", spec[70]["HMMA"])
        self.assertEqual("TENSOR", spec[90]["HGMMA"])
        self.assertEqual("UDP", spec[75]["UIADD3"])
        self.assertEqual("UDP", spec[80]["UIMAD"])
        self.assertEqual("NONE", spec[75]["MOVM"])
        self.assertEqual("NONE", spec[90]["UTMALDG"])
        self.assertEqual("NONE", spec[80]["FFMA"])
        self.assertEqual(0b01110, opcodes.spec_kinds(table[70]()))
        self.assertEqual(0b11110, opcodes.spec_kinds(table[80]()))

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
