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
import re
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


def gridsync_reference(values, threads, blocks):
    """examples/kernels/gridsync.cu: total, own sum, block rank, blocks."""
    total = sum(values) & 0xFFFFFFFF
    out = []
    for rank in range(threads):
        out += [total, sum(values[rank::threads]) & 0xFFFFFFFF,
                rank // (threads // blocks), blocks]
    return out


class GridSync(unittest.TestCase):
    """Cooperative-groups grid sync (issue 22 item 4): the same results on
    --functional and under timing on every preset that holds the grid."""

    def check(self, workload, n, threads, blocks, presets, extra=()):
        folder = tempfile.mkdtemp(prefix="gs-grid-")
        self.addCleanup(shutil.rmtree, folder, True)
        runs = [["--functional"]] + [["--config", p, "--quiet"] for p in presets]
        runs += [list(e) for e in extra]
        for i, mode in enumerate(runs):
            sub = os.path.join(folder, str(i))
            rc, _, err = gpusim(*(mode + ["--workload", workload, "--dump-buffers", sub]))
            self.assertEqual(rc, 0, err)
            with open(os.path.join(sub, "IN.bin"), "rb") as f:
                values = list(struct.unpack("<%dI" % n, f.read()))
            with open(os.path.join(sub, "OUT.bin"), "rb") as f:
                got = list(struct.unpack("<%dI" % (threads * 4), f.read()))
            self.assertEqual(got, gridsync_reference(values, threads, blocks), mode)

    def test_eight_blocks(self):
        """Also under kernel sampling, whose profile pass runs the grid on
        the functional executor's cooperative contexts first."""
        self.check("tests/workload/gridsync.gsw", 3000, 512, 8,
                   ("gtx480", "qv100", "a100", "h100"),
                   [("--config", "gtx480", "--quiet", "-gs_kernel_sampling", "1")])

    def test_debug_build(self):
        """nvcc -G's build of the same kernel: its device-function calls too."""
        self.check("tests/workload/gridsync-debug.gsw", 3000, 512, 8,
                   ("gtx480", "qv100", "a100", "h100"))

    def test_two_blocks_every_preset(self):
        self.check("tests/workload/gridsync-2.gsw", 1000, 128, 2,
                   ("gtx480", "qv100", "a100", "h100", "tiny"))


def texref_reference():
    """tests/ptx/exec/texref.ptx on tests/workload/texref.gsw: OUT and SURF
    word by word (see the .ptx for the layout). Point fetches at integer
    coordinates, so the values are the texels themselves; a component the
    texture lacks reads 0, as an H200 gives (tests/device/h200/texture)."""
    f32 = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]
    queries = [4, 4, 0x10DE, 0, 0x1140, 0x1131, 4, 4]
    out = []
    for t in range(16):
        x, y = t % 4, t // 4
        lin = t - 2
        zero_x = 8 * x - 8
        zeroed = 1000 + 4 * y + zero_x // 4 if 0 <= zero_x and zero_x + 8 <= 16 else 0
        out += [f32(1 + t), 0, 0, 0, f32(100 + 3 * lin) if 0 <= lin < 8 else 0,
                queries[t % 8], 1000 + 4 * y + 3, zeroed]
    return struct.pack("<128I", *out), struct.pack("<16I", *range(1000, 1016))


class Textures(unittest.TestCase):
    """Textures and surfaces (issue 22 item 3): examples/kernels/texture.cu on
    tests/workload/texture.gsw gives, on --functional and under timing on
    every preset, the bytes an H200 gave for the same kernels on the same
    inputs (tests/device/texture_driver.cu); texture and surface references
    bound with `bind`, txq and suq give the values texref_reference works
    out."""

    PRESETS = ("gtx480", "qv100", "a100", "h100", "tiny")

    def runs(self, workload):
        folder = tempfile.mkdtemp(prefix="gs-tex-")
        self.addCleanup(shutil.rmtree, folder, True)
        for i, mode in enumerate([["--functional"]] +
                                 [["--config", p, "--quiet"] for p in self.PRESETS]):
            sub = os.path.join(folder, str(i))
            rc, _, err = gpusim(*(mode + ["--workload", workload, "--dump-buffers", sub]))
            self.assertEqual(rc, 0, err)
            yield mode, sub

    def test_texture_objects_match_h200(self):
        device = os.path.join(ROOT, "tests/device/h200/texture")
        names = sorted(n[:-4] for n in os.listdir(device) if n.endswith(".bin"))
        self.assertEqual(len(names), 12)
        for mode, sub in self.runs("tests/workload/texture.gsw"):
            for name in names:
                with open(os.path.join(device, name + ".bin"), "rb") as f:
                    want = f.read()
                with open(os.path.join(sub, name + ".bin"), "rb") as f:
                    got = f.read()
                words = len(want) // 4
                diff = [i for i in range(words) if want[4 * i:4 * i + 4] != got[4 * i:4 * i + 4]]
                self.assertEqual(diff, [], "%s %s: words differ from the H200's" % (mode, name))

    def test_references_queries_and_surfaces(self):
        want_out, want_surf = texref_reference()
        for mode, sub in self.runs("tests/workload/texref.gsw"):
            with open(os.path.join(sub, "OUT.bin"), "rb") as f:
                got = f.read()
            self.assertEqual(struct.unpack("<128I", got), struct.unpack("<128I", want_out), mode)
            with open(os.path.join(sub, "SURF.bin"), "rb") as f:
                self.assertEqual(f.read(), want_surf, mode)


def s32(x):
    return ((x + 2**31) % 2**32) - 2**31


def devfuncs_reference(values, n):
    """examples/kernels/devfuncs.cu, thread by thread (0 past n)."""
    def add3(x, y, z):
        return x + y * 2 + z * 3

    def diverge(t):
        if t & 1:
            return sum(k ^ t for k in range(t))
        return add3(t, 1, 2) + 7

    def table(m):
        a = [i * m + (i ^ m) for i in range(16)]
        return a[m & 15] + a[(m * 7) & 15]

    out = []
    for t, x in enumerate(values):
        if t >= n:
            out += [0] * 6
            continue
        v = add3(x, x + t, (100 - x) - t)
        if t % 3 == 0:
            v += diverge(x)
        acc = 0
        for k in range(x & 7):
            if (k + t) & 1:
                acc += add3(k, t, acc & 15)
        out += [v if v > 10 else -v, 3 * t, table(x), diverge(x + 1) * 3 + table(x >> 1), acc,
                diverge(t)]
    return [s32(v) for v in out]


def recursion_reference(values):
    """examples/kernels/recursion.cu, thread by thread."""
    ops = [lambda a, b: a + b, lambda a, b: a * b + 1, lambda a, b: a - 3 * b]

    def fib(m):
        return m if m < 2 else fib(m - 1) + fib(m - 2)

    def walk(depth, v):
        keep = [v * (i + 1) + depth for i in range(4)]
        if depth == 0:
            return keep[v & 3]
        return walk(depth - 1, v + keep[depth & 3] % 7) + keep[(v + depth) & 3]

    out = []
    for t, x in enumerate(values):
        f = ops[x % 3]
        g = ops[2] if t % 2 else f
        out += [fib(x % 13), walk(x % 6, t), f(x, t), g(t, x) + g(x, t)]
    return [s32(v) for v in out]


def mutual_reference(values):
    """examples/kernels/mutual.cu, thread by thread."""
    def leaf(n, s):
        return s32(n * 7 + s)

    def ping(n, s):
        if n <= 0:
            return s
        keep = [s32(s * (i + 2) + n) for i in range(3)]
        nxt = ping if (n + s) & 1 else (pong if (n + s) % 3 == 0 else leaf)
        r = nxt(n - 1, s32(s + n))
        return s32(r + keep[(r & 0x7FFFFFFF) % 3])

    def pong(n, s):
        if n <= 0:
            return s32(s * 2)
        nxt = ping if (n * s) % 3 == 0 else pong
        r = nxt(n - 1, s ^ n)
        if r & 1:
            return s32(r * 3 + n)
        return s32(r - nxt(n // 2, s + 1))

    out = []
    for t, x in enumerate(values):
        g = pong if t & 2 else ping
        out += [ping(x % 11, t), g(x % 9, x)]
    return out


class DeviceFunctions(unittest.TestCase):
    """Device functions (issue 22 item 1): devfuncs.gsw and recursion.gsw give
    their C references' outputs on --functional and under timing on every
    preset, and a recursion deeper than -gs_call_stack_depth is a clear error."""

    def run_all(self, workload, count, reference):
        folder = tempfile.mkdtemp(prefix="gs-calls-")
        self.addCleanup(shutil.rmtree, folder, True)
        runs = [["--functional"]] + [["--config", p, "--quiet"] for p in
                                     ("gtx480", "qv100", "a100", "h100", "tiny")]
        for mode in runs:
            sub = os.path.join(folder, mode[-2] if len(mode) > 1 else "functional")
            rc, _, err = gpusim(*(mode + ["--workload", workload, "--dump-buffers", sub]))
            self.assertEqual(rc, 0, err)
            with open(os.path.join(sub, "IN.bin"), "rb") as f:
                values = list(struct.unpack("<%di" % count, f.read()))
            with open(os.path.join(sub, "OUT.bin"), "rb") as f:
                data = f.read()
            got = list(struct.unpack("<%di" % (len(data) // 4), data))
            self.assertEqual(got, reference(values), mode)

    def test_devfuncs(self):
        self.run_all("tests/workload/devfuncs.gsw", 203,
                     lambda values: devfuncs_reference(values, 200))

    def test_recursion(self):
        self.run_all("tests/workload/recursion.gsw", 192, recursion_reference)

    def test_mutual_recursion_through_pointers(self):
        self.run_all("tests/workload/mutual.gsw", 128, mutual_reference)

    def test_call_depth_option(self):
        for mode in (["--functional"], ["--config", "tiny", "--quiet"]):
            rc, out, err = gpusim(*(mode + ["--workload", "tests/workload/recursion.gsw",
                                            "-gs_call_stack_depth", "5"]))
            self.assertEqual(rc, 2, err)
            self.assertRegex(err, r"recursion\.ptx:77: error: kernel recursion, CTA \(\d+,0,0\), "
                             r"warp \d+: device-function calls nest deeper than 5 levels; raise "
                             r"-gs_call_stack_depth\n$")


def h100_printf_in_thread_order():
    """What an H100 printed for examples/kernels/printf.cu on printf.gsw's
    input (tests/device/h100/printf_stdout.txt, in the GPU's order), put in
    thread order: each line names its thread (block 0 and 1 have 36 threads
    each); a thread's own lines keep their order."""
    with open(os.path.join(ROOT, "tests/device/h100/printf_stdout.txt")) as f:
        lines = f.read().splitlines(True)
    def thread(line):
        m = re.match(r"block (\d+) thread +(\d+):", line)
        if m:
            return int(m.group(1)) * 36 + int(m.group(2))
        return int(re.search(r"(?:odd|thread|five|plain) (\d+)", line).group(1))
    return "".join(sorted(lines, key=thread))   # sorted() is stable


class Printf(unittest.TestCase):
    """printf (issue 22 item 2): examples/kernels/printf.cu prints exactly what
    an H100 printed, in thread order, and its output buffer (what each printf
    returned) is the H100's, on --functional and under timing on every preset;
    a buffer too small drops whole calls and says so; statistics count them."""

    def test_matches_h100(self):
        want = h100_printf_in_thread_order()
        self.assertEqual(len(want.splitlines()), 316)
        with open(os.path.join(ROOT, "tests/device/h100/printf_OUT.bin"), "rb") as f:
            want_out = f.read()
        folder = tempfile.mkdtemp(prefix="gs-printf-")
        self.addCleanup(shutil.rmtree, folder, True)
        for mode in [["--functional"]] + [["--config", p, "--quiet"] for p in
                                          ("gtx480", "qv100", "a100", "h100", "tiny")]:
            sub = os.path.join(folder, mode[-2] if len(mode) > 1 else "functional")
            rc, out, err = gpusim(*(mode + ["--workload", "tests/workload/printf.gsw",
                                            "--dump-buffers", sub]))
            self.assertEqual(rc, 0, err)
            self.assertIn(want, out, mode)
            self.assertEqual(out.count("\n  plain "), 56)   # printed once, not twice
            with open(os.path.join(sub, "OUT.bin"), "rb") as f:
                self.assertEqual(f.read(), want_out, mode)
            self.assertIn("printf_calls_printed = 316\nprintf_calls_dropped = 0\n"
                          "printf_text_bytes = 11025\nprintf_text_fnv1a = "
                          "4390822175310415065\n", out)

    def test_small_buffer_drops_whole_calls(self):
        for mode in (["--functional"], ["--config", "tiny", "--quiet"]):
            rc, out, err = gpusim(*(mode + ["--workload", "tests/workload/printf.gsw",
                                            "-gs_printf_buffer_bytes", "1000"]))
            self.assertEqual(rc, 0, err)
            self.assertIn("printf_calls_dropped = ", out)
            printed = int(re.search(r"printf_calls_printed = (\d+)", out).group(1))
            dropped = int(re.search(r"printf_calls_dropped = (\d+)", out).group(1))
            self.assertEqual(printed + dropped, 316)
            self.assertGreater(printed, 0)
            self.assertEqual(err.count("gpusim: note:"), 1, err)
            self.assertRegex(err, r"^gpusim: note: kernel print_kernel \(launch 1\): %d printf "
                             r"call\(s\) did not fit the 1000-byte printf buffer and were "
                             r"dropped \(raise -gs_printf_buffer_bytes\)\n" % dropped)
            # what is printed is whole lines, in thread order
            self.assertTrue(out.startswith("block 0 thread   0:") or
                            out.startswith("kernel_name = "), out[:80])

    def test_no_printf_no_statistics(self):
        rc, out, err = gpusim("--functional", "--workload", "tests/workload/devfuncs.gsw")
        self.assertEqual(rc, 0, err)
        self.assertNotIn("printf", out)


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
