#!/usr/bin/env python3
"""make repro-003-green / make repro-003-green-small (issue 25 item 6): seed 003's GREEN
experiment through the study runner, the way a user runs it, into CSV, markdown tables and
the HTML/SVG report (tests/study/repro_common.py).

  repro_003_green.py --small      examples/studies/seed003-green-small.study (base, RAC,
                                  RACR-Naive and GREEN on five benchmarks at the small sizes),
                                  checked against tests/study/seed003-green-small.golden.csv;
                                  part of `make test`
  repro_003_green.py --size S [--jobs N]
                                  examples/studies/seed003-green-repro.study (6
                                  configurations x Table 21's 32 benchmarks) at size S (paper
                                  or small), sequentially or through GNU parallel -jN

Results, tables and report go to BUILD/repro-003-green-small/ or BUILD/repro-003-green/S/:
NAME.csv and NAME.md, and seed003-green.html.

tests/study/seed003-green-small.golden.csv holds simulated results: a timing change changes
it. Regenerate it with
    build/gpusim study examples/studies/seed003-green-small.study \\
        --check tests/study/seed003-green-small.golden.csv --update-golden \\
        --out build/repro-003-green-small
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import repro_common  # noqa: E402

SMALL = "examples/studies/seed003-green-small.study"
GOLDEN = "tests/study/seed003-green-small.golden.csv"
FULL = ["examples/studies/seed003-green-repro.study"]

if __name__ == "__main__":
    sys.exit(repro_common.main("003-green", SMALL, GOLDEN, FULL, __doc__))
