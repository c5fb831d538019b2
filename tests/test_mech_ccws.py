"""CCWS end to end (src/mech/ccws.c; Rogers et al., MICRO 2012; issue 17 item 1).

- KM thrashes its L1D: CCWS finds lost intra-warp locality (VTA hits), throttles the
  loads of low-scoring warps, and by cycle 150000 the run has committed more than twice
  the plain GTO run's instructions, as the paper reports for its cache-sensitive set.
- VADD streams: nothing is reused, so no VTA hit, no throttling, and the timing is the
  plain run's exactly.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402


def n(stats, name):
    return int(stats[name])


class Ccws(unittest.TestCase):
    def test_km_throttles_and_gains(self):
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        plain = run_ok(*cap)
        ccws = run_ok(*cap, "-gs_mechanisms", "ccws")
        self.assertEqual(n(ccws, "ccws_vta_hits"), 56450)
        self.assertEqual(n(ccws, "ccws_vta_inserts"), 117589)
        self.assertEqual(n(ccws, "ccws_throttled_warp_cycles"), 55901940)
        self.assertEqual(n(ccws, "ccws_score_max"), 3837)
        self.assertEqual(n(plain, "gpu_tot_sim_insn"), 4117596)
        self.assertEqual(n(ccws, "gpu_tot_sim_insn"), 8880828)

    def test_streaming_is_untouched(self):
        plain = run_ok("--workload", "vadd")
        ccws = run_ok("--workload", "vadd", "-gs_mechanisms", "ccws")
        self.assertGreater(n(ccws, "ccws_vta_inserts"), 0)
        self.assertEqual(n(ccws, "ccws_vta_hits"), 0)
        self.assertEqual(n(ccws, "ccws_throttled_warp_cycles"), 0)
        self.assertEqual(ccws["gpu_sim_cycle"], plain["gpu_sim_cycle"])


if __name__ == "__main__":
    unittest.main()
