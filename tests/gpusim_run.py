"""Run gpusim and read its statistics (shared by the tools' self-tests).

stats_of(*args) -> (exit status, {name: value text} of the whole run, stderr text):
the last block wins, so the whole run's statistics (printed after the per-kernel
blocks) are the ones returned; indented breakdown lines are skipped."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")


def stats_of(*args):
    proc = subprocess.run([GPUSIM] + list(args), cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    stats = {}
    for line in proc.stdout.decode().splitlines():
        if " = " in line and not line.startswith("\t"):
            name, value = line.split(" = ", 1)
            stats[name] = value
    return proc.returncode, stats, proc.stderr.decode()


def run_ok(*args):
    """The statistics of a run that must succeed (quietly)."""
    rc, stats, err = stats_of("--quiet", *args)
    assert rc == 0, err
    return stats
