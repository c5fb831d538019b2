#!/usr/bin/env python3
"""make repro-002 / make repro-002-small (issue 19 item 7): seed 002's experiment grid
through the study runner, the way a user runs it, into CSV, markdown tables and the
HTML/SVG report (tests/study/repro_common.py).

  repro_002.py --small            examples/studies/seed002-small.study (the reduced grid:
                                  every scheduler once, perfect DRAM, one point of each
                                  sensitivity sweep and the delay experiment, one workload of
                                  each kind, small sizes), checked against
                                  tests/study/seed002-small.golden.csv; part of `make test`
  repro_002.py --size S [--jobs N]
                                  examples/studies/seed002-repro.study (the full grid, 25
                                  configurations x 24 workloads) at size S (paper or small),
                                  sequentially or through GNU parallel -jN

Results, tables and report go to BUILD/repro-002-small/ or BUILD/repro-002/S/:
NAME.csv and NAME.md, and seed002.html.

tests/study/seed002-small.golden.csv holds simulated results: a timing change changes it.
Regenerate it with
    build/gpusim study examples/studies/seed002-small.study \\
        --check tests/study/seed002-small.golden.csv --update-golden --out build/repro-002-small
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import repro_common  # noqa: E402

SMALL = "examples/studies/seed002-small.study"
GOLDEN = "tests/study/seed002-small.golden.csv"
FULL = ["examples/studies/seed002-repro.study"]

if __name__ == "__main__":
    sys.exit(repro_common.main("002", SMALL, GOLDEN, FULL, __doc__))
