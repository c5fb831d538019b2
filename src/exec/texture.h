/*
 * The texture unit's arithmetic (issue 22 item 3; PTX ISA "Texture
 * Instructions" and "Surface Instructions"; CUDA C Programming Guide,
 * "Texture Fetching"): how tex, tld4 and suld/sust turn a texture or
 * surface object and coordinates into texel addresses and results.
 *
 * A texture (or surface) object is a descriptor in the host's table
 * (host.h, gs_host_texture_create); the kernel holds its handle, a small
 * non-zero integer as CUDA's cudaTextureObject_t is. Texels live in device
 * memory, row-major: texel (x, y, z) of a resource is at
 * base + z * slice + y * pitch + x * texel bytes (decision: CUDA arrays
 * have an opaque, tiled layout; gpusim lays them out linearly, which only
 * changes which addresses the texture cache sees).
 *
 * Everything is integer arithmetic on raw IEEE bits, so the results are
 * the same on every host. The rules are fitted to what an H100 and an H200
 * return (tests/device/h100/tex_probe.txt, tests/device/h200/tex_probe2.txt;
 * texture.c lists each rule and how well it matches).
 */
#ifndef GS_EXEC_TEXTURE_H
#define GS_EXEC_TEXTURE_H

#include <stdint.h>

/* Channel formats (cudaChannelFormatKind with the channel size). */
typedef enum gs_tex_format {
    GS_TEX_U8 = 0, GS_TEX_S8, GS_TEX_U16, GS_TEX_S16, GS_TEX_U32, GS_TEX_S32, GS_TEX_F16,
    GS_TEX_F32, GS_TEX_FORMAT_COUNT
} gs_tex_format;

/* Address modes, in cudaTextureAddressMode's order. */
typedef enum gs_tex_address {
    GS_TEX_WRAP = 0, GS_TEX_CLAMP, GS_TEX_MIRROR, GS_TEX_BORDER
} gs_tex_address;

typedef enum gs_tex_filter { GS_TEX_POINT = 0, GS_TEX_LINEAR } gs_tex_filter;

/* What the texels sit in (cudaResourceType). */
typedef enum gs_tex_resource {
    GS_TEX_RES_ARRAY = 0,   /* a CUDA array: 1-D, 2-D, 3-D or layered */
    GS_TEX_RES_LINEAR,      /* linear memory, 1-D, read with integer coordinates
                             * (tex1Dfetch) */
    GS_TEX_RES_PITCH2D      /* pitched 2-D linear memory */
} gs_tex_resource;

typedef struct gs_tex_desc {
    uint8_t resource;          /* gs_tex_resource */
    uint8_t dims;              /* 1, 2 or 3 (a layered resource: of one layer) */
    uint8_t layered;           /* 1: `depth` layers of 1-D or 2-D texels */
    uint8_t format;            /* gs_tex_format */
    uint8_t channels;          /* 1, 2 or 4 */
    uint8_t read_normalized;   /* cudaReadModeNormalizedFloat: 8- and 16-bit integer
                                * formats read as floats in [0,1] / [-1,1] */
    uint8_t filter;            /* gs_tex_filter */
    uint8_t normalized_coords; /* coordinates in [0,1) of each dimension */
    uint8_t address[3];        /* gs_tex_address per dimension */
    uint8_t is_surface;        /* made as a surface object (suld/sust) */
    uint32_t width, height, depth;   /* texels (height 1 for 1-D, depth 1 below 3-D;
                                      * depth = layers when layered) */
    uint64_t base;             /* device address of texel (0, 0, 0) */
    uint64_t pitch;            /* bytes from one row to the next */
    uint64_t slice;            /* bytes from one 2-D slice (or layer) to the next */
    uint32_t border[4];        /* border colour: f32 bits, or the integer for
                                * integer texels read as integers */
} gs_tex_desc;

/* Bytes of one texel. */
unsigned gs_tex_texel_bytes(const gs_tex_desc *desc);

/* Read `bytes` (1..16, a texel) little-endian bytes at a device address
 * into value[0..1] (low 8 bytes in value[0]); return 0 when it cannot (the
 * reader records why). */
typedef int (*gs_tex_read_fn)(void *context, uint64_t address, unsigned bytes,
                              uint64_t value[2]);

/* The texel addresses one lane's fetch read, for the timing model's
 * texture cache (at most 8: a 3-D linear fetch). */
#define GS_TEX_FOOTPRINT_MAX 8u
typedef struct gs_tex_footprint {
    uint32_t count;
    uint64_t addr[GS_TEX_FOOTPRINT_MAX];
} gs_tex_footprint;

/* Coordinates of one lane's tex: c[0..2] as raw 32-bit register bits,
 * f32 when coords_float, else s32 texel indices; layer: the layer index
 * of a layered fetch (s32 bits). */
typedef struct gs_tex_coords {
    uint32_t c[3];
    uint32_t layer;
    uint8_t coords_float;
} gs_tex_coords;

/* tex: sample the texture at `coords`; out[0..3] = r, g, b, a as 32-bit
 * bits: f32 for float formats and normalised reads, the integer (sign- or
 * zero-extended) for integer formats read as elements. Returns 0 when a
 * texel read failed. */
int gs_tex_sample(const gs_tex_desc *desc, const gs_tex_coords *coords, gs_tex_read_fn read,
                  void *context, uint32_t out[4], gs_tex_footprint *footprint);

/* tld4 (tex2Dgather): component `component` (0..3 = r g b a) of the four
 * texels a 2-D linear fetch at `coords` would blend. */
int gs_tex_gather(const gs_tex_desc *desc, unsigned component, const gs_tex_coords *coords,
                  gs_tex_read_fn read, void *context, uint32_t out[4],
                  gs_tex_footprint *footprint);

/* Surface boundary modes (suld/sust .trap .clamp .zero). */
typedef enum gs_surf_boundary {
    GS_SURF_TRAP = 0, GS_SURF_CLAMP, GS_SURF_ZERO
} gs_surf_boundary;

/* suld.b / sust.b: the device address of `bytes` bytes at byte coordinate
 * x (bytes from the row start), row y, slice or layer z, under the
 * boundary mode. Returns 1 with *address set when the access is inside (or
 * clamped inside); 0 when it is outside: a .zero load reads zeros and a
 * .zero store is dropped; .trap is then a fault. */
int gs_surf_address(const gs_tex_desc *desc, unsigned dims, int32_t x, int32_t y, int32_t z,
                    unsigned bytes, gs_surf_boundary boundary, uint64_t *address);

#endif
