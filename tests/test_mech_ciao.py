"""CIAO end to end (src/mech/ciao.c; Zhang et al., IPDPS 2018; issue 18 items 1-5), on the
seed-001 baseline (examples/configs/seed001.cfg: GTO, XOR-hashed L1D and L2, an 8-way 768 KB
L2), to cycle 150000, the watchdog quiet.

CIAO-T (-gs_ciao_variant t, stall only):
- KM (large working set): VTA hits name the interfering warps, about 14% of the tested
  warps pass the 0.01 cutoff, their interferers are stalled and reactivated, and the run
  commits 12.6% more instructions than GTO with a lower L1D miss rate.
- KMEANS (Rodinia's, large working set): 1290 stalls barely move the L1D miss rate (78.8% to
  77.1%) and the run commits 7.6% less: each warp cycles through 34 lines per cluster, about
  4 warps' worth of the L1D, and stalling a few interferers per epoch is far from the 2 warps
  the paper's Best-SWL finds for it.
- SYRK (small working set): CIAO-T stalls as actively but loses 14.3% and its miss rate
  rises.
- VADD streams: no VTA hit, no stall, the GTO run's cycles exactly.
- The barrier guard (A12): BP waits at bar.sync in every CTA. With cutoffs of 0 every warp
  with a VTA hit stalls its interferer, and without the guard the run deadlocks in its
  second kernel (the watchdog fires at cycle 100000). With it, 49 arrivals release stalled
  siblings, the first at cycle 11923, 1719 stalls are refused, and the run finishes.

CIAO-P (isolate only) and CIAO-C (isolate, then stall), with -gs_smem_cache 1 (the unused
48 KB of shared memory holds 256 blocks, 32 KB):
- SYRK: +56.5% (P) and +58.9% (C) over GTO. The isolated warps' rows move into shared
  memory (migrations, fills) where the other warps read them too (A15: served where the
  block is): 664158 of SYRK's loads are such shared hits under P, and the L1D miss rate
  falls from 28.6% to 11.5%.
- KMEANS: +92.8% (P) and +74.7% (C): the shared-memory cache triples the capacity the
  per-cluster re-reads find; C's 621 stalls cost it against P.
- CONV (barriers, shared memory in use, cutoffs 0): CTAs starting and finishing resize the
  cache 392 times, dropping 704 blocks; 46 barrier arrivals release stalled siblings.
- With -gs_smem_cache 1 and nothing redirected (CIAO-T), the run is the run without it.
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
        self.assertEqual(n(got, "ciao_vta_hits"), 152111)
        self.assertEqual(n(got, "ciao_high_tested"), 12166)
        self.assertEqual(n(got, "ciao_high_over"), 1687)
        self.assertEqual(n(got, "ciao_stalls"), 1181)
        self.assertEqual(n(got, "ciao_reactivations"), 677)
        self.assertEqual(n(got, "ciao_exit_releases"), 136)
        self.assertEqual(n(gto, "gpu_tot_sim_insn"), 4545756)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 5117724)

    def test_kmeans_large_working_set(self):
        gto = run_ok(*SEED001, "--workload", "kmeans", *CAP)
        got = run_ok(*SEED001, "--workload", "kmeans", *CAP, "-gs_mechanisms", "ciao")
        self.assertEqual(n(got, "ciao_stalls"), 1290)
        self.assertEqual(n(got, "ciao_reactivations"), 153)
        self.assertEqual(n(got, "ciao_high_over"), 1868)
        self.assertEqual(n(gto, "gpu_tot_sim_insn"), 3483548)
        self.assertEqual(n(got, "gpu_tot_sim_insn"), 3218972)

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
        self.assertEqual(n(got, "ciao_intf_max_w3"), 109)
        self.assertEqual(n(got, "ciao_intf_min_w3"), 4)
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
        self.assertEqual(n(got, "ciao_barrier_releases"), 49)
        self.assertEqual(n(got, "ciao_first_barrier_release_cycle"), 11923)
        self.assertEqual(n(got, "ciao_barrier_refusals"), 1719)
        self.assertEqual(n(got, "ciao_stalls"), 115)
        self.assertEqual(n(gto, "gpu_tot_sim_cycle"), 28846)
        self.assertEqual(n(got, "gpu_tot_sim_cycle"), 28771)

    def test_streaming_is_untouched(self):
        gto = run_ok(*SEED001, "--workload", "vadd")
        got = run_ok(*SEED001, "--workload", "vadd", "-gs_mechanisms", "ciao")
        self.assertGreater(n(got, "ciao_vta_inserts"), 0)
        self.assertEqual(n(got, "ciao_vta_hits"), 0)
        self.assertEqual(n(got, "ciao_stalls"), 0)
        self.assertEqual(got["gpu_sim_cycle"], gto["gpu_sim_cycle"])


SMEM = ("-gs_mechanisms", "ciao", "-gs_smem_cache", "1")


class CiaoPC(unittest.TestCase):
    """Each variant's own activity, exact, and its difference from GTO."""

    def run_variant(self, workload, variant, *extra):
        return run_ok(*SEED001, "--workload", workload, *CAP, *SMEM, "-gs_ciao_variant",
                      variant, *extra)

    def test_syrk_small_working_set(self):
        p = self.run_variant("syrk", "p")
        c = self.run_variant("syrk", "c")
        self.assertEqual(n(p, "ciao_isolations"), 125)
        self.assertEqual(n(p, "ciao_stalls"), 0)
        self.assertEqual(n(p, "smem_cache_redirected"), 54663)
        self.assertEqual(n(p, "smem_cache_hits"), 50510)
        self.assertEqual(n(p, "smem_cache_misses"), 1358)
        self.assertEqual(n(p, "smem_cache_migrations"), 2469)
        self.assertEqual(n(p, "smem_cache_shared_hits"), 664158)
        self.assertEqual(n(p, "gpu_tot_sim_insn"), 14179584)   # GTO: 9058976
        self.assertEqual(n(c, "ciao_isolations"), 119)
        self.assertEqual(n(c, "ciao_stalls"), 56)
        self.assertEqual(n(c, "smem_cache_redirected"), 38109)
        self.assertEqual(n(c, "gpu_tot_sim_insn"), 14395712)

    def test_kmeans_large_working_set(self):
        p = self.run_variant("kmeans", "p")
        c = self.run_variant("kmeans", "c")
        self.assertEqual(n(p, "ciao_isolations"), 1080)
        self.assertEqual(n(p, "ciao_stalls"), 0)
        self.assertEqual(n(p, "smem_cache_redirected"), 333003)
        self.assertEqual(n(p, "gpu_tot_sim_insn"), 6715452)    # GTO: 3483548
        self.assertEqual(n(c, "ciao_isolations"), 1275)
        self.assertEqual(n(c, "ciao_stalls"), 621)
        self.assertEqual(n(c, "smem_cache_redirected"), 332417)
        self.assertEqual(n(c, "gpu_tot_sim_insn"), 6084668)

    def test_capacity_follows_ctas_with_barriers(self):
        gto = run_ok(*SEED001, "--workload", "conv")
        got = run_ok(*SEED001, "--workload", "conv", *SMEM, "-gs_ciao_variant", "c",
                     "-gs_ciao_high_cutoff_ppm", "0", "-gs_ciao_low_cutoff_ppm", "0")
        self.assertEqual(n(got, "smem_cache_resizes"), 392)
        self.assertEqual(n(got, "smem_cache_resize_drops"), 704)
        self.assertEqual(n(got, "smem_cache_redirected"), 1126)
        self.assertEqual(n(got, "ciao_barrier_releases"), 46)
        self.assertEqual(n(got, "ciao_isolations"), 161)
        self.assertEqual(n(got, "ciao_stalls"), 174)
        self.assertEqual(got["gpu_tot_sim_insn"], gto["gpu_tot_sim_insn"])
        self.assertEqual(n(gto, "gpu_tot_sim_cycle"), 61241)
        self.assertEqual(n(got, "gpu_tot_sim_cycle"), 60666)

    def test_cache_without_redirection_changes_nothing(self):
        plain = run_ok(*SEED001, "--workload", "syrk", *CAP, "-gs_mechanisms", "ciao")
        got = self.run_variant("syrk", "t")
        self.assertEqual(n(got, "smem_cache_redirected"), 0)
        self.assertEqual(n(got, "smem_cache_blocks_max"), 256)
        for name in ("gpu_tot_sim_insn", "ciao_vta_hits", "ciao_stalls", "L1D_total_cache_misses"):
            self.assertEqual(got[name], plain[name])


if __name__ == "__main__":
    unittest.main()
