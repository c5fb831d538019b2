"""Self-test of gen/workloads.py (run by tests/run_tests.py)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workloads  # noqa: E402


class ReferencedPaths(unittest.TestCase):
    def test_ptx_and_file_paths_in_order_once(self):
        text = ("# ptx not-this.ptx\nptx a.ptx   # comment\n"
                "buffer x u8 4 file path=d.bin\nptx a.ptx\nptx b.ptx\n")
        self.assertEqual(["a.ptx", "d.bin", "b.ptx"], workloads.referenced_paths(text))

    def test_byte_array_is_nul_terminated(self):
        out = workloads.byte_array("x", b"AB", "c")
        self.assertIn("65, 66, 0,", out)
        self.assertIn("(2 bytes)", out)


class TablesUpToDate(unittest.TestCase):
    def test_generated_tables_match_committed(self):
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        with tempfile.TemporaryDirectory() as tmp:
            workloads.generate(tmp)
            for name in ("workloads.c", "workloads.h"):
                with open(os.path.join(tmp, name)) as f, \
                        open(os.path.join(root, "tables", name)) as g:
                    self.assertEqual(f.read(), g.read(), name)


if __name__ == "__main__":
    unittest.main()
