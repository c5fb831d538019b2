#!/usr/bin/env python3
"""gpusim's one test runner (DESIGN.md section 9).

Runs, in order:
  1. every unit-test binary build/tests/NNN-*  (tests/unit/NNN-*.c), counting
     its PASS/FAIL lines;
  2. every CLI case tests/cli/*.test (see tests/cli/README.md for the format);
  3. every generator self-test gen/test_*.py and tool self-test
     tests/test_*.py (python3 -m unittest style: each test method counts);
  4. every golden run tests/golden/*.args, whose stdout must equal the
     .stats file beside it byte for byte;
  5. every public Accel-Sim trace set in ../shared/traces (when present) under
     timing on gtx480, a100 and h100: warp instructions = the trace's lines.
Ends with the line "N passed, N failed" and exits non-zero on any failure.
Needs only python3 (standard library) and the binaries `make` built.
"""
import argparse
import glob
import os
import subprocess
import sys
import unittest

TIMEOUT_S = 300   # per test program: a hang is a failure, never a stuck run
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []

    def ok(self, name):
        self.passed += 1

    def fail(self, name, why):
        self.failed += 1
        self.failures.append(name)
        print("FAIL %s: %s" % (name, why))


def run_unit_binaries(build, tally, verbose):
    # One binary per source: a stale binary whose source is gone is not run,
    # and a source whose binary is missing fails.
    for source in sorted(glob.glob(os.path.join(ROOT, "tests", "unit", "[0-9]*.c"))):
        path = os.path.join(build, "tests", os.path.basename(source)[:-2])
        if not os.access(path, os.X_OK):
            tally.fail(os.path.basename(path), "not built (%s)" % path)
            continue
        try:
            proc = subprocess.run([path], cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            tally.fail(os.path.basename(path), "timed out after %d s" % TIMEOUT_S)
            continue
        out = proc.stdout.decode("utf-8", "replace")
        seen = failed_here = 0
        for line in out.splitlines():
            if line.startswith("PASS "):
                seen += 1
                tally.ok(line[5:])
                if verbose:
                    print(line)
            elif line.startswith("FAIL "):
                seen += 1
                failed_here += 1
                tally.fail(line[5:], "see details above")
            elif line.startswith("  "):
                print(line)
        name = os.path.basename(path)
        if proc.returncode != 0 and failed_here == 0:
            tally.fail(name, "exit status %d" % proc.returncode)
        elif seen == 0:
            tally.fail(name, "ran no test (exit %d)\n%s" % (proc.returncode, out[-2000:]))


def parse_cli_case(path):
    """A .test file: 'key: value' header lines, then 'stdout:' or 'stderr:'
    blocks whose following lines (up to the next key or EOF) are expected
    text. Keys: args (shell-like, split on spaces; quotes not supported),
    exit (expected status), stdin (a file), stdout/stderr (exact text),
    stdout-contains/stderr-contains (substring lines)."""
    case = {"args": "", "exit": "0", "blocks": {}}
    block = None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            key = line.split(":", 1)[0]
            if key in ("stdout", "stderr") and line.strip() in ("stdout:", "stderr:"):
                block = key
                case["blocks"][block] = []
                continue
            if block is not None:
                case["blocks"][block].append(line)
                continue
            if not line or line.startswith("#"):
                continue
            k, _, v = line.partition(":")
            case[k.strip()] = v.strip()
    return case


def run_cli_cases(build, tally):
    gpusim = os.path.join(build, "gpusim")
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "cli", "*.test"))):
        name = os.path.relpath(path, ROOT)
        case = parse_cli_case(path)
        args = case["args"].split()
        try:
            proc = subprocess.run([gpusim] + args, cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            tally.fail(name, "timed out")
            continue
        out = proc.stdout.decode("utf-8", "replace")
        err = proc.stderr.decode("utf-8", "replace")
        why = []
        if str(proc.returncode) != case["exit"]:
            why.append("exit %d, expected %s" % (proc.returncode, case["exit"]))
        for stream, text in (("stdout", out), ("stderr", err)):
            if stream in case["blocks"]:
                want = "\n".join(case["blocks"][stream]).rstrip("\n") + "\n"
                if text != want:
                    why.append("%s differs:\n--- expected\n%s--- got\n%s" % (stream, want, text))
            contains = case.get(stream + "-contains")
            if contains and contains not in text:
                why.append("%s lacks %r; got:\n%s" % (stream, contains, text[-2000:]))
        if why:
            tally.fail(name, "\n".join(why))
        else:
            tally.ok(name)


def run_python_tests(tally, folder):
    loader = unittest.TestLoader()
    suite = loader.discover(os.path.join(ROOT, folder), pattern="test_*.py",
                            top_level_dir=os.path.join(ROOT, folder))
    result = unittest.TestResult()
    suite.run(result)
    bad = {}
    for test, trace in result.failures + result.errors:
        bad[test.id()] = trace
    for test, trace in bad.items():
        tally.fail(test, trace)
    for test, reason in result.skipped:   # said so, never a silent pass
        print("SKIP %s: %s" % (test.id(), reason))
    tally.passed += result.testsRun - len(bad) - len(result.skipped)
    return len(result.skipped)


def run_golden(build, tally):
    gpusim = os.path.join(build, "gpusim")
    for args_path in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.args"))):
        name = os.path.relpath(args_path, ROOT)
        with open(args_path) as f:
            args = [a for line in f if not line.startswith("#") for a in line.split()]
        stats_path = args_path[:-5] + ".stats"
        try:
            proc = subprocess.run([gpusim] + args, cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            tally.fail(name, "timed out after %d s" % TIMEOUT_S)
            continue
        with open(stats_path, "rb") as f:
            want = f.read()
        if proc.returncode != 0:
            tally.fail(name, "exit %d: %s" % (proc.returncode, proc.stderr.decode()[-2000:]))
        elif proc.stdout != want:
            tally.fail(name, "stdout differs from %s" % os.path.relpath(stats_path, ROOT))
        else:
            tally.ok(name)


SHARED_TRACES = os.path.join(os.path.dirname(ROOT), "shared", "traces")


def count_trace_lines(folder):
    """Instruction lines of every kernel file kernelslist.g names, counted
    independently of gpusim: every non-blank line that is not a header
    ('-'), comment ('#'), or block/warp/count line."""
    total = 0
    with open(os.path.join(folder, "kernelslist.g")) as f:
        kernels = [l.strip() for l in f if l.startswith("kernel")]
    for k in kernels:
        with open(os.path.join(folder, k)) as f:
            for line in f:
                t = line.strip()
                if t and t[0] not in "-#" and not t.startswith(
                        ("thread block", "warp", "insts", "cluster")):
                    total += 1
    return total


def run_public_traces(build, tally):
    """Issue 7: every public trace set in ../shared/traces runs under timing on
    gtx480, a100 and h100; gpgpu_n_tot_w_icount equals the instruction lines and two
    runs give the same digest. Skipped (and said so) where ../shared is absent."""
    if not os.path.isdir(SHARED_TRACES):
        print("SKIP public traces: %s not found" % SHARED_TRACES)
        return 1
    gpusim = os.path.join(build, "gpusim")
    for name in sorted(os.listdir(SHARED_TRACES)):
        folder = os.path.join(SHARED_TRACES, name)
        if not os.path.isfile(os.path.join(folder, "kernelslist.g")):
            continue
        want = count_trace_lines(folder)
        for config in ("gtx480", "a100", "h100"):
            case = "public trace %s on %s" % (name, config)
            outs = []
            for _ in range(2):
                proc = subprocess.run([gpusim, "--trace", folder, "--config", config],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      timeout=TIMEOUT_S)
                outs.append(proc)
            text = outs[0].stdout.decode()
            # the whole run's count: the last one (each kernel's block has its own)
            got = [l.split("=")[1].strip() for l in text.splitlines()
                   if l.startswith("gpgpu_n_tot_w_icount ")][-1:]
            if outs[0].returncode or outs[1].returncode:
                tally.fail(case, "exit %d: %s" % (outs[0].returncode,
                                                   outs[0].stderr.decode()[-500:]))
            elif got != [str(want)]:
                tally.fail(case, "gpgpu_n_tot_w_icount %s, trace has %d lines" % (got, want))
            elif outs[0].stdout != outs[1].stdout:
                tally.fail(case, "two runs differ")
            else:
                tally.ok(case)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    build = os.path.join(ROOT, opts.build) if not os.path.isabs(opts.build) else opts.build
    tally = Tally()
    os.environ["GPUSIM_BUILD"] = build    # for the tool self-tests that run gpusim
    run_unit_binaries(build, tally, opts.verbose)
    run_cli_cases(build, tally)
    skipped = run_python_tests(tally, "gen")
    skipped += run_python_tests(tally, "tests")
    run_golden(build, tally)
    skipped += run_public_traces(build, tally)
    if skipped:
        print("%d passed, %d failed, %d skipped" % (tally.passed, tally.failed, skipped))
    else:
        print("%d passed, %d failed" % (tally.passed, tally.failed))
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
