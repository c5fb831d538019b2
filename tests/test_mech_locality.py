"""The locality classifier end to end (src/mech/locality.c; seed-000 section 2.8;
issue 16 item 6): every L1D and L2 access that is not a reservation fail is classed
once (the classes add up to census's access counts), hits never exceed accesses,
a streaming kernel's accesses are all cold at the L1, a reused one's are not, and
the classifier changes no timing."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402

CLASSES = ["cold", "intra_thread", "intra_warp", "intra_cta", "intra_core", "inter_core",
           "inter_kernel"]


def run(*args):
    return run_ok(*args)


class Locality(unittest.TestCase):
    def check(self, workload):
        s = run("--workload", workload, "-gs_mechanisms", "census,locality")
        for lv, ev in (("l1", "l1d"), ("l2", "l2")):
            total = sum(int(s["locality_%s_%s" % (lv, c)]) for c in CLASSES)
            self.assertEqual(total, int(s["census_%s_access" % ev]) -
                             int(s["census_%s_access_reservation_fail" % ev]))
            self.assertEqual(total, int(s["locality_%s_classed" % lv]))
            for c in CLASSES:
                self.assertLessEqual(int(s["locality_%s_%s_hits" % (lv, c)]),
                                     int(s["locality_%s_%s" % (lv, c)]))
        return s

    def test_streaming_is_cold(self):
        s = self.check("vadd")
        self.assertGreater(int(s["locality_l1_cold"]), 0)
        for c in CLASSES[1:]:
            self.assertEqual(s["locality_l1_" + c], "0")

    def test_reuse_and_unchanged_timing(self):
        s = self.check("example:syrk")
        self.assertGreater(int(s["locality_l1_intra_cta"]), 0)
        self.assertGreater(int(s["locality_l1_inter_core"]), 0)
        plain = run("--workload", "example:syrk")
        self.assertEqual(s["gpu_sim_cycle"], plain["gpu_sim_cycle"])

    def test_multi_kernel(self):
        s = self.check("reduce")
        self.assertGreater(int(s["locality_l1_inter_kernel"]), 0)


if __name__ == "__main__":
    unittest.main()
