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
  code lines, no dummy finds a queued read, and MSHR-M and MSHR-S, whose scores are all 1, pick
  the same rows (identical runs), which differ from FR-FCFS by opening the row with the most
  queued reads.
- FR-FCFS runs keep their digests (no MIB, no dummies, no new statistics).
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
        self.assertEqual(fr["digest"], "ded89f981b959b60")
        self.assertEqual(n(fr, "dram_row_buffer_hits"), 270581)
        want = {"mshr_m": (1261, 51, 271992, 563849), "mshr_s": (1275, 46, 271278, 567019),
                "mshr_sa": (1185, 46, 270233, 562265)}
        for name, (sent, matched, hits, cycles) in want.items():
            got = sched("bfs", name)
            self.assertEqual(n(got, "mib_dummies_sent"), sent, name)
            self.assertEqual(n(got, "mib_dummies_arrived"), sent, name)
            self.assertEqual(n(got, "mib_dummies_matched"), matched, name)
            self.assertEqual(n(got, "dram_row_buffer_hits"), hits, name)
            self.assertEqual(n(got, "gpu_tot_sim_cycle"), cycles, name)
            self.assertLessEqual(n(got, "mib_age_saturations"), 10, name)

    def test_vadd_streaming(self):
        fr = sched("vadd", "frfcfs")
        m = sched("vadd", "mshr_m")
        s = sched("vadd", "mshr_s")
        sa = sched("vadd", "mshr_sa")
        self.assertEqual(fr["digest"], "6bf87fc79787ea38")
        self.assertEqual(n(m, "mib_dummies_sent"), 28)
        self.assertEqual(n(m, "mib_dummies_matched"), 0)
        self.assertEqual(m["digest"], s["digest"])
        self.assertEqual(n(fr, "dram_row_buffer_hits"), 5833)
        self.assertEqual(n(s, "dram_row_buffer_hits"), 5954)
        self.assertEqual(n(sa, "dram_row_buffer_hits"), 5782)
        self.assertEqual(n(s, "gpu_tot_sim_cycle"), 6781)
        self.assertEqual(n(fr, "gpu_tot_sim_cycle"), 6680)


if __name__ == "__main__":
    unittest.main()
