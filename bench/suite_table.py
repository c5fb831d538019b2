#!/usr/bin/env python3
"""Write the workload-suite table into README.md (`make suite-table`).

Runs every suite workload gpusim embeds (as `gpusim --list-workloads` lists
them) at its `small` size on the gtx480 preset under the timing model
(`gpusim --config gtx480 --workload NAME:small`), reads the statistics each
run prints, and replaces the text between the README marker lines

    <!-- suite-table:begin -->
    <!-- suite-table:end -->

with a Markdown table: workload, suite, the CTAs of the largest launch at
the small and at the paper size (read from examples/suite/NAME/SIZE.gsw,
as gs_workload_max_ctas counts them: grid x * y * z, a for's $VAR at its
largest value; the occupancy rule of README "Sizes"), simulated warp
instructions, cycles, IPC, L1D miss rate, L1D MPKI. The markers are appended to the end of
README.md when missing. A statistic a run does not print shows as "n/a"; a
run that fails shows its exit status (or "timed out" after --timeout seconds,
default 1800), and the script then exits 1.

Statistics used (names as gpusim prints them):
    warp instructions  gpgpu_n_tot_w_icount
    cycles             gpu_sim_cycle
    IPC                gpu_ipc (thread instructions per core cycle, as
                       GPGPU-Sim prints it)
    L1D miss rate      L1D_total_cache_miss_rate
    L1D MPKI           L1D_mpki (L1D misses per thousand committed thread
                       instructions, gpu_sim_insn: seed-000 section 2.1's
                       MPKI, the scale of DWT-CS's threshold of 10)

Standard library only; runs the workloads in parallel (--jobs).
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- suite-table:begin -->"
END = "<!-- suite-table:end -->"
CONFIG = "gtx480"
SIZE = "small"


def list_suite(gpusim):
    """[(name, suite, sizes)] from `gpusim --list-workloads` (suite part)."""
    out = subprocess.run([gpusim, "--list-workloads"], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    rows, in_suite = [], False
    for line in out.splitlines():
        if line.startswith("suite workloads"):
            in_suite = True
            continue
        if not line.strip():
            in_suite = False
        if not in_suite or line.split()[0] == "NAME":
            continue
        # columns: NAME  SUITE (may contain spaces)  SIZES  DESCRIPTION
        words = line.split()
        sizes_at = next(i for i, w in enumerate(words) if set(w.split(",")) <=
                        {"small", "paper"})
        rows.append((words[0], " ".join(words[1:sizes_at]), words[sizes_at].split(",")))
    return rows


def parse_stats(text):
    stats = {}
    for line in text.splitlines():
        name, sep, value = line.partition(" = ")
        if sep:
            stats[name.strip()] = value.strip()
    return stats


def run_one(gpusim, name, timeout):
    """(exit status, statistics dict) of one timing run; -1 when it ran out of time."""
    try:
        proc = subprocess.run([gpusim, "--config", CONFIG, "--workload",
                               "%s:%s" % (name, SIZE)], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        sys.stderr.write("%s: no result within %d s\n" % (name, timeout))
        return -1, {}
    if proc.returncode != 0:
        sys.stderr.write("%s: exit %d: %s\n" % (name, proc.returncode,
                                                proc.stderr.strip()[-500:]))
    return proc.returncode, parse_stats(proc.stdout)


def largest_launch_ctas(text):
    """CTAs of a workload text's largest launch (grid x * y * z; a dimension
    `$VAR` counts at its for loop's largest value), or None without launches."""
    most, loop_max = None, 1
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 4 and words[0] == "for" and words[2] == "=":
            first, _, last = words[3].partition("..")
            loop_max = max(int(first), int(last))
        if not words or words[0] != "launch":
            continue
        ctas = 1
        for w in words:
            if w.startswith("grid="):
                for dim in w[len("grid="):].split(","):
                    ctas *= loop_max if dim.startswith("$") else int(dim)
        most = ctas if most is None else max(most, ctas)
    return most


def suite_ctas(name, size):
    """Largest-launch CTAs of examples/suite/NAME/SIZE.gsw, or "n/a"."""
    path = os.path.join(ROOT, "examples", "suite", name, size + ".gsw")
    if not os.path.exists(path):
        return "n/a"
    with open(path) as f:
        ctas = largest_launch_ctas(f.read())
    return "n/a" if ctas is None else str(ctas)


def table(rows, results, ctas):
    """ctas: {name: (small, paper)} as suite_ctas gives them."""
    lines = ["| workload | suite | CTAs small | CTAs paper | warp instructions | cycles | IPC | "
             "L1D miss rate | L1D MPKI |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    failed = False
    for name, suite, _ in rows:
        rc, stats = results[name]
        small, paper = ctas.get(name, ("n/a", "n/a"))
        if rc != 0:
            failed = True
            why = "timed out" if rc == -1 else "exit %d" % rc
            lines.append("| %s | %s | %s | %s | run failed (%s) | | | | |"
                         % (name, suite, small, paper, why))
            continue
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, suite, small, paper, stats.get("gpgpu_n_tot_w_icount", "n/a"),
            stats.get("gpu_sim_cycle", "n/a"), stats.get("gpu_ipc", "n/a"),
            stats.get("L1D_total_cache_miss_rate", "n/a"), stats.get("L1D_mpki", "n/a")))
    note = ("Each suite workload at its `small` size on the `%s` preset under the timing "
            "model (`gpusim --config %s --workload NAME:small`); written by `make "
            "suite-table` (bench/suite_table.py), not by hand. The CTA columns are the "
            "CTAs of each size's largest kernel launch, read from its workload file (the "
            "occupancy rule in \"Sizes\": at least 228 at small, two per SM of h100). "
            "IPC is `gpu_ipc` (thread instructions per core cycle); the L1D miss rate is "
            "`L1D_total_cache_miss_rate`; L1D MPKI is `L1D_mpki`, L1D misses per "
            "thousand committed thread instructions (`gpu_sim_insn`, seed-000's MPKI)."
            % (CONFIG, CONFIG))
    return "\n".join([textwrap.fill(note, 99), ""] + lines), failed


def replace_between_markers(readme, body):
    with open(readme) as f:
        text = f.read()
    block = "%s\n%s\n%s" % (BEGIN, body, END)
    if BEGIN in text and END in text and text.index(BEGIN) < text.index(END):
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        text = head + block + tail
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(readme, "w", newline="\n") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build", help="build folder holding gpusim")
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--print", action="store_true", help="print the table, leave README")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per workload")
    opts = ap.parse_args()
    gpusim = os.path.join(ROOT, opts.build, "gpusim")
    rows = [r for r in list_suite(gpusim) if SIZE in r[2]]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        futures = {name: pool.submit(run_one, gpusim, name, opts.timeout) for name, _, _ in rows}
        results = {name: f.result() for name, f in futures.items()}
    ctas = {name: (suite_ctas(name, "small"), suite_ctas(name, "paper")) for name, _, _ in rows}
    body, failed = table(rows, results, ctas)
    if opts.print:
        print(body)
    else:
        replace_between_markers(opts.readme, body)
        print("suite-table: %d workloads written to %s" % (len(rows), opts.readme))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
