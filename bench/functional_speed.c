/* Functional executor speed (measured here, never asserted in tests): an
 * integer loop, an fma loop and the tests' compute kernel in warp
 * instructions per second of CPU time, and PTX load speed on growing texts
 * (linear). Host-side timing only; `make bench-functional` builds and runs it. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpusim.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static const char *kernels =
".version 9.0\n.target sm_75\n.address_size 64\n"
".visible .entry intloop(.param .u64 out, .param .u32 iters)\n{\n"
".reg .pred %p<2>;\n.reg .b32 %r<12>;\n.reg .b64 %rd<4>;\n"
"ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [iters];\nmov.u32 %r2, %tid.x;\n"
"mov.u32 %r3, 0;\nmov.u32 %r4, %r2;\n"
"LOOP:\nmad.lo.u32 %r4, %r4, 1664525, 1013904223;\nshr.u32 %r5, %r4, 7;\n"
"xor.b32 %r6, %r6, %r5;\nsetp.gt.u32 %p1, %r6, %r4;\nselp.u32 %r7, 3, 5, %p1;\n"
"add.u32 %r6, %r6, %r7;\nadd.u32 %r3, %r3, 1;\nsetp.lt.u32 %p1, %r3, %r1;\n@%p1 bra LOOP;\n"
"mul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r6;\nret;\n}\n"
".visible .entry fmaloop(.param .u64 out, .param .u32 iters)\n{\n"
".reg .pred %p<2>;\n.reg .b32 %r<4>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n"
"ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [iters];\nmov.u32 %r2, %tid.x;\n"
"cvt.rn.f32.u32 %f1, %r2;\nmov.f32 %f2, 0f3F800000;\nmov.f32 %f3, 0f3F000000;\nmov.u32 %r3, 0;\n"
"LOOP:\nfma.rn.f32 %f2, %f2, 0f3F7FBE77, %f1;\nfma.rn.f32 %f3, %f3, 0f3F7FBE77, %f2;\n"
"fma.rn.f32 %f4, %f2, %f3, %f1;\nfma.rn.f32 %f1, %f4, 0f3A83126F, %f1;\n"
"fma.rn.f32 %f2, %f2, 0f3F7FBE77, %f3;\nfma.rn.f32 %f3, %f3, 0f3F7FBE77, %f4;\n"
"add.u32 %r3, %r3, 1;\nsetp.lt.u32 %p1, %r3, %r1;\n@%p1 bra LOOP;\n"
"mul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.f32 [%rd3], %f3;\nret;\n}\n";

static char *read_file(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *t;
    long n;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
    t = malloc(n + 1); *length = fread(t, 1, n, f); t[n] = 0; fclose(f);
    return t;
}

static void run(const char *text, size_t length, const char *name, uint32_t grid, uint32_t iters,
                int reuse)
{
    gs_host_config hc;
    gs_host host;
    gs_arena arena;
    gs_diag diag;
    const gs_host_module *m;
    const gs_ptx_kernel *k;
    uint64_t out;
    gs_kernel_arg args[2];
    gs_dim3 g = {grid, 1, 1}, b = {256, 1, 1};
    size_t bytes;
    void *buf;
    double t0, t;
    gs_host_config_default(&hc);
    hc.devmem.page_count = 1024;
    hc.ptx_no_slot_reuse = !reuse;
    bytes = gs_host_bytes(&hc);
    buf = calloc(1, bytes);
    gs_arena_init(&arena, buf, bytes);
    if (gs_host_init(&host, &hc, &arena, &diag) ||
        gs_host_module_load(&host, "b.ptx", text, length, &m, &diag) ||
        gs_host_get_kernel(m, name, &k, &diag) ||
        gs_host_malloc(&host, grid * 256 * 4, &out, &diag)) {
        printf("setup: %s\n", diag.message); exit(1);
    }
    args[0] = gs_arg_u64(out);
    args[1] = gs_arg_u64(iters);
    t0 = now();
    if (gs_host_launch(&host, m, k, g, b, 0, args, 2, &diag)) { printf("launch: %s\n", diag.message); exit(1); }
    t = now() - t0;
    printf("%-10s reuse=%d regs %3u storage %3u: %10llu warp insts in %.3f s = %.2f M warp inst/s\n",
           name, reuse, k->num_reg_slots, k->num_reg_storage,
           (unsigned long long)host.last_launch.warp_insts, t,
           host.last_launch.warp_insts / t * 1e-6);
    free(buf);
}

/* one kernel of `reps` copies of a loop body with its own labels */
static char *big_kernel(unsigned reps, size_t *length)
{
    size_t cap = (size_t)reps * 400 + 1000, n = 0;
    char *t = malloc(cap);
    unsigned i;
    n += sprintf(t + n, ".version 9.0\n.target sm_75\n.address_size 64\n"
                 ".visible .entry big(.param .u64 out)\n{\n.reg .pred %%p<4>;\n.reg .b32 %%r<64>;\n"
                 ".reg .b64 %%rd<8>;\nld.param.u64 %%rd1, [out];\nmov.u32 %%r1, %%tid.x;\n");
    for (i = 0; i < reps; i++)
        n += sprintf(t + n, "L%u:\n\tmad.lo.s32 %%r%u, %%r1, %u, %%r%u;\n\tshr.u32 %%r%u, %%r%u, 3;\n"
                     "\tsetp.lt.u32 %%p1, %%r%u, %u;\n\t@%%p1 bra L%u;\n\tadd.s32 %%r1, %%r1, %%r%u;\n"
                     "\tst.global.u32 [%%rd1+%u], %%r1;\n",
                     i, 2 + i % 60, i, 2 + (i + 7) % 60, 2 + (i + 3) % 60, 2 + i % 60,
                     2 + (i + 3) % 60, i, i, 2 + (i + 3) % 60, (i % 64) * 4);
    n += sprintf(t + n, "\tret;\n}\n");
    *length = n;
    return t;
}

static const gs_ptx_load_options no_reuse = {1};
static void load_speed(unsigned reps, int reuse)
{
    size_t length, need;
    char *text = big_kernel(reps, &length);
    gs_arena arena;
    gs_diag diag;
    gs_ptx_module *m;
    void *buf;
    double t0, t1, t2;
    t0 = now();
    need = gs_ptx_bytes_for_text(text, length);
    t1 = now();
    buf = malloc(need);
    gs_arena_init(&arena, buf, need);
    t2 = now();
    if (gs_ptx_load_with(&arena, "big.ptx", text, length, reuse ? NULL : &no_reuse, &m, &diag)) { printf("load: %s\n", diag.message); exit(1); }
    t2 = now() - t2;
    printf("load %8zu bytes, %7u insts: bound %.3f s, load %.3f s (%.2f M insts/s); arena %zu "
           "(%.1f B/text B), kept %zu; storage %u of %u slots\n", length,
           m->kernels[0].num_insts, t1 - t0, t2, m->kernels[0].num_insts / t2 * 1e-6, need,
           (double)need / length, arena.used_bytes, m->kernels[0].num_reg_storage,
           m->kernels[0].num_reg_slots);
    free(buf);
    free(text);
}

int main(int argc, char **argv)
{
    size_t length;
    char *ek = read_file("tests/ptx/exec/exec_kernels.ptx", &length);
    int reuse;
    for (reuse = 1; reuse >= 0; reuse--) {
        run(kernels, strlen(kernels), "intloop", 8, 20000, reuse);
        run(kernels, strlen(kernels), "fmaloop", 8, 5000, reuse);
        run(ek, length, "compute", 8, 10000, reuse);
    }
    if (argc > 1) { load_speed(4000, 0); load_speed(16000, 0); load_speed(64000, 0); return 0; }
    load_speed(4000, 1);
    load_speed(16000, 1);
    load_speed(64000, 1);
    return 0;
}
