"""Issue 13, studies as data: `gpusim study` end to end on tests/study/smoke.study
(run, resume, run-one, partial/stale/missing results, collect, --check, the GNU
parallel leg when parallel is installed), and the collector's fixed-point
arithmetic on synthetic results (tests/study/arith.study) checked against values
this test computes with Python integers and fractions."""
import fractions
import json
import os
import random
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")
SMOKE = "tests/study/smoke.study"
ARITH = "tests/study/arith.study"
S = 10 ** 6


def gpusim(*args):
    return subprocess.run([GPUSIM] + list(args), cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=300)


def jobs(study):
    out = gpusim("study", study, "--list")
    assert out.returncode == 0, out.stderr
    rows = [l.split() for l in out.stdout.splitlines() if not l.startswith("multi ")]
    return [dict(k=int(r[0]), id=r[1], config=r[2], workload=r[3], cls=r[4], hash=r[5])
            for r in rows]


def read_csv(path):
    with open(path) as f:
        lines = f.read().splitlines()
    assert lines[0] == "row,workload,class,config,metric,value,normalised"
    return {tuple(l.split(",")[:5]): tuple(l.split(",")[5:]) for l in lines[1:]}


def fixed(text):
    """'1.234567' -> 1234567 (exact)."""
    whole, frac = text.split(".")
    assert len(frac) == 6
    return int(whole) * S + int(frac)


class SmokeStudy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="gpusim-study-")
        cls.seq = os.path.join(cls.tmp, "seq")
        cls.first = gpusim("study", SMOKE, "--run", "--out", cls.seq)
        cls.jobs = jobs(SMOKE)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def copy(self, name):
        dest = os.path.join(self.tmp, name)
        shutil.copytree(self.seq, dest)
        return dest

    def test_run_writes_one_json_per_job(self):
        self.assertEqual(self.first.returncode, 0, self.first.stderr)
        self.assertIn("study smoke: 6 jobs, 6 run, 0 already done", self.first.stdout)
        self.assertEqual(sorted(os.listdir(self.seq)),
                         sorted(j["id"] + ".json" for j in self.jobs))
        for j in self.jobs:
            with open(os.path.join(self.seq, j["id"] + ".json")) as f:
                result = json.load(f)
            self.assertTrue(result["complete"])
            self.assertEqual((result["id"], result["config"], result["spec_hash"]),
                             (j["id"], j["config"], j["hash"]))
            self.assertIn("gpu_sim_cycle", result["stats"])

    def test_job_equals_plain_run(self):
        """A study job's statistics and digest are the plain run's (same code path)."""
        plain = gpusim("--workload", "reduce", "-gs_perfect_dram", "1")
        # the whole run's statistics come last (after the per-kernel blocks)
        stats = dict(l.split(" = ", 1) for l in plain.stdout.splitlines() if " = " in l)
        with open(os.path.join(self.seq, "fastdram.reduce.json")) as f:
            result = json.load(f)
        self.assertEqual(result["digest"], stats["digest"])
        self.assertEqual(str(result["stats"]["gpu_sim_cycle"]), stats["gpu_sim_cycle"])
        self.assertEqual(result["stats"]["gpu_ipc"]["text"], stats["gpu_ipc"])

    def test_resume_skips_complete_results(self):
        out = self.copy("resume")
        again = gpusim("study", SMOKE, "--run", "--out", out)
        self.assertIn("6 jobs, 0 run, 6 already done", again.stdout)
        with open(os.path.join(out, "base.reduce.json"), "rb") as f:
            before = f.read()
        os.remove(os.path.join(out, "base.reduce.json"))
        again = gpusim("study", SMOKE, "--run", "--out", out)
        self.assertIn("6 jobs, 1 run, 5 already done", again.stdout)
        with open(os.path.join(out, "base.reduce.json"), "rb") as f:
            self.assertEqual(f.read(), before)   # deterministic bytes

    def test_run_one_writes_only_its_job(self):
        out = os.path.join(self.tmp, "one")
        r = gpusim("study", SMOKE, "--run-one", "4", "--out", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(os.listdir(out), ["fastdram.reduce.json"])   # no temporary left

    def test_missing_partial_stale_are_named(self):
        out = self.copy("bad")
        os.remove(os.path.join(out, "base.vectoradd.json"))
        with open(os.path.join(out, "base.reduce.json"), "r+") as f:
            f.truncate(200)
        path = os.path.join(out, "fastdram.example-syrk.json")
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace(self.jobs[5]["hash"], "0123456789abcdef"))
        r = gpusim("study", SMOKE, "--collect", out)
        self.assertEqual(r.returncode, 1)
        self.assertIn("job 0 (base.vectoradd): missing", r.stderr)
        self.assertIn("job 1 (base.reduce): partial", r.stderr)
        self.assertIn("job 5 (fastdram.example-syrk): stale", r.stderr)
        self.assertIn("3 of 6 results missing, partial or stale", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(out, "smoke.csv")))
        again = gpusim("study", SMOKE, "--run", "--out", out)
        self.assertIn("6 jobs, 3 run, 3 already done", again.stdout)
        self.assertEqual(gpusim("study", SMOKE, "--collect", out).returncode, 0)

    def test_collect_and_check(self):
        out = self.copy("check")
        r = gpusim("study", SMOKE, "--collect", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(out, "smoke.md")) as f:
            self.assertEqual(f.read(), r.stdout)
        table = read_csv(os.path.join(out, "smoke.csv"))
        cycles = {c: fixed(table[("job", "vectoradd", "memory-sensitive", c, "cycles")][0])
                  for c in ("base", "fastdram")}
        self.assertEqual(table[("job", "vectoradd", "memory-sensitive", "fastdram", "cycles")][1],
                         text(ratio(cycles["fastdram"], 1, cycles["base"], 1)))
        golden = os.path.join(self.tmp, "golden.csv")
        shutil.copy(os.path.join(out, "smoke.csv"), golden)
        r = gpusim("study", SMOKE, "--check", golden, "--out", out)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("check: matches", r.stdout)
        with open(golden) as f:
            body = f.read()
        old = "job,reduce,memory-sensitive,base,cycles,"
        line = [l for l in body.splitlines() if l.startswith(old)][0]
        with open(golden, "w") as f:
            f.write(body.replace(line, old + "1.000000,1.000000"))
        r = gpusim("study", SMOKE, "--check", golden, "--out", out)
        self.assertEqual(r.returncode, 1)
        self.assertIn("job,reduce,memory-sensitive,base,cycles: old 1.000000,1.000000, new "
                      + line[len(old):], r.stdout)
        self.assertIn("check: 1 differences", r.stdout)
        r = gpusim("study", SMOKE, "--check", golden, "--update-golden", "--out", out)
        self.assertEqual(r.returncode, 0)
        with open(golden) as f, open(os.path.join(out, "smoke.csv")) as g:
            self.assertEqual(f.read(), g.read())

    def test_parallel_leg(self):
        if shutil.which("parallel") is None:
            self.skipTest("GNU parallel is not installed")
        out = os.path.join(self.tmp, "par")
        emitted = gpusim("study", SMOKE, "--emit", "parallel", "--out", out)
        self.assertEqual(len(emitted.stdout.splitlines()), 6)
        r = subprocess.run(["parallel", "-j2"], input=emitted.stdout, cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        for name in ("seq-c", "par"):
            d = self.copy(name) if name == "seq-c" else out
            self.assertEqual(gpusim("study", SMOKE, "--collect", d).returncode, 0)
        with open(os.path.join(self.tmp, "seq-c", "smoke.csv"), "rb") as f, \
                open(os.path.join(out, "smoke.csv"), "rb") as g:
            self.assertEqual(f.read(), g.read())


# ---- the collector's arithmetic on synthetic results ----

class WorkloadCap(unittest.TestCase):
    """`max_insn=N` on a workload line: that job runs with -gpgpu_max_insn N (seed 000's
    per-workload instruction caps), equal to the plain capped run, and the cap is part of
    the job's hash, so a result of the uncapped job is stale."""

    def test_cap_is_the_plain_capped_run(self):
        tmp = tempfile.mkdtemp(prefix="gpusim-cap-")
        try:
            study = os.path.join(tmp, "cap.study")
            with open(study, "w") as f:
                f.write("study cap\nconfig base gtx480\nworkload vadd max_insn=100000\n"
                        "workload vectoradd\nmetric m = gpu_sim_cycle\n")
            capped = jobs(study)
            r = gpusim("study", study, "--run", "--out", os.path.join(tmp, "out"))
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(tmp, "out", "base.vadd.json")) as f:
                result = json.load(f)
            plain = gpusim("--workload", "vadd", "-gpgpu_max_insn", "100000")
            stats = dict(l.split(" = ", 1) for l in plain.stdout.splitlines() if " = " in l)
            self.assertEqual(result["digest"], stats["digest"])
            self.assertEqual(result["stats"]["capped"], 1)
            self.assertEqual(result["stats"]["gpu_sim_insn"], 100736)
            with open(os.path.join(tmp, "out", "base.vectoradd.json")) as f:
                self.assertNotIn("capped", json.load(f)["stats"])
            with open(study, "w") as f:
                f.write("study cap\nconfig base gtx480\nworkload vadd\n"
                        "workload vectoradd\nmetric m = gpu_sim_cycle\n")
            uncapped = jobs(study)
            self.assertNotEqual(capped[0]["hash"], uncapped[0]["hash"])
            self.assertEqual(capped[1]["hash"], uncapped[1]["hash"])
        finally:
            shutil.rmtree(tmp)


def ratio(a_num, a_den, b_num, b_den):
    d = a_den * b_num
    return None if d == 0 else (a_num * b_den * S + d // 2) // d


def hmean(v):
    e24 = 10 ** 24
    total = sum((e24 + x // 2) // x for x in v)
    return (len(v) * e24 + total // 2) // total


def iroot(a, n):
    lo, hi = 0, 1 << (a.bit_length() // n + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** n <= a:
            lo = mid
        else:
            hi = mid - 1
    return lo


def gmean(v):
    prod = 1
    for x in v:
        prod *= x
    return (iroot(2 ** len(v) * prod, len(v)) + 1) // 2   # exact, rounded half up


def amean(v):
    return (sum(v) + len(v) // 2) // len(v)


def text(v):
    return "n/a" if v is None else "%d.%06d" % divmod(v, S)


def write_result(folder, job, stats):
    lines = ['{', '  "format": "gpusim-study-result 1",', '  "study": "arith",',
             '  "job": %d,' % job["k"], '  "id": "%s",' % job["id"],
             '  "config": "%s",' % job["config"], '  "workload": "%s",' % job["workload"],
             '  "class": "",', '  "spec_hash": "%s",' % job["hash"], '  "stats": {']
    entries = []
    for name, value in stats:
        if isinstance(value, tuple):
            entries.append('    "%s": {"num": %d, "den": %d, "decimals": 4, "text": "-"}'
                           % (name, value[0], value[1]))
        elif isinstance(value, str):
            entries.append('    "%s": "%s"' % (name, value))
        else:
            entries.append('    "%s": %d' % (name, value))
    lines.append(",\n".join(entries))
    lines += ['  },', '  "digest": "%016x",' % job["k"], '  "complete": true', '}', '']
    with open(os.path.join(folder, job["id"] + ".json"), "w") as f:
        f.write("\n".join(lines))


class CollectorArithmetic(unittest.TestCase):
    def test_means_against_python(self):
        rng = random.Random(13)
        folder = tempfile.mkdtemp(prefix="gpusim-arith-")
        try:
            self.check(rng, folder)
        finally:
            shutil.rmtree(folder)

    def check(self, rng, folder):
        js = jobs(ARITH)
        raw = {}
        for j in js:
            x = rng.choice([1, 3, 7, 999983, 123456789, rng.randrange(1, 10 ** 9)])
            y = 0 if j["id"] == "lo.histogram" else rng.randrange(1, 10 ** 6)
            q = (rng.randrange(0, 10 ** 7), rng.randrange(1, 10 ** 4))
            t = rng.randrange(1000, 10 ** 7)
            raw[(j["config"], j["workload"])] = (x, y, q, t)
            write_result(folder, j, [("x_count", x), ("y_count", y), ("q_ratio", q),
                                     ("t_cycles", t)])
        r = gpusim("study", ARITH, "--collect", folder)
        self.assertEqual(r.returncode, 0, r.stderr)
        table = read_csv(os.path.join(folder, "arith.csv"))
        configs = ["base", "alt", "lo"]
        wls = ["vectoradd", "reduce", "example:syrk", "vadd:small", "histogram"]
        static = {"vectoradd": "a", "reduce": "a", "example:syrk": "b", "vadd:small": "b",
                  "histogram": ""}
        sp = {}
        for w in wls:
            tb, ta = raw[("base", w)][3], raw[("alt", w)][3]
            sp[w] = ratio(tb, 1, ta, 1)
        cls = {w: "fast" if sp[w] >= 1500000 else static[w] for w in wls}
        values = {}
        for c in configs:
            for w in wls:
                x, y, q, t = raw[(c, w)]
                values[(c, w)] = {"x": ratio(x, 1, 1, 1), "r": ratio(x, 1, y, 1),
                                  "q": ratio(q[0], q[1], 1, 1)}
        groups = ["all"] + [g for g in dict.fromkeys(cls[w] for w in wls) if g]
        for c in configs:
            for w in wls:
                for m in ("x", "r", "q"):
                    v, b = values[(c, w)][m], values[("base", w)][m]
                    norm = None if v is None or b is None else ratio(v, 1, b, 1)
                    self.assertEqual(table[("job", w, cls[w], c, m)], (text(v), text(norm)))
                    values[(c, w)][m + "_norm"] = norm
        for w in wls:
            self.assertEqual(table[("derived", w, cls[w], "", "sp")], (text(sp[w]), ""))
        for m in ("x", "r", "q"):
            for c in configs:
                for g in groups:
                    v = [values[(c, w)][m + "_norm"] for w in wls if g == "all" or cls[w] == g]
                    for kind, fn in (("hmean", hmean), ("gmean", gmean), ("amean", amean)):
                        want = None if None in v or (kind != "amean" and 0 in v) else fn(v)
                        self.assertEqual(table[(kind, "", g, c, m)], ("", text(want)),
                                         (kind, g, c, m))
                        if want is not None and kind == "hmean":   # within 1 of exact
                            exact = fractions.Fraction(len(v)) / sum(
                                fractions.Fraction(S, x) for x in v) * S
                            self.assertLessEqual(abs(want - exact), 1)
        for g in groups:
            v = [sp[w] for w in wls if g == "all" or cls[w] == g]
            self.assertEqual(table[("gmean", "", g, "", "sp")], (text(gmean(v)), ""))
            self.assertEqual(table[("hmean", "", g, "", "sp")], (text(hmean(v)), ""))

    def test_known_values(self):
        """Hand-checked: gmean(1, 4) = 2, hmean(1, 4) = 1.6, amean(1, 4) = 2.5."""
        self.assertEqual((gmean([S, 4 * S]), hmean([S, 4 * S]), amean([S, 4 * S])),
                         (2 * S, 1600000, 2500000))


class SweepsAndBest(unittest.TestCase):
    """`config NAME ... -option PRE{A..B}POST` expands into NAME-A ... NAME-B in order;
    `best NAME = max|min METRIC over SWEEP` names, per workload, the configuration of
    the sweep with the largest (smallest) raw metric, the first one on a tie, n/a when
    every value is n/a."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gpusim-sweep-")
        self.study = os.path.join(self.tmp, "sw.study")
        with open(self.study, "w") as f:
            f.write("study sw\nconfig base gtx480\n"
                    "config cta gtx480 -gpgpu_shader_cta {3..1}\n"
                    "config swl gtx480 -gpgpu_scheduler warp_limiting:2:{8,2}\n"
                    "workload vectoradd\nworkload reduce\n"
                    "metric m = x_count\nmetric r = x_count / y_count\n"
                    "best hi = max m over cta\nbest lo = min m over cta\n"
                    "best rr = max r over swl\n")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_expansion(self):
        js = jobs(self.study)
        self.assertEqual([j["config"] for j in js[::2]],
                         ["base", "cta-3", "cta-2", "cta-1", "swl-8", "swl-2"])
        self.assertEqual(len(set(j["hash"] for j in js)), len(js))   # each its own config

    def test_best(self):
        x = {"cta-3": (5, 9), "cta-2": (7, 9), "cta-1": (7, 2), "base": (100, 100),
             "swl-8": (1, 1), "swl-2": (1, 1)}
        y = {("swl-8", "vectoradd"): 0, ("swl-2", "vectoradd"): 0, ("swl-8", "reduce"): 4,
             ("swl-2", "reduce"): 1}
        for j in jobs(self.study):
            xv = x[j["config"]][0 if j["workload"] == "vectoradd" else 1]
            write_result(self.tmp, j, [("x_count", xv),
                                       ("y_count", y.get((j["config"], j["workload"]), 1))])
        r = gpusim("study", self.study, "--collect", self.tmp)
        self.assertEqual(r.returncode, 0, r.stderr)
        t = read_csv(os.path.join(self.tmp, "sw.csv"))
        self.assertEqual(t[("best", "vectoradd", "", "cta-2", "hi")], ("7.000000", ""))
        self.assertEqual(t[("best", "reduce", "", "cta-3", "hi")], ("9.000000", ""))   # tie
        self.assertEqual(t[("best", "vectoradd", "", "cta-3", "lo")], ("5.000000", ""))
        self.assertEqual(t[("best", "reduce", "", "cta-1", "lo")], ("2.000000", ""))
        self.assertEqual(t[("best", "vectoradd", "", "", "rr")], ("n/a", ""))   # all n/a
        self.assertEqual(t[("best", "reduce", "", "swl-2", "rr")], ("1.000000", ""))
        self.assertIn("## hi = max m over cta", r.stdout)

    def test_best_per_kernel(self):
        """`... per kernel`: a winner per kernel launch from the results' kernel<uid>/
        entries; a kernel one configuration lacks (a capped run) is n/a there."""
        with open(self.study, "a") as f:
            f.write("best kk = max m over swl per kernel\n")
        k1 = {"swl-8": 5, "swl-2": 5}          # a tie: the first in sweep order
        k2 = {"swl-8": 3}                      # swl-2 ran one kernel only
        for j in jobs(self.study):
            stats = [("x_count", 1), ("y_count", 1)]
            if j["workload"] == "reduce" and j["config"] in k1:
                stats = [("kernel1/kernel_name", "first"), ("kernel1/x_count", k1[j["config"]])]
                if j["config"] in k2:
                    stats += [("kernel2/kernel_name", "second"),
                              ("kernel2/x_count", k2[j["config"]])]
                stats += [("x_count", 1), ("y_count", 1)]
            write_result(self.tmp, j, stats)
        r = gpusim("study", self.study, "--collect", self.tmp)
        self.assertEqual(r.returncode, 0, r.stderr)
        t = read_csv(os.path.join(self.tmp, "sw.csv"))
        self.assertEqual(t[("best", "reduce", "", "swl-8", "kk/kernel1")], ("5.000000", ""))
        self.assertEqual(t[("best", "reduce", "", "swl-8", "kk/kernel2")], ("3.000000", ""))
        self.assertFalse([k for k in t if k[0] == "best" and k[1] == "vectoradd"
                          and k[4].startswith("kk")])   # no kernel blocks: no rows
        self.assertIn("| reduce |  | 2 second | swl-8 | 3.000 |", r.stdout)

    def test_results_keep_kernel_blocks(self):
        """A real job's result holds its kernel blocks as kernel<uid>/NAME, equal to the
        blocks the plain run prints."""
        with open(self.study, "w") as f:
            f.write("study sw\nconfig base gtx480\nworkload reduce\nmetric m = gpu_sim_cycle\n")
        out = os.path.join(self.tmp, "out")
        r = gpusim("study", self.study, "--run", "--quiet", "--out", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(out, "base.reduce.json")) as f:
            stats = json.load(f)["stats"]
        plain = gpusim("--workload", "reduce").stdout.split("\n\n")
        blocks = [dict(l.split(" = ", 1) for l in b.splitlines() if " = " in l)
                  for b in plain if "kernel_name = " in b]
        self.assertEqual(len(blocks), 2)
        for uid, block in enumerate(blocks, 1):
            self.assertEqual(stats["kernel%d/kernel_name" % uid], "reduceSum")
            self.assertEqual(str(stats["kernel%d/gpu_sim_cycle" % uid]), block["gpu_sim_cycle"])
            self.assertEqual(stats["kernel%d/gpu_ipc" % uid]["text"], block["gpu_ipc"])
        self.assertNotIn("kernel3/kernel_name", stats)


class LinkedConfigs(unittest.TestCase):
    """`-option best:NAME` (README "Running studies": linked configurations): the option
    takes, per workload, the swept value of best NAME's winner among the sweep's results;
    the job fails with a named missing result before the sweep has run; its result is
    stale when the winner changes; `--emit` splits the study into two phases."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gpusim-link-")
        self.study = os.path.join(self.tmp, "ln.study")
        self.out = os.path.join(self.tmp, "out")
        os.mkdir(self.out)
        with open(self.study, "w") as f:
            f.write("study ln\nconfig base gtx480\n"
                    "config swl gtx480 -gpgpu_scheduler warp_limiting:2:{8,2}\n"
                    "metric m = gpu_sim_cycle\nbest b = min m over swl\n"
                    "config pcal gtx480 -gs_mechanisms statpcal -gs_statpcal_tokens best:b\n"
                    "workload vectoradd\nworkload reduce\n")
        self.jobs = {(j["config"], j["workload"]): j for j in jobs(self.study)}

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def sweep(self, cycles):
        for (config, workload), j in self.jobs.items():
            if config != "pcal":
                write_result(self.out, j, [("gpu_sim_cycle", cycles[(config, workload)])])

    def run_one(self, config, workload):
        return gpusim("study", self.study, "--run-one", str(self.jobs[(config, workload)]["k"]),
                      "--quiet", "--out", self.out)

    def test_winner_plugs_in(self):
        cycles = {("base", "vectoradd"): 9, ("base", "reduce"): 9,
                  ("swl-8", "vectoradd"): 50, ("swl-2", "vectoradd"): 40,
                  ("swl-8", "reduce"): 30, ("swl-2", "reduce"): 30}   # a tie: the first
        self.sweep(cycles)
        for workload, tokens in (("vectoradd", "2"), ("reduce", "8")):
            r = self.run_one("pcal", workload)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(self.out, "pcal.%s.json" % workload)) as f:
                result = json.load(f)
            self.assertEqual(result["links"], {"b": tokens})
            self.assertEqual(result["stats"]["statpcal_tokens"], int(tokens))
        plain = gpusim("--workload", "vectoradd", "-gs_mechanisms", "statpcal",
                       "-gs_statpcal_tokens", "2").stdout
        self.assertIn("gpu_sim_cycle = %d\n" % result_cycles(self.out, "pcal.vectoradd"), plain)
        r = gpusim("study", self.study, "--collect", self.out)
        self.assertEqual(r.returncode, 0, r.stderr)
        cycles[("swl-8", "vectoradd")] = 39                   # the winner changes: stale
        self.sweep(cycles)
        r = gpusim("study", self.study, "--collect", self.out)
        self.assertEqual(r.returncode, 1)
        self.assertIn("pcal.vectoradd): stale", r.stderr)
        self.assertNotIn("pcal.reduce): stale", r.stderr)

    def test_sweep_first(self):
        r = self.run_one("pcal", "reduce")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stderr.strip().splitlines(), [
            "gpusim: study: job 7 (pcal.reduce) takes best b, which needs job 3 (swl-8.reduce):"
            " missing: %s/swl-8.reduce.json (run the sweep swl first: --phase 1)" % self.out])

    def test_phases(self):
        r = gpusim("study", self.study, "--emit", "parallel", "--out", self.out)
        self.assertEqual(r.returncode, 2)
        self.assertIn("2 jobs take best:NAME values", r.stderr)
        one = gpusim("study", self.study, "--emit", "parallel", "--phase", "1", "--out", self.out)
        two = gpusim("study", self.study, "--emit", "parallel", "--phase", "2", "--out", self.out)
        run_ones = lambda r: [l.split("--run-one ")[1].split()[0] for l in r.stdout.splitlines()]
        self.assertEqual(run_ones(one), ["0", "1", "2", "3", "4", "5"])
        self.assertEqual(run_ones(two), ["6", "7"])
        slurm = gpusim("study", self.study, "--emit", "slurm", "--phase", "2", "--out", self.out)
        self.assertIn("#SBATCH --array=6-7\n", slurm.stdout)
        bad = gpusim("study", self.study, "--emit", "slurm", "--phase", "3", "--out", self.out)
        self.assertEqual(bad.returncode, 2)

    def test_errors(self):
        cases = [
            ("config pcal gtx480 -gs_statpcal_tokens best:nope\n",
             "'best:nope': no best line named 'nope' before this config"),
            ("best k = max m over swl per kernel\n"
             "config pcal gtx480 -gs_statpcal_tokens best:k\n",
             "'best:k': best 'k' is per kernel"),
            ("best b = min m over swl\nconfig pcal gtx480 -gs_statpcal_tokens best:b "
             "-gpgpu_shader_cta {1..2}\n", "a sweep cannot take best:NAME values"),
            ("config per gtx480 -gs_dwt_period {50,1000}\nbest p = min m over per\n"
             "config d gtx480 -gs_dbsa_miss_threshold best:p\n",   # every value is checked
             "-gs_dbsa_miss_threshold"),
        ]
        for text, message in cases:
            with open(self.study, "w") as f:
                f.write("study ln\nconfig swl gtx480 -gpgpu_scheduler warp_limiting:2:{8,2}\n"
                        "metric m = gpu_sim_cycle\n" + text + "workload vectoradd\n")
            r = gpusim("study", self.study, "--list")
            self.assertEqual(r.returncode, 2, text)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIn(message, r.stderr)


def result_cycles(folder, job_id):
    with open(os.path.join(folder, job_id + ".json")) as f:
        return json.load(f)["stats"]["gpu_sim_cycle"]


if __name__ == "__main__":
    unittest.main()
