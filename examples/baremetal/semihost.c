/*
 * The board half of the bare-metal port (src/port/port.h) for QEMU's
 * `virt` RISC-V machines and Arm Cortex-M boards: the console and the exit
 * through semihosting (the Arm "semihosting" interface, which QEMU also
 * implements for RISC-V: `qemu-system-* -semihosting`).
 *
 * A semihosting call puts an operation number in the first argument
 * register and a pointer to its parameters in the second, then traps:
 * `bkpt 0xab` on M-profile Arm; on RISC-V the three-instruction sequence
 * slli/ebreak/srai, uncompressed and in one page (gs_bm_semihost_trap in
 * start-riscv.S).
 */
#include <stddef.h>

#include "port/port.h"

#define SYS_WRITE0 0x04u          /* print a NUL-terminated string */
#define SYS_EXIT_EXTENDED 0x20u   /* end the program: {reason, status} */
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

#if defined(__riscv)
/* start-riscv.S: the trap sequence in its own 16-byte aligned function */
long gs_bm_semihost_trap(unsigned long op, const void *arg);
#endif

static long semihost(unsigned long op, const void *arg)
{
#if defined(__riscv)
    return gs_bm_semihost_trap(op, arg);
#elif defined(__arm__)
    register unsigned long r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return (long)r0;
#else
#error "semihost.c: no semihosting trap for this architecture"
#endif
}

void gs_port_write(const char *text, size_t length)
{
    char chunk[129];
    while (length > 0) {
        size_t n = length < sizeof chunk - 1u ? length : sizeof chunk - 1u;
        size_t i;
        for (i = 0; i < n; i++)
            chunk[i] = text[i];
        chunk[n] = '\0';
        semihost(SYS_WRITE0, chunk);
        text += n;
        length -= n;
    }
}

void gs_port_exit(int status)
{
    /* two fields of the pointer's width (Arm and RISC-V semihosting alike) */
    unsigned long block[2];
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (unsigned long)status;
    semihost(SYS_EXIT_EXTENDED, block);
    for (;;)
        ;
}
