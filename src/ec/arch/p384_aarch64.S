/*
 * p384_aarch64.S - the P-384 field leaves for AArch64 (AAPCS64), 64-bit
 * limbs: p384_fe_{mul,sqr,add,sub,neg}_asm (contract in p384_field.h; C
 * twins in p384_field64.c).
 *
 * p = {P0, P1, P2, P3, P3, P3} = {2^32 - 1, 2^64 - 2^32, 2^64 - 2,
 * 2^64 - 1, 2^64 - 1, 2^64 - 1}, -p^-1 = 2^32 + 1 mod 2^64.
 *
 * The product and the square make the whole 768-bit T in twelve
 * registers (MUL/UMULH, which leave the flags alone; carries on
 * ADDS/ADCS chains), then one reduction (P384_REDC): six steps, step i
 * with m = t_i (2^32 + 1) mod 2^64 adds m p at limb i, which clears t_i
 * (m P0 = t_i (2^64 - 1) = -t_i mod 2^64). p's last three limbs are
 * equal, so a step takes four products and four high halves, not six.
 * A step's carry out of limb i + 6 is owed to limb i + 7, the limb i + 6
 * of the next step, which adds it (P384_REDC_STEP). T < p^2, so
 * (T + M p) / 2^384 < (p^2 + 2^384 p) / 2^384 < 2p: limbs 6..11 and the
 * last carry (0 or 1), and one masked subtraction of p (CSEL) fully
 * reduces it.
 *
 * No branch; the multiplies, additions and CSEL take the same time
 * whatever the data (MUL/UMULH have data-independent latency on the
 * AArch64 cores this library targets, as the mp and P-256 leaves
 * assume). The only memory accesses are the operands, the result and the
 * saved registers x19..x24 (mul and sqr).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_AARCH64) && CTC_EC_P384

/* the product's registers: T = t0..t11 */
#define T0  x9
#define T1  x10
#define T2  x11
#define T3  x12
#define T4  x13
#define T5  x14
#define T6  x15
#define T7  x19
#define T8  x20
#define T9  x21
#define T10 x22
#define T11 x23

.macro  P384_SAVE
        stp     x19, x20, [sp, #-48]!
        stp     x21, x22, [sp, #16]
        stp     x23, x24, [sp, #32]
.endm

.macro  P384_RESTORE
        ldp     x21, x22, [sp, #16]
        ldp     x23, x24, [sp, #32]
        ldp     x19, x20, [sp], #48
.endm

/*
 * One row of the product: t0..t5 += (x3..x8) b, t6 = the carry limb
 * (written, not added): the row's sum is below 2^384 + 2^448, so the last
 * ADC does not carry out. Clobbers x16, x17.
 */
.macro  P384_MUL_ROW t0, t1, t2, t3, t4, t5, t6, b
        mul     x16, x3, \b
        mul     x17, x4, \b
        adds    \t0, \t0, x16
        adcs    \t1, \t1, x17
        mul     x16, x5, \b
        mul     x17, x6, \b
        adcs    \t2, \t2, x16
        adcs    \t3, \t3, x17
        mul     x16, x7, \b
        mul     x17, x8, \b
        adcs    \t4, \t4, x16
        adcs    \t5, \t5, x17
        adc     \t6, xzr, xzr
        umulh   x16, x3, \b
        umulh   x17, x4, \b
        adds    \t1, \t1, x16
        adcs    \t2, \t2, x17
        umulh   x16, x5, \b
        umulh   x17, x6, \b
        adcs    \t3, \t3, x16
        adcs    \t4, \t4, x17
        umulh   x16, x7, \b
        umulh   x17, x8, \b
        adcs    \t5, \t5, x16
        adc     \t6, \t6, x17
.endm

/*
 * One reduction step at limb t0 (p's limbs in x3..x6 = P0, P1, P2, P3;
 * m in x7): t0..t6 += m p (t0 becomes 0), then the carry \cin owed by
 * the previous step to t6; \cout receives what carries out of t6 (at
 * most 3, a count added as a word at the next step). Clobbers x16, x17.
 */
.macro  P384_REDC_STEP t0, t1, t2, t3, t4, t5, t6, cin, cout
        add     x7, \t0, \t0, lsl #32
        mul     x16, x7, x3
        mul     x17, x7, x4
        adds    \t0, \t0, x16
        adcs    \t1, \t1, x17
        mul     x16, x7, x5
        mul     x17, x7, x6
        adcs    \t2, \t2, x16
        adcs    \t3, \t3, x17
        adcs    \t4, \t4, x17
        adcs    \t5, \t5, x17
        adcs    \t6, \t6, xzr
        adc     \cout, xzr, xzr
        umulh   x16, x7, x3
        umulh   x17, x7, x4
        adds    \t1, \t1, x16
        adcs    \t2, \t2, x17
        umulh   x16, x7, x5
        umulh   x17, x7, x6
        adcs    \t3, \t3, x16
        adcs    \t4, \t4, x17
        adcs    \t5, \t5, x17
        adcs    \t6, \t6, x17
        adc     \cout, \cout, xzr
        adds    \t6, \t6, \cin
        adc     \cout, \cout, xzr
.endm

/* k0..k3 = p's limbs P0, P1, P2, P3 */
.macro  P384_LOAD_P k0, k1, k2, k3
        mov     \k0, #0x00000000ffffffff
        mov     \k1, #0xffffffff00000000
        mov     \k2, #0xfffffffffffffffe
        mov     \k3, #0xffffffffffffffff
.endm

/*
 * (r0..r5) = (top, r0..r5) - p if that does not borrow, else unchanged;
 * (top, r0..r5) < 2p. y0..y5 are scratch; k0..k3 hold p's limbs P0..P3
 * (P384_LOAD_P).
 */
.macro  P384_SUB_P_SELECT r0, r1, r2, r3, r4, r5, top, y0, y1, y2, y3, y4, y5, k0, k1, k2, k3
        subs    \y0, \r0, \k0
        sbcs    \y1, \r1, \k1
        sbcs    \y2, \r2, \k2
        sbcs    \y3, \r3, \k3
        sbcs    \y4, \r4, \k3
        sbcs    \y5, \r5, \k3
        sbcs    xzr, \top, xzr
        csel    \r0, \y0, \r0, cs
        csel    \r1, \y1, \r1, cs
        csel    \r2, \y2, \r2, cs
        csel    \r3, \y3, \r3, cs
        csel    \r4, \y4, \r4, cs
        csel    \r5, \y5, \r5, cs
.endm

/*
 * X (x0) = T / 2^384 mod p for T = t0..t11 < p^2; x3..x8, x16, x17, x24
 * and T are clobbered.
 */
.macro  P384_REDC
        P384_LOAD_P x3, x4, x5, x6
        P384_REDC_STEP T0, T1, T2, T3, T4, T5, T6, xzr, x8
        P384_REDC_STEP T1, T2, T3, T4, T5, T6, T7, x8, x24
        P384_REDC_STEP T2, T3, T4, T5, T6, T7, T8, x24, x8
        P384_REDC_STEP T3, T4, T5, T6, T7, T8, T9, x8, x24
        P384_REDC_STEP T4, T5, T6, T7, T8, T9, T10, x24, x8
        P384_REDC_STEP T5, T6, T7, T8, T9, T10, T11, x8, x24
        /* (x24, t6..t11) < 2p: t0..t5 are zero now and serve as scratch */
        P384_SUB_P_SELECT T6, T7, T8, T9, T10, T11, x24, T0, T1, T2, T3, T4, T5, x3, x4, x5, x6
        stp     T6, T7, [x0]
        stp     T8, T9, [x0, #16]
        stp     T10, T11, [x0, #32]
.endm

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B; A in x3..x8, B's limbs in x24 one at a time.
 * Row i adds A B[i] at limbs i..i+5 and writes limb i + 6. X is written
 * last: it may be A or B.
 */
        .section .text.p384_fe_mul_asm,"ax",%progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,%function
        .p2align 4
p384_fe_mul_asm:
        P384_SAVE
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x1, #32]
        ldr     x24, [x2]
        mul     T0, x3, x24
        mul     T1, x4, x24
        mul     T2, x5, x24
        mul     T3, x6, x24
        mul     T4, x7, x24
        mul     T5, x8, x24
        umulh   x16, x3, x24
        umulh   x17, x4, x24
        adds    T1, T1, x16
        adcs    T2, T2, x17
        umulh   x16, x5, x24
        umulh   x17, x6, x24
        adcs    T3, T3, x16
        adcs    T4, T4, x17
        umulh   x16, x7, x24
        umulh   x17, x8, x24
        adcs    T5, T5, x16
        adc     T6, x17, xzr            /* t0..t6 = A B[0] */
        ldr     x24, [x2, #8]
        P384_MUL_ROW T1, T2, T3, T4, T5, T6, T7, x24
        ldr     x24, [x2, #16]
        P384_MUL_ROW T2, T3, T4, T5, T6, T7, T8, x24
        ldr     x24, [x2, #24]
        P384_MUL_ROW T3, T4, T5, T6, T7, T8, T9, x24
        ldr     x24, [x2, #32]
        P384_MUL_ROW T4, T5, T6, T7, T8, T9, T10, x24
        ldr     x24, [x2, #40]
        P384_MUL_ROW T5, T6, T7, T8, T9, T10, T11, x24
        P384_REDC
        P384_RESTORE
        ret
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   x0 = X, x1 = A in x3..x8 (a0..a5). The fifteen products a_i a_j
 * (i < j) once, row i at limbs 2i + 1..i + 5 writing limb i + 6; doubled
 * (the cross sum is below 2^767, so t11 takes the top bit), then the six
 * squares at limbs 2i, 2i + 1; A^2 < 2^768, nothing carries out.
 */
        .section .text.p384_fe_sqr_asm,"ax",%progbits
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,%function
        .p2align 4
p384_fe_sqr_asm:
        P384_SAVE
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x1, #32]
        /* a0 (a1..a5) at t1..t6 */
        mul     T1, x4, x3
        mul     T2, x5, x3
        mul     T3, x6, x3
        mul     T4, x7, x3
        mul     T5, x8, x3
        umulh   x16, x4, x3
        umulh   x17, x5, x3
        adds    T2, T2, x16
        adcs    T3, T3, x17
        umulh   x16, x6, x3
        umulh   x17, x7, x3
        adcs    T4, T4, x16
        adcs    T5, T5, x17
        umulh   x16, x8, x3
        adc     T6, x16, xzr
        /* a1 (a2..a5) at t3..t7 */
        mul     x16, x5, x4
        mul     x17, x6, x4
        adds    T3, T3, x16
        adcs    T4, T4, x17
        mul     x16, x7, x4
        mul     x17, x8, x4
        adcs    T5, T5, x16
        adcs    T6, T6, x17
        adc     T7, xzr, xzr
        umulh   x16, x5, x4
        umulh   x17, x6, x4
        adds    T4, T4, x16
        adcs    T5, T5, x17
        umulh   x16, x7, x4
        umulh   x17, x8, x4
        adcs    T6, T6, x16
        adc     T7, T7, x17
        /* a2 (a3..a5) at t5..t8 */
        mul     x16, x6, x5
        mul     x17, x7, x5
        adds    T5, T5, x16
        adcs    T6, T6, x17
        mul     x16, x8, x5
        adcs    T7, T7, x16
        adc     T8, xzr, xzr
        umulh   x16, x6, x5
        umulh   x17, x7, x5
        adds    T6, T6, x16
        adcs    T7, T7, x17
        umulh   x16, x8, x5
        adc     T8, T8, x16
        /* a3 (a4, a5) at t7..t9 */
        mul     x16, x7, x6
        mul     x17, x8, x6
        adds    T7, T7, x16
        adcs    T8, T8, x17
        adc     T9, xzr, xzr
        umulh   x16, x7, x6
        umulh   x17, x8, x6
        adds    T8, T8, x16
        adc     T9, T9, x17
        /* a4 a5 at t9..t10 */
        mul     x16, x8, x7
        umulh   x17, x8, x7
        adds    T9, T9, x16
        adc     T10, x17, xzr
        /* doubled */
        adds    T1, T1, T1
        adcs    T2, T2, T2
        adcs    T3, T3, T3
        adcs    T4, T4, T4
        adcs    T5, T5, T5
        adcs    T6, T6, T6
        adcs    T7, T7, T7
        adcs    T8, T8, T8
        adcs    T9, T9, T9
        adcs    T10, T10, T10
        adc     T11, xzr, xzr
        /* the squares */
        mul     T0, x3, x3
        umulh   x16, x3, x3
        adds    T1, T1, x16
        mul     x16, x4, x4
        umulh   x17, x4, x4
        adcs    T2, T2, x16
        adcs    T3, T3, x17
        mul     x16, x5, x5
        umulh   x17, x5, x5
        adcs    T4, T4, x16
        adcs    T5, T5, x17
        mul     x16, x6, x6
        umulh   x17, x6, x6
        adcs    T6, T6, x16
        adcs    T7, T7, x17
        mul     x16, x7, x7
        umulh   x17, x7, x7
        adcs    T8, T8, x16
        adcs    T9, T9, x17
        mul     x16, x8, x8
        umulh   x17, x8, x8
        adcs    T10, T10, x16
        adc     T11, T11, x17
        P384_REDC
        P384_RESTORE
        ret
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm


/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B: (x15, x3..x8) = A + B < 2p, reduced once.
 */
        .section .text.p384_fe_add_asm,"ax",%progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,%function
        .p2align 4
p384_fe_add_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x1, #32]
        ldp     x9, x10, [x2]
        ldp     x11, x12, [x2, #16]
        ldp     x13, x14, [x2, #32]
        adds    x3, x3, x9
        adcs    x4, x4, x10
        adcs    x5, x5, x11
        adcs    x6, x6, x12
        adcs    x7, x7, x13
        adcs    x8, x8, x14
        adc     x15, xzr, xzr
        P384_LOAD_P x16, x17, x1, x2
        P384_SUB_P_SELECT x3, x4, x5, x6, x7, x8, x15, x9, x10, x11, x12, x13, x14, x16, x17, x1, x2
        stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
        stp     x7, x8, [x0, #32]
        ret
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * x3..x8 = (a0..a5) - (x9..x14) + (p if that borrowed): the borrow
 * becomes a mask m (SBC: 0 or all ones), and p & m is
 * (m >> 32, m << 32, m & ~1, m, m, m). The difference is > -p, so the
 * sum is in [0, p) and its carry cancels the borrow. Stores X.
 */
.macro  P384_SUB_FINISH a0, a1, a2, a3, a4, a5
        subs    x3, \a0, x9
        sbcs    x4, \a1, x10
        sbcs    x5, \a2, x11
        sbcs    x6, \a3, x12
        sbcs    x7, \a4, x13
        sbcs    x8, \a5, x14
        sbc     x15, xzr, xzr
        lsl     x16, x15, #32
        and     x17, x15, #0xfffffffffffffffe
        adds    x3, x3, x15, lsr #32
        adcs    x4, x4, x16
        adcs    x5, x5, x17
        adcs    x6, x6, x15
        adcs    x7, x7, x15
        adc     x8, x8, x15
        stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
        stp     x7, x8, [x0, #32]
.endm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   x0 = X, x1 = A, x2 = B.
 */
        .section .text.p384_fe_sub_asm,"ax",%progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,%function
        .p2align 4
p384_fe_sub_asm:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x1, #32]
        ldp     x9, x10, [x2]
        ldp     x11, x12, [x2, #16]
        ldp     x13, x14, [x2, #32]
        P384_SUB_FINISH x3, x4, x5, x6, x7, x8
        ret
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 *   x0 = X, x1 = A: 0 - A, which borrows exactly when A != 0, plus p then
 * (p - A; 0 for A = 0).
 */
        .section .text.p384_fe_neg_asm,"ax",%progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,%function
        .p2align 4
p384_fe_neg_asm:
        ldp     x9, x10, [x1]
        ldp     x11, x12, [x1, #16]
        ldp     x13, x14, [x1, #32]
        P384_SUB_FINISH xzr, xzr, xzr, xzr, xzr, xzr
        ret
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
