#!/usr/bin/env python3
"""Run every gpusim table generator into one output folder.

    python3 gen/generate.py --out tables

`make regen` writes tables/; `make check-gen` writes a temporary folder and
diffs it against the committed tables/. Each generator is a module in gen/
with a `generate(out_dir)` function; the list below fixes their order.
"""
import argparse
import importlib
import os
import sys

GENERATORS = ["limits", "hmatrix", "configs", "addrmap", "workloads", "opcodes"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="output folder (tables/)")
    opts = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    for name in GENERATORS:
        if not os.path.exists(os.path.join(here, name + ".py")):
            continue   # a generator not written yet
        importlib.import_module(name).generate(opts.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
