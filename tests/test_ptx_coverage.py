"""README "PTX coverage (PTX ISA 9.0)": the table and the loader agree.

The section of README.md headed `### PTX coverage (PTX ISA 9.0)` lists every
PTX ISA 9.0 instruction and directive with a state: `supported` (loads, runs
on the functional executor and is timed), `accepted, not timed` (loads; has
no effect on the run) or `refused` (the loader stops with one
`file:line:col: error: ...` line). Every row of that section must have a
representative module in SNIPPETS below, and each is checked against its
row's state with `gpusim --check-ptx`:
  - supported and accepted rows load (exit 0; stdout `FILE: PTX ISA ...`);
  - refused rows fail with exactly one stderr line `FILE:LINE:COL: error: ...`
    whose LINE is the snippet's line marked `//<` (so the refusal is the
    row's own instruction or directive, not a slip elsewhere in the snippet).
Supported instruction rows are also run, on --functional and under timing
(tiny preset), as one 32-thread CTA: a form the loader takes but the
executor faults on ("not supported by the functional executor") fails here.

A README edit that changes a state, or a loader change that makes a state
untrue, fails this test; so does a row without a snippet or a snippet
without a row. PTX_COVERAGE_DOC=FILE reads the section from FILE instead of
README.md (to check a draft of the section).
"""
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUSIM = os.path.join(os.environ.get("GPUSIM_BUILD", os.path.join(ROOT, "build")), "gpusim")
DOC = os.environ.get("PTX_COVERAGE_DOC") or os.path.join(ROOT, "README.md")
HEADING = "### PTX coverage (PTX ISA 9.0)"
STATES = ("supported", "accepted, not timed", "refused")
MARK = "//<"

HEADER = ".version 9.0\n.target sm_90\n.address_size 64\n"
PRELUDE = """\
.reg .pred %p<8>;
.reg .b16 %h<8>;
.reg .b32 %r<24>;
.reg .b64 %rd<16>;
.reg .f32 %f<24>;
.reg .f64 %fd<8>;
ld.param.u64 %rd1, [p];
mov.u32 %r1, %tid.x;
"""


def kernel(body, module="", head=".visible .entry k(.param .u64 p)", header=HEADER):
    """A module: header, module-scope text, then kernel k whose body is the
    register prelude (%rd1 = the buffer p points to, %r1 = %tid.x), `body`
    and ret. Run as one CTA of 32 threads on a 256-byte zeroed buffer."""
    return (header + module + head + "\n{\n" +
            textwrap.indent(PRELUDE + textwrap.dedent(body).strip("\n"), "\t") +
            "\n\tret;\n}\n")


SHARED = ".shared .align 16 .b8 sbuf[64];\n"
# A device function and a call block that calls it, as nvcc writes them.
TWICE = (".func (.param .b32 d) twice(.param .b32 a)\n{\n"
         "\t.reg .b32 %t<2>;\n\tld.param.b32 %t0, [a];\n"
         "\tadd.s32 %t1, %t0, %t0;\n\tst.param.b32 [d], %t1;\n\tret;\n}\n")
# The same call through a function pointer, PROTO naming its prototype.
CALL_INDIRECT = """
    mov.u64 %rd2, twice;
    {
    .param .b32 a0;
    st.param.b32 [a0], %r1;
    .param .b32 r0;
    PROTO
    call (r0), %rd2, (a0), proto;
    ld.param.b32 %r2, [r0];
    }
    st.global.u32 [%rd1], %r2;
    """
CALL_TWICE = """
    {
    .param .b32 a0;
    st.param.b32 [a0], %r1;
    .param .b32 r0;
    call.uni (r0), twice, (a0); CALL_MARK
    ld.param.b32 %r2, [r0];
    }
    st.global.u32 [%rd1], %r2;
    """

# One representative module per README row, keyed by the row's name (the
# first cell without backticks). The line marked //< is the row's own; a
# refused row's error must point at it.
SNIPPETS = {
    # ---- integer arithmetic ----
    "add": kernel("""
        add.s32 %r2, %r1, 1; //<
        add.sat.s32 %r3, %r2, %r1;
        add.u64 %rd2, %rd1, 4;
        add.rn.ftz.f32 %f2, %f1, %f1;
        add.f64 %fd2, %fd1, %fd1;
        add.rn.f16 %h2, %h1, %h1;
        add.f16x2 %r4, %r3, %r3;
        """),
    "sub": kernel("""
        sub.s64 %rd2, %rd1, 8; //<
        sub.rz.f32 %f2, %f1, %f1;
        sub.f64 %fd2, %fd1, %fd1;
        """),
    "mul": kernel("""
        mul.wide.u32 %rd2, %r1, 4; //<
        mul.lo.s32 %r2, %r1, %r1;
        mul.hi.u32 %r3, %r1, %r1;
        mul.rn.f32 %f2, %f1, %f1;
        mul.rn.f64 %fd2, %fd1, %fd1;
        """),
    "mad": kernel("""
        mad.lo.s32 %r2, %r1, %r1, 3; //<
        mad.wide.u32 %rd2, %r1, 4, %rd1;
        mad.rn.f32 %f2, %f1, %f1, %f1;
        mad.rn.f64 %fd2, %fd1, %fd1, %fd1;
        """),
    "mul24": kernel("mul24.lo.u32 %r2, %r1, 5; //<"),
    "mad24": kernel("mad24.lo.s32 %r2, %r1, 5, %r1; //<"),
    "sad": kernel("sad.u32 %r2, %r1, 7, %r1; //<"),
    "div": kernel("""
        div.u32 %r2, %r1, 3; //<
        div.s64 %rd2, %rd1, 3;
        div.rn.f32 %f2, %f1, 0f40400000;
        div.approx.f32 %f3, %f1, 0f40400000;
        div.full.f32 %f4, %f1, 0f40400000;
        div.rn.f64 %fd2, %fd1, 0d4008000000000000;
        """),
    "rem": kernel("rem.s32 %r2, %r1, 3; //<"),
    "abs": kernel("""
        abs.s32 %r2, %r1; //<
        abs.ftz.f32 %f2, %f1;
        abs.f64 %fd2, %fd1;
        """),
    "neg": kernel("""
        neg.s32 %r2, %r1; //<
        neg.f32 %f2, %f1;
        neg.f64 %fd2, %fd1;
        """),
    "min": kernel("""
        min.u32 %r2, %r1, 7; //<
        min.f32 %f2, %f1, 0f3F800000;
        min.f64 %fd2, %fd1, %fd1;
        """),
    "max": kernel("""
        max.s32 %r2, %r1, 7; //<
        max.ftz.f32 %f2, %f1, 0f3F800000;
        """),
    "popc": kernel("""
        popc.b32 %r2, %r1; //<
        popc.b64 %r3, %rd1;
        """),
    "clz": kernel("clz.b32 %r2, %r1; //<"),
    "bfind": kernel("""
        bfind.u32 %r2, %r1; //<
        bfind.shiftamt.s64 %r3, %rd1;
        """),
    "fns": kernel("fns.b32 %r2, %r1, 0, 1; //<"),
    "brev": kernel("brev.b32 %r2, %r1; //<"),
    "bfe": kernel("bfe.u32 %r2, %r1, 2, 4; //<"),
    "bfi": kernel("bfi.b32 %r2, %r1, %r3, 2, 4; //<"),
    "szext": kernel("szext.clamp.s32 %r2, %r1, 8; //<"),
    "bmsk": kernel("bmsk.clamp.b32 %r2, %r1, 4; //<"),
    "dp4a": kernel("dp4a.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "dp2a": kernel("dp2a.lo.u32.u32 %r2, %r1, %r3, %r4; //<"),
    # ---- extended-precision integer arithmetic ----
    "add.cc": kernel("""
        add.cc.u32 %r2, %r1, -1; //<
        addc.u32 %r3, 0, 0;
        """),
    "addc": kernel("""
        add.cc.u32 %r2, %r1, -1;
        addc.cc.u32 %r3, %r1, 0; //<
        addc.u32 %r4, 0, 0;
        """),
    "sub.cc": kernel("""
        sub.cc.u32 %r2, 0, %r1; //<
        subc.u32 %r3, 0, 0;
        """),
    "subc": kernel("""
        sub.cc.u64 %rd2, 0, %rd1;
        subc.cc.u64 %rd3, 0, 0; //<
        subc.u64 %rd4, 0, 0;
        """),
    "mad.cc": kernel("""
        mad.lo.cc.u32 %r2, %r1, %r1, -1; //<
        madc.hi.u32 %r3, %r1, %r1, 0;
        """),
    "madc": kernel("""
        mad.lo.cc.u32 %r2, %r1, %r1, -1;
        madc.hi.cc.u32 %r3, %r1, %r1, 0; //<
        madc.lo.u32 %r4, %r1, %r1, 0;
        """),
    # ---- floating point ----
    "testp": kernel("""
        testp.finite.f32 %p1, %f1; //<
        testp.subnormal.f64 %p2, %fd1;
        """),
    "copysign": kernel("""
        copysign.f32 %f2, %f1, %f3; //<
        copysign.f64 %fd2, %fd1, %fd3;
        """),
    "fma": kernel("""
        fma.rn.f32 %f2, %f1, %f1, %f1; //<
        fma.rz.sat.f32 %f3, %f1, %f1, %f1;
        fma.rn.f64 %fd2, %fd1, %fd1, %fd1;
        fma.rn.f16 %h2, %h1, %h1, %h1;
        fma.rn.f16x2 %r2, %r3, %r3, %r3;
        """),
    "rcp": kernel("""
        rcp.rn.f32 %f2, %f1; //<
        rcp.approx.ftz.f32 %f3, %f1;
        rcp.rn.f64 %fd2, %fd1;
        """),
    "rcp.approx.ftz.f64": kernel("rcp.approx.ftz.f64 %fd2, %fd1; //<"),
    "sqrt": kernel("""
        sqrt.rn.f32 %f2, %f1; //<
        sqrt.approx.f32 %f3, %f1;
        sqrt.rn.f64 %fd2, %fd1;
        """),
    "rsqrt": kernel("""
        rsqrt.approx.f32 %f2, %f1; //<
        rsqrt.approx.f64 %fd2, %fd1;
        """),
    "rsqrt.approx.ftz.f64": kernel("rsqrt.approx.ftz.f64 %fd2, %fd1; //<"),
    "sin": kernel("sin.approx.ftz.f32 %f2, %f1; //<"),
    "cos": kernel("cos.approx.f32 %f2, %f1; //<"),
    "lg2": kernel("lg2.approx.f32 %f2, %f1; //<"),
    "ex2": kernel("ex2.approx.ftz.f32 %f2, %f1; //<"),
    "tanh": kernel("tanh.approx.f32 %f2, %f1; //<"),
    # ---- comparison and selection ----
    "set": kernel("""
        set.lt.u32.s32 %r2, %r1, 5; //<
        set.gtu.f32.f32 %f2, %f1, %f1;
        """),
    "setp": kernel("""
        setp.lt.s32 %p1, %r1, 5; //<
        setp.gt.and.f32 %p2, %f1, %f1, %p1;
        setp.ne.u64 %p3|%p4, %rd1, 0;
        """),
    "selp": kernel("""
        setp.lt.s32 %p1, %r1, 5;
        selp.b32 %r2, 1, 0, %p1; //<
        """),
    "slct": kernel("slct.s32.s32 %r2, %r1, 3, %r1; //<"),
    # ---- logic and shift ----
    "and": kernel("""
        and.b32 %r2, %r1, 255; //<
        and.pred %p3, %p1, %p2;
        """),
    "or": kernel("or.b64 %rd2, %rd1, 1; //<"),
    "xor": kernel("xor.b32 %r2, %r1, 3; //<"),
    "not": kernel("""
        not.b32 %r2, %r1; //<
        not.pred %p2, %p1;
        """),
    "cnot": kernel("cnot.b32 %r2, %r1; //<"),
    "lop3": kernel("lop3.b32 %r2, %r1, %r3, %r4, 0x96; //<"),
    "shf": kernel("""
        shf.l.wrap.b32 %r2, %r1, %r3, 3; //<
        shf.r.clamp.b32 %r4, %r1, %r3, 40;
        """),
    "shl": kernel("shl.b32 %r2, %r1, 2; //<"),
    "shr": kernel("""
        shr.s32 %r2, %r1, 1; //<
        shr.u64 %rd2, %rd1, 3;
        """),
    # ---- data movement and conversion ----
    "mov": kernel("""
        mov.u32 %r2, %r1; //<
        mov.f32 %f2, 0f3F800000;
        mov.u32 %r3, %laneid;
        mov.b64 %rd2, {%r1, %r2};
        mov.b64 {%r4, %r5}, %rd1;
        """),
    "shfl.sync": kernel("""
        shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1; //<
        shfl.sync.idx.b32 %r3|%p1, %r1, 0, 31, -1;
        """),
    "shfl": kernel("shfl.bfly.b32 %r2, %r1, 1, 31; //<"),
    "prmt": kernel("""
        prmt.b32 %r2, %r1, %r3, 0x3210; //<
        prmt.b32.f4e %r4, %r1, %r3, %r2;
        """),
    "ld": kernel(SHARED + """
        ld.global.u32 %r2, [%rd1]; //<
        ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];
        ld.volatile.global.u8 %r3, [%rd1+1];
        ld.global.L1::evict_last.u64 %rd2, [%rd1+8];
        ld.shared.u32 %r4, [sbuf+4];
        ld.param.u64 %rd3, [p];
        ld.u32 %r5, [%rd1];
        """),
    "ld.global.nc": kernel("ld.global.nc.f32 %f2, [%rd1]; //<"),
    "ldu": kernel("ldu.global.u32 %r2, [%rd1]; //<"),
    "st": kernel(SHARED + """
        st.global.u32 [%rd1], %r1; //<
        st.global.v2.f32 [%rd1+8], {%f1, %f2};
        st.shared.u32 [sbuf], %r1;
        st.u64 [%rd1+16], %rd1;
        """),
    "st.async": kernel(
        "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r2], %r1, [%r3]; //<"),
    "st.bulk": kernel("st.bulk.weak.shared::cta [%rd2], 128, 0; //<"),
    "multimem.ld_reduce": kernel(
        "multimem.ld_reduce.relaxed.sys.global.add.u32 %r2, [%rd1]; //<"),
    "multimem.st": kernel("multimem.st.relaxed.sys.global.u32 [%rd1], %r1; //<"),
    "multimem.red": kernel("multimem.red.relaxed.sys.global.add.u32 [%rd1], %r1; //<"),
    "prefetch": kernel("prefetch.global.L2 [%rd1]; //<"),
    "prefetchu": kernel("prefetchu.L1 [%rd1]; //<"),
    "applypriority": kernel("applypriority.global.L2::evict_normal [%rd1], 128; //<"),
    "discard": kernel("discard.global.L2 [%rd1], 128; //<"),
    "createpolicy": kernel(
        "createpolicy.fractional.L2::evict_last.b64 %rd2, 0f3F800000; //<"),
    "isspacep": kernel("isspacep.global %p1, %rd1; //<"),
    "cvta": kernel(SHARED + """
        cvta.to.global.u64 %rd2, %rd1; //<
        cvta.shared.u64 %rd3, sbuf;
        """),
    "cvt": kernel("""
        cvt.rn.f32.s32 %f2, %r1; //<
        cvt.rzi.s32.f32 %r2, %f2;
        cvt.u64.u32 %rd2, %r1;
        cvt.rn.f16.f32 %h1, %f2;
        cvt.f32.f16 %f3, %h1;
        cvt.rn.f64.f32 %fd2, %f3;
        """),
    "cvt.pack": kernel("cvt.pack.sat.u8.s32.b32 %r2, %r1, %r3, %r4; //<"),
    "mapa": kernel("mapa.u64 %rd2, %rd1, 0; //<"),
    "getctarank": kernel("getctarank.u32 %r2, %rd1; //<"),
    "cp.async": kernel("cp.async.ca.shared.global [%rd2], [%rd1], 4; //<"),
    "cp.async.commit_group": kernel("cp.async.commit_group; //<"),
    "cp.async.wait_group": kernel("cp.async.wait_group 0; //<"),
    "cp.async.bulk": kernel(
        "cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r2], 16; //<"),
    "cp.reduce.async.bulk": kernel(
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [%r2], 16; //<"),
    "cp.async.bulk.prefetch": kernel("cp.async.bulk.prefetch.L2.global [%rd1], 256; //<"),
    "cp.async.bulk.tensor": kernel(
        "cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%rd1, {%r1}], [%r2]; //<"),
    "cp.reduce.async.bulk.tensor": kernel(
        "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group "
        "[%rd1, {%r1}], [%r2]; //<"),
    "cp.async.bulk.prefetch.tensor": kernel(
        "cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%rd1, {%r1}]; //<"),
    "cp.async.bulk.commit_group": kernel("cp.async.bulk.commit_group; //<"),
    "cp.async.bulk.wait_group": kernel("cp.async.bulk.wait_group 0; //<"),
    "tensormap.replace": kernel(
        "tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2; //<"),
    # ---- texture and surface ----
    "tex": kernel("tex.2d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1, %r2}]; //<"),
    "tld4": kernel("tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}]; //<"),
    "txq": kernel("txq.width.b32 %r2, [%rd1]; //<"),
    "istypep": kernel("istypep.texref %p1, %rd1; //<"),
    "suld": kernel("shl.b32 %r3, %r1, 2;\nsuld.b.1d.b32.trap {%r2}, [%rd1, {%r3}]; //<"),
    "sust": kernel("shl.b32 %r3, %r1, 2;\nsust.b.1d.b32.trap [%rd1, {%r3}], {%r1}; //<"),
    "sured": kernel("sured.b.add.1d.u32.trap [%rd1, {%r1}], %r2; //<"),
    "suq": kernel("suq.width.b32 %r2, [%rd1]; //<"),
    # ---- control flow ----
    "bra": kernel("""
        setp.eq.u32 %p1, %r1, 0;
        @%p1 bra L_done; //<
        add.u32 %r2, %r1, 1;
        bra.uni L_done;
        L_done:
        """),
    "brx.idx": kernel("""
        brx.idx %r2, L_targets; //<
        L_targets: .branchtargets L_0, L_1;
        L_0:
        L_1:
        """),
    "call": kernel(CALL_TWICE.replace("CALL_MARK", "//<"), module=TWICE),
    "ret": kernel("ret; //<"),
    "exit": kernel("exit; //<"),
    # ---- parallel synchronization and communication ----
    "bar": kernel("""
        bar.sync 0; //<
        bar.arrive 1, 32;
        setp.lt.u32 %p1, %r1, 4;
        bar.red.popc.u32 %r2, 2, %p1;
        bar.red.and.pred %p2, 3, %p1;
        bar.sync 4, 32;
        """),
    "barrier": kernel("""
        barrier.sync 0; //<
        barrier.sync.aligned 1;
        """),
    "bar.warp.sync": kernel("bar.warp.sync -1; //<"),
    "barrier.cluster": kernel("""
        barrier.cluster.arrive; //<
        barrier.cluster.wait;
        """),
    "membar": kernel("""
        membar.gl; //<
        membar.cta;
        membar.sys;
        """),
    "fence": kernel("""
        fence.acq_rel.gpu; //<
        fence.sc.cta;
        """),
    "atom": kernel(SHARED + """
        atom.global.add.u32 %r2, [%rd1], 1; //<
        atom.global.cas.b32 %r3, [%rd1+4], 0, 1;
        atom.global.add.f32 %f2, [%rd1+8], 0f3F800000;
        atom.shared.exch.b64 %rd2, [sbuf+8], %rd1;
        atom.relaxed.gpu.global.max.s32 %r4, [%rd1+12], %r1;
        atom.add.u32 %r5, [%rd1+16], 1;
        """),
    "red": kernel("""
        red.global.add.u32 [%rd1], 1; //<
        red.global.max.s32 [%rd1+4], %r1;
        red.global.add.f64 [%rd1+8], 0d3FF0000000000000;
        """),
    "red.async": kernel(
        "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 "
        "[%r2], %r1, [%r3]; //<"),
    "vote": kernel("vote.any.pred %p2, %p1; //<"),
    "vote.sync": kernel("""
        setp.lt.u32 %p1, %r1, 4;
        vote.sync.ballot.b32 %r2, %p1, -1; //<
        vote.sync.all.pred %p2, %p1, -1;
        vote.sync.uni.pred %p3, %p1, -1;
        """),
    "match.sync": kernel("""
        match.any.sync.b32 %r2, %r1, -1; //<
        match.all.sync.b64 %r3|%p1, %rd1, -1;
        """),
    "activemask": kernel("activemask.b32 %r2; //<"),
    "redux.sync": kernel("""
        redux.sync.add.u32 %r2, %r1, -1; //<
        redux.sync.min.s32 %r3, %r1, -1;
        redux.sync.xor.b32 %r4, %r1, -1;
        """),
    "griddepcontrol": kernel("griddepcontrol.wait; //<"),
    "elect.sync": kernel("elect.sync %r2|%p1, -1; //<"),
    "mbarrier.init": kernel("mbarrier.init.shared::cta.b64 [%r2], 32; //<"),
    "mbarrier.inval": kernel("mbarrier.inval.shared::cta.b64 [%r2]; //<"),
    "mbarrier.expect_tx": kernel(
        "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r2], 16; //<"),
    "mbarrier.complete_tx": kernel(
        "mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r2], 16; //<"),
    "mbarrier.arrive": kernel("mbarrier.arrive.shared::cta.b64 %rd2, [%r2]; //<"),
    "mbarrier.arrive_drop": kernel("mbarrier.arrive_drop.shared::cta.b64 %rd2, [%r2]; //<"),
    "cp.async.mbarrier.arrive": kernel("cp.async.mbarrier.arrive.b64 [%r2]; //<"),
    "mbarrier.test_wait": kernel("mbarrier.test_wait.shared::cta.b64 %p1, [%r2], %rd2; //<"),
    "mbarrier.try_wait": kernel("mbarrier.try_wait.shared::cta.b64 %p1, [%r2], %rd2; //<"),
    "mbarrier.pending_count": kernel("mbarrier.pending_count.b64 %r2, %rd2; //<"),
    "tensormap.cp_fenceproxy": kernel(
        "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu"
        ".sync.aligned [%rd1], [%r2], 128; //<"),
    "clusterlaunchcontrol.try_cancel": kernel(
        "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 "
        "[%r2], [%r3]; //<"),
    "clusterlaunchcontrol.query_cancel": kernel(
        "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %q1; //<"),
    # ---- warp-level matrix multiply-accumulate ----
    "wmma.load": kernel(
        "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
        "{%r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9}, [%rd1]; //<"),
    "wmma.store": kernel(
        "wmma.store.d.sync.aligned.row.m16n16k16.global.f32 "
        "[%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}; //<"),
    "wmma.mma": kernel(
        "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 "
        "{%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, "
        "{%r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9}, "
        "{%r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17}, "
        "{%f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16}; //<"),
    "mma": kernel(
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
        "{%f1, %f2, %f3, %f4}, {%r2, %r3}, {%r4}, {%f5, %f6, %f7, %f8}; //<"),
    "mma.sp": kernel(
        "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%f1, %f2, %f3, %f4}, {%r2, %r3}, {%r4, %r5}, {%f5, %f6, %f7, %f8}, %r6, 0x0; //<"),
    "ldmatrix": kernel("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r2}, [%r3]; //<"),
    "stmatrix": kernel("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r3], {%r2}; //<"),
    "movmatrix": kernel("movmatrix.sync.aligned.m8n8.trans.b16 %r2, %r3; //<"),
    # ---- asynchronous warpgroup matrix multiply-accumulate ----
    "wgmma.mma_async": kernel(
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
        "{%f1, %f2, %f3, %f4}, %rd2, %rd3, 1, 1, 1, 0, 0; //<"),
    "wgmma.mma_async.sp": kernel(
        "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 "
        "{%f1, %f2, %f3, %f4}, %rd2, %rd3, %r2, 0, 1, 1, 1, 0, 0; //<"),
    "wgmma.fence": kernel("wgmma.fence.sync.aligned; //<"),
    "wgmma.commit_group": kernel("wgmma.commit_group.sync.aligned; //<"),
    "wgmma.wait_group": kernel("wgmma.wait_group.sync.aligned 0; //<"),
    # ---- tcgen05 (5th-generation tensor core) ----
    "tcgen05.alloc": kernel(
        "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 32; //<"),
    "tcgen05.dealloc": kernel("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 32; //<"),
    "tcgen05.relinquish_alloc_permit": kernel(
        "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned; //<"),
    "tcgen05.ld": kernel("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r2}, [%r3]; //<"),
    "tcgen05.st": kernel("tcgen05.st.sync.aligned.32x32b.x1.b32 [%r3], {%r2}; //<"),
    "tcgen05.wait": kernel("tcgen05.wait::ld.sync.aligned; //<"),
    "tcgen05.cp": kernel("tcgen05.cp.cta_group::1.128x256b [%r2], %rd2; //<"),
    "tcgen05.shift": kernel("tcgen05.shift.cta_group::1.down [%r2]; //<"),
    "tcgen05.mma": kernel("tcgen05.mma.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r3, %p1; //<"),
    "tcgen05.mma.sp": kernel(
        "tcgen05.mma.sp.cta_group::1.kind::f16 [%r2], %rd2, %rd3, [%r4], %r3, %p1; //<"),
    "tcgen05.mma.ws": kernel(
        "tcgen05.mma.ws.cta_group::1.kind::f16 [%r2], %rd2, %rd3, %r3, %p1; //<"),
    "tcgen05.mma.ws.sp": kernel(
        "tcgen05.mma.ws.sp.cta_group::1.kind::f16 [%r2], %rd2, %rd3, [%r4], %r3, %p1; //<"),
    "tcgen05.commit": kernel(
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%r2]; //<"),
    "tcgen05.fence": kernel("tcgen05.fence::before_thread_sync; //<"),
    # ---- stack manipulation ----
    "stacksave": kernel("stacksave.u64 %rd2; //<"),
    "stackrestore": kernel("stackrestore.u64 %rd2; //<"),
    "alloca": kernel("alloca.u64 %rd2, 64; //<"),
    # ---- video (scalar) ----
    "vadd": kernel("vadd.s32.s32.s32 %r2, %r1, %r3; //<"),
    "vsub": kernel("vsub.s32.s32.s32 %r2, %r1, %r3; //<"),
    "vabsdiff": kernel("vabsdiff.u32.u32.u32 %r2, %r1, %r3; //<"),
    "vmin": kernel("vmin.s32.s32.s32 %r2, %r1, %r3; //<"),
    "vmax": kernel("vmax.u32.u32.u32 %r2, %r1, %r3; //<"),
    "vshl": kernel("vshl.u32.u32.u32.clamp %r2, %r1, %r3; //<"),
    "vshr": kernel("vshr.u32.u32.u32.wrap %r2, %r1, %r3; //<"),
    "vmad": kernel("vmad.s32.s32.s32 %r2, %r1, %r3, %r4; //<"),
    "vset": kernel("vset.u32.u32.lt %r2, %r1, %r3; //<"),
    # ---- video (SIMD) ----
    "vadd2": kernel("vadd2.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vsub2": kernel("vsub2.s32.s32.s32 %r2, %r1, %r3, %r4; //<"),
    "vavrg2": kernel("vavrg2.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vabsdiff2": kernel("vabsdiff2.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vmin2": kernel("vmin2.s32.s32.s32 %r2, %r1, %r3, %r4; //<"),
    "vmax2": kernel("vmax2.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vset2": kernel("vset2.u32.u32.lt %r2, %r1, %r3, %r4; //<"),
    "vadd4": kernel("vadd4.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vsub4": kernel("vsub4.s32.s32.s32 %r2, %r1, %r3, %r4; //<"),
    "vavrg4": kernel("vavrg4.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vabsdiff4": kernel("vabsdiff4.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vmin4": kernel("vmin4.s32.s32.s32 %r2, %r1, %r3, %r4; //<"),
    "vmax4": kernel("vmax4.u32.u32.u32 %r2, %r1, %r3, %r4; //<"),
    "vset4": kernel("vset4.u32.u32.lt %r2, %r1, %r3, %r4; //<"),
    # ---- miscellaneous ----
    "brkpt": kernel("brkpt; //<"),
    "nanosleep": kernel("nanosleep.u32 100; //<"),
    "pmevent": kernel("pmevent 1; //<"),
    "trap": kernel("""
        setp.eq.u32 %p1, %r1, 99;
        @%p1 trap; //<
        """),
    "setmaxnreg": kernel("setmaxnreg.inc.sync.aligned.u32 64; //<"),

    # ---- directives ----
    ".version": kernel("", header=".version 9.0 //<\n.target sm_90\n.address_size 64\n"),
    ".target": kernel("", header=".version 9.0\n.target sm_90a, debug //<\n.address_size 64\n"),
    ".address_size": kernel("", header=".version 9.0\n.target sm_90\n.address_size 64 //<\n"),
    ".entry": kernel("", head=".visible .entry k(.param .u64 p) //<"),
    ".func": kernel(CALL_TWICE.replace("CALL_MARK", ""),
                    module=TWICE.replace("twice(.param .b32 a)", "twice(.param .b32 a) //<")),
    ".reg": kernel(".reg .u32 %x<2>; //<\nmov.u32 %x1, %r1;"),
    ".global": kernel("ld.global.u32 %r2, [g+4];",
                      module=".global .align 4 .u32 g[2] = {1, 2}; //<\n"),
    ".shared": kernel("""
        .shared .align 8 .b8 s[32]; //<
        st.shared.u32 [s+4], %r1;
        """),
    ".const": kernel("ld.const.f32 %f2, [c];",
                     module=".const .align 4 .f32 c = 0f3F800000; //<\n"),
    ".local": kernel("""
        .local .align 4 .b8 l[16]; //<
        st.local.u32 [l], %r1;
        ld.local.u32 %r2, [l];
        """),
    ".param": kernel("ld.param.u32 %r2, [n];\n" + CALL_TWICE.replace("CALL_MARK", ""),
                     head=".visible .entry k(.param .u64 p, .param .u32 n) //<",
                     module=TWICE),
    ".tex": kernel("", module=".tex .u64 t; //<\n"),
    ".extern": kernel("st.shared.u32 [dyn], %r1;",
                      module=".extern .shared .align 16 .b8 dyn[]; //<\n"),
    ".visible": kernel("", head=".visible .entry k(.param .u64 p) //<"),
    ".weak": kernel("", module=".weak .global .align 4 .u32 w; //<\n"),
    ".common": kernel("", module=".common .global .align 4 .u32 cm; //<\n"),
    ".align": kernel("", module=".global .align 16 .b8 a16[32]; //<\n"),
    ".maxntid": kernel("", head=".visible .entry k(.param .u64 p) .maxntid 256, 1, 1 //<"),
    ".reqntid": kernel("", head=".visible .entry k(.param .u64 p) .reqntid 32 //<"),
    ".minnctapersm": kernel(
        "", head=".visible .entry k(.param .u64 p) .maxntid 256 .minnctapersm 2 //<"),
    ".maxnreg": kernel("", head=".visible .entry k(.param .u64 p) .maxnreg 32 //<"),
    ".noreturn": kernel("", module=".func stop() .noreturn //<\n{\n\ttrap;\n}\n"),
    ".pragma": kernel("""
        .pragma "nounroll"; //<
        """),
    ".file": kernel("", module='.file 1 "k.cu" //<\n'),
    ".loc": kernel("""
        .loc 1 10 3 //<
        add.u32 %r2, %r1, 1;
        """, module='.file 1 "k.cu"\n'),
    ".section": kernel("", module=".section .debug_abbrev //<\n{\n.b8 1\n.b8 17\n}\n"),
    ".callprototype": kernel(CALL_INDIRECT.replace("PROTO", "proto: .callprototype "
                                                   "(.param .b32 _) _ (.param .b32 _); //<"),
                             module=TWICE),
    ".calltargets": kernel(CALL_INDIRECT.replace("PROTO", "proto: .calltargets twice; //<"),
                           module=TWICE),
    ".branchtargets": kernel("""
        targets: .branchtargets L_0; //<
        L_0:
        """),
    ".alias": kernel("", module=".func f()\n{\n\tret;\n}\n.func g();\n.alias g, f; //<\n"),
    ".maxnctapersm": kernel(
        "", head=".visible .entry k(.param .u64 p) .maxntid 256 .maxnctapersm 2 //<"),
    ".explicitcluster": kernel(
        "", head=".visible .entry k(.param .u64 p) .explicitcluster .reqnctapercluster 2 //<"),
    ".reqnctapercluster": kernel(
        "", head=".visible .entry k(.param .u64 p) .reqnctapercluster 2, 1, 1 //<"),
    ".maxclusterrank": kernel("", head=".visible .entry k(.param .u64 p) .maxclusterrank 8 //<"),
    ".blocksareclusters": kernel(
        "", head=".visible .entry k(.param .u64 p) .reqntid 32 .blocksareclusters //<"),
    ".abi_preserve": kernel("", module=".func f() .abi_preserve 8 //<\n{\n\tret;\n}\n"),
    ".abi_preserve_control": kernel(
        "", module=".func f() .abi_preserve_control 4 //<\n{\n\tret;\n}\n"),
    ".texref": kernel("", module=".global .texref t; //<\n"),
    ".samplerref": kernel("", module=".global .samplerref smp; //<\n"),
    ".surfref": kernel("", module=".global .surfref sf; //<\n"),
    ".attribute": kernel("", module=".global .attribute(.managed) .align 4 .u32 m; //<\n"),
    ".ptr": kernel("", head=".visible .entry k(.param .u64 .ptr .global .align 16 p) //<"),
}

ROW = re.compile(r"^\|\s*`?([^|`]+?)`?\s*\|\s*([^|]+?)\s*\|(.*)\|\s*$")
ERROR = re.compile(r"^(.+):(\d+):(\d+): error: \S")
WORKLOAD = "ptx %s\nbuffer B u32 64 zero\nlaunch k grid=1 block=32 B\noutput B\n"
# The texture and surface rows take an object over that buffer as p.
TEXTURE_WORKLOAD = ("ptx %s\nbuffer B u32 64 iota\ntexture T B dims=8,8 format=f32\n"
                    "launch k grid=1 block=32 T\noutput B\n")
SURFACE_WORKLOAD = ("ptx %s\nbuffer B u32 64 iota\nsurface S B dims=64 format=u32\n"
                    "launch k grid=1 block=32 S\noutput B\n")
ROW_WORKLOAD = {"tex": TEXTURE_WORKLOAD, "tld4": TEXTURE_WORKLOAD, "txq": TEXTURE_WORKLOAD,
                "suld": SURFACE_WORKLOAD, "sust": SURFACE_WORKLOAD, "suq": SURFACE_WORKLOAD}


def coverage_rows(path):
    """{name: state} from the table rows between HEADING and the next heading."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if HEADING not in lines:
        raise AssertionError("%s has no section headed %r" % (path, HEADING))
    rows = {}
    for line in lines[lines.index(HEADING) + 1:]:
        if line.startswith("#"):
            break
        m = ROW.match(line)
        if not m or set(m.group(1)) <= set("-: ") or m.group(2) == "state":
            continue
        name, state = m.group(1).strip(), m.group(2).strip()
        if name in rows:
            raise AssertionError("row %r appears twice" % name)
        rows[name] = state
    return rows


def loaded_files(out):
    """The files --check-ptx loaded: its `FILE: PTX ISA M.N, ...` lines."""
    return {m.group(1) for m in re.finditer(r"^(.+): PTX ISA \d+\.\d+, ", out, re.M)}


def marked_line(text):
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if MARK in line]
    return lines[0] if len(lines) == 1 else None


def gpusim(*args, cwd=None):
    proc = subprocess.run([GPUSIM] + list(args), cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


class PtxCoverage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rows = coverage_rows(DOC)
        cls.dir = tempfile.mkdtemp(prefix="gs-ptxcov-")
        cls.files = {}
        for i, name in enumerate(sorted(SNIPPETS)):
            path = os.path.join(cls.dir, "row%03d.ptx" % i)
            with open(path, "w") as f:
                f.write(SNIPPETS[name])
            cls.files[name] = path

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_section_is_well_formed(self):
        self.assertGreater(len(self.rows), 150)
        for name, state in self.rows.items():
            self.assertIn(state, STATES, "row %r: state %r" % (name, state))

    def test_rows_and_snippets_match(self):
        self.assertEqual({"rows without a snippet": sorted(set(self.rows) - set(SNIPPETS)),
                          "snippets without a row": sorted(set(SNIPPETS) - set(self.rows))},
                         {"rows without a snippet": [], "snippets without a row": []})
        for name, text in SNIPPETS.items():
            self.assertIsNotNone(marked_line(text), "%s: mark exactly one line %s" % (name, MARK))

    def names(self, *states):
        return sorted(n for n, s in self.rows.items() if s in states and n in SNIPPETS)

    def test_supported_and_accepted_load(self):
        names = self.names("supported", "accepted, not timed")
        rc, out, err = gpusim("--check-ptx", *[self.files[n] for n in names])
        loaded = loaded_files(out)
        for name in names:
            with self.subTest(row=name):
                self.assertTrue(self.files[name] in loaded, "%s does not load: %s" % (
                    name, "".join(e for e in err.splitlines(True) if self.files[name] in e)))
        self.assertEqual((rc, err), (0, ""))

    def test_refused_fail_at_their_line(self):
        names = self.names("refused")
        rc, out, err = gpusim("--check-ptx", *[self.files[n] for n in names])
        self.assertEqual(rc, 2)
        errors = {}
        for line in err.splitlines():
            m = ERROR.match(line)
            self.assertTrue(m, "not a file:line:col: error: line: %r" % line)
            errors.setdefault(m.group(1), []).append(int(m.group(2)))
        for name in names:
            with self.subTest(row=name):
                path = self.files[name]
                self.assertFalse(path in loaded_files(out), "%s loads" % name)
                self.assertEqual(errors.get(path), [marked_line(SNIPPETS[name])],
                                 "%s: want one error at the //< line" % name)

    def test_supported_instructions_run(self):
        # a 32-thread CTA, on the functional executor and under timing
        names = [n for n in self.names("supported") if not n.startswith(".")]
        for name in names:
            wl = self.files[name][:-4] + ".gsw"
            with open(wl, "w") as f:
                f.write(ROW_WORKLOAD.get(name, WORKLOAD) % os.path.basename(self.files[name]))
            for mode in (["--functional"], ["--config", "tiny"]):
                with self.subTest(row=name, mode=mode[0]):
                    rc, out, err = gpusim(*mode + ["--workload", wl, "--quiet"], cwd=self.dir)
                    self.assertEqual(rc, 0, "%s: %s" % (name, err))
                    self.assertIn("digest = ", out)


if __name__ == "__main__":
    unittest.main()
