/* crt_rv32.S: start-up of the RV32IMAC image (qemu -M virt -bios none): stack, gp, clear .bss,
 * a trap vector, main, exit through semihosting; and bm_semi, the semihosting call (the three
 * uncompressed instructions qemu recognises, kept in one 16-octet aligned block). */
    .option arch, +zicsr
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  la t0, bm_trap_entry
    csrw mtvec, t0
    call main
    call bm_exit

    .text
    .balign 4
bm_trap_entry:
    csrr a0, mcause
    csrr a1, mepc
    csrr a2, mtval
    la sp, __stack_top
    call bm_trap

    .balign 16
    .globl bm_semi
bm_semi:
    .option push
    .option norvc
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    .option pop
    ret
