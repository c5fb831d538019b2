"""Generate tables/presets.{c,h}: the configuration presets in gen/presets/*.cfg,
embedded as text so `--config NAME` works without files (DESIGN.md section 6).

The text is parsed at run time by the same parser as any config file
(src/base/config.c). It is embedded as a byte array rather than a string
literal because C99 compilers need only support 4095-character literals.
"""
import os

import common

WHAT = "Embedded configuration presets (the .cfg files in gen/presets)."
PRESET_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "presets")


def presets():
    """(name, text) for every gen/presets/NAME.cfg, sorted by name."""
    out = []
    for fname in sorted(os.listdir(PRESET_DIR)):
        if fname.endswith(".cfg"):
            with open(os.path.join(PRESET_DIR, fname), "r", encoding="ascii") as f:
                out.append((fname[:-4], f.read()))
    return out


def c_identifier(name):
    return "".join(ch if ch.isalnum() else "_" for ch in name)


def byte_array(text):
    data = text.encode("ascii")
    rows = []
    for i in range(0, len(data), 16):
        rows.append("    " + ", ".join("0x%02x" % b for b in data[i:i + 16]) + ",")
    rows.append("    0x00")
    return "\n".join(rows)


def header_text(items):
    return (common.header("configs.py", WHAT)
            + "#ifndef GS_TABLES_PRESETS_H\n#define GS_TABLES_PRESETS_H\n\n"
            "#include <stdint.h>\n\n"
            "typedef struct gs_preset {\n"
            "    const char *name;     /* --config NAME */\n"
            "    const char *text;     /* the .cfg file, NUL-terminated */\n"
            "    uint32_t length;      /* bytes, without the NUL */\n"
            "} gs_preset;\n\n"
            "#define GS_PRESET_COUNT %du\n"
            "extern const gs_preset gs_presets[GS_PRESET_COUNT];\n\n"
            "/* The preset called name, or NULL. */\n"
            "const gs_preset *gs_preset_find(const char *name);\n\n"
            "#endif\n" % len(items))


def source_text(items):
    parts = [common.header("configs.py", WHAT),
             "#include <string.h>\n\n#include \"presets.h\"\n"]
    for name, text in items:
        parts.append("\n/* gen/presets/%s.cfg */\nstatic const char preset_%s[] = {\n%s\n};\n"
                     % (name, c_identifier(name), byte_array(text)))
    parts.append("\nconst gs_preset gs_presets[GS_PRESET_COUNT] = {\n")
    for name, text in items:
        parts.append("    { \"%s\", preset_%s, %du },\n"
                     % (name, c_identifier(name), len(text.encode("ascii"))))
    parts.append("};\n\n"
                 "const gs_preset *gs_preset_find(const char *name)\n{\n"
                 "    uint32_t i;\n"
                 "    for (i = 0; i < GS_PRESET_COUNT; i++)\n"
                 "        if (strcmp(gs_presets[i].name, name) == 0)\n"
                 "            return &gs_presets[i];\n"
                 "    return 0;\n}\n")
    return "".join(parts)


def generate(out_dir):
    items = presets()
    common.write(out_dir, "presets.h", header_text(items))
    common.write(out_dir, "presets.c", source_text(items))
