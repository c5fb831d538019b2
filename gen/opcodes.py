"""Generate tables/opcodes.{c,h}: the SASS opcode maps of the Accel-Sim trace
front end (spec/formats.md section 1.3; issue 7), one per binary version
(70 Volta, 75 Turing, 80 Ampere GA100, 86 Ampere GA10x, 89 Ada, 90 Hopper).

A trace line names the full SASS mnemonic (`LDG.E.128.SYS`); the reader looks
up the base mnemonic (text before the first '.') in the table of the kernel's
`-binary version`. Each entry gives what the timing core needs (src/base/inst.h):
the execution unit (gs_unit), the latency class (gs_op_class), and for memory
instructions the space (gs_space) and operation (gs_mem_op), plus control flags.
An opcode that is not in the table is an error (never a guess).

The tables are written here from the instruction-set lists of NVIDIA's CUDA
Binary Utilities documentation (sections "Volta/Turing/Ampere/Ada/Hopper
Instruction Set") and the units those instructions run on (Volta/Turing/Ampere
white papers and microbenchmark papers); nothing is copied from other
simulators. Decisions, each made here once:
  * integer ALU ops (IADD3, LOP3, SHF, ISETP, ...) and the uniform datapath
    (U*; Accel-Sim has a separate UDP unit, gpusim has none) run on the INT
    unit (on the SP units where a configuration has no INT units);
  * IMAD/IMUL/IDP run on the INT unit with the MUL/MAD classes;
  * F2F/F2I/I2F/FRND conversions and S2R (special registers, read through
    the MIO) take the SFU class (quarter-rate, variable latency); the packing
    conversions F2FP/I2FP/F2IP run on the FP32 pipe (SP, FP_ADD);
  * constant loads (LDC, ULDC) carry no addresses in traces (the tracer only
    records global/shared/local references), so they are ALU instructions
    (INT unit, INT_ADD class), as trace-driven simulators commonly treat them;
  * an address block on an opcode without a memory space (cache control
    CCTL: an address, no data) is checked and ignored by the reader;
  * generic LD/ST/ATOM are global accesses (a trace has no window to tell);
  * texture and surface instructions have no trace addresses: LDST unit,
    space TEX, no address block;
  * LDGSTS (global -> shared copy) is a global load; the tracer prints it once
    per memory operand (formats.md 1.3);
  * tensor instructions (HMMA IMMA BMMA DMMA *GMMA) run on the TENSOR unit;
  * BAR is a barrier (a `.ARV` modifier makes it an arrive, set by the
    reader); MEMBAR/ERRBAR/FENCE set the membar flag; BRA BRX JMP JMX CALL RET
    BREAK are branches; EXIT and KILL end the active threads;
  * binary versions 86 and 89 have no DMMA (FP64 tensor cores are GA100/GH100
    only).

Specialized-unit column (Accel-Sim trace.config `-specialized_unit_K ...,NAME`,
spec/formats.md 1.6; used only when the configuration enables a unit of that
NAME, core/exec_unit.h): the kind of unit Accel-Sim sends the opcode to
instead of its class pipeline. Decisions:
  * BRA: the branch opcodes (BRA BRX JMP JMX CALL RET BREAK: those with the
    branch flag); EXIT, BAR, BSSY/BSYNC and the other control opcodes keep
    the control path (they are not branches);
  * TEX: the texture opcodes (TEX TLD TLD4 TMML TXD TXQ: "a fixed latency for
    all tex insts"); surface opcodes (SU*) stay memory instructions;
  * TENSOR: every MMA opcode (HMMA IMMA BMMA DMMA and Hopper's *GMMA);
  * UDP: the uniform-datapath ALU opcodes of Turing and later (U* ALU ops,
    R2UR, S2UR, VOTEU; not the uniform TMA / bulk-copy memory opcodes nor the
    uniform control opcodes).
Each table also records which kinds its opcodes use (gs_sass_isa.spec_kinds),
so a trace run can tell before cycle 0 that a unit it needs is not enabled.
"""
import common

WHAT = "SASS opcode -> unit / latency class / memory space per binary version."

# Flags (src/base/inst.h enum gs_inst_flag).
BRANCH, BARRIER, EXIT, MEMBAR = 1, 2, 4, 8


def op(unit, cls, space="NONE", mem="NONE", flags=0, spec="NONE"):
    return (unit, cls, space, mem, flags, spec)


def on_spec(entry, kind):
    """The same entry, run on the specialized unit named `kind`."""
    return entry[:5] + (kind,)

# Specialized-unit kinds in gs_spec_kind order (base/inst.h); bit k of spec_kinds.
SPEC_KINDS = ["NONE", "BRA", "TEX", "TENSOR", "UDP"]


def group(names, entry):
    return {n: entry for n in names.split()}


INT_ADD = op("INT", "INT_ADD")
INT_MAX = op("INT", "INT_MAX")
INT_MUL = op("INT", "INT_MUL")
INT_MAD = op("INT", "INT_MAD")
INT_SHFL = op("INT", "INT_SHFL")
FP_ADD = op("SP", "FP_ADD")
FP_MAX = op("SP", "FP_MAX")
FP_MUL = op("SP", "FP_MUL")
FP_MAD = op("SP", "FP_MAD")
DP_ADD = op("DP", "DP_ADD")
DP_MAX = op("DP", "DP_MAX")
DP_MUL = op("DP", "DP_MUL")
DP_MAD = op("DP", "DP_MAD")
SFU = op("SFU", "SFU")
TENSOR = op("TENSOR", "TENSOR", spec="TENSOR")
CONTROL = op("BRANCH", "CONTROL")


def mem(space, kind):
    return op("LDST", "MEM", space, kind)


def volta():
    """sm_70: the base instruction set."""
    t = {}
    # floating point (FP32 pipe)
    t.update(group("FADD FADD32I FCHK FSEL FSET FSETP FSWZADD", FP_ADD))
    t.update(group("FMNMX", FP_MAX))
    t.update(group("FMUL FMUL32I", FP_MUL))
    t.update(group("FFMA FFMA32I", FP_MAD))
    t.update(group("HADD2 HADD2_32I HSET2 HSETP2", FP_ADD))
    t.update(group("HMUL2 HMUL2_32I", FP_MUL))
    t.update(group("HFMA2 HFMA2_32I", FP_MAD))
    t.update(group("MUFU", SFU))
    t.update(group("DADD DSETP DSET", DP_ADD))
    t.update(group("DMNMX", DP_MAX))
    t.update(group("DMUL", DP_MUL))
    t.update(group("DFMA", DP_MAD))
    t.update(group("HMMA IMMA", TENSOR))
    # integer
    t.update(group("BMSK BREV FLO IABS IADD IADD3 IADD32I ISCADD ISCADD32I ISETP LEA "
                   "LOP LOP3 LOP32I POPC SHF SHL SHR VABSDIFF VABSDIFF4 SGXT", INT_ADD))
    t.update(group("IMNMX", INT_MAX))
    t.update(group("IMUL IMUL32I", INT_MUL))
    t.update(group("IMAD IMADSP IDP IDP4A", INT_MAD))
    # conversion
    t.update(group("F2F F2I I2F FRND", SFU))
    t.update(group("I2I I2IP", INT_ADD))
    # movement and predicates
    t.update(group("MOV MOV32I PRMT SEL PLOP3 PSETP P2R R2P CS2R B2R R2B "
                   "VOTE LEPC GETLMEMBASE SETLMEMBASE SETCTAID MATCH QSPC LDC", INT_ADD))
    t.update(group("SHFL", INT_SHFL))
    t.update(group("S2R", SFU))
    # memory
    t.update(group("LD LDG", mem("GLOBAL", "LOAD")))
    t.update(group("LDL", mem("LOCAL", "LOAD")))
    t.update(group("LDS", mem("SHARED", "LOAD")))
    t.update(group("ST STG", mem("GLOBAL", "STORE")))
    t.update(group("STL", mem("LOCAL", "STORE")))
    t.update(group("STS", mem("SHARED", "STORE")))
    t.update(group("ATOM ATOMG", mem("GLOBAL", "ATOMIC")))
    t.update(group("ATOMS", mem("SHARED", "ATOMIC")))
    t.update(group("RED", mem("GLOBAL", "REDUCE")))
    t.update(group("TEX TLD TLD4 TMML TXD TXQ", on_spec(mem("TEX", "LOAD"), "TEX")))
    t.update(group("SULD SUATOM SURED", mem("TEX", "LOAD")))
    t.update(group("SUST", mem("TEX", "STORE")))
    # control
    t.update(group("BRA BRX JMP JMX CALL RET BREAK",
                   op("BRANCH", "CONTROL", flags=BRANCH, spec="BRA")))
    t.update(group("EXIT KILL", op("BRANCH", "CONTROL", flags=EXIT)))
    t.update(group("BAR", op("BRANCH", "CONTROL", flags=BARRIER)))
    t.update(group("MEMBAR ERRBAR", op("BRANCH", "CONTROL", flags=MEMBAR)))
    t.update(group("BMOV BPT BSSY BSYNC NANOSLEEP RPCMOV RTT WARPSYNC YIELD DEPBAR NOP "
                   "PMTRIG CSMTEST CCTL CCTLL CCTLT", CONTROL))
    return t


def turing():
    """sm_75: Volta plus the uniform datapath, LDSM/MOVM and 1-bit MMA."""
    t = volta()
    t.update(group("R2UR S2UR UBMSK UBREV UCLEA UFLO UIADD3 UISETP ULDC ULEA ULOP ULOP3 "
                   "ULOP32I UMOV UP2UR UPLOP3 UPOPC UPRMT UPSETP UR2UP USEL USGXT USHF "
                   "USHL USHR VOTEU", on_spec(INT_ADD, "UDP")))
    t.update(group("MOVM", INT_ADD))
    t.update(group("UIMAD", on_spec(INT_MAD, "UDP")))
    t.update(group("BMMA", TENSOR))
    t.update(group("LDSM", mem("SHARED", "LOAD")))
    return t


def ampere_ga100():
    """sm_80: Turing plus async copies, FP64 MMA, REDUX and new conversions."""
    t = turing()
    t.update(group("DMMA", TENSOR))
    t.update(group("LDGSTS", mem("GLOBAL", "LOAD")))
    t.update(group("LDGDEPBAR ARRIVES", CONTROL))
    t.update(group("REDUX", INT_ADD))
    t.update(group("F2FP I2FP F2IP", FP_ADD))
    t.update(group("HMNMX2", FP_MAX))
    return t


def ampere_ga10x():
    """sm_86: as sm_80 without FP64 tensor cores."""
    t = ampere_ga100()
    del t["DMMA"]
    return t


def ada():
    """sm_89: as sm_86 (FP8 formats are modifiers of F2FP/HMMA)."""
    return ampere_ga10x()


def hopper():
    """sm_90: sm_80 plus warpgroup MMA, TMA, bulk copies, clusters."""
    t = ampere_ga100()
    t.update(group("HGMMA IGMMA QGMMA BGMMA", TENSOR))
    t.update(group("WARPGROUP WARPGROUPSET ACQBULK SYNCS ELECT ENDCOLLECTIVE "
                   "UCGABAR_ARV UCGABAR_WAIT UTMACCTL UTMACMDFLUSH USETMAXREG", CONTROL))
    t.update(group("FENCE CGAERRBAR", op("BRANCH", "CONTROL", flags=MEMBAR)))
    t.update(group("VIADD VIMNMX VIADDMNMX VHMNMX MAPA", INT_ADD))
    t.update(group("UVIADD UVIRTCOUNT ULEPC", on_spec(INT_ADD, "UDP")))
    t.update(group("UF2FP", on_spec(FP_ADD, "UDP")))
    t.update(group("STSM", mem("SHARED", "STORE")))
    t.update(group("REDAS", mem("SHARED", "REDUCE")))
    t.update(group("UTMALDG UTMAPF UBLKCP UBLKPF", mem("GLOBAL", "LOAD")))
    t.update(group("UTMASTG", mem("GLOBAL", "STORE")))
    t.update(group("UTMAREDG UBLKRED", mem("GLOBAL", "REDUCE")))
    return t


ISAS = [(70, volta), (75, turing), (80, ampere_ga100), (86, ampere_ga10x), (89, ada),
        (90, hopper)]

HEADER = """#ifndef GS_TABLES_OPCODES_H
#define GS_TABLES_OPCODES_H

#include <stdint.h>

/* One SASS base mnemonic (text before the first '.'). */
typedef struct gs_sass_op {
    const char *name;
    uint8_t unit;        /* gs_unit (base/inst.h) */
    uint8_t op_class;    /* gs_op_class */
    uint8_t space;       /* gs_space; GS_SPACE_NONE: carries no addresses */
    uint8_t mem_op;      /* gs_mem_op */
    uint16_t flags;      /* gs_inst_flag bits */
    uint8_t spec_kind;   /* gs_spec_kind: Accel-Sim specialized unit, if enabled */
} gs_sass_op;

/* The opcode map of one binary version, sorted by name (strcmp order). */
typedef struct gs_sass_isa {
    uint32_t binary_version;
    const gs_sass_op *ops;
    uint32_t count;
    uint32_t spec_kinds; /* bit k: some opcode runs on specialized unit kind k */
} gs_sass_isa;

#define GS_SASS_ISA_COUNT %du
extern const gs_sass_isa gs_sass_isas[GS_SASS_ISA_COUNT];

#endif
"""


def entry_text(name, e):
    unit, cls, space, kind, flags, spec = e
    return ('    { "%s", GS_UNIT_%s, GS_OPC_%s, GS_SPACE_%s, GS_MEM_%s, %du, GS_SPEC_%s },\n'
            % (name, unit, cls, space, kind, flags, spec))


def spec_kinds(table):
    """Bit mask of the specialized-unit kinds the table's opcodes use."""
    mask = 0
    for entry in table.values():
        if entry[5] != "NONE":
            mask |= 1 << SPEC_KINDS.index(entry[5])
    return mask


def source_text():
    parts = [common.header("opcodes.py", WHAT),
             '#include "base/inst.h"\n#include "opcodes.h"\n']
    for version, build in ISAS:
        table = build()
        parts.append("\nstatic const gs_sass_op sm%d_ops[] = {\n" % version)
        for name in sorted(table):
            parts.append(entry_text(name, table[name]))
        parts.append("};\n")
    parts.append("\nconst gs_sass_isa gs_sass_isas[GS_SASS_ISA_COUNT] = {\n")
    for version, build in ISAS:
        table = build()
        parts.append("    { %d, sm%d_ops, %du, 0x%xu },\n"
                     % (version, version, len(table), spec_kinds(table)))
    parts.append("};\n")
    return "".join(parts)


def generate(out_dir):
    common.write(out_dir, "opcodes.h", common.header("opcodes.py", WHAT)
                 + HEADER % len(ISAS))
    common.write(out_dir, "opcodes.c", source_text())
