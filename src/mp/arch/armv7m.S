/*
 * armv7m.S - mp leaves for Armv7-M without the DSP extension (Cortex-M3),
 * Thumb-2: mp_mla_asm and mp_mont_step_asm (contracts in mp.h; C twins in
 * mp_mul.c and mp_mont_step.c).
 *
 * The Cortex-M3's UMULL and UMLAL terminate early depending on the
 * operands (3 to 5 and 4 to 7 cycles, Cortex-M3 TRM), so they would leak
 * the limbs. MUL (32x32 -> 32) takes one cycle whatever its operands, so
 * each 32x32 -> 64 product is made from four products of 16-bit halves:
 *   a b = ah bh 2^32 + (al bh + ah bl) 2^16 + al bl,
 * every partial product < 2^32, joined with ADDS/ADC and shifted operands.
 * No UMULL, UMLAL, SMULL or division appears here
 * (tools/check_codegen_mp.py checks). The only branches are on the loop
 * counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_ARMV7M)

        .syntax unified
        .thumb

/*
 * PROD hi, lo, x, y, t0, t1: hi:lo = x * y; x, y, t0 and t1 are clobbered
 * (all six registers distinct).
 */
        .macro  PROD hi, lo, x, y, t0, t1
        uxth    \t0, \x                 /* xl */
        lsrs    \x, \x, #16             /* xh */
        uxth    \lo, \y                 /* yl */
        lsrs    \y, \y, #16             /* yh */
        mul     \t1, \x, \lo            /* xh yl */
        mul     \lo, \t0, \lo           /* xl yl */
        mul     \t0, \t0, \y            /* xl yh */
        mul     \hi, \x, \y             /* xh yh */
        adds    \lo, \lo, \t0, lsl #16
        adc     \hi, \hi, \t0, lsr #16
        adds    \lo, \lo, \t1, lsl #16
        adc     \hi, \hi, \t1, lsr #16
        .endm

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   r0 = X, r1 = A, r2 = n, r3 = b; returns the carry limb in r0.
 * (c, X[i]) = A[i] * b + X[i] + c with c in r4.
 */
        .section .text.mp_mla_asm,"ax",%progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,%function
        .p2align 2
        .thumb_func
mp_mla_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, lr}
        movs    r4, #0
1:      ldr     r5, [r1], #4            /* x */
        mov     r6, r3                  /* y = b (PROD clobbers it) */
        PROD    r8, r7, r5, r6, r9, r10
        ldr     r5, [r0]
        adds    r7, r7, r5              /* + X[i] */
        adc     r8, r8, #0
        adds    r7, r7, r4              /* + c */
        adc     r4, r8, #0
        str     r7, [r0], #4
        subs    r2, r2, #1
        bne     1b
        mov     r0, r4
        pop     {r4, r5, r6, r7, r8, r9, r10, pc}
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   r0 = T, r1 = top (kept on the stack), r2 = A, r3 = b, stack: N, n,
 *   ninv; returns the new top in r0.
 * Registers in the loop: r0 T, r2 A, r3 b, r4 N, r5 c1, r6 c2, r1 m;
 * r9 holds s between the two products; r7, r8, r10..r12, lr are
 * temporaries; the count lives on the stack.
 */
        .section .text.mp_mont_step_asm,"ax",%progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,%function
        .p2align 2
        .thumb_func
mp_mont_step_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldr     r4, [sp, #36]           /* N */
        ldr     r5, [sp, #40]           /* n */
        ldr     r6, [sp, #44]           /* ninv */
        sub     sp, sp, #8
        str     r1, [sp, #4]            /* top */
        subs    r5, r5, #1
        str     r5, [sp]                /* count: n - 1 */
        /* limb 0: s = A0 b + T0, c1 = its high limb */
        ldr     r7, [r2], #4
        mov     r8, r3
        PROD    r10, r9, r7, r8, r11, r12
        ldr     r7, [r0]
        adds    r9, r9, r7
        adc     r5, r10, #0             /* c1 */
        mul     r1, r9, r6              /* m = s * ninv mod 2^32 */
        /* m N0 + s: low limb 0, c2 = the high limb */
        ldr     r7, [r4], #4
        mov     r8, r1
        PROD    r6, r10, r7, r8, r11, r12
        adds    r10, r10, r9
        adc     r6, r6, #0              /* c2 */
        ldr     r7, [sp]
        cmp     r7, #0
        beq     2f
1:      ldr     r7, [r2], #4
        mov     r8, r3
        PROD    r10, r9, r7, r8, r11, r12
        ldr     r7, [r0, #4]
        adds    r9, r9, r7              /* + T[j] */
        adc     r10, r10, #0
        adds    r9, r9, r5              /* + c1 */
        adc     r5, r10, #0
        ldr     r7, [r4], #4
        mov     r8, r1
        PROD    lr, r11, r7, r8, r10, r12
        adds    r11, r11, r9            /* + s */
        adc     lr, lr, #0
        adds    r11, r11, r6            /* + c2 */
        adc     r6, lr, #0
        str     r11, [r0], #4
        ldr     r7, [sp]
        subs    r7, r7, #1
        str     r7, [sp]
        bne     1b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      ldr     r1, [sp, #4]
        movs    r7, #0
        adds    r5, r5, r6
        adc     r7, r7, #0
        adds    r5, r5, r1
        adc     r7, r7, #0
        str     r5, [r0]
        mov     r0, r7
        add     sp, sp, #8
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
