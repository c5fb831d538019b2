"""gpusim report and --samples-csv (issue 13 part 5; README "Reports").

- The samples CSV of a fixed run is byte for byte the committed one, and its
  columns add up to the run's own statistics (instructions, per-SM columns).
- The report of fixed inputs (tests/report/inputs/) is byte for byte
  tests/report/golden.html: every SVG coordinate is integer arithmetic.
- A study file as input draws with the study's labels; a study job whose
  configuration samples writes its samples beside its result.
- A stats CSV of a run with CIAO's interference matrix draws it as a heat map, one cell per
  interfering pair of warp slots.
- The PNG decoder of render_check.py (the CI's Chromium check) decodes every
  PNG filter type.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")
REPORT = os.path.join(ROOT, "tests", "report")
INPUTS = [os.path.join("tests", "report", "inputs", name)
          for name in ("smoke.csv", "synthetic.csv", "vadd.samples.csv", "perfect.samples.csv")]
sys.path.insert(0, REPORT)
import render_check  # noqa: E402


def gpusim(*args, cwd=ROOT):
    return subprocess.run([GPUSIM] + list(args), cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)


def read_samples(path):
    with open(path) as f:
        lines = f.read().splitlines()
    header = lines[0].split(",")
    return header, [[int(v) for v in line.split(",")] for line in lines[1:]]


def stat(stdout, name):
    for line in stdout.decode().splitlines():
        if line.startswith(name + " = "):
            return line.split(" = ", 1)[1]
    raise KeyError(name)


class SamplesCsv(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gpusim-samples-")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_vadd(self, *extra):
        out = os.path.join(self.tmp, "vadd.csv")
        r = gpusim("--workload", "vectoradd", "-gs_sample_cycles", "100", "--samples-csv", out,
                   *extra)
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        return out, r.stdout

    def test_golden_bytes(self):
        """The committed samples of vectoradd every 100 cycles (a timing change
        regenerates tests/report/vadd-100.samples.csv with this command)."""
        out, _ = self.run_vadd()
        with open(out, "rb") as f, open(os.path.join(REPORT, "vadd-100.samples.csv"), "rb") as g:
            self.assertEqual(f.read(), g.read())

    def test_columns_add_up_to_the_run(self):
        out, stdout = self.run_vadd()
        header, rows = read_samples(out)
        col = {name: i for i, name in enumerate(header)}
        self.assertEqual(sum(r[col["thread_insts"]] for r in rows),
                         int(stat(stdout, "gpu_sim_insn")))
        self.assertEqual(sum(r[col["warp_insts"]] for r in rows),
                         int(stat(stdout, "gpgpu_n_tot_w_icount")))
        sms = [i for i, name in enumerate(header) if name.endswith("_thread_insts") and
               name.startswith("sm")]
        self.assertEqual(len(sms), 15)   # gtx480
        for r in rows:
            self.assertEqual(sum(r[i] for i in sms), r[col["thread_insts"]])
        # periods tile the run: each starts where the last ended, the last ends at the run's end
        end = 0
        for r in rows:
            self.assertEqual(r[col["cycle"]] - r[col["cycles"]], end)
            end = r[col["cycle"]]
        self.assertEqual(end, int(stat(stdout, "gpu_sim_cycle")))
        # the stats' active_warps_at_C are the samples' active warps
        for r in rows[:-1]:
            self.assertEqual(int(stat(stdout, "active_warps_at_%d" % r[0])), r[col["active_warps"]])

    def test_clock_jump_same_samples(self):
        """A long launch latency: the clock jumps over idle cycles but stops at each
        sample, so the DRAM channel-cycles of every period are those without jumps."""
        outs = []
        for jump in ("1", "0"):
            out = os.path.join(self.tmp, "j%s.csv" % jump)
            r = gpusim("--workload", "vadd", "-gs_sample_cycles", "500",
                       "-gpgpu_kernel_launch_latency", "3000", "-gs_clock_jump", jump,
                       "--samples-csv", out, "--quiet")
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            with open(out) as f:
                outs.append(f.read())
        self.assertEqual(outs[0], outs[1])
        header, rows = read_samples(os.path.join(self.tmp, "j1.csv"))
        slots = header.index("dram_channel_cycles")
        self.assertGreater(min(r[slots] for r in rows[:5]), 0)   # idle DRAM cycles count

    def test_sampling_changes_no_statistic(self):
        _, with_samples = self.run_vadd()
        plain = gpusim("--workload", "vectoradd", "-gs_sample_cycles", "100")
        self.assertEqual(with_samples, plain.stdout)

    def test_trace_run(self):
        trace = os.path.join(ROOT, "tests", "trace", "mini-v5-sm80")
        if not os.path.isdir(trace):
            self.skipTest("no tests/trace/mini-v5-sm80")
        out = os.path.join(self.tmp, "t.csv")
        r = gpusim("--trace", trace, "-gs_sample_cycles", "500", "--samples-csv", out)
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        header, rows = read_samples(out)
        self.assertEqual(sum(row[header.index("thread_insts")] for row in rows),
                         int(stat(r.stdout, "gpu_sim_insn")))

    def test_study_job_writes_samples(self):
        study = os.path.join(self.tmp, "s.study")
        with open(study, "w") as f:
            f.write("study s\nconfig sampled gtx480 -gs_sample_cycles 100\n"
                    "workload vectoradd\nmetric cycles = gpu_sim_cycle\n")
        r = gpusim("study", study, "--run", "--out", os.path.join(self.tmp, "res"), "--quiet")
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        job = os.path.join(self.tmp, "res", "sampled.vectoradd.samples.csv")
        with open(job, "rb") as f, open(os.path.join(REPORT, "vadd-100.samples.csv"), "rb") as g:
            self.assertEqual(f.read(), g.read())


class Report(unittest.TestCase):
    def test_golden_html(self):
        """Fixed inputs, fixed bytes (regenerate: the command below > golden.html)."""
        r = gpusim("report", *INPUTS)
        self.assertEqual(r.returncode, 0, r.stderr.decode())
        with open(os.path.join(REPORT, "golden.html"), "rb") as f:
            self.assertEqual(r.stdout, f.read())

    def test_out_file_equals_stdout(self):
        tmp = tempfile.mkdtemp(prefix="gpusim-report-")
        try:
            out = os.path.join(tmp, "r.html")
            r = gpusim("report", "--out", out, *INPUTS)
            self.assertEqual(r.returncode, 0)
            self.assertEqual(r.stdout, b"")
            with open(out, "rb") as f, open(os.path.join(REPORT, "golden.html"), "rb") as g:
                self.assertEqual(f.read(), g.read())
        finally:
            shutil.rmtree(tmp)

    def test_self_contained(self):
        with open(os.path.join(REPORT, "golden.html")) as f:
            html = f.read()
        for banned in ("<script", "http://www.w3.org/1999", "https://", "src=", "@import"):
            self.assertNotIn(banned, html)
        self.assertEqual(html.count("<svg "), html.count("</svg>"))
        self.assertEqual(html.count("<figure>"), 4 + 3 + 6 + 3)

    def test_inferred_baseline_and_escaping(self):
        with open(os.path.join(REPORT, "golden.html")) as f:
            html = f.read()
        self.assertIn("baseline base.", html)
        self.assertIn("w,&lt;b&gt;&amp;x", html)     # a quoted CSV field, escaped
        self.assertIn('fill="url(#hatch', html)      # the ninth configuration
        self.assertIn(">n/a</text>", html)
        self.assertIn("no memory-system counters", html)

    def test_study_file_input(self):
        tmp = tempfile.mkdtemp(prefix="gpusim-report-")
        try:
            res = os.path.join(tmp, "res")
            study = os.path.join("tests", "study", "smoke.study")
            r = gpusim("study", study, "--run", "--out", res, "--quiet")
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            r = gpusim("report", "--results", res, study)
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            html = r.stdout.decode()
            self.assertIn("<h2>study smoke</h2>", html)
            self.assertIn("cycles = gpu_sim_cycle", html)
            self.assertIn("l1d_miss = L1D_total_cache_misses / L1D_total_cache_accesses", html)
            self.assertIn("dram_speedup = speedup fastdram over base on gpu_sim_cycle", html)
            self.assertIn("cycles, normalised to base", html)
            # missing results: named, exit 2
            r = gpusim("report", "--results", os.path.join(tmp, "none"), study)
            self.assertEqual(r.returncode, 2)
            self.assertIn("run the study first", r.stderr.decode())
        finally:
            shutil.rmtree(tmp)


class InterferenceMatrix(unittest.TestCase):
    def test_heat_map_of_a_run(self):
        """KM to cycle 20000 under CIAO-T with -gs_ciao_matrix 1: every non-zero cell of the
        stats is one drawn cell with its exact count, and the largest names the scale."""
        tmp = tempfile.mkdtemp(prefix="gpusim-report-")
        try:
            stats = os.path.join(tmp, "km.stats.csv")
            r = gpusim("--config", "gtx480", "--config", "examples/configs/seed001.cfg",
                       "--workload", "km", "-gpgpu_max_cycle", "20000", "-gs_mechanisms",
                       "ciao", "-gs_ciao_matrix", "1", "--stats-csv", stats)
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            with open(stats) as f:
                cells = {}
                for line in f.read().splitlines()[1:]:
                    name, value = line.split(",", 1)
                    if name.startswith("ciao_matrix_w"):
                        v, e = name[len("ciao_matrix_w"):].split("_by_w")
                        cells[(int(v), int(e))] = int(value)
            r = gpusim("report", stats)
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            html = r.stdout.decode()
            self.assertEqual(len(cells), 286)
            self.assertEqual(html.count("<title>victim w"), len(cells))
            for (v, e), count in cells.items():
                self.assertIn("<title>victim w%d, evicted by w%d: %d</title>" % (v, e, count),
                              html)
            self.assertIn("32 warp slots, 286 pairs that interfered, at most %d VTA hits"
                          % max(cells.values()), html)
        finally:
            shutil.rmtree(tmp)


class PngDecoder(unittest.TestCase):
    def test_every_filter(self):
        width, height = 3, 5
        pixels = [[((x * 70 + y * 13) % 256, (x * 5 + y * 90) % 256, (x + y) * 40 % 256)
                   for x in range(width)] for y in range(height)]
        raw, prev = b"", bytearray(width * 3)
        for y, row in enumerate(pixels):
            line = bytearray(v for px in row for v in px)
            kind = y % 5
            out = bytearray(line)
            for i in range(len(line)):
                a = line[i - 3] if i >= 3 else 0
                b = prev[i]
                c = prev[i - 3] if i >= 3 else 0
                pred = [0, a, b, (a + b) // 2, None][kind]
                if kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                out[i] = (line[i] - pred) & 255
            raw += bytes([kind]) + bytes(out)
            prev = line

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(
                ">I", zlib.crc32(kind + body) & 0xffffffff)
        png = (b"\x89PNG\r\n\x1a\n" +
               chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
               chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
        tmp = tempfile.mkdtemp()
        try:
            path = os.path.join(tmp, "t.png")
            with open(path, "wb") as f:
                f.write(png)
            self.assertEqual(render_check.png_pixels(path), (width, height, pixels))
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
