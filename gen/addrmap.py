"""Address-mapping compiler for the embedded presets (python3 stdlib only).

Reads every gen/presets/*.cfg (GPGPU-Sim option syntax), takes the options
that decide the address mapping (spec/formats.md section 2.3):
-gpgpu_mem_addr_mapping, -gpgpu_n_mem, -gpgpu_n_sub_partition_per_mchannel,
-gpgpu_memory_partition_indexing, nbk/nbkgrp of -gpgpu_dram_timing_opt,
-dram_bnk_indexing_policy, -dram_bnkgrp_indexing_policy, and compiles the
mapping string into bit-extraction masks (chip, bank, row, column, burst, and
the sub-partition bits). Writes tables/addrmap.{c,h}: per preset the params,
the compiled gs_addrmap, a few decode vectors, and a digest of the decodes of
CHECK_COUNT seeded addresses, computed by this independent Python model; unit
test 040 recomputes them through the C runtime parser (src/mem/addrmap.c).

The rules are those of src/mem/addrmap.h; the Python model below is written
separately from the C code so the two check each other.
"""
import glob
import os

import common
import hmatrix

MASK64 = (1 << 64) - 1
FIELDS = ("chip", "bank", "row", "col", "burst")
CHECK_COUNT = 100000
CHECK_SEED = 0x61646472  # "addr"
VECTOR_COUNT = 8

# Defaults used when a preset omits an option: the same as src/base/options.c
# (unit test 041 checks the compiled presets against the config loader).
DEFAULTS = {
    "gpgpu_n_mem": "6",
    "gpgpu_n_sub_partition_per_mchannel": "2",
    "gpgpu_memory_partition_indexing": "0",
    "gpgpu_mem_addr_mapping":
        "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS",
    "gpgpu_dram_timing_opt": "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:"
                             "CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2",
    "dram_bnk_indexing_policy": "0",
    "dram_bnkgrp_indexing_policy": "1",
}
TIMING_KEYS = ("nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL").split()


class MappingError(ValueError):
    pass


# ---- reading a preset ---------------------------------------------------

def tokenize(text):
    """GPGPU-Sim config tokens: '#' comments, double-quoted values may span lines."""
    tokens, cur, in_quote, i = [], [], False, 0
    while i < len(text):
        c = text[i]
        if in_quote:
            if c == '"':
                in_quote = False
            else:
                cur.append(c)
        elif c == '"':
            in_quote = True
        elif c == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif c.isspace():
            if cur:
                tokens.append("".join(cur))
                cur = []
        else:
            cur.append(c)
        i += 1
    if cur:
        tokens.append("".join(cur))
    return tokens


def read_options(text):
    """{name: value} of '-name value' pairs, later ones winning."""
    tokens, opts, i = tokenize(text), {}, 0
    while i + 1 < len(tokens):
        if tokens[i].startswith("-"):
            opts[tokens[i][1:]] = tokens[i + 1]
            i += 2
        else:
            i += 1
    return opts


def timing_banks(text):
    """(nbk, nbkgrp) from -gpgpu_dram_timing_opt, keyed or positional."""
    text = "".join(text.split())
    if "=" in text:
        parts = text.replace(";", ":").split(":")
        kv = dict(p.split("=", 1) for p in parts if "=" in p)
        return int(kv.get("nbk", 4)), int(kv.get("nbkgrp", 1))
    values = text.split(":")
    return int(values[0]), int(values[11]) if len(values) > 11 else 1


def preset_params(opts):
    get = lambda name: opts.get(name, DEFAULTS[name])
    nbk, nbkgrp = timing_banks(get("gpgpu_dram_timing_opt"))
    return {
        "n_channels": int(get("gpgpu_n_mem"), 0),
        "n_sub_partitions": int(get("gpgpu_n_sub_partition_per_mchannel"), 0),
        "partition_indexing": int(get("gpgpu_memory_partition_indexing"), 0),
        "n_banks": nbk,
        "n_bank_groups": nbkgrp,
        "bank_indexing": int(get("dram_bnk_indexing_policy"), 0),
        "bank_group_indexing": int(get("dram_bnkgrp_indexing_policy"), 0),
    }, get("gpgpu_mem_addr_mapping")


# ---- the mapping model --------------------------------------------------

def parse(text):
    """(chip_start or None, {field: mask}) of a mapping string."""
    start = None
    if text.startswith("dramid@"):
        head, sep, rest = text[len("dramid@"):].partition(";")
        if not sep or not head.isdigit() or int(head) > 63:
            raise MappingError("dramid@ needs a bit number 0..63 then ';'")
        start, text = int(head), rest
    letters = {"D": "chip", "B": "bank", "R": "row", "C": "col", "S": "burst", "0": None}
    bits = [c.upper() for c in text if c not in ".| "]
    if len(bits) != 64 or any(c not in letters for c in bits):
        raise MappingError("need exactly 64 characters from D B R C S 0")
    masks = dict.fromkeys(FIELDS, 0)
    for pos, c in zip(range(63, -1, -1), bits):
        if letters[c]:
            masks[letters[c]] |= 1 << pos
        if c == "S":
            masks["col"] |= 1 << pos
    if start is not None and masks["chip"]:
        raise MappingError("D bits and dramid@ together")
    return start, masks


def compile_map(text, p):
    """The compiled mapping as a dict mirroring struct gs_addrmap."""
    start, masks = parse(text)
    n, nsub = p["n_channels"], p["n_sub_partitions"]
    m = {"params": p, "masks": masks, "chip_bits": (n - 1).bit_length(),
         "sub_bits": nsub.bit_length() - 1, "gap": int(n & (n - 1) != 0)}
    if nsub & (nsub - 1) or (m["gap"] and p["partition_indexing"] == 1):
        raise MappingError("unsupported channel / sub-partition counts")
    if start is None:
        if m["gap"] or bin(masks["chip"]).count("1") != m["chip_bits"]:
            raise MappingError("D bits do not match -gpgpu_n_mem")
        chip = masks["chip"]
        start = (chip & -chip).bit_length() - 1 if chip else 0
    elif not m["gap"]:
        k, low = m["chip_bits"], (1 << start) - 1
        for f in FIELDS:
            high = masks[f] & ~low
            if (high << k) >> 64:
                raise MappingError("field bit pushed past bit 63")
            masks[f] = (high << k) | (masks[f] & low)
        masks["chip"] |= ((1 << k) - 1) << start
    m["chip_start"] = start
    bank_bits = [i for i in range(64) if masks["bank"] >> i & 1]
    if len(bank_bits) < m["sub_bits"] or (1 << len(bank_bits)) > p["n_banks"]:
        raise MappingError("bank bits do not fit the sub-partitions / nbk")
    m["sub_mask"] = sum(1 << i for i in bank_bits[:m["sub_bits"]])
    m["positions"] = {f: [i for i in range(64) if masks[f] >> i & 1] for f in FIELDS}
    return m


def extract(positions, value):
    return sum(((value >> b) & 1) << k for k, b in enumerate(positions))


def ipoly(higher, index, n):
    """GPGPU-Sim ipoly_hash_function generalised by gen/hmatrix.py defaults."""
    m = n.bit_length() - 1
    p, k = hmatrix.default_poly(m), hmatrix.default_hashed_bits(m)
    line = ((higher << m) | index) & ((1 << (m + k)) - 1)
    return hmatrix.poly_mod(line, p)


def split(m, addr):
    n, s = m["params"]["n_channels"], m["chip_start"]
    if not m["gap"]:
        higher = addr >> (s + m["chip_bits"] + m["sub_bits"])
        return addr, extract(m["positions"]["chip"], addr), higher
    upper = addr >> s
    rest = (((upper // n) << s) | (addr & ((1 << s) - 1))) & MASK64
    return rest, upper % n, upper // n


def decode(m, addr):
    """(channel, sub_partition, bank, bank_group, row, column, burst, partition_addr)."""
    p = m["params"]
    n, nsub, nbk = p["n_channels"], p["n_sub_partitions"], p["n_banks"]
    fields, chip, higher = split(m, addr)
    bank = extract(m["positions"]["bank"], fields)
    row = extract(m["positions"]["row"], fields)
    col = extract(m["positions"]["col"], fields)
    burst = extract(m["positions"]["burst"], fields)
    if p["partition_indexing"] == 1:
        chip = (chip ^ higher) & (n - 1)
    sub = chip * nsub + (bank & (nsub - 1))
    if p["partition_indexing"] == 2:
        sets = (1 << (n - 1).bit_length()) * nsub
        sub = ipoly(higher, sub, sets) if sets > 1 else 0
        if m["gap"]:
            sub %= n * nsub
        chip = sub // nsub
    if p["bank_indexing"] == 1:
        bank = (bank ^ row) & (nbk - 1)
    elif p["bank_indexing"] == 2:
        bank = ipoly(row, bank, nbk)
    if p["bank_group_indexing"] == 1:
        group = bank % p["n_bank_groups"]
    else:
        group = bank // (nbk // p["n_bank_groups"])
    return chip, sub, bank, group, row, col, burst, partition_address(m, addr)


def partition_address(m, addr):
    keep = ~m["sub_mask"] & MASK64
    if not m["gap"]:
        keep &= ~m["masks"]["chip"]
        return extract([i for i in range(64) if keep >> i & 1], addr)
    rest = split(m, addr)[0]
    return extract([i for i in range(64) if keep >> i & 1], rest)


# ---- the check addresses and digest (same algorithm in test 040) -----------

def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def check_addresses(count):
    """Single bits first, then splitmix64 draws, every other one cut to 36 bits."""
    state = CHECK_SEED
    for i in range(count):
        if i < 64:
            yield 1 << i
            continue
        state, r = splitmix64(state)
        yield r if i & 1 else r & 0xFFFFFFFFF


def digest(m, count):
    h = 0xCBF29CE484222325
    for addr in check_addresses(count):
        for v in decode(m, addr):
            h = ((h ^ v) * 0x100000001B3) & MASK64
    return h


# ---- emitting tables ----------------------------------------------------

def presets(preset_dir):
    out = []
    for path in sorted(glob.glob(os.path.join(preset_dir, "*.cfg"))):
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            params, text = preset_params(read_options(f.read()))
        out.append((name, text, params, compile_map(text, params)))
    # gtx480 first: the baseline of the studies (DESIGN.md section 6)
    out.sort(key=lambda e: (e[0] != "gtx480", e[0]))
    return out


def _c_params(p):
    return "{ %d, %d, %d, %d, %d, %d, %d }" % tuple(
        p[k] for k in ("n_channels", "n_sub_partitions", "partition_indexing", "n_banks",
                       "n_bank_groups", "bank_indexing", "bank_group_indexing"))


def _c_map(m):
    masks = ",\n            ".join("0x%016xull" % m["masks"][f] for f in FIELDS)
    return ("{ %s,\n          { %s },\n          0x%016xull, %d, %d, %d, %d }"
            % (_c_params(m["params"]), masks, m["sub_mask"], m["chip_start"], m["chip_bits"],
               m["sub_bits"], m["gap"]))


def _vectors(m):
    addrs = [0x0, 0x80, 0x100, 0x12345680, 0xFFFFFFFF, 0x3C0FF00, 0xDEADBEEF00, MASK64]
    rows = []
    for a in addrs[:VECTOR_COUNT]:
        rows.append("{ 0x%016xull, %d, %d, %d, %d, 0x%xull, 0x%xull, 0x%xull, 0x%016xull }"
                    % ((a,) + decode(m, a)))
    return rows


def _emit_header(count):
    return common.header("addrmap.py", "Address mappings of the embedded presets "
                         "(spec/formats.md 2.3),\n * compiled from the gen/presets files.") + """\
#ifndef GS_TABLES_ADDRMAP_H
#define GS_TABLES_ADDRMAP_H

#include <stdint.h>

#include "mem/addrmap.h"

#define GS_ADDRMAP_PRESET_COUNT %du
#define GS_ADDRMAP_VECTOR_COUNT %du
/* Seeded check addresses per preset (see gen/addrmap.py check_addresses). */
#define GS_ADDRMAP_CHECK_COUNT %du
#define GS_ADDRMAP_CHECK_SEED 0x%xull

/* One decode computed by the Python model; partition_addr is
 * gs_addrmap_partition_address(). */
typedef struct gs_addrmap_vector {
    uint64_t addr;
    uint32_t channel, sub_partition, bank, bank_group;
    uint64_t row, column, burst, partition_addr;
} gs_addrmap_vector;

typedef struct gs_addrmap_preset {
    const char *name;
    const char *mapping;        /* -gpgpu_mem_addr_mapping as in the preset */
    gs_addrmap compiled;        /* .params holds the preset's other options */
    gs_addrmap_vector vectors[GS_ADDRMAP_VECTOR_COUNT];
    /* FNV-1a-style digest of the decode fields of GS_ADDRMAP_CHECK_COUNT addresses */
    uint64_t check_digest;
} gs_addrmap_preset;

extern const gs_addrmap_preset gs_addrmap_presets[GS_ADDRMAP_PRESET_COUNT];

#endif
""" % (count, VECTOR_COUNT, CHECK_COUNT, CHECK_SEED)


def _emit_source(entries):
    text = common.header("addrmap.py", "Address mappings of the embedded presets.")
    text += '#include "addrmap.h"\n\nconst gs_addrmap_preset gs_addrmap_presets[] = {\n'
    for name, mapping, _params, m in entries:
        text += '    { "%s",\n      "%s",\n        %s,\n      {\n' % (name, mapping, _c_map(m))
        text += "".join("        %s,\n" % v for v in _vectors(m))
        text += "      },\n      0x%016xull },\n" % digest(m, CHECK_COUNT)
    return text + "};\n"


def generate(out_dir):
    here = os.path.dirname(os.path.abspath(__file__))
    entries = presets(os.path.join(here, "presets"))
    common.write(out_dir, "addrmap.h", _emit_header(len(entries)))
    common.write(out_dir, "addrmap.c", _emit_source(entries))
