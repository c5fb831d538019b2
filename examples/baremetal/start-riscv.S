/*
 * Start-up for QEMU's RISC-V `virt` machine (riscv64 and riscv32) with
 * -bios none: execution begins at the image's first instruction in RAM
 * (0x80000000, riscv-virt.ld). Set the stack, clear .bss, run gs_bm_main,
 * and hand its status to gs_port_exit (semihosting). The image is loaded
 * whole into RAM by QEMU, so .data needs no copy.
 */
#if __riscv_xlen == 64
#define STORE sd
#define WORD 8
#else
#define STORE sw
#define WORD 4
#endif
    .section .text.start, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la sp, __stack_top
    .option pop
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    STORE zero, 0(t0)
    addi t0, t0, WORD
    j 1b
2:  call gs_bm_main
    call gs_port_exit
3:  j 3b

/* The RISC-V semihosting trap (semihost.c): a0 = operation, a1 = its
 * parameter block; the result comes back in a0. The three instructions
 * must be uncompressed and must not straddle a page: 16-byte aligned. */
    .text
    .balign 16
    .global gs_bm_semihost_trap
gs_bm_semihost_trap:
    .option push
    .option norvc
    slli zero, zero, 0x1f
    ebreak
    srai zero, zero, 0x7
    .option pop
    ret
