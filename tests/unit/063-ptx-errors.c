/*
 * PTX loader error paths (ptx/ptx.h; DESIGN.md section 8): every file in
 * tests/ptx/bad/ starts with "// expect: <exact diagnostic>"; loading it
 * must fail with GS_E_PTX, that exact one-line message, and the arena must
 * be left where it was. Also: an arena smaller than gs_ptx_bytes_for_text.
 */
#include "check.h"
#include "ptx/ptx.h"

#include <stdlib.h>

static const char *const bad_files[] = {
    "tex-samplerref", "tex-texref-local", "tex-cube", "tex-level", "tex-coords",
    "tex-not-texture", "tex-no-v4", "tex-sampler", "sust-formatted", "suld-no-boundary",
    "surf-texref", "txq-query", "tex-sink-coord", "tex-two-geometries", "tex-ftz",
    "suld-no-block",
    "address-size", "align-not-pow2", "atom-no-op", "bad-integer", "bar-no-mode", "call",
    "call-undefined", "call-vprintf-args", "vprintf-address", "init-function-address",
    "init-address-type", "init-address-forward", "init-address-shared",
    "init-address-paren", "call-indirect-no-prototype", "call-prototype",
    "call-arg-size", "call-arg-count", "call-entry", "call-twice-passed", "call-modifier",
    "param-address", "func-param-register",
    "carry-mad-wide", "cc-carry", "cvt-one-type", "decimal-float", "decimal-float-digits",
    "duplicate-label", "duplicate-register",
    "func-pointer", "func-address-entry", "func-address-declared", "func-local-align",
    "func-param-align", "guard-not-predicate", "init-too-large", "missing-semicolon",
    "missing-type", "module-directive", "operand-count", "param-in-body",
    "register-out-of-range", "setp-dst", "setp-extra-pred", "slct-compare", "slct-type",
    "undeclared-register",
    "undefined-label", "undefined-symbol", "unknown-modifier", "unknown-opcode",
    "unterminated-body", "unterminated-section", "var-qualifier", "vector-immediate",
    "vector-register-decl", "vector-width", "version-unknown", "version-old", "version-newer",
    "target-old", "target-unknown", "target-modifier", "no-target",
    "no-version", "target-no-arch", "redux-no-sync", "redux-type", "redux-op", "match-no-mode",
    "match-any-pred", "match-type", "kernel-name-1024", "comments-only",
    "warpsync-no-sync", "redux-pred-dst", "address-size-first", "target-suffix",
    "envreg-range"
};

static char *read_text(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)n + 1u);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    fclose(f);
    if (text)
        text[n] = '\0';
    *length = (size_t)n;
    return text;
}

/* The expected message: first line after "// expect: ". */
static void expected_of(const char *text, char *out, size_t capacity)
{
    const char *p = strstr(text, "// expect: ");
    size_t n = 0;
    out[0] = '\0';
    if (!p)
        return;
    p += strlen("// expect: ");
    while (p[n] && p[n] != '\n' && n + 1 < capacity)
        n++;
    memcpy(out, p, n);
    out[n] = '\0';
}

static int check_one(const char *name)
{
    char path[256], file[128], want[512], got[1024];
    size_t length, before;
    char *text, *buffer;
    gs_arena arena;
    gs_ptx_module *module = NULL;
    gs_diag diag;
    gs_status st;
    int ok;
    snprintf(path, sizeof path, "tests/ptx/bad/%s.ptx", name);
    snprintf(file, sizeof file, "%s.ptx", name);
    text = read_text(path, &length);
    if (!text) {
        printf("  cannot read %s\n", path);
        return 0;
    }
    expected_of(text, want, sizeof want);
    buffer = (char *)calloc(1, gs_ptx_bytes_for(length) + 4096u);
    gs_arena_init(&arena, buffer, gs_ptx_bytes_for(length) + 4096u);
    (void)gs_arena_alloc(&arena, 32);   /* something before, to see the reset */
    before = arena.used_bytes;
    memset(&diag, 0, sizeof diag);
    st = gs_ptx_load(&arena, file, text, length, &module, &diag);
    gs_diag_render(&diag, got, sizeof got);
    ok = st == GS_E_PTX && module == NULL && arena.used_bytes == before && want[0] &&
         strcmp(want, got) == 0;
    if (!ok)
        printf("  %s: status %d used %zu/%zu\n    want: %s\n    got:  %s\n", name, (int)st,
               arena.used_bytes, before, want, got);
    free(buffer);
    free(text);
    return ok;
}

static void test_bad_inputs(void)
{
    size_t i;
    for (i = 0; i < sizeof bad_files / sizeof bad_files[0]; i++)
        GS_CHECK(check_one(bad_files[i]));
}

static void test_arena_too_small(void)
{
    static const char text[] = ".version 9.0\n.target sm_75\n.address_size 64\n"
                               ".visible .entry k()\n{\n\tret;\n}\n";
    size_t need = gs_ptx_bytes_for_text(text, sizeof text - 1u);
    char *buffer = (char *)calloc(1, need + 64u);
    gs_arena arena;
    gs_ptx_module *module = NULL;
    gs_diag diag;
    char got[512];
    GS_CHECK(need < gs_ptx_bytes_for(sizeof text - 1u));
    gs_arena_init(&arena, buffer, need - 16u);
    GS_CHECK_EQ(GS_E_ARENA, gs_ptx_load(&arena, "k.ptx", text, sizeof text - 1u, &module,
                                         &diag));
    GS_CHECK(module == NULL);
    GS_CHECK_EQ(0, arena.used_bytes);
    gs_diag_render(&diag, got, sizeof got);
    GS_CHECK(strncmp(got, "k.ptx: error: arena too small to load this PTX: ", 48) == 0);
    gs_arena_init(&arena, buffer, need);
    GS_CHECK_EQ(GS_OK, gs_ptx_load(&arena, "k.ptx", text, sizeof text - 1u, &module, &diag));
    GS_CHECK(module != NULL);
    free(buffer);
}

int main(void)
{
    GS_RUN(test_bad_inputs);
    GS_RUN(test_arena_too_small);
    return gs_check_report();
}
