"""The man page gpusim(1) (issue 21, packaging): `gpusim --man` prints it from the same text and
option table as `gpusim --help`, so every option and flag --help names is in it; it is valid
troff that renders (with `man -l` where man is installed, else groff) with every option and
the exit statuses in the rendered text."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import GPUSIM  # noqa: E402


def output(*args):
    proc = subprocess.run([GPUSIM] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode()


class ManPage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.help = output("--help")
        cls.man = output("--man")
        cls.options = re.findall(r"^  -([A-Za-z0-9_:]+) <", cls.help, re.M)
        cls.flags = sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", cls.help)))

    def test_every_help_option_is_in_the_man_page(self):
        self.assertGreater(len(self.options), 200)
        source = self.man.replace("\\-", "-").replace("\\:", "")
        missing = [o for o in self.options if ".B -%s\n" % o not in source]
        self.assertEqual(missing, [])
        self.assertEqual(len(re.findall(r"^\.B \\-", self.man, re.M)), len(self.options))
        for flag in self.flags:
            self.assertIn(flag, source)

    def test_sections(self):
        for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "SEE ALSO"):
            self.assertIn("\n.SH %s\n" % section, self.man)
        self.assertTrue(self.man.startswith(".TH GPUSIM 1 "))

    def test_renders(self):
        folder = tempfile.mkdtemp(prefix="gpusim-man-")
        try:
            path = os.path.join(folder, "gpusim.1")
            with open(path, "w") as f:
                f.write(self.man)
            if shutil.which("man"):
                command = ["man", "-l", path]
            elif shutil.which("groff"):
                command = ["groff", "-man", "-Tutf8", path]
            else:
                self.skipTest("neither man nor groff is installed")
            proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  env=dict(os.environ, MANWIDTH="100", MAN_KEEP_FORMATTING=""))
            self.assertEqual(proc.returncode, 0, proc.stderr)
            text = re.sub(r".\x08", "", proc.stdout.decode("utf-8", "replace"))
            text = text.replace("\u2010", "-").replace("\u2212", "-")
            for option in ("gs_launch_inst_limit", "gpgpu_max_insn", "gpgpu_cache:dl1"):
                self.assertIn("-" + option, text)
            self.assertIn("EXIT STATUS", text)
            self.assertIn("130, 143", text)
        finally:
            shutil.rmtree(folder)


if __name__ == "__main__":
    unittest.main()
