"""Embed the example workload files and the files they name into tables/.

Writes tables/workloads.{c,h}: one entry per examples/workloads/NAME.gsw
(sorted by name), with the workload text and every file it names (`ptx
PATH` lines and `path=` options), keyed by the path exactly as the workload
writes it (relative to the workload file). A host with no file system runs
`gpusim --functional --workload NAME` from these tables.

Texts are emitted as byte arrays rather than string literals: C99 only
promises string literals of 4095 characters (-pedantic's -Woverlength-
strings), and PTX files are longer.
"""
import os

import common

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOAD_DIR = os.path.join("examples", "workloads")
EXTENSION = ".gsw"
BYTES_PER_LINE = 16


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


def byte_array(name, data, comment):
    rows = []
    values = list(data) + [0]
    for i in range(0, len(values), BYTES_PER_LINE):
        rows.append("    " + ", ".join("%d" % b for b in values[i:i + BYTES_PER_LINE]) + ",")
    return ("/* %s (%d bytes) */\nstatic const char %s[] = {\n%s\n};\n"
            % (comment, len(data), name, "\n".join(rows)))


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def collect():
    """[(name, relpath, text bytes, [(written path, repo path, bytes)])]."""
    folder = os.path.join(ROOT, WORKLOAD_DIR)
    out = []
    for fname in sorted(os.listdir(folder)):
        if not fname.endswith(EXTENSION):
            continue
        rel = os.path.join(WORKLOAD_DIR, fname).replace(os.sep, "/")
        data = read_bytes(os.path.join(ROOT, rel))
        files = []
        for p in referenced_paths(data.decode("utf-8")):
            repo = os.path.normpath(os.path.join(WORKLOAD_DIR, p)).replace(os.sep, "/")
            files.append((p, repo, read_bytes(os.path.join(ROOT, repo))))
        out.append((fname[:-len(EXTENSION)], rel, data, files))
    return out


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

typedef struct gs_embedded_workload {
    const char *name;      /* examples/workloads/NAME.gsw */
    const char *source;    /* the repository path it was embedded from */
    const char *text;
    size_t length;
    const gs_embedded_file *files;
    unsigned num_files;
} gs_embedded_workload;

extern const gs_embedded_workload gs_embedded_workloads[];
extern const unsigned gs_embedded_workload_count;

/* The workload called `name`, or NULL. */
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


def c_source(workloads):
    parts = [common.header("workloads.py", "Embedded example workloads and their files."),
             "#include <string.h>\n\n#include \"workloads.h\"\n"]
    blobs = {}
    for name, rel, data, files in workloads:
        parts.append(byte_array("wl_text_%s" % name, data, rel))
        for _, repo, fdata in files:
            if repo not in blobs:
                blobs[repo] = "wl_blob_%d" % len(blobs)
                parts.append(byte_array(blobs[repo], fdata, repo))
    for name, rel, data, files in workloads:
        rows = ["    { \"%s\", \"%s\", %s, %d }," % (p, repo, blobs[repo], len(fdata))
                for p, repo, fdata in files]
        parts.append("static const gs_embedded_file wl_files_%s[] = {\n%s\n};\n"
                     % (name, "\n".join(rows)))
    rows = ["    { \"%s\", \"%s\",\n      wl_text_%s, %d, wl_files_%s, %d },"
            % (name, rel, name, len(data), name, len(files))
            for name, rel, data, files in workloads]
    parts.append("const gs_embedded_workload gs_embedded_workloads[] = {\n%s\n};\n"
                 % "\n".join(rows))
    parts.append("const unsigned gs_embedded_workload_count = %d;\n" % len(workloads))
    parts.append(LOOKUP)
    return "\n".join(parts)


def generate(out_dir):
    workloads = collect()
    common.write(out_dir, "workloads.h",
                 common.header("workloads.py", "Embedded example workloads.") + "\n" +
                 HEADER_BODY)
    common.write(out_dir, "workloads.c", c_source(workloads))
