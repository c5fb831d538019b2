"""Self-tests of tests/check_layers.py (`make check-layers`): the real tree
passes, and a deliberately wrong include in a copy of a small tree fails with
the offending line named."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPT = os.path.join(HERE, "check_layers.py")


def run(root):
    p = subprocess.run([sys.executable, SCRIPT, "--root", root],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class CheckLayers(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        write(self.root, "src/base/arena.h", "#include <stddef.h>\n")
        write(self.root, "src/mem/cache.h", '#include "base/arena.h"\n')
        write(self.root, "src/core/sm.c", '#include "mem/cache.h"\n#include "opcodes.h"\n')
        write(self.root, "tables/opcodes.h", '#include "base/arena.h"\n')

    def tearDown(self):
        shutil.rmtree(self.root)

    def test_real_tree_follows_the_order(self):
        code, out = run(ROOT)
        self.assertEqual(code, 0, out)
        self.assertIn("check-layers: every include follows base < port", out)

    def test_good_fixture_passes(self):
        self.assertEqual(run(self.root)[0], 0)

    def test_include_against_the_order_fails_naming_the_line(self):
        write(self.root, "src/mem/cache.c",
              '#include "mem/cache.h"\n\n#include "core/sm.h"\n')
        code, out = run(self.root)
        self.assertEqual(code, 1)
        self.assertEqual(out.splitlines(), [
            'src/mem/cache.c:3: include "core/sm.h" points against the layer order '
            '(mem < core)',
            "check-layers: 1 include(s) against the layer order"])

    def test_table_ranks_with_what_it_includes(self):
        write(self.root, "tables/presets.h", '#include "core/sm.h"\n')
        write(self.root, "src/base/config.c", '#include "presets.h"\n')
        code, out = run(self.root)
        self.assertEqual(code, 1)
        self.assertIn('src/base/config.c:1: include "presets.h" points against the layer '
                      'order (base < core)', out)

    def test_bare_include_must_name_its_folder(self):
        write(self.root, "src/mem/mshr.c", '#include "cache.h"\n')
        code, out = run(self.root)
        self.assertEqual(code, 1)
        self.assertIn('src/mem/mshr.c:1: include "cache.h" must name its folder '
                      '("mem/cache.h")', out)

    def test_cli_includes_only_the_public_header(self):
        write(self.root, "src/cli/cli_run.c",
              '#include "cli/cli.h"\n#include "gpusim.h"\n#include "sim/gpu.h"\n')
        code, out = run(self.root)
        self.assertEqual(code, 1)
        self.assertEqual(out.splitlines(), [
            'src/cli/cli_run.c:3: include "sim/gpu.h": the command-line tool uses only the '
            'public API (include "gpusim.h")',
            "check-layers: 1 include(s) against the layer order"])

    def test_unknown_folder_is_reported(self):
        write(self.root, "src/front/x.c", "\n")
        code, out = run(self.root)
        self.assertEqual(code, 1)
        self.assertIn("src/front/x.c:1: folder 'front' has no place in the layer order", out)


if __name__ == "__main__":
    unittest.main()
