"""CIAO-T end to end (src/mech/ciao.c; Zhang et al., IPDPS 2018; issue 18 items 1, 2, 4),
on the seed-001 baseline (examples/configs/seed001.cfg: GTO, XOR-hashed L1D and L2, an
8-way 768 KB L2), to cycle 150000, the watchdog quiet.

- KM (large working set): VTA hits name the interfering warps, about 15% of the tested
  warps pass the 0.01 cutoff, their interferers are stalled and reactivated, and the run
  commits 12.4% more instructions than GTO with a lower L1D miss rate.
- KMEANS (Rodinia's, large working set): 1321 stalls barely move the L1D miss rate (78.6% to
  77.0%) and the run commits 7.9% less: each warp cycles through 34 lines per cluster, about
  4 warps' worth of the L1D, and stalling a few interferers per epoch is far from the 2 warps
  the paper's Best-SWL finds for it.
- SYRK (small working set): CIAO-T stalls as actively but loses 14.3% and its miss rate
  rises; the paper's gain on SYRK comes from redirecting interferers to shared memory
  (CIAO-P / CIAO-C), which is not built yet.
- VADD streams: no VTA hit, no stall, the GTO run's cycles exactly.
- The barrier guard (A12): BP waits at bar.sync in every CTA. With cutoffs of 0 every warp
  with a VTA hit stalls its interferer, and without the guard the run deadlocks in its
  second kernel (the watchdog fires at cycle 100000). With it, 70 arrivals release stalled
  siblings, the first at cycle 12080, 2284 stalls are refused, and the run finishes.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402

SEED001 = ("--config", "gtx480", "--config", "examples/configs/seed001.cfg")
CAP = ("-gpgpu_max_cycle", "150000")


def n(stats, name):
    return int(stats[name])


class CiaoT(unittest.TestCase):
    def test_km_large_working_set(self):
        gto = run_ok(*SEED001, "--workload", "km", *CAP)
        got = run_ok(*SEED001, "--workload", "km", *CAP, "-gs_mechanisms", "ciao")
        self.assertEqual(n(got, "ciao_vta_hits"), 155199)
        self.assertEqual(n(got, "ciao_high_tested"), 11872)
        self.assertEqual(n(got, "ciao_high_over"), 1736)
        self.assertEqual(n(got, "ciao_stalls"), 1228)
        self.assertEqual(n(got, "ciao_reactivations"), 681)
        self.assertEqual(n(got, "ciao_exit_releases"), 188)
        self.assertEqual(n(gto, "gpu_tot_sim_insn"), 4692444)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 5276060)

    def test_kmeans_large_working_set(self):
        gto = run_ok(*SEED001, "--workload", "kmeans", *CAP)
        got = run_ok(*SEED001, "--workload", "kmeans", *CAP, "-gs_mechanisms", "ciao")
        self.assertEqual(n(got, "ciao_stalls"), 1321)
        self.assertEqual(n(got, "ciao_reactivations"), 204)
        self.assertEqual(n(got, "ciao_high_over"), 1855)
        self.assertEqual(n(gto, "gpu_tot_sim_insn"), 3316444)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 3054876)

    def test_syrk_small_working_set(self):
        gto = run_ok(*SEED001, "--workload", "syrk", *CAP)
        got = run_ok(*SEED001, "--workload", "syrk", *CAP, "-gs_mechanisms", "ciao")
        self.assertEqual(n(got, "ciao_stalls"), 1318)
        self.assertEqual(n(got, "ciao_reactivations"), 129)
        self.assertEqual(n(got, "ciao_stalled_max"), 35)
        self.assertEqual(n(gto, "gpu_tot_sim_insn"), 9058976)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 7764544)

    def test_matrix_and_time_series(self):
        """-gs_ciao_matrix 1 and -gs_sample_cycles: every VTA hit lands in one cell of the
        matrix, interference is far from uniform across evicting warps (the paper's
        Fig. 4), the periods add up, and neither changes the run."""
        cap = SEED001 + ("--workload", "km", "-gpgpu_max_cycle", "40000", "-gs_mechanisms", "ciao")
        plain = run_ok(*cap)
        got = run_ok(*cap, "-gs_ciao_matrix", "1", "-gs_sample_cycles", "10000")
        cells = {k: int(v) for k, v in got.items() if k.startswith("ciao_matrix_")}
        self.assertEqual(sum(cells.values()), n(got, "ciao_vta_hits"))
        self.assertEqual(n(got, "ciao_intf_max_w3"), 159)
        self.assertEqual(n(got, "ciao_intf_min_w3"), 12)
        hits = [n(got, "ciao_vta_hits_to_%d" % c) for c in (10000, 20000, 30000, 40000)]
        stalls = [n(got, "ciao_stalls_to_%d" % c) for c in (10000, 20000, 30000, 40000)]
        self.assertEqual(sum(hits), n(got, "ciao_vta_hits"))
        self.assertEqual(sum(stalls), n(got, "ciao_stalls"))
        for name in ("gpu_tot_sim_insn", "ciao_vta_hits", "ciao_stalls"):
            self.assertEqual(got[name], plain[name])

    def test_barrier_guard(self):
        gto = run_ok(*SEED001, "--workload", "bp")
        got = run_ok(*SEED001, "--workload", "bp", "-gs_mechanisms", "ciao",
                     "-gs_ciao_high_cutoff_ppm", "0", "-gs_ciao_low_cutoff_ppm", "0",
                     "-gs_ciao_high_epoch", "1000")
        self.assertEqual(n(got, "ciao_barrier_releases"), 70)
        self.assertEqual(n(got, "ciao_first_barrier_release_cycle"), 12080)
        self.assertEqual(n(got, "ciao_barrier_refusals"), 2284)
        self.assertEqual(n(got, "ciao_stalls"), 160)
        self.assertEqual(n(gto, "gpu_tot_sim_cycle"), 28854)
        self.assertEqual(n(got, "gpu_tot_sim_cycle"), 28888)

    def test_streaming_is_untouched(self):
        gto = run_ok(*SEED001, "--workload", "vadd")
        got = run_ok(*SEED001, "--workload", "vadd", "-gs_mechanisms", "ciao")
        self.assertGreater(n(got, "ciao_vta_inserts"), 0)
        self.assertEqual(n(got, "ciao_vta_hits"), 0)
        self.assertEqual(n(got, "ciao_stalls"), 0)
        self.assertEqual(got["gpu_sim_cycle"], gto["gpu_sim_cycle"])


if __name__ == "__main__":
    unittest.main()
