/* start.S - Xtensa lx106 (call0 ABI) entry at the reset vector 0x50000000
 * (QEMU's sim machine ignores the ELF entry point) and the simcall. */
    .section .text.reset, "ax"
    .global _start
    .align 4
_start:                  /* jump over the literal pool (l32r reaches back) */
    j     1f
    .align 4
.Lstack: .word _estack
.Lsbss:  .word _sbss
.Lebss:  .word _ebss
.Lmain:  .word main
.Lexit:  .word emu_exit
1:  l32r  a1, .Lstack
    l32r  a2, .Lsbss
    l32r  a3, .Lebss
    movi  a4, 0
2:  bgeu  a2, a3, 3f
    s32i  a4, a2, 0
    addi  a2, a2, 4
    j     2b
3:  l32r  a0, .Lmain
    callx0 a0
    l32r  a3, .Lexit
    callx0 a3            /* emu_exit(main's return value, in a2) */

/* int emu_sim_call(int nr, int a, int b, int c): QEMU's simcall
 * (Xtensa ISS convention: a2 = number, a3.. = arguments). */
    .text
    .global emu_sim_call
    .align 4
emu_sim_call:
    simcall
    ret
