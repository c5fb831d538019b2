"""DWT-CS and DWT-PRIC end to end (src/mech/dwt.c, src/mech/dwt_pric.c; seed-000
sections 2.4 and 2.6; issue 16 items 4 and 5).

- KM thrashes its L1D (MPKI about 59 on gtx480): DWT-CS detects it after N = 3
  periods, samples limits 1..15 on the 15 cores for M = 3 periods and settles on 1
  warp per scheduler; by cycle 150000 the throttled run has committed more than
  twice the plain run's instructions.
- MGST relaunches its merge kernel pass after pass: the first launches sample, the
  later ones reuse the remembered limit without sampling (memo hits); one sampling
  round is dropped at its kernel's end. The run commits the same instructions
  in fewer cycles.
- DWT-PRIC on the PRIC overlay throttles MGST the same way and then runs DBSA
  periods. On streaming VADD (MPKI below 10) its first N = 3 periods find no
  thrashing; DBSA decides from the end of the 4th period on and bypasses both
  levels, later than standalone DBSA does (fewer bypassed requests). Without the
  PRIC index it is a configuration error.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok, stats_of  # noqa: E402

PRIC = ("--config", "examples/configs/seed000.cfg", "--config", "examples/configs/seed000-pric.cfg")


def n(stats, name):
    return int(stats[name])


class Dwt(unittest.TestCase):
    def test_km_thrashing_settles_on_one_warp(self):
        cap = ("--workload", "km", "-gpgpu_max_cycle", "150000")
        plain = run_ok(*cap)
        dwt = run_ok(*cap, "-gs_mechanisms", "dwt")
        self.assertEqual(n(dwt, "dwt_detections"), 1)
        self.assertEqual(n(dwt, "dwt_thrashing_periods"), 3)
        self.assertEqual(n(dwt, "dwt_sampling_rounds"), 1)
        self.assertEqual(n(dwt, "dwt_sampling_periods"), 3)
        self.assertEqual(n(dwt, "dwt_kernels_throttled"), 1)
        self.assertEqual(n(dwt, "dwt_last_limit"), 1)
        self.assertEqual(n(plain, "gpu_tot_sim_insn"), 3942556)
        self.assertEqual(n(dwt, "gpu_tot_sim_insn"), 9715612)

    def test_mgst_relaunches_reuse_the_limit(self):
        plain = run_ok("--workload", "mgst")
        dwt = run_ok("--workload", "mgst", "-gs_mechanisms", "dwt", "-gs_dwt_period", "2000")
        self.assertEqual(n(dwt, "dwt_detections"), 6)
        self.assertEqual(n(dwt, "dwt_memo_hits"), 4)
        self.assertEqual(n(dwt, "dwt_sampling_rounds"), 2)
        self.assertEqual(n(dwt, "dwt_sampling_periods"), 4)
        self.assertEqual(n(dwt, "dwt_kernels_throttled"), 5)
        self.assertEqual(n(dwt, "dwt_last_limit"), 1)
        self.assertEqual(dwt["gpu_tot_sim_insn"], plain["gpu_tot_sim_insn"])
        self.assertEqual(n(plain, "gpu_tot_sim_cycle"), 276432)
        self.assertEqual(n(dwt, "gpu_tot_sim_cycle"), 274977)

    def test_dwt_pric_throttles_then_runs_dbsa(self):
        dwt = run_ok("--workload", "mgst", *PRIC, "-gs_mechanisms", "dwt",
                     "-gs_dwt_period", "2000")
        both = run_ok("--workload", "mgst", *PRIC, "-gs_mechanisms", "dwt_pric",
                      "-gs_dwt_period", "2000")
        for name in ("dwt_detections", "dwt_memo_hits", "dwt_sampling_rounds", "dwt_last_limit"):
            self.assertEqual(both[name], dwt[name])
        self.assertEqual(n(both, "dbsa_periods"), 47)
        self.assertEqual(n(both, "dbsa_l1_periods_bypassed"), 0)
        self.assertEqual(both["gpu_tot_sim_cycle"], dwt["gpu_tot_sim_cycle"])

    def test_dwt_pric_streaming_bypasses_after_detection(self):
        plain = run_ok("--workload", "vadd", *PRIC)
        dbsa = run_ok("--workload", "vadd", *PRIC, "-gs_mechanisms", "dbsa",
                      "-gs_dbsa_period", "1000")
        both = run_ok("--workload", "vadd", *PRIC, "-gs_mechanisms", "dwt_pric",
                      "-gs_dwt_period", "1000")
        self.assertEqual(n(both, "dwt_periods"), 3)
        self.assertEqual(n(both, "dwt_thrashing_periods"), 0)
        self.assertEqual(n(both, "dwt_detections"), 0)
        self.assertEqual(n(both, "dbsa_periods"), 3)
        self.assertEqual(n(both, "dbsa_l1_periods_bypassed"), 3)
        self.assertEqual(n(both, "dbsa_l2_periods_bypassed"), 3)
        self.assertEqual(n(both, "dbsa_l1_bypassed_requests"), 955)
        self.assertEqual(n(dbsa, "dbsa_l1_bypassed_requests"), 2774)
        self.assertEqual(n(plain, "gpu_tot_sim_cycle"), 6682)
        self.assertEqual(n(both, "gpu_tot_sim_cycle"), 6282)

    def test_dwt_pric_needs_pric(self):
        rc, _, err = stats_of("--quiet", "--workload", "mgst", "-gs_mechanisms", "dwt_pric")
        self.assertEqual(rc, 2)
        self.assertIn("dwt_pric indexes the L1D with PRIC", err)


if __name__ == "__main__":
    unittest.main()
