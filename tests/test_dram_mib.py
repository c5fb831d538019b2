"""The Merge Information Buffer and the MSHR-M / MSHR-S / MSHR-S+A DRAM schedulers end to end
(mem/partition.c L2 side, mem/dram.c DRAM side, mem/dsched_mshr.c; seed-002 sections 2.2-2.3;
issue 19 items 1-3), on gtx480 at the small sizes:

- BFS (frontier reads shared across SMs: high inter-core locality): the L2s send dummy requests
  for reads merged after their request left, every one reaches its controller, and a few find
  their read still queued (most arrive after it was served); each scheduler serves a different
  order from FR-FCFS (different row-buffer hits and cycles). At most 10 ages reach the 15-bit
  ceiling (they were about 600 while an MSHR entry that a write-allocate fetch took kept the
  previous line's MIB data: the entry is now cleared when it is freed).
- VADD (streaming, no data shared): the only merges are the SMs' instruction fetches of the same
  code lines, no dummy finds a queued read, and MSHR-M and MSHR-S, whose scores are all 1, choose
  what FR-FCFS would (mib_reorders 0: the oldest request's row is also the row with the most
  queued reads): their runs differ from FR-FCFS only through the dummies' L2 output slots.
  MSHR-S+A's ages do reorder.
- CFD (streaming, LIL) under the seed-002 overlay (read queue 64, link latency 20): dummies reach
  their queued reads and every scheduler serves reads in another order than FR-FCFS.
- FR-FCFS runs keep their digests (no MIB, no dummies, no new statistics).
- -gs_intercore_stats (seed-002 5.1-8) only adds statistics: the L2 MSHR cycles by class over
  every sub-partition's every L2 cycle, the merge-length histogram (one count per L2 fill that
  freed its entry), the data-dependency stalls split RAW / WAW; the delay experiment
  (-gs_delay_class) holds exactly -gs_delay_requests replies.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402


def n(stats, name):
    return int(stats[name])


def sched(workload, name):
    return run_ok("--workload", workload, "-gpgpu_dram_scheduler", name)


class Mib(unittest.TestCase):
    def test_bfs_high_inter_core_locality(self):
        fr = sched("bfs", "frfcfs")
        self.assertNotIn("mib_dummies_sent", fr)
        self.assertEqual(fr["digest"], "93988fbd586cc5ec")
        self.assertEqual(n(fr, "dram_row_buffer_hits"), 270475)
        want = {"mshr_m": (1248, 41, 269978, 559173), "mshr_s": (1274, 66, 270778, 562889),
                "mshr_sa": (1292, 45, 270415, 563115)}
        reorders = {"mshr_m": 2, "mshr_s": 205, "mshr_sa": 848}
        for name, (sent, matched, hits, cycles) in want.items():
            got = sched("bfs", name)
            self.assertEqual(n(got, "mib_dummies_sent"), sent, name)
            self.assertEqual(n(got, "mib_dummies_arrived"), sent, name)
            self.assertEqual(n(got, "mib_dummies_matched"), matched, name)
            self.assertEqual(n(got, "dram_row_buffer_hits"), hits, name)
            self.assertEqual(n(got, "gpu_tot_sim_cycle"), cycles, name)
            self.assertLessEqual(n(got, "mib_age_saturations"), 10, name)
            self.assertEqual(n(got, "mib_reorders"), reorders[name], name)

    def test_vadd_streaming(self):
        fr = sched("vadd", "frfcfs")
        m = sched("vadd", "mshr_m")
        s = sched("vadd", "mshr_s")
        sa = sched("vadd", "mshr_sa")
        self.assertEqual(fr["digest"], "643b5595eb0b5396")
        self.assertEqual(n(m, "mib_dummies_sent"), 28)
        self.assertEqual(n(m, "mib_dummies_matched"), 0)
        self.assertEqual(m["digest"], s["digest"])
        self.assertEqual(n(fr, "dram_row_buffer_hits"), 5833)
        self.assertEqual(n(s, "dram_row_buffer_hits"), 5954)
        self.assertEqual(n(sa, "dram_row_buffer_hits"), 5782)
        self.assertEqual(n(s, "gpu_tot_sim_cycle"), 6781)
        self.assertEqual(n(fr, "gpu_tot_sim_cycle"), 6680)
        self.assertEqual(n(m, "mib_reorders"), 0)
        self.assertEqual(n(s, "mib_reorders"), 0)
        self.assertEqual(n(sa, "mib_reorders"), 9)

    def test_cfd_streaming_seed002(self):
        overlay = ("--config", "gtx480", "--config", "examples/configs/seed002.cfg")
        fr = run_ok(*overlay, "--workload", "cfd")
        self.assertEqual(n(fr, "gpu_tot_sim_cycle"), 82867)
        want = {"mshr_m": (84, 4, 1, 83380), "mshr_s": (94, 16, 1438, 83345),
                "mshr_sa": (97, 17, 2070, 83089)}
        for name, (sent, matched, reorders, cycles) in want.items():
            got = run_ok(*overlay, "--workload", "cfd", "-gpgpu_dram_scheduler", name)
            self.assertEqual(n(got, "mib_dummies_sent"), sent, name)
            self.assertEqual(n(got, "mib_dummies_matched"), matched, name)
            self.assertEqual(n(got, "mib_reorders"), reorders, name)
            self.assertEqual(n(got, "gpu_tot_sim_cycle"), cycles, name)


class IntercoreStats(unittest.TestCase):
    def test_bfs_statistics_only(self):
        plain = sched("bfs", "frfcfs")
        got = run_ok("--workload", "bfs", "-gs_intercore_stats", "1")
        self.assertEqual(n(got, "gpu_tot_sim_cycle"), n(plain, "gpu_tot_sim_cycle"))
        self.assertEqual(n(got, "dram_row_buffer_hits"), n(plain, "dram_row_buffer_hits"))
        self.assertNotIn("L2_mshr_cycles_idle", plain)
        idle, none, loc = (n(got, "L2_mshr_cycles_" + c)
                           for c in ("idle", "no_locality", "locality"))
        self.assertEqual((idle, none, loc), (1132507, 5529185, 136596))
        self.assertEqual(idle + none + loc, 12 * 566524)   # 12 tables, every L2 cycle
        self.assertEqual(got["L2_mshr_locality_fraction"], "0.0241")   # 136596 / 5665781
        hist = [n(got, "L2_mshr_merge_length_%d" % i) for i in range(1, 16)]
        hist.append(n(got, "L2_mshr_merge_length_16_or_more"))
        self.assertEqual(hist[:5], [229100, 926, 108, 18, 3])
        self.assertEqual(hist[14], 3)
        self.assertEqual(sum(hist), n(got, "L2_cache_fills"))
        raw, waw = n(got, "gpgpu_stall_dependency_raw"), n(got, "gpgpu_stall_dependency_waw")
        self.assertEqual(raw + waw, n(got, "gpgpu_stall_scoreboard") + n(got, "gpgpu_stall_memory"))
        self.assertEqual(waw, 0)   # nvcc's PTX rewrites no register a pending load writes

    def test_bfs_delay_experiment(self):
        want = {"locality": 562711, "no_locality": 562497}
        for cls, cycles in want.items():
            got = run_ok("--workload", "bfs", "-gs_delay_class", cls)
            self.assertEqual(n(got, "delay_fills_delayed"), 1000, cls)
            self.assertEqual(n(got, "delay_hold_full"), 0, cls)
            self.assertEqual(n(got, "gpu_tot_sim_cycle"), cycles, cls)
        few = run_ok("--workload", "bfs", "-gs_delay_class", "locality",
                     "-gs_delay_requests", "10", "-gs_delay_cycles", "1")
        self.assertEqual(n(few, "delay_fills_delayed"), 10)


if __name__ == "__main__":
    unittest.main()
