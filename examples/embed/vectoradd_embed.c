/*
 * Embedding gpusim: the library's host API (gpusim.h) runs a CUDA-style
 * program on the functional executor inside a buffer the caller owns. The
 * PTX is the embedded `vectoradd` example's (examples/kernels/vectoradd.cu);
 * any PTX text loads the same way.
 *
 * Build against an installed gpusim:
 *   cc -std=c99 vectoradd_embed.c $(pkg-config --cflags --libs gpusim) -o vectoradd_embed
 * or in the source tree:
 *   cc -std=c99 -Isrc -Itables examples/embed/vectoradd_embed.c build/libgpusim.a
 * It prints one line and exits 0 when every sum is right.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpusim.h"
#include "workloads.h"

#define N 1000u

static uint32_t float_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

int main(void)
{
    static uint32_t a[N], b[N], c[N];
    static gs_host host;
    const gs_embedded_workload *vadd = gs_embedded_workload_find("vectoradd");
    const gs_host_module *module;
    const gs_ptx_kernel *kernel;
    gs_host_config config;
    gs_kernel_arg args[4];
    gs_arena arena;
    gs_diag diag;
    gs_dim3 grid = { (N + 255u) / 256u, 1, 1 }, block = { 256, 1, 1 };
    uint64_t da, db, dc;
    size_t bytes;
    void *buffer;
    uint32_t i, wrong = 0;
    if (!vadd || vadd->num_files == 0) {
        fprintf(stderr, "vectoradd_embed: the library has no embedded vectoradd\n");
        return 1;
    }
    gs_host_config_default(&config);          /* then size the caller's buffer from it */
    bytes = gs_host_bytes(&config);
    if ((buffer = calloc(1, bytes)) == NULL)
        return 1;
    gs_arena_init_zeroed(&arena, buffer, bytes);
    for (i = 0; i < N; i++) {
        a[i] = float_bits((float)i);
        b[i] = float_bits((float)(2u * i));
    }
    if (gs_host_init(&host, &config, &arena, &diag) != GS_OK ||
        gs_host_module_load(&host, vadd->files[0].source, vadd->files[0].text,
                            vadd->files[0].length, &module, &diag) != GS_OK ||
        gs_host_get_kernel(module, "vectorAdd", &kernel, &diag) != GS_OK ||
        gs_host_malloc(&host, 4u * N, &da, &diag) != GS_OK ||
        gs_host_malloc(&host, 4u * N, &db, &diag) != GS_OK ||
        gs_host_malloc(&host, 4u * N, &dc, &diag) != GS_OK ||
        gs_host_write_u32(&host, da, a, N, &diag) != GS_OK ||
        gs_host_write_u32(&host, db, b, N, &diag) != GS_OK) {
        fprintf(stderr, "vectoradd_embed: %s: %s\n", diag.file, diag.message);
        return 1;
    }
    args[0] = gs_arg_u64(da);
    args[1] = gs_arg_u64(db);
    args[2] = gs_arg_u64(dc);
    args[3] = gs_arg_u64(N);
    if (gs_host_launch(&host, module, kernel, grid, block, 0, args, 4, &diag) != GS_OK) {
        fprintf(stderr, "vectoradd_embed: %s: %s\n", diag.file, diag.message);
        return 1;
    }
    gs_host_read_u32(&host, c, dc, N);
    for (i = 0; i < N; i++)
        wrong += c[i] != float_bits((float)(3u * i));
    printf("vectoradd_embed: gpusim %s, %u of %u sums right, %llu warp instructions\n",
           GS_VERSION_STRING, (unsigned)(N - wrong), (unsigned)N,
           (unsigned long long)host.warp_insts);
    free(buffer);
    return wrong == 0 ? 0 : 1;
}
