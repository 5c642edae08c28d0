/*
 * arm_umaal.S - mp leaves for 32-bit Arm with UMAAL (Armv7E-M: Cortex-M4,
 * M7; A/R profiles from Armv6, A32 or Thumb-2): mp_mla_asm and
 * mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c and
 * mp_mont_step.c). Unified syntax, no IT blocks, one text for A32 and
 * Thumb-2.
 *
 * UMAAL RdLo, RdHi, Rn, Rm: RdHi:RdLo = Rn * Rm + RdLo + RdHi, which is
 * exactly one step of a multiply-accumulate chain and never overflows.
 * It takes one cycle on Cortex-M4 and M7 whatever the operands (unlike
 * the Armv7-M multiplies of the Cortex-M3, see armv7m.S). The only
 * branches are on the loop counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_UMAAL)

        .syntax unified
#if defined(__thumb__)
        .thumb
#define MP_FUNC(name) .thumb_func
#else
        .arm
#define MP_FUNC(name)
#endif

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   r0 = X, r1 = A, r2 = n, r3 = b; returns the carry limb in r0.
 * n mod 4 single limbs first, then groups of four with LDM/STM (one
 * transfer of four words costs 5 cycles on Cortex-M4 against 8 for four
 * single loads).
 */
        .section .text.mp_mla_asm,"ax",%progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,%function
        .p2align 2
        MP_FUNC(mp_mla_asm)
mp_mla_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        movs    r4, #0                  /* c */
        ands    lr, r2, #3
        beq     2f
1:      ldr     r5, [r1], #4
        ldr     r9, [r0]
        umaal   r9, r4, r5, r3          /* r4:r9 = A[i] b + X[i] + c */
        str     r9, [r0], #4
        subs    lr, lr, #1
        bne     1b
2:      lsrs    r2, r2, #2
        beq     4f
3:      ldm     r1!, {r5, r6, r7, r8}
        ldm     r0, {r9, r10, r11, r12}
        umaal   r9, r4, r5, r3
        umaal   r10, r4, r6, r3
        umaal   r11, r4, r7, r3
        umaal   r12, r4, r8, r3
        stm     r0!, {r9, r10, r11, r12}
        subs    r2, r2, #1
        bne     3b
4:      mov     r0, r4
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mla2_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                       ct_limb_t b0, ct_limb_t b1)
 *   r0 = X, r1 = A, r2 = n, r3 = b0, stack: b1; returns the carry limb.
 * Two rows at once: X[0..n] = X[0..n) + A*b0 + A*b1*2^32 (limb n is
 * set, not read). Limb j gets
 * A[j] b0 (chain c0, r5) and A[j-1] b1 (chain c1, r6), two UMAALs on one
 * load and one store of X[j]; A[j-1] stays in a register (r7, 0 for
 * j = 0). Against two calls of mp_mla_asm, X is loaded and stored once
 * for two products and A once per two rows. n mod 8 single limbs first,
 * then groups of eight.
 */
        .section .text.mp_mla2_asm,"ax",%progbits
        .globl  mp_mla2_asm
        .type   mp_mla2_asm,%function
        .p2align 2
        MP_FUNC(mp_mla2_asm)
mp_mla2_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldr     r4, [sp, #36]           /* b1 */
        movs    r5, #0                  /* c0 */
        movs    r6, #0                  /* c1 */
        movs    r7, #0                  /* A[j - 1] */
        ands    lr, r2, #7
        beq     2f
1:      ldr     r8, [r1], #4
        ldr     r12, [r0]
        umaal   r12, r5, r8, r3         /* r5:r12 = A[j] b0 + X[j] + c0 */
        umaal   r12, r6, r7, r4         /* r6:r12 = A[j-1] b1 + r12 + c1 */
        str     r12, [r0], #4
        mov     r7, r8
        subs    lr, lr, #1
        bne     1b
        /* groups of eight limbs: A by two LDMs of four (the second into
         * r7-r10, so A[j-1] needs one move per group), X two limbs at a
         * time in r12 and lr (two single loads back to back pipeline) */
2:      lsrs    r2, r2, #3
        beq     4f
3:      ldm     r1!, {r8, r9, r10, r11}
        ldr     r12, [r0]
        ldr     lr, [r0, #4]
        umaal   r12, r5, r8, r3
        umaal   r12, r6, r7, r4
        umaal   lr, r5, r9, r3
        umaal   lr, r6, r8, r4
        str     r12, [r0]
        str     lr, [r0, #4]
        ldr     r12, [r0, #8]
        ldr     lr, [r0, #12]
        umaal   r12, r5, r10, r3
        umaal   r12, r6, r9, r4
        umaal   lr, r5, r11, r3
        umaal   lr, r6, r10, r4
        str     r12, [r0, #8]
        str     lr, [r0, #12]
        ldm     r1!, {r7, r8, r9, r10}
        ldr     r12, [r0, #16]
        ldr     lr, [r0, #20]
        umaal   r12, r5, r7, r3
        umaal   r12, r6, r11, r4
        umaal   lr, r5, r8, r3
        umaal   lr, r6, r7, r4
        str     r12, [r0, #16]
        str     lr, [r0, #20]
        ldr     r12, [r0, #24]
        ldr     lr, [r0, #28]
        umaal   r12, r5, r9, r3
        umaal   r12, r6, r8, r4
        umaal   lr, r5, r10, r3
        umaal   lr, r6, r9, r4
        str     r12, [r0, #24]
        str     lr, [r0, #28]
        adds    r0, r0, #32
        mov     r7, r10
        subs    r2, r2, #1
        bne     3b
        /* limb n: A[n-1] b1 + c0 + c1 < 2^64, one UMAAL */
4:      umaal   r5, r6, r7, r4
        str     r5, [r0]
        mov     r0, r6
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_mla2_asm, .-mp_mla2_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   r0 = T, r1 = top, r2 = A, r3 = b, stack: N, n, ninv; returns the new
 *   top in r0.
 * Two UMAAL chains per limb: c1 (r9) for T + A*b, c2 (r11) for + m*N
 * (m in r10); limb j of the sum is stored at T[j - 1].
 */
        .section .text.mp_mont_step_asm,"ax",%progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,%function
        .p2align 2
        MP_FUNC(mp_mont_step_asm)
mp_mont_step_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldr     r4, [sp, #36]           /* N */
        ldr     r5, [sp, #40]           /* n */
        ldr     r6, [sp, #44]           /* ninv */
        ldr     r7, [r2], #4
        ldr     r8, [r0]
        movs    r9, #0
        umaal   r8, r9, r7, r3          /* r9:r8 = A0 b + T0 */
        mul     r10, r8, r6             /* m = low limb * ninv */
        ldr     r7, [r4], #4
        movs    r11, #0
        umaal   r8, r11, r10, r7        /* r11:r8 = m N0 + r8: r8 = 0 */
        subs    r5, r5, #1              /* limbs left: n - 1 */
        beq     2f
        tst     r5, #1
        beq     3f
        ldr     r7, [r2], #4            /* one limb, then pairs */
        ldr     r8, [r0, #4]
        umaal   r8, r9, r7, r3          /* T[j] + A[j] b + c1 */
        ldr     r7, [r4], #4
        umaal   r8, r11, r10, r7        /* + m N[j] + c2 */
        str     r8, [r0], #4
        subs    r5, r5, #1
        beq     2f
3:      ldm     r2!, {r7, r12}          /* A[j], A[j + 1] */
        ldr     r8, [r0, #4]            /* T[j] */
        ldr     lr, [r0, #8]            /* T[j + 1] */
        umaal   r8, r9, r7, r3
        umaal   lr, r9, r12, r3
        ldm     r4!, {r7, r12}          /* N[j], N[j + 1] */
        umaal   r8, r11, r10, r7
        umaal   lr, r11, r10, r12
        stm     r0!, {r8, lr}           /* T[j - 1], T[j] */
        subs    r5, r5, #2
        bne     3b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      movs    r7, #0
        adds    r9, r9, r11
        adc     r7, r7, #0
        adds    r9, r9, r1
        adc     r7, r7, #0
        str     r9, [r0]
        mov     r0, r7
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
