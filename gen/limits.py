"""Generate tables/gs_limits.h: the compiled maxima gpusim's fixed-size state is
built for (DESIGN.md section 5). A configuration above one of these is a
load-time error naming the limit. Each maximum is chosen to cover the published
GPGPU-Sim / Accel-Sim configurations in spec/gpgpusim-configs (GTX480, QV100,
A100, RTX3070) and the H100 figures in spec/formats.md section 2.1, with room.
"""
import common

# (name, value, why) in output order.
LIMITS = [
    ("GS_WARP_SIZE", 32, "threads per warp (fixed: the SIMT model and masks are 32 lanes)"),
    ("GS_MAX_SMS", 256, "SMs = clusters x cores per cluster (A100: 108, H100: 132)"),
    ("GS_MAX_CORES_PER_CLUSTER", 16, "cores in one cluster"),
    ("GS_MAX_THREADS_PER_SM", 2048, "resident threads per SM (Volta/Ampere: 2048)"),
    ("GS_MAX_WARPS_PER_SM", 64, "resident warps per SM = GS_MAX_THREADS_PER_SM / 32"),
    ("GS_MAX_CTAS_PER_SM", 32, "resident CTAs per SM (-gpgpu_shader_cta; Volta: 32)"),
    ("GS_MAX_REGISTERS_PER_SM", 65536, "32-bit registers per SM"),
    ("GS_MAX_SHMEM_BYTES", 233472, "shared memory per SM (228 KB, H100)"),
    ("GS_MAX_SHMEM_BANKS", 64, "shared-memory banks"),
    ("GS_MAX_SCHED_PER_CORE", 4, "warp schedulers per SM"),
    ("GS_MAX_ISSUE_PER_WARP", 2, "instructions issued per warp per cycle"),
    ("GS_MAX_FU_UNITS", 8, "units of one kind (SP, SFU, DP, INT) per SM"),
    ("GS_MAX_PIPELINE_WIDTH", 16, "entries of one pipeline register set"),
    ("GS_MAX_LATENCY_CYCLES", 4096, "one opcode latency or initiation interval"),
    ("GS_MAX_MEM_LATENCY_CYCLES", 65536, "L1/shared/ROP/DRAM fixed latencies"),
    ("GS_MAX_CACHE_SETS", 4096, "sets of one cache (IPOLY degree <= 12)"),
    ("GS_MAX_CACHE_WAYS", 256, "ways of one cache (QV100 texture: 256)"),
    ("GS_MAX_LINE_BYTES", 256, "cache line bytes"),
    ("GS_MAX_CACHE_BYTES", 4194304, "bytes of one cache instance (one L1 or one L2 slice)"),
    ("GS_MAX_MSHR_ENTRIES", 4096, "MSHR entries of one cache"),
    ("GS_MAX_LDST_STAGE_ENTRIES", 1024, "requests the staged LD/ST path holds per SM"),
    ("GS_MAX_MSHR_MERGE", 64, "requests merged in one MSHR entry (MAX_WARP_PER_SM)"),
    ("GS_MAX_QUEUE_ENTRIES", 4096, "miss queue, result FIFO, DRAM and partition queues"),
    ("GS_MAX_MEM_CHANNELS", 128, "memory channels (-gpgpu_n_mem; H100: 80)"),
    ("GS_MAX_SUB_PARTITIONS", 4, "sub-partitions (L2 slices) per channel (A100: 4)"),
    ("GS_MAX_CHIPS_PER_CTRLR", 4, "DRAM chips per memory controller"),
    ("GS_MAX_DRAM_BANKS", 32, "banks per DRAM chip"),
    ("GS_MAX_DRAM_TIMING", 1024, "one DRAM timing parameter, command-clock cycles"),
    ("GS_MAX_DRAM_BUSWIDTH", 64, "DRAM bus bytes per chip"),
    ("GS_MAX_DRAM_BURST", 64, "DRAM burst length"),
    ("GS_MAX_CLOCK_KHZ", 20000000, "any clock domain (20 GHz)"),
    ("GS_MAX_FLIT_BYTES", 256, "interconnect flit bytes"),
    ("GS_MAX_ICNT_BUFFER", 4096, "interconnect buffer entries"),
    ("GS_MAX_ARENA_MIB", 65536, "-gs_arena_mib"),
]


def generate(out_dir):
    what = "Compiled maxima (DESIGN.md section 5); see gen/limits.py."
    lines = [common.header("limits.py", what),
             "#ifndef GS_TABLES_LIMITS_H", "#define GS_TABLES_LIMITS_H", ""]
    for name, value, why in LIMITS:
        lines.append("/* %s */" % why)
        lines.append("#define %s %du" % (name, value))
    lines += ["", "#endif", ""]
    common.write(out_dir, "gs_limits.h", "\n".join(lines))


def values():
    """The limits as a dict (for gen/test_configs.py and gen/configs.py)."""
    return dict((n, v) for n, v, _ in LIMITS)
