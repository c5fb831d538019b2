/*
 * gpusim --check-ptx FILE... (issue 22 item 7; README "Checking PTX"): load
 * and validate PTX modules without running anything, and list each one's
 * kernels with the resources the timing model reads from them. A module
 * that does not load gets the loader's one-line file:line:col error; every
 * file is checked, and the exit status is 2 when any failed (0 otherwise).
 *
 * Per module, on stdout:
 *     FILE: PTX ISA 9.0, target sm_75, 64-bit addresses, 2 kernels, 1 function
 *       .entry NAME: 4 params (24 bytes), 12 registers, 2 predicates,
 *                    0 shared bytes, 0 local bytes, 19 instructions
 * (one line per kernel, `.func` for device functions), where registers is
 * what occupancy counts per thread (sim/gpu.c gs_sim_kernel_shape: the
 * loader's live-range register slots, or .maxnreg when smaller), shared the
 * static .shared window (`+ dynamic` when the kernel uses extern shared
 * memory) and local the per-thread static .local frame.
 */
#include <string.h>

#include "cli/cli.h"

static void list_kernel(const gs_ptx_kernel *k)
{
    gs_dim3 one = { 1, 1, 1 };
    gs_kernel_shape shape;
    gs_sim_kernel_shape(k, one, one, 0, &shape);
    gs_sink_printf(&gs_cli_stdout, "  %s ", k->is_entry ? ".entry" : ".func");
    gs_sink_puts(&gs_cli_stdout, k->name);   /* whole, however long */
    gs_sink_printf(&gs_cli_stdout, ": %u params (%u bytes), %u registers, %u predicates, "
                   "%u shared bytes%s, %u local bytes, %u instructions\n",
                   (unsigned)k->num_params, (unsigned)k->param_bytes,
                   (unsigned)shape.regs_per_thread, (unsigned)k->num_pred_slots,
                   (unsigned)k->shared_static_bytes,
                   k->uses_dynamic_shared ? " + dynamic" : "", (unsigned)k->local_bytes,
                   (unsigned)k->num_insts);
    if (k->num_funcs_linked)   /* the counts above are of the linked kernel (ptx_link.c) */
        gs_sink_printf(&gs_cli_stdout, "    linked with %u device function%s called from it\n",
                       (unsigned)k->num_funcs_linked, k->num_funcs_linked == 1u ? "" : "s");
}

static int check_one(const char *path)
{
    char *text = NULL;
    void *buffer;
    size_t length, bytes;
    gs_arena arena;
    gs_ptx_module *module = NULL;
    gs_diag diag;
    uint32_t i, entries = 0;
    int rc = 0;
    if (gs_cli_read_file(path, &text, &length, &diag) != GS_OK)
        return gs_cli_report(&diag);
    bytes = gs_ptx_bytes_for_text(text, length);
    if (!(buffer = gs_cli_alloc_arena(bytes))) {
        gs_cli_free(text);
        return gs_cli_usage_error("%s: cannot allocate %lu bytes to load it", path,
                                  (unsigned long)bytes);
    }
    gs_arena_init_zeroed(&arena, buffer, bytes);
    if (gs_ptx_load(&arena, path, text, length, &module, &diag) != GS_OK)
        rc = gs_cli_report(&diag);
    else {
        for (i = 0; i < module->num_kernels; i++)
            entries += module->kernels[i].is_entry;
        gs_sink_printf(&gs_cli_stdout, "%s: PTX ISA %u.%u, target %s, %u-bit addresses, "
                       "%u kernel%s, %u function%s\n", path,
                       (unsigned)module->version_major, (unsigned)module->version_minor,
                       module->target, (unsigned)module->address_size, (unsigned)entries,
                       entries == 1 ? "" : "s", (unsigned)(module->num_kernels - entries),
                       module->num_kernels - entries == 1 ? "" : "s");
        for (i = 0; i < module->num_kernels; i++)
            list_kernel(&module->kernels[i]);
    }
    gs_cli_free_arena(buffer);
    gs_cli_free(text);
    return rc;
}

int gs_cli_check_ptx(int argc, char **argv)
{
    int i, files = 0, failed = 0;
    for (i = 1; i < argc; i++)
        if (argv[i][0] == '-' && strcmp(argv[i], "--check-ptx") != 0 &&
            strcmp(argv[i], "--quiet") != 0)
            return gs_cli_usage_error("'%s' is not an option of --check-ptx (gpusim "
                                      "--check-ptx FILE...)", argv[i]);
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        files++;
        failed |= check_one(argv[i]) != 0;
    }
    if (files == 0)
        return gs_cli_usage_error("--check-ptx needs one or more PTX files");
    return failed ? 2 : 0;
}
