#!/usr/bin/env python3
"""make repro-000 / make repro-000-small (issue 16 item 8): seed 000's experiment grid
through the study runner, the way a user runs it, into CSV, markdown tables and the
HTML/SVG report.

  repro_000.py --small            examples/studies/seed000-small.study (the reduced grid:
                                  every scheme once, 8 workloads, small sizes), checked
                                  against tests/study/seed000-small.golden.csv; part of
                                  `make test`
  repro_000.py --size S [--jobs N]
                                  examples/studies/seed000-repro.study (the full grid, 45
                                  configurations x 22 workloads) and seed000-locality.study
                                  at size S (paper or small), sequentially or through GNU
                                  parallel -jN

Results, tables and report go to BUILD/repro-000-small/ or BUILD/repro-000/S/:
NAME.csv and NAME.md per study, seed000.html for both. A finished job is not run again
(the studies resume), so an interrupted paper-size run continues where it stopped.
Prints the wall time. Exit 0 on success, 1 on a failure or a golden mismatch.

tests/study/seed000-small.golden.csv holds simulated results: a timing change changes it.
Regenerate it with
    build/gpusim study examples/studies/seed000-small.study \\
        --check tests/study/seed000-small.golden.csv --update-golden --out build/repro-000-small
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SMALL = "examples/studies/seed000-small.study"
GOLDEN = "tests/study/seed000-small.golden.csv"
FULL = ["examples/studies/seed000-repro.study", "examples/studies/seed000-locality.study"]


def run(cmd, what, log=None, **kw):
    r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=log if log else subprocess.PIPE, universal_newlines=True, **kw)
    if r.returncode != 0:
        print("%s: FAIL: %s: exit %d\n%s%s" % (what, " ".join(cmd), r.returncode,
                                               r.stdout[-3000:], (r.stderr or "")[-3000:]))
        sys.exit(1)
    return r


def study_name(path):
    with open(os.path.join(ROOT, path)) as f:
        for line in f:
            words = line.split()
            if len(words) == 2 and words[0] == "study":
                return words[1]
    raise SystemExit("%s has no study line" % path)


def small(gpusim, out):
    what = "repro-000-small"
    start = time.time()
    with open(os.path.join(ROOT, out, "jobs.log"), "w") as log:
        run([gpusim, "study", SMALL, "--run", "--quiet", "--out", out], what, log)
    r = subprocess.run([gpusim, "study", SMALL, "--check", GOLDEN, "--out", out], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        print("%s: FAIL: %s differs:\n%s%s" % (what, GOLDEN, r.stdout[-3000:], r.stderr[-3000:]))
        return 1
    run([gpusim, "study", SMALL, "--collect", out], what)
    name = study_name(SMALL)
    run([gpusim, "report", "--title", "Seed 000, reduced grid (make repro-000-small)",
         "--out", os.path.join(out, "seed000.html"), os.path.join(out, name + ".csv")], what)
    print("%s: ok: %s checked against %s; tables %s/%s.md, report %s/seed000.html (%.1f s)"
          % (what, SMALL, GOLDEN, out, name, out, time.time() - start))
    return 0


def full(gpusim, out, size, jobs):
    what = "repro-000"
    start = time.time()
    csvs = []
    for study in FULL:
        common = [study, "--size", size]
        with open(os.path.join(ROOT, out, "jobs.log"), "a") as log:
            if jobs > 1:
                if shutil.which("parallel") is None:
                    print("%s: FAIL: --jobs %d needs GNU parallel (apt-get install parallel)"
                          % (what, jobs))
                    return 1
                for phase in ("1", "2"):   # phase 2: configurations that take best:NAME
                    lines = run([gpusim, "study"] + common + ["--emit", "parallel", "--phase",
                                                              phase, "--out", out], what).stdout
                    if lines:
                        run(["parallel", "-j%d" % jobs, "--halt", "now,fail=1"], what, log,
                            input=lines)
            else:
                run([gpusim, "study"] + common + ["--run", "--quiet", "--out", out], what, log)
        run([gpusim, "study"] + common + ["--collect", out], what)
        csvs.append(os.path.join(out, study_name(study) + ".csv"))
        print("%s: %s at size %s done (%.0f s so far)" % (what, study, size,
                                                          time.time() - start))
    run([gpusim, "report", "--title", "Seed 000 at size %s (make repro-000)" % size,
         "--out", os.path.join(out, "seed000.html")] + csvs, what)
    print("%s: ok: tables %s, report %s/seed000.html; wall time %.0f s with %d job%s at a "
          "time" % (what, ", ".join(c[:-4] + ".md" for c in csvs), out, time.time() - start,
                    jobs, "" if jobs == 1 else "s"))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--small", action="store_true")
    ap.add_argument("--size", default="paper")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    gpusim = os.path.join(a.build, "gpusim")
    if a.small:
        out = os.path.join(a.build, "repro-000-small")
    else:
        out = os.path.join(a.build, "repro-000", a.size)
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    if a.small:   # fresh: results of an older build would pass the check unseen
        shutil.rmtree(os.path.join(ROOT, out))
        os.makedirs(os.path.join(ROOT, out))
        return small(gpusim, out)
    return full(gpusim, out, a.size, max(1, a.jobs))


if __name__ == "__main__":
    sys.exit(main())
