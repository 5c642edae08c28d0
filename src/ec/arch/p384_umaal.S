/*
 * p384_umaal.S - the P-384 field leaves (p384_field.h) for 32-bit Arm
 * with UMAAL (Cortex-M4, M7; the A/R profiles from Armv6): p384_fe_mul_asm,
 * p384_fe_sqr_asm, p384_fe_add_asm, p384_fe_sub_asm, p384_fe_neg_asm;
 * C twins in p384_field32.c. Unified syntax, one text for A32 and
 * Thumb-2, no branch and no IT block: every instruction runs for every
 * input, and no address depends on a value.
 *
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1; words, least significant first:
 * ffffffff 0 0 ffffffff fffffffe ffffffff ffffffff ffffffff ffffffff
 * ffffffff ffffffff ffffffff.
 *
 * Constants of p in carry chains: x - ffffffff and x + 1 give the same
 * word and the same carry flag (C = 1 exactly when x = ffffffff), and
 * SBC x, #k is x + ~k + C, so the subtraction of p is written with
 * ADDS #1 for word 0 and ADCS #0 / ADCS #1 for the words ffffffff /
 * fffffffe (no constant register). p & m for a mask m has the words
 * m 0 0 m (m lsl 1) m m m m m m m.
 *
 * The products: UMAAL RdLo, RdHi, Rn, Rm sets RdHi:RdLo = Rn Rm + RdLo +
 * RdHi, which cannot overflow, and leaves the flags alone; each row of
 * the schoolbook product has its own UMAAL carry chain in a register,
 * and four rows share one pass over the 24-word product T on the stack
 * (mul: three passes; sqr: rows 0..3, 4..7, 8..10 of the cross products,
 * then their double plus the squares: the high half in one pass, the low
 * half inside the reduction).
 *
 * The Montgomery reduction (R = 2^384) is multiplication-free:
 * -p^-1 = 1 mod 2^32, so the multiplier word m_k is the word k of the sum
 * so far, and M p = M 2^384 - M 2^128 - M 2^96 + M 2^32 - M for
 * M = sum m_k 2^(32 k) adds to T the rows
 *   +m_j at column j + 12 (row A), +m_j at column j + 1 (row B),
 *   -m_j at columns j + 3 and j + 4 (rows C, D), -m_j at column j,
 * the last clearing column j. It is done by columns, as a product with
 * the multiplier 1 (a register holding 1): each row has its own UMAAL
 * carry chain, and the column's word is T[k] plus one word of each row.
 * The negative rows are written with ~m_j = 2^32 - 1 - m_j:
 *   -sum m_j 2^(32 (j + 3)) = sum ~m_j 2^(32 (j + 3)) + 2^96 - 2^480
 * (j = 0..11), and row D the same with 2^128 - 2^512. The 2^96 and
 * 2^128 enter as carry chains C and D starting at 1; the -2^480 - 2^512
 * are left out, so the columns 12..23 give V' = V + 2^96 + 2^128, where
 * V = (T + M p) / 2^384 = U + H, H = T div 2^384 < p, and
 * U = (L + M p) / 2^384 for L = T mod 2^384: U < (2^384 + 2^384 p) /
 * 2^384, so U <= p, and V < p + p. Then V - p = V' - (2^384 + 2^32 - 1): one subtraction of
 * that sparse constant over thirteen words, its borrow (V < p) as the
 * mask of p added back.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_UMAAL) && CTC_EC_P384

        .syntax unified
#if defined(__thumb__)
        .thumb
#define P384_FUNC .thumb_func
#else
        .arm
#define P384_FUNC
#endif

/* ---- shared pieces --------------------------------------------------------- */

/* w0..w11 += p & m mod 2^384 (m all ones or zero); the carry is dropped */
        .macro  ADD_P_MASKED m, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11
        adds    \w0, \w0, \m
        adcs    \w1, \w1, #0
        adcs    \w2, \w2, #0
        adcs    \w3, \w3, \m
        adcs    \w4, \w4, \m, lsl #1
        adcs    \w5, \w5, \m
        adcs    \w6, \w6, \m
        adcs    \w7, \w7, \m
        adcs    \w8, \w8, \m
        adcs    \w9, \w9, \m
        adcs    \w10, \w10, \m
        adc     \w11, \w11, \m
        .endm

/*
 * The word T[k] of a reduction column k < 12 into rk: mul reads it
 * (sq = 0); sqr makes it (sq = 1) from its cross products T[k] at
 * sp + 4k and A[k/2] at r1: S[k] = 2 T[k] + the word of A[k/2]^2 + the
 * chain r12 (r3 = 2; the high word of the square waits in r2 for the odd
 * column; the chain stays below 3, as in SQ_BLOCK).
 */
        .macro  LCOL sq, rk, k
        .if \sq
        .if (\k % 2) == 0
        ldr     r0, [r1, #(2 * \k)]
        umull   \rk, r2, r0, r0
        .else
        mov     \rk, r2
        .endif
        ldr     r0, [sp, #(4 * \k)]
        umaal   \rk, r12, r0, r3
        .else
        ldr     \rk, [sp, #(4 * \k)]
        .endif
        .endm

/*
 * Reduction column k < 12 (k >= 4): the word T[k] (LCOL), plus
 * m_{k-1} (row B, chain r5), ~m_{k-3} (row C, chain r6), ~m_{k-4} (row D,
 * chain r4), lr = 1, gives m_k; m_{k-2} is complemented for rows C and D
 * of the next columns (row B has used it), and m_k is kept at sp + 4k for
 * row A. m_j lives in r7, r8, r9, r10, r11 for j mod 5 = 0..4, from
 * column j (the slot of m_{j-5}, last used by row D at column j-1) to
 * column j+4.
 */
        .macro  RCOL sq, mk, m1, m3, m4, inv, k
        LCOL    \sq, \mk, \k
        umaal   \mk, r5, \m1, lr
        umaal   \mk, r6, \m3, lr
        umaal   \mk, r4, \m4, lr
        mvn     \inv, \inv
        str     \mk, [sp, #(4 * \k)]
        .endm

/* reduction column 12 + j (j = 5..10), only row A left: V'[j] in rj,
 * m_j through the free register rt, the chain r12 */
        .macro  RCOL_HI rj, rt, j
        ldr     \rj, [sp, #(48 + 4 * \j)]
        ldr     \rt, [sp, #(4 * \j)]
        umaal   \rj, r12, \rt, lr
        .endm

/*
 * The tail of mul and sqr: T (24 words) at sp, X at [sp, #96] (sqr:
 * S[12..23] at sp + 48, the cross products below, see LCOL; its chain
 * r12 ends as the carry into word 12, the start of row A's chain). The
 * reduction by columns (chains: row A r12, B r5, C r6, D r4; a finished
 * chain is added to r12, chains staying below 3), V' in r0-r11 and r12,
 * then V' - (2^384 + 2^32 - 1) (words ffffffff, 0 x 11, 1), its borrow
 * as the mask lr, p & lr added back. Store.
 */
        .macro  REDC_TAIL sq
        mov     r5, #0
        mov     r6, #1
        mov     r4, #1
        mov     lr, #1
        mov     r12, #0
        .if \sq
        mov     r3, #2
        ldr     r1, [sp, #100]
        .endif
        /* columns 0..3 (sqr: T[0] = 0, S[0] is the low word of A[0]^2) */
        .if \sq
        ldr     r0, [r1, #0]
        umull   r7, r2, r0, r0
        str     r7, [sp, #0]
        .else
        ldr     r7, [sp, #0]
        .endif
        LCOL    \sq, r8, 1
        umaal   r8, r5, r7, lr
        str     r8, [sp, #4]
        LCOL    \sq, r9, 2
        umaal   r9, r5, r8, lr
        mvn     r7, r7
        str     r9, [sp, #8]
        LCOL    \sq, r10, 3
        umaal   r10, r5, r9, lr
        umaal   r10, r6, r7, lr
        mvn     r8, r8
        str     r10, [sp, #12]
        RCOL    \sq, r11, r10, r8, r7, r9, 4
        RCOL    \sq, r7, r11, r9, r8, r10, 5
        RCOL    \sq, r8, r7, r10, r9, r11, 6
        RCOL    \sq, r9, r8, r11, r10, r7, 7
        RCOL    \sq, r10, r9, r7, r11, r8, 8
        RCOL    \sq, r11, r10, r8, r7, r9, 9
        RCOL    \sq, r7, r11, r9, r8, r10, 10
        RCOL    \sq, r8, r7, r10, r9, r11, 11
        /* m_8 in r10, ~m_9 in r11, m_10 in r7, m_11 in r8; column 12:
         * T[12] + m_0 + m_11 + ~m_9 + ~m_8 */
        ldr     r0, [sp, #48]
        ldr     r1, [sp, #0]
        umaal   r0, r12, r1, lr
        umaal   r0, r5, r8, lr
        umaal   r0, r6, r11, lr
        umaal   r0, r4, r10, lr
        mvn     r7, r7
        /* column 13: T[13] + m_1 + (end of row B) + ~m_10 + ~m_9 */
        ldr     r1, [sp, #52]
        ldr     r2, [sp, #4]
        add     r12, r12, r5
        umaal   r1, r12, r2, lr
        umaal   r1, r6, r7, lr
        umaal   r1, r4, r11, lr
        mvn     r8, r8
        /* column 14: T[14] + m_2 + ~m_11 + ~m_10 */
        ldr     r2, [sp, #56]
        ldr     r3, [sp, #8]
        umaal   r2, r12, r3, lr
        umaal   r2, r6, r8, lr
        umaal   r2, r4, r7, lr
        /* column 15: T[15] + m_3 + (end of row C) + ~m_11 */
        ldr     r3, [sp, #60]
        ldr     r5, [sp, #12]
        add     r12, r12, r6
        umaal   r3, r12, r5, lr
        umaal   r3, r4, r8, lr
        /* column 16: T[16] + m_4 + (end of row D) */
        add     r12, r12, r4
        ldr     r4, [sp, #64]
        ldr     r5, [sp, #16]
        umaal   r4, r12, r5, lr
        RCOL_HI r5, r6, 5
        RCOL_HI r6, r7, 6
        RCOL_HI r7, r8, 7
        RCOL_HI r8, r9, 8
        RCOL_HI r9, r10, 9
        RCOL_HI r10, r11, 10
        /* column 23 with the flags (lr is needed for m_11): V'[11] and
         * the top word V'[12] = the two carries (V' < 2^385) */
        ldr     r11, [sp, #92]
        ldr     lr, [sp, #44]
        adds    r11, r11, lr
        mov     lr, #0
        adc     lr, lr, #0
        adds    r11, r11, r12
        adc     r12, lr, #0
        /* V' - (2^384 + 2^32 - 1) */
        adds    r0, r0, #1
        sbcs    r1, r1, #0
        sbcs    r2, r2, #0
        sbcs    r3, r3, #0
        sbcs    r4, r4, #0
        sbcs    r5, r5, #0
        sbcs    r6, r6, #0
        sbcs    r7, r7, #0
        sbcs    r8, r8, #0
        sbcs    r9, r9, #0
        sbcs    r10, r10, #0
        sbcs    r11, r11, #0
        sbcs    r12, r12, #1
        sbc     lr, lr, lr
        ADD_P_MASKED lr, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11
        ldr     r12, [sp, #96]
        stm     r12, {r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11}
        .endm

/*
 * Product columns, four rows at once: b0..b3 in r3-r6, the rows' UMAAL
 * carry chains c0..c3 in r7-r10, A[s] in a window of four registers
 * (r0, r2, r12, lr for s mod 4 = 0, 1, 2, 3: A[s] is used by columns
 * s..s+3 of the pass and loaded at column s from r1 + 4 s, the slot of
 * A[s-4], last used at column s-1), the column's word in r11.
 * MCOL_NEW: a column of the first pass (no word yet); MCOL_ADD: a column
 * added to the word at sp + toff. a0..a3 hold A[s], A[s-1], A[s-2],
 * A[s-3], aoff = 4 s.
 */
        .macro  MCOL_NEW a0, a1, a2, a3, aoff, toff
        ldr     \a0, [r1, #\aoff]
        mov     r11, #0
        umaal   r11, r7, \a0, r3
        umaal   r11, r8, \a1, r4
        umaal   r11, r9, \a2, r5
        umaal   r11, r10, \a3, r6
        str     r11, [sp, #\toff]
        .endm

        .macro  MCOL_ADD a0, a1, a2, a3, aoff, toff
        ldr     \a0, [r1, #\aoff]
        ldr     r11, [sp, #\toff]
        umaal   r11, r7, \a0, r3
        umaal   r11, r8, \a1, r4
        umaal   r11, r9, \a2, r5
        umaal   r11, r10, \a3, r6
        str     r11, [sp, #\toff]
        .endm

/* the last three columns of a pass and its final carry, words at
 * sp + toff .. sp + toff + 12 (new words): row r's chain ends at A[11]
 * (in lr), its carry is the word of the next column */
        .macro  MPASS_END toff
        umaal   r7, r8, lr, r4
        umaal   r7, r9, r12, r5
        umaal   r7, r10, r2, r6
        str     r7, [sp, #\toff]
        umaal   r8, r9, lr, r5
        umaal   r8, r10, r12, r6
        str     r8, [sp, #(\toff + 4)]
        umaal   r9, r10, lr, r6
        str     r9, [sp, #(\toff + 8)]
        str     r10, [sp, #(\toff + 12)]
        .endm

/* a pass of four rows on the words at sp + toff on: the chains start at
 * zero, column t has rows 0..min(t, 3) */
        .macro  MPASS_ADD toff
        mov     r7, #0
        mov     r8, #0
        mov     r9, #0
        mov     r10, #0
        ldr     r0, [r1, #0]
        ldr     r11, [sp, #\toff]
        umaal   r11, r7, r0, r3
        str     r11, [sp, #\toff]
        ldr     r2, [r1, #4]
        ldr     r11, [sp, #(\toff + 4)]
        umaal   r11, r7, r2, r3
        umaal   r11, r8, r0, r4
        str     r11, [sp, #(\toff + 4)]
        ldr     r12, [r1, #8]
        ldr     r11, [sp, #(\toff + 8)]
        umaal   r11, r7, r12, r3
        umaal   r11, r8, r2, r4
        umaal   r11, r9, r0, r5
        str     r11, [sp, #(\toff + 8)]
        ldr     lr, [r1, #12]
        ldr     r11, [sp, #(\toff + 12)]
        umaal   r11, r7, lr, r3
        umaal   r11, r8, r12, r4
        umaal   r11, r9, r2, r5
        umaal   r11, r10, r0, r6
        str     r11, [sp, #(\toff + 12)]
        MCOL_ADD r0, lr, r12, r2, 16, (\toff + 16)
        MCOL_ADD r2, r0, lr, r12, 20, (\toff + 20)
        MCOL_ADD r12, r2, r0, lr, 24, (\toff + 24)
        MCOL_ADD lr, r12, r2, r0, 28, (\toff + 28)
        MCOL_ADD r0, lr, r12, r2, 32, (\toff + 32)
        MCOL_ADD r2, r0, lr, r12, 36, (\toff + 36)
        MCOL_ADD r12, r2, r0, lr, 40, (\toff + 40)
        MCOL_ADD lr, r12, r2, r0, 44, (\toff + 44)
        MPASS_END (\toff + 48)
        .endm

/* words 4k..4k+3 of S = 2 T + the squares, in place at r10 (advanced by
 * 16): A[2k]^2, A[2k+1]^2 by UMULL (A at r1, advanced by 8), 2 T[4k + j]
 * and the chain r11 by UMAAL with lr = 2 */
        .macro  SQ_BLOCK
        ldm     r1!, {r8, r9}
        ldm     r10, {r4, r5, r6, r7}
        umull   r0, r2, r8, r8
        umull   r3, r12, r9, r9
        umaal   r0, r11, r4, lr
        umaal   r2, r11, r5, lr
        umaal   r3, r11, r6, lr
        umaal   r12, r11, r7, lr
        stm     r10!, {r0, r2, r3, r12}
        .endm

/* r1..r12 op= B word by word (B at lr, each word through r0), one flag
 * chain: op0 for word 0, op for the rest */
        .macro  B_CHAIN op0, op
        ldr     r0, [lr, #0]
        \op0    r1, r1, r0
        ldr     r0, [lr, #4]
        \op     r2, r2, r0
        ldr     r0, [lr, #8]
        \op     r3, r3, r0
        ldr     r0, [lr, #12]
        \op     r4, r4, r0
        ldr     r0, [lr, #16]
        \op     r5, r5, r0
        ldr     r0, [lr, #20]
        \op     r6, r6, r0
        ldr     r0, [lr, #24]
        \op     r7, r7, r0
        ldr     r0, [lr, #28]
        \op     r8, r8, r0
        ldr     r0, [lr, #32]
        \op     r9, r9, r0
        ldr     r0, [lr, #36]
        \op     r10, r10, r0
        ldr     r0, [lr, #40]
        \op     r11, r11, r0
        ldr     r0, [lr, #44]
        \op     r12, r12, r0
        .endm

/* ---- mul --------------------------------------------------------------------- */

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B. Stack: T[24] at sp, X at sp + 96, the next
 *   four words of B at sp + 100 (sp + 104: padding to 8 bytes).
 * The product in three passes of four rows each: rows j..j+3 (j = 0, 4,
 * 8) with b0..b3 = B[j..j+3], columns j..j+15. The first pass starts each
 * chain with UMULL (no earlier word to add); the others add to the words
 * of the passes before.
 */
        .section .text.p384_fe_mul_asm,"ax",%progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,%function
        .p2align 2
        P384_FUNC
p384_fe_mul_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #108
        ldm     r2!, {r3, r4, r5, r6}
        str     r0, [sp, #96]
        str     r2, [sp, #100]
        /* rows 0..3: columns 0..15 */
        ldr     r0, [r1, #0]
        umull   r11, r7, r0, r3
        str     r11, [sp, #0]
        ldr     r2, [r1, #4]
        umull   r11, r8, r0, r4
        umaal   r11, r7, r2, r3
        str     r11, [sp, #4]
        ldr     r12, [r1, #8]
        umull   r11, r9, r0, r5
        umaal   r11, r7, r12, r3
        umaal   r11, r8, r2, r4
        str     r11, [sp, #8]
        ldr     lr, [r1, #12]
        umull   r11, r10, r0, r6
        umaal   r11, r7, lr, r3
        umaal   r11, r8, r12, r4
        umaal   r11, r9, r2, r5
        str     r11, [sp, #12]
        MCOL_NEW r0, lr, r12, r2, 16, 16
        MCOL_NEW r2, r0, lr, r12, 20, 20
        MCOL_NEW r12, r2, r0, lr, 24, 24
        MCOL_NEW lr, r12, r2, r0, 28, 28
        MCOL_NEW r0, lr, r12, r2, 32, 32
        MCOL_NEW r2, r0, lr, r12, 36, 36
        MCOL_NEW r12, r2, r0, lr, 40, 40
        MCOL_NEW lr, r12, r2, r0, 44, 44
        MPASS_END 48
        /* rows 4..7: columns 4..19 */
        ldr     r0, [sp, #100]
        ldm     r0!, {r3, r4, r5, r6}
        str     r0, [sp, #100]
        MPASS_ADD 16
        /* rows 8..11: columns 8..23 */
        ldr     r0, [sp, #100]
        ldm     r0, {r3, r4, r5, r6}
        MPASS_ADD 32
        REDC_TAIL 0
        add     sp, sp, #108
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/* ---- sqr --------------------------------------------------------------------- */

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   r0 = X, r1 = A. Stack: T[24] at sp, X at sp + 96, A at sp + 100
 *   (sp + 104: padding).
 * The 66 products A[i] A[j], i < j, into T: row i multiplies A[i] by
 * A[i+1..11], four rows per pass as in mul (rows 0..3 with A[0..3] in
 * r3-r6, which also serve as the window for A[1..3]; rows 4..7 with
 * A[4..7], which serve for A[5..7]; rows 8..10 last), column c of row i
 * holding A[i] A[c-i] for i < c - i <= 11. Word 23 of T is zero, word 0
 * is never read.
 * Then S = A^2 = 2 T + the squares A[i]^2 at word 2i (UMAAL with a
 * register holding 2 adds twice a word of T and a carry chain, at most
 * 2: 3 (2^32 - 1) + 2 < 3 2^32): the high half four words at a time in
 * place, the low half word by word inside the reduction's columns
 * (REDC_TAIL 1), which read it once.
 */
        .section .text.p384_fe_sqr_asm,"ax",%progbits
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,%function
        .p2align 2
        P384_FUNC
p384_fe_sqr_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #108
        str     r0, [sp, #96]
        str     r1, [sp, #100]
        ldm     r1, {r3, r4, r5, r6}
        /* rows 0..3: columns 1..15; row i's chain starts with UMULL at
         * column 2i+1 */
        umull   r11, r7, r4, r3
        str     r11, [sp, #4]
        mov     r11, #0
        umaal   r11, r7, r5, r3
        str     r11, [sp, #8]
        umull   r11, r8, r5, r4
        umaal   r11, r7, r6, r3
        str     r11, [sp, #12]
        ldr     r0, [r1, #16]
        mov     r11, #0
        umaal   r11, r7, r0, r3
        umaal   r11, r8, r6, r4
        str     r11, [sp, #16]
        ldr     r2, [r1, #20]
        umull   r11, r9, r6, r5
        umaal   r11, r7, r2, r3
        umaal   r11, r8, r0, r4
        str     r11, [sp, #20]
        ldr     r12, [r1, #24]
        mov     r11, #0
        umaal   r11, r7, r12, r3
        umaal   r11, r8, r2, r4
        umaal   r11, r9, r0, r5
        str     r11, [sp, #24]
        ldr     lr, [r1, #28]
        umull   r11, r10, r0, r6
        umaal   r11, r7, lr, r3
        umaal   r11, r8, r12, r4
        umaal   r11, r9, r2, r5
        str     r11, [sp, #28]
        MCOL_NEW r0, lr, r12, r2, 32, 32
        MCOL_NEW r2, r0, lr, r12, 36, 36
        MCOL_NEW r12, r2, r0, lr, 40, 40
        MCOL_NEW lr, r12, r2, r0, 44, 44
        MPASS_END 48
        /* rows 4..7: columns 9..19, A[4..7] in r3-r6; A[s], s >= 8, is
         * loaded at column s + 4 into the window (r0, r2, r12, lr) */
        add     r0, r1, #16
        ldm     r0, {r3, r4, r5, r6}
        mov     r7, #0
        mov     r8, #0
        mov     r9, #0
        mov     r10, #0
        ldr     r11, [sp, #36]
        umaal   r11, r7, r4, r3
        str     r11, [sp, #36]
        ldr     r11, [sp, #40]
        umaal   r11, r7, r5, r3
        str     r11, [sp, #40]
        ldr     r11, [sp, #44]
        umaal   r11, r7, r6, r3
        umaal   r11, r8, r5, r4
        str     r11, [sp, #44]
        ldr     r0, [r1, #32]
        ldr     r11, [sp, #48]
        umaal   r11, r7, r0, r3
        umaal   r11, r8, r6, r4
        str     r11, [sp, #48]
        ldr     r2, [r1, #36]
        ldr     r11, [sp, #52]
        umaal   r11, r7, r2, r3
        umaal   r11, r8, r0, r4
        umaal   r11, r9, r6, r5
        str     r11, [sp, #52]
        ldr     r12, [r1, #40]
        ldr     r11, [sp, #56]
        umaal   r11, r7, r12, r3
        umaal   r11, r8, r2, r4
        umaal   r11, r9, r0, r5
        str     r11, [sp, #56]
        ldr     lr, [r1, #44]
        ldr     r11, [sp, #60]
        umaal   r11, r7, lr, r3
        umaal   r11, r8, r12, r4
        umaal   r11, r9, r2, r5
        umaal   r11, r10, r0, r6
        str     r11, [sp, #60]
        MPASS_END 64
        /* rows 8..10: A[9] A[8] at column 17 .. A[11] A[10] at column 21;
         * A[8..11] in r3-r6 */
        add     r0, r1, #32
        ldm     r0, {r3, r4, r5, r6}
        mov     r7, #0
        mov     r8, #0
        mov     r9, #0
        ldr     r11, [sp, #68]
        umaal   r11, r7, r4, r3
        str     r11, [sp, #68]
        ldr     r11, [sp, #72]
        umaal   r11, r7, r5, r3
        str     r11, [sp, #72]
        ldr     r11, [sp, #76]
        umaal   r11, r7, r6, r3
        umaal   r11, r8, r5, r4
        str     r11, [sp, #76]
        umaal   r7, r8, r6, r4
        str     r7, [sp, #80]
        umaal   r8, r9, r6, r5
        str     r8, [sp, #84]
        str     r9, [sp, #88]
        mov     r11, #0
        str     r11, [sp, #92]
        /* the high half of S = 2 T + the squares, words 12..23 from
         * A[6..11], with its own chain r11 from zero: the carry of the
         * low half enters at word 12 in the tail, and S < 2^768 leaves
         * the chain zero at the end */
        mov     lr, #2
        add     r1, r1, #24
        add     r10, sp, #48
        SQ_BLOCK
        SQ_BLOCK
        SQ_BLOCK
        REDC_TAIL 1
        add     sp, sp, #108
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm

/* ---- add, sub, neg ------------------------------------------------------------ */

/*
 * The three share one shape: X is kept on the stack, A is loaded into
 * r1-r12 (word k in r(k+1), the A pointer overwritten last by the load
 * itself), B is read one word at a time through lr into r0, and the
 * result is stored with one STM.
 */

/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * D = A - p mod 2^384 (A < p: the borrow is certain and dropped), then
 * D + B = A + B - p + 2^384, whose carry is set exactly when A + B >= p;
 * without it p is added back (A + B < 2p: one correction suffices).
 */
        .section .text.p384_fe_add_asm,"ax",%progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,%function
        .p2align 2
        P384_FUNC
p384_fe_add_asm:
        push    {r0, r4, r5, r6, r7, r8, r9, r10, r11, lr}
        mov     lr, r2
        ldm     r1, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        adds    r1, r1, #1
        sbcs    r2, r2, #0
        sbcs    r3, r3, #0
        adcs    r4, r4, #0
        adcs    r5, r5, #1
        adcs    r6, r6, #0
        adcs    r7, r7, #0
        adcs    r8, r8, #0
        adcs    r9, r9, #0
        adcs    r10, r10, #0
        adcs    r11, r11, #0
        adc     r12, r12, #0
        B_CHAIN adds, adcs
        sbc     lr, lr, lr
        ADD_P_MASKED lr, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12
        ldr     r0, [sp]
        stm     r0, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        pop     {r0, r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A - B over twelve words; the borrow becomes the mask of the p added
 * back (A - B > -p, and the sum's carry out cancels the borrow).
 */
        .section .text.p384_fe_sub_asm,"ax",%progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,%function
        .p2align 2
        P384_FUNC
p384_fe_sub_asm:
        push    {r0, r4, r5, r6, r7, r8, r9, r10, r11, lr}
        mov     lr, r2
        ldm     r1, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        B_CHAIN subs, sbcs
        sbc     lr, lr, lr
        ADD_P_MASKED lr, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12
        ldr     r0, [sp]
        stm     r0, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        pop     {r0, r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * 0 - A: the borrow is set exactly when A != 0, and then p is added back
 * (p - A, or 0 for A = 0).
 */
        .section .text.p384_fe_neg_asm,"ax",%progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,%function
        .p2align 2
        P384_FUNC
p384_fe_neg_asm:
        push    {r0, r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldm     r1, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        mov     r0, #0
        subs    r1, r0, r1
        sbcs    r2, r0, r2
        sbcs    r3, r0, r3
        sbcs    r4, r0, r4
        sbcs    r5, r0, r5
        sbcs    r6, r0, r6
        sbcs    r7, r0, r7
        sbcs    r8, r0, r8
        sbcs    r9, r0, r9
        sbcs    r10, r0, r10
        sbcs    r11, r0, r11
        sbcs    r12, r0, r12
        sbc     lr, lr, lr
        ADD_P_MASKED lr, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12
        ldr     r0, [sp]
        stm     r0, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}
        pop     {r0, r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
