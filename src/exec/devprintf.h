/*
 * Device printf (issue 22 item 2; CUDA C Programming Guide, "Formatted
 * Output"): what `vprintf(format, args)` prints for one thread, and the
 * per-launch buffer its output goes to.
 *
 * nvcc compiles printf(fmt, a, b, ...) into a call of the extern function
 * vprintf with two generic addresses: the format string and a buffer in the
 * thread's local memory holding the arguments, each at an offset aligned to
 * its size (char and short promoted to a 4-byte int, float to an 8-byte
 * double, pointers 8 bytes). The conversion's length modifier tells how
 * many bytes an argument takes, as it does for the CUDA driver, which
 * formats the buffer on the host after the kernel.
 *
 * Formatting (decisions, README "printf"), as measured on an H100 with
 * CUDA 13.0 (tests/device/): the CUDA driver parses each specification
 * with its own grammar and formats it as glibc does.
 *  - Specifications: flags - + space # 0, a width in digits or '*' (an
 *    int argument before the value; negative is '-'), a precision in
 *    digits, length h, hh, l or ll, conversions d i u o x X c s p f F e E g
 *    G a A, and "%%". Anything else (a '*' precision, the length
 *    modifiers z j t L q, %n, an unknown conversion, '%' with flags, a
 *    format that ends inside a specification) is printed as written and
 *    reads no argument, as CUDA does.
 *  - Each conversion prints what glibc prints: %p 0x... or (nil), a null
 *    %s (null) (nothing when the precision is under 6), %lc and %ls only
 *    ASCII (glibc's C locale), %c of 0 a NUL byte.
 *  - Deviations, where CUDA's output is unspecified: CUDA 13 mishandles
 *    hh (it prints an unspecified value and does not count the argument);
 *    gpusim converts it as C does. CUDA formats at most 32 arguments and
 *    prints unspecified values for conversions beyond them; gpusim formats
 *    them all, and returns at most 32 as CUDA does.
 *  - The return value: the number of arguments read (at most 32), -1 for a
 *    null format.
 *  - Floating point is converted exactly with integers: a double's value
 *    m * 2^e is written as the decimal digits of m * 5^-e (or m * 2^e) and
 *    rounded half to even at the requested digit, so %f, %e and %g give
 *    the correctly rounded digits glibc gives, on every host.
 */
#ifndef GS_EXEC_DEVPRINTF_H
#define GS_EXEC_DEVPRINTF_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/status.h"

/* Read `bytes` (1, 4 or 8) little-endian bytes at a device address; return
 * 0 when it cannot (the reader records why: the executor faults). */
typedef int (*gs_devprintf_read_fn)(void *context, uint64_t address, unsigned bytes,
                                    uint64_t *value);

#define GS_DEVPRINTF_ARGS_MAX 32u         /* CUDA formats at most 32 arguments */
#define GS_DEVPRINTF_NULL_FORMAT (-1)   /* CUDA: printf returns -1 for a null format */
#define GS_DEVPRINTF_FAULT (-3)         /* a read failed */

/* Format one call into out[0..capacity): returns the number of arguments
 * it read (vprintf's return value), GS_DEVPRINTF_NULL_FORMAT or
 * GS_DEVPRINTF_FAULT; *length is the text's length and *full is set when
 * the text did not fit (out then holds its first `capacity` bytes). */
int gs_devprintf_format(uint64_t format, uint64_t args, gs_devprintf_read_fn read,
                        void *context, char *out, uint32_t capacity, uint32_t *length,
                        int *full);

/* The output of one launch: records of (block, thread, text) in the order
 * the calls ran, then sorted into thread order (block, then thread, then
 * call order) by gs_devprintf_sort, so the printed text is the same under
 * the functional runner and under timing. A call whose text does not fit
 * in what is left is dropped whole (a GPU's printf FIFO drops it too) and
 * counted; a call that prints nothing keeps no record. */
typedef struct gs_devprintf_buffer {
    uint8_t *bytes;          /* records: 16-byte header, text, padding to 4 */
    uint32_t *order;         /* record offsets, thread order after the sort */
    uint32_t capacity;       /* bytes (0: every call is dropped) */
    uint32_t used;
    uint32_t records;
    uint32_t dropped;        /* calls whose text did not fit */
    uint64_t text_bytes;     /* text the records hold */
} gs_devprintf_buffer;

#define GS_DEVPRINTF_BYTES_MAX (1u << 30)   /* the largest buffer (record offsets are 32-bit) */

size_t gs_devprintf_bytes(uint32_t capacity);
gs_status gs_devprintf_init(gs_devprintf_buffer *buffer, uint32_t capacity, gs_arena *arena,
                            gs_diag *diag);
void gs_devprintf_clear(gs_devprintf_buffer *buffer);
/* Where the next record's text goes, and how many bytes it may take (0:
 * no room for another record). */
char *gs_devprintf_text_at(gs_devprintf_buffer *buffer, uint32_t *room);
/* Keep the text just written at gs_devprintf_text_at (length <= room). */
void gs_devprintf_commit(gs_devprintf_buffer *buffer, uint64_t block, uint32_t thread,
                         uint32_t length);
void gs_devprintf_sort(gs_devprintf_buffer *buffer);
/* Record i (in order[] order): its text and length, block and thread. */
const char *gs_devprintf_record(const gs_devprintf_buffer *buffer, uint32_t i,
                                uint32_t *length, uint64_t *block, uint32_t *thread);

#endif
