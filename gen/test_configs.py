"""Self-tests of gen/configs.py and gen/limits.py (python3 -m unittest)."""
import os
import re
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import limits  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def decode_array(c_text, name):
    """The bytes of `static const char preset_<name>[] = { 0x.., ... };`."""
    body = c_text.split("preset_%s[] = {" % name, 1)[1].split("};", 1)[0]
    return bytes(int(h, 16) for h in re.findall(r"0x([0-9a-f]{2})", body))


class PresetTests(unittest.TestCase):
    def test_every_preset_embedded_byte_for_byte(self):
        with tempfile.TemporaryDirectory() as tmp:
            configs.generate(tmp)
            with open(os.path.join(tmp, "presets.c")) as f:
                c_text = f.read()
            for name, text in configs.presets():
                self.assertEqual(decode_array(c_text, name), text.encode("ascii") + b"\0")
                self.assertIn('{ "%s", preset_%s, %du }' % (name, name, len(text)), c_text)

    def test_gtx480_preset_names_required_options(self):
        text = dict(configs.presets())["gtx480"]
        for option in ("-gpgpu_mem_addr_mapping", "-gpgpu_n_mem ",
                       "-gpgpu_n_sub_partition_per_mchannel", "-gpgpu_memory_partition_indexing"):
            self.assertIn("\n" + option, text)

    def test_committed_tables_are_current(self):
        with tempfile.TemporaryDirectory() as tmp:
            configs.generate(tmp)
            limits.generate(tmp)
            for name in ("presets.c", "presets.h", "gs_limits.h"):
                with open(os.path.join(tmp, name)) as f, \
                        open(os.path.join(ROOT, "tables", name)) as g:
                    self.assertEqual(f.read(), g.read(), name)


class LimitTests(unittest.TestCase):
    def test_limits_cover_published_configs(self):
        v = limits.values()
        self.assertGreaterEqual(v["GS_MAX_SMS"], 108)          # SM80_A100
        self.assertGreaterEqual(v["GS_MAX_MEM_CHANNELS"], 80)  # H100, formats.md 2.1
        self.assertGreaterEqual(v["GS_MAX_SUB_PARTITIONS"], 4)
        self.assertGreaterEqual(v["GS_MAX_CACHE_WAYS"], 256)   # QV100 texture cache
        self.assertEqual(v["GS_MAX_WARPS_PER_SM"] * v["GS_WARP_SIZE"],
                         v["GS_MAX_THREADS_PER_SM"])

    def test_header_defines_each_limit_once(self):
        with tempfile.TemporaryDirectory() as tmp:
            limits.generate(tmp)
            with open(os.path.join(tmp, "gs_limits.h")) as f:
                text = f.read()
        for name, value in limits.values().items():
            self.assertEqual(text.count("#define %s %du\n" % (name, value)), 1)


if __name__ == "__main__":
    unittest.main()
