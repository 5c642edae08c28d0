/*
 * p384_rv32.S - the P-384 field leaves (p384_field.h) for RV32 with the M
 * extension (RV32IMC and up, ilp32): p384_fe_mul_asm, p384_fe_sqr_asm,
 * p384_fe_add_asm, p384_fe_sub_asm, p384_fe_neg_asm; C twins in
 * p384_field32.c. No branch at all, and every address is a fixed offset
 * from an argument or from sp.
 *
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1; words, least significant first:
 * ffffffff 0 0 ffffffff fffffffe ffffffff x 7.
 *
 * As in p256_rv32.S: carries are SLTU words (RISC-V has no flags), the
 * products are column-wise into a three-word accumulator, each product
 * issued one ahead into a second pair of registers so that no addition
 * waits for MUL/MULHU. Twelve words of A take s0-s11; B is loaded a word
 * per product (a register per pair); the accumulator rotates over a3-a5,
 * and each finished word goes to T on the stack.
 *
 * The Montgomery reduction (R = 2^384) is multiplication-free: -p^-1 = 1
 * mod 2^32, so step i takes m = t[i]; adding m p at word i clears it,
 * adds m at word i+1 and, at words i+3..i+12, the words of
 * m 2^288 - (m, m): -m, -m - b, seven words -b and m - b, with b = 1
 * exactly when m != 0 (see p384_field32.c); two steps are done at once
 * (RPAIR). The steps run on the low half L = T mod 2^384 in s0-s11, word
 * j in s(j mod 12): words i+12 and i+13 start at zero when steps i, i+1
 * reach them and take the registers of the spent words i, i+1. After twelve steps s0-s11 hold U <= p; U + T / 2^384 <
 * 2p, and one masked subtraction of p fully reduces it.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_RV32) && CTC_EC_P384

/* ---- shared pieces --------------------------------------------------------- */

/* d = d + b + c, c = the carry out (0 or 1); x scratch; d, b, c, x
 * distinct (d + b and (d + b) + c never both carry) */
        .macro  ADDC d, b, c, x
        add     \d, \d, \b
        sltu    \x, \d, \b
        add     \d, \d, \c
        sltu    \c, \d, \c
        or      \c, \c, \x
        .endm

/* d = d - b - w, w = the borrow out (0 or 1); x, y scratch */
        .macro  SBB d, b, w, x, y
        sltu    \x, \d, \b
        sub     \d, \d, \b
        sltu    \y, \d, \w
        sub     \d, \d, \w
        or      \w, \x, \y
        .endm

/*
 * The product of a and B's word in t0 into pair X (t4, t5), or of a and
 * t1 into pair Y (t2, t3); then t0 (t1) is loaded with the word at B +
 * off that the pair's next product takes, two products ahead of its use
 * (MBX0, MBY0: the last product of the pair, nothing to load).
 */
        .macro  MBX0 a
        mul     t4, \a, t0
        mulhu   t5, \a, t0
        .endm

        .macro  MBY0 a
        mul     t2, \a, t1
        mulhu   t3, \a, t1
        .endm

        .macro  MBX a, off
        MBX0    \a
        lw      t0, \off(a2)
        .endm

        .macro  MBY a, off
        MBY0    \a
        lw      t1, \off(a2)
        .endm

/*
 * (c2, c1, c0) += (hi, lo); t6 scratch. hi <= 2^32 - 2, so hi plus the
 * carry out of c0 does not overflow; a column of twelve products stays
 * below 13 2^64: no overflow of the accumulator.
 */
        .macro  ACC lo, hi, c0, c1, c2
        add     \c0, \c0, \lo
        sltu    t6, \c0, \lo
        add     \hi, \hi, t6
        add     \c1, \c1, \hi
        sltu    t6, \c1, \hi
        add     \c2, \c2, t6
        .endm

        .macro  ACCX c0, c1, c2
        ACC     t4, t5, \c0, \c1, \c2
        .endm

        .macro  ACCY c0, c1, c2
        ACC     t2, t3, \c0, \c1, \c2
        .endm

/* word k of T to the stack; its register becomes the accumulator's new
 * top word: (c0, c1, c2) -> (c1, c2, 0) */
        .macro  COLEND c0, k
        sw      \c0, (64 + 4 * \k)(sp)
        li      \c0, 0
        .endm

/*
 * Two reduction steps at once: m0 is word i (i even), w1..w11 words
 * i+1..i+11; the registers of m0 and w1 receive words i+12 and i+13
 * (zero before; nothing carries out of word i+13). Step i adds m0 at word
 * i+1, so step i+1 takes m1 = w1 + m0 mod 2^32, and the carry c1 of that
 * sum goes to word i+2. With M = m0 + m1 2^32 the two steps then add
 *   m1 + c1 at word i+2, and G = M 2^288 - N, N = M (1 + 2^32),
 * at words i+3..i+13. N has the words n0 = m0, n1 = m0 + m1, n2 = m1 + d1,
 * n3 = d2 (d the carries); G's words are g0..g3 = -n0..-n3 with the borrow
 * e running through them (e = 1 after word j exactly when n0..nj are not
 * all zero), five words -e (G's words 4..8, where e = [N != 0]), then
 * m0 - e and m1 - e' (G >= 0: M 2^288 > N when M != 0). t0 = n1, g1;
 * t1 = n2, g2; t2 = d, g3; t3 = g0; t6 = e up to word 2, a1 = e after
 * word 3, a2 = -e; carry t4, scratch t5.
 */
        .macro  RPAIR m0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11
        add     \w1, \w1, \m0
        sltu    t4, \w1, \m0
        add     t0, \m0, \w1
        sltu    t2, t0, \w1
        add     t1, \w1, t2
        sltu    t2, t1, t2
        neg     t3, \m0
        snez    t6, \m0
        snez    t5, t0
        neg     t0, t0
        sub     t0, t0, t6
        or      t6, t6, t5
        snez    t5, t1
        neg     t1, t1
        sub     t1, t1, t6
        or      t6, t6, t5
        or      a1, t6, t2
        neg     t2, t2
        sub     t2, t2, t6
        neg     a2, a1
        ADDC    \w2, \w1, t4, t5
        ADDC    \w3, t3, t4, t5
        ADDC    \w4, t0, t4, t5
        ADDC    \w5, t1, t4, t5
        ADDC    \w6, t2, t4, t5
        ADDC    \w7, a2, t4, t5
        ADDC    \w8, a2, t4, t5
        ADDC    \w9, a2, t4, t5
        ADDC    \w10, a2, t4, t5
        ADDC    \w11, a2, t4, t5
        sltu    t5, \m0, a1
        sub     \m0, \m0, a1
        add     \m0, \m0, t4
        sltu    t4, \m0, t4
        sub     \w1, \w1, t5
        add     \w1, \w1, t4
        .endm

/* borrow of w - ffffffff - b: b | (w != ffffffff); x scratch */
        .macro  BFF w, b, x
        addi    \x, \w, 1
        snez    \x, \x
        or      \b, \b, \x
        .endm

/*
 * V = top 2^384 + W, W in w0..w11, V < 2p (top 0 or 1) -> W = V mod p.
 * First the borrow b of W - p alone, word by word (against ffffffff:
 * b | (w != ffffffff); against 0: b & (w == 0); against fffffffe:
 * w < fffffffe + b). V >= p exactly when top = 1 or b = 0; m is then all
 * ones, and W - (p & m) mod 2^384 is V - p or V. p & m has words m, 0,
 * 0, m, m & fffffffe, m x 7. top, b, x, m, y distinct scratch (top is
 * consumed).
 */
        .macro  REDUCE_ONCE w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, top, b, x, m, y
        addi    \x, \w0, 1
        snez    \b, \x
        seqz    \x, \w1
        and     \b, \b, \x
        seqz    \x, \w2
        and     \b, \b, \x
        BFF     \w3, \b, \x
        addi    \x, \b, -2
        sltu    \b, \w4, \x
        BFF     \w5, \b, \x
        BFF     \w6, \b, \x
        BFF     \w7, \b, \x
        BFF     \w8, \b, \x
        BFF     \w9, \b, \x
        BFF     \w10, \b, \x
        BFF     \w11, \b, \x
        xori    \b, \b, 1
        or      \b, \b, \top
        neg     \m, \b
        /* W - (p & m) */
        sltu    \b, \w0, \m
        sub     \w0, \w0, \m
        sltu    \x, \w1, \b
        sub     \w1, \w1, \b
        sltu    \b, \w2, \x
        sub     \w2, \w2, \x
        SBB     \w3, \m, \b, \x, \top
        andi    \y, \m, -2
        SBB     \w4, \y, \b, \x, \top
        SBB     \w5, \m, \b, \x, \top
        SBB     \w6, \m, \b, \x, \top
        SBB     \w7, \m, \b, \x, \top
        SBB     \w8, \m, \b, \x, \top
        SBB     \w9, \m, \b, \x, \top
        SBB     \w10, \m, \b, \x, \top
        sub     \w11, \w11, \m
        sub     \w11, \w11, \b
        .endm

/* W += p & m (m all ones or zero) modulo 2^384; c, x, y scratch */
        .macro  ADD_P_MASKED w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, m, c, x, y
        add     \w0, \w0, \m
        sltu    \c, \w0, \m
        add     \w1, \w1, \c
        sltu    \c, \w1, \c
        add     \w2, \w2, \c
        sltu    \c, \w2, \c
        ADDC    \w3, \m, \c, \x
        andi    \y, \m, -2
        ADDC    \w4, \y, \c, \x
        ADDC    \w5, \m, \c, \x
        ADDC    \w6, \m, \c, \x
        ADDC    \w7, \m, \c, \x
        ADDC    \w8, \m, \c, \x
        ADDC    \w9, \m, \c, \x
        ADDC    \w10, \m, \c, \x
        add     \w11, \w11, \m
        add     \w11, \w11, \c
        .endm

/* twelve words at [ptr + off] to r (ptr may be r0, loaded last) */
        .macro  LOAD12 ptr, off, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11
        lw      \r1, (\off + 4)(\ptr)
        lw      \r2, (\off + 8)(\ptr)
        lw      \r3, (\off + 12)(\ptr)
        lw      \r4, (\off + 16)(\ptr)
        lw      \r5, (\off + 20)(\ptr)
        lw      \r6, (\off + 24)(\ptr)
        lw      \r7, (\off + 28)(\ptr)
        lw      \r8, (\off + 32)(\ptr)
        lw      \r9, (\off + 36)(\ptr)
        lw      \r10, (\off + 40)(\ptr)
        lw      \r11, (\off + 44)(\ptr)
        lw      \r0, (\off + 0)(\ptr)
        .endm

        .macro  STORE12 ptr, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11
        sw      \r0, 0(\ptr)
        sw      \r1, 4(\ptr)
        sw      \r2, 8(\ptr)
        sw      \r3, 12(\ptr)
        sw      \r4, 16(\ptr)
        sw      \r5, 20(\ptr)
        sw      \r6, 24(\ptr)
        sw      \r7, 28(\ptr)
        sw      \r8, 32(\ptr)
        sw      \r9, 36(\ptr)
        sw      \r10, 40(\ptr)
        sw      \r11, 44(\ptr)
        .endm

/*
 * The tail of mul and sqr: T (24 words) at sp + 64, X at sp + 48.
 * Reduce the low half in s0-s11 (RPAIR's scratch: t0-t6, a1, a2, free
 * in both), add the high half a word at a time
 * (t6; carry t4, scratch t5), reduce once, store.
 */
        .macro  REDC_TAIL
        LOAD12  sp, 64, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
        RPAIR   s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
        RPAIR   s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s0, s1
        RPAIR   s4, s5, s6, s7, s8, s9, s10, s11, s0, s1, s2, s3
        RPAIR   s6, s7, s8, s9, s10, s11, s0, s1, s2, s3, s4, s5
        RPAIR   s8, s9, s10, s11, s0, s1, s2, s3, s4, s5, s6, s7
        RPAIR   s10, s11, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9
        lw      t6, 112(sp)
        add     s0, s0, t6
        sltu    t4, s0, t6
        lw      t6, 116(sp)
        ADDC    s1, t6, t4, t5
        lw      t6, 120(sp)
        ADDC    s2, t6, t4, t5
        lw      t6, 124(sp)
        ADDC    s3, t6, t4, t5
        lw      t6, 128(sp)
        ADDC    s4, t6, t4, t5
        lw      t6, 132(sp)
        ADDC    s5, t6, t4, t5
        lw      t6, 136(sp)
        ADDC    s6, t6, t4, t5
        lw      t6, 140(sp)
        ADDC    s7, t6, t4, t5
        lw      t6, 144(sp)
        ADDC    s8, t6, t4, t5
        lw      t6, 148(sp)
        ADDC    s9, t6, t4, t5
        lw      t6, 152(sp)
        ADDC    s10, t6, t4, t5
        lw      t6, 156(sp)
        ADDC    s11, t6, t4, t5
        REDUCE_ONCE s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, t4, t0, t1, t2, t3
        lw      t6, 48(sp)
        STORE12 t6, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
        .endm

/* stack frame of mul and sqr: s0-s11 at 0..44, X at 48, T at 64..156 */
        .macro  ENTER
        addi    sp, sp, -160
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

        .macro  LEAVE
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
        addi    sp, sp, 160
        .endm

#define A0 s0
#define A1 s1
#define A2 s2
#define A3 s3
#define A4 s4
#define A5 s5
#define A6 s6
#define A7 s7
#define A8 s8
#define A9 s9
#define A10 s10
#define A11 s11
#define K0 a3, a4, a5
#define K1 a4, a5, a3
#define K2 a5, a3, a4

/* ---- mul --------------------------------------------------------------------- */

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   a0 = X, a1 = A, a2 = B.
 * Column k in the accumulator K(k mod 3) (K0 = a3, a4, a5; K1 = a4, a5,
 * a3; K2 = a5, a3, a4); the products of a column by increasing A index.
 */
        .section .text.p384_fe_mul_asm,"ax",@progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,@function
        .p2align 2
p384_fe_mul_asm:
        ENTER
        LOAD12  a1, 0, A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11
        li      a3, 0
        li      a4, 0
        li      a5, 0
        lw      t0, 0(a2)
        lw      t1, 4(a2)
        MBX     A0, 0
        /* column 0 ends after its product; column 1 */
        MBY     A0, 8
        ACCX    K0
        COLEND  a3, 0
        MBX     A1, 4
        ACCY    K1
        /* column 2 */
        MBY     A0, 0
        ACCX    K1
        COLEND  a4, 1
        MBX     A1, 12
        ACCY    K2
        MBY     A2, 8
        ACCX    K2
        /* column 3 */
        MBX     A0, 4
        ACCY    K2
        COLEND  a5, 2
        MBY     A1, 0
        ACCX    K0
        MBX     A2, 16
        ACCY    K0
        MBY     A3, 12
        ACCX    K0
        /* column 4 */
        MBX     A0, 8
        ACCY    K0
        COLEND  a3, 3
        MBY     A1, 4
        ACCX    K1
        MBX     A2, 0
        ACCY    K1
        MBY     A3, 20
        ACCX    K1
        MBX     A4, 16
        ACCY    K1
        /* column 5 */
        MBY     A0, 12
        ACCX    K1
        COLEND  a4, 4
        MBX     A1, 8
        ACCY    K2
        MBY     A2, 4
        ACCX    K2
        MBX     A3, 0
        ACCY    K2
        MBY     A4, 24
        ACCX    K2
        MBX     A5, 20
        ACCY    K2
        /* column 6 */
        MBY     A0, 16
        ACCX    K2
        COLEND  a5, 5
        MBX     A1, 12
        ACCY    K0
        MBY     A2, 8
        ACCX    K0
        MBX     A3, 4
        ACCY    K0
        MBY     A4, 0
        ACCX    K0
        MBX     A5, 28
        ACCY    K0
        MBY     A6, 24
        ACCX    K0
        /* column 7 */
        MBX     A0, 20
        ACCY    K0
        COLEND  a3, 6
        MBY     A1, 16
        ACCX    K1
        MBX     A2, 12
        ACCY    K1
        MBY     A3, 8
        ACCX    K1
        MBX     A4, 4
        ACCY    K1
        MBY     A5, 0
        ACCX    K1
        MBX     A6, 32
        ACCY    K1
        MBY     A7, 28
        ACCX    K1
        /* column 8 */
        MBX     A0, 24
        ACCY    K1
        COLEND  a4, 7
        MBY     A1, 20
        ACCX    K2
        MBX     A2, 16
        ACCY    K2
        MBY     A3, 12
        ACCX    K2
        MBX     A4, 8
        ACCY    K2
        MBY     A5, 4
        ACCX    K2
        MBX     A6, 0
        ACCY    K2
        MBY     A7, 36
        ACCX    K2
        MBX     A8, 32
        ACCY    K2
        /* column 9 */
        MBY     A0, 28
        ACCX    K2
        COLEND  a5, 8
        MBX     A1, 24
        ACCY    K0
        MBY     A2, 20
        ACCX    K0
        MBX     A3, 16
        ACCY    K0
        MBY     A4, 12
        ACCX    K0
        MBX     A5, 8
        ACCY    K0
        MBY     A6, 4
        ACCX    K0
        MBX     A7, 0
        ACCY    K0
        MBY     A8, 40
        ACCX    K0
        MBX     A9, 36
        ACCY    K0
        /* column 10 */
        MBY     A0, 32
        ACCX    K0
        COLEND  a3, 9
        MBX     A1, 28
        ACCY    K1
        MBY     A2, 24
        ACCX    K1
        MBX     A3, 20
        ACCY    K1
        MBY     A4, 16
        ACCX    K1
        MBX     A5, 12
        ACCY    K1
        MBY     A6, 8
        ACCX    K1
        MBX     A7, 4
        ACCY    K1
        MBY     A8, 0
        ACCX    K1
        MBX     A9, 44
        ACCY    K1
        MBY     A10, 40
        ACCX    K1
        /* column 11 */
        MBX     A0, 36
        ACCY    K1
        COLEND  a4, 10
        MBY     A1, 32
        ACCX    K2
        MBX     A2, 28
        ACCY    K2
        MBY     A3, 24
        ACCX    K2
        MBX     A4, 20
        ACCY    K2
        MBY     A5, 16
        ACCX    K2
        MBX     A6, 12
        ACCY    K2
        MBY     A7, 8
        ACCX    K2
        MBX     A8, 4
        ACCY    K2
        MBY     A9, 0
        ACCX    K2
        MBX     A10, 44
        ACCY    K2
        MBY     A11, 40
        ACCX    K2
        /* column 12 */
        MBX     A1, 36
        ACCY    K2
        COLEND  a5, 11
        MBY     A2, 32
        ACCX    K0
        MBX     A3, 28
        ACCY    K0
        MBY     A4, 24
        ACCX    K0
        MBX     A5, 20
        ACCY    K0
        MBY     A6, 16
        ACCX    K0
        MBX     A7, 12
        ACCY    K0
        MBY     A8, 8
        ACCX    K0
        MBX     A9, 4
        ACCY    K0
        MBY     A10, 44
        ACCX    K0
        MBX     A11, 40
        ACCY    K0
        /* column 13 */
        MBY     A2, 36
        ACCX    K0
        COLEND  a3, 12
        MBX     A3, 32
        ACCY    K1
        MBY     A4, 28
        ACCX    K1
        MBX     A5, 24
        ACCY    K1
        MBY     A6, 20
        ACCX    K1
        MBX     A7, 16
        ACCY    K1
        MBY     A8, 12
        ACCX    K1
        MBX     A9, 8
        ACCY    K1
        MBY     A10, 44
        ACCX    K1
        MBX     A11, 40
        ACCY    K1
        /* column 14 */
        MBY     A3, 36
        ACCX    K1
        COLEND  a4, 13
        MBX     A4, 32
        ACCY    K2
        MBY     A5, 28
        ACCX    K2
        MBX     A6, 24
        ACCY    K2
        MBY     A7, 20
        ACCX    K2
        MBX     A8, 16
        ACCY    K2
        MBY     A9, 12
        ACCX    K2
        MBX     A10, 44
        ACCY    K2
        MBY     A11, 40
        ACCX    K2
        /* column 15 */
        MBX     A4, 36
        ACCY    K2
        COLEND  a5, 14
        MBY     A5, 32
        ACCX    K0
        MBX     A6, 28
        ACCY    K0
        MBY     A7, 24
        ACCX    K0
        MBX     A8, 20
        ACCY    K0
        MBY     A9, 16
        ACCX    K0
        MBX     A10, 44
        ACCY    K0
        MBY     A11, 40
        ACCX    K0
        /* column 16 */
        MBX     A5, 36
        ACCY    K0
        COLEND  a3, 15
        MBY     A6, 32
        ACCX    K1
        MBX     A7, 28
        ACCY    K1
        MBY     A8, 24
        ACCX    K1
        MBX     A9, 20
        ACCY    K1
        MBY     A10, 44
        ACCX    K1
        MBX     A11, 40
        ACCY    K1
        /* column 17 */
        MBY     A6, 36
        ACCX    K1
        COLEND  a4, 16
        MBX     A7, 32
        ACCY    K2
        MBY     A8, 28
        ACCX    K2
        MBX     A9, 24
        ACCY    K2
        MBY     A10, 44
        ACCX    K2
        MBX     A11, 40
        ACCY    K2
        /* column 18 */
        MBY     A7, 36
        ACCX    K2
        COLEND  a5, 17
        MBX     A8, 32
        ACCY    K0
        MBY     A9, 28
        ACCX    K0
        MBX     A10, 44
        ACCY    K0
        MBY     A11, 40
        ACCX    K0
        /* column 19 */
        MBX     A8, 36
        ACCY    K0
        COLEND  a3, 18
        MBY     A9, 32
        ACCX    K1
        MBX     A10, 44
        ACCY    K1
        MBY     A11, 40
        ACCX    K1
        /* column 20 */
        MBX     A9, 36
        ACCY    K1
        COLEND  a4, 19
        MBY     A10, 44
        ACCX    K2
        MBX     A11, 40
        ACCY    K2
        /* column 21 */
        MBY     A10, 44
        ACCX    K2
        COLEND  a5, 20
        MBX0    A11
        ACCY    K0
        /* column 22 */
        MBY0    A11
        ACCX    K0
        COLEND  a3, 21
        ACCY    K1
        /* T22 in a4, T23 in a5 (A B < 2^768) */
        sw      a4, (64 + 4 * 22)(sp)
        sw      a5, (64 + 4 * 23)(sp)
        REDC_TAIL
        LEAVE
        ret
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/* ---- sqr --------------------------------------------------------------------- */

/* the product a b into pair X (t4, t5) or Y (t2, t3) */
        .macro  MAX a, b
        mul     t4, \a, \b
        mulhu   t5, \a, \b
        .endm

        .macro  MAY a, b
        mul     t2, \a, \b
        mulhu   t3, \a, \b
        .endm

/*
 * Words 2i, 2i+1 of S = 2 T + the squares: T[2i], T[2i+1] from the stack
 * (t0, t1) doubled with the bit in a7 coming in (a7 then takes the top
 * bit of T[2i+1]), plus A[i]^2 (issued first) and the carry in a6, back
 * to the stack. t4, t5, t6 scratch.
 */
        .macro  SQW i, a
        mul     t4, \a, \a
        mulhu   t5, \a, \a
        lw      t0, (64 + 8 * \i)(sp)
        lw      t1, (68 + 8 * \i)(sp)
        srli    t6, t0, 31
        slli    t0, t0, 1
        or      t0, t0, a7
        srli    a7, t1, 31
        slli    t1, t1, 1
        or      t1, t1, t6
        ADDC    t0, t4, a6, t6
        ADDC    t1, t5, a6, t6
        sw      t0, (64 + 8 * \i)(sp)
        sw      t1, (68 + 8 * \i)(sp)
        .endm

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   a0 = X, a1 = A.
 * The 66 products A[i] A[j], i < j, column-wise into T (T0 = 0, and
 * T23 = 0: the sum is below sum_j (2^32 - 1) 2^(64 j) < 2^736), columns
 * in the accumulators of mul; then S = A^2 = 2 T + the squares A[i]^2 at
 * word 2i, a pair of words at a time (SQW); S < 2^768 has no carry out.
 */
        .section .text.p384_fe_sqr_asm,"ax",@progbits
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,@function
        .p2align 2
p384_fe_sqr_asm:
        ENTER
        LOAD12  a1, 0, A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11
        li      a3, 0
        li      a4, 0
        li      a5, 0
        sw      zero, 64(sp)
        MAX     A0, A1
        /* column 1 */
        MAY     A0, A2
        ACCX    K1
        COLEND  a4, 1
        /* column 2 */
        MAX     A0, A3
        ACCY    K2
        COLEND  a5, 2
        /* column 3 */
        MAY     A1, A2
        ACCX    K0
        MAX     A0, A4
        ACCY    K0
        COLEND  a3, 3
        /* column 4 */
        MAY     A1, A3
        ACCX    K1
        MAX     A0, A5
        ACCY    K1
        COLEND  a4, 4
        /* column 5 */
        MAY     A1, A4
        ACCX    K2
        MAX     A2, A3
        ACCY    K2
        MAY     A0, A6
        ACCX    K2
        COLEND  a5, 5
        /* column 6 */
        MAX     A1, A5
        ACCY    K0
        MAY     A2, A4
        ACCX    K0
        MAX     A0, A7
        ACCY    K0
        COLEND  a3, 6
        /* column 7 */
        MAY     A1, A6
        ACCX    K1
        MAX     A2, A5
        ACCY    K1
        MAY     A3, A4
        ACCX    K1
        MAX     A0, A8
        ACCY    K1
        COLEND  a4, 7
        /* column 8 */
        MAY     A1, A7
        ACCX    K2
        MAX     A2, A6
        ACCY    K2
        MAY     A3, A5
        ACCX    K2
        MAX     A0, A9
        ACCY    K2
        COLEND  a5, 8
        /* column 9 */
        MAY     A1, A8
        ACCX    K0
        MAX     A2, A7
        ACCY    K0
        MAY     A3, A6
        ACCX    K0
        MAX     A4, A5
        ACCY    K0
        MAY     A0, A10
        ACCX    K0
        COLEND  a3, 9
        /* column 10 */
        MAX     A1, A9
        ACCY    K1
        MAY     A2, A8
        ACCX    K1
        MAX     A3, A7
        ACCY    K1
        MAY     A4, A6
        ACCX    K1
        MAX     A0, A11
        ACCY    K1
        COLEND  a4, 10
        /* column 11 */
        MAY     A1, A10
        ACCX    K2
        MAX     A2, A9
        ACCY    K2
        MAY     A3, A8
        ACCX    K2
        MAX     A4, A7
        ACCY    K2
        MAY     A5, A6
        ACCX    K2
        MAX     A1, A11
        ACCY    K2
        COLEND  a5, 11
        /* column 12 */
        MAY     A2, A10
        ACCX    K0
        MAX     A3, A9
        ACCY    K0
        MAY     A4, A8
        ACCX    K0
        MAX     A5, A7
        ACCY    K0
        MAY     A2, A11
        ACCX    K0
        COLEND  a3, 12
        /* column 13 */
        MAX     A3, A10
        ACCY    K1
        MAY     A4, A9
        ACCX    K1
        MAX     A5, A8
        ACCY    K1
        MAY     A6, A7
        ACCX    K1
        MAX     A3, A11
        ACCY    K1
        COLEND  a4, 13
        /* column 14 */
        MAY     A4, A10
        ACCX    K2
        MAX     A5, A9
        ACCY    K2
        MAY     A6, A8
        ACCX    K2
        MAX     A4, A11
        ACCY    K2
        COLEND  a5, 14
        /* column 15 */
        MAY     A5, A10
        ACCX    K0
        MAX     A6, A9
        ACCY    K0
        MAY     A7, A8
        ACCX    K0
        MAX     A5, A11
        ACCY    K0
        COLEND  a3, 15
        /* column 16 */
        MAY     A6, A10
        ACCX    K1
        MAX     A7, A9
        ACCY    K1
        MAY     A6, A11
        ACCX    K1
        COLEND  a4, 16
        /* column 17 */
        MAX     A7, A10
        ACCY    K2
        MAY     A8, A9
        ACCX    K2
        MAX     A7, A11
        ACCY    K2
        COLEND  a5, 17
        /* column 18 */
        MAY     A8, A10
        ACCX    K0
        MAX     A8, A11
        ACCY    K0
        COLEND  a3, 18
        /* column 19 */
        MAY     A9, A10
        ACCX    K1
        MAX     A9, A11
        ACCY    K1
        COLEND  a4, 19
        /* column 20 */
        MAY     A10, A11
        ACCX    K2
        COLEND  a5, 20
        /* column 21 */
        ACCY    K0
        COLEND  a3, 21
        /* T22 in a4; T23 = 0 */
        sw      a4, (64 + 4 * 22)(sp)
        sw      zero, (64 + 4 * 23)(sp)
        li      a6, 0
        li      a7, 0
        SQW     0, A0
        SQW     1, A1
        SQW     2, A2
        SQW     3, A3
        SQW     4, A4
        SQW     5, A5
        SQW     6, A6
        SQW     7, A7
        SQW     8, A8
        SQW     9, A9
        SQW     10, A10
        SQW     11, A11
        REDC_TAIL
        LEAVE
        ret
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm

/* ---- add, sub, neg ------------------------------------------------------------ */

/* A in a1, a3-a7, t0-t2, s0-s2 (word 0 in a1, loaded last; s0-s2 saved
 * at sp); X is written after every load: it may alias */
#define W a1, a3, a4, a5, a6, a7, t0, t1, t2, s0, s1, s2

        .macro  ENTER3
        addi    sp, sp, -16
        sw      s0, 0(sp)
        sw      s1, 4(sp)
        sw      s2, 8(sp)
        .endm

        .macro  LEAVE3
        lw      s0, 0(sp)
        lw      s1, 4(sp)
        lw      s2, 8(sp)
        addi    sp, sp, 16
        .endm

/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A + B < 2p (B a word at a time in t3, the carry in t4), then
 * REDUCE_ONCE.
 */
        .macro  ADD_LOAD off, w
        lw      t3, \off(a2)
        ADDC    \w, t3, t4, t5
        .endm

        .section .text.p384_fe_add_asm,"ax",@progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,@function
        .p2align 2
p384_fe_add_asm:
        ENTER3
        LOAD12  a1, 0, W
        lw      t3, 0(a2)
        add     a1, a1, t3
        sltu    t4, a1, t3
        ADD_LOAD 4, a3
        ADD_LOAD 8, a4
        ADD_LOAD 12, a5
        ADD_LOAD 16, a6
        ADD_LOAD 20, a7
        ADD_LOAD 24, t0
        ADD_LOAD 28, t1
        ADD_LOAD 32, t2
        ADD_LOAD 36, s0
        ADD_LOAD 40, s1
        ADD_LOAD 44, s2
        REDUCE_ONCE W, t4, t5, t6, t3, a2
        STORE12 a0, W
        LEAVE3
        ret
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A - B (B a word at a time in t3, the borrow in t4), then p added under
 * the borrow's mask (A - B + 2^384 + p - 2^384 when A < B).
 */
        .macro  SUB_LOAD off, w
        lw      t3, \off(a2)
        SBB     \w, t3, t4, t5, t6
        .endm

        .section .text.p384_fe_sub_asm,"ax",@progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,@function
        .p2align 2
p384_fe_sub_asm:
        ENTER3
        LOAD12  a1, 0, W
        lw      t3, 0(a2)
        sltu    t4, a1, t3
        sub     a1, a1, t3
        SUB_LOAD 4, a3
        SUB_LOAD 8, a4
        SUB_LOAD 12, a5
        SUB_LOAD 16, a6
        SUB_LOAD 20, a7
        SUB_LOAD 24, t0
        SUB_LOAD 28, t1
        SUB_LOAD 32, t2
        SUB_LOAD 36, s0
        SUB_LOAD 40, s1
        SUB_LOAD 44, s2
        neg     a2, t4
        ADD_P_MASKED W, a2, t4, t5, t6
        STORE12 a0, W
        LEAVE3
        ret
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * 0 - A borrows exactly when A != 0 (a word's -w - b borrows when w != 0
 * or b = 1), and p is then added under the borrow's mask: p - A, or 0.
 */
        .macro  NEG_WORD w
        snez    t5, \w
        neg     \w, \w
        sub     \w, \w, t4
        or      t4, t4, t5
        .endm

        .section .text.p384_fe_neg_asm,"ax",@progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,@function
        .p2align 2
p384_fe_neg_asm:
        ENTER3
        LOAD12  a1, 0, W
        snez    t4, a1
        neg     a1, a1
        NEG_WORD a3
        NEG_WORD a4
        NEG_WORD a5
        NEG_WORD a6
        NEG_WORD a7
        NEG_WORD t0
        NEG_WORD t1
        NEG_WORD t2
        NEG_WORD s0
        NEG_WORD s1
        NEG_WORD s2
        neg     a2, t4
        ADD_P_MASKED W, a2, t4, t5, t6
        STORE12 a0, W
        LEAVE3
        ret
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

#endif
