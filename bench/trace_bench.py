#!/usr/bin/env python3
"""Trace benchmark (issue 7): run Accel-Sim trace sets under the timing model
and report simulated warp instructions per second, cycles per second and peak
memory (RSS), against the issue's Accel-Sim reference.

    python3 bench/trace_bench.py [--gpusim build/gpusim] [--traces DIR]
                                 [--sets A,B] [--config a100] [--repeat N]
                                 [--mode timing|functional] [-- extra gpusim args]

DIR holds one folder per trace set (default: ../shared/traces, the public
sets, else tests/trace). Each set runs --repeat times: the best wall time is
kept, the digests of the repeats must be identical, and the simulated warp
instruction count (gpgpu_n_tot_w_icount; trace_warp_insts in functional mode)
must equal an independent count of the trace's instruction lines made here.

Two rates are printed: "run" = the whole process (start-up, arena zeroing,
reading, simulation, printing: what a user waits for), and "loop" = the
simulation only (the host time gpusim prints on stderr). Peak RSS is the
child's own ru_maxrss (os.wait4), in MiB. The default configuration is the
a100 preset with its default (full) memory system. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Issue 7: Accel-Sim (dev, 2024-10), A100 configuration, one core.
REFERENCE = {
    "vectoradd-simple-trace-example": (4610, 1060, 623),
    "bfs-rodinia-2.0-ft": (2888, 2464, 597),
}
TARGET_FACTOR = 20
TARGET_PEAK_MIB = 64


def count_lines(folder):
    """Instruction lines of every kernel file the list names (independent count)."""
    total = 0
    with open(os.path.join(folder, "kernelslist.g")) as f:
        kernels = [ln.strip() for ln in f if ln.startswith("kernel")]
    for name in kernels:
        with open(os.path.join(folder, name)) as f:
            for line in f:
                t = line.split(None, 1)
                if t and t[0][0] not in "-#" and t[0] not in ("warp", "insts", "thread",
                                                              "cluster"):
                    total += 1
    return total


def run_once(cmd):
    """(wall s, peak RSS KiB, stats dict, loop host s or None) of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status) if hasattr(
        os, "waitstatus_to_exitcode") else status >> 8
    out = out.decode()
    err = err.decode()
    if proc.returncode != 0:
        sys.exit("gpusim failed (%d): %s" % (proc.returncode, err.strip()))
    stats = dict(re.findall(r"^(\S+) = (\S+)$", out, re.M))
    m = re.search(r"\(([0-9.]+) s host time", err)
    return wall, usage.ru_maxrss, stats, float(m.group(1)) if m else None


def bench_set(opts, folder):
    cmd = [opts.gpusim, "--trace", folder]
    if opts.mode == "functional":
        cmd.append("--functional")
    else:
        cmd += ["--config", opts.config]
    cmd += opts.extra
    runs = [run_once(cmd) for _ in range(max(1, opts.repeat))]
    key = "trace_warp_insts" if opts.mode == "functional" else "gpgpu_n_tot_w_icount"
    insts = int(runs[0][2][key])
    digests = {r[2].get("digest") for r in runs}
    expected = count_lines(folder)
    if insts != expected or len(digests) != 1:
        sys.exit("%s: %d warp instructions (trace has %d), digests %s"
                 % (folder, insts, expected, sorted(digests)))
    best = min(runs, key=lambda r: r[0])
    loops = [r[3] for r in runs if r[3]]
    return {
        "insts": insts, "wall": best[0], "loop": min(loops) if loops else None,
        "cycles": int(runs[0][2].get("gpu_sim_cycle", 0)),
        "peak_mib": max(r[1] for r in runs) / 1024.0, "digest": digests.pop(),
    }


def print_row(name, r):
    loop = r["loop"] if r["loop"] and r["loop"] > 0 else None
    print("%-32s %9d %8d %8.3f %11.0f %11s %10.0f %10s %8.1f  %s" % (
        name, r["insts"], r["cycles"], r["wall"], r["insts"] / r["wall"],
        "%.0f" % (r["insts"] / loop) if loop else "n/a",
        r["cycles"] / r["wall"], "%.0f" % (r["cycles"] / loop) if loop else "n/a",
        r["peak_mib"], r["digest"]))


def print_comparison(results):
    print("\nAgainst Accel-Sim (issue 7; target >= %dx its warp insts/s, peak < %d MiB):"
          % (TARGET_FACTOR, TARGET_PEAK_MIB))
    for name, (ref_ips, ref_cps, ref_mb) in REFERENCE.items():
        r = results.get(name)
        if not r:
            continue
        run_ips = r["insts"] / r["wall"]
        print("  %-30s run %8.0f warp insts/s = %6.1fx (Accel-Sim %d); peak %.1f MiB "
              "(Accel-Sim %d MB): speed %s, memory %s" % (
                  name, run_ips, run_ips / ref_ips, ref_ips, r["peak_mib"], ref_mb,
                  "met" if run_ips >= TARGET_FACTOR * ref_ips else "NOT met",
                  "met" if r["peak_mib"] < TARGET_PEAK_MIB else "NOT met"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpusim", default=os.path.join(ROOT, "build", "gpusim"))
    ap.add_argument("--traces", default=None)
    ap.add_argument("--sets", default=None, help="comma-separated set names (default: all)")
    ap.add_argument("--config", default="a100")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--mode", choices=("timing", "functional"), default="timing")
    ap.add_argument("extra", nargs="*", help="more gpusim arguments (after --)")
    opts = ap.parse_args()
    traces = opts.traces
    if traces is None:
        shared = os.path.join(ROOT, "..", "shared", "traces")
        traces = shared if os.path.isdir(shared) else os.path.join(ROOT, "tests", "trace")
    sets = sorted(d for d in os.listdir(traces)
                  if os.path.isfile(os.path.join(traces, d, "kernelslist.g"))
                  and not d.startswith("bad-"))
    if opts.sets:
        sets = [s for s in opts.sets.split(",") if s in sets]
    print("mode %s, config %s, best of %d; run = whole process, loop = simulation only"
          % (opts.mode, opts.config if opts.mode == "timing" else "-", opts.repeat))
    print("%-32s %9s %8s %8s %11s %11s %10s %10s %8s  %s" % (
        "trace set", "w insts", "cycles", "wall s", "run wi/s", "loop wi/s", "run cyc/s",
        "loop cyc/s", "peak MiB", "digest"))
    results = {}
    for name in sets:
        results[name] = bench_set(opts, os.path.join(traces, name))
        print_row(name, results[name])
    if opts.mode == "timing":
        print_comparison(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
