#!/usr/bin/env python3
"""Old and new builds side by side (DESIGN.md section 10): `make bench-compare OLD=rev`.

Builds the revision OLD (default HEAD) in a temporary git worktree, builds the
working tree, then runs every bench/run_bench.py case with each build in turn,
interleaved (old, new, old, new, ...), so that load on the host hits both
alike. Reports per case the median user+system CPU seconds of each build and
the speed ratio old/new of the medians and of the fastest runs (above 1: the
new build is faster), plus each build's peak RSS, and checks that both builds
print the same statistics (a speed change must not change results). Nothing here is asserted by `make test`; standard
library only.

    python3 bench/compare.py [--old REV] [--repeat N] [--case K]
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run_bench  # noqa: E402  (the cases)


def build(tree, build_dir):
    subprocess.run(["make", "-s", "-C", tree, "BUILD=" + build_dir, build_dir + "/gpusim"],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(tree, build_dir, "gpusim")


def timed(gpusim, args):
    """CPU seconds, peak RSS (KiB) and stdout of one run in its own process."""
    script = ("import resource,subprocess,sys;"
              "p=subprocess.run(sys.argv[1:],stdout=subprocess.PIPE,stderr=subprocess.DEVNULL);"
              "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
              "sys.stderr.write('%r %r %d\\n'%(u.ru_utime,u.ru_stime,u.ru_maxrss));"
              "sys.stdout.buffer.write(p.stdout);sys.exit(p.returncode)")
    p = subprocess.run([sys.executable, "-c", script, gpusim] + args, cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise RuntimeError("%s %s: exit %d" % (gpusim, " ".join(args), p.returncode))
    user, system, rss = p.stderr.decode().split()[-3:]
    return float(user) + float(system), int(rss), p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", default="HEAD", help="git revision of the old build")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--case", type=int, help="only this case of run_bench.CASES")
    opts = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="gpusim-old-")
    worktree = os.path.join(tmp, "tree")
    try:
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "-q", worktree,
                        opts.old], check=True)
        old = build(worktree, "build")
        new = build(ROOT, "build")
        cases = run_bench.CASES if opts.case is None else [run_bench.CASES[opts.case]]
        print("old = %s, new = the working tree; %d interleaved runs each; CPU seconds "
              "(median)" % (opts.old, opts.repeat))
        print("%-44s %8s %8s %7s %8s %10s %10s %s" % ("case", "old s", "new s", "speed",
                                                       "min", "old KiB", "new KiB",
                                                       "same output"))
        for name, args in cases:
            times = {old: [], new: []}
            rss = {old: 0, new: 0}
            outs = {}
            for _ in range(opts.repeat):
                for gpusim in (old, new):
                    t, r, out = timed(gpusim, args)
                    times[gpusim].append(t)
                    rss[gpusim] = max(rss[gpusim], r)
                    outs[gpusim] = out
            mo, mn = statistics.median(times[old]), statistics.median(times[new])
            lo, ln = min(times[old]), min(times[new])
            print("%-44s %8.3f %8.3f %6.3fx %7.3fx %10d %10d %s" % (
                name[:44], mo, mn, mo / mn if mn else 0.0, lo / ln if ln else 0.0, rss[old],
                rss[new], "yes" if outs[old] == outs[new] else "NO"))
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", worktree],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
