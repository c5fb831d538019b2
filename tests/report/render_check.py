#!/usr/bin/env python3
"""Render a gpusim report headless in Chromium and check the picture (issue 13
part 5; README "Reports"; run by .ci/run).

    python3 tests/report/render_check.py [--gpusim build/gpusim] [--keep DIR]

Builds the report of the fixed inputs in tests/report/inputs/ (a study CSV and
a run's samples), renders it with `chromium --headless --screenshot`, decodes
the PNG here (standard library only: zlib and the PNG filters) and checks:
  - the size is the window asked for;
  - it is not blank: enough non-white pixels and many distinct colours;
  - every series colour of the figures appears (the Okabe-Ito colours of the
    bars and lines, and both ends of the heat map's scale).
Prints SKIPPED and exits 0 when no Chromium is installed (CI installs it).
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTH, HEIGHT = 1100, 5200
SERIES = {   # colour: what draws it
    (0x00, 0x72, 0xB2): "first configuration / IPC / L1D / line-allocation fails",
    (0xE6, 0x9F, 0x00): "second configuration / L2 miss rate",
    (0x00, 0x9E, 0x73): "MSHR-entry fails",
    (0x44, 0x01, 0x54): "heat map, IPC 0",
    (0xFD, 0xE7, 0x25): "heat map, the highest IPC",
}


def png_pixels(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s is not a PNG" % path)
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        raise ValueError("unsupported PNG: depth %d, colour type %d, interlace %d"
                         % (depth, colour_type, interlace))
    bpp = 3 if colour_type == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpusim", default=os.path.join(ROOT, "build", "gpusim"))
    ap.add_argument("--keep", help="leave report.html and report.png in this folder")
    args = ap.parse_args()
    chromium = find_chromium()
    if not chromium:
        print("render_check: SKIPPED (no chromium installed)")
        return 0
    work = args.keep or tempfile.mkdtemp(prefix="gpusim-report-")
    os.makedirs(work, exist_ok=True)
    html = os.path.join(work, "report.html")
    png = os.path.join(work, "report.png")
    inputs = [os.path.join(ROOT, "tests", "report", "inputs", name)
              for name in ("smoke.csv", "vadd.samples.csv")]
    subprocess.run([args.gpusim, "report", "--title", "gpusim report (render check)",
                    "--out", html] + inputs, check=True)
    if os.path.exists(png):
        os.remove(png)
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", "--force-color-profile=srgb",
                    "--window-size=%d,%d" % (WIDTH, HEIGHT), "--screenshot=" + png,
                    "file://" + html], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=180)
    width, height, rows = png_pixels(png)
    failures = []
    if (width, height) != (WIDTH, HEIGHT):
        failures.append("size %dx%d, asked for %dx%d" % (width, height, WIDTH, HEIGHT))
    counts = {}
    for row in rows:
        for pixel in row:
            counts[pixel] = counts.get(pixel, 0) + 1
    total = width * height
    non_white = total - counts.get((255, 255, 255), 0)
    if non_white * 100 < total * 3:
        failures.append("blank: %d of %d pixels are not white" % (non_white, total))
    if len(counts) < 50:
        failures.append("only %d distinct colours" % len(counts))
    for colour, what in sorted(SERIES.items()):
        if counts.get(colour, 0) < 100:
            failures.append("series colour #%02X%02X%02X (%s) in %d pixels (< 100)"
                            % (colour + (what, counts.get(colour, 0))))
    print("render_check: %dx%d PNG, %d non-white pixels (%.1f%%), %d colours, series: %s"
          % (width, height, non_white, 100.0 * non_white / total, len(counts),
             ", ".join("#%02X%02X%02X %d" % (c + (counts.get(c, 0),)) for c in sorted(SERIES))))
    if not args.keep:
        shutil.rmtree(work)
    for f in failures:
        print("render_check: FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
