"""Interrupt-safe runs (issue 20; README "Run control"): SIGINT or SIGTERM stops a run at the
end of the current cycle (timing) or within 4096 warp instructions (functional), prints the
statistics so far marked `partial = 1` (text, JSON and CSV), and exits 130 / 143. A study
stops at the interrupted job and writes no result for it. A second signal ends the process at
once with the same status. The handlers are installed before anything else runs, so a signal
that comes early stops the run at its first cycle instead of being lost.

The runs here are long ones (syrk at paper size, a kernel that never ends) stopped after a
second, so what the statistics hold varies; what is asserted is what must hold whenever the
signal comes."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM, ROOT  # noqa: E402

SPIN = os.path.join("tests", "workload", "runaway", "spin.gsw")


def interrupted(args, sig, delay=1.0, second=None):
    proc = subprocess.Popen([GPUSIM] + args, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    time.sleep(delay)
    proc.send_signal(sig)
    if second is not None:
        proc.send_signal(second)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out.decode(), err.decode()


def stats(text):
    return dict(line.split(" = ", 1) for line in text.splitlines()
                if " = " in line and not line.startswith("\t"))


class InterruptTiming(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gpusim-interrupt-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_sigint_prints_partial_statistics(self):
        js, csv = os.path.join(self.dir, "s.json"), os.path.join(self.dir, "s.csv")
        rc, out, err = interrupted(["--workload", "syrk:paper", "--quiet", "--stats-json", js,
                                    "--stats-csv", csv], signal.SIGINT)
        self.assertEqual(rc, 130, err)
        s = stats(out)
        self.assertEqual(s.get("partial"), "1")
        self.assertIn("digest", s)
        self.assertGreater(int(s["gpu_tot_sim_cycle"]), 0)
        self.assertIn("gpusim: interrupted before cycle ", err)
        self.assertIn("by SIGINT: the statistics so far follow, partial = 1", err)
        with open(js) as f:
            self.assertEqual(json.load(f)["partial"], 1)
        with open(csv) as f:
            self.assertIn("partial,1", f.read())

    def test_sigterm(self):
        rc, out, err = interrupted(["--workload", "syrk:paper", "--quiet"], signal.SIGTERM)
        self.assertEqual(rc, 143, err)
        self.assertEqual(stats(out).get("partial"), "1")
        self.assertIn("by SIGTERM", err)

    def test_a_signal_before_the_first_cycle_is_not_lost(self):
        rc, out, err = interrupted(["--workload", "syrk:paper", "--quiet"], signal.SIGINT,
                                   delay=0.3)   # during start-up: data generation
        self.assertEqual(rc, 130, err)

    def test_second_signal_exits_at_once(self):
        start = time.time()
        rc, _, err = interrupted(["--workload", "syrk:paper", "--quiet"], signal.SIGINT,
                                 second=signal.SIGINT)
        self.assertEqual(rc, 130, err)
        self.assertLess(time.time() - start, 30)


class InterruptFunctional(unittest.TestCase):
    def test_sigterm_in_an_endless_kernel(self):
        rc, out, err = interrupted(["--functional", "--workload", SPIN], signal.SIGTERM)
        self.assertEqual(rc, 143, err)
        s = stats(out)
        self.assertEqual(s.get("partial"), "1")
        self.assertGreater(int(s["warp_insts"]), 0)
        self.assertEqual(int(s["warp_insts"]) % 4096, 0)   # stopped at a poll
        self.assertIn("gpusim: interrupted in kernel spin after ", err)


class InterruptStudy(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gpusim-interrupt-study-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_interrupted_job_leaves_no_result(self):
        path = os.path.join(self.dir, "long.study")
        with open(path, "w") as f:
            f.write("study long\nconfig base gtx480\nworkload syrk:paper\n")
        out_dir = os.path.join(self.dir, "out")
        rc, out, err = interrupted(["study", path, "--run", "--out", out_dir], signal.SIGINT)
        self.assertEqual(rc, 130, err)
        self.assertIn("gpusim: study: interrupted in job 0", err)
        results = [n for n in os.listdir(out_dir) if n.endswith(".json")] \
            if os.path.isdir(out_dir) else []
        self.assertEqual(results, [])


if __name__ == "__main__":
    unittest.main()
