/* Texture and surface objects in the host API (issue 22 item 3; host.h,
 * host_tex.c): handles are 1, 2, ... and reused after destroy; a
 * descriptor breaking a rule is refused naming it; more objects than
 * gs_host_config.textures_max is GS_E_LIMIT naming the field; texel memory
 * must lie inside the device allocations; a .texref/.surfref binds only to
 * an object of its kind, and its 8 bytes in .global then hold the handle;
 * a launch of a kernel sampling an unbound .texref faults with the reason. */
#include <string.h>

#include "exec_test.h"

#define PTX "tests/ptx/exec/texref.ptx"

static gs_tex_desc plain(uint64_t base)
{
    gs_tex_desc d;
    memset(&d, 0, sizeof d);
    d.resource = GS_TEX_RES_ARRAY;
    d.dims = 2;
    d.format = GS_TEX_F32;
    d.channels = 1;
    d.width = 4;
    d.height = 4;
    d.depth = 1;
    d.pitch = 16;
    d.slice = 64;
    d.base = base;
    d.address[0] = d.address[1] = d.address[2] = GS_TEX_CLAMP;
    return d;
}

static void expect_refused(const gs_tex_desc *d, gs_status status, const char *message)
{
    gs_diag diag;
    uint64_t handle = 0;
    GS_CHECK_EQ(status, gs_host_texture_create(&exec_test_host, d, &handle, &diag));
    GS_CHECK_STR(message, diag.message);
    GS_CHECK_EQ(0, handle);
}

static void test_create_destroy(void)
{
    gs_host_config config;
    gs_diag diag;
    uint64_t base, h1 = 0, h2 = 0, h3 = 0;
    gs_tex_desc d;
    exec_test_config(&config);
    config.textures_max = 2;
    exec_test_setup_with(&config, PTX);
    base = exec_alloc(64);
    d = plain(base);
    GS_CHECK_EQ(GS_OK, gs_host_texture_create(&exec_test_host, &d, &h1, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_texture_create(&exec_test_host, &d, &h2, &diag));
    GS_CHECK_EQ(1, h1);
    GS_CHECK_EQ(2, h2);
    GS_CHECK(gs_host_texture(&exec_test_host, 2) != NULL);
    GS_CHECK(gs_host_texture(&exec_test_host, 3) == NULL);
    expect_refused(&d, GS_E_LIMIT, "more than 2 texture and surface objects at once "
                   "(gs_host_config.textures_max)");
    GS_CHECK_EQ(GS_OK, gs_host_texture_destroy(&exec_test_host, 1, &diag));
    GS_CHECK(gs_host_texture(&exec_test_host, 1) == NULL);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_texture_destroy(&exec_test_host, 1, &diag));
    GS_CHECK_STR("1 is not a texture or surface object", diag.message);
    GS_CHECK_EQ(GS_OK, gs_host_texture_create(&exec_test_host, &d, &h3, &diag));
    GS_CHECK_EQ(1, h3);   /* the freed slot */
    exec_test_done();
}

static void test_descriptor_rules(void)
{
    gs_host_config config;
    uint64_t base;
    gs_tex_desc d;
    exec_test_config(&config);
    exec_test_setup_with(&config, PTX);
    base = exec_alloc(64);
    d = plain(base);
    d.format = GS_TEX_S32;
    d.filter = GS_TEX_LINEAR;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: linear filtering needs a float "
                   "format or normalised-float reads (CUDA refuses it on integer texels read "
                   "as integers)");
    d = plain(base);
    d.read_normalized = 1;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: normalised-float reads need an "
                   "8- or 16-bit integer format (CUDA's cudaReadModeNormalizedFloat)");
    d = plain(base);
    d.channels = 3;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: the format must be u8 s8 u16 "
                   "s16 u32 s32 f16 or f32 with 1, 2 or 4 channels");
    d = plain(base);
    d.pitch = 8;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: a row pitch must hold a row, a "
                   "slice pitch a slice");
    d = plain(base);
    d.width = 131073;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: width 131073 is above CUDA's "
                   "131072");
    d = plain(base);
    d.resource = GS_TEX_RES_LINEAR;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: linear memory is a 1-D "
                   "resource");
    d = plain(base);
    d.is_surface = 1;
    d.filter = GS_TEX_LINEAR;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: a surface is an array read and "
                   "written as texels (no filtering, normalised coordinates or normalised "
                   "reads)");
    d = plain(base);
    d.height = 17;   /* 272 bytes: past the allocation's 256-byte granule */
    d.slice = 272;
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: its array of 272 bytes at "
                   "0x10000200 is outside the device allocations");
    d = plain(0);
    expect_refused(&d, GS_E_WORKLOAD, "bad texture descriptor: its array of 64 bytes at 0x0 is "
                   "outside the device allocations");
    exec_test_done();
}

static void test_references(void)
{
    gs_host_config config;
    const gs_host_module *module;
    const gs_ptx_kernel *kernel = NULL;
    gs_diag diag;
    gs_kernel_arg arg;
    uint64_t base, out, tref = 0, tex = 0, surf = 0, bound = 0;
    gs_tex_desc d;
    exec_test_config(&config);
    module = exec_test_setup_with(&config, PTX);
    base = exec_alloc(64);
    out = exec_alloc(512);
    d = plain(base);
    GS_CHECK_EQ(GS_OK, gs_host_texture_create(&exec_test_host, &d, &tex, &diag));
    d.is_surface = 1;
    GS_CHECK_EQ(GS_OK, gs_host_texture_create(&exec_test_host, &d, &surf, &diag));
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_texref_bind(&exec_test_host, module, "tref", surf,
                                                   &diag));
    GS_CHECK_STR("'tref' is a .texref and 2 is not a texture object", diag.message);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_texref_bind(&exec_test_host, module, "sref", tex,
                                                   &diag));
    GS_CHECK_STR("'sref' is a .surfref and 1 is not a surface object", diag.message);
    GS_CHECK_EQ(GS_E_WORKLOAD, gs_host_texref_bind(&exec_test_host, module, "nope", tex,
                                                   &diag));
    GS_CHECK_STR("no module-scope .texref or .surfref named 'nope'", diag.message);
    /* a launch with tref unbound: the kernel's first tex faults */
    GS_CHECK_EQ(GS_OK, gs_host_get_kernel(module, "refs", &kernel, &diag));
    arg = gs_arg_u64(out);
    GS_CHECK_EQ(GS_E_PTX, gs_host_launch(&exec_test_host, module, kernel, exec_dim(1, 1, 1),
                                         exec_dim(16, 1, 1), 0, &arg, 1, &diag));
    GS_CHECK_STR("kernel refs, CTA (0,0,0), warp 0: a null texture object (an unbound "
                 ".texref?) by thread (0,0,0) at PC 7 (handle 0x0)", diag.message);
    GS_CHECK_EQ(GS_OK, gs_host_texref_bind(&exec_test_host, module, "tref", tex, &diag));
    GS_CHECK_EQ(GS_OK, gs_host_symbol_address(module, "tref", &tref, &diag));
    gs_host_read_u64(&exec_test_host, &bound, tref, 1);
    GS_CHECK_EQ(tex, bound);
    exec_test_done();
}

int main(void)
{
    (void)exec_test_setup;   /* each test sets its own configuration */
    GS_RUN(test_create_destroy);
    GS_RUN(test_descriptor_rules);
    GS_RUN(test_references);
    return gs_check_report();
}
