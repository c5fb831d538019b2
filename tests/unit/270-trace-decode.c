/*
 * Accel-Sim instruction-line decoding (src/trace/trace_inst.c; spec/formats.md
 * section 1.3): fields per tracer version, registers (RZ dropped), opcode
 * table lookup, access width from the opcode, address modes 0/1/2, errors.
 */
#include <string.h>

#include "check.h"
#include "trace/trace.h"

static gs_trace_kernel kernel(uint32_t version, uint32_t binary, uint32_t lineinfo)
{
    gs_trace_kernel k;
    memset(&k, 0, sizeof k);
    k.tracer_version = version;
    k.binary_version = binary;
    k.lineinfo = lineinfo;
    k.isa = gs_trace_isa(binary);
    return k;
}

static gs_status decode(const gs_trace_kernel *k, const char *line, gs_inst *out, gs_diag *d)
{
    return gs_trace_decode(k, line, (uint32_t)strlen(line), "k.traceg", 7, out, d);
}

static void test_v5_alu_line(void)
{
    gs_trace_kernel k = kernel(5, 80, 0);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_OK, decode(&k, "0030 ffffffff 1 R6 IMAD 2 R6 R3 0 0 ", &in, &d));
    GS_CHECK_EQ(0x30, in.pc);
    GS_CHECK_EQ(0xFFFFFFFFu, in.active_mask);
    GS_CHECK_EQ(1, in.num_dst);
    GS_CHECK_EQ(6, in.dst[0]);
    GS_CHECK_EQ(2, in.num_src);
    GS_CHECK_EQ(6, in.src[0]);
    GS_CHECK_EQ(3, in.src[1]);
    GS_CHECK_EQ(GS_UNIT_INT, in.unit);
    GS_CHECK_EQ(GS_OPC_INT_MAD, in.op_class);
    GS_CHECK_EQ(GS_SPACE_NONE, in.space);
    GS_CHECK_EQ(0, in.access_bytes);
}

static void test_rz_is_no_dependency(void)
{
    gs_trace_kernel k = kernel(3, 80, 0);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_OK, decode(&k, "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0", &in, &d));
    GS_CHECK_EQ(1, in.num_dst);
    GS_CHECK_EQ(0, in.num_src);
    GS_CHECK_EQ(GS_OK, decode(&k, "0000 ffffffff 1 R255 FFMA 3 R1 R255 R2 0", &in, &d));
    GS_CHECK_EQ(0, in.num_dst);
    GS_CHECK_EQ(2, in.num_src);
    GS_CHECK_EQ(2, in.src[1]);
    GS_CHECK_EQ(GS_UNIT_SP, in.unit);
    GS_CHECK_EQ(GS_OPC_FP_MAD, in.op_class);
}

static void test_mode1_base_stride(void)
{
    gs_trace_kernel k = kernel(5, 80, 0);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_OK, decode(&k, "00a0 0000ff00 1 R4 LDG.E 1 R4 4 1 0x7fb0fc430e00 4 0",
                              &in, &d));
    GS_CHECK_EQ(GS_SPACE_GLOBAL, in.space);
    GS_CHECK_EQ(GS_MEM_LOAD, in.mem_op);
    GS_CHECK_EQ(4, in.access_bytes);
    GS_CHECK_EQ(0x7fb0fc430e00ull, in.addr[8]);
    GS_CHECK_EQ(0x7fb0fc430e04ull, in.addr[9]);
    GS_CHECK_EQ(0x7fb0fc430e1cull, in.addr[15]);
    GS_CHECK_EQ(0, in.addr[16]);
    /* negative stride */
    GS_CHECK_EQ(GS_OK, decode(&k, "00a0 00000007 0 STG.E.64 2 R4 R6 8 1 0x1000 -8 0", &in, &d));
    GS_CHECK_EQ(GS_MEM_STORE, in.mem_op);
    GS_CHECK_EQ(8, in.access_bytes);
    GS_CHECK_EQ(0xFF8, in.addr[1]);
    GS_CHECK_EQ(0xFF0, in.addr[2]);
}

static void test_mode1_mask0_and_mode2(void)
{
    gs_trace_kernel k3 = kernel(3, 80, 0), k5 = kernel(5, 80, 0);
    gs_inst in;
    gs_diag d;
    /* mask 0 still carries base and stride (public bfs and vectorAdd traces) */
    GS_CHECK_EQ(GS_OK, decode(&k3, "01f0 00000000 1 R7 LDG.E 1 R4 4 1 0x0 0 ", &in, &d));
    GS_CHECK_EQ(0, in.active_mask);
    GS_CHECK_EQ(GS_OK, decode(&k5, "0270 00000000 0 STG.E 2 R12 R11 4 1 0x0 0 0 ", &in, &d));
    GS_CHECK_EQ(2, in.num_src);
    /* mode 2: deltas from the previous active lane (public bfs trace, v3) */
    GS_CHECK_EQ(GS_OK, decode(&k3, "0190 80000005 0 STG.E.U8 2 R2 R0 1 2 0x7fc841527000 3 -1",
                              &in, &d));
    GS_CHECK_EQ(1, in.access_bytes);
    GS_CHECK_EQ(0x7fc841527000ull, in.addr[0]);
    GS_CHECK_EQ(0x7fc841527003ull, in.addr[2]);
    GS_CHECK_EQ(0x7fc841527002ull, in.addr[31]);
    /* one active lane: base only */
    GS_CHECK_EQ(GS_OK, decode(&k3, "00f0 00000001 1 R8 LDG.E 1 R2 4 2 0x7fc841500004", &in, &d));
    GS_CHECK_EQ(0x7fc841500004ull, in.addr[0]);
}

static void test_mode0_list(void)
{
    gs_trace_kernel k = kernel(5, 75, 0);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_OK, decode(&k, "0010 00000012 1 R4 LDS.U.128 1 R2 16 0 0x10 0x300 0",
                              &in, &d));
    GS_CHECK_EQ(GS_SPACE_SHARED, in.space);
    GS_CHECK_EQ(16, in.access_bytes);
    GS_CHECK_EQ(0x10, in.addr[1]);
    GS_CHECK_EQ(0x300, in.addr[4]);
}

static void test_lineinfo_and_flags(void)
{
    gs_trace_kernel k = kernel(4, 70, 1);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_OK, decode(&k, "12 0050 ffffffff 0 BAR.ARV 0 0", &in, &d));
    GS_CHECK_EQ(0x50, in.pc);
    GS_CHECK_EQ(GS_INST_BARRIER | GS_INST_BAR_ARRIVE, in.flags);
    GS_CHECK_EQ(GS_OK, decode(&k, "12 0060 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0", &in, &d));
    GS_CHECK_EQ(GS_INST_BARRIER, in.flags);
    GS_CHECK_EQ(GS_OK, decode(&k, "13 0070 0000ffff 0 EXIT 0 0", &in, &d));
    GS_CHECK_EQ(GS_INST_EXIT, in.flags);
    GS_CHECK_EQ(GS_UNIT_BRANCH, in.unit);
    GS_CHECK_EQ(GS_OK, decode(&k, "13 0080 ffffffff 0 BRA 0 0", &in, &d));
    GS_CHECK_EQ(GS_INST_BRANCH, in.flags);
}

static void test_errors(void)
{
    gs_trace_kernel k5 = kernel(5, 80, 0), k86 = kernel(5, 86, 0);
    gs_inst in;
    gs_diag d;
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 1 R6 FROB.X 2 R6 R3 0 0", &in, &d));
    GS_CHECK_STR("unknown opcode 'FROB' for binary version 80 (not in the opcode table of "
                 "gen/opcodes.py)", d.message);
    GS_CHECK_EQ(7, d.line);
    GS_CHECK_EQ(20, d.column);
    /* v5 needs the immediate */
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 1 R6 IMAD 2 R6 R3 0", &in, &d));
    GS_CHECK_STR("truncated line: expected the immediate (tracer version 5)", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 1 R6 IMAD 2 R6 R3 0 0 9", &in, &d));
    GS_CHECK_STR("unexpected text at the end of the instruction, found '9'", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 fffffffff 0 NOP 0 0 0", &in, &d));
    GS_CHECK_EQ(6, d.column);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 1 R256 NOP 0 0 0", &in, &d));
    GS_CHECK_STR("expected a register R0..R255, found 'R256'", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 5 R1 R2 R3 R4 R5 NOP 0 0 0", &in, &d));
    GS_CHECK_STR("expected the destination count (0..4), found '5'", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 ffffffff 0 NOP 9 R1 R2 R3 R4 R5 R6 R7 R8 R9 0 0",
                                   &in, &d));
    GS_CHECK_STR("expected the source count (0..8), found '9'", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 00000003 1 R1 LDG.E 1 R2 4 0 0x10", &in, &d));
    GS_CHECK_STR("truncated line: expected a hex address for each active lane", d.message);
    GS_CHECK_EQ(GS_E_TRACE, decode(&k5, "0030 00000003 1 R1 LDG.E 1 R2 4 1 0x10 zz 0", &in, &d));
    GS_CHECK_STR("expected the address stride, found 'zz'", d.message);
    /* DMMA has no table entry on GA10x (FP64 tensor cores are GA100 only) */
    GS_CHECK_EQ(GS_E_TRACE, decode(&k86, "0030 ffffffff 0 DMMA.884 0 0 0", &in, &d));
}

int main(void)
{
    GS_RUN(test_v5_alu_line);
    GS_RUN(test_rz_is_no_dependency);
    GS_RUN(test_mode1_base_stride);
    GS_RUN(test_mode1_mask0_and_mode2);
    GS_RUN(test_mode0_list);
    GS_RUN(test_lineinfo_and_flags);
    GS_RUN(test_errors);
    return gs_check_report();
}
