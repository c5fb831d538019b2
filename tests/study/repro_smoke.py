#!/usr/bin/env python3
"""make repro-smoke (issue 13): tests/study/smoke.study end to end, the way a user
runs a study: sequentially (`--run`), through GNU parallel (`--emit parallel |
parallel -j2`), collected into one CSV per leg, the CSVs byte-identical, and the
whole study checked against the committed golden table (`--check`). Needs only
python3 and the built gpusim; the parallel leg says SKIPPED, with the reason,
where GNU parallel is not installed. Exit 0 on success, 1 on any failure.

tests/study/smoke.golden.csv holds simulated cycles: a timing change changes it.
Regenerate it with
    build/gpusim study tests/study/smoke.study --check tests/study/smoke.golden.csv \\
        --update-golden --out build/repro-smoke/seq
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUDY = "tests/study/smoke.study"
GOLDEN = "tests/study/smoke.golden.csv"


def run(cmd, **kw):
    r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120, **kw)
    if r.returncode != 0:
        print("repro-smoke: FAIL: %s: exit %d\n%s%s" % (" ".join(cmd), r.returncode,
                                                        r.stdout[-2000:], r.stderr[-2000:]))
        sys.exit(1)
    return r


def collected(gpusim, out):
    run([gpusim, "study", STUDY, "--collect", out])
    with open(os.path.join(ROOT, out, "smoke.csv"), "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    gpusim = os.path.join(ap.parse_args().build, "gpusim")
    base = os.path.join(ap.parse_args().build, "repro-smoke")
    start = time.time()
    shutil.rmtree(os.path.join(ROOT, base), ignore_errors=True)
    seq, par = os.path.join(base, "seq"), os.path.join(base, "par")
    run([gpusim, "study", STUDY, "--run", "--out", seq])
    table = collected(gpusim, seq)
    legs = ["sequential"]
    if shutil.which("parallel") is None:
        print("repro-smoke: SKIPPED the GNU parallel leg: `parallel` is not installed "
              "(apt-get install parallel)")
    else:
        jobs = run([gpusim, "study", STUDY, "--emit", "parallel", "--out", par]).stdout
        run(["parallel", "-j2", "--halt", "now,fail=1"], input=jobs)
        if collected(gpusim, par) != table:
            print("repro-smoke: FAIL: the parallel leg's CSV differs from the sequential one")
            return 1
        legs.append("parallel (same CSV)")
    r = subprocess.run([gpusim, "study", STUDY, "--check", GOLDEN, "--out", seq], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        print("repro-smoke: FAIL: %s differs:\n%s%s" % (GOLDEN, r.stdout, r.stderr[-2000:]))
        return 1
    print("repro-smoke: ok: %s, collect, check against %s (%.1f s)"
          % (", ".join(legs), GOLDEN, time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
