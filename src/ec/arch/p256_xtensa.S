/*
 * p256_xtensa.S - the P-256 field leaves (p256_field.h) for Xtensa with
 * the call0 ABI (ESP8266's lx106): p256_fe_mul_asm, p256_fe_sqr_asm,
 * p256_fe_add_asm, p256_fe_sub_asm, p256_fe_neg_asm, p256_fe_mulk_asm;
 * C twins in p256_field32.c. Straight-line code: no branch at all but
 * the return, and every address is sp or an argument plus a constant.
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1; in 16-bit halves, least
 * significant first: ffff x6, 0 x6, 1, 0, ffff, ffff.
 *
 * The lx106 has MUL16U (16x16 -> 32, the multiplier the mp layer's
 * src/mp/arch/xtensa.S already relies on) but no high-half multiply, and
 * no carry flag. So everything here works on 16-bit halves held in 32-bit
 * registers: L16UI/S16I move one half (S16I stores the low 16 bits, which
 * is the reduction mod 2^16 for free), and a column sum or a carry chain
 * keeps its carry in the upper bits of a register, taken out with a shift.
 * Sums that may go negative (subtractions, the reduction's -2^224 term)
 * use the arithmetic shift SRAI: for a signed v,
 * v = (v mod 2^16) + (v >> 16) 2^16 holds exactly, so a signed carry chain
 * is as exact as an unsigned one while no register overflows.
 *
 * mul and sqr: product scanning over the 32 half-columns c (weight
 * 2^(16 c)) with the Montgomery reduction interleaved, two columns at a
 * time so that one load of a half serves two products (PSTEP; the
 * product three at a time, PSTEP3). A column's
 * products are summed whole, mod 2^32, and their high halves apart, exact;
 * the difference is the exact sum of the low halves, the high halves go
 * on to the next column: MUL16U, two ADD and one shift a product.
 * Reduction: -p^-1 = 1 mod 2^16 (p = -1 mod 2^16), so the multiplier of
 * column c < 16 is its own low half m_c, and adding m_c p 2^(16 c) clears
 * that half (the carry out is then the value >> 16, the low half
 * dropped) and adds m_c at columns c + 6 (2^96), c + 12 (2^192), c + 16
 * (2^256) and subtracts it at c + 14 (2^224). The m_c wait in the frame.
 * Columns 16..31 are the halves of U = (A B + m p) / 2^256 and the last
 * carry is its bit 256: U < (p^2 + 2^256 p) / 2^256 < 2p, so one masked
 * subtraction of p ends. Column bounds: at most 16 low halves, 16 high
 * halves of the column before, three m terms and a carry below 2^7: a
 * column's value v has |v| < 2^22, far from overflow.
 *
 * Not done: Karatsuba. MUL16U takes 16-bit operands, so the half sums
 * (17 bits) would need their carries handled apart, and the three
 * products' combination (two 512-bit subtractions in 16-bit chains) and
 * a separate reduction pass cost about what the 64 saved half products
 * (at about 5 instructions each) win.
 *
 * Frames (mul and sqr): m_0..m_15 at sp + 0, U's halves at sp + 32,
 * U - p at sp + 64. X is written only at the end, so it may alias A or B.
 * add, sub and neg have no frame: X's half k is written only after A's
 * and B's half k are read, and never read again except by the second
 * chain, which reads and writes X itself.
 *
 * bench_ec, xtensa-lx106-elf-gcc 12.2 -O2 (PROFILE=fast), instructions
 * under QEMU, the C twins -> these leaves: field mul 4227 -> 1642, sqr
 * 2434 -> 1119, add 239 -> 201 (stack 712 -> 168 bytes for mul);
 * inversion by safegcd 257.4 k -> 254.9 k, by the addition chain
 * 666.6 k -> 300.3 k (so safegcd stays, p256_field.h); P-256 k G
 * 4.49 M -> 2.14 M, ECDSA sign 4.92 M -> 2.57 M, verify 11.37 M ->
 * 5.20 M, ECDH 11.70 M -> 5.27 M (with the k A leaf and the square forms
 * of Z3 chosen in ec_jacobian.c). Simpler forms of the product and the
 * square, measured the same way: one column a step with the low and high
 * halves summed apart, mul 2206, sqr 1382; two columns a step with the
 * wrapping sums, 1810 and 1210; the same with each column's registers
 * cleared first instead of set by its first product, +95 and +91; the
 * product two columns a step instead of three, 1715. Code size
 * (PROFILE=small): 9.1 KB against 2.3 KB for the C twins.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_XTENSA) && CTC_EC_P256

/* ---- the half products --------------------------------------------------------- */

/*
 * A column's sum is kept as a pair (r, h): r the wrapping sum (mod 2^32)
 * of its whole products and of what came in (the previous column's high
 * halves and carry), h the exact sum of its products' high halves. Then
 * r - h 2^16 (mod 2^32) is the exact column value, being small; h goes
 * on to the next column. One product costs MUL16U, two ADD and a shift.
 *
 * Columns are taken two at a time, c (even) and c + 1, their products
 * x_i y_(c-i) and x_i y_(c+1-i) by rising i: y_(c+1-i) is the y_(c-i)
 * loaded at step i - 1, so a step loads one x and one y for two
 * products. Registers: a3 x's base, \yb y's base, a9 = x_i, bc and bp
 * the two y (they swap at each step), (r0, h0) column c, (r1, h1)
 * column c + 1; clobbers a8.
 *
 * PSTEP sq, c, i, s, e, ...: steps i..e, s the first step. With sq = 0
 * the product x_i y_j counts for every i, j in 0..15; with sq = 1
 * (x = y = A) only the cross products, i < j (the square's pairs counted
 * once, doubled at the column's end, the diagonal apart).
 */
        .macro  PRODUCT x, y, r, h
        mul16u  a8, \x, \y
        add     \r, \r, a8
        srli    a8, a8, 16
        add     \h, \h, a8
        .endm

/* the first product of a column whose h is still free (h0 of a pair) */
        .macro  PRODUCT_H x, y, r, h
        mul16u  a8, \x, \y
        add     \r, \r, a8
        srli    \h, a8, 16
        .endm

/* the first product of a column whose r and h are both free (column c + 1) */
        .macro  PRODUCT_RH x, y, r, h
        mul16u  \r, \x, \y
        srli    \h, \r, 16
        .endm

/*
 * f0, f1: the first step with a product of column c, c + 1 (99: none),
 * whose product sets h0 (h0, r1, h1 are free at the start of a pair, r0
 * holds what column c carries in).
 */
        .macro  PSTEP sq, yb, c, i, s, e, f0, f1, bc, bp, r0, h0, r1, h1
        .if     \sq
        .set    v0, (2*(\i) < (\c)) && ((\c)-(\i) <= 15)
        .set    v1, (2*(\i) < (\c)+1) && ((\c)+1-(\i) <= 15)
        .else
        .set    v0, ((\c)-(\i) >= 0) && ((\c)-(\i) <= 15)
        .set    v1, ((\c)+1-(\i) <= 15) && ((\i) <= 15)
        .endif
        l16ui   a9, a3, (2*(\i))
        .if     v0
        l16ui   \bc, \yb, (2*((\c)-(\i)))
        .endif
        .if     v1
        .if     (\i) == (\s)
        l16ui   \bp, \yb, (2*((\c)+1-(\i)))
        .endif
        .if     (\i) == (\f1)
        PRODUCT_RH a9, \bp, \r1, \h1
        .else
        PRODUCT a9, \bp, \r1, \h1
        .endif
        .endif
        .if     v0
        .if     (\i) == (\f0)
        PRODUCT_H a9, \bc, \r0, \h0
        .else
        PRODUCT a9, \bc, \r0, \h0
        .endif
        .endif
        .if     (\i) < (\e)
        PSTEP   \sq, \yb, \c, ((\i)+1), \s, \e, \f0, \f1, \bp, \bc, \r0, \h0, \r1, \h1
        .endif
        .endm

/* ---- the reduction ------------------------------------------------------------ */

/*
 * The multipliers' terms of column c (m_k at sp + 2k, k = 0..15):
 * + m_(c-6) + m_(c-12) - m_(c-14) + m_(c-16). Clobbers a8.
 */
        .macro  MTERM k, op, cur
        .if     ((\k) >= 0) && ((\k) <= 15)
        l16ui   a8, a1, (2*(\k))
        \op     \cur, \cur, a8
        .endif
        .endm

        .macro  MTERMS c, cur
        MTERM   (\c-6), add, \cur
        MTERM   (\c-12), add, \cur
        MTERM   (\c-14), sub, \cur
        MTERM   (\c-16), add, \cur
        .endm

/*
 * Store column c's value v (low half): below 16 it is the multiplier m_c
 * (kept), from 16 on U's half c - 16. The carry out is v >> 16.
 */
        .macro  STORECOL c, v
        .if     (\c) < 16
        s16i    \v, a1, (2*(\c))
        .else
        s16i    \v, a1, (32+2*((\c)-16))
        .endif
        .endm

/*
 * X (a2) = U mod p for U = top 2^256 + (halves at sp + 32) < 2p, top (0
 * or 1) in a5: D = U - p half by half (signed carry in a6) to sp + 64;
 * top plus D's final carry is 0 when U >= p and -1 when U < p, the mask
 * that picks U over D word by word. Clobbers a5-a9.
 */
        .macro  FINAL
        movi    a7, -1
        extui   a7, a7, 0, 16           /* 0xffff */
        movi    a6, 0
        .set    fk, 0
        .rept   16
        l16ui   a8, a1, (32+2*fk)
        .if     (fk < 6) || (fk >= 14)
        sub     a8, a8, a7
        .elseif fk == 12
        addi    a8, a8, -1
        .endif
        add     a8, a8, a6
        s16i    a8, a1, (64+2*fk)
        srai    a6, a8, 16
        .set    fk, fk+1
        .endr
        add     a5, a5, a6              /* mask: all ones keeps U */
        .set    fk, 0
        .rept   8
        l32i    a8, a1, (32+4*fk)
        l32i    a9, a1, (64+4*fk)
        xor     a8, a8, a9
        and     a8, a8, a5
        xor     a8, a8, a9
        s32i    a8, a2, (4*fk)
        .set    fk, fk+1
        .endr
        .endm

        .text

/* ---- the product --------------------------------------------------------------- */

/*
 * The end of the pair of columns c, c + 1 of A B: column c's value
 * r0 - h0 2^16 plus the reduction's terms, stored; its carry and h0 go
 * to r1; column c + 1 likewise, its carry to h1, which (with column
 * c + 1's high halves in it already) is the next pair's r0. The other
 * three are free: the next pair's first products set them (PSTEP).
 */
        .macro  MULEND c, r0, h0, r1, h1
        slli    a8, \h0, 16
        sub     \r0, \r0, a8
        MTERMS  (\c), \r0
        STORECOL (\c), \r0
        srai    a8, \r0, 16
        add     \r1, \r1, a8
        add     \r1, \r1, \h0
        slli    a8, \h1, 16
        sub     \r1, \r1, a8
        MTERMS  ((\c)+1), \r1
        STORECOL ((\c)+1), \r1
        srai    a8, \r1, 16
        add     \h1, \h1, a8
        .endm

/*
 * Pairs of columns c, c + 1 from c up to 30: products a_i b_j for
 * max(0, c - 15) <= i <= min(15, c + 1), then the ends. The registers
 * rotate from one pair to the next; after the last pair (column 31 has
 * no products) h1 holds U's bit 256: 16 rotations bring it to a5.
 */
        .macro  MULPAIRS c, r0, h0, r1, h1
        .if     (\c) < 15
        PSTEP   0, a4, (\c), 0, 0, ((\c)+1), 0, 0, a11, a12, \r0, \h0, \r1, \h1
        .elseif (\c) < 30
        PSTEP   0, a4, (\c), ((\c)-15), ((\c)-15), 15, ((\c)-15), ((\c)-14), a11, a12, \r0, \h0, \r1, \h1
        .else
        movi    \r1, 0
        movi    \h1, 0
        PSTEP   0, a4, 30, 15, 15, 15, 15, 99, a11, a12, \r0, \h0, \r1, \h1
        .endif
        MULEND  (\c), \r0, \h0, \r1, \h1
        .if     (\c) < 30
        MULPAIRS ((\c)+2), \h1, \r0, \h0, \r1
        .endif
        .endm

/*
 * The product takes three columns at a time (c, c + 1, c + 2; one load of
 * a half serves three products), its last two columns (30, 31) as a pair
 * (MULPAIRS). PSTEP3 c, i, s, e, ...: steps i..e as PSTEP, the products
 * a_i b_(c-i), a_i b_(c+1-i), a_i b_(c+2-i) with b_(c+1-i), b_(c+2-i)
 * loaded at the two steps before (at the first step s, loaded there);
 * f0, f1, f2 the first step of each column. The three b registers
 * rotate.
 */
        .macro  PSTEP3 c, i, s, e, f0, f1, f2, bc, b1, b2, r0, h0, r1, h1, r2, h2
        .set    v0, ((\c)-(\i) <= 15)
        .set    v1, ((\c)+1-(\i) <= 15) && ((\i) <= 15)
        .set    v2, ((\c)+2-(\i) <= 15) && ((\i) <= 15)
        l16ui   a9, a3, (2*(\i))
        .if     v0 && ((\c)-(\i) >= 0)
        l16ui   \bc, a4, (2*((\c)-(\i)))
        .endif
        .if     v2
        .if     (\i) == (\s)
        l16ui   \b2, a4, (2*((\c)+2-(\i)))
        .endif
        .if     (\i) == (\f2)
        PRODUCT_RH a9, \b2, \r2, \h2
        .else
        PRODUCT a9, \b2, \r2, \h2
        .endif
        .endif
        .if     v1 && ((\c)+1-(\i) >= 0)
        .if     (\i) == (\s)
        l16ui   \b1, a4, (2*((\c)+1-(\i)))
        .endif
        .if     (\i) == (\f1)
        PRODUCT_RH a9, \b1, \r1, \h1
        .else
        PRODUCT a9, \b1, \r1, \h1
        .endif
        .endif
        .if     v0 && ((\c)-(\i) >= 0)
        .if     (\i) == (\f0)
        PRODUCT_H a9, \bc, \r0, \h0
        .else
        PRODUCT a9, \bc, \r0, \h0
        .endif
        .endif
        .if     (\i) < (\e)
        PSTEP3  \c, ((\i)+1), \s, \e, \f0, \f1, \f2, \b2, \bc, \b1, \r0, \h0, \r1, \h1, \r2, \h2
        .endif
        .endm

/* the end of columns c, c + 1, c + 2, as MULEND; h2 is the next r0 */
        .macro  MULEND3 c, r0, h0, r1, h1, r2, h2
        slli    a8, \h0, 16
        sub     \r0, \r0, a8
        MTERMS  (\c), \r0
        STORECOL (\c), \r0
        srai    a8, \r0, 16
        add     \r1, \r1, a8
        add     \r1, \r1, \h0
        slli    a8, \h1, 16
        sub     \r1, \r1, a8
        MTERMS  ((\c)+1), \r1
        STORECOL ((\c)+1), \r1
        srai    a8, \r1, 16
        add     \r2, \r2, a8
        add     \r2, \r2, \h1
        slli    a8, \h2, 16
        sub     \r2, \r2, a8
        MTERMS  ((\c)+2), \r2
        STORECOL ((\c)+2), \r2
        srai    a8, \r2, 16
        add     \h2, \h2, a8
        .endm

/*
 * Triples c = 0, 3, ..., 27, then the pair 30, 31, whose h1 is U's bit
 * 256 (moved to a5 for FINAL). Steps max(0, c - 15)..min(15, c + 2);
 * first steps max(0, c - 15), max(0, c - 14), max(0, c - 13), all 0 for
 * c <= 12 and c - 15, c - 14, c - 13 for c >= 15 (c is a multiple of 3).
 */
        .macro  MULTRIPLES c, r0, h0, r1, h1, r2, h2
        .if     (\c) >= 30
        MULPAIRS 30, \r0, \h0, \r1, \h1
        .ifnc   \h1, a5
        mov     a5, \h1
        .endif
        .else
        .if     (\c) < 13
        PSTEP3  (\c), 0, 0, ((\c)+2), 0, 0, 0, a11, a12, a15, \r0, \h0, \r1, \h1, \r2, \h2
        .else
        PSTEP3  (\c), ((\c)-15), ((\c)-15), 15, ((\c)-15), ((\c)-14), ((\c)-13), a11, a12, a15, \r0, \h0, \r1, \h1, \r2, \h2
        .endif
        MULEND3 (\c), \r0, \h0, \r1, \h1, \r2, \h2
        MULTRIPLES ((\c)+3), \h2, \r0, \h0, \r1, \h1, \r2
        .endif
        .endm

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 *   a2 = X, a3 = A, a4 = B; a5, a6, a7, a10, a13, a14 the column sums,
 *   a9, a11, a12, a15 the halves, a8 the products. a12-a15 saved at
 *   sp + 96.
 */
        .section .text.p256_fe_mul_asm,"ax",@progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,@function
        .align  4
p256_fe_mul_asm:
        addi    a1, a1, -112
        s32i    a12, a1, 96
        s32i    a13, a1, 100
        s32i    a14, a1, 104
        s32i    a15, a1, 108
        movi    a5, 0
        MULTRIPLES 0, a5, a6, a7, a10, a13, a14
        FINAL
        l32i    a12, a1, 96
        l32i    a13, a1, 100
        l32i    a14, a1, 104
        l32i    a15, a1, 108
        addi    a1, a1, 112
        ret
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/* ---- the square ---------------------------------------------------------------- */

/*
 * The end of the pair c, c + 1 of A^2 (carry in a11, a9 = a_(c/2) left
 * by the last step): the cross sum of column c counts twice,
 * 2 (r0 - h0 2^16) + a11, then a_(c/2)^2's low half and the reduction's
 * terms; a_(c/2)^2's high half goes to the next carry with the column's.
 * Column c + 1 (odd, no square) likewise. Cross sums: at most 8 low and
 * 8 high halves a column, doubled below 2^21.
 */
        .macro  SQREND c, r0, h0, r1, h1
        slli    a8, \h0, 16
        sub     \r0, \r0, a8
        addx2   \r0, \r0, a11
        mul16u  a8, a9, a9
        extui   a9, a8, 0, 16
        add     \r0, \r0, a9
        srli    a9, a8, 16
        MTERMS  (\c), \r0
        STORECOL (\c), \r0
        srai    a8, \r0, 16
        add     a11, a8, a9
        add     \r1, \r1, \h0
        slli    a8, \h1, 16
        sub     \r1, \r1, a8
        addx2   \r1, \r1, a11
        MTERMS  ((\c)+1), \r1
        STORECOL ((\c)+1), \r1
        srai    a11, \r1, 16
        .endm

/*
 * Pairs c, c + 1 of A^2: cross products a_i a_j, i < j, for
 * max(0, c - 15) <= i <= c / 2 (the last step loads a_(c/2) for the
 * square).
 */
        .macro  SQRPAIRS c, r0, h0, r1, h1
        .if     (\c) == 0
        movi    \h0, 0
        PSTEP   1, a3, 0, 0, 0, 0, 99, 0, a4, a12, \r0, \h0, \r1, \h1
        .elseif (\c) < 15
        PSTEP   1, a3, (\c), 0, 0, ((\c)/2), 0, 0, a4, a12, \r0, \h0, \r1, \h1
        .elseif (\c) < 30
        PSTEP   1, a3, (\c), ((\c)-15), ((\c)-15), ((\c)/2), ((\c)-15), ((\c)-14), a4, a12, \r0, \h0, \r1, \h1
        .else
        movi    \h0, 0
        movi    \r1, 0
        movi    \h1, 0
        PSTEP   1, a3, 30, 15, 15, 15, 99, 99, a4, a12, \r0, \h0, \r1, \h1
        .endif
        SQREND  (\c), \r0, \h0, \r1, \h1
        .if     (\c) < 30
        SQRPAIRS ((\c)+2), \h1, \r0, \h0, \r1
        .endif
        .endm

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a2 = X, a3 = A; a5, a6, a7, a10 the cross sums, a11 the carry, a9,
 *   a4, a12 the halves, a8 the products. a12 saved at sp + 96.
 */
        .section .text.p256_fe_sqr_asm,"ax",@progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,@function
        .align  4
p256_fe_sqr_asm:
        addi    a1, a1, -112
        s32i    a12, a1, 96
        movi    a5, 0
        movi    a11, 0
        SQRPAIRS 0, a5, a6, a7, a10
        mov     a5, a11                 /* U's bit 256 */
        FINAL
        l32i    a12, a1, 96
        addi    a1, a1, 112
        ret
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/* ---- add, sub, neg --------------------------------------------------------------- */

/*
 * X (a2) += p & mask mod 2^256, mask (all ones or zero, -b for a bit b)
 * in a5: mod 2^256 that is X - b (2^256 - p), 2^256 - p = 2^224 - 2^192
 * - 2^96 + 1, so mask is added at halves 0 and 14 and subtracted at 6
 * and 12, in a signed chain (carry a9) whose carry out of the top half
 * is dropped. Clobbers a8, a9.
 */
        .macro  ADD_P_MASKED
        .set    fk, 0
        .rept   16
        l16ui   a8, a2, (2*fk)
        .if     (fk == 0) || (fk == 14)
        add     a8, a8, a5
        .elseif (fk == 6) || (fk == 12)
        sub     a8, a8, a5
        .endif
        .if     fk > 0
        add     a8, a8, a9
        .endif
        s16i    a8, a2, (2*fk)
        .if     fk < 15
        srai    a9, a8, 16
        .endif
        .set    fk, fk+1
        .endr
        .endm

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 * X = A + B - p in one signed chain (carry a5); A + B - p lies in
 * [-p, p), so the final carry is -1 exactly when it is negative, and then
 * p is added back (no carry out of 2^256 counts: mod 2^256 the sum is
 * A + B, below p).
 */
        .section .text.p256_fe_add_asm,"ax",@progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,@function
        .align  4
p256_fe_add_asm:
        movi    a7, -1
        extui   a7, a7, 0, 16           /* 0xffff */
        .set    fk, 0
        .rept   16
        l16ui   a8, a3, (2*fk)
        l16ui   a9, a4, (2*fk)
        add     a8, a8, a9
        .if     (fk < 6) || (fk >= 14)
        sub     a8, a8, a7
        .elseif fk == 12
        addi    a8, a8, -1
        .endif
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        srai    a5, a8, 16
        .set    fk, fk+1
        .endr
        ADD_P_MASKED
        ret
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 * X = A - B in one signed chain (carry a5: -1 exactly when A < B), then
 * p & carry added (the sum's carry out cancels the borrow).
 */
        .section .text.p256_fe_sub_asm,"ax",@progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,@function
        .align  4
p256_fe_sub_asm:
        .set    fk, 0
        .rept   16
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
        ADD_P_MASKED
        ret
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * mask = all ones when A != 0 (the sign of nz | -nz, nz the OR of A's
 * words), then X = (p & mask) - A in one signed chain (carry a5): p - A
 * for A in 1..p-1, 0 for A = 0; no borrow out either way.
 */
        .section .text.p256_fe_neg_asm,"ax",@progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,@function
        .align  4
p256_fe_neg_asm:
        l32i    a6, a3, 0
        .set    fk, 1
        .rept   7
        l32i    a8, a3, (4*fk)
        or      a6, a6, a8
        .set    fk, fk+1
        .endr
        neg     a8, a6
        or      a6, a6, a8
        srai    a6, a6, 31              /* mask */
        srli    a7, a6, 31              /* p's half 12 & mask */
        extui   a6, a6, 0, 16           /* p's half 0xffff & mask */
        .set    fk, 0
        .rept   16
        l16ui   a8, a3, (2*fk)
        .if     (fk < 6) || (fk >= 14)
        sub     a8, a6, a8
        .elseif fk == 12
        sub     a8, a7, a8
        .else
        neg     a8, a8
        .endif
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a2, (2*fk)
        .if     fk < 15
        srai    a5, a8, 16
        .endif
        .set    fk, fk+1
        .endr
        ret
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

/* ---- k A --------------------------------------------------------------------------- */

/*
 * void p256_fe_mulk_asm(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
 * X = k A mod p, k in 1..8 (p256_fe_mulk_c in p256_field32.c has the
 * derivation): V = k A half by half (a_h k < 2^19 with MUL16U, carry
 * below 2^4), t = V / 2^256 <= 7, then W = V mod 2^256 + t c with
 * c = 2^256 mod p = 2^224 - 2^192 - 2^96 + 1 (t added at halves 0 and
 * 14, subtracted at 6 and 12) in a signed chain; 0 <= W < 2p, W's bit
 * 256 is the final carry, and FINAL subtracts p once if needed. Frame as
 * in mul (sp + 32: V then W, sp + 64: W - p).
 */
        .section .text.p256_fe_mulk_asm,"ax",@progbits
        .globl  p256_fe_mulk_asm
        .type   p256_fe_mulk_asm,@function
        .align  4
p256_fe_mulk_asm:
        addi    a1, a1, -96
        .set    fk, 0
        .rept   16
        l16ui   a8, a3, (2*fk)
        mul16u  a8, a8, a4
        .if     fk > 0
        add     a8, a8, a5
        .endif
        s16i    a8, a1, (32+2*fk)
        srli    a5, a8, 16
        .set    fk, fk+1
        .endr
        .set    fk, 0
        .rept   16
        l16ui   a8, a1, (32+2*fk)
        .if     (fk == 0) || (fk == 14)
        add     a8, a8, a5
        .elseif (fk == 6) || (fk == 12)
        sub     a8, a8, a5
        .endif
        .if     fk > 0
        add     a8, a8, a6
        .endif
        s16i    a8, a1, (32+2*fk)
        srai    a6, a8, 16
        .set    fk, fk+1
        .endr
        mov     a5, a6                  /* W's bit 256 */
        FINAL
        addi    a1, a1, 96
        ret
        .size   p256_fe_mulk_asm, .-p256_fe_mulk_asm

#endif
