"""The energy model end to end (src/sim/energy.c; issue 25 item 1).

- vectorAdd on gtx480 with the default coefficients: every unit's energy is
  the hand count from the run's own statistics (warp and thread
  instructions; L1D and L2 line accesses plus fills, 16 words of a 128-byte
  line; DRAM RD/WR bursts of 64 bytes, 8 words), the total is their sum, the
  time is the cycles at 700 MHz (1429 ps), EDP and ED^2P follow.
- Energy on adds only energy_* lines: every other statistic is the same.
- With GREEN's RACR, L2 way leakage counts the active ways per core cycle of
  each of the 12 slices, from green_l2_cycles_at_N_ways.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402

VADD = "examples/workloads/vectoradd.gsw"


def n(stats, name):
    return int(stats[name])


class Energy(unittest.TestCase):
    def test_hand_count(self):
        s = run_ok("--workload", VADD, "-gs_energy", "1")
        core = n(s, "gpgpu_n_tot_w_icount") * 10000 + n(s, "gpu_tot_sim_insn") * 44600
        l1 = (n(s, "L1D_total_line_accesses") + n(s, "L1D_cache_fills")) * 16 * 15000
        l2 = (n(s, "L2_total_line_accesses") + n(s, "L2_cache_fills")) * 16 * 20000
        dram = (n(s, "total_dram_reads") + n(s, "total_dram_writes")) * 8 * 1300000
        # femtojoule sums, reported in picojoules rounded down
        self.assertEqual(n(s, "energy_core_pj"), core // 1000)
        self.assertEqual(n(s, "energy_l1d_pj"), l1 // 1000)
        self.assertEqual(n(s, "energy_l2_pj"), l2 // 1000)
        self.assertEqual(n(s, "energy_icnt_pj"), 0)
        self.assertEqual(n(s, "energy_dram_pj"), dram // 1000)
        self.assertEqual(n(s, "energy_leakage_pj"), 0)
        total = core + l1 + l2 + dram
        self.assertEqual(n(s, "energy_total_pj"), total // 1000)
        time_ps = n(s, "gpu_tot_sim_cycle") * 1429
        self.assertEqual(n(s, "energy_time_ps"), time_ps)
        edp = total * time_ps // 10**12                   # nJ x us
        self.assertEqual(n(s, "energy_edp_nj_us"), edp)
        self.assertEqual(n(s, "energy_ed2p_nj_us2"),
                         (total * time_ps // 10**6) * time_ps // 10**12)
        self.assertEqual(n(s, "energy_l2_active_permille"), 1000)

    def test_only_adds(self):
        plain = run_ok("--workload", VADD)
        energy = run_ok("--workload", VADD, "-gs_energy", "1", "-gs_energy_icnt_flit_fj", "3")
        skip = ("gpgpu_simulation_rate", "gpgpu_simulation_time", "digest")   # digests cover energy_*
        extra = {k: v for k, v in energy.items() if k not in plain}
        self.assertEqual(sorted(extra), sorted(
            "energy_" + x for x in ("core_pj", "l1d_pj", "l2_pj", "icnt_pj", "dram_pj",
                                    "leakage_pj", "total_pj", "time_ps", "edp_nj_us",
                                    "ed2p_nj_us2", "l2_active_permille")))
        self.assertEqual(n(energy, "energy_icnt_pj"),
                         3 * (n(energy, "icnt_req_flits") + n(energy, "icnt_reply_flits")) // 1000)
        for k, v in plain.items():
            if not k.startswith(skip):
                self.assertEqual(energy[k], v, k)

    def test_l2_way_leakage_follows_racr(self):
        s = run_ok("--workload", "hs:small", "-gs_mechanisms", "green", "-gs_energy", "1",
                   "-gs_energy_l2_way_leak_fj", "1000")
        way_cycles = sum(w * n(s, "green_l2_cycles_at_%d_ways" % w) for w in range(1, 17))
        self.assertLess(way_cycles, 16 * n(s, "gpu_tot_sim_cycle"))   # RACR shrank it
        self.assertEqual(n(s, "energy_leakage_pj"), 12 * way_cycles)   # 1000 fJ = 1 pJ each
        self.assertEqual(n(s, "energy_l2_active_permille"),
                         way_cycles * 1000 // (16 * n(s, "gpu_tot_sim_cycle")))


if __name__ == "__main__":
    unittest.main()
