"""MRPB end to end (src/mech/mrpb.c; Jia et al., HPCA 2014; issue 17 item 2), with the
paper's 32-entry buffer (-gs_ldst_stage_entries 32).

- KM (thrashing): MRPB's per-warp queues reorder nearly every pick and its bypass
  sends the loads that hit an associativity stall around the L1D; by cycle 150000 it
  has committed 3.0% more instructions than plain GTO, and without the bypass 2.6%
  more: the reordering alone gains most of it and the bypass adds 0.4%. Both gains
  are small: KM's misses are capacity misses (intra-thread reuse of many warps),
  which neither reordering nor the bypass removes.
- The paper's other signatures on KM: queues by PC put every warp's requests of one
  load together and lose 9.7% against GTO; by line address, 1.7% fewer than by warp:
  the warp is the best signature, as the paper found.
- VADD (streaming, insensitive): the extra stage costs 88 cycles of 6680.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok, stats_of  # noqa: E402

MRPB = ("-gs_mechanisms", "mrpb", "-gs_ldst_stage_entries", "32")


def n(stats, name):
    return int(stats[name])


class Mrpb(unittest.TestCase):
    def test_km(self):
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        plain = run_ok(*cap)
        mrpb = run_ok(*cap, *MRPB)
        waits = run_ok(*cap, *MRPB, "-gs_mrpb_assoc_bypass", "0")
        self.assertEqual(n(mrpb, "ldst_stage_assoc_bypasses"), 1658)
        self.assertEqual(n(waits, "ldst_stage_assoc_bypasses"), 0)
        self.assertEqual(n(mrpb, "ldst_staged_requests"), 564810)
        self.assertEqual(n(mrpb, "mrpb_reorders"), 2222687)
        self.assertEqual(n(mrpb, "mrpb_occupancy_max"), 32)
        self.assertEqual(n(plain, "gpu_tot_sim_insn"), 3942556)
        self.assertEqual(n(mrpb, "gpu_tot_sim_insn"), 4062108)
        self.assertEqual(n(waits, "gpu_tot_sim_insn"), 4046044)

    def test_signatures(self):
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        pc = run_ok(*cap, *MRPB, "-gs_mrpb_signature", "pc")
        line = run_ok(*cap, *MRPB, "-gs_mrpb_signature", "line")
        self.assertEqual(n(pc, "gpu_tot_sim_insn"), 3561116)
        self.assertEqual(n(line, "gpu_tot_sim_insn"), 3992124)
        self.assertEqual(n(pc, "ldst_stage_assoc_bypasses"), 1055)
        self.assertEqual(n(line, "ldst_stage_assoc_bypasses"), 1971)

    def test_vadd(self):
        plain = run_ok("--workload", "vadd")
        mrpb = run_ok("--workload", "vadd", *MRPB)
        self.assertEqual(n(plain, "gpu_sim_cycle"), 6680)
        self.assertEqual(n(mrpb, "gpu_sim_cycle"), 6768)
        self.assertEqual(n(mrpb, "ldst_stage_assoc_bypasses"), 88)
        self.assertGreater(n(mrpb, "mrpb_reorders"), 0)

    def test_needs_the_stage(self):
        rc, _, err = stats_of("--quiet", "--workload", "vadd", "-gs_mechanisms", "mrpb")
        self.assertEqual(rc, 2)
        self.assertIn("mrpb needs the staged LD/ST path: set -gs_ldst_stage_entries above 0",
                      err)


if __name__ == "__main__":
    unittest.main()
