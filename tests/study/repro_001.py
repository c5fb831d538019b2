#!/usr/bin/env python3
"""make repro-001 / make repro-001-small (issue 18 item 6): seed 001's experiment grid
through the study runner, the way a user runs it, into CSV, markdown tables and the
HTML/SVG report (tests/study/repro_common.py).

  repro_001.py --small            examples/studies/seed001-small.study (the reduced grid:
                                  every scheme once, one workload of each class, small
                                  sizes, CIAO-C's time series), checked against
                                  tests/study/seed001-small.golden.csv; part of `make test`
  repro_001.py --size S [--jobs N]
                                  examples/studies/seed001-repro.study (the full grid, 27
                                  configurations x 21 workloads) at size S (paper or small),
                                  sequentially or through GNU parallel -jN

Results, tables and report go to BUILD/repro-001-small/ or BUILD/repro-001/S/:
NAME.csv and NAME.md, and seed001.html.

tests/study/seed001-small.golden.csv holds simulated results: a timing change changes it.
Regenerate it with
    build/gpusim study examples/studies/seed001-small.study \\
        --check tests/study/seed001-small.golden.csv --update-golden --out build/repro-001-small
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import repro_common  # noqa: E402

SMALL = "examples/studies/seed001-small.study"
GOLDEN = "tests/study/seed001-small.golden.csv"
FULL = ["examples/studies/seed001-repro.study"]

if __name__ == "__main__":
    sys.exit(repro_common.main("001", SMALL, GOLDEN, FULL, __doc__))
