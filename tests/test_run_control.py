"""GPGPU-Sim's run control (README "Run control"; issue 16 item 7).

Each limit is checked at its exact boundary: the run stops before the first
cycle at which the limit holds, so a run capped one cycle earlier (by
-gpgpu_max_cycle) has not reached it. A limit the run never reaches changes
nothing (the same statistics and digest); a capped run says capped = 1 and
exits 0; a study counts a capped job as complete.
"""
import os
import shutil
import subprocess
import tempfile
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import stats_of  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")
BASE = ["--workload", "vectoradd", "--quiet"]


def run(*args):
    return stats_of(*(BASE + list(args)))


def num(stats, name):
    return int(stats[name])


def completed(stats):
    return sum(int(v) for k, v in stats.items() if k.startswith("sm") and k.endswith("_ctas"))


class RunControl(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rc, cls.full, _ = run()
        assert rc == 0
        cls.cycles = num(cls.full, "gpu_sim_cycle")

    def capped(self, *args):
        rc, stats, err = run(*args)
        self.assertEqual(rc, 0, err)
        self.assertEqual(stats.get("capped"), "1")
        self.assertIn("break due to reaching the maximum cycles (or instructions)", err)
        return stats

    def test_max_cycle_exact(self):
        for n in (1, 300, self.cycles - 1):
            stats = self.capped("-gpgpu_max_cycle", str(n))
            self.assertEqual(num(stats, "gpu_sim_cycle"), n)
            self.assertEqual(stats["capped_by"], "gpgpu_max_cycle")

    def test_max_insn_boundary(self):
        # the instructions committed before cycle c, for a few c
        checked = 0
        for c in (250, 400, 700, 1000):
            at = num(self.capped("-gpgpu_max_cycle", str(c)), "gpu_sim_insn")
            before = num(self.capped("-gpgpu_max_cycle", str(c - 1)), "gpu_sim_insn")
            if at == before:
                continue
            # a limit of `at` is reached first before cycle c: the run stops there
            stats = self.capped("-gpgpu_max_insn", str(at))
            self.assertEqual(num(stats, "gpu_sim_cycle"), c)
            self.assertEqual(num(stats, "gpu_sim_insn"), at)
            self.assertEqual(stats["capped_by"], "gpgpu_max_insn")
            # one more instruction than `before` also stops before c, never earlier
            stats = self.capped("-gpgpu_max_insn", str(before + 1))
            self.assertEqual(num(stats, "gpu_sim_cycle"), c)
            checked += 1
        self.assertGreaterEqual(checked, 2)

    def test_max_cta_issues_n_and_finishes_them(self):
        stats = self.capped("-gpgpu_max_cta", "7")
        self.assertEqual(num(stats, "gpu_ctas_launched"), 7)
        self.assertEqual(completed(stats), 7)
        self.assertEqual(stats["capped_by"], "gpgpu_max_cta")
        self.assertLess(num(stats, "gpu_sim_cycle"), self.cycles)

    def test_max_completed_cta_boundary(self):
        stats = self.capped("-gpgpu_max_completed_cta", "3")
        c = num(stats, "gpu_sim_cycle")
        self.assertGreaterEqual(completed(stats), 3)
        self.assertLess(completed(self.capped("-gpgpu_max_cycle", str(c - 1))), 3)

    def test_limits_not_reached_change_nothing(self):
        for args in (["-gpgpu_max_cycle", str(self.cycles)],
                     ["-gpgpu_max_insn", str(num(self.full, "gpu_sim_insn") + 1)],
                     ["-gpgpu_max_cta", "100000"], ["-gpgpu_max_completed_cta", "100000"],
                     ["-gpgpu_deadlock_detect", "0"]):
            rc, stats, _ = run(*args)
            self.assertEqual(rc, 0)
            self.assertNotIn("capped", stats)
            self.assertEqual(stats["digest"], self.full["digest"])

    def test_clock_jump_same_statistics(self):
        for args in (["-gpgpu_max_cycle", "777"], ["-gpgpu_max_insn", "50000"],
                     ["-gpgpu_max_cta", "5"], ["-gpgpu_max_completed_cta", "2"]):
            for perfect in ("0", "1"):
                a = run("-gpgpu_perfect_mem", perfect, *args)[1]
                b = run("-gpgpu_perfect_mem", perfect, "-gs_clock_jump", "0", *args)[1]
                self.assertEqual(a["digest"], b["digest"], args)

    def test_clock_jump_before_the_limit(self):
        """A launch latency longer than -gpgpu_max_cycle: the clock would jump past the
        limit; it stops the cycle before, so the memory edges run as without the jump."""
        for cap in ("2000", "2999"):
            args = ["-gpgpu_kernel_launch_latency", "3000", "-gpgpu_max_cycle", cap]
            a = run(*args)[1]
            b = run("-gs_clock_jump", "0", *args)[1]
            self.assertEqual(num(a, "gpu_sim_cycle"), int(cap))
            self.assertEqual(a["digest"], b["digest"])

    def test_deadlock_window_opens_after_the_launch_latency(self):
        rc, stats, err = run("-gpgpu_kernel_launch_latency", "60000")
        self.assertEqual(rc, 0, err)
        self.assertNotIn("deadlock", err)
        self.assertEqual(stats["gpu_sim_insn"], self.full["gpu_sim_insn"])

    def test_limit_reached_at_a_kernel_end_starts_no_kernel(self):
        out = subprocess.run([GPUSIM, "--workload", "reduce", "--quiet"], cwd=ROOT,
                             stdout=subprocess.PIPE).stdout.decode()
        k1 = int([l for l in out.splitlines() if l.startswith("gpu_sim_cycle = ")][0].split()[-1])
        proc = subprocess.run([GPUSIM, "--workload", "reduce", "--quiet", "-gpgpu_max_cycle",
                               str(k1)], cwd=ROOT, stdout=subprocess.PIPE)
        text = proc.stdout.decode()
        self.assertEqual(proc.returncode, 0)
        self.assertEqual(text.count("kernel_name = "), 1)   # the second kernel never started
        self.assertIn("gpu_kernels_launched = 1\n", text)
        self.assertIn("capped_by = gpgpu_max_cycle\n", text)

    def test_study_counts_a_capped_job_complete(self):
        tmp = tempfile.mkdtemp(prefix="gpusim-cap-")
        try:
            study = os.path.join(tmp, "c.study")
            with open(study, "w") as f:
                f.write("study c\nconfig capped gtx480 -gpgpu_max_insn 50000\n"
                        "workload vectoradd\nmetric insn = gpu_sim_insn\nmetric capped = capped\n")
            out = os.path.join(tmp, "res")
            proc = subprocess.run([GPUSIM, "study", study, "--run", "--out", out, "--quiet"],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(proc.returncode, 0, proc.stderr.decode())
            proc = subprocess.run([GPUSIM, "study", study, "--collect", out], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            self.assertEqual(proc.returncode, 0, proc.stderr.decode())
            with open(os.path.join(out, "c.csv")) as f:
                rows = f.read().splitlines()
            self.assertIn("job,vectoradd,,capped,capped,1.000000,1.000000", rows)
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
