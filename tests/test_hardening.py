"""Hostile inputs that once broke a promise (issue 20), each a regression test run end to end.
The CLI cases in tests/cli cover those that fit a fixed file: trace-bad-nul-opcode and
trace-bad-control-byte (defect 1; tests/unit/271 the opcode lookup itself), the control bytes of
config-err-nul-byte, workload-err-control-byte, workload-err-ptx-nul-byte and study-err-nul-byte,
config-err-multiline-value (defect 6), runaway-functional and runaway-timing (defect 2, exit 4),
simt-stack-overflow (defect 3), workload-err-graphs-too-big (defect 7), trace-err-no-commands
and trace-ignored-lines-warning (defect 10), config-/workload-/timing-workload-err-directory,
trace-err-folder-without-list, workload-run-ptx-directory and trace-err-list-line-too-long
(defect 8), workload-/timing-workload-err-global-too-big and -local-too-big, runaway-timing
and workload-run-ptx-missing (defect 9); tests/unit/352 reads a sparse file past 2 and 4 GiB
(defect 5). Here:

- a trace line longer than the scanner's 64 KiB default: the error names -gs_trace_line_bytes,
  and raising it lets the run through, functional and timing, with the digest of the same
  trace without the long line (defect 4: the option raised the warp buffers only).
- a command-line value holding a newline, a control byte or bytes that are not UTF-8: the
  diagnostic is one line with them escaped (defect 6), and valid UTF-8 stays as it is.
- every option a string in src/ names (a message's remedy, "raise -gs_..."), is one gpusim
  accepts (`gpusim --help`): twelve messages named options that did not exist (defect 3). A
  name ending in `_`, `_K` or followed by `/` stands for a family and must begin an accepted
  name.
- an oversized or unreadable file names the reason (defect 8), see FileReasons.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM, ROOT, stats_of  # noqa: E402

MINI = os.path.join(ROOT, "tests", "trace", "mini-v5-sm80")


class LongTraceLine(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gpusim-longline-")
        shutil.copy(os.path.join(MINI, "kernelslist.g"), self.dir)
        with open(os.path.join(MINI, "kernel-1.traceg")) as f:
            text = f.read()
        self.assertIn("#traces format", text)
        with open(os.path.join(self.dir, "kernel-1.traceg"), "w") as f:
            f.write(text.replace("#traces format", "#" + "x" * 100000 + "\n#traces format", 1))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_option_raises_the_scanner_limit(self):
        for mode in (["--functional"], []):
            rc, _, err = stats_of("--trace", self.dir, *mode)
            self.assertEqual(rc, 2, mode)
            self.assertIn("line longer than 65536 bytes (raise -gs_trace_line_bytes)", err)
            rc, got, err = stats_of("--trace", self.dir, "-gs_trace_line_bytes", "200000",
                                    *mode)
            self.assertEqual(rc, 0, err)
            rc, want, err = stats_of("--trace", MINI, *mode)
            self.assertEqual(rc, 0, err)
            self.assertEqual(got["digest"], want["digest"], mode)


class OneLineDiagnostics(unittest.TestCase):
    def stderr_of(self, *args):
        proc = subprocess.run([GPUSIM] + [a.encode("utf-8", "surrogateescape") if isinstance(
            a, str) else a for a in args], cwd=ROOT, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.assertEqual(proc.returncode, 2)
        return proc.stderr

    def test_escaped(self):
        err = self.stderr_of("--config-stats", "-gs_seed", b"1\n2\x01")
        self.assertEqual(err, b"<command line>:1:25: error: -gs_seed: '1\\n2\\x01' is not an "
                              b"unsigned integer\n")
        err = self.stderr_of(b"--bogus\r\xff\xc3\xa9")   # CR, a stray byte, then a valid e-acute
        self.assertEqual(err, b"gpusim: error: unknown argument '--bogus\\r\\xFF\xc3\xa9' "
                              b"(see --help)\n")


OPTION_PREFIXES = ("gs_", "gpgpu_", "dram_", "icnt_", "trace_", "specialized_", "inter_",
                   "network_", "ptx_")


class OptionNamesInMessages(unittest.TestCase):
    def accepted(self):
        out = subprocess.run([GPUSIM, "--help"], stdout=subprocess.PIPE).stdout.decode()
        return set(re.findall(r"^  -([A-Za-z0-9_:]+)", out, re.M))

    def test_every_named_option_exists(self):
        accepted = self.accepted()
        self.assertIn("gs_launch_inst_limit", accepted)
        bad = []
        files = glob.glob(os.path.join(ROOT, "src", "**", "*.[ch]"), recursive=True)
        self.assertGreater(len(files), 100)
        for path in files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
                for m in re.finditer(r"(?<![\w-])-([a-z][a-z0-9_:]*)(/?)", literal):
                    name, slash = m.group(1).rstrip(":"), m.group(2)
                    if not name.startswith(OPTION_PREFIXES):
                        continue
                    if name.endswith("_K"):
                        name, slash = name[:-1], "/"
                    if name.endswith("_") or slash:
                        ok = any(a.startswith(name) for a in accepted)
                    else:
                        ok = name in accepted
                    if not ok:
                        bad.append("%s: -%s" % (os.path.relpath(path, ROOT), name))
        self.assertEqual(bad, [])


class FileReasons(unittest.TestCase):
    """An input file that cannot be used says why (defect 8): one larger than the 64 MiB an
    input read whole may have (a sparse file, so no disk is spent), and one the user may not
    read. The directory and missing-file cases are tests/cli cases (config-err-directory,
    workload-err-directory, trace-err-folder-without-list, ...)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gpusim-files-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_gpusim(self, *args):
        proc = subprocess.run([GPUSIM] + list(args), cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
        return proc.returncode, proc.stderr.decode()

    def test_oversized(self):
        path = os.path.join(self.dir, "big.cfg")
        with open(path, "wb") as f:
            f.truncate(64 * 1024 * 1024 + 1)
        why = "file larger than 67108864 bytes, the limit for an input file read whole"
        rc, err = self.run_gpusim("--config", path, "--config-stats")
        self.assertEqual((rc, err), (2, "gpusim: error: --config %s: %s\n" % (path, why)))
        rc, err = self.run_gpusim("--functional", "--workload", path)
        self.assertEqual((rc, err), (2, "%s: error: %s\n" % (path, why)))

    @unittest.skipIf(hasattr(os, "geteuid") and os.geteuid() == 0,
                     "root reads any file: run as a user to test permissions")
    def test_unreadable(self):
        path = os.path.join(self.dir, "secret.cfg")
        with open(path, "w") as f:
            f.write("-gs_seed 1\n")
        os.chmod(path, 0)
        rc, err = self.run_gpusim("--config", path, "--config-stats")
        self.assertEqual((rc, err), (2, "gpusim: error: --config %s: cannot be read: "
                                        "permission denied\n" % path))
        rc, err = self.run_gpusim("--trace", path, "--functional")
        self.assertEqual((rc, err), (2, "gpusim: error: --trace %s: cannot be read: "
                                        "permission denied\n" % path))


if __name__ == "__main__":
    unittest.main()
