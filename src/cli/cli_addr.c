/*
 * gpusim addr: decode addresses under the active configuration's address
 * mapping (spec/formats.md section 2.3; src/mem/addrmap.h).
 *
 *   gpusim addr [--config NAME|FILE] [-option value ...] ADDR...
 *
 * One line per address (decimal or 0x-hex):
 *   0x12345680 channel=0 sub_partition=1 bank=11 bank_group=3 row=776 column=3200
 *   burst=0 partition_addr=0x1845c80
 * sub_partition is global (channel * n_sub + local); bank is the bank the DRAM
 * uses (after -dram_bnk_indexing_policy); column includes the burst bits (S);
 * partition_addr is the address with the channel and sub-partition bits
 * removed, which the L2 set index hashes (formats.md 2.2).
 */
#include "cli/cli.h"

#include <string.h>

#include "cli/cli_config.h"

#define ADDR_ARGS_MAX 4096

static gs_config addr_cfg;   /* large: kept off the stack */

/* Where an option was last set; NULL when it kept its default. */
static const gs_config_where *where_set(const gs_config *cfg, const char *name)
{
    int index = gs_option_find(name, strlen(name));
    if (index < 0 || cfg->meta.set_at[index].line == 0)
        return NULL;
    return &cfg->meta.set_at[index];
}

/* The latest-set option among those the mapping depends on (file order, then
 * line): a combination error points there, as the config loader's do. */
static const gs_config_where *latest_mapping_option(const gs_config *cfg)
{
    static const char *const names[] = {
        "gpgpu_mem_addr_mapping", "gpgpu_n_mem", "gpgpu_n_sub_partition_per_mchannel",
        "gpgpu_memory_partition_indexing", "gpgpu_dram_timing_opt",
        "dram_bnk_indexing_policy", "dram_bnkgrp_indexing_policy",
    };
    const gs_config_where *best = NULL;
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        const gs_config_where *w = where_set(cfg, names[i]);
        if (w && (!best || w->file_index > best->file_index
                  || (w->file_index == best->file_index && w->line > best->line)))
            best = w;
    }
    return best;
}

static int report_at(const gs_config *cfg, const gs_config_where *w, uint32_t column_offset,
                     const char *message)
{
    gs_diag located;
    if (!w)
        return gs_cli_usage_error("%s", message);
    gs_diag_set(&located, GS_E_CONFIG, cfg->meta.files[w->file_index], w->line,
                w->column + column_offset, "%s", message);
    return gs_cli_report(&located);
}

/* Parse and compile the mapping; errors are located in the configuration. */
static int compile_mapping(const gs_config *cfg, gs_addrmap *map)
{
    gs_addrmap_spec spec;
    gs_addrmap_params params;
    gs_diag diag;
    char message[GS_DIAG_MSG_MAX];
    gs_addrmap_params_from_config(cfg, &params);
    if (gs_addrmap_parse(cfg->mem_addr_mapping, &spec, &diag) != GS_OK) {
        static const char lib_prefix[] = "address mapping: ";
        const char *what = diag.message;
        if (gs_str_starts(what, lib_prefix))
            what += sizeof lib_prefix - 1u;
        gs_fmt(message, sizeof message, "-gpgpu_mem_addr_mapping: %s", what);
        return report_at(cfg, where_set(cfg, "gpgpu_mem_addr_mapping"),
                         diag.column ? diag.column - 1u : 0u, message);
    }
    if (gs_addrmap_setup(map, &spec, &params, &diag) != GS_OK)
        return report_at(cfg, latest_mapping_option(cfg), 0, diag.message);
    return 0;
}

static void print_decode(const gs_addrmap *map, uint64_t addr)
{
    gs_addr_decoded d;
    gs_addrmap_decode(map, addr, &d);
    gs_sink_printf(&gs_cli_stdout, "0x%llx channel=%u sub_partition=%u bank=%u bank_group=%u "
                   "row=%llu column=%llu burst=%llu partition_addr=0x%llx\n",
                   (unsigned long long)addr, (unsigned)d.channel, (unsigned)d.sub_partition,
                   (unsigned)d.bank, (unsigned)d.bank_group, (unsigned long long)d.row,
                   (unsigned long long)d.column, (unsigned long long)d.burst,
                   (unsigned long long)gs_addrmap_partition_address(map, addr));
}

/* Every argument the config loader left must be an address. */
static int check_addresses(int argc, char **argv, const unsigned char *used, int *count)
{
    int i;
    *count = 0;
    for (i = 1; i < argc; i++) {
        uint64_t addr;
        if (used[i])
            continue;
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return gs_cli_usage_error("addr: unknown option '%s': use --config NAME|FILE and "
                                      "-option value", argv[i]);
        if (!gs_parse_u64(argv[i], strlen(argv[i]), &addr))
            return gs_cli_usage_error("address '%s': must be a decimal or 0x-hex number "
                                      "below 2^64", argv[i]);
        (*count)++;
    }
    if (*count == 0)
        return gs_cli_usage_error("addr: no address given");
    return 0;
}

int gs_cli_addr(int argc, char **argv)
{
    static unsigned char used[ADDR_ARGS_MAX];
    gs_addrmap map;
    int i, count, rc;
    if (argc > ADDR_ARGS_MAX)
        return gs_cli_usage_error("addr: more than %d arguments", ADDR_ARGS_MAX - 1);
    memset(used, 0, sizeof used);
    rc = gs_cli_config_load(argc, argv, &addr_cfg, used);
    if (rc)
        return rc;
    rc = compile_mapping(&addr_cfg, &map);
    if (rc)
        return rc;
    rc = check_addresses(argc, argv, used, &count);
    if (rc)
        return rc;
    for (i = 1; i < argc; i++) {
        uint64_t addr = 0;
        if (used[i])
            continue;
        gs_parse_u64(argv[i], strlen(argv[i]), &addr);
        print_decode(&map, addr);
    }
    return 0;
}
