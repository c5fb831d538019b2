"""The progress display (issue 13 part 4; src/cli/cli_progress.c, README
"Command line"): a line on stderr only when stderr is a terminal, never with
--quiet, and stdout (statistics, digest) byte for byte the same either way.

The terminal is a pseudo-terminal from the standard library's pty module;
GPUSIM_PROGRESS_AFTER_MS=0 lifts the 2 s threshold so a short run draws."""
import os
import pty
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build"))
GPUSIM = os.path.join(BUILD, "gpusim")
RUN = ["--workload", "vectoradd"]


def run(args, tty_stderr, env_after=None):
    """(exit status, stdout bytes, stderr bytes) with stderr a pipe or a pty."""
    env = dict(os.environ)
    env.pop("GPUSIM_PROGRESS_AFTER_MS", None)
    if env_after is not None:
        env["GPUSIM_PROGRESS_AFTER_MS"] = env_after
    if not tty_stderr:
        p = subprocess.run([GPUSIM] + args, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300)
        return p.returncode, p.stdout, p.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen([GPUSIM] + args, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                         stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:   # EIO: the child closed the terminal
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.stdout.close()
    rc = p.wait(timeout=300)
    os.close(master)
    return rc, out, err


class ProgressTest(unittest.TestCase):
    def test_pipe_shows_nothing(self):
        # stderr a pipe (as under this runner): no progress line, even at 0 ms
        rc, out, err = run(RUN, False, "0")
        self.assertEqual(rc, 0)
        self.assertNotIn(b"\r", err)
        self.assertNotIn(b"kernel 1/1", err)
        self.assertTrue(out.endswith(b"\n") and b"digest = " in out)

    def test_terminal_shows_and_clears(self):
        rc, out, err = run(RUN, True, "0")
        self.assertEqual(rc, 0)
        # vectoradd's file launches once: kernel 1 of 1 is known
        self.assertIn(b"\rgpusim: kernel 1/1, ", err)
        self.assertIn(b" insts/s [0:0", err)
        # cleared before the speed report: spaces, then back to column 0
        before_speed = err.split(b"simulation speed:")[0]
        self.assertTrue(before_speed.endswith(b" \r"), before_speed[-40:])

    def test_stdout_and_digest_unchanged(self):
        _, plain, _ = run(RUN, False)
        _, shown, err = run(RUN, True, "0")
        _, quiet, _ = run(RUN + ["--quiet"], True, "0")
        self.assertIn(b"\rgpusim: kernel", err)   # the display really ran
        self.assertEqual(plain, shown)
        self.assertEqual(plain, quiet)

    def test_quiet_on_terminal_shows_nothing(self):
        rc, _, err = run(RUN + ["--quiet"], True, "0")
        self.assertEqual(rc, 0)
        self.assertNotIn(b"gpusim: kernel", err)
        self.assertNotIn(b"\r\x20", err)

    def test_short_run_below_threshold(self):
        # the default 2 s: vectoradd ends well before it, nothing drawn
        rc, _, err = run(RUN, True)
        self.assertEqual(rc, 0)
        self.assertNotIn(b"gpusim: kernel", err)

    def test_trace_kernel_count(self):
        trace = os.path.join(ROOT, "..", "shared", "traces", "vectoradd-simple-trace-example")
        if not os.path.isdir(trace):
            self.skipTest("no public traces at %s" % trace)
        rc, out, err = run(["--trace", trace], True, "0")
        self.assertEqual(rc, 0, err[-500:])
        # n from the kernel list's one kernel line
        self.assertIn(b"\rgpusim: kernel 1/1, ", err)
        _, plain, _ = run(["--trace", trace], False)
        self.assertEqual(plain, out)

    def test_study_terminal(self):
        out_dir = os.path.join(BUILD, "progress-study")
        for name in os.listdir(out_dir) if os.path.isdir(out_dir) else []:
            os.remove(os.path.join(out_dir, name))
        rc, out, err = run(["study", "tests/study/smoke.study", "--run", "--out", out_dir],
                           True, "0")
        self.assertEqual(rc, 0, err[-500:])
        self.assertIn(b"\rstudy: 0 done, 1 running, 5 left [0:0", err)
        self.assertIn(b"study: 1 done, 1 running, 4 left, ETA ", err)
        self.assertIn(b"study smoke: 6 jobs, 6 run, 0 already done", out)
        # resumed: every job skipped, the counts still drawn
        rc, out, err = run(["study", "tests/study/smoke.study", "--run", "--out", out_dir],
                           True, "0")
        self.assertEqual(rc, 0)
        self.assertIn(b"study smoke: 6 jobs, 0 run, 6 already done", out)
        # the first skipped job draws; the next five come within 250 ms
        self.assertIn(b"\rstudy: 1 done, 0 running, 5 left [0:0", err)


if __name__ == "__main__":
    unittest.main()
