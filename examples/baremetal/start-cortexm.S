/*
 * Start-up for Arm Cortex-M (QEMU's mps2-an385, a Cortex-M3): the vector
 * table at address 0 gives the initial stack pointer and the reset handler.
 * Reset copies .data from its load address in flash to RAM, clears .bss,
 * runs gs_bm_main and hands its status to gs_port_exit (semihosting). A
 * fault prints a line and exits with status 99 instead of hanging.
 */
    .syntax unified
    .cpu cortex-m3
    .thumb

    .section .vectors, "a"
    .global gs_bm_vectors
gs_bm_vectors:
    .word __stack_top
    .word reset_handler
    .rept 14
    .word fault_handler
    .endr

    .text
    .thumb_func
    .global reset_handler
reset_handler:
    ldr r0, =__data_load
    ldr r1, =__data_start
    ldr r2, =__data_end
1:  cmp r1, r2
    bhs 2f
    ldr r3, [r0], #4
    str r3, [r1], #4
    b 1b
2:  ldr r1, =__bss_start
    ldr r2, =__bss_end
    movs r3, #0
3:  cmp r1, r2
    bhs 4f
    str r3, [r1], #4
    b 3b
4:  bl gs_bm_main
    bl gs_port_exit
5:  b 5b

    .thumb_func
fault_handler:
    bl gs_bm_fault
6:  b 6b
