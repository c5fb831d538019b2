/*
 * gpusim hash: print the cache set of addresses under one set-index function
 * (spec/formats.md section 2.2; PRIC, spec/seed-000-dwt-pric.md section 2.5).
 *
 *   gpusim hash --fn linear|xor|fermi|ipoly --sets N [--poly P] [--bits K]
 *               [--line BYTES] ADDR...
 *
 * One decimal set index per address, one per line. Addresses and numbers are
 * decimal or 0x-hex. --line defaults to 128; --poly (ipoly only) to the
 * default polynomial of the size; --bits (ipoly only) is the number of
 * line-address bits above the index that are hashed (default: 13/15/19 for
 * 16/32/64 sets as GPGPU-Sim, else all of them). Bad use: one line, exit 2.
 */
#include "cli/cli.h"

#include <string.h>


typedef struct hash_args {
    gs_index_params params;
    int have_fn, have_sets, have_poly, have_bits;
    int first_addr;     /* index in argv of the first address; 0 = none */
} hash_args;

static int parse_number(const char *flag, const char *text, uint32_t max, uint32_t *out)
{
    uint64_t v = 0;
    if (!text)
        return gs_cli_usage_error("%s needs a value", flag);
    if (!gs_parse_u64(text, strlen(text), &v) || v > max)
        return gs_cli_usage_error("%s '%s': must be a decimal or 0x-hex number up to %u",
                                  flag, text, (unsigned)max);
    *out = (uint32_t)v;
    return 0;
}

static int parse_fn(const char *text, hash_args *a)
{
    if (!text)
        return gs_cli_usage_error("--fn needs a value: linear, xor, fermi or ipoly");
    if (!gs_index_fn_from_name(text, &a->params.fn))
        return gs_cli_usage_error("--fn '%s': must be linear, xor, fermi or ipoly", text);
    a->have_fn = 1;
    return 0;
}

/* One option at argv[*i]; 0 ok, else the exit status. */
static int parse_option(int argc, char **argv, int *i, hash_args *a)
{
    const char *flag = argv[*i];
    const char *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    int rc;
    (*i)++;
    if (strcmp(flag, "--fn") == 0)
        return parse_fn(value, a);
    if (strcmp(flag, "--sets") == 0)
        rc = parse_number(flag, value, 0xFFFFFFFFu, &a->params.n_sets), a->have_sets = 1;
    else if (strcmp(flag, "--line") == 0)
        rc = parse_number(flag, value, 0xFFFFFFFFu, &a->params.line_bytes);
    else if (strcmp(flag, "--poly") == 0)
        rc = parse_number(flag, value, 0xFFFFFFFFu, &a->params.poly), a->have_poly = 1;
    else if (strcmp(flag, "--bits") == 0)
        rc = parse_number(flag, value, 64u, &a->params.hashed_bits), a->have_bits = 1;
    else
        return gs_cli_usage_error("unknown option '%s': use --fn, --sets, --poly, --bits, "
                                  "--line", flag);
    return rc;
}

static int parse_args(int argc, char **argv, hash_args *a)
{
    int i = 1, rc;
    memset(a, 0, sizeof *a);
    a->params.line_bytes = 128u;
    while (i < argc && argv[i][0] == '-' && argv[i][1] == '-') {
        rc = parse_option(argc, argv, &i, a);
        if (rc)
            return rc;
        i++;
    }
    if (!a->have_fn)
        return gs_cli_usage_error("hash: --fn is required (linear, xor, fermi or ipoly)");
    if (!a->have_sets)
        return gs_cli_usage_error("hash: --sets is required (a power of two)");
    if ((a->have_poly || a->have_bits) && a->params.fn != GS_INDEX_IPOLY)
        return gs_cli_usage_error("hash: --poly and --bits apply only to --fn ipoly");
    if (a->have_poly && a->params.poly == 0)
        return gs_cli_usage_error("--poly 0: must be an irreducible polynomial");
    if (a->have_bits && a->params.hashed_bits == 0)
        return gs_cli_usage_error("--bits 0: must be at least 1");
    if (i >= argc)
        return gs_cli_usage_error("hash: no address given");
    a->first_addr = i;
    return 0;
}

int gs_cli_hash(int argc, char **argv)
{
    hash_args a;
    gs_set_index index;
    gs_diag diag;
    int i, rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    if (gs_set_index_setup(&index, &a.params, &diag) != GS_OK)
        return gs_cli_usage_error("hash: %s", diag.message);
    for (i = a.first_addr; i < argc; i++) {   /* check all before printing any */
        uint64_t addr;
        if (!gs_parse_u64(argv[i], strlen(argv[i]), &addr))
            return gs_cli_usage_error("address '%s': must be a decimal or 0x-hex number "
                                      "below 2^64", argv[i]);
    }
    for (i = a.first_addr; i < argc; i++) {
        uint64_t addr = 0;
        gs_parse_u64(argv[i], strlen(argv[i]), &addr);
        gs_sink_printf(&gs_cli_stdout, "%u\n", (unsigned)gs_set_index_lookup(&index, addr));
    }
    return 0;
}
