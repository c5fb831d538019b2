"""Tests for gen/addrmap.py (spec/formats.md section 2.3)."""
import os
import tempfile
import unittest

import addrmap

GTX480 = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
QV100 = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"
DBITS = "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBBDDD.CCCCCCCC"


def params(n, nsub, part, nbk=16, nbkgrp=4, bank=0, group=1):
    return {"n_channels": n, "n_sub_partitions": nsub, "partition_indexing": part,
            "n_banks": nbk, "n_bank_groups": nbkgrp, "bank_indexing": bank,
            "bank_group_indexing": group}


class AddrMapTest(unittest.TestCase):
    def test_gtx480_gap_rule_by_hand(self):
        m = addrmap.compile_map(GTX480, params(6, 2, 0))
        self.assertEqual(m["gap"], 1)
        # 0x123456 = 6 * 0x308B9: channel 0; fields from 0x308B980
        self.assertEqual(addrmap.decode(m, 0x12345680),
                         (0, 1, 11, 3, 0x308, 0xC80, 0, 0x1845C80))
        self.assertEqual(addrmap.decode(m, 0x500)[:2], (5, 10))
        self.assertEqual(addrmap.decode(m, 0x600)[:3], (0, 1, 1))

    def test_qv100_chip_bits_inserted(self):
        m = addrmap.compile_map(QV100, params(32, 2, 0))
        self.assertEqual(m["masks"]["chip"], 0x1F00)
        self.assertEqual(m["masks"]["bank"], 0xE2000)
        self.assertEqual(m["masks"]["row"], 0x1FFF00000)
        self.assertEqual(m["sub_mask"], 0x2000)
        self.assertEqual(addrmap.decode(m, 0x6700)[:2], (7, 15))
        ipoly = addrmap.compile_map(QV100, params(32, 2, 2))
        self.assertEqual(addrmap.decode(ipoly, 0x6700)[:2], (6, 12))
        xor = addrmap.compile_map(QV100, params(32, 2, 1))
        self.assertEqual(addrmap.decode(xor, 0x6700)[:2], (6, 13))

    def test_bank_policies(self):
        m = addrmap.compile_map(QV100, params(32, 2, 0, bank=1))
        self.assertEqual(addrmap.decode(m, 1 << 20)[2:5], (1, 1, 1))
        m = addrmap.compile_map(QV100, params(32, 2, 0, bank=1, group=0))
        self.assertEqual(addrmap.decode(m, (1 << 20) | (1 << 19))[2:4], (9, 2))
        m = addrmap.compile_map(QV100, params(32, 2, 0, bank=2))
        self.assertEqual(addrmap.decode(m, 1 << 20)[2], 3)

    def test_d_bits(self):
        m = addrmap.compile_map(DBITS, params(8, 1, 0, nbk=8, nbkgrp=1, group=0))
        self.assertEqual(m["chip_start"], 8)
        self.assertEqual(addrmap.decode(m, 0x0F00)[:3], (7, 7, 1))

    def test_ipoly_partition_non_power_of_two(self):
        # 6 channels x 2: IPOLY over 8 x 2 = 16, then % 12 (formats.md 2.3)
        m = addrmap.compile_map(GTX480, params(6, 2, 2))
        for addr in range(0, 1 << 22, 0x1F40):
            chip, sub = addrmap.decode(m, addr)[:2]
            self.assertLess(sub, 12)
            self.assertEqual(chip, sub // 2)

    def test_errors(self):
        bad = [
            ("dramid@8;0000X000", params(6, 2, 0)),
            ("dramid@8;RRRR", params(6, 2, 0)),
            ("dramid@99;" + GTX480[9:], params(6, 2, 0)),
            ("dramid@8;" + DBITS, params(8, 1, 0)),
            (DBITS, params(6, 1, 0)),
            (DBITS, params(4, 1, 0)),
            (GTX480, params(6, 2, 1)),
            (GTX480, params(6, 3, 0)),
            (GTX480, params(6, 2, 0, nbk=8)),
            (GTX480, params(6, 32, 0)),
            ("dramid@8;R" + QV100[10:], params(32, 2, 0)),
        ]
        for text, p in bad:
            with self.assertRaises(addrmap.MappingError, msg=text):
                addrmap.compile_map(text, p)

    def test_reading_presets(self):
        text = ('-gpgpu_n_mem 12 # "quoted" in a comment\n'
                '-gpgpu_dram_timing_opt "nbk=8:CCD=2:\n   nbkgrp=2:RTPL=2"\n'
                '-gpgpu_n_mem 16\n')
        p, mapping = addrmap.preset_params(addrmap.read_options(text))
        self.assertEqual((p["n_channels"], p["n_banks"], p["n_bank_groups"]), (16, 8, 2))
        self.assertEqual(mapping, addrmap.DEFAULTS["gpgpu_mem_addr_mapping"])
        self.assertEqual(addrmap.timing_banks("4:2:8:12:21:13:34:9:4:5:13:1:0:0"), (4, 1))

    def test_gtx480_first(self):
        here = os.path.dirname(os.path.abspath(__file__))
        entries = addrmap.presets(os.path.join(here, "presets"))
        self.assertEqual(entries[0][0], "gtx480")
        self.assertEqual(entries[0][2], params(6, 2, 0))

    def test_check_addresses(self):
        addrs = list(addrmap.check_addresses(67))
        self.assertEqual(addrs[:3], [1, 2, 4])
        self.assertEqual(addrs[63], 1 << 63)
        self.assertLess(addrs[64], 1 << 36)   # even index: cut to 36 bits

    def test_committed_tables_are_current(self):
        here = os.path.dirname(os.path.abspath(__file__))
        tables = os.path.join(os.path.dirname(here), "tables")
        with tempfile.TemporaryDirectory() as tmp:
            addrmap.generate(tmp)
            for name in ("addrmap.h", "addrmap.c"):
                with open(os.path.join(tmp, name)) as f, open(os.path.join(tables, name)) as g:
                    self.assertEqual(f.read(), g.read(), name)


if __name__ == "__main__":
    unittest.main()
