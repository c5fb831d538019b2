"""The census mechanism (src/mech/census.c) counts every event kind; each
count must equal the statistic the units keep independently, and enabling it
must add only its own census_* lines (the digest covers them).  Runs the
built gpusim (GPUSIM_BUILD, default build/)."""
import os
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build"))


def run(*args):
    p = subprocess.run([os.path.join(BUILD, "gpusim")] + list(args), cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    if p.returncode != 0:
        raise AssertionError("gpusim %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def stats(text):
    out = {}
    for line in text.splitlines():
        name, sep, value = line.partition(" = ")
        if sep:
            out[name] = value
    return out


class Census(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.plain = run()
        cls.text = run("-gs_mechanisms", "census")
        cls.s = {k: v for k, v in stats(cls.text).items()}
        cls.bfs = stats(run("--workload", "bfs", "-gs_mechanisms", "census"))

    def n(self, name, source=None):
        return int((source or self.s)[name])

    def test_only_census_lines_are_added(self):
        plain = [l for l in self.plain.splitlines() if not l.startswith("digest")]
        with_census = [l for l in self.text.splitlines()
                       if not l.startswith(("census_", "digest"))]
        self.assertEqual(plain, with_census)
        self.assertNotIn("census_", self.plain)

    def test_cache_events_equal_cache_statistics(self):
        for s in (self.s, self.bfs):
            self.assertEqual(self.n("census_l1d_access", s),
                             self.n("L1D_total_line_accesses", s) +
                             self.n("L1D_total_line_reservation_fails", s))
            self.assertEqual(self.n("census_l1d_access_reservation_fail", s),
                             self.n("L1D_total_line_reservation_fails", s))
            self.assertEqual(self.n("census_l1d_access_miss", s),
                             self.n("L1D_total_line_misses", s))
            self.assertEqual(self.n("census_l1d_evict", s), self.n("L1D_cache_evictions", s))
            self.assertEqual(self.n("census_l1d_fill", s), self.n("L1D_cache_fills", s))
            self.assertEqual(self.n("census_l2_access", s),
                             self.n("L2_total_line_accesses", s) +
                             self.n("L2_total_line_reservation_fails", s))
            self.assertEqual(self.n("census_l2_access_miss", s),
                             self.n("L2_total_line_misses", s))
            self.assertEqual(self.n("census_l2_evict", s), self.n("L2_cache_evictions", s))
            self.assertEqual(self.n("census_l2_fill", s), self.n("L2_cache_fills", s))
            self.assertEqual(self.n("census_mshr_merge", s),
                             self.n("L1D_cache_mshr_merges", s) +
                             self.n("L2_cache_mshr_merges", s))

    def test_core_events_equal_core_statistics(self):
        for s in (self.s, self.bfs):
            self.assertEqual(self.n("census_warp_issue", s), self.n("gpgpu_n_tot_w_icount", s))
            self.assertEqual(self.n("census_warp_commit", s), self.n("gpgpu_n_tot_w_icount", s))
            self.assertEqual(self.n("census_cta_launch", s), self.n("gpu_ctas_launched", s))
            self.assertEqual(self.n("census_cta_finish", s), self.n("gpu_ctas_launched", s))
            self.assertEqual(self.n("census_kernel_launch", s), self.n("gpu_kernels_launched", s))
            self.assertEqual(self.n("census_kernel_finish", s), self.n("gpu_kernels_launched", s))
        self.assertEqual(24, self.n("census_kernel_launch", self.bfs))

    def test_every_allocated_entry_is_released_and_every_warp_exits(self):
        for s in (self.s, self.bfs):
            self.assertEqual(self.n("census_mshr_alloc", s), self.n("census_mshr_release", s))
            self.assertGreater(self.n("census_mshr_alloc", s), 0)
        # the default job: SYRK small, 64 CTAs of 256 threads = 8 warps each
        self.assertEqual(64, self.n("gpu_ctas_launched"))
        self.assertEqual(64 * 8, self.n("census_warp_exit"))

    def test_dram_events_equal_dram_statistics(self):
        for s in (self.s, self.bfs):
            self.assertEqual(self.n("census_dram_row", s),
                             self.n("dram_row_buffer_hits", s) +
                             self.n("dram_row_buffer_misses", s))
            self.assertEqual(self.n("census_dram_enqueue", s), self.n("census_dram_complete", s))
            columns = (self.n("dram_activates", s) + self.n("total_dram_reads", s) +
                       self.n("total_dram_writes", s))
            self.assertGreaterEqual(self.n("census_dram_command", s), columns)
        # the default job's rows are opened once each and never closed (no precharge), so
        # the commands are exactly the activates and the column commands
        self.assertEqual(self.n("census_dram_command"),
                         self.n("dram_activates") + self.n("total_dram_reads") +
                         self.n("total_dram_writes"))


if __name__ == "__main__":
    unittest.main()
