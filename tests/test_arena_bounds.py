"""Upfront arena bounds (issue 21 item 5; DESIGN.md section 5): the arena a run plans
(`gpusim --arena-bytes`, sim/run.h) holds everything the run allocates, and is tight: at
most 25% above the run's high-water mark (the `arena N bytes` of the speed line on
stderr). Before the plan sized the CTA contexts from the workload's own launches, the
default job's arena was 1.87 times its high water; the tiny preset's must fit the
Cortex-M3's 256 KiB (examples/baremetal/)."""
import os
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM  # noqa: E402

RUNS = [
    [],                                                   # the default job (syrk_small)
    ["--config", "tiny"],                                 # vectoradd_tiny
    ["--workload", "example:bfs"],
    ["--workload", "vadd", "-gs_sample_cycles", "500"],
    ["-gpgpu_perfect_mem", "1", "--workload", "syrk"],
    ["--config", "qv100", "--workload", "example:histogram"],
]


def run(args):
    proc = subprocess.run([GPUSIM] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


class ArenaBounds(unittest.TestCase):
    def test_plan_holds_the_run_and_is_within_25_percent(self):
        for args in RUNS:
            with self.subTest(args=args):
                rc, out, err = run(args + ["--arena-bytes"])
                self.assertEqual(rc, 0, err)
                planned = int(re.search(r"^arena_bytes = (\d+)$", out, re.M).group(1))
                rc, out, err = run(args + ["--quiet"])
                self.assertEqual(rc, 0, err)
                high = int(re.search(r"arena (\d+) bytes\)", err).group(1))
                self.assertLessEqual(high, planned)
                self.assertLessEqual(planned * 4, high * 5,
                                     "planned %d, high water %d" % (planned, high))

    def test_streamed_plan_needs_less(self):
        rc, out, err = run(["--config", "tiny", "--arena-bytes"])
        self.assertEqual(rc, 0, err)
        kept = int(re.search(r"^arena_bytes = (\d+)$", out, re.M).group(1))
        streamed = int(re.search(r"^arena_bytes_streamed = (\d+)$", out, re.M).group(1))
        self.assertLess(streamed, kept)


if __name__ == "__main__":
    unittest.main()
