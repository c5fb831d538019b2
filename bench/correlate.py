#!/usr/bin/env python3
"""Correlate gpusim with real-hardware cycle counts (`make correlate`).

Every trace set under DIR (default ../shared/traces) that carries a `gt` file
(the cycle count measured on an NVIDIA H100 PCIe, ../shared/traces/README.md)
runs under the timing model on the `h100` preset, and on `a100` for reference:

    gpusim --trace DIR/SET --config h100

and the script prints a Markdown table: trace set, gpusim cycles on h100
(gpu_sim_cycle), hardware cycles (gt), the signed error (gpusim - gt) / gt,
gpusim cycles on a100 and its error, then the mean absolute error of each.

What is compared (README "Correlation"): gt counts SM-clock cycles of the
whole kernel, launch to completion (its slope over the ffma sets is ~4.1
cycles per dependent FFMA, Hopper's 4-cycle FFMA latency, and its intercept of
~4,200 cycles is kernel overhead, so it is not a clock64() region inside the
kernel nor nanoseconds); gpu_sim_cycle counts core-clock cycles from launch to
completion, so the two are compared as they are, with no clock conversion.

Where several sets share a benchmark title and differ only in `-iters N`
(their INFO file), a second table fits cycles = fixed + per_iter x N by least
squares for the hardware, for h100, for h100 with -gs_perfect_icache 1 and for
a100: the per-iteration cost isolates the loop body (latencies, issue,
branches), the fixed cost the launch, instruction-fetch and drain overheads.
These are only a handful of compute-bound data points: a sanity check of the
model's mechanisms, never a target to tune constants to.

--readme replaces the text between the README.md markers
    <!-- correlate:begin -->
    <!-- correlate:end -->
with the output. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- correlate:begin -->"
END = "<!-- correlate:end -->"
PRESET = "h100"
REFERENCE = "a100"
DIAGNOSTIC = ("h100, -gs_perfect_icache 1", PRESET, ["-gs_perfect_icache", "1"])


def fail(message):
    """One line on stderr naming the file or option, exit status 2 (bad input)."""
    sys.stderr.write("correlate: error: " + message + "\n")
    sys.exit(2)


def find_sets(traces):
    """[(name, gt_cycles, info_text)] for each folder of traces with a gt file, by name."""
    sets = []
    for name in sorted(os.listdir(traces)):
        gt_path = os.path.join(traces, name, "gt")
        if not os.path.isfile(gt_path):
            continue
        with open(gt_path, "r", encoding="ascii") as f:
            text = f.read().strip()
        if not text.isdigit():
            fail("%s: expected one decimal cycle count, got %r" % (gt_path, text))
        info_path = os.path.join(traces, name, "INFO")
        info = ""
        if os.path.isfile(info_path):
            with open(info_path, "r", encoding="utf-8", errors="replace") as f:
                info = f.read()
        sets.append((name, int(text), info))
    return sets


def run_cycles(gpusim, folder, preset, extra=()):
    """gpu_sim_cycle of `gpusim --trace folder --config preset extra...`."""
    cmd = [gpusim, "--trace", folder, "--config", preset] + list(extra)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if proc.returncode != 0:
        fail("%s exited %d: %s" % (" ".join(cmd), proc.returncode,
                                                  proc.stderr.strip()))
    match = re.search(r"^gpu_sim_cycle = (\d+)$", proc.stdout, re.M)
    if not match:
        fail("%s printed no gpu_sim_cycle" % " ".join(cmd))
    return int(match.group(1))


def error_pct(sim, hw):
    return 100.0 * (sim - hw) / hw


def info_field(info, key):
    match = re.search(r"^%s:\s*(.*)$" % re.escape(key), info, re.M)
    return match.group(1).strip() if match else None


def iterations(info):
    """N of `-iters N` in the INFO file's Params line, or None."""
    params = info_field(info, "Params") or ""
    match = re.search(r"(?:^|\s)-iters\s+(\d+)(?:\s|$)", params)
    return int(match.group(1)) if match else None


def fit(points):
    """Least-squares (fixed, per_iter) of cycles over iterations."""
    n = float(len(points))
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    return my - slope * mx, slope


def main_table(rows):
    out = ["| trace set | gpusim h100 | hardware (gt) | error | gpusim a100 | a100 error |",
           "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        out.append("| %s | %d | %d | %+.1f%% | %d | %+.1f%% |" % (
            row["name"], row["h100"], row["gt"], error_pct(row["h100"], row["gt"]),
            row["a100"], error_pct(row["a100"], row["gt"])))
    n = len(rows)
    mae = sum(abs(error_pct(r["h100"], r["gt"])) for r in rows) / n
    mae_ref = sum(abs(error_pct(r["a100"], r["gt"])) for r in rows) / n
    out.append("")
    out.append("mean absolute error: h100 %.1f%%, a100 %.1f%% (%d trace sets)" % (mae, mae_ref, n))
    return out


def fit_tables(rows):
    """Fit tables for each benchmark title with two or more `-iters` sets."""
    groups = {}
    for row in rows:
        if row["iters"] is not None:
            groups.setdefault(row["title"], []).append(row)
    out = []
    for title in sorted(groups):
        group = groups[title]
        if len({r["iters"] for r in group}) < 2:
            continue
        out += ["", "fit over the %s sets (iters %s): cycles = fixed + per_iter x iters" % (
            title, ", ".join(str(r["iters"]) for r in group)), "",
            "| cycles of | fixed | per_iter |", "|---|---:|---:|"]
        for label, key in (("hardware (gt)", "gt"), ("gpusim h100", "h100"),
                           ("gpusim " + DIAGNOSTIC[0], "diag"), ("gpusim a100", "a100")):
            fixed, per_iter = fit([(r["iters"], r[key]) for r in group])
            out.append("| %s | %.0f | %.1f |" % (label, fixed, per_iter))
    return out


def write_readme(text):
    path = os.path.join(ROOT, "README.md")
    with open(path, "r", encoding="utf-8") as f:
        readme = f.read()
    if BEGIN not in readme or END not in readme:
        fail("README.md lacks the %s / %s markers" % (BEGIN, END))
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + BEGIN + "\n" + text + END + tail)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--traces", default=os.path.join(os.path.dirname(ROOT), "shared", "traces"),
                        help="folder of trace sets (default ../shared/traces)")
    parser.add_argument("--readme", action="store_true",
                        help="also write the output between README.md's correlate markers")
    args = parser.parse_args()
    gpusim = os.path.join(args.build, "gpusim")
    if not os.access(gpusim, os.X_OK):
        fail("%s not built (run make first)" % gpusim)
    if not os.path.isdir(args.traces):
        fail("%s: no such folder of trace sets (--traces DIR)" % args.traces)
    sets = find_sets(args.traces)
    if not sets:
        fail("no trace set under %s has a gt file" % args.traces)
    rows = []
    for name, gt, info in sets:
        folder = os.path.join(args.traces, name)
        rows.append({"name": name, "gt": gt, "title": info_field(info, "Title") or name,
                     "iters": iterations(info),
                     "h100": run_cycles(gpusim, folder, PRESET),
                     "a100": run_cycles(gpusim, folder, REFERENCE),
                     "diag": run_cycles(gpusim, folder, DIAGNOSTIC[1], DIAGNOSTIC[2])})
    text = "\n".join(main_table(rows) + fit_tables(rows)) + "\n"
    sys.stdout.write(text)
    if args.readme:
        write_readme(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
