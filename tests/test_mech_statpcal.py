"""statPCAL end to end (src/mech/statpcal.c; Li et al., HPCA 2015; issue 17 item 3).

- KM thrashes its L1D while the L2 and DRAM are mostly idle: with 4 tokens per
  scheduler the run starts as static warp limiting at 4, every period finds the memory
  under-used, and the re-activated warps run without allocating in the L1D. By cycle
  150000 it has committed 31% more instructions than plain GTO and 36% more than the
  static limit of 4 alone, as PCAL's paper reports (static warp limiting plus non-token
  warps beats both).
- A DRAM threshold of 1% declares DRAM busy in half the periods, and fewer warps wake.
- VADD streams and keeps DRAM busy: in most periods nothing is re-activated.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402


def n(stats, name):
    return int(stats[name])


class StatPcal(unittest.TestCase):
    def test_km_reactivates_and_gains(self):
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        pcal = ("-gs_mechanisms", "statpcal", "-gs_statpcal_tokens", "4")
        plain = run_ok(*cap)
        swl = run_ok(*cap, "-gpgpu_scheduler", "warp_limiting:2:4")
        got = run_ok(*cap, *pcal)
        self.assertEqual(n(got, "statpcal_periods"), 14)
        self.assertEqual(n(got, "statpcal_underused_periods"), 14)
        self.assertEqual(n(got, "statpcal_reactivated_max"), 14)
        self.assertEqual(n(got, "statpcal_nontoken_loads"), 208977)
        self.assertEqual(n(got, "statpcal_token_loads"), 594362)
        self.assertEqual(n(plain, "gpu_tot_sim_insn"), 3942556)
        self.assertEqual(n(swl, "gpu_tot_sim_insn"), 3786044)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 5165308)
        busy = run_ok(*cap, *pcal, "-gs_statpcal_dram_threshold", "1")
        self.assertEqual(n(busy, "statpcal_underused_periods"), 7)
        self.assertEqual(n(busy, "statpcal_reactivated_max"), 3)
        self.assertEqual(n(busy, "gpu_tot_sim_insn"), 4330812)

    def test_static_is_warp_limiting(self):
        """Thresholds 0: no re-activation, and with W = T no warp is without a token,
        so the run is the static limit's exactly."""
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        swl = run_ok(*cap, "-gpgpu_scheduler", "warp_limiting:2:4")
        got = run_ok(*cap, "-gs_mechanisms", "statpcal", "-gs_statpcal_tokens", "4",
                     "-gs_statpcal_l2_threshold", "0", "-gs_statpcal_dram_threshold", "0")
        self.assertEqual(n(got, "statpcal_underused_periods"), 0)
        self.assertEqual(n(got, "statpcal_nontoken_loads"), 0)
        self.assertEqual(got["gpu_tot_sim_insn"], swl["gpu_tot_sim_insn"])
        self.assertEqual(got["L1D_total_cache_misses"], swl["L1D_total_cache_misses"])

    def test_streaming_keeps_dram_busy(self):
        plain = run_ok("--workload", "vadd")
        got = run_ok("--workload", "vadd", "-gs_mechanisms", "statpcal",
                     "-gs_statpcal_tokens", "4", "-gs_statpcal_period", "500")
        self.assertEqual(n(got, "statpcal_periods"), 13)
        self.assertEqual(n(got, "statpcal_underused_periods"), 2)
        self.assertEqual(n(got, "statpcal_nontoken_loads"), 567)
        self.assertEqual(n(got, "statpcal_dram_use_pct_sum"), 695)
        self.assertEqual(n(plain, "gpu_sim_cycle"), 6680)
        self.assertEqual(n(got, "gpu_sim_cycle"), 6748)


if __name__ == "__main__":
    unittest.main()
