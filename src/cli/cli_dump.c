/*
 * --dump-buffers DIR (issue 22 item 7; README "Output buffers"): after a
 * workload run, functional or timing, write each of the workload's `output`
 * buffers to DIR/NAME.bin as raw little-endian elements (the device's own
 * byte order, so the files are the same on every host), and a manifest,
 * DIR/manifest.txt: a `#` line naming the workload, `complete 1` when the
 * run finished or `complete 0` when it stopped early at a -gpgpu_max_* cap
 * or a signal (the buffers hold what was computed by then), then one line
 * per buffer in `output` order:
 *     NAME TYPE COUNT BYTES FILE
 * The folder is created when missing; the check runs before the simulation,
 * so a path that cannot be written stops the command before a long run, not
 * after it.
 */
#include <stdio.h>

#include "cli/cli.h"

static const char *dump_dir;   /* NULL: not asked */

#define DUMP_PATH_MAX 4096u
#define DUMP_CHUNK 65536u

void gs_cli_dump_set_dir(const char *dir)
{
    dump_dir = dir;
}

int gs_cli_dump_check(void)
{
    char path[DUMP_PATH_MAX];
    FILE *f;
    if (!dump_dir)
        return 0;
    /* Every workload names an output buffer: the parser refuses one that
     * does not (host/workload.c), so the manifest is never empty. */
    if (gs_cli_make_dirs(dump_dir, "--dump-buffers: ") != 0)
        return 2;
    gs_fmt(path, sizeof path, "%s/manifest.txt", dump_dir);
    if (!(f = fopen(path, "wb")))
        return gs_cli_usage_error("--dump-buffers: cannot write %s", path);
    fclose(f);
    remove(path);   /* written for real after the run; no empty manifest if it fails */
    return 0;
}

static int dump_one(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                    unsigned output, FILE *manifest)
{
    static unsigned char chunk[DUMP_CHUNK];
    uint16_t b = wl->outputs[output];
    const gs_wl_buffer *buffer = &wl->buffers[b];
    uint64_t total = gs_wl_buffer_bytes(buffer), done = 0;
    char path[DUMP_PATH_MAX];
    FILE *f;
    int failed;
    gs_fmt(path, sizeof path, "%s/%s.bin", dump_dir, buffer->name);
    if (!(f = fopen(path, "wb")))
        return gs_cli_usage_error("--dump-buffers: cannot write %s", path);
    while (done < total) {
        size_t n = total - done < DUMP_CHUNK ? (size_t)(total - done) : DUMP_CHUNK;
        gs_host_memcpy_to_host(host, chunk, state->address[b] + done, n);
        fwrite(chunk, 1, n, f);
        done += n;
    }
    failed = ferror(f) != 0;
    failed |= fclose(f) != 0;
    if (failed)
        return gs_cli_usage_error("--dump-buffers: cannot write %s", path);
    fprintf(manifest, "%s %s %llu %llu %s.bin\n", buffer->name,
            gs_wl_type_name((gs_wl_type)buffer->type), (unsigned long long)buffer->count,
            (unsigned long long)total, buffer->name);
    return 0;
}

int gs_cli_dump_buffers(const gs_workload *wl, gs_host *host, const gs_wl_state *state,
                        int complete)
{
    char path[DUMP_PATH_MAX];
    FILE *manifest;
    unsigned i;
    int rc = 0, failed;
    if (!dump_dir)
        return 0;
    gs_fmt(path, sizeof path, "%s/manifest.txt", dump_dir);
    if (!(manifest = fopen(path, "wb")))
        return gs_cli_usage_error("--dump-buffers: cannot write %s", path);
    fprintf(manifest, "# gpusim output buffers of %s: NAME TYPE COUNT BYTES FILE "
            "(raw little-endian)\ncomplete %d\n", wl->file, complete ? 1 : 0);
    for (i = 0; i < wl->num_outputs && rc == 0; i++)
        rc = dump_one(wl, host, state, i, manifest);
    failed = ferror(manifest) != 0;
    failed |= fclose(manifest) != 0;
    if (rc == 0 && failed)
        rc = gs_cli_usage_error("--dump-buffers: cannot write %s", path);
    return rc;
}
