"""Embed the workload files and the files they name into tables/.

Writes tables/workloads.{c,h}: one entry per workload file, with its text
and every file it names (`ptx PATH` lines and `path=` options), keyed by the
path exactly as the workload writes it (relative to the workload file). A
host with no file system runs `gpusim --workload NAME` from these tables.

Two kinds of workload files are embedded:
  * examples/workloads/NAME.gsw: the test examples, looked up as NAME, suite
    "example", no size; the description is their first comment line.
  * examples/suite/NAME/{small,paper}.gsw: the benchmark suite, looked up as
    NAME:small and NAME:paper. Each opens with the header comment lines
        # workload: NAME
        # suite: <origin suite>
        # size: small|paper
        # description: <one line>
    (in any order, before the first directive); a missing or inconsistent
    header stops generation with a file:line message.

Texts are emitted as byte arrays rather than string literals: C99 only
promises string literals of 4095 characters (-pedantic's -Woverlength-
strings), and PTX files are longer. A file named by several workloads (the
PTX two sizes share) is embedded once.
"""
import os

import common

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOAD_DIR = os.path.join("examples", "workloads")
SUITE_DIR = os.path.join("examples", "suite")
EXTENSION = ".gsw"
SIZES = ("small", "paper")
HEADER_KEYS = ("workload", "suite", "size", "description")
LINE_WIDTH = 96
EXAMPLE_SUITE = "example"


class WorkloadError(Exception):
    """A suite workload file whose header breaks the conventions."""


def referenced_paths(text):
    """Paths a workload names: `ptx PATH` and `path=P` words, in order."""
    paths = []
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) == 2 and words[0] == "ptx":
            paths.append(words[1])
        paths.extend(w[len("path="):] for w in words if w.startswith("path="))
    seen = []
    for p in paths:
        if p not in seen:
            seen.append(p)
    return seen


def header_fields(text, where):
    """The `# key: value` lines before the first directive, as a dict."""
    fields = {}
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            break
        body = stripped[1:].strip()
        key, sep, value = body.partition(":")
        key = key.strip()
        if sep and key in HEADER_KEYS:
            if key in fields:
                raise WorkloadError("%s:%d: header '%s' given twice" % (where, number, key))
            fields[key] = value.strip()
    return fields


def check_suite_header(fields, name, size, where):
    for key in HEADER_KEYS:
        if not fields.get(key):
            raise WorkloadError("%s:1: missing header line '# %s: ...'" % (where, key))
    if fields["workload"] != name:
        raise WorkloadError("%s:1: '# workload: %s' but the folder is '%s'"
                            % (where, fields["workload"], name))
    if fields["size"] != size:
        raise WorkloadError("%s:1: '# size: %s' but the file is '%s.gsw'"
                            % (where, fields["size"], size))
    for key in HEADER_KEYS:
        if any(ord(c) < 32 or ord(c) > 126 for c in fields[key]):
            raise WorkloadError("%s:1: header '%s' must be printable ASCII" % (where, key))


def first_comment(text):
    """An example's description: its first comment line."""
    for line in text.splitlines():
        if line.startswith("#"):
            return line[1:].strip()
    return ""


def byte_array(name, data, comment):
    rows, row = [], ""
    for b in list(data) + [0]:
        item = "%d," % b
        if len(row) + len(item) > LINE_WIDTH:
            rows.append(row)
            row = ""
        row += item
    rows.append(row)
    return ("/* %s (%d bytes) */\nstatic const char %s[] = {\n%s\n};\n"
            % (comment, len(data), name, "\n".join(rows)))


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def load_entry(rel, key, workload, suite, size, description, data):
    """An entry: dict with the lookup key, header fields, text and files."""
    folder = os.path.dirname(rel)
    files = []
    for p in referenced_paths(data.decode("utf-8")):
        repo = os.path.normpath(os.path.join(folder, p)).replace(os.sep, "/")
        files.append((p, repo, read_bytes(os.path.join(ROOT, repo))))
    return {"key": key, "workload": workload, "suite": suite, "size": size,
            "description": description, "rel": rel, "data": data, "files": files}


def collect_examples():
    folder = os.path.join(ROOT, WORKLOAD_DIR)
    out = []
    for fname in sorted(os.listdir(folder)):
        if not fname.endswith(EXTENSION):
            continue
        name = fname[:-len(EXTENSION)]
        rel = os.path.join(WORKLOAD_DIR, fname).replace(os.sep, "/")
        data = read_bytes(os.path.join(ROOT, rel))
        out.append(load_entry(rel, name, name, EXAMPLE_SUITE, "",
                              first_comment(data.decode("utf-8")), data))
    return out


def collect_suite():
    """Every examples/suite/NAME/SIZE.gsw, by name then size (small first)."""
    folder = os.path.join(ROOT, SUITE_DIR)
    if not os.path.isdir(folder):
        return []
    out = []
    for name in sorted(os.listdir(folder)):
        if not os.path.isdir(os.path.join(folder, name)):
            continue
        for size in SIZES:
            rel = "/".join((SUITE_DIR.replace(os.sep, "/"), name, size + EXTENSION))
            path = os.path.join(ROOT, rel)
            if not os.path.exists(path):
                continue
            data = read_bytes(path)
            fields = header_fields(data.decode("utf-8"), rel)
            check_suite_header(fields, name, size, rel)
            out.append(load_entry(rel, "%s:%s" % (name, size), name, fields["suite"], size,
                                  fields["description"], data))
    return out


def collect():
    """The examples (sorted by name), then the suite (by name, small first)."""
    return collect_examples() + collect_suite()


HEADER_BODY = """#ifndef GS_TABLES_WORKLOADS_H
#define GS_TABLES_WORKLOADS_H

#include <stddef.h>

/* A file an embedded workload names, keyed by the path as written. */
typedef struct gs_embedded_file {
    const char *path;
    const char *source;    /* the repository path it was embedded from */
    const char *text;      /* NUL-terminated; length excludes the NUL */
    size_t length;
} gs_embedded_file;

/* An embedded workload file: an example (examples/workloads/NAME.gsw,
 * looked up as NAME, suite "example", size "") or a suite benchmark at one
 * size (examples/suite/NAME/SIZE.gsw, looked up as NAME:SIZE). */
typedef struct gs_embedded_workload {
    const char *name;         /* lookup key: NAME (example) or NAME:SIZE (suite) */
    const char *workload;     /* NAME */
    const char *suite;        /* origin suite ("PolyBench", ...) or "example" */
    const char *size;         /* "small" / "paper"; "" for examples */
    const char *description;  /* one line */
    const char *source;       /* the repository path it was embedded from */
    const char *text;
    size_t length;
    const gs_embedded_file *files;
    unsigned num_files;
} gs_embedded_workload;

/* Examples first (by name), then the suite (by name, small before paper). */
extern const gs_embedded_workload gs_embedded_workloads[];
extern const unsigned gs_embedded_workload_count;
extern const unsigned gs_embedded_example_count;   /* the first entries */

/* The workload whose lookup key is `name`, or NULL. */
const gs_embedded_workload *gs_embedded_workload_find(const char *name);
/* The file `path` (as the workload writes it) of workload `wl`, or NULL. */
const gs_embedded_file *gs_embedded_workload_file(const gs_embedded_workload *wl,
                                                  const char *path);

#endif
"""

LOOKUP = """
const gs_embedded_workload *gs_embedded_workload_find(const char *name)
{
    unsigned i;
    for (i = 0; i < gs_embedded_workload_count; i++)
        if (strcmp(gs_embedded_workloads[i].name, name) == 0)
            return &gs_embedded_workloads[i];
    return NULL;
}

const gs_embedded_file *gs_embedded_workload_file(const gs_embedded_workload *wl,
                                                  const char *path)
{
    unsigned i;
    for (i = 0; i < wl->num_files; i++)
        if (strcmp(wl->files[i].path, path) == 0)
            return &wl->files[i];
    return NULL;
}
"""


def c_text(text):
    """A C string literal of printable ASCII ('?' escaped: no trigraphs)."""
    return '"%s"' % (text.replace("\\", "\\\\").replace('"', '\\"')
                     .replace("?", "\\?"))


def c_source(entries):
    parts = [common.header("workloads.py", "Embedded workloads (examples and suite) "
                           "and their files."),
             "#include <string.h>\n\n#include \"workloads.h\"\n"]
    blobs = {}
    for n, e in enumerate(entries):
        e["text_var"] = "wl_text_%d" % n
        parts.append(byte_array(e["text_var"], e["data"], e["rel"]))
        for _, repo, fdata in e["files"]:
            if repo not in blobs:
                blobs[repo] = "wl_blob_%d" % len(blobs)
                parts.append(byte_array(blobs[repo], fdata, repo))
    for n, e in enumerate(entries):
        rows = ["    { %s, %s, %s, %d }," % (c_text(p), c_text(repo), blobs[repo], len(fdata))
                for p, repo, fdata in e["files"]]
        parts.append("static const gs_embedded_file wl_files_%d[] = {\n%s\n};\n"
                     % (n, "\n".join(rows)))
    rows = []
    for n, e in enumerate(entries):
        rows.append("    { %s, %s, %s, %s,\n      %s,\n      %s, %s, %d, wl_files_%d, %d },"
                    % (c_text(e["key"]), c_text(e["workload"]), c_text(e["suite"]),
                       c_text(e["size"]), c_text(e["description"]), c_text(e["rel"]),
                       e["text_var"], len(e["data"]), n, len(e["files"])))
    parts.append("const gs_embedded_workload gs_embedded_workloads[] = {\n%s\n};\n"
                 % "\n".join(rows))
    examples = sum(1 for e in entries if e["suite"] == EXAMPLE_SUITE and not e["size"])
    parts.append("const unsigned gs_embedded_workload_count = %d;\n" % len(entries))
    parts.append("const unsigned gs_embedded_example_count = %d;\n" % examples)
    parts.append(LOOKUP)
    return "\n".join(parts)


def generate(out_dir):
    entries = collect()
    common.write(out_dir, "workloads.h",
                 common.header("workloads.py", "Embedded workloads.") + "\n" + HEADER_BODY)
    common.write(out_dir, "workloads.c", c_source(entries))
