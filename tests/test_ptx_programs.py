"""PTX as nvcc emits it for real programs (issue 22): long kernel names and
--dump-buffers.

examples/kernels/templated.cu instantiates a kernel template twice; nvcc
names the instantiations with mangled C++ names longer than the 31
characters other workload names allow. tests/workload/long-name.gsw
launches both by those names; each run here writes the output buffers with
--dump-buffers and checks every element against the C reference below, on
--functional and under timing on every preset. long-name-1023.gsw uses the
longest name gpusim takes (1023 characters): the statistics print it whole.
"""
import json
import os
import shutil
import struct
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")
WORKLOAD = "tests/workload/long-name.gsw"
N = 40


def gpusim(*args):
    proc = subprocess.run([GPUSIM] + list(args), cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=300)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def reference():
    """The C reference of templated.cu on long-name.gsw's inputs:
    out[i] = in[i] * scale + Offset (f32: in = i, scale 2, Offset 4; s32:
    in = 2i, scale 3, Offset 7). Every f32 value is an exact integer."""
    out = [struct.unpack("<f", struct.pack("<f", float(i) * 2.0 + 4.0))[0] for i in range(N)]
    iout = [(2 * i) * 3 + 7 for i in range(N)]
    return struct.pack("<%df" % N, *out), struct.pack("<%di" % N, *iout)


class DumpBuffers(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="gs-dump-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def check_dump(self, folder):
        want_out, want_iout = reference()
        with open(os.path.join(folder, "OUT.bin"), "rb") as f:
            self.assertEqual(f.read(), want_out)
        with open(os.path.join(folder, "IOUT.bin"), "rb") as f:
            self.assertEqual(f.read(), want_iout)
        with open(os.path.join(folder, "manifest.txt")) as f:
            self.assertEqual(f.read(),
                             "# gpusim output buffers of %s: NAME TYPE COUNT BYTES FILE "
                             "(raw little-endian)\ncomplete 1\n"
                             "OUT f32 40 160 OUT.bin\nIOUT s32 40 160 IOUT.bin\n" % WORKLOAD)

    def test_functional(self):
        folder = os.path.join(self.dir, "new", "nested")   # created, parents too
        rc, out, err = gpusim("--functional", "--workload", WORKLOAD, "--dump-buffers", folder)
        self.assertEqual(rc, 0, err)
        self.assertIn("kernels_launched = 2\n", out)
        self.check_dump(folder)

    def test_timing_every_preset(self):
        for preset in ("gtx480", "qv100", "a100", "h100", "tiny"):
            folder = os.path.join(self.dir, preset)
            rc, out, err = gpusim("--config", preset, "--quiet", "--workload", WORKLOAD,
                                  "--dump-buffers", folder)
            self.assertEqual(rc, 0, preset + ": " + err)
            self.assertIn("kernel_name = _Z37scale_and_offset_elements_by_templateIfLi4EEvPT_"
                          "PKS0_S0_i\n", out)
            self.assertIn("kernel_name = _Z37scale_and_offset_elements_by_templateIiLi7EEvPT_"
                          "PKS0_S0_i\n", out)
            self.check_dump(folder)

    def test_capped_run_says_incomplete(self):
        folder = os.path.join(self.dir, "capped")
        rc, _, err = gpusim("--config", "tiny", "--quiet", "--workload", WORKLOAD,
                            "-gpgpu_max_cycle", "20", "--dump-buffers", folder)
        self.assertEqual(rc, 0, err)
        with open(os.path.join(folder, "manifest.txt")) as f:
            self.assertEqual(f.read().split("\n")[1], "complete 0")

    def test_unwritable_folder(self):
        blocker = os.path.join(self.dir, "file")
        with open(blocker, "w") as f:
            f.write("x")
        for mode in (["--functional"], ["--config", "tiny"]):
            rc, out, err = gpusim(*(mode + ["--workload", WORKLOAD, "--dump-buffers",
                                            os.path.join(blocker, "sub")]))
            self.assertEqual(rc, 2)
            self.assertEqual(out, "")   # refused before the run
            self.assertEqual(err, "gpusim: error: --dump-buffers: cannot create folder %s\n"
                             % blocker)


def warpsync_reference(values):
    """examples/kernels/warpsync.cu in Python, the same rules as the C
    reference of tests/unit/356-exec-warp-sync.c: 3 blocks of 48 threads."""
    out = []
    for i, v in enumerate(values):
        local = i % 48
        first = i - local % 32
        w = values[first:first + (32 if local < 32 else 16)]
        lane = local % 32
        s32 = [(x - 500) for x in w]
        and_all = 0xFFFFFFFF
        for x in w:
            and_all &= x | 0x100
        or_all = 0
        xor_all = 0
        for x in w:
            or_all |= x & 0xF0
            xor_all ^= x
        any_mask = sum(1 << l for l, x in enumerate(w) if x % 4 == v % 4)
        all_eq = all(x // 4096 == w[0] // 4096 for x in w)
        full = (1 << len(w)) - 1
        ballot = sum((x & 1) << l for l, x in enumerate(w))
        vote_all = int(all(x > 3 for x in w))
        vote_any = int(any(x > 1990 for x in w))
        uni = int(all(x > 2000 for x in w) or not any(x > 2000 for x in w))
        part = [l for l, x in enumerate(w) if x % 5 == 0]
        if v % 5 == 0:
            tail = (sum(w[l] for l in part) + sum(1 << l for l in part
                                                   if (w[l] & 1) == (v & 1))) & 0xFFFFFFFF
        else:
            tail = max(x for x in w if x % 5 != 0)
        out += [sum(w) & 0xFFFFFFFF, min(s32) & 0xFFFFFFFF, max(w), and_all, or_all, xor_all,
                any_mask, full if all_eq else 0, int(all_eq),
                ballot ^ vote_all ^ (vote_any << 1) ^ (uni << 2), 32, tail,
                min(w), max(s32) & 0xFFFFFFFF,
                sum(1 << l for l, x in enumerate(w) if x % 3 == v % 3 and x & 1 == v & 1)]
    return out


class WarpLevel(unittest.TestCase):
    def test_functional_and_every_preset(self):
        folder = tempfile.mkdtemp(prefix="gs-warp-")
        self.addCleanup(shutil.rmtree, folder, True)
        runs = [["--functional"]] + [["--config", p, "--quiet"] for p in
                                     ("gtx480", "qv100", "a100", "h100", "tiny")]
        for mode in runs:
            sub = os.path.join(folder, mode[-1].lstrip("-"))
            rc, _, err = gpusim(*(mode + ["--workload", "tests/workload/warpsync.gsw",
                                          "--dump-buffers", sub]))
            self.assertEqual(rc, 0, err)
            with open(os.path.join(sub, "IN.bin"), "rb") as f:
                values = list(struct.unpack("<144I", f.read()))
            with open(os.path.join(sub, "OUT.bin"), "rb") as f:
                got = list(struct.unpack("<2160I", f.read()))
            self.assertEqual(got, warpsync_reference(values), mode)


class DumpBuffersEmptyName(unittest.TestCase):
    def test_empty_folder_name(self):
        for mode in (["--functional"], ["--config", "tiny"]):
            rc, out, err = gpusim(*(mode + ["--workload", WORKLOAD, "--dump-buffers", ""]))
            self.assertEqual((rc, out), (2, ""))
            self.assertEqual(err, "gpusim: error: --dump-buffers: a folder name is empty\n")


class LongKernelNames(unittest.TestCase):
    def test_1023_characters_whole_in_statistics(self):
        json_path = os.path.join(tempfile.mkdtemp(prefix="gs-json-"), "s.json")
        self.addCleanup(shutil.rmtree, os.path.dirname(json_path), True)
        with open(os.path.join(ROOT, "tests/workload/long-name-1023.ptx")) as f:
            names = [line.split()[2].rstrip("(") for line in f if ".entry" in line]
        self.assertEqual(len(names), 1)
        self.assertEqual(len(names[0]), 1023)
        rc, out, err = gpusim("--config", "tiny", "--quiet", "--workload",
                              "tests/workload/long-name-1023.gsw", "--stats-json", json_path)
        self.assertEqual(rc, 0, err)
        self.assertTrue(out.startswith("kernel_name = %s\nkernel_launch_uid = 1\n" % names[0]))
        with open(json_path) as f:
            stats = json.load(f)
        self.assertEqual(stats["kernels"][0]["kernel_name"], names[0])


if __name__ == "__main__":
    unittest.main()
