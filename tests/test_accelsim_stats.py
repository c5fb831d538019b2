"""Statistics compatible with GPGPU-Sim / Accel-Sim (issue 14).

1. Accel-Sim's get_stats.py matches each statistic of its stat list
   (util/job_launching/stats/example_stats.yml in accel-sim-framework) line
   by line with re.search on the rstripped line and reads group 1 as a
   number.  The regexes below are that list's, written here as data; every
   one must find a line of gpusim's output (stdout, and stderr for the two
   host-time statistics, which gpusim never puts into the statistics).
2. Per-kernel blocks (GPGPU-Sim's `kernel_name = ...` blocks printed after
   each kernel) of a 3-kernel workload: per-kernel values sum to the
   cumulative ones and to the whole run's, exactly; the JSON and CSV files
   carry the same values; --check with the run's own output matches.
Runs the built gpusim (GPUSIM_BUILD, default build/)."""
import json
import os
import re
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build"))

# Accel-Sim's example_stats.yml: collect_aggregate, collect_abs, collect_rates.
ACCELSIM_STATS = [
    r'gpu_tot_sim_insn\s*=\s*(.*)',
    r'gpgpu_simulation_time\s*=.*\(([0-9]+) sec\).*',
    r'gpu_tot_sim_cycle\s*=\s*(.*)',
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_R\]\[HIT\]\s*=\s*(.*)',
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]\s*=\s*(.*)',
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_W\]\[HIT\]\s*=\s*(.*)',
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_W\]\[TOTAL_ACCESS\]\s*=\s*(.*)',
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]\s*=\s*(.*)',
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_R\]\[HIT\]\s*=\s*(.*)',
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_W\]\[HIT\]\s*=\s*(.*)',
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_W\]\[TOTAL_ACCESS\]\s*=\s*(.*)',
    r'gpgpu_n_tot_w_icount\s*=\s*(.*)',
    r'total dram reads\s*=\s*(.*)',
    r'total dram writes\s*=\s*(.*)',
    r'gpu_ipc\s*=\s*(.*)',
    r'gpu_occupancy\s*=\s*(.*)%',
    r'L2_BW\s*=\s*(.*)+GB\/Sec',
    r'gpgpu_simulation_rate\s+=\s+(.*)\s+\(inst\/sec\)',
    r'gpu_tot_ipc\s*=\s*(.*)',
]


def run(*args):
    p = subprocess.run([os.path.join(BUILD, "gpusim")] + list(args), cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    if p.returncode != 0:
        raise AssertionError("gpusim %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout, p.stderr


def blocks_and_run(text):
    """The per-kernel blocks (dicts in order) and the whole run's entries."""
    blocks, whole, cur = [], {}, None
    for line in text.splitlines():
        if line.startswith("kernel_name = "):
            cur = {}
            blocks.append(cur)
        if line == "":
            cur = None
            continue
        name, sep, value = line.strip().partition(" = ")
        if sep:
            (cur if cur is not None else whole)[name] = value
    return blocks, whole


def fixed(num, den, places):
    """A ratio as gpusim prints it: integer arithmetic, rounded half up."""
    if den == 0:
        return "0"
    q = (num * 10 ** places * 2 + den) // (2 * den)
    return "%d.%0*d" % (q // 10 ** places, places, q % 10 ** places)


class AccelSimPatterns(unittest.TestCase):
    def test_every_pattern_matches(self):
        out, err = run("--workload", "vadd", "--config", "a100")
        lines = (out + err).splitlines()
        missing = []
        for pattern in ACCELSIM_STATS:
            regex = re.compile(pattern)
            found = None
            for line in reversed(lines):   # get_stats.py scans from the end
                m = regex.search(line.rstrip())
                if m:
                    found = m.group(1).strip()
                    break
            if found is None:
                missing.append(pattern)
            elif found:
                float(found)   # get_stats.py reads numbers
            # (L2_BW's `(.*)+` captures its last, empty, repetition: Accel-Sim
            # reads '' from GPGPU-Sim's own line too; the line must match)
        self.assertEqual([], missing)

    def test_core_lines_sum_to_the_totals(self):
        """GPGPU-Sim's `L1D_cache_core[i]: Access = N, Miss = N, ...` lines."""
        out, _ = run("--workload", "vadd", "--config", "a100")
        _, whole = blocks_and_run(out)
        cores = re.findall(r"^\tL1D_cache_core\[(\d+)\]: Access = (\d+), Miss = (\d+), "
                           r"Miss_rate = ([0-9.]+), Pending_hits = (\d+), "
                           r"Reservation_fails = (\d+)$", out, re.M)
        self.assertEqual([str(i) for i in range(len(cores))], [c[0] for c in cores])
        self.assertEqual(108, len(cores))   # one line per SM of the a100 preset
        self.assertEqual(int(whole["L1D_total_cache_accesses"]), sum(int(c[1]) for c in cores))
        self.assertEqual(int(whole["L1D_total_cache_misses"]), sum(int(c[2]) for c in cores))
        self.assertEqual(int(whole["L1D_total_cache_reservation_fails"]),
                         sum(int(c[5]) for c in cores))
        for c in cores:
            self.assertEqual(fixed(int(c[2]), int(c[1]), 3), c[3])

    def test_breakdown_lines_are_indented(self):
        out, _ = run("--workload", "vadd", "--config", "a100")
        lines = [l for l in out.splitlines() if "cache_stats_breakdown[" in l]
        self.assertTrue(lines)
        self.assertTrue(all(l.startswith("\t") for l in lines))


class KernelBlocks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.json_path = os.path.join(cls.tmp, "s.json")
        cls.csv_path = os.path.join(cls.tmp, "s.csv")
        # trans: three kernels (naive, coalesced, no bank conflicts) in one run
        cls.out, _ = run("--workload", "trans", "--stats-json", cls.json_path,
                         "--stats-csv", cls.csv_path)
        cls.blocks, cls.whole = blocks_and_run(cls.out)

    def n(self, d, name):
        return int(d[name])

    def test_three_blocks_in_order(self):
        self.assertEqual(3, len(self.blocks))
        self.assertEqual(["1", "2", "3"], [b["kernel_launch_uid"] for b in self.blocks])
        self.assertEqual("3", self.whole["gpu_kernels_launched"])
        for b in self.blocks:
            self.assertTrue(b["kernel_name"])

    def test_cumulative_values_are_the_sums(self):
        pairs = [("gpu_sim_cycle", "gpu_tot_sim_cycle"), ("gpu_sim_insn", "gpu_tot_sim_insn"),
                 ("kernel_L1D_cache_accesses", "L1D_total_cache_accesses"),
                 ("kernel_L1D_cache_misses", "L1D_total_cache_misses"),
                 ("kernel_L2_cache_accesses", "L2_total_cache_accesses"),
                 ("kernel_L2_cache_misses", "L2_total_cache_misses"),
                 ("kernel_dram_reads", "total dram reads"),
                 ("kernel_dram_writes", "total dram writes")]
        for per, tot in pairs:
            running = 0
            for b in self.blocks:
                running += self.n(b, per)
                self.assertEqual(running, self.n(b, tot), "%s / %s" % (per, tot))
        last = self.blocks[-1]
        self.assertEqual(self.n(last, "gpu_tot_sim_cycle"), self.n(self.whole, "gpu_sim_cycle"))
        self.assertEqual(self.n(last, "gpu_tot_sim_insn"), self.n(self.whole, "gpu_sim_insn"))
        for name in ("L1D_total_cache_accesses", "L2_total_cache_misses", "total dram reads",
                     "gpgpu_n_tot_w_icount"):
            self.assertEqual(last[name], self.whole[name])
        self.assertEqual(self.n(last, "gpu_tot_issued_cta"),
                         self.n(self.whole, "gpu_ctas_launched"))

    def test_ratios_are_integer_fixed_point(self):
        for b in self.blocks:
            self.assertEqual(fixed(self.n(b, "gpu_sim_insn"), self.n(b, "gpu_sim_cycle"), 4),
                             b["gpu_ipc"])
            self.assertEqual(fixed(self.n(b, "gpu_tot_sim_insn"),
                                   self.n(b, "gpu_tot_sim_cycle"), 4), b["gpu_tot_ipc"])
            self.assertTrue(b["gpu_occupancy"].endswith("%"))

    def test_json_and_csv_carry_the_blocks(self):
        with open(self.json_path) as f:
            doc = json.load(f)
        self.assertEqual(3, len(doc["kernels"]))
        for b, j in zip(self.blocks, doc["kernels"]):
            self.assertEqual(b["kernel_name"], j["kernel_name"])
            for name in ("gpu_sim_cycle", "gpu_tot_sim_insn", "total dram reads",
                         "L2_total_cache_accesses"):
                self.assertEqual(int(b[name]), j[name])
            # the JSON number is the block's text without the unit (json.load drops
            # trailing zeros: compare the parsed values)
            self.assertTrue(b["gpu_occupancy"].endswith("%"))
            self.assertEqual(float(b["gpu_occupancy"][:-1]), j["gpu_occupancy"])
        self.assertEqual(int(self.whole["gpu_sim_cycle"]), doc["gpu_sim_cycle"])
        self.assertEqual(self.whole["digest"], doc["digest"])
        with open(self.csv_path) as f:
            rows = dict(l.rstrip("\n").split(",", 1) for l in f if "," in l)
        for uid, b in enumerate(self.blocks, 1):
            self.assertEqual(b["gpu_sim_cycle"], rows["kernel%d/gpu_sim_cycle" % uid])
            self.assertEqual(b["gpu_ipc"], rows["kernel%d/gpu_ipc" % uid])
        self.assertEqual(self.whole["digest"], rows["digest"])

    def test_check_skips_blocks_and_the_digest_covers_them(self):
        golden = os.path.join(self.tmp, "trans.stats")
        with open(golden, "w") as f:
            f.write(self.out)
        out, _ = run("--workload", "trans", "--check", golden)
        self.assertIn("check: matches", out)
        # block lines are not compared one by one (the digest, compared,
        # covers them: tests/unit/330-base-stats-blocks.c)
        edited = self.out.replace("kernel_launch_uid = 1\n", "kernel_launch_uid = 9\n", 1)
        with open(golden, "w") as f:
            f.write(edited)
        out, _ = run("--workload", "trans", "--check", golden)
        self.assertIn("check: matches", out)


if __name__ == "__main__":
    unittest.main()
