/*
 * p384_xtensa.S - the P-384 field leaves (p384_field.h) for Xtensa with
 * the call0 ABI (ESP8266's lx106): p384_fe_mul_asm, p384_fe_sqr_asm,
 * p384_fe_add_asm, p384_fe_sub_asm, p384_fe_neg_asm; C twins in
 * p384_field32.c.
 *
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1; in 16-bit halves, least
 * significant first: ffff ffff 0 0 0 0 ffff ffff fffe ffff x 14.
 *
 * As in p256_xtensa.S: the lx106 has MUL16U (16x16 -> 32) but no
 * high-half multiply and no carry flag, so the leaves work on 16-bit
 * halves in 32-bit registers; a carry chain keeps its carry in the upper
 * bits and takes it out with a shift (SRAI where a sum may be negative:
 * v = (v mod 2^16) + (v >> 16) 2^16 holds exactly for a signed v).
 *
 * mul and sqr make T = A B in 48 word slots of the frame, one half each,
 * by rolled rows (operand scanning: row i adds A b_i, b_i the half i of
 * B, to slots i..i+23 and writes its carry to slot i+24; a step
 * t + a b + c is at most 2^32 - 1; mul runs two rows at once). The square makes each cross product
 * once, then doubles the slots and adds the squares of the halves
 * without carrying (a slot stays far below 2^31). The Montgomery
 * reduction works on the slots as signed accumulators
 * (p384_xtensa_redc_tail): -p^-1 = 1 mod 2^16, so step k takes m = slot
 * k mod 2^16, moves the rest of slot k (its signed part above 16 bits)
 * to slot k + 1, and adds m p 2^(16 k), which clears slot k: +m at
 * slots k + 2 and k + 24, -m at k + 6 and k + 8 (2^32, 2^384, 2^96,
 * 2^128). After 24 steps the value in slots 24..47 is
 * (T + M p) / 2^384 < 2p; one signed chain makes its halves minus p in
 * X, whose final carry (-1 or 0) masks p added back.
 *
 * The loops are counted by constants: no branch and no address depends
 * on the data. Rolled, unlike the P-256 leaves (whose unrolled product
 * scanning is 9.1 KB): unrolled, the 576 half products here would take
 * about 10 KB.
 *
 * Frame of mul and sqr: the 48 slots at sp + 0, a12..a15 at sp + 192,
 * a0 at sp + 208 (mul uses it as a register).
 * X is written only at the end, so it may alias A or B. add, sub and
 * neg have no frame: X's half k is written only after A's and B's half
 * k are read.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_XTENSA) && CTC_EC_P384

        .equ    FRAME, 224

        .macro  ENTRY_FRAME
        addi    a1, a1, -FRAME
        s32i    a12, a1, 192
        s32i    a13, a1, 196
        s32i    a14, a1, 200
        s32i    a15, a1, 204
        s32i    a0, a1, 208
        movi    a5, 0
        .set    fk, 0
        .rept   24
        s32i    a5, a1, (4*fk)
        .set    fk, fk+1
        .endr
        .endm

/*
 * One word step of a row: slot (a10 + 4 so) += a (half at a9 + 2 ao) b
 * (a8) + c (a12), kept mod 2^16, c the rest. Clobbers a13, a14.
 */
        .macro  ROW_STEP ao, so
        l16ui   a13, a9, (2*\ao)
        mul16u  a13, a13, a8
        l32i    a14, a10, (4*\so)
        add     a13, a13, a14
        add     a13, a13, a12
        extui   a14, a13, 0, 16
        s32i    a14, a10, (4*\so)
        srli    a12, a13, 16
        .endm

/*
 * X (a2) += p & mask mod 2^384, mask (all ones or zero) in a5: mod 2^384
 * that is X + mask (2^384 - p), and 2^384 - p = 2^128 + 2^96 - 2^32 + 1,
 * so mask is added at halves 0, 6 and 8 and subtracted at half 2, in a
 * signed chain (carry a9) whose carry out of the top half is dropped.
 * Clobbers a8, a9.
 */
        .macro  ADD_P_MASKED
        .set    fk, 0
        .rept   24
        l16ui   a8, a2, (2*fk)
        .if     (fk == 0) || (fk == 6) || (fk == 8)
        add     a8, a8, a5
        .elseif fk == 2
        sub     a8, a8, a5
        .endif
        .if     fk > 0
        add     a8, a8, a9
        .endif
        s16i    a8, a2, (2*fk)
        .if     fk < 23
        srai    a9, a8, 16
        .endif
        .set    fk, fk+1
        .endr
        .endm

/* a8 -= p's half fk (a7 = 0xffff) */
        .macro  SUB_P_HALF
        .if     (fk <= 1) || (fk == 6) || (fk == 7) || (fk >= 9)
        sub     a8, a8, a7
        .elseif fk == 8
        sub     a8, a8, a7
        addi    a8, a8, 1
        .endif
        .endm

        .text
        .literal_position

/*
 * One step of a pair of rows at slot s (a10): v0 = slot + a_j b0 + c0
 * (a12) and v1 = (v0 mod 2^16) + a_(j-1) b1 + c1 (a11), slot = v1 mod
 * 2^16; each sum is at most 2^32 - 1. a_j is loaded into \cur, a_(j-1)
 * is in \prev (the two swap at each step, so no move). Clobbers a13.
 */
        .macro  PAIR_STEP cur, prev, ao, so
        l32i    a13, a10, (4*\so)
        add     a12, a12, a13
        l16ui   \cur, a9, (2*\ao)
        mul16u  a13, \cur, a8
        add     a12, a12, a13
        extui   a13, a12, 0, 16
        srli    a12, a12, 16
        add     a11, a11, a13
        mul16u  a13, \prev, a15
        add     a11, a11, a13
        extui   a13, a11, 0, 16
        s32i    a13, a10, (4*\so)
        srli    a11, a11, 16
        .endm

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   a2 = X, a3 = A, a4 = B. Two rows at a time: pair r adds
 * A (b0 + b1 2^16), b0 and b1 the halves 2r and 2r + 1 of B (a8, a15),
 * to slots 2r..2r+25: at slot 2r + j both rows' sums in one step
 * (row 2r + 1 is one half behind), then slot 2r + 24 takes c0 + c1 +
 * a_23 b1 and slot 2r + 25 its carry (both written: no earlier pair
 * reaches them). a5 counts the pairs, a6 = &b0, a7 = slot 2r, a4 = A's
 * end; a9, a10 walk A and the slots, a0 and a14 hold a_j and a_(j-1).
 */
        .section .text.p384_fe_mul_asm,"ax",@progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,@function
        .align  4
p384_fe_mul_asm:
        ENTRY_FRAME
        movi    a5, 12
        mov     a6, a4
        addi    a4, a3, 48
        mov     a7, a1
1:      l16ui   a8, a6, 0
        l16ui   a15, a6, 2
        mov     a9, a3
        mov     a10, a7
        movi    a11, 0
        movi    a12, 0
        movi    a14, 0                  /* a_(-1) */
2:      PAIR_STEP a0, a14, 0, 0
        PAIR_STEP a14, a0, 1, 1
        addi    a9, a9, 4
        addi    a10, a10, 8
        bne     a9, a4, 2b
        mul16u  a13, a14, a15           /* a_23 b1 */
        add     a12, a12, a11
        add     a12, a12, a13
        extui   a13, a12, 0, 16
        s32i    a13, a10, 0             /* slot 2r + 24 */
        srli    a12, a12, 16
        s32i    a12, a10, 4             /* slot 2r + 25 */
        addi    a6, a6, 4
        addi    a7, a7, 8
        addi    a5, a5, -1
        bnez    a5, 1b
        j       p384_xtensa_redc_tail
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a2 = X, a3 = A. Row i (i = 0..22) adds a_i A[i+1..23] to slots
 * 2i+1..i+23 and writes slot i + 24 (a5 = 23 - i steps, a6 = &a_i,
 * a7 = slot 2i + 1): (23 - i) / 4 groups of four steps, then the rest
 * one at a time, so the two forward branches depend on the row index
 * only (src/ct_public.txt); slot 47 = 0. The cross sum doubled (slots below
 * 2^17), then a_i^2 added at slots 2i (low half) and 2i + 1 (high half).
 */
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,@function
        .align  4
p384_fe_sqr_asm:
        ENTRY_FRAME
        s32i    a5, a1, 188             /* slot 47 */
        movi    a5, 23
        mov     a6, a3
        addi    a7, a1, 4
1:      l16ui   a8, a6, 0
        addi    a9, a6, 2
        mov     a10, a7
        movi    a12, 0
        srli    a11, a5, 2
        beqz    a11, 3f
2:      ROW_STEP 0, 0
        ROW_STEP 1, 1
        ROW_STEP 2, 2
        ROW_STEP 3, 3
        addi    a9, a9, 8
        addi    a10, a10, 16
        addi    a11, a11, -1
        bnez    a11, 2b
3:      extui   a11, a5, 0, 2
        beqz    a11, 5f
4:      ROW_STEP 0, 0
        addi    a9, a9, 2
        addi    a10, a10, 4
        addi    a11, a11, -1
        bnez    a11, 4b
5:      s32i    a12, a10, 0             /* slot i + 24 */
        addi    a6, a6, 2
        addi    a7, a7, 8
        addi    a5, a5, -1
        bnez    a5, 1b
        /* doubled: slots 1..46 */
        .set    fk, 1
        .rept   46
        l32i    a8, a1, (4*fk)
        slli    a8, a8, 1
        s32i    a8, a1, (4*fk)
        .set    fk, fk+1
        .endr
        /* + a_i^2: a6 = &a_i, a7 = slot 2i */
        movi    a5, 24
        mov     a6, a3
        mov     a7, a1
3:      l16ui   a8, a6, 0
        mul16u  a8, a8, a8
        l32i    a9, a7, 0
        l32i    a10, a7, 4
        extui   a11, a8, 0, 16
        srli    a8, a8, 16
        add     a9, a9, a11
        add     a10, a10, a8
        s32i    a9, a7, 0
        s32i    a10, a7, 4
        addi    a6, a6, 2
        addi    a7, a7, 8
        addi    a5, a5, -1
        bnez    a5, 3b
        j       p384_xtensa_redc_tail
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm

/*
 * p384_xtensa_redc_tail: the end of mul and sqr, entered by a jump with
 * their frame (the 48 slots of T) and a2 = X; it returns from them.
 * Step k (a7 = slot k, a5 counts): a9 = slot k >> 16 (signed) to slot
 * k + 1, m = slot k mod 2^16 (a10) as above. Then X = the halves of
 * slots 24..47 minus p (a7 = 0xffff), the carry a5 (-1 exactly when the
 * value was below p), and p & a5 added back.
 */
        .type   p384_xtensa_redc_tail,@function
        .align  4
p384_xtensa_redc_tail:
        movi    a5, 24
        mov     a7, a1
1:      l32i    a8, a7, 0
        srai    a9, a8, 16
        extui   a10, a8, 0, 16
        l32i    a11, a7, 4
        add     a11, a11, a9
        s32i    a11, a7, 4
        l32i    a11, a7, 8
        add     a11, a11, a10
        s32i    a11, a7, 8
        l32i    a11, a7, 24
        sub     a11, a11, a10
        s32i    a11, a7, 24
        l32i    a11, a7, 32
        sub     a11, a11, a10
        s32i    a11, a7, 32
        l32i    a11, a7, 96
        add     a11, a11, a10
        s32i    a11, a7, 96
        addi    a7, a7, 4
        addi    a5, a5, -1
        bnez    a5, 1b
        movi    a7, -1
        extui   a7, a7, 0, 16           /* 0xffff */
        .set    fk, 0
        .rept   24
        l32i    a8, a1, (96 + 4*fk)
        SUB_P_HALF
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        srai    a5, a8, 16
        .set    fk, fk+1
        .endr
        l32i    a12, a1, 192
        l32i    a13, a1, 196
        l32i    a14, a1, 200
        l32i    a15, a1, 204
        l32i    a0, a1, 208
        addi    a1, a1, FRAME
        j       p384_xtensa_add_p_masked
        .size   p384_xtensa_redc_tail, .-p384_xtensa_redc_tail

/*
 * p384_xtensa_add_p_masked: X (a2) += p & a5 (ADD_P_MASKED), entered by a
 * jump as the last step of the reduction, add, sub and neg, with a0 their
 * caller's return address: it returns for them. One copy instead of four
 * (its own section, kept by the jumps of whichever of them is linked).
 */
        .section .text.p384_xtensa_add_p_masked,"ax",@progbits
        .globl  p384_xtensa_add_p_masked
        .type   p384_xtensa_add_p_masked,@function
        .align  4
p384_xtensa_add_p_masked:
        ADD_P_MASKED
        ret
        .size   p384_xtensa_add_p_masked, .-p384_xtensa_add_p_masked

/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 * X = A + B - p in one signed chain (carry a5); A + B - p lies in
 * [-p, p), so the final carry is -1 exactly when it is negative, and then
 * p is added back.
 */
        .section .text.p384_fe_add_asm,"ax",@progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,@function
        .align  4
p384_fe_add_asm:
        movi    a7, -1
        extui   a7, a7, 0, 16           /* 0xffff */
        .set    fk, 0
        .rept   24
        l16ui   a8, a3, (2*fk)
        l16ui   a9, a4, (2*fk)
        add     a8, a8, a9
        SUB_P_HALF
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        srai    a5, a8, 16
        .set    fk, fk+1
        .endr
        j       p384_xtensa_add_p_masked
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 * X = A - B in one signed chain (carry a5: -1 exactly when A < B), then
 * p & carry added (the sum's carry out cancels the borrow).
 */
        .section .text.p384_fe_sub_asm,"ax",@progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,@function
        .align  4
p384_fe_sub_asm:
        .set    fk, 0
        .rept   24
        l16ui   a8, a3, (2*fk)
        l16ui   a9, a4, (2*fk)
        sub     a8, a8, a9
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        srai    a5, a8, 16
        .set    fk, fk+1
        .endr
        j       p384_xtensa_add_p_masked
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * X = 0 - A in one signed chain (carry a5: -1 exactly when A != 0), then
 * p & carry added (p - A, or 0 for A = 0).
 */
        .section .text.p384_fe_neg_asm,"ax",@progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,@function
        .align  4
p384_fe_neg_asm:
        .set    fk, 0
        .rept   24
        l16ui   a8, a3, (2*fk)
        neg     a8, a8
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        srai    a5, a8, 16
        .set    fk, fk+1
        .endr
        j       p384_xtensa_add_p_masked
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

#endif
