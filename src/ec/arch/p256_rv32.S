/*
 * p256_rv32.S - the P-256 field leaves (p256_field.h) for RV32 with the M
 * extension (RV32IMC and up, ilp32): p256_fe_mul_asm, p256_fe_sqr_asm,
 * p256_fe_add_asm, p256_fe_sub_asm, p256_fe_neg_asm; C twins in
 * p256_field32.c. No branch at all, and every address is a fixed offset
 * from an argument or from sp.
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1; words, least significant first:
 * ffffffff ffffffff ffffffff 0 0 0 1 ffffffff.
 *
 * RISC-V has no carry flag: a carry is a 0/1 word made by SLTU (an ALU
 * operation: s = a + b carries exactly when s < b). MUL and MULHU give the
 * two halves of a product. The products are column-wise (product
 * scanning): column k of A B collects every A[i] B[k-i] in a three-word
 * accumulator (c0, c1, c2); c0 is then word k of T = A B, and (c1, c2, 0)
 * starts column k+1. A and B stay in registers for the whole product; the
 * accumulator's registers rotate, so a finished word stays where it was
 * made, and the registers of dead operand words take later ones.
 *
 * The Montgomery reduction (R = 2^256) is multiplication-free: -p^-1 = 1
 * mod 2^32, so step i takes m = t[i], and adding m p at word i sets word
 * i to zero, leaves words i+1 and i+2, adds m at words i+3 and i+6 and the
 * two-word m 2^32 - m at words i+7, i+8 (see p256_field32.c); two steps
 * are done at once (RED_PAIR) on the low half L = T mod 2^256 in eight
 * registers w0..w7, word j in w(j mod 8): words i+8 and i+9 start at zero
 * when steps i, i+1 reach them, so they take the registers of the spent
 * words i, i+1. After eight steps w0..w7 hold U = (L + M p) / 2^256
 * < (2^256 + 2^256 p) / 2^256, so U <= p; U + T / 2^256 < 2p, and one
 * masked subtraction of p (REDUCE_ONCE) fully reduces it.
 *
 * Registers: mul and sqr use all of t0-t6, a0-a7 and s0-s11 (X is kept
 * on the stack, s0-s11 are saved); add, sub and neg use only t0-t6 and
 * a0-a7. gp, tp and ra are never written.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_RV32) && CTC_EC_P256

/* ---- shared pieces --------------------------------------------------------- */

/*
 * d = d + b + c, c = the carry out (c is 0 or 1 before and after); x is
 * scratch. d, b, c, x distinct. d + b carries (x) or (d + b) + c does,
 * never both.
 */
        .macro  ADDC d, b, c, x
        add     \d, \d, \b
        sltu    \x, \d, \b
        add     \d, \d, \c
        sltu    \c, \d, \c
        or      \c, \c, \x
        .endm

/*
 * The products are issued one ahead: MULP puts the next product into a
 * pair of registers (lo, hi) while ACC adds the previous one, from the
 * other pair, to the accumulator, so that no addition waits for a
 * multiplier result. Two pairs, X and Y, alternate.
 */
        .macro  MULP lo, hi, a, b
        mul     \lo, \a, \b
        mulhu   \hi, \a, \b
        .endm

/*
 * (c2, c1, c0) += (hi, lo); t6 scratch. hi <= 2^32 - 2, so hi plus the
 * carry out of c0 does not overflow. Column k of a product of two 8-word
 * values stays below 8 2^64 + 2^64: the accumulator never overflows.
 */
        .macro  ACC lo, hi, c0, c1, c2
        add     \c0, \c0, \lo
        sltu    t6, \c0, \lo
        add     \hi, \hi, t6
        add     \c1, \c1, \hi
        sltu    t6, \c1, \hi
        add     \c2, \c2, t6
        .endm

/* (c1, c0) += (hi, lo), for the last column, where the bound of the whole
 * product leaves no carry out of c1 */
        .macro  ACC2 lo, hi, c0, c1
        add     \c0, \c0, \lo
        sltu    t6, \c0, \lo
        add     \hi, \hi, t6
        add     \c1, \c1, \hi
        .endm

/*
 * Two reduction steps at once: m0, m1 are words i, i+1 (i even), w3..w7
 * words i+3..i+7; the registers of m0 and m1 receive words i+8 and i+9.
 * Step i+1 takes word i+1 before step i has touched it (step i adds from
 * word i+3 on), so with M = m0 + m1 2^32 the two steps add
 *   M 2^96 + M 2^192 (2^64 - 2^32 + 1)   (relative to word i),
 * that is m0, m1 at words i+3, i+4 and the four words of
 *   M (2^64 - 2^32 + 1) = (m0, m1, m0, m1) - (0, m0, m1, 0)
 *                       = (m0, v1, v2, v3)
 * at words i+6..i+9. The subtraction: v1 = m1 - m0 borrows b1 = (m1 <
 * m0); v2 = m0 - m1 - b1 borrows exactly when m0 < m1 (when m1 < m0,
 * m0 - m1 - 1 >= 0), and v3 = m1 - that borrow >= 0. Then one addition
 * chain over words i+3..i+9. Words i+8 and i+9 are new (zero before), and
 * the sum of the steps so far stays below 2^(256 + 32 (i + 2)) (L <
 * 2^256, the multipliers below 2^(32 (i + 2)), p < 2^256), so the chain
 * never carries out of word i+9. v1, v2, v3, c, x, y are scratch.
 */
        .macro  RED_PAIR m0, m1, w3, w4, w5, w6, w7, v1, v2, v3, c, x, y
        sltu    \x, \m1, \m0
        sub     \v1, \m1, \m0
        sltu    \y, \m0, \m1
        sub     \v2, \m0, \m1
        sub     \v2, \v2, \x
        sub     \v3, \m1, \y
        add     \w3, \w3, \m0
        sltu    \c, \w3, \m0
        ADDC    \w4, \m1, \c, \x
        add     \w5, \w5, \c
        sltu    \c, \w5, \c
        ADDC    \w6, \m0, \c, \x
        ADDC    \w7, \v1, \c, \x
        add     \m0, \v2, \c
        sltu    \c, \m0, \c
        add     \m1, \v3, \c
        .endm

/*
 * The eight steps on L in w0..w7 (U in w0..w7 after), then U + H with H
 * in h0..h7: the sum (below 2p) in w0..w7 and its bit 256 in c. v1..y
 * as in RED_PAIR.
 */
        .macro  REDC_ADD w0, w1, w2, w3, w4, w5, w6, w7, h0, h1, h2, h3, h4, h5, h6, h7, v1, v2, v3, c, x, y
        RED_PAIR \w0, \w1, \w3, \w4, \w5, \w6, \w7, \v1, \v2, \v3, \c, \x, \y
        RED_PAIR \w2, \w3, \w5, \w6, \w7, \w0, \w1, \v1, \v2, \v3, \c, \x, \y
        RED_PAIR \w4, \w5, \w7, \w0, \w1, \w2, \w3, \v1, \v2, \v3, \c, \x, \y
        RED_PAIR \w6, \w7, \w1, \w2, \w3, \w4, \w5, \v1, \v2, \v3, \c, \x, \y
        add     \w0, \w0, \h0
        sltu    \c, \w0, \h0
        ADDC    \w1, \h1, \c, \x
        ADDC    \w2, \h2, \c, \x
        ADDC    \w3, \h3, \c, \x
        ADDC    \w4, \h4, \c, \x
        ADDC    \w5, \h5, \c, \x
        ADDC    \w6, \h6, \c, \x
        ADDC    \w7, \h7, \c, \x
        .endm

/*
 * V = top 2^256 + W, W in w0..w7, V < 2p (top is 0 or 1) -> W = V mod p.
 * First the borrow b of W - p alone (no difference is kept), word by
 * word: against a word ffffffff the borrow out is b | (w != ffffffff),
 * against 0 it is b & (w == 0), against 1 it is w < 1 + b. V >= p
 * exactly when top = 1 or b = 0; m is then all ones, and W - (p & m)
 * mod 2^256 is V - p or V (p & m has words m, m, m, 0, 0, 0, m >> 31,
 * m). top, b, x, m distinct scratch (top is consumed).
 */
        .macro  REDUCE_ONCE w0, w1, w2, w3, w4, w5, w6, w7, top, b, x, m
        addi    \x, \w0, 1
        snez    \b, \x
        addi    \x, \w1, 1
        snez    \x, \x
        or      \b, \b, \x
        addi    \x, \w2, 1
        snez    \x, \x
        or      \b, \b, \x
        seqz    \x, \w3
        and     \b, \b, \x
        seqz    \x, \w4
        and     \b, \b, \x
        seqz    \x, \w5
        and     \b, \b, \x
        addi    \x, \b, 1
        sltu    \b, \w6, \x
        addi    \x, \w7, 1
        snez    \x, \x
        or      \b, \b, \x
        xori    \b, \b, 1
        or      \b, \b, \top
        neg     \m, \b
        /* W - (p & m); the borrow alternates between b and x */
        sltu    \b, \w0, \m
        sub     \w0, \w0, \m
        sltu    \x, \w1, \m
        sub     \w1, \w1, \m
        sltu    \top, \w1, \b
        sub     \w1, \w1, \b
        or      \b, \x, \top
        sltu    \x, \w2, \m
        sub     \w2, \w2, \m
        sltu    \top, \w2, \b
        sub     \w2, \w2, \b
        or      \b, \x, \top
        sltu    \x, \w3, \b
        sub     \w3, \w3, \b
        sltu    \b, \w4, \x
        sub     \w4, \w4, \x
        sltu    \x, \w5, \b
        sub     \w5, \w5, \b
        srli    \top, \m, 31
        sltu    \b, \w6, \top
        sub     \w6, \w6, \top
        sltu    \top, \w6, \x
        sub     \w6, \w6, \x
        or      \b, \b, \top
        sub     \w7, \w7, \m
        sub     \w7, \w7, \b
        .endm

/* W += p & m (m all ones or zero; p & m as in REDUCE_ONCE), modulo
 * 2^256; c, x, y scratch */
        .macro  ADD_P_MASKED w0, w1, w2, w3, w4, w5, w6, w7, m, c, x, y
        add     \w0, \w0, \m
        sltu    \c, \w0, \m
        ADDC    \w1, \m, \c, \x
        ADDC    \w2, \m, \c, \x
        add     \w3, \w3, \c
        sltu    \c, \w3, \c
        add     \w4, \w4, \c
        sltu    \c, \w4, \c
        add     \w5, \w5, \c
        sltu    \c, \w5, \c
        srli    \y, \m, 31
        ADDC    \w6, \y, \c, \x
        add     \w7, \w7, \m
        add     \w7, \w7, \c
        .endm

/* the eight words of r to [ptr] */
        .macro  STORE8 ptr, r0, r1, r2, r3, r4, r5, r6, r7
        sw      \r0, 0(\ptr)
        sw      \r1, 4(\ptr)
        sw      \r2, 8(\ptr)
        sw      \r3, 12(\ptr)
        sw      \r4, 16(\ptr)
        sw      \r5, 20(\ptr)
        sw      \r6, 24(\ptr)
        sw      \r7, 28(\ptr)
        .endm

/* the eight words at [ptr] to r (ptr may be r0, loaded last) */
        .macro  LOAD8 ptr, r0, r1, r2, r3, r4, r5, r6, r7
        lw      \r1, 4(\ptr)
        lw      \r2, 8(\ptr)
        lw      \r3, 12(\ptr)
        lw      \r4, 16(\ptr)
        lw      \r5, 20(\ptr)
        lw      \r6, 24(\ptr)
        lw      \r7, 28(\ptr)
        lw      \r0, 0(\ptr)
        .endm

/* stack frame of mul and sqr: s0-s11 at 0..44, X at 48, spilled words
 * at 52..68 */
        .macro  SAVE_S
        addi    sp, sp, -80
        sw      s0, 0(sp)
        sw      s1, 4(sp)
        sw      s2, 8(sp)
        sw      s3, 12(sp)
        sw      s4, 16(sp)
        sw      s5, 20(sp)
        sw      s6, 24(sp)
        sw      s7, 28(sp)
        sw      s8, 32(sp)
        sw      s9, 36(sp)
        sw      s10, 40(sp)
        sw      s11, 44(sp)
        sw      a0, 48(sp)
        .endm

        .macro  RESTORE_S
        lw      s0, 0(sp)
        lw      s1, 4(sp)
        lw      s2, 8(sp)
        lw      s3, 12(sp)
        lw      s4, 16(sp)
        lw      s5, 20(sp)
        lw      s6, 24(sp)
        lw      s7, 28(sp)
        lw      s8, 32(sp)
        lw      s9, 36(sp)
        lw      s10, 40(sp)
        lw      s11, 44(sp)
        addi    sp, sp, 80
        .endm

/* ---- mul --------------------------------------------------------------------- */

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   a0 = X, a1 = A, a2 = B.
 * A[0..7] in a1, s0-s6 and B[0..7] in a2, s7-s11, a3, a4 for the whole
 * product; the pairs X = t4, t5 and Y = t2, t3. Columns 0..2 leave their
 * words in t0, t1, a5; the registers run out at columns 3..7, whose words
 * go to the stack; from column 8 on, A[i] and B[i] are dead after column
 * i + 7 and their registers take the accumulator's new top word. Each
 * column ends after the addition of its last product (the first product
 * of the next column is already issued).
 */
#define A0 a1
#define A1 s0
#define A2 s1
#define A3 s2
#define A4 s3
#define A5 s4
#define A6 s5
#define A7 s6
#define B0 a2
#define B1 s7
#define B2 s8
#define B3 s9
#define B4 s10
#define B5 s11
#define B6 a3
#define B7 a4
#define X t4, t5
#define Y t2, t3
        .section .text.p256_fe_mul_asm,"ax",@progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,@function
        .p2align 2
p256_fe_mul_asm:
        SAVE_S
        LOAD8   a2, B0, B1, B2, B3, B4, B5, B6, B7
        LOAD8   a1, A0, A1, A2, A3, A4, A5, A6, A7
        /* column 0: T0 in t0 */
        mul     t0, A0, B0
        mulhu   t1, A0, B0
        MULP    X, A0, B1
        li      a5, 0
        li      a6, 0
        /* column 1: T1 in t1 */
        MULP    Y, A1, B0
        ACC     X, t1, a5, a6
        MULP    X, A0, B2
        ACC     Y, t1, a5, a6
        li      a7, 0
        /* column 2: T2 in a5 */
        MULP    Y, A1, B1
        ACC     X, a5, a6, a7
        MULP    X, A2, B0
        ACC     Y, a5, a6, a7
        MULP    Y, A0, B3
        ACC     X, a5, a6, a7
        li      a0, 0
        /* column 3: T3 to the stack */
        MULP    X, A1, B2
        ACC     Y, a6, a7, a0
        MULP    Y, A2, B1
        ACC     X, a6, a7, a0
        MULP    X, A3, B0
        ACC     Y, a6, a7, a0
        MULP    Y, A0, B4
        ACC     X, a6, a7, a0
        sw      a6, 52(sp)
        li      a6, 0
        /* column 4: T4 to the stack */
        MULP    X, A1, B3
        ACC     Y, a7, a0, a6
        MULP    Y, A2, B2
        ACC     X, a7, a0, a6
        MULP    X, A3, B1
        ACC     Y, a7, a0, a6
        MULP    Y, A4, B0
        ACC     X, a7, a0, a6
        MULP    X, A0, B5
        ACC     Y, a7, a0, a6
        sw      a7, 56(sp)
        li      a7, 0
        /* column 5: T5 to the stack */
        MULP    Y, A1, B4
        ACC     X, a0, a6, a7
        MULP    X, A2, B3
        ACC     Y, a0, a6, a7
        MULP    Y, A3, B2
        ACC     X, a0, a6, a7
        MULP    X, A4, B1
        ACC     Y, a0, a6, a7
        MULP    Y, A5, B0
        ACC     X, a0, a6, a7
        MULP    X, A0, B6
        ACC     Y, a0, a6, a7
        sw      a0, 60(sp)
        li      a0, 0
        /* column 6: T6 to the stack */
        MULP    Y, A1, B5
        ACC     X, a6, a7, a0
        MULP    X, A2, B4
        ACC     Y, a6, a7, a0
        MULP    Y, A3, B3
        ACC     X, a6, a7, a0
        MULP    X, A4, B2
        ACC     Y, a6, a7, a0
        MULP    Y, A5, B1
        ACC     X, a6, a7, a0
        MULP    X, A6, B0
        ACC     Y, a6, a7, a0
        MULP    Y, A0, B7
        ACC     X, a6, a7, a0
        sw      a6, 64(sp)
        li      a6, 0
        /* column 7: T7 to the stack; A0 and B0 are dead after it */
        MULP    X, A1, B6
        ACC     Y, a7, a0, a6
        MULP    Y, A2, B5
        ACC     X, a7, a0, a6
        MULP    X, A3, B4
        ACC     Y, a7, a0, a6
        MULP    Y, A4, B3
        ACC     X, a7, a0, a6
        MULP    X, A5, B2
        ACC     Y, a7, a0, a6
        MULP    Y, A6, B1
        ACC     X, a7, a0, a6
        MULP    X, A7, B0
        ACC     Y, a7, a0, a6
        MULP    Y, A1, B7
        ACC     X, a7, a0, a6
        sw      a7, 68(sp)
        li      a7, 0
        /* column 8: T8 in a0; the new top word in A0's register */
        MULP    X, A2, B6
        ACC     Y, a0, a6, a7
        MULP    Y, A3, B5
        ACC     X, a0, a6, a7
        MULP    X, A4, B4
        ACC     Y, a0, a6, a7
        MULP    Y, A5, B3
        ACC     X, a0, a6, a7
        MULP    X, A6, B2
        ACC     Y, a0, a6, a7
        MULP    Y, A7, B1
        ACC     X, a0, a6, a7
        MULP    X, A2, B7
        ACC     Y, a0, a6, a7
        li      a1, 0
        /* column 9: T9 in a6 (B0's register next) */
        MULP    Y, A3, B6
        ACC     X, a6, a7, a1
        MULP    X, A4, B5
        ACC     Y, a6, a7, a1
        MULP    Y, A5, B4
        ACC     X, a6, a7, a1
        MULP    X, A6, B3
        ACC     Y, a6, a7, a1
        MULP    Y, A7, B2
        ACC     X, a6, a7, a1
        MULP    X, A3, B7
        ACC     Y, a6, a7, a1
        li      a2, 0
        /* column 10: T10 in a7 (A1's register next) */
        MULP    Y, A4, B6
        ACC     X, a7, a1, a2
        MULP    X, A5, B5
        ACC     Y, a7, a1, a2
        MULP    Y, A6, B4
        ACC     X, a7, a1, a2
        MULP    X, A7, B3
        ACC     Y, a7, a1, a2
        MULP    Y, A4, B7
        ACC     X, a7, a1, a2
        li      s0, 0
        /* column 11: T11 in a1 (B1's register next) */
        MULP    X, A5, B6
        ACC     Y, a1, a2, s0
        MULP    Y, A6, B5
        ACC     X, a1, a2, s0
        MULP    X, A7, B4
        ACC     Y, a1, a2, s0
        MULP    Y, A5, B7
        ACC     X, a1, a2, s0
        li      s7, 0
        /* column 12: T12 in a2 (A2's register next) */
        MULP    X, A6, B6
        ACC     Y, a2, s0, s7
        MULP    Y, A7, B5
        ACC     X, a2, s0, s7
        MULP    X, A6, B7
        ACC     Y, a2, s0, s7
        li      s1, 0
        /* column 13: T13 in s0 */
        MULP    Y, A7, B6
        ACC     X, s0, s7, s1
        MULP    X, A7, B7
        ACC     Y, s0, s7, s1
        /* columns 14 and 15: T14 in s7, T15 in s1 (A B < 2^512) */
        ACC2    X, s7, s1
        /* L = t0, t1, a5, s2, s3, s4, s5, s6; H = a0, a6, a7, a1, a2, s0,
         * s7, s1 */
        lw      s2, 52(sp)
        lw      s3, 56(sp)
        lw      s4, 60(sp)
        lw      s5, 64(sp)
        lw      s6, 68(sp)
        REDC_ADD t0, t1, a5, s2, s3, s4, s5, s6, a0, a6, a7, a1, a2, s0, s7, s1, t2, t3, t4, t5, t6, a3
        REDUCE_ONCE t0, t1, a5, s2, s3, s4, s5, s6, t5, a3, t6, t4
        lw      a4, 48(sp)
        STORE8  a4, t0, t1, a5, s2, s3, s4, s5, s6
        RESTORE_S
        ret
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm
#undef X
#undef Y
#undef B0
#undef B1
#undef B2
#undef B3
#undef B4
#undef B5
#undef B6
#undef B7

/* ---- sqr --------------------------------------------------------------------- */

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a0 = X, a1 = A.
 * A[0..7] in a1, s0-s6 (as in mul). First the 28 products A[i] A[j],
 * i < j, column-wise into T1..T14 (T0 = 0, and T15 = 0: the sum is below
 * sum_j (2^32 - 1) 2^(64 j) < 2^480), every word staying in a register.
 * Then S = A^2 = 2 T + the squares A[i]^2 at word 2i, a pair of words at
 * a time: the doubled pair is (T[2i+1], T[2i]) shifted left by one with
 * the top bit of T[2i-1] coming in (top), and the square with the carry
 * c of the previous pair goes on it; S < 2^512 has no carry out.
 */
/*
 * Words 2i, 2i+1 of S from T[2i] in e, T[2i+1] in o and A[i] in a:
 * A[i]^2 issued first, then (o, e) doubled with the bit in a1 coming in
 * (a1 then takes the top bit of o), then the square and the carry in a0
 * added. t4, t5, t6 scratch.
 */
        .macro  SQ_PAIR e, o, a
        mul     t4, \a, \a
        mulhu   t5, \a, \a
        srli    t6, \e, 31
        slli    \e, \e, 1
        or      \e, \e, a1
        srli    a1, \o, 31
        slli    \o, \o, 1
        or      \o, \o, t6
        ADDC    \e, t4, a0, t6
        ADDC    \o, t5, a0, t6
        .endm

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a0 = X, a1 = A.
 * A[0..7] in a1, s0-s6 (as in mul); the pairs X = t4, t5 and Y = a0,
 * s11. First the 28 products A[i] A[j], i < j, column-wise into T1..T14
 * (T0 = 0, and T15 = 0: the sum is below sum_j (2^32 - 1) 2^(64 j) <
 * 2^480), every word staying in a register. Then S = A^2 = 2 T + the
 * squares A[i]^2 at word 2i, a pair of words at a time: the doubled pair
 * is (T[2i+1], T[2i]) shifted left by one with the top bit of T[2i-1]
 * coming in, and the square with the carry of the previous pair goes on
 * it; S < 2^512 has no carry out.
 */
        .section .text.p256_fe_sqr_asm,"ax",@progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,@function
        .p2align 2
p256_fe_sqr_asm:
        SAVE_S
        LOAD8   a1, A0, A1, A2, A3, A4, A5, A6, A7
#define X t4, t5
#define Y a0, s11
        /* column 1: T1 in t0 */
        mul     t0, A0, A1
        mulhu   t1, A0, A1
        MULP    X, A0, A2
        li      t2, 0
        li      t3, 0
        /* column 2: T2 in t1 */
        MULP    Y, A0, A3
        ACC     X, t1, t2, t3
        li      a2, 0
        /* column 3: T3 in t2 */
        MULP    X, A1, A2
        ACC     Y, t2, t3, a2
        MULP    Y, A0, A4
        ACC     X, t2, t3, a2
        li      a3, 0
        /* column 4: T4 in t3 */
        MULP    X, A1, A3
        ACC     Y, t3, a2, a3
        MULP    Y, A0, A5
        ACC     X, t3, a2, a3
        li      a4, 0
        /* column 5: T5 in a2 */
        MULP    X, A1, A4
        ACC     Y, a2, a3, a4
        MULP    Y, A2, A3
        ACC     X, a2, a3, a4
        MULP    X, A0, A6
        ACC     Y, a2, a3, a4
        li      a5, 0
        /* column 6: T6 in a3 */
        MULP    Y, A1, A5
        ACC     X, a3, a4, a5
        MULP    X, A2, A4
        ACC     Y, a3, a4, a5
        MULP    Y, A0, A7
        ACC     X, a3, a4, a5
        li      a6, 0
        /* column 7: T7 in a4 */
        MULP    X, A1, A6
        ACC     Y, a4, a5, a6
        MULP    Y, A2, A5
        ACC     X, a4, a5, a6
        MULP    X, A3, A4
        ACC     Y, a4, a5, a6
        MULP    Y, A1, A7
        ACC     X, a4, a5, a6
        li      a7, 0
        /* column 8: T8 in a5 */
        MULP    X, A2, A6
        ACC     Y, a5, a6, a7
        MULP    Y, A3, A5
        ACC     X, a5, a6, a7
        MULP    X, A2, A7
        ACC     Y, a5, a6, a7
        li      s7, 0
        /* column 9: T9 in a6 */
        MULP    Y, A3, A6
        ACC     X, a6, a7, s7
        MULP    X, A4, A5
        ACC     Y, a6, a7, s7
        MULP    Y, A3, A7
        ACC     X, a6, a7, s7
        li      s8, 0
        /* column 10: T10 in a7 */
        MULP    X, A4, A6
        ACC     Y, a7, s7, s8
        MULP    Y, A4, A7
        ACC     X, a7, s7, s8
        li      s9, 0
        /* column 11: T11 in s7 */
        MULP    X, A5, A6
        ACC     Y, s7, s8, s9
        MULP    Y, A5, A7
        ACC     X, s7, s8, s9
        li      s10, 0
        /* column 12: T12 in s8 */
        MULP    X, A6, A7
        ACC     Y, s8, s9, s10
        /* A0^2 issued: S0 in s11, its high half in a0 */
        mul     s11, A0, A0
        mulhu   a0, A0, A0
        /* columns 13 and 14: T13 in s9, T14 in s10 (T15 = 0) */
        ACC2    X, s9, s10
#undef X
#undef Y
        /* S1 in t0; from here the bit coming in is in a1 (A0 is dead),
         * the carry in a0 */
        srli    a1, t0, 31
        slli    t0, t0, 1
        add     t0, t0, a0
        sltu    a0, t0, a0
        SQ_PAIR t1, t2, A1
        SQ_PAIR t3, a2, A2
        SQ_PAIR a3, a4, A3
        SQ_PAIR a5, a6, A4
        SQ_PAIR a7, s7, A5
        SQ_PAIR s8, s9, A6
        /* S14 in s10, S15 = T14 >> 31 + the high half + the carry in s0
         * (A1 is dead) */
        mul     t4, A7, A7
        mulhu   t5, A7, A7
        srli    t6, s10, 31
        slli    s10, s10, 1
        or      s10, s10, a1
        ADDC    s10, t4, a0, a1
        add     s0, t6, t5
        add     s0, s0, a0
        /* L = s11, t0, t1, t2, t3, a2, a3, a4; H = a5, a6, a7, s7, s8, s9,
         * s10, s0 */
        REDC_ADD s11, t0, t1, t2, t3, a2, a3, a4, a5, a6, a7, s7, s8, s9, s10, s0, t4, t5, t6, a0, a1, s1
        REDUCE_ONCE s11, t0, t1, t2, t3, a2, a3, a4, a0, t5, t4, t6
        lw      s1, 48(sp)
        STORE8  s1, s11, t0, t1, t2, t3, a2, a3, a4
        RESTORE_S
        ret
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm
#undef A0
#undef A1
#undef A2
#undef A3
#undef A4
#undef A5
#undef A6
#undef A7

/* ---- add, sub, neg ------------------------------------------------------------ */

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A in a3-a7, t0-t2; B a word at a time in t3. A + B < 2p (bit 256 in
 * t4), then REDUCE_ONCE. X is written after every load: it may alias.
 */
        .section .text.p256_fe_add_asm,"ax",@progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,@function
        .p2align 2
p256_fe_add_asm:
        LOAD8   a1, a3, a4, a5, a6, a7, t0, t1, t2
        lw      t3, 0(a2)
        add     a3, a3, t3
        sltu    t4, a3, t3
        lw      t3, 4(a2)
        ADDC    a4, t3, t4, t5
        lw      t3, 8(a2)
        ADDC    a5, t3, t4, t5
        lw      t3, 12(a2)
        ADDC    a6, t3, t4, t5
        lw      t3, 16(a2)
        ADDC    a7, t3, t4, t5
        lw      t3, 20(a2)
        ADDC    t0, t3, t4, t5
        lw      t3, 24(a2)
        ADDC    t1, t3, t4, t5
        lw      t3, 28(a2)
        ADDC    t2, t3, t4, t5
        REDUCE_ONCE a3, a4, a5, a6, a7, t0, t1, t2, t4, t5, t6, t3
        STORE8  a0, a3, a4, a5, a6, a7, t0, t1, t2
        ret
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A - B over eight words (the borrow alternates between t4 and t5); its
 * borrow becomes the mask of the p added back (A - B + 2^256 + p - 2^256
 * when A < B).
 */
        .macro  SBB_LOAD off, w, bin, bout
        lw      t3, \off(a2)
        sltu    t6, \w, t3
        sub     \w, \w, t3
        sltu    \bout, \w, \bin
        sub     \w, \w, \bin
        or      \bout, \bout, t6
        .endm

        .section .text.p256_fe_sub_asm,"ax",@progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,@function
        .p2align 2
p256_fe_sub_asm:
        LOAD8   a1, a3, a4, a5, a6, a7, t0, t1, t2
        lw      t3, 0(a2)
        sltu    t4, a3, t3
        sub     a3, a3, t3
        SBB_LOAD 4, a4, t4, t5
        SBB_LOAD 8, a5, t5, t4
        SBB_LOAD 12, a6, t4, t5
        SBB_LOAD 16, a7, t5, t4
        SBB_LOAD 20, t0, t4, t5
        SBB_LOAD 24, t1, t5, t4
        SBB_LOAD 28, t2, t4, t5
        neg     a1, t5
        ADD_P_MASKED a3, a4, a5, a6, a7, t0, t1, t2, a1, t4, t5, t6
        STORE8  a0, a3, a4, a5, a6, a7, t0, t1, t2
        ret
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * p - A (A < p: no borrow out), then 0 instead of p when A = 0 (the mask
 * t3 from the OR of A's words). Word by word, with the borrow b in t4:
 * words 0..2 are ~a (ffffffff - a never borrows, and nothing comes in);
 * against 0, -a - b borrows (a != 0) | b; against 1, 1 - a - b borrows
 * when a >= 2 or a = 1 and b = 1, that is (a >= 2) | (a & b).
 */
        .section .text.p256_fe_neg_asm,"ax",@progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,@function
        .p2align 2
p256_fe_neg_asm:
        LOAD8   a1, a3, a4, a5, a6, a7, t0, t1, t2
        or      t3, a3, a4
        or      t3, t3, a5
        or      t3, t3, a6
        or      t3, t3, a7
        or      t3, t3, t0
        or      t3, t3, t1
        or      t3, t3, t2
        snez    t3, t3
        neg     t3, t3
        not     a3, a3
        not     a4, a4
        not     a5, a5
        snez    t4, a6
        neg     a6, a6
        snez    t5, a7
        neg     a7, a7
        sub     a7, a7, t4
        or      t4, t4, t5
        snez    t5, t0
        neg     t0, t0
        sub     t0, t0, t4
        or      t4, t4, t5
        sltiu   t5, t1, 2
        xori    t5, t5, 1
        and     t6, t1, t4
        or      t5, t5, t6
        neg     t1, t1
        addi    t1, t1, 1
        sub     t1, t1, t4
        not     t2, t2
        sub     t2, t2, t5
        and     a3, a3, t3
        and     a4, a4, t3
        and     a5, a5, t3
        and     a6, a6, t3
        and     a7, a7, t3
        and     t0, t0, t3
        and     t1, t1, t3
        and     t2, t2, t3
        STORE8  a0, a3, a4, a5, a6, a7, t0, t1, t2
        ret
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

#endif
