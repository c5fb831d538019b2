"""What make repro-000 and make repro-001 share: a seed's experiment grid through the study
runner, the way a user runs it, into CSV, markdown tables and the HTML/SVG report.

  small(...)   the reduced grid (every scheme once), checked against its golden CSV; part of
               `make test`
  full(...)    the full grid at a size (paper or small), sequentially or through GNU
               parallel -jN (phase 1, then phase 2: configurations that take best:NAME)

A finished job is not run again (the studies resume), so an interrupted paper-size run
continues where it stopped. Each prints its wall time. Exit 0 on success, 1 on a failure or a
golden mismatch.
"""
import glob
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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


def samples_of(out):
    """The time series the study's jobs wrote (configurations with -gs_sample_cycles)."""
    return sorted(os.path.relpath(p, ROOT)
                  for p in glob.glob(os.path.join(ROOT, out, "*.samples.csv")))


def small(gpusim, out, study, golden, what, title, report):
    """The reduced grid: run, check against the golden CSV, collect, report."""
    start = time.time()
    with open(os.path.join(ROOT, out, "jobs.log"), "w") as log:
        run([gpusim, "study", study, "--run", "--quiet", "--out", out], what, log)
    r = subprocess.run([gpusim, "study", study, "--check", golden, "--out", out], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        print("%s: FAIL: %s differs:\n%s%s" % (what, golden, r.stdout[-3000:], r.stderr[-3000:]))
        return 1
    run([gpusim, "study", study, "--collect", out], what)
    name = study_name(study)
    run([gpusim, "report", "--title", title, "--out", os.path.join(out, report),
         os.path.join(out, name + ".csv")] + samples_of(out), what)
    print("%s: ok: %s checked against %s; tables %s/%s.md, report %s/%s (%.1f s)"
          % (what, study, golden, out, name, out, report, time.time() - start))
    return 0


def full(gpusim, out, studies, size, jobs, what, title, report):
    """The full grid at `size`, one study after another."""
    start = time.time()
    csvs = []
    for study in studies:
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
    run([gpusim, "report", "--title", title, "--out", os.path.join(out, report)] + csvs +
        samples_of(out), what)
    print("%s: ok: tables %s, report %s/%s; wall time %.0f s with %d job%s at a time"
          % (what, ", ".join(c[:-4] + ".md" for c in csvs), out, report, time.time() - start,
             jobs, "" if jobs == 1 else "s"))
    return 0


def prepare(build, name, small_grid, size):
    """The output folder: BUILD/NAME-small (emptied: results of an older build would pass the
    check unseen) or BUILD/NAME/SIZE (kept: the study resumes)."""
    out = os.path.join(build, name + "-small") if small_grid else os.path.join(build, name, size)
    if small_grid:
        shutil.rmtree(os.path.join(ROOT, out), ignore_errors=True)
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    return out


def main(seed, small_study, golden, full_studies, doc):
    """The command line of repro_NNN.py: --small, or --size S [--jobs N]."""
    import argparse
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--small", action="store_true")
    ap.add_argument("--size", default="paper")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    gpusim = os.path.join(a.build, "gpusim")
    name = "repro-" + seed
    out = prepare(a.build, name, a.small, a.size)
    report = "seed%s.html" % seed
    if a.small:
        return small(gpusim, out, small_study, golden, name + "-small",
                     "Seed %s, reduced grid (make %s-small)" % (seed, name), report)
    return full(gpusim, out, full_studies, a.size, max(1, a.jobs), name,
                "Seed %s at size %s (make %s)" % (seed, a.size, name), report)
