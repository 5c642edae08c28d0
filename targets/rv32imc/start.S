/* start.S - bare-metal RV32 entry (QEMU virt, -bios none: the reset vector
 * jumps to 0x80000000 where the image is linked) and the semihosting call. */
    .section .text.init, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la   gp, __global_pointer$
    .option pop
    la   sp, _estack
    la   t0, _sbss
    la   t1, _ebss
1:  bgeu t0, t1, 2f
    sw   zero, 0(t0)
    addi t0, t0, 4
    j    1b
2:  la   t0, emu_trap        /* any exception: exit with status 127 */
    .option push
    .option arch, +zicsr
    csrw mtvec, t0
    .option pop
    call main
    call emu_exit
    .balign 4
emu_trap:
    li   a0, 127
    call emu_exit

/* long emu_sh_call(long op, const void *arg): the semihosting sequence
 * slli x0,x0,0x1f; ebreak; srai x0,x0,7 - uncompressed, and on one page */
    .section .text.emu_sh_call, "ax"
    .balign 16
    .globl emu_sh_call
emu_sh_call:
    .option push
    .option norvc
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    .option pop
    ret
