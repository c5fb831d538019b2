"""Run-time DVFS end to end (src/sim/dvfs.c; issue 25 item 4; README "DVFS").

- A core change to the same frequency with perfect memory (nothing depends
  on time there): every statistic but the dvfs_ ones and the digest is the
  plain run's, and the simulated time is the plain run's cycles x 1429 ps
  plus exactly the 10 us halt; with -gs_dvfs_halt_ns 0 it is the plain time.
- With the memory system: an L2 change halts the L2 for exactly the lock
  time; each domain's time at each frequency plus its halt is the run's
  time; halving the core clock lengthens the run in time while it takes
  fewer core cycles; the energy model's time is the DVFS time.
- A core halt runs the memory edges inside it before the core cycle: the
  samples row ending at the change's cycle holds the halt's DRAM cycles,
  exactly 6 channels x 9242 DRAM edges (1082 ps) in [1 429 000, 11 429 000) ps;
  the other rows are the plain run's.
- The clock jump stops at a change: -gs_clock_jump 0 gives the same bytes.
- A long L2 halt is no hang: GPGPU-Sim's deadlock check (100 us: 70 000
  cycles without a commit) and the watchdog (2 ms) wait for the halt.
- A change past the run's end is counted as not reached.
- The schedule is kept sorted (cycle, then domain) and --dump-config's line
  loads back to the same schedule.
- A voltage table scales the energy model's dynamic energy as V^2: the core
  domain at 350 MHz and 800 mV of 1000 from cycle 0 gives the same timing
  and 0.64 of the core and L1D energy (within the pJ rounding); the L2,
  crossbar and DRAM energy are unchanged.
"""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM, ROOT, run_ok  # noqa: E402

HALT_PS = 10000000
CORE_PS = 1429   # gtx480: 700 MHz


def n(stats, name):
    return int(stats[name])


def plain(stats):
    return {k: v for k, v in stats.items() if not k.startswith("dvfs_") and k != "digest"}


def domain_times(stats, domain):
    return sum(int(v) for k, v in stats.items() if k.startswith("dvfs_%s_ps_at_" % domain))


class Dvfs(unittest.TestCase):
    def test_core_halt_is_exactly_the_lock_time(self):
        base = ("--workload", "vadd", "-gpgpu_perfect_mem", "1")
        p = run_ok(*base)
        d = run_ok(*base, "-gs_dvfs_schedule", "core@1000=700")
        self.assertEqual(plain(d), plain(p))
        self.assertNotEqual(d["digest"], p["digest"])
        cycles = n(p, "gpu_tot_sim_cycle")
        self.assertEqual(n(d, "dvfs_sim_time_ps"), cycles * CORE_PS + HALT_PS)
        self.assertEqual(n(d, "dvfs_core_halted_ps"), HALT_PS)
        self.assertEqual(n(d, "dvfs_core_ps_at_700000khz"), cycles * CORE_PS)
        self.assertEqual(n(d, "dvfs_changes"), 1)
        z = run_ok(*base, "-gs_dvfs_schedule", "core@1000=700", "-gs_dvfs_halt_ns", "0")
        self.assertEqual(n(z, "dvfs_sim_time_ps"), cycles * CORE_PS)

    def test_memory_domains_and_time_accounting(self):
        base = ("--workload", "bfs:small")
        p = run_ok(*base)
        l2 = run_ok(*base, "-gs_dvfs_schedule", "l2@20000=350", "-gs_energy", "1")
        self.assertEqual(n(l2, "dvfs_l2_halted_ps"), HALT_PS)
        self.assertEqual(n(l2, "dvfs_core_halted_ps"), 0)
        time = n(l2, "dvfs_sim_time_ps")
        self.assertEqual(time, n(l2, "gpu_tot_sim_cycle") * CORE_PS)   # the core never changed
        for domain in ("core", "icnt", "l2"):
            self.assertEqual(domain_times(l2, domain) + n(l2, "dvfs_%s_halted_ps" % domain), time)
        self.assertEqual(n(l2, "dvfs_l2_ps_at_700000khz"), 20000 * CORE_PS)
        self.assertEqual(n(l2, "energy_time_ps"), time)
        self.assertGreater(n(l2, "gpu_tot_sim_cycle"), n(p, "gpu_tot_sim_cycle"))   # a slower L2
        slow = run_ok(*base, "-gs_dvfs_schedule", "core@20000=350")
        self.assertLess(n(slow, "gpu_tot_sim_cycle"), n(p, "gpu_tot_sim_cycle"))
        self.assertGreater(n(slow, "dvfs_sim_time_ps"), n(p, "gpu_tot_sim_cycle") * CORE_PS)
        self.assertEqual(n(slow, "dvfs_core_ps_at_700000khz"), 20000 * CORE_PS)

    def test_core_halt_runs_the_memory_edges_in_it(self):
        rows = []
        with tempfile.TemporaryDirectory() as tmp:
            for extra in ((), ("-gs_dvfs_schedule", "core@1000=700")):
                path = os.path.join(tmp, "s.csv")
                run_ok("--workload", "vadd", "-gs_sample_cycles", "500", "--samples-csv", path,
                       *extra)
                with open(path) as f:
                    rows.append({r["cycle"]: int(r["dram_channel_cycles"])
                                 for r in csv.DictReader(f)})
        plain, halted = rows
        self.assertEqual(halted["1000"] - plain["1000"], 6 * 9242)
        self.assertEqual(halted["500"], plain["500"])
        self.assertEqual(halted["1500"], plain["1500"])

    def test_long_memory_halt_is_not_a_deadlock(self):
        s = run_ok("--workload", "vadd", "-gs_dvfs_schedule", "l2@100=700",
                   "-gs_dvfs_halt_ns", "100000")
        self.assertEqual(n(s, "dvfs_l2_halted_ps"), 100000000)
        s = run_ok("--workload", "vadd", "-gs_dvfs_schedule", "icnt@100=1400",
                   "-gs_dvfs_halt_ns", "2000000", "-gpgpu_deadlock_detect", "0")
        self.assertEqual(n(s, "dvfs_icnt_halted_ps"), 2000000000)

    def test_clock_jump_stops_at_a_change(self):
        # a 5000-cycle launch latency is one jump, over the change at 2000
        base = ("--workload", "vadd", "-gpgpu_perfect_mem", "1", "-gpgpu_kernel_launch_latency",
                "5000", "-gs_dvfs_schedule", "core@2000=350")
        s = run_ok(*base)
        self.assertEqual(s, run_ok(*base, "-gs_clock_jump", "0"))
        self.assertEqual(n(s, "dvfs_core_ps_at_700000khz"), 2000 * CORE_PS)

    def test_change_past_the_end(self):
        s = run_ok("--workload", "vadd", "-gs_dvfs_schedule", "icnt@5=700,l2@999999999=350")
        self.assertEqual(n(s, "dvfs_changes"), 1)
        self.assertEqual(n(s, "dvfs_changes_not_reached"), 1)

    def test_schedule_sorted_and_loads_back(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "dump.cfg")
            args = [GPUSIM, "-gs_dvfs_schedule", "l2@100=350.5,core@100=350,icnt@7=1000",
                    "--dump-config"]
            out = subprocess.run(args, cwd=ROOT, stdout=subprocess.PIPE).stdout.decode()
            line = [x for x in out.splitlines() if x.startswith("-gs_dvfs_schedule ")]
            self.assertEqual(line, ["-gs_dvfs_schedule icnt@7=1000,core@100=350,l2@100=350.5"])
            with open(path, "w") as f:
                f.write(out)
            again = subprocess.run([GPUSIM, "--config", path, "--dump-config"], cwd=ROOT,
                                   stdout=subprocess.PIPE).stdout.decode()
            self.assertIn(line[0], again.splitlines())

    def test_voltage_scales_dynamic_energy(self):
        base = ("--workload", "bfs:small", "-gs_energy", "1", "-gs_dvfs_schedule", "core@0=350")
        nominal = run_ok(*base)
        low = run_ok(*base, "-gs_dvfs_core_vf", "700:1000,350:800")
        self.assertEqual(nominal["gpu_tot_sim_cycle"], low["gpu_tot_sim_cycle"])
        self.assertEqual(nominal["dvfs_sim_time_ps"], low["dvfs_sim_time_ps"])
        for unit in ("core", "l1d"):
            self.assertLessEqual(abs(n(low, "energy_%s_pj" % unit) * 100 -
                                     64 * n(nominal, "energy_%s_pj" % unit)), 100, unit)
        for unit in ("l2", "icnt", "dram"):
            self.assertEqual(low["energy_%s_pj" % unit], nominal["energy_%s_pj" % unit])


if __name__ == "__main__":
    unittest.main()
