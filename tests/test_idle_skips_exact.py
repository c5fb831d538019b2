"""What the simulator skips for speed changes no statistic (issue 15: speed may
never change a digest).

Two shortcuts, each with the case a review found it wrong in (fixed):
- an SM sleeps while nothing can change (src/core/sm_fetch.c gs_sm_quiet_until),
  with the full memory system too, woken by a reply at its crossbar output; a
  skipped cycle counts as the last one stepped. After a cycle in which a
  scheduler issued, the next one's stall is another, so such a cycle is never
  the one a sleep repeats: with -gs_operand_collector 0 (an issued instruction
  leaves no collector unit busy) the stall counters of pest and nw differed
  with and without -gs_clock_jump.
- once a collector set refuses a ready head, the other ready heads of that set
  are not asked (src/core/sm.c schedule_issue), which needs each warp slot's
  record of its head's set cleared when the warp leaves: a trace whose warps
  end on a load (no EXIT; the trace reader accepts that) left the slot's bit
  in the MEM set, and the slot's next warp was dropped as refused.
"""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpusim_run import run_ok  # noqa: E402

# The digest of the generated trace below on gtx480 from commit a56713f, the
# build before both shortcuts: the statistics of the model itself.
TRACE_DIGEST_BEFORE_SHORTCUTS = "bb5a3810cc3ada98"


def write_trace(folder, ctas=240, warps=2, insts=16):
    """A deterministic Accel-Sim trace: FFMA, MUFU.EX2 and LDG.E in a fixed
    pattern, every warp's last instruction a load (no EXIT)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "kernelslist.g"), "w") as f:
        f.write("MemcpyHtoD,0x0000000000100000,4194304\nkernel-1.traceg\n")
    lines = ["-kernel name = idle_skip_probe", "-kernel id = 1",
             "-grid dim = (%d,1,1)" % ctas, "-block dim = (%d,1,1)" % (32 * warps),
             "-shmem = 0", "-nregs = 32", "-binary version = 80", "-cuda stream id = 0",
             "-shmem base_addr = 0x00007f0000000000",
             "-local mem base_addr = 0x00007e0000000000", "-nvbit version = 1.7",
             "-accelsim tracer version = 5", "-enable lineinfo = 0", "",
             "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num "
             "[reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate", ""]
    for cta in range(ctas):
        lines += ["#BEGIN_TB", "", "thread block = %d,0,0" % cta, ""]
        for warp in range(warps):
            lines += ["warp = %d" % warp, "insts = %d" % insts]
            for i in range(insts):
                pc = "%04x" % (16 * i)
                kind = (i * 7 + cta * 3 + warp) % 5
                if kind in (0, 3) or i == insts - 1:
                    addr = 0x100000 + ((cta * 131 + warp * 17 + i * 29) % 4096) * 128
                    lines.append("%s ffffffff 1 R%d LDG.E 1 R2 4 1 0x%x 4 0"
                                 % (pc, 4 + i % 20, addr))
                elif kind == 1:
                    lines.append("%s ffffffff 1 R%d MUFU.EX2 1 R%d 0 0"
                                 % (pc, 4 + i % 20, 4 + (i + 3) % 20))
                else:
                    lines.append("%s ffffffff 1 R%d FFMA 3 R%d R21 R22 0 0"
                                 % (pc, 4 + i % 20, 4 + (i + 5) % 20))
            lines.append("")
        lines += ["#END_TB", ""]
    with open(os.path.join(folder, "kernel-1.traceg"), "w") as f:
        f.write("\n".join(lines))


class IdleSkipsExact(unittest.TestCase):
    def test_sleep_after_an_issue_cycle(self):
        for workload in ("pest:small", "nw:small"):
            with self.subTest(workload=workload):
                on = run_ok("--workload", workload, "-gs_operand_collector", "0")
                off = run_ok("--workload", workload, "-gs_operand_collector", "0",
                             "-gs_clock_jump", "0")
                self.assertEqual(off["digest"], on["digest"])
                self.assertEqual(off["gpgpu_stall_scoreboard"], on["gpgpu_stall_scoreboard"])

    def test_warps_ending_on_a_load(self):
        folder = tempfile.mkdtemp(prefix="gpusim-idle-")
        try:
            write_trace(folder)
            on = run_ok("--trace", folder)
            off = run_ok("--trace", folder, "-gs_clock_jump", "0")
            self.assertEqual(off["digest"], on["digest"])
            self.assertEqual(TRACE_DIGEST_BEFORE_SHORTCUTS, on["digest"])
        finally:
            shutil.rmtree(folder)


if __name__ == "__main__":
    unittest.main()
