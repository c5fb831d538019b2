"""Self-test of bench/suite_table.py, the `make suite-table` script (run by tests/run_tests.py).

Checks the table rows it builds from a run's statistics (the L1D MPKI column is the run's own
`L1D_mpki`, never recomputed), failed runs, the parsing of `--list-workloads` and of the
statistics, and the rewrite between the README markers.
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "bench"))
import suite_table  # noqa: E402

STATS = ("gpu_sim_cycle = 1000\ngpu_sim_insn = 64000\ngpgpu_n_tot_w_icount = 2000\n"
         "gpu_ipc = 64.0000\nL1D_total_cache_misses = 640\n"
         "L1D_total_cache_miss_rate = 0.5000\nL1D_mpki = 10.0000\ndigest = 0123\n")


class Table(unittest.TestCase):
    def test_row_uses_the_runs_l1d_mpki(self):
        body, failed = suite_table.table([("vadd", "CUDA SDK", ["small"])],
                                         {"vadd": (0, suite_table.parse_stats(STATS))},
                                         {"vadd": ("216", "196")})
        self.assertFalse(failed)
        self.assertEqual("| vadd | CUDA SDK | 216 | 196 | 2000 | 1000 | 64.0000 | 0.5000 | "
                         "10.0000 |", body.splitlines()[-1])
        self.assertIn("`L1D_mpki`", body)

    def test_missing_statistic_is_na(self):
        stats = suite_table.parse_stats(STATS.replace("L1D_mpki = 10.0000\n", ""))
        body, _ = suite_table.table([("x", "S", ["small"])], {"x": (0, stats)}, {})
        self.assertTrue(body.splitlines()[-1].endswith("| 0.5000 | n/a |"))

    def test_failed_and_timed_out_runs(self):
        rows = [("a", "S", ["small"]), ("b", "S", ["small"])]
        body, failed = suite_table.table(rows, {"a": (2, {}), "b": (-1, {})},
                                         {"a": ("300", "8")})
        self.assertTrue(failed)
        self.assertEqual(["| a | S | 300 | 8 | run failed (exit 2) | | | | |",
                          "| b | S | n/a | n/a | run failed (timed out) | | | | |"],
                         body.splitlines()[-2:])


class Ctas(unittest.TestCase):
    def test_largest_launch_with_for_grids(self):
        text = ("ptx k.ptx\nlaunch k grid=2,3,4 block=32 b  # grid=99 in a comment\n"
                "for n = 7..3\n  launch k grid=$n,2 block=1 b\nend\n")
        self.assertEqual(24, suite_table.largest_launch_ctas(text))
        self.assertEqual(30, suite_table.largest_launch_ctas(text.replace("7..3", "3..15")))
        self.assertIsNone(suite_table.largest_launch_ctas("ptx k.ptx\n"))

    def test_suite_files(self):
        self.assertEqual("n/a", suite_table.suite_ctas("no-such-workload", "small"))
        self.assertGreaterEqual(int(suite_table.suite_ctas("vadd", "small")), 216)


class ListAndMarkers(unittest.TestCase):
    def test_list_suite_reads_names_suites_and_sizes(self):
        listing = ("suite workloads (...):\n  NAME   SUITE   SIZES   DESCRIPTION\n"
                   "  blk    CUDA SDK  small,paper  Black-Scholes\n"
                   "  2mm    PolyBench small  two products\n\nexample workloads:\n"
                   "  diverge  example  -  x\n")
        saved = suite_table.subprocess.run

        class Done:
            stdout = listing
        suite_table.subprocess.run = lambda *a, **k: Done()
        try:
            rows = suite_table.list_suite("gpusim")
        finally:
            suite_table.subprocess.run = saved
        self.assertEqual([("blk", "CUDA SDK", ["small", "paper"]),
                          ("2mm", "PolyBench", ["small"])], rows)

    def test_replace_between_markers_keeps_the_rest(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "README.md")
            with open(path, "w") as f:
                f.write("head\n%s\nold\n%s\ntail\n" % (suite_table.BEGIN, suite_table.END))
            suite_table.replace_between_markers(path, "new")
            with open(path) as f:
                self.assertEqual("head\n%s\nnew\n%s\ntail\n" % (suite_table.BEGIN,
                                                               suite_table.END), f.read())

    def test_markers_appended_when_missing(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "README.md")
            with open(path, "w") as f:
                f.write("text\n")
            suite_table.replace_between_markers(path, "body")
            with open(path) as f:
                self.assertEqual("text\n\n%s\nbody\n%s\n" % (suite_table.BEGIN,
                                                           suite_table.END), f.read())


if __name__ == "__main__":
    unittest.main()
