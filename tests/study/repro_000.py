#!/usr/bin/env python3
"""make repro-000 / make repro-000-small (issue 16 item 8): seed 000's experiment grid
through the study runner, the way a user runs it, into CSV, markdown tables and the
HTML/SVG report (tests/study/repro_common.py).

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
NAME.csv and NAME.md per study, seed000.html for both.

tests/study/seed000-small.golden.csv holds simulated results: a timing change changes it.
Regenerate it with
    build/gpusim study examples/studies/seed000-small.study \\
        --check tests/study/seed000-small.golden.csv --update-golden --out build/repro-000-small
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import repro_common  # noqa: E402

SMALL = "examples/studies/seed000-small.study"
GOLDEN = "tests/study/seed000-small.golden.csv"
FULL = ["examples/studies/seed000-repro.study", "examples/studies/seed000-locality.study"]

if __name__ == "__main__":
    sys.exit(repro_common.main("000", SMALL, GOLDEN, FULL, __doc__))
