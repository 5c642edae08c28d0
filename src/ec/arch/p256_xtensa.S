/*
 * p256_xtensa.S - the P-256 field leaves (p256_field.h) for Xtensa with
 * the call0 ABI (ESP8266's lx106): p256_fe_mul_asm, p256_fe_sqr_asm,
 * p256_fe_add_asm, p256_fe_sub_asm, p256_fe_neg_asm; C twins in
 * p256_field32.c. Straight-line code: no branch at all but the return,
 * and every address is sp or an argument plus a constant.
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
 * 2^(16 c)) with the Montgomery reduction interleaved. A half product
 * a_i b_j < 2^32 goes as its low half into column i + j (register cur)
 * and its high half into column i + j + 1 (register nxt); the two
 * registers swap roles from one column to the next. Reduction: -p^-1 = 1
 * mod 2^16 (p = -1 mod 2^16), so the multiplier of column c < 16 is its
 * own low half m_c, and adding m_c p 2^(16 c) clears that half (the carry
 * out is then the value >> 16, the low half dropped) and adds m_c at
 * columns c + 6 (2^96), c + 12 (2^192), c + 16 (2^256) and subtracts it
 * at c + 14 (2^224). The m_c wait in the frame. Columns 16..31 are the
 * halves of U = (A B + m p) / 2^256 and the last carry is its bit 256:
 * U < (p^2 + 2^256 p) / 2^256 < 2p, so one masked subtraction of p ends.
 * Column bounds: at most 16 low and 16 high halves, three m terms and a
 * carry below 2^7: |cur| < 2^22, far from overflow.
 *
 * Frames (mul and sqr): m_0..m_15 at sp + 0, U's halves at sp + 32,
 * U - p at sp + 64. X is written only at the end, so it may alias A or B.
 * add, sub and neg have no frame: X's half k is written only after A's
 * and B's half k are read, and never read again except by the second
 * chain, which reads and writes X itself.
 *
 * bench_ec, xtensa-lx106-elf-gcc 12.2 -O2, instructions under QEMU, the
 * C twins -> these leaves: field mul 4227 -> 2206, sqr 2434 -> 1382,
 * add 239 -> 208; inversion by safegcd 257.4 k -> 255.4 k, by the
 * addition chain 666.6 k -> 374.1 k; P-256 k G 4.49 M -> 2.68 M, ECDSA
 * sign 4.92 M -> 3.12 M, verify 11.37 M -> 6.64 M, ECDH 11.70 M ->
 * 6.78 M.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_XTENSA) && CTC_EC_P256

/* ---- the half products --------------------------------------------------------- */

/*
 * (cur, nxt) += x y for the halves x at [xb + xo], y at [yb + yo]:
 * the low half of the product to cur, the high half to nxt.
 * Clobbers a8, a9.
 */
        .macro  PROD xb, xo, yb, yo, cur, nxt
        l16ui   a8, \xb, \xo
        l16ui   a9, \yb, \yo
        mul16u  a8, a8, a9
        extui   a9, a8, 0, 16
        add     \cur, \cur, a9
        srli    a8, a8, 16
        add     \nxt, \nxt, a8
        .endm

/* n products x_i y_j, x_(i+1) y_(j-1), ... of one column */
        .macro  PRODS xb, yb, i, j, n, cur, nxt
        .if     \n > 0
        PROD    \xb, (2*(\i)), \yb, (2*(\j)), \cur, \nxt
        PRODS   \xb, \yb, (\i+1), (\j-1), (\n-1), \cur, \nxt
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
 * The end of column c, its sum in cur: below 16 the low half is the
 * multiplier m_c (kept), from 16 on it is U's half c - 16; the carry
 * cur >> 16 goes to nxt and cur restarts at zero (as the next nxt).
 * Clobbers a8.
 */
        .macro  COLEND c, cur, nxt
        .if     (\c) < 16
        s16i    \cur, a1, (2*(\c))
        .else
        s16i    \cur, a1, (32+2*((\c)-16))
        .endif
        srai    a8, \cur, 16
        add     \nxt, \nxt, a8
        movi    \cur, 0
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
 * Column c of A B: products a_i b_(c-i) for max(0, c - 15) <= i <=
 * min(15, c), then the reduction's terms; the next column swaps cur and
 * nxt. After column 31 (no products) nxt holds U's bit 256.
 */
        .macro  MULCOLS c, cur, nxt
        .if     (\c) < 16
        PRODS   a3, a4, 0, (\c), ((\c)+1), \cur, \nxt
        .else
        PRODS   a3, a4, ((\c)-15), 15, (31-(\c)), \cur, \nxt
        .endif
        MTERMS  (\c), \cur
        COLEND  (\c), \cur, \nxt
        .if     (\c) < 31
        MULCOLS ((\c)+1), \nxt, \cur
        .endif
        .endm

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A,
 *                      const ct_limb_t *B)
 *   a2 = X, a3 = A, a4 = B; a5, a6 the column sums, a8, a9 temporaries.
 */
        .section .text.p256_fe_mul_asm,"ax",@progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,@function
        .align  4
p256_fe_mul_asm:
        addi    a1, a1, -96
        movi    a5, 0
        movi    a6, 0
        MULCOLS 0, a5, a6
        FINAL                           /* column 31 is odd: nxt = a5 */
        addi    a1, a1, 96
        ret
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/* ---- the square ---------------------------------------------------------------- */

/*
 * Column c of A^2: the cross products a_i a_(c-i), i < c - i, into
 * (cur, nxt) as in the product; their sum (with the high halves of the
 * previous column's) counts twice, so cur = 2 cur + a10, a10 being the
 * plain carry in. Then the square a_(c/2)^2 for even c: its low half to
 * this column, its high half to the next carry. Cross sums per column:
 * at most 8 low and 8 high halves, doubled below 2^21.
 */
        .macro  SQRCOLS c, cur, nxt
        .if     (\c) < 16
        PRODS   a3, a3, 0, (\c), (((\c)+1)/2), \cur, \nxt
        .else
        PRODS   a3, a3, ((\c)-15), 15, ((((\c)-1)/2)-(\c)+16), \cur, \nxt
        .endif
        addx2   \cur, \cur, a10
        .if     (((\c) & 1) == 0) && ((\c) <= 30)
        l16ui   a8, a3, (\c)
        mul16u  a8, a8, a8
        extui   a9, a8, 0, 16
        add     \cur, \cur, a9
        srli    a10, a8, 16
        .else
        movi    a10, 0
        .endif
        MTERMS  (\c), \cur
        COLEND  (\c), \cur, a10
        .if     (\c) < 31
        SQRCOLS ((\c)+1), \nxt, \cur
        .endif
        .endm

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a2 = X, a3 = A; a5, a6 the cross sums, a10 the carry, a8, a9
 *   temporaries. Column 0 has no cross product: a5 = a6 = a10 = 0.
 */
        .section .text.p256_fe_sqr_asm,"ax",@progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,@function
        .align  4
p256_fe_sqr_asm:
        addi    a1, a1, -96
        movi    a5, 0
        movi    a6, 0
        movi    a10, 0
        SQRCOLS 0, a5, a6
        mov     a5, a10                 /* U's bit 256 */
        FINAL
        addi    a1, a1, 96
        ret
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/* ---- add, sub, neg --------------------------------------------------------------- */

/*
 * X (a2) += p & mask half by half, mask (all ones or zero) in a5: the
 * halves of p & mask are a6 = mask & 0xffff, a7 = mask & 1 and 0; the
 * carry (a9) out of the top half is dropped (the callers want the sum
 * mod 2^256). Clobbers a6-a9.
 */
        .macro  ADD_P_MASKED
        extui   a6, a5, 0, 16
        srli    a7, a5, 31
        .set    fk, 0
        .rept   16
        l16ui   a8, a2, (2*fk)
        .if     (fk < 6) || (fk >= 14)
        add     a8, a8, a6
        .elseif fk == 12
        add     a8, a8, a7
        .endif
        .if     fk > 0
        add     a8, a8, a9
        .endif
        s16i    a8, a2, (2*fk)
        .if     fk < 15
        srli    a9, a8, 16
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

#endif
