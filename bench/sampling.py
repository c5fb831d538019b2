#!/usr/bin/env python3
"""Kernel sampling against exact simulation (issue 15 item 3; README "Kernel sampling").

For each workload: the exact run (every launch in detail) and the sampled run
(-gs_kernel_sampling 1), both on gtx480 unless --config is given. Prints one Markdown row
per workload: launches, groups, launches simulated in detail, the exact total cycles
(gpu_sim_cycle), the estimate (estimate_gpu_sim_cycle), the error, the host CPU
seconds of both runs and the speed-up. Also checks that the sampled run's
estimate_gpu_sim_insn equals the exact run's gpu_sim_insn (the functional
profile and the projection account every instruction).

    python3 bench/sampling.py [--build build] [--size small|paper] [--jobs N]
                              [--tolerance PCT] [--config NAME] [WORKLOAD ...]

With no WORKLOAD, every suite workload that launches more than one kernel.
"""
import argparse
import concurrent.futures
import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MULTI_KERNEL = ["2mm", "3ds", "atax", "bfs", "bicg", "bp", "btree", "cfd", "conv", "corr",
                "fwt", "gaussian", "hs", "iix", "km", "kmeans", "leukocyte", "lud", "mgst",
                "mvt", "nn", "nw", "pest", "pta", "scluster", "sp", "srad", "ss", "sssp",
                "trans"]


def run(gpusim, args):
    """stdout and the child's CPU seconds (user + system)."""
    start = time.perf_counter()
    proc = subprocess.Popen([gpusim] + args + ["--quiet"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError("gpusim %s: exit %d: %s" % (" ".join(args), proc.returncode,
                                                      err.decode()[-500:]))
    host = re.search(r"\(([0-9.]+) s host time", err.decode())
    return out.decode(), float(host.group(1)) if host else wall


def last(text, name):
    found = re.findall(r"^%s = (\d+)$" % re.escape(name), text, re.M)
    return int(found[-1]) if found else None


def measure(gpusim, config, workload, tolerance):
    base = ["--config", config, "--workload", workload]
    exact, exact_s = run(gpusim, base)
    sampled, sampled_s = run(gpusim, base + ["-gs_kernel_sampling", "1",
                                             "-gs_sampling_tolerance", str(tolerance)])
    row = {
        "workload": workload,
        "launches": last(sampled, "kernel_sampling_launches"),
        "groups": last(sampled, "kernel_sampling_groups"),
        "detailed": last(sampled, "kernel_sampling_detailed"),
        "exact": last(exact, "gpu_sim_cycle"),
        "estimate": last(sampled, "estimate_gpu_sim_cycle"),
        "exact_s": exact_s, "sampled_s": sampled_s,
        "insn_equal": last(exact, "gpu_sim_insn") == last(sampled,
                                                               "estimate_gpu_sim_insn"),
    }
    return row


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--size", default="small")
    parser.add_argument("--config", default="gtx480")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--tolerance", type=int, default=5)
    parser.add_argument("workloads", nargs="*")
    opts = parser.parse_args(argv)
    gpusim = os.path.join(opts.build, "gpusim")
    names = opts.workloads or MULTI_KERNEL
    keys = [n if ":" in n or n.startswith("example") else "%s:%s" % (n, opts.size)
            for n in names]
    print("| workload | launches | groups | detailed | exact cycles | estimate | error | "
          "exact s | sampled s | speed-up |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        rows = pool.map(lambda k: measure(gpusim, opts.config, k, opts.tolerance), keys)
        for r in rows:
            error = 100.0 * (r["estimate"] - r["exact"]) / r["exact"]
            speed = r["exact_s"] / r["sampled_s"] if r["sampled_s"] > 0 else 0.0
            print("| %s | %d | %d | %d | %d | %d | %+.2f%% | %.2f | %.2f | %.2fx |%s" % (
                r["workload"], r["launches"], r["groups"], r["detailed"], r["exact"],
                r["estimate"], error, r["exact_s"], r["sampled_s"], speed,
                "" if r["insn_equal"] else " (instructions differ!)"))
            sys.stdout.flush()
            bad += not r["insn_equal"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
