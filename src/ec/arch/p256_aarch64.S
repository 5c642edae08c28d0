/*
 * p256_aarch64.S - the P-256 field leaves for AArch64 (AAPCS64), 64-bit
 * limbs: p256_fe_{mul,sqr,add,sub,neg}_asm (contract in p256_field.h; C
 * twins in p256_field64.c, which also derives the reduction used here).
 *
 * p = {P0, P1, 0, P3} = {2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1}.
 * Products with MUL/UMULH (which leave the flags alone), carries with
 * ADDS/ADCS. Montgomery reduction of T = H 2^256 + L: four steps on the
 * window of L, each with m = the low limb (-p^-1 = 1 mod 2^64):
 *   (w0, w1, w2, w3) -> (w1 + m 2^32, w2 + m / 2^32 + c, m P3 + w3 + c)
 * where m P3 = m 2^64 - m 2^32 + m needs no multiply:
 *   low  = m - (m << 32) mod 2^64, with borrow b,
 *   high = m - (m >> 32) - b   (>= 0: m >> 32 < m for m > 0, b = 0 for 0);
 * the window stays < 2^256, so nothing carries out of its top limb. Then
 * H + U < 2p, one masked subtraction of p (CSEL).
 *
 * No branch; the multiplies, additions and CSEL take the same time
 * whatever the data (MUL/UMULH have data-independent latency on the
 * AArch64 cores this library targets, as the mp leaves assume). Only x0-x17
 * are used: nothing to save.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_AARCH64) && CTC_EC_P256

/* one step on the window (w0, w1, w2, w3); the new window is
 * (w1, w2, w3, w0). Clobbers x15, x16, x17. */
.macro  P256_REDC_STEP w0, w1, w2, w3
        lsr     x16, \w0, #32
        subs    x17, \w0, \w0, lsl #32  /* low limb of m P3 */
        sbc     x15, \w0, x16           /* high limb of m P3 */
        adds    \w1, \w1, \w0, lsl #32
        adcs    \w2, \w2, x16
        adcs    \w3, \w3, x17
        adc     \w0, x15, xzr
.endm

/*
 * x7..x10 = L, x11..x14 = H, x0 = X: X = (H + U) mod p. Clobbers x3..x6,
 * x11..x17.
 */
.macro  P256_REDC_FINISH
        P256_REDC_STEP x7, x8, x9, x10
        P256_REDC_STEP x8, x9, x10, x7
        P256_REDC_STEP x9, x10, x7, x8
        P256_REDC_STEP x10, x7, x8, x9
        adds    x7, x7, x11
        adcs    x8, x8, x12
        adcs    x9, x9, x13
        adcs    x10, x10, x14
        adc     x3, xzr, xzr
        P256_REDUCE_ONCE x7, x8, x9, x10, x3, x11, x12, x13, x14, x4, x5
        stp     x7, x8, [x0]
        stp     x9, x10, [x0, #16]
.endm

/*
 * (r0..r3) = (top, r0..r3) - p if that does not borrow, else unchanged;
 * (top, r0..r3) < 2p. y0..y3, k1, k3 are scratch. x - P0 is x + 1 with
 * the same carry (C = no borrow); the carry after the top limb selects.
 */
.macro  P256_REDUCE_ONCE r0, r1, r2, r3, top, y0, y1, y2, y3, k1, k3
        mov     \k1, #0x00000000ffffffff
        mov     \k3, #0xffffffff00000001
        adds    \y0, \r0, #1
        sbcs    \y1, \r1, \k1
        sbcs    \y2, \r2, xzr
        sbcs    \y3, \r3, \k3
        sbcs    xzr, \top, xzr
        csel    \r0, \y0, \r0, cs
        csel    \r1, \y1, \r1, cs
        csel    \r2, \y2, \r2, cs
        csel    \r3, \y3, \r3, cs
.endm

/*
 * One row of the product: t[i..i+4) += A b, t[i+4] = the carry limb
 * (x3..x6 = A, x15 = b): the low halves on one ADDS/ADCS chain, then the
 * high halves on another; the row's sum is < 2^320, so the last ADC does
 * not carry out. Clobbers x16, x17.
 */
.macro  P256_MUL_ROW t0, t1, t2, t3, t4
        mul     x16, x3, x15
        mul     x17, x4, x15
        adds    \t0, \t0, x16
        adcs    \t1, \t1, x17
        mul     x16, x5, x15
        mul     x17, x6, x15
        adcs    \t2, \t2, x16
        adcs    \t3, \t3, x17
        adc     \t4, xzr, xzr
        umulh   x16, x3, x15
        umulh   x17, x4, x15
        adds    \t1, \t1, x16
        adcs    \t2, \t2, x17
        umulh   x16, x5, x15
        umulh   x17, x6, x15
        adcs    \t3, \t3, x16
        adc     \t4, \t4, x17
.endm

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B. The product in x7..x14 (t0..t7), then the
 * reduction. X is written last: it may be A or B.
 */
        .section .text.p256_fe_mul_asm,"ax",%progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,%function
        .p2align 4
p256_fe_mul_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldr     x15, [x2]
        mul     x7, x3, x15
        mul     x8, x4, x15
        mul     x9, x5, x15
        mul     x10, x6, x15
        umulh   x16, x3, x15
        umulh   x17, x4, x15
        adds    x8, x8, x16
        adcs    x9, x9, x17
        umulh   x16, x5, x15
        umulh   x17, x6, x15
        adcs    x10, x10, x16
        adc     x11, x17, xzr           /* t0..t4 = A B[0] */
        ldr     x15, [x2, #8]
        P256_MUL_ROW x8, x9, x10, x11, x12
        ldr     x15, [x2, #16]
        P256_MUL_ROW x9, x10, x11, x12, x13
        ldr     x15, [x2, #24]
        P256_MUL_ROW x10, x11, x12, x13, x14
        P256_REDC_FINISH
        ret
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   x0 = X, x1 = A. The six cross products a_i a_j (i < j) at t1..t6,
 * doubled into t7, plus the four squares; A^2 < 2^512, no carry out.
 */
        .section .text.p256_fe_sqr_asm,"ax",%progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,%function
        .p2align 4
p256_fe_sqr_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        mul     x8, x3, x4
        umulh   x9, x3, x4
        mul     x16, x3, x5
        umulh   x10, x3, x5
        mul     x17, x3, x6
        umulh   x11, x3, x6
        adds    x9, x9, x16
        adcs    x10, x10, x17
        adc     x11, x11, xzr           /* t1..t4 = a0 (a1, a2, a3) */
        mul     x16, x4, x5
        mul     x17, x4, x6
        adds    x10, x10, x16
        adcs    x11, x11, x17
        adc     x12, xzr, xzr
        umulh   x16, x4, x5
        umulh   x17, x4, x6
        adds    x11, x11, x16
        adc     x12, x12, x17           /* + a1 (a2, a3) at t3..t5 */
        mul     x16, x5, x6
        umulh   x13, x5, x6
        adds    x12, x12, x16
        adc     x13, x13, xzr           /* + a2 a3 at t5..t6 */
        adds    x8, x8, x8
        adcs    x9, x9, x9
        adcs    x10, x10, x10
        adcs    x11, x11, x11
        adcs    x12, x12, x12
        adcs    x13, x13, x13
        adc     x14, xzr, xzr           /* doubled, t7 */
        mul     x7, x3, x3
        umulh   x3, x3, x3
        mul     x15, x4, x4
        umulh   x4, x4, x4
        mul     x16, x5, x5
        umulh   x5, x5, x5
        mul     x17, x6, x6
        umulh   x6, x6, x6
        adds    x8, x8, x3
        adcs    x9, x9, x15
        adcs    x10, x10, x4
        adcs    x11, x11, x16
        adcs    x12, x12, x5
        adcs    x13, x13, x17
        adc     x14, x14, x6
        P256_REDC_FINISH
        ret
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B: (x11, x3..x6) = A + B < 2p, reduced once.
 */
        .section .text.p256_fe_add_asm,"ax",%progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,%function
        .p2align 4
p256_fe_add_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x2]
        ldp     x9, x10, [x2, #16]
        adds    x3, x3, x7
        adcs    x4, x4, x8
        adcs    x5, x5, x9
        adcs    x6, x6, x10
        adc     x11, xzr, xzr
        P256_REDUCE_ONCE x3, x4, x5, x6, x11, x7, x8, x9, x10, x12, x13
        stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
        ret
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * x3..x6 = (a0..a3) - (x7..x10) + (p if that borrowed): the borrow
 * becomes a mask (SBC: 0 or all ones), and P0 & mask = mask,
 * P1 & mask = mask >> 32, P3 & mask by AND. The difference is > -p, so
 * the sum is in [0, p) and its carry cancels the borrow. Stores X.
 */
.macro  P256_SUB_FINISH a0, a1, a2, a3
        subs    x3, \a0, x7
        sbcs    x4, \a1, x8
        sbcs    x5, \a2, x9
        sbcs    x6, \a3, x10
        sbc     x11, xzr, xzr
        lsr     x12, x11, #32
        and     x13, x11, #0xffffffff00000001
        adds    x3, x3, x11
        adcs    x4, x4, x12
        adcs    x5, x5, xzr
        adc     x6, x6, x13
        stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
.endm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B.
 */
        .section .text.p256_fe_sub_asm,"ax",%progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,%function
        .p2align 4
p256_fe_sub_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x2]
        ldp     x9, x10, [x2, #16]
        P256_SUB_FINISH x3, x4, x5, x6
        ret
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 *   x0 = X, x1 = A: 0 - A, which borrows exactly when A != 0, plus p then
 * (p - A; 0 for A = 0).
 */
        .section .text.p256_fe_neg_asm,"ax",%progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,%function
        .p2align 4
p256_fe_neg_asm:
        ldp     x7, x8, [x1]
        ldp     x9, x10, [x1, #16]
        P256_SUB_FINISH xzr, xzr, xzr, xzr
        ret
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
