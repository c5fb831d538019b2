"""CCWS end to end (src/mech/ccws.c; Rogers et al., MICRO 2012; issue 17 item 1).

- KM thrashes its L1D: CCWS finds lost intra-warp locality (VTA hits), throttles the
  loads of low-scoring warps, and by cycle 150000 the run has committed more than twice
  the plain GTO run's instructions, as the paper reports for its cache-sensitive set.
- Sampled every 10000 cycles, KM's scores, throttled warps and VTA hits over time.
- BP (cache-friendly, insensitive) loses a little locality: 900 VTA hits throttle a few
  warps' loads for 9694 warp-cycles in all, and the run takes 202 cycles (0.70%) longer.
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
        self.assertEqual(n(ccws, "ccws_vta_hits"), 55702)
        self.assertEqual(n(ccws, "ccws_vta_inserts"), 119289)
        self.assertEqual(n(ccws, "ccws_throttled_warp_cycles"), 55441342)
        self.assertEqual(n(ccws, "ccws_score_max"), 3661)
        self.assertEqual(n(plain, "gpu_tot_sim_insn"), 3942556)
        self.assertEqual(n(ccws, "gpu_tot_sim_insn"), 8685852)

    def test_scores_over_time(self):
        """-gs_sample_cycles 10000: per period the mean score, the mean throttled warps
        and the VTA hits; the hits add up to the run's, and sampling changes nothing else."""
        cap = ("--workload", "km", "-gpgpu_max_cycle", "40000", "-gs_mechanisms", "ccws")
        plain = run_ok(*cap)
        got = run_ok(*cap, "-gs_sample_cycles", "10000")
        hits = [n(got, "ccws_vta_hits_to_%d" % c) for c in (10000, 20000, 30000, 40000)]
        self.assertEqual(hits, [4055, 3697, 3399, 3543])
        self.assertEqual(sum(hits), n(got, "ccws_vta_hits"))
        self.assertEqual(got["ccws_score_mean_to_10000"], "198.22")
        self.assertEqual(got["ccws_throttled_warps_to_30000"], "448.21")
        self.assertEqual(n(got, "ccws_samples_dropped"), 0)
        self.assertNotIn("ccws_vta_hits_to_50000", got)
        for name in ("gpu_tot_sim_insn", "ccws_vta_hits", "ccws_throttled_warp_cycles"):
            self.assertEqual(got[name], plain[name])
        self.assertNotIn("ccws_score_mean_to_10000", plain)

    def test_insensitive_barely_moves(self):
        plain = run_ok("--workload", "bp")
        ccws = run_ok("--workload", "bp", "-gs_mechanisms", "ccws")
        self.assertEqual(n(ccws, "ccws_vta_hits"), 900)
        self.assertEqual(n(ccws, "ccws_throttled_warp_cycles"), 9694)
        self.assertEqual(n(plain, "gpu_tot_sim_cycle"), 28821)
        self.assertEqual(n(ccws, "gpu_tot_sim_cycle"), 29023)

    def test_streaming_is_untouched(self):
        plain = run_ok("--workload", "vadd")
        ccws = run_ok("--workload", "vadd", "-gs_mechanisms", "ccws")
        self.assertGreater(n(ccws, "ccws_vta_inserts"), 0)
        self.assertEqual(n(ccws, "ccws_vta_hits"), 0)
        self.assertEqual(n(ccws, "ccws_throttled_warp_cycles"), 0)
        self.assertEqual(ccws["gpu_sim_cycle"], plain["gpu_sim_cycle"])


if __name__ == "__main__":
    unittest.main()
