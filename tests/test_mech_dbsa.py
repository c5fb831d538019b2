"""DBSA end to end (src/mech/dbsa.c; seed-000 section 2.2; issue 16 item 2).

- A streaming kernel (vadd, sampling every 1000 cycles) bypasses both levels
  from its first period on: the loads DBSA bypasses leave the L1 exactly
  (L1 load accesses drop by them, the L1-bypass path grows by them) and the
  run's timing differs from the plain run's.
- HS bypasses the L1 only, as the thesis reports for it.
- A cache-friendly kernel (syrk) never bypasses, and its timing is the plain
  run's, cycle for cycle.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402


def run(*args):
    return run_ok(*args)


def n(stats, name):
    return int(stats[name])


class Dbsa(unittest.TestCase):
    def test_streaming_bypasses_both(self):
        plain = run("--workload", "vadd", "-gs_mechanisms", "census")
        dbsa = run("--workload", "vadd", "-gs_mechanisms", "census,dbsa", "-gs_dbsa_period", "1000")
        periods = n(dbsa, "dbsa_periods")
        self.assertGreater(periods, 2)
        self.assertEqual(n(dbsa, "dbsa_l1_periods_bypassed"), periods)
        self.assertEqual(n(dbsa, "dbsa_l2_periods_bypassed"), periods)
        self.assertEqual(n(dbsa, "dbsa_l1_switches"), 1)
        bypassed = n(dbsa, "dbsa_l1_bypassed_requests")
        self.assertGreater(bypassed, 0)
        self.assertGreater(n(dbsa, "dbsa_l2_bypassed_requests"), 0)
        # every bypassed load left the L1 path for the bypass path
        self.assertEqual(n(dbsa, "ldst_l1_bypass_accesses") - n(plain, "ldst_l1_bypass_accesses"),
                         bypassed)
        loads = "census_l1d_access"
        self.assertLess(n(dbsa, loads), n(plain, loads))
        self.assertNotEqual(dbsa["gpu_sim_cycle"], plain["gpu_sim_cycle"])
        self.assertEqual(dbsa["gpu_sim_insn"], plain["gpu_sim_insn"])

    def test_hs_bypasses_l1_only(self):
        dbsa = run("--workload", "hs", "-gs_mechanisms", "dbsa")
        self.assertGreater(n(dbsa, "dbsa_l1_periods_bypassed"), 0)
        self.assertEqual(n(dbsa, "dbsa_l2_periods_bypassed"), 0)
        self.assertGreater(n(dbsa, "dbsa_l1_shadow_misses"), 0)

    def test_friendly_never_bypasses(self):
        plain = run("--workload", "example:syrk")
        dbsa = run("--workload", "example:syrk", "-gs_mechanisms", "dbsa",
                   "-gs_dbsa_period", "2000")
        self.assertGreater(n(dbsa, "dbsa_periods"), 5)
        self.assertEqual(n(dbsa, "dbsa_l1_periods_bypassed"), 0)
        self.assertEqual(n(dbsa, "dbsa_l2_periods_bypassed"), 0)
        for name in ("gpu_sim_cycle", "L1D_total_cache_accesses", "L2_total_cache_accesses"):
            self.assertEqual(dbsa[name], plain[name])


if __name__ == "__main__":
    unittest.main()
