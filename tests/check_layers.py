#!/usr/bin/env python3
"""One-way layers (DESIGN.md section 2): `make check-layers`. Also: the
command-line tool (src/cli/, src/main.c) includes no library header but the
public "gpusim.h" (issue 21: whatever the CLI does, an embedder can do).

The library's folders are ranked, lowest first:

    base < port < fp < mem < core < mech < ptx < exec < trace < host < sim < cli

A file may include headers of its own folder and of lower-ranked folders,
never of a higher one.  src/main.c and src/gpusim.h rank with cli.  A
generated header in tables/ ranks with the highest folder it includes (so
tables/opcodes.h, which includes base/inst.h, is usable from base upwards);
tables/*.c may include only what its own header may.  Every quoted include
must name its folder ("mem/cache.h", not "cache.h"), so the rule can be read
off the line.  A violation prints `file:line: include "x" points against the
layer order (a < b)` and the script exits 1.

    python3 tests/check_layers.py [--root DIR]
"""
import os
import re
import sys

ORDER = ["base", "port", "fp", "mem", "core", "mech", "ptx", "exec", "trace", "host",
         "sim", "cli"]
RANK = {name: i for i, name in enumerate(ORDER)}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def includes(path):
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if m:
                yield number, m.group(1)


def table_ranks(root):
    """Rank of each tables/ header: the highest folder it includes."""
    tables = os.path.join(root, "tables")
    ranks = {}
    names = sorted(os.listdir(tables)) if os.path.isdir(tables) else []
    headers = [n for n in names if n.endswith(".h")]
    for _ in headers:                       # a fixed point over table->table includes
        for name in headers:
            rank = 0
            for _, inc in includes(os.path.join(tables, name)):
                folder = inc.split("/")[0] if "/" in inc else None
                rank = max(rank, RANK.get(folder, ranks.get(inc, 0)))
            ranks[name] = rank
    return ranks


def layer_of(rel):
    """Folder rank of a file given relative to the root, or None."""
    parts = rel.split("/")
    if parts[0] == "src" and len(parts) == 2:
        return RANK["cli"]                  # src/main.c, src/gpusim.h
    if parts[0] == "src":
        return RANK.get(parts[1])
    return None


def check(root):
    ranks = table_ranks(root)
    problems = []
    files = []
    for top in ("src", "tables"):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            files += [os.path.join(dirpath, n) for n in names if n.endswith((".c", ".h"))]
    for path in sorted(files):
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if rel.startswith("tables/"):
            own = ranks.get(os.path.basename(rel)[:-2] + ".h", 0)
            own_name = "tables"
        else:
            own = layer_of(rel)
            own_name = rel.split("/")[1] if rel.count("/") > 1 else "cli"
            if own is None:
                problems.append("%s:1: folder '%s' has no place in the layer order %s"
                                % (rel, own_name, " < ".join(ORDER)))
                continue
        cli_file = rel.startswith("src/cli/") or rel == "src/main.c"
        for number, inc in includes(path):
            if cli_file and "/" in inc and inc.split("/")[0] != "cli":
                problems.append('%s:%d: include "%s": the command-line tool uses only the '
                                'public API (include "gpusim.h")' % (rel, number, inc))
                continue
            if "/" in inc:
                folder = inc.split("/")[0]
                if folder not in RANK:
                    problems.append('%s:%d: include "%s" names no layer folder'
                                    % (rel, number, inc))
                    continue
                target = RANK[folder]
            elif inc in ranks:
                target, folder = ranks[inc], "tables/" + inc
            elif own_name == "cli":
                continue                    # src/main.c, src/gpusim.h next to each other
            else:
                problems.append('%s:%d: include "%s" must name its folder ("%s/%s")'
                                % (rel, number, inc, own_name, inc))
                continue
            if target > own:
                problems.append('%s:%d: include "%s" points against the layer order '
                                '(%s < %s)' % (rel, number, inc,
                                               ORDER[own] if own_name != "tables"
                                               else "tables", ORDER[target]))
    return problems


def main(argv):
    root = "."
    if len(argv) == 3 and argv[1] == "--root":
        root = argv[2]
    elif len(argv) != 1:
        sys.stderr.write("usage: check_layers.py [--root DIR]\n")
        return 2
    problems = check(root)
    for line in problems:
        print(line)
    if problems:
        print("check-layers: %d include(s) against the layer order" % len(problems))
        return 1
    print("check-layers: every include follows %s" % " < ".join(ORDER))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
