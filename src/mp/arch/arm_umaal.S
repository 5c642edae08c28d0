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
 * TWO_ROWS8: eight limbs of two rows of a multiply-accumulate, the step
 * shared by mp_mla2_asm and mp_mont_redc_asm: X[j] += A[j] b0 + A[j-1] b1
 * for the eight limbs at r0, with r1 = A (advanced by eight limbs),
 * r3 = b0, r4 = b1, r5 and r6 the two carry chains, r7 = A[j-1] on entry
 * and the last limb read on exit; r0 advanced by eight limbs; r8-r12 and
 * lr are scratch. A by two LDMs of four (the second into r7-r10, so
 * A[j-1] needs one move per group), X two limbs at a time in r12 and lr
 * (two single loads back to back pipeline).
 */
        .macro  TWO_ROWS8
        ldm     r1!, {r8, r9, r10, r11}
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
        .endm

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
        /* groups of eight limbs (TWO_ROWS8) */
2:      lsrs    r2, r2, #3
        beq     4f
3:      TWO_ROWS8
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

/*
 * void mp_montmul_steps_asm(ct_limb_t *X, const ct_limb_t *A,
 *                           const ct_limb_t *B, const ct_limb_t *N,
 *                           size_t n, ct_limb_t ninv, ct_limb_t *T)
 *   r0 = X, r1 = A, r2 = B, r3 = N, stack: n, ninv, T.
 * The whole of mp_montmul_steps (mp.h; C twin mp_montmul_steps_c in
 * mp_mont.c): T = 0, then per limb b of B the step of mp_mont_step_asm
 * (one limb, then pairs), then X = T - N and T back in X under a mask
 * (kept when the subtraction borrows and the top limb is 0), every word
 * read and written whatever the mask. Frame: [sp] T, [sp, #4] A,
 * [sp, #8] N, [sp, #12] B + n, [sp, #16] X; n at [sp, #60], ninv at
 * [sp, #64], T at [sp, #68]. In the passes: r0 T (trailing by one limb),
 * r1 A, r3 N, r4 b, r5 m, r6 c1 (T + A b), r7 c2 (+ m N), r8 and lr
 * limbs of T, r9, r10 limbs of A and N, r11 limbs left; r2 walks B, r12
 * holds top. The borrow of the final subtraction is kept in r7 as 0 or
 * -1 (RSBS of it gives the carry back), since the loop count's SUBS
 * takes the flags.
 */
        .section .text.mp_montmul_steps_asm,"ax",%progbits
        .globl  mp_montmul_steps_asm
        .type   mp_montmul_steps_asm,%function
        .p2align 2
        MP_FUNC(mp_montmul_steps_asm)
mp_montmul_steps_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #24
        ldr     r11, [sp, #60]          /* n */
        ldr     r12, [sp, #68]          /* T */
        add     r4, r2, r11, lsl #2
        str     r12, [sp]
        str     r1, [sp, #4]
        str     r3, [sp, #8]
        str     r4, [sp, #12]           /* B + n: the end of the outer loop */
        str     r0, [sp, #16]
        movs    r8, #0
0:      str     r8, [r12], #4           /* T = 0 */
        subs    r11, r11, #1
        bne     0b
        movs    r12, #0                 /* top = 0 */
1:      ldr     r4, [r2], #4            /* b = B[i] */
        ldr     r0, [sp]
        ldr     r1, [sp, #4]
        ldr     r3, [sp, #8]
        ldr     r8, [r0]
        ldr     r9, [r1], #4
        movs    r6, #0
        umaal   r8, r6, r9, r4          /* r6:r8 = A0 b + T0 */
        ldr     r5, [sp, #64]
        mul     r5, r8, r5              /* m = low limb * ninv */
        ldr     r10, [r3], #4
        movs    r7, #0
        umaal   r8, r7, r5, r10         /* r7:r8 = m N0 + r8: r8 = 0 */
        ldr     r11, [sp, #60]
        subs    r11, r11, #1            /* limbs left: n - 1 */
        beq     3f
        tst     r11, #1
        beq     2f
        ldr     r8, [r0, #4]            /* one limb, then pairs */
        ldr     r9, [r1], #4
        ldr     r10, [r3], #4
        umaal   r8, r6, r9, r4          /* T[j] + A[j] b + c1 */
        umaal   r8, r7, r5, r10         /* + m N[j] + c2 */
        str     r8, [r0], #4            /* T[j - 1] */
        subs    r11, r11, #1
        beq     3f
2:      ldr     r8, [r0, #4]            /* T[j] */
        ldr     lr, [r0, #8]            /* T[j + 1] */
        ldm     r1!, {r9, r10}          /* A[j], A[j + 1] */
        umaal   r8, r6, r9, r4
        umaal   lr, r6, r10, r4
        ldm     r3!, {r9, r10}          /* N[j], N[j + 1] */
        umaal   r8, r7, r5, r9
        umaal   lr, r7, r5, r10
        stm     r0!, {r8, lr}           /* T[j - 1], T[j] */
        subs    r11, r11, #2
        bne     2b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is the new top
         * (the sum stays below 2N < 2^(wn + 1), mp_mont_step) */
3:      adds    r6, r6, r7
        adc     r7, r11, #0             /* r11 = 0 here */
        adds    r6, r6, r12
        adc     r12, r7, #0
        str     r6, [r0]
        ldr     r4, [sp, #12]
        cmp     r2, r4
        bne     1b
        /* X = T - N */
        ldr     r0, [sp]
        ldr     r3, [sp, #8]
        ldr     r1, [sp, #16]
        ldr     r11, [sp, #60]
        movs    r7, #0                  /* minus the borrow */
4:      ldr     r8, [r0], #4
        ldr     r9, [r3], #4
        rsbs    r10, r7, #0             /* carry = no borrow so far */
        sbcs    r8, r8, r9
        sbc     r7, r7, r7              /* 0 or -1: minus the borrow out */
        str     r8, [r1], #4
        subs    r11, r11, #1
        bne     4b
        /* mask: all ones when the subtraction borrowed and top = 0 */
        subs    r12, r12, #1
        and     r7, r7, r12
        ldr     r0, [sp]
        ldr     r1, [sp, #16]
        ldr     r11, [sp, #60]
5:      ldr     r8, [r1]
        ldr     r9, [r0], #4
        eors    r9, r9, r8
        ands    r9, r9, r7
        eors    r8, r8, r9              /* X[j], or T[j] under the mask */
        str     r8, [r1], #4
        subs    r11, r11, #1
        bne     5b
        add     sp, sp, #24
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_montmul_steps_asm, .-mp_montmul_steps_asm

/*
 * void mp_mont_redc_asm(ct_limb_t *X, ct_limb_t *T, const ct_limb_t *N,
 *                       size_t n, ct_limb_t ninv)
 *   r0 = X, r1 = T, r2 = N, r3 = n (a multiple of 8, at least 8), stack:
 *   ninv. The whole of mp_mont_redc (mp.h; C twin mp_mont_redc_c in
 *   mp_mont.c): n/2 passes of two rows, each the groups-of-eight loop of
 *   mp_mla2_asm with m0 = T[i] ninv and m1 = lo(T[i+1] + m0 N[1] +
 *   hi(T[i] + m0 N[0])) ninv computed ahead, the old T[i+n] and the
 *   running carry bit added after it; then X = T[n..2n) - N, and T[n..2n)
 *   back in X under a mask (kept when the subtraction borrows and the
 *   carry bit is clear), every word read and written whatever the mask.
 *   Frame: [sp] X, [sp, #4] N, [sp, #8] 4n (bytes), [sp, #12] pairs
 *   left, [sp, #16] carry bit, [sp, #20] the saved T[i + n]; ninv at
 *   [sp, #60].
 */
        .section .text.mp_mont_redc_asm,"ax",%progbits
        .globl  mp_mont_redc_asm
        .type   mp_mont_redc_asm,%function
        .p2align 2
        MP_FUNC(mp_mont_redc_asm)
mp_mont_redc_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #24
        str     r0, [sp, #0]
        str     r2, [sp, #4]
        lsl     r3, r3, #2
        str     r3, [sp, #8]
        lsr     r12, r3, #3             /* n / 2 pairs of rows */
        str     r12, [sp, #12]
        movs    r12, #0
        str     r12, [sp, #16]
        mov     r0, r1                  /* r0: T + i */
1:      ldr     r12, [sp, #60]          /* ninv */
        ldr     r1, [sp, #4]            /* N */
        ldr     r8, [r0]
        mul     r3, r8, r12             /* m0 = T[i] ninv */
        ldr     r9, [r1]
        movs    r5, #0
        umaal   r8, r5, r3, r9          /* r5 = hi(T[i] + m0 N[0]) */
        ldr     r8, [r0, #4]
        ldr     r9, [r1, #4]
        umaal   r8, r5, r3, r9          /* r8 = lo(T[i+1] + m0 N[1] + r5) */
        mul     r4, r8, r12             /* m1 */
        ldr     r2, [sp, #8]
        ldr     r12, [r0, r2]           /* the old T[i + n] */
        str     r12, [sp, #20]
        lsrs    r2, r2, #5              /* n / 8 groups */
        movs    r5, #0                  /* c0 */
        movs    r6, #0                  /* c1 */
        movs    r7, #0                  /* N[j - 1] */
2:      TWO_ROWS8
        subs    r2, r2, #1
        bne     2b
        /* limb i + n: N[n-1] m1 + c0 + c1, plus the old T[i + n] and the
         * carry bit; limb i + n + 1 gets c1 and the carry; the carry out
         * is the new carry bit (SUBS of 1 from the bit sets C to it) */
        umaal   r5, r6, r7, r4
        ldr     r12, [sp, #20]
        ldr     lr, [sp, #16]
        ldr     r8, [r0, #4]
        subs    lr, lr, #1
        adcs    r5, r5, r12
        adcs    r8, r8, r6
        mov     lr, #0
        adc     lr, lr, #0
        str     r5, [r0]
        str     r8, [r0, #4]
        str     lr, [sp, #16]
        ldr     r2, [sp, #8]
        sub     r0, r0, r2
        add     r0, r0, #8              /* T + i + 2 */
        ldr     r12, [sp, #12]
        subs    r12, r12, #1
        str     r12, [sp, #12]
        bne     1b
        /* r0 = T + n. X = T[n..2n) - N, four words at a time; TEQ of two
         * registers leaves C (the borrow chain) alone */
        ldr     r3, [sp, #0]            /* X */
        ldr     r1, [sp, #4]            /* N */
        ldr     r2, [sp, #8]
        add     r2, r2, r0              /* end of T */
        mov     lr, r0                  /* T + n, for the second pass */
        cmp     r0, r0                  /* C = 1: no borrow */
3:      ldm     r0!, {r4, r5, r6, r7}
        ldm     r1!, {r8, r9, r10, r11}
        sbcs    r4, r4, r8
        sbcs    r5, r5, r9
        sbcs    r6, r6, r10
        sbcs    r7, r7, r11
        stm     r3!, {r4, r5, r6, r7}
        teq     r0, r2
        bne     3b
        sbc     r12, r12, r12           /* -1 when T - N borrowed */
        ldr     r1, [sp, #16]
        rsb     r1, r1, #0              /* -1 when the carry bit is set */
        bic     r12, r12, r1            /* keep T: borrow and no carry */
        ldr     r3, [sp, #0]
        /* X ^= (X ^ T) & mask over the n words */
4:      ldm     r3, {r4, r5, r6, r7}
        ldm     lr!, {r8, r9, r10, r11}
        eor     r8, r8, r4
        eor     r9, r9, r5
        eor     r10, r10, r6
        eor     r11, r11, r7
        and     r8, r8, r12
        and     r9, r9, r12
        and     r10, r10, r12
        and     r11, r11, r12
        eor     r4, r4, r8
        eor     r5, r5, r9
        eor     r6, r6, r10
        eor     r7, r7, r11
        stm     r3!, {r4, r5, r6, r7}
        cmp     lr, r2
        bne     4b
        add     sp, sp, #24
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_mont_redc_asm, .-mp_mont_redc_asm

/*
 * void mp_sqr_rows_asm(ct_limb_t *X, const ct_limb_t *A, size_t n)
 *   r0 = X (2n limbs), r1 = A, r2 = n (even, at least 2). The first part
 *   of mp_sqr on the two-row leaf (mp.h; C twin mp_sqr_rows_c in
 *   mp_mul.c): X[0..n) and X[2n-1] cleared, then for i = 0, 2, .., n - 2
 *   the pass of mp_mla2_asm over A[i+1..n) at limb 2i + 1 with b0 = A[i],
 *   b1 = A[i+1], its carry limb into X[n+i+1]: X = off + S, every cross
 *   product A[i] A[j] (i < j) once plus the squares of the odd i. The
 *   passes run in this one function (no call and no C per pair); each is
 *   mp_mla2_asm's body over m = n - i - 1 limbs (odd): one single limb,
 *   then (m mod 8 - 1) / 2 pairs of limbs, then groups of eight. Frame: [sp] X + 2i + 1, [sp, #4] A + i, [sp, #8]
 *   m (signed: -1 ends the loop).
 */
        .section .text.mp_sqr_rows_asm,"ax",%progbits
        .globl  mp_sqr_rows_asm
        .type   mp_sqr_rows_asm,%function
        .p2align 2
        MP_FUNC(mp_sqr_rows_asm)
mp_sqr_rows_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #12
        movs    r4, #0
        movs    r5, #0
        add     r12, r0, r2, lsl #3     /* X + 2n */
        str     r4, [r12, #-4]          /* X[2n - 1] = 0 */
        mov     r12, r0
        lsrs    r3, r2, #1              /* n / 2 pairs of zero limbs */
1:      stm     r12!, {r4, r5}
        subs    r3, r3, #1
        bne     1b
        adds    r0, r0, #4
        str     r0, [sp, #0]            /* X + 1 */
        str     r1, [sp, #4]            /* A */
        subs    r2, r2, #1
        str     r2, [sp, #8]            /* m = n - 1 */
        /* one pair of rows: r0 = X + 2i + 1, r1 = A + i + 1, r2 = m */
2:      ldr     r0, [sp, #0]
        ldr     r1, [sp, #4]
        ldr     r2, [sp, #8]
        ldr     r3, [r1], #4            /* b0 = A[i] */
        ldr     r4, [r1]                /* b1 = A[i + 1] */
        add     r12, r0, #16
        str     r12, [sp, #0]           /* X + 2(i + 2) + 1 */
        add     r12, r1, #4
        str     r12, [sp, #4]           /* A + i + 2 */
        sub     r12, r2, #2
        str     r12, [sp, #8]           /* m - 2 */
        movs    r5, #0                  /* c0 */
        movs    r6, #0                  /* c1 */
        movs    r7, #0                  /* A[j - 1] */
        /* m is odd: one single limb, then (m mod 8 - 1) / 2 pairs */
        ldr     r8, [r1], #4
        ldr     r12, [r0]
        umaal   r12, r5, r8, r3         /* r5:r12 = A[j] b0 + X[j] + c0 */
        umaal   r12, r6, r7, r4         /* r6:r12 = A[j-1] b1 + r12 + c1 */
        str     r12, [r0], #4
        mov     r7, r8
        and     lr, r2, #6
        lsrs    lr, lr, #1
        beq     4f
3:      ldm     r1!, {r8, r9}
        ldr     r10, [r0]
        ldr     r11, [r0, #4]
        umaal   r10, r5, r8, r3
        umaal   r10, r6, r7, r4
        umaal   r11, r5, r9, r3
        umaal   r11, r6, r8, r4
        stm     r0!, {r10, r11}
        mov     r7, r9
        subs    lr, lr, #1
        bne     3b
4:      lsrs    r2, r2, #3
        beq     6f
5:      TWO_ROWS8
        subs    r2, r2, #1
        bne     5b
        /* limb n + i of X: A[n-1] b1 + c0 + c1; the carry limb at n + i + 1 */
6:      umaal   r5, r6, r7, r4
        stm     r0, {r5, r6}
        ldr     r2, [sp, #8]
        cmp     r2, #0
        bgt     2b
        add     sp, sp, #12
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   mp_sqr_rows_asm, .-mp_sqr_rows_asm

/*
 * void mp_sqr_diag_asm(ct_limb_t *X, const ct_limb_t *A, size_t n)
 *   r0 = X (2n limbs), r1 = A, r2 = n (even, at least 2). The last pass
 *   of mp_sqr on the two-row leaf (mp.h; C twin mp_sqr_diag_c in
 *   mp_mul.c): X = 2 (X - S) + D mod 2^(2wn), S the squares A[i]^2 at
 *   limb 2i of the odd i, D all the squares. First pass: X - S by one
 *   borrow chain over four limbs and A[2k+1] per step; second pass: each
 *   limb pair shifted left by one bit (the top bit carried in a
 *   register), A[i]^2 added by one carry chain. UMULL, ADD without S and
 *   TEQ of registers leave C alone.
 */
        .section .text.mp_sqr_diag_asm,"ax",%progbits
        .globl  mp_sqr_diag_asm
        .type   mp_sqr_diag_asm,%function
        .p2align 2
        MP_FUNC(mp_sqr_diag_asm)
mp_sqr_diag_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, lr}
        add     lr, r1, r2, lsl #2      /* end of A */
        mov     r3, r0
        mov     r12, r1
        cmp     r0, r0                  /* C = 1: no borrow */
1:      ldm     r3, {r4, r5, r6, r7}
        ldr     r8, [r12, #4]           /* A[2k + 1] */
        add     r12, r12, #8
        umull   r9, r10, r8, r8
        sbcs    r4, r4, #0
        sbcs    r5, r5, #0
        sbcs    r6, r6, r9
        sbcs    r7, r7, r10
        stm     r3!, {r4, r5, r6, r7}
        teq     r12, lr
        bne     1b
        mov     r3, r0
        mov     r12, r1
        mov     r2, #0                  /* the top bit shifted in */
        cmn     r2, #0                  /* C = 0 */
2:      ldm     r3, {r4, r5, r6, r7}
        ldr     r8, [r12], #4
        umull   r9, r10, r8, r8
        lsr     r8, r5, #31
        lsl     r5, r5, #1
        orr     r5, r5, r4, lsr #31
        lsl     r4, r4, #1
        orr     r4, r4, r2
        adcs    r4, r4, r9
        adcs    r5, r5, r10
        ldr     r2, [r12], #4
        umull   r9, r10, r2, r2
        lsr     r2, r7, #31
        lsl     r7, r7, #1
        orr     r7, r7, r6, lsr #31
        lsl     r6, r6, #1
        orr     r6, r6, r8
        adcs    r6, r6, r9
        adcs    r7, r7, r10
        stm     r3!, {r4, r5, r6, r7}
        teq     r12, lr
        bne     2b
        pop     {r4, r5, r6, r7, r8, r9, r10, pc}
        .size   mp_sqr_diag_asm, .-mp_sqr_diag_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
