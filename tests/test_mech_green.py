"""GREEN end to end (src/mech/green.c; seed-003 section 6; issue 25 item 2).

- Regions come from the kernel's pointer arguments: vectorAdd's A, B and C
  (10000 floats each, 120000 bytes) give RACR-Naive exactly
  ceil(120000 x 16 / 786432) = 3 of gtx480's 16 L2 ways, for every cycle.
- RAC on histogram256 (a streaming input and small partial histograms):
  every load it bypasses at the L1 takes the L1-bypass path (the bypass
  accesses equal the bypassed loads; the plain run has none), reads bypass
  the L2 too, the instructions are the plain run's and the results are
  checked against the C reference (exit 0).
- RACR full on km: the L2 shrinks after training and the flush writes
  dirty lines back; the cycles at each way count sum to the run's cycles and
  the active size is Eq. 27 of them.
- A kernel a cap stops still counts its cycles at its way count.
- An Accel-Sim trace takes its regions from its MemcpyHtoD lines.
- With RACR off no RACR statistics appear; without green, none at all.
- The GREEN machine (examples/configs/seed003-green.cfg: a write-back L1D that
  fetches on a write miss) runs GREEN on histogram256 to the end: an SM whose
  CTAs are gone keeps taking replies while such a fetch is outstanding (it
  deadlocked at cycle 300000 when the SM stopped at its last CTA).
- Over time and per page (Fig. 54 and 51) on hotspot, whose loads all fall
  in its regions: the samples CSV's per-region L1 loads and L2 reads, summed
  over regions and periods, are the run's L1D and L2 read lookups exactly;
  each region's page histograms count its pages; the statistics leave the
  run's cycles alone, and the report draws each region's hit rates.
"""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM, ROOT, run_ok  # noqa: E402

VADD = "examples/workloads/vectoradd.gsw"


def n(stats, name):
    return int(stats[name])


def way_cycles(stats, assoc):
    return [n(stats, "green_l2_cycles_at_%d_ways" % w) for w in range(1, assoc + 1)]


class Green(unittest.TestCase):
    def test_naive_ways_from_argument_regions(self):
        s = run_ok("--workload", VADD, "-gs_mechanisms", "green", "-gs_green_rac", "0",
                   "-gs_green_racr", "naive")
        self.assertEqual(n(s, "green_regions"), 3)
        self.assertEqual(n(s, "green_regions_read_only"), 2)
        self.assertEqual(n(s, "green_regions_write_only"), 1)
        self.assertEqual(n(s, "green_l2_ways_now"), -(-120000 * 16 // 786432))
        self.assertEqual(n(s, "green_l2_ways_now"), 3)
        cycles = way_cycles(s, 16)
        self.assertEqual(cycles[2], n(s, "gpu_tot_sim_cycle"))
        self.assertEqual(sum(cycles), cycles[2])
        self.assertEqual(n(s, "green_l2_active_size_permille"), 3 * 1000 // 16)
        self.assertEqual(n(s, "green_l1_bypass_bits"), 0)   # RAC off: no decisions

    def test_rac_bypasses_exactly(self):
        plain = run_ok("--workload", "histogram256:small")
        green = run_ok("--workload", "histogram256:small", "-gs_mechanisms", "green",
                       "-gs_green_racr", "off", "-gs_green_train_cycles", "20000")
        bypassed = n(green, "green_l1_bypassed_loads")
        self.assertGreater(bypassed, 0)
        self.assertEqual(n(plain, "ldst_l1_bypass_accesses"), 0)
        self.assertEqual(n(green, "ldst_l1_bypass_accesses"), bypassed)
        self.assertGreater(n(green, "green_l2_bypassed_reads"), 0)
        self.assertEqual(n(green, "green_trainings"), 2)
        self.assertEqual(green["gpu_sim_insn"], plain["gpu_sim_insn"])
        self.assertNotEqual(green["gpu_tot_sim_cycle"], plain["gpu_tot_sim_cycle"])
        self.assertNotIn("green_l2_resizes", green)

    def test_racr_full_flushes(self):
        s = run_ok("--workload", "km:small", "-gs_mechanisms", "green",
                   "-gs_green_train_cycles", "20000")
        self.assertGreater(n(s, "green_l2_bypass_bits"), 0)
        self.assertLess(n(s, "green_l2_ways_now"), 16)
        self.assertGreater(n(s, "green_l2_flush_writebacks"), 0)
        self.assertGreater(n(s, "green_l2_flush_dirty_sets"), 0)
        self.assertLessEqual(n(s, "green_l2_flush_dirty_sets"), n(s, "green_l2_flush_writebacks"))
        cycles = way_cycles(s, 16)
        total = n(s, "gpu_tot_sim_cycle")
        self.assertEqual(sum(cycles), total)
        weighted = sum((w + 1) * c for w, c in enumerate(cycles))
        self.assertEqual(n(s, "green_l2_active_size_permille"), weighted * 1000 // (16 * total))

    def test_capped_kernel_counts_its_cycles(self):
        s = run_ok("--workload", VADD, "-gs_mechanisms", "green", "-gs_green_rac", "0",
                   "-gs_green_racr", "naive", "-gpgpu_max_cycle", "500")
        self.assertEqual(n(s, "capped"), 1)
        self.assertEqual(n(s, "green_l2_cycles_at_3_ways"), n(s, "gpu_tot_sim_cycle"))
        self.assertEqual(n(s, "green_l2_active_size_permille"), 3 * 1000 // 16)

    def test_trace_regions_from_copies(self):
        s = run_ok("--config", "qv100", "--trace", "tests/trace/mini-v5-sm80",
                   "-gs_mechanisms", "green", "-gs_green_train_cycles", "500")
        self.assertEqual(n(s, "green_regions"), 1)   # its one MemcpyHtoD
        self.assertEqual(n(s, "green_kernels"), 1)

    def test_green_machine(self):
        s = run_ok("--config", "gtx480", "--config", "examples/configs/seed003-green.cfg",
                   "-gs_mechanisms", "green", "--workload", "histogram256:small")
        self.assertEqual(n(s, "green_kernels"), 2)
        self.assertEqual(n(s, "green_trainings"), 1)   # the second kernel is shorter
        self.assertGreater(n(s, "green_l1_bypassed_loads"), 0)
        self.assertEqual(sum(way_cycles(s, 16)), n(s, "gpu_tot_sim_cycle"))

    def test_region_hit_rates_over_time_and_per_page(self):
        base = ("--workload", "hs:small", "-gs_mechanisms", "green", "-gs_green_racr", "naive")
        plain = run_ok(*base)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "samples.csv")
            s = run_ok(*base, "-gs_sample_cycles", "10000", "-gs_green_pages", "4096",
                       "--samples-csv", path)
            with open(path) as f:
                rows = list(csv.DictReader(f))
            report = subprocess.run([GPUSIM, "report", "--out", os.path.join(tmp, "r.html"),
                                     path], cwd=ROOT, stderr=subprocess.PIPE)
            self.assertEqual(report.returncode, 0, report.stderr.decode())
            with open(os.path.join(tmp, "r.html")) as f:
                html = f.read()
        self.assertIn("L1D hit rate per region over time", html)
        self.assertIn("L2 hit rate per region over time", html)
        self.assertIn("region 1", html)
        self.assertNotIn("region 2", html)   # temp_dst: stored, never read
        self.assertEqual(s["gpu_tot_sim_cycle"], plain["gpu_tot_sim_cycle"])
        self.assertEqual(n(s, "green_unregioned_loads"), 0)
        self.assertEqual(int(rows[-1]["cycle"]), n(s, "gpu_tot_sim_cycle"))

        def column_sum(word):
            return sum(int(row["green_r%d_%s" % (r, word)]) for row in rows for r in range(16))
        self.assertEqual(column_sum("l1_loads"), n(s, "L1D_total_cache_read_accesses"))
        self.assertEqual(column_sum("l2_reads"), n(s, "L2_total_cache_read_accesses"))
        self.assertGreater(column_sum("l2_hits"), 0)
        self.assertLessEqual(column_sum("l2_hits"), column_sum("l2_reads"))
        regions = 3   # hotspot's power, temp_src, temp_dst
        self.assertIn("green_pages_r2_l2_hit_0_10", s)
        self.assertNotIn("green_pages_r3_l1_hit_0_10", s)
        tracked = sum(n(s, "green_pages_r%d_l%d_hit_%d_%d" % (r, lv, t * 10, t * 10 + 10))
                      for r in range(regions) for lv in (1, 2) for t in range(10))
        self.assertEqual(tracked, n(s, "green_pages_tracked"))
        self.assertGreater(tracked, 0)
        self.assertEqual(n(s, "green_pages_untracked_lookups"), 0)

    def test_off_adds_nothing(self):
        s = run_ok("--workload", VADD)
        self.assertFalse([k for k in s if k.startswith("green_")])


if __name__ == "__main__":
    unittest.main()
