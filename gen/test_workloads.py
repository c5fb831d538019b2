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
        self.assertIn("65,66,0,", out)
        self.assertIn("(2 bytes)", out)


class SuiteHeader(unittest.TestCase):
    TEXT = ("# workload: vadd\n# suite: CUDA SDK\n# size: small\n"
            "# description: c = a + b\n# other: x\nptx vadd.ptx\n# workload: late\n")

    def test_fields_before_first_directive(self):
        fields = workloads.header_fields(self.TEXT, "f")
        self.assertEqual({"workload": "vadd", "suite": "CUDA SDK", "size": "small",
                          "description": "c = a + b"}, fields)

    def test_consistent_header_accepted(self):
        fields = workloads.header_fields(self.TEXT, "f")
        workloads.check_suite_header(fields, "vadd", "small", "f")

    def test_folder_mismatch_rejected(self):
        fields = workloads.header_fields(self.TEXT, "f")
        with self.assertRaisesRegex(workloads.WorkloadError, "folder is 'sprod'"):
            workloads.check_suite_header(fields, "sprod", "small", "f")

    def test_size_mismatch_rejected(self):
        fields = workloads.header_fields(self.TEXT, "f")
        with self.assertRaisesRegex(workloads.WorkloadError, "file is 'paper.gsw'"):
            workloads.check_suite_header(fields, "vadd", "paper", "f")

    def test_missing_description_rejected(self):
        fields = workloads.header_fields("# workload: a\n# suite: s\n# size: small\n", "f")
        with self.assertRaisesRegex(workloads.WorkloadError, "f:1: missing header line "
                                    "'# description"):
            workloads.check_suite_header(fields, "a", "small", "f")

    def test_duplicate_key_rejected(self):
        with self.assertRaisesRegex(workloads.WorkloadError, "f:2: header 'suite' given twice"):
            workloads.header_fields("# suite: a\n# suite: b\n", "f")

    def test_c_text_escapes(self):
        self.assertEqual('"a\\"b\\\\c\\?"', workloads.c_text('a"b\\c?'))


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
