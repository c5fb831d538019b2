#!/usr/bin/env python3
"""Build and run bench/fpmath_speed.c: nanoseconds per call of the bit-exact
float operations (fast paths, and the general paths they replaced).

Not part of `make test` (timings are never asserted). Standard library only.
Usage: python3 bench/fpmath_speed.py [--cc CC] [--cflags "-O2"]
The program is compiled straight from src/fp/fpmath*.c and
src/base/prng.c, so it needs no full build of the tree.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    parser.add_argument("--cflags", default="-O2")
    args = parser.parse_args()
    sources = sorted(glob.glob(os.path.join(ROOT, "src", "fp", "fpmath*.c")))
    sources += [os.path.join(ROOT, "src", "base", "prng.c"),
                os.path.join(ROOT, "bench", "fpmath_speed.c")]
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "fpmath_speed")
        cmd = [args.cc, "-std=c99", "-ffp-contract=off", "-DFPSPEED_GENERAL"]
        cmd += args.cflags.split()
        cmd += ["-I" + os.path.join(ROOT, "src"), "-I" + os.path.join(ROOT, "tables"),
                "-o", exe] + sources
        if subprocess.call(cmd) != 0:
            print("fpmath_speed: compile failed: " + " ".join(cmd), file=sys.stderr)
            return 2
        return subprocess.call([exe])


if __name__ == "__main__":
    sys.exit(main())
