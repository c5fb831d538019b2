#!/usr/bin/env python3
"""Simulator-speed benchmark (DESIGN.md section 10): fixed workloads on the gtx480 preset.

`--set quick` (the default) runs the cases below in seconds; `--set studies` runs the
studies' regime, paper-size memory-bound runs (tens of minutes), whose committed output
bench/baseline-studies.txt `--baseline FILE` compares against (cycles/s ratios).

For each case, runs `gpusim` once and reports simulated warp instructions per second
and simulated cycles per second (from the speed line gpusim prints on stderr), the
arena's high-water bytes and the process's peak resident set size. Nothing here is
asserted by `make test`: host timings vary. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (name, arguments): perfect memory first (the target: >= 2 million simulated
# warp instructions per second for a compute-bound kernel keeping all SMs busy).
CASES = [
    ("syrk_bench, perfect memory (compute bound, all SMs)",
     ["-gpgpu_perfect_mem", "1", "--workload", "bench/workloads/syrk_bench.gsw"]),
    ("diverge, perfect memory (divergent control flow)",
     ["-gpgpu_perfect_mem", "1", "--workload", "diverge"]),
    ("bfs, perfect memory (many small launches)",
     ["-gpgpu_perfect_mem", "1", "--workload", "bfs"]),
    ("syrk_small, full memory system (the default job)", []),
]

# The studies' regime (issue 15): paper-size gtx480 runs with the full memory system,
# memory-bound first, then an Accel-Sim trace set and one compute-bound kernel.
# `--set studies`; minutes each (km alone about ten); bench/baseline-studies.txt holds a
# measured run to compare with (--baseline).
STUDIES = [
    ("syrk:paper", ["--workload", "syrk:paper"]),
    ("bfs:paper", ["--workload", "bfs:paper"]),
    ("km:paper", ["--workload", "km:paper"]),
    ("spmv:paper", ["--workload", "spmv:paper"]),
    ("vadd:paper", ["--workload", "vadd:paper"]),
    ("hs:paper", ["--workload", "hs:paper"]),
    ("scluster:paper", ["--workload", "scluster:paper"]),
    ("trace bfs-v3-sm80 (a100)", ["--config", "a100", "--trace", "tests/trace/bfs-v3-sm80"]),
    ("syrk_bench, perfect memory (compute bound)",
     ["-gpgpu_perfect_mem", "1", "--workload", "bench/workloads/syrk_bench.gsw"]),
]
SETS = {"quick": CASES, "studies": STUDIES}

SPEED = re.compile(r"simulation speed: (\d+) warp instructions/s, (\d+) cycles/s "
                   r"\(([\d.]+) s host time, arena (\d+) bytes\)")


def run_case(gpusim, args):
    proc = subprocess.Popen([gpusim] + args, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    out, err = proc.communicate()
    # the child has been reaped by communicate(); its peak RSS is in RUSAGE_CHILDREN,
    # which is a maximum over all children so far: run the cases in separate processes
    return proc.returncode, out.decode(), err.decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--case", type=int, help="run only this case (index) and print raw")
    ap.add_argument("--set", choices=sorted(SETS), default="quick",
                    help="quick (seconds) or studies (paper size, tens of minutes)")
    ap.add_argument("--baseline", help="also print each case's ratio to this saved output")
    opts = ap.parse_args()
    gpusim = os.path.join(ROOT, opts.build, "gpusim")
    cases = SETS[opts.set]
    if opts.case is not None:
        import resource
        rc, out, err = run_case(gpusim, cases[opts.case][1])
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        m = SPEED.search(err)
        if rc != 0 or not m:
            print("FAILED rc=%d %s" % (rc, err.strip()[-300:]))
            return 1
        print("%s %s %s %s %d" % (m.group(1), m.group(2), m.group(3), m.group(4), rss))
        return 0
    print("%-52s %14s %12s %8s %12s %10s" % ("case", "warp insts/s", "cycles/s", "host s",
                                             "arena B", "peak RSS KiB"))
    base = read_baseline(opts.baseline) if opts.baseline else {}
    failed = 0
    total = 0.0
    for i, (name, _) in enumerate(cases):
        res = subprocess.run([sys.executable, os.path.abspath(__file__), "--build", opts.build,
                              "--set", opts.set, "--case", str(i)], stdout=subprocess.PIPE)
        fields = res.stdout.decode().split()
        if res.returncode != 0 or len(fields) != 5:
            print("%-52s %s" % (name, res.stdout.decode().strip()))
            failed += 1
            continue
        total += float(fields[2])
        line = "%-52s %14s %12s %8s %12s %10s" % (name, fields[0], fields[1], fields[2],
                                                  fields[3], fields[4])
        if name in base and float(base[name][1]) > 0:
            line += "   cycles/s x%.2f vs baseline" % (float(fields[1]) / float(base[name][1]))
        print(line)
    print("total host time: %.1f s" % total)
    return 1 if failed else 0


def read_baseline(path):
    """A saved run_bench output: case name -> its five numbers."""
    out = {}
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").rsplit(None, 5)
            if len(parts) == 6 and parts[1].isdigit():
                out[parts[0].strip()] = parts[1:]
    return out


if __name__ == "__main__":
    sys.exit(main())
