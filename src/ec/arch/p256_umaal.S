/*
 * p256_umaal.S - the P-256 field leaves (p256_field.h) for 32-bit Arm
 * with UMAAL (Cortex-M4, M7; the A/R profiles from Armv6): p256_fe_mul_asm,
 * p256_fe_sqr_asm, p256_fe_add_asm, p256_fe_sub_asm, p256_fe_neg_asm,
 * p256_fe_mulk_asm; outside PROFILE=small also the point formulas
 * p256_jac_dbl_asm and p256_jac_madd_if_asm (their C twins in ec_jacobian.c);
 * the leaves' C twins in p256_field32.c. Unified syntax, one text for A32 and
 * Thumb-2, no branch and no IT block: every instruction runs for every
 * input, and no address depends on a value.
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1; words, least significant first:
 * ffffffff ffffffff ffffffff 0 0 0 1 ffffffff.
 *
 * The products: UMAAL RdLo, RdHi, Rn, Rm sets RdHi:RdLo = Rn Rm + RdLo +
 * RdHi, which cannot overflow, and leaves the flags alone; each row of
 * the schoolbook product has its own UMAAL carry chain in a register,
 * four rows share one pass over the 16-word product T on the stack (mul:
 * two passes; sqr: one pass for rows 0..3 and one for rows 4..6 of the
 * cross products). UMAAL with a register holding 2 adds twice a word
 * with carry and without flags, so a UMAAL chain and the flags can carry
 * two sums at once (sqr).
 *
 * The Montgomery reduction (R = 2^256) is multiplication-free: -p^-1 = 1
 * mod 2^32, so step i takes m = t[i], and adding m p at word i sets word
 * i to zero, leaves words i+1 and i+2, adds m at words i+3 and i+6 and the
 * two-word m 2^32 - m at words i+7, i+8 (see p256_field32.c); two steps
 * are done at once (RED_PAIR). It runs on the low half L = T mod 2^256
 * only, held in r0-r7, word j in r(j mod 8): words i+8 and i+9 start at
 * zero when steps i, i+1 reach them, so they take the registers of the
 * spent words i, i+1 and absorb the carries. After eight steps r0-r7
 * hold U = (L + M p) / 2^256 < (2^256 + 2^256 p) / 2^256, so U <= p; then
 * U + T / 2^256 < p + p: one masked subtraction of p fully reduces it.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_UMAAL) && CTC_EC_P256

        .syntax unified
#if defined(__thumb__)
        .thumb
#define P256_FUNC .thumb_func
#else
        .arm
#define P256_FUNC
#endif

/* ---- shared pieces --------------------------------------------------------- */

/*
 * Two reduction steps at once: m0, m1 are words i, i+1 (i even), w3..w7
 * words i+3..i+7; the registers of m0 and m1 receive words i+8 and i+9;
 * t0, t1, t2 are scratch. Step i+1 takes word i+1 before step i has
 * touched it (step i adds from word i+3 on), so with M = m0 + m1 2^32 the
 * two steps add
 *   M 2^96 + M 2^192 (2^64 - 2^32 + 1)   (relative to word i),
 * that is m0, m1 at words i+3, i+4 and the four words of
 *   M (2^64 - 2^32 + 1) = (m0, m1, m0, m1) - (0, m0, m1, 0)
 *                       = (m0, v1, v2, v3)   (v in t0, t1, t2)
 * at words i+6..i+9: one subtraction chain, then one addition chain over
 * words i+3..i+9. Words i+8 and i+9 are new (zero before), and the sum of
 * the steps so far stays below 2^(256 + 32 (i + 2)) (L < 2^256 and the
 * multipliers below 2^(32 (i + 2)), p < 2^256), so the chain never
 * carries out of word i+9.
 */
        .macro  RED_PAIR m0, m1, w3, w4, w5, w6, w7, t0, t1, t2
        subs    \t0, \m1, \m0
        sbcs    \t1, \m0, \m1
        sbc     \t2, \m1, #0
        adds    \w3, \w3, \m0
        adcs    \w4, \w4, \m1
        adcs    \w5, \w5, #0
        adcs    \w6, \w6, \m0
        adcs    \w7, \w7, \t0
        adcs    \m0, \t1, #0
        adc     \m1, \t2, #0
        .endm

/* the eight steps on L in r0-r7 (t0, t1, t2 scratch); U in r0-r7 after */
        .macro  REDC_LOW t0, t1, t2
        RED_PAIR r0, r1, r3, r4, r5, r6, r7, \t0, \t1, \t2
        RED_PAIR r2, r3, r5, r6, r7, r0, r1, \t0, \t1, \t2
        RED_PAIR r4, r5, r7, r0, r1, r2, r3, \t0, \t1, \t2
        RED_PAIR r6, r7, r1, r2, r3, r4, r5, \t0, \t1, \t2
        .endm

/*
 * r0..r7 - p over eight words, the borrow left in the flags (C clear when
 * there was one). p's words ffffffff are subtracted as an addition:
 * SUBS x, #0xffffffff computes x + NOT(0xffffffff) + 1 = x + 1 and SBCS
 * x, #0xffffffff computes x + 0 + C, that is ADDS x, #1 and ADCS x, #0,
 * flags included, with no register holding all ones.
 */
        .macro  SUB_P
        adds    r0, r0, #1
        adcs    r1, r1, #0
        adcs    r2, r2, #0
        sbcs    r3, r3, #0
        sbcs    r4, r4, #0
        sbcs    r5, r5, #0
        sbcs    r6, r6, #1
        adcs    r7, r7, #0
        .endm

/* r0..r7 += p & m (m all ones or zero): p & m has words m, m, m, 0, 0, 0,
 * m >> 31, m */
        .macro  ADD_P_MASKED m
        adds    r0, r0, \m
        adcs    r1, r1, \m
        adcs    r2, r2, \m
        adcs    r3, r3, #0
        adcs    r4, r4, #0
        adcs    r5, r5, #0
        adcs    r6, r6, \m, lsr #31
        adc     r7, r7, \m
        .endm

/*
 * (top, r0..r7) -> r0..r7 reduced, for a value V = top 2^256 + E below 2p
 * (top 0 or 1): E - p = E' - b 2^256 (SUB_P, borrow b), so V - p =
 * (top - b) 2^256 + E'; V - p lies in [-p, p), so top - b is 0 (V >= p:
 * E' is the result) or -1 (V < p: E' + p mod 2^256 = E is), and it is
 * the mask of the p added back.
 */
        .macro  REDUCE_ONCE top
        SUB_P
        sbc     \top, \top, #0
        ADD_P_MASKED \top
        .endm

/* words 2i, 2i+1 (T at sp + toff, A[i] at r12 + aoff) of the high half
 * added to u0, u1: 2 T[2i], 2 T[2i+1] with the UMAAL chain r11 (lr = 2),
 * A[i]^2 through the flags */
        .macro  SQ_HIGH toff, aoff, u0, u1, op
        ldrd    r8, r9, [sp, #\toff]
        ldr     r10, [r12, #\aoff]
        umaal   \u0, r11, r8, lr
        umaal   \u1, r11, r9, lr
        umull   r8, r9, r10, r10
        \op     \u0, \u0, r8
        adcs    \u1, \u1, r9
        .endm

/* ---- mul --------------------------------------------------------------------- */

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B. Stack: T[0..12] at sp (T[13..15] stay in
 *   r10, r11, lr), X at sp + 64, B + 16 at sp + 68 (sp + 72: padding to
 *   8 bytes).
 * The product in two passes of four rows each: rows j..j+3 (j = 0, 4)
 * with b0..b3 = B[j..j+3] in r3-r6 and one UMAAL carry chain per row.
 * Column j+t gets A[t-r] b_r for the rows r with 0 <= t-r <= 7; A[t] is
 * loaded at column t into a window of four registers (A[s] is used by
 * columns s..s+3, so A[s+4] takes the register of A[s]). The chain of
 * row r ends at column r+7; its carry starts column r+8, where that
 * register is the column's word. The first pass starts each chain with
 * UMULL (no earlier word to add), its window is r0, r2, r12, lr (A[0..3]
 * by one LDM), its chains r8-r11, the column's word r7 (a low register:
 * 16-bit stores); the second adds
 * to the words of the first, with the window r0, r2, r12, r9, the chains
 * r8, r10, r11, lr and the column's word r7, so that its last three words
 * end in r10, r11, lr, where the reduction leaves them.
 * Then L = T mod 2^256 is reduced to U in r0-r7 (REDC_LOW, scratch r8,
 * r9, r12), U + T / 2^256 < 2p is formed with its carry c, and the
 * subtraction of p (borrow b) gives the mask c - b (REDUCE_ONCE).
 */
/* the reduction of the product T (T[0..12] at sp, T[13..15] in r10, r11,
 * lr) to the fully reduced result in r0-r7; r8, r9, r12 scratch */
        .macro  MUL_REDUCE
        /* the low half L = T[0..7] reduced to U; T[8..12] from the stack
         * and T[13..15] in r10, r11, lr added with the carry c, then the
         * subtraction of p gives the mask (REDUCE_ONCE with top = c) */
        ldm     sp, {r0, r1, r2, r3, r4, r5, r6, r7}
        REDC_LOW r8, r9, r12
        ldrd    r8, r9, [sp, #32]
        adds    r0, r0, r8
        adcs    r1, r1, r9
        ldrd    r8, r9, [sp, #40]
        adcs    r2, r2, r8
        adcs    r3, r3, r9
        ldr     r8, [sp, #48]
        adcs    r4, r4, r8
        adcs    r5, r5, r10
        adcs    r6, r6, r11
        adcs    r7, r7, lr
        /* c - 1 in r8; after SUB_P, r8 + C = c - 1 + (1 - b) = c - b */
        sbc     r8, r8, r8
        SUB_P
        adc     r8, r8, #0
        ADD_P_MASKED r8
        .endm

/* the product of p256_fe_mul_asm up to the reduced result in r0-r7 (A in
 * r1, B in r2; T[0..12] at sp, B + 16 saved at sp + bslot, r0 at
 * sp + xslot if given); every other register but sp is clobbered */
        .macro  MUL_PRODUCT bslot, xslot=-1, o=0
        ldm     r2!, {r3, r4, r5, r6}
        .if \xslot >= 0
        str     r0, [sp, #\o+\xslot]      /* X (the leaf) */
        .endif
        str     r2, [sp, #\o+\bslot]
        /* rows 0..3: columns 0..11 */
        ldm     r1, {r0, r2, r12, lr}
        umull   r7, r8, r0, r3
        str     r7, [sp, #\o+0]
        umull   r7, r9, r0, r4
        umaal   r7, r8, r2, r3
        str     r7, [sp, #\o+4]
        umull   r7, r10, r0, r5
        umaal   r7, r8, r12, r3
        umaal   r7, r9, r2, r4
        str     r7, [sp, #\o+8]
        umull   r7, r11, r0, r6
        umaal   r7, r8, lr, r3
        umaal   r7, r9, r12, r4
        umaal   r7, r10, r2, r5
        str     r7, [sp, #\o+12]
        ldr     r0, [r1, #16]
        movs    r7, #0
        umaal   r7, r8, r0, r3
        umaal   r7, r9, lr, r4
        umaal   r7, r10, r12, r5
        umaal   r7, r11, r2, r6
        str     r7, [sp, #\o+16]
        ldr     r2, [r1, #20]
        movs    r7, #0
        umaal   r7, r8, r2, r3
        umaal   r7, r9, r0, r4
        umaal   r7, r10, lr, r5
        umaal   r7, r11, r12, r6
        str     r7, [sp, #\o+20]
        ldr     r12, [r1, #24]
        movs    r7, #0
        umaal   r7, r8, r12, r3
        umaal   r7, r9, r2, r4
        umaal   r7, r10, r0, r5
        umaal   r7, r11, lr, r6
        str     r7, [sp, #\o+24]
        ldr     lr, [r1, #28]
        movs    r7, #0
        umaal   r7, r8, lr, r3
        umaal   r7, r9, r12, r4
        umaal   r7, r10, r2, r5
        umaal   r7, r11, r0, r6
        str     r7, [sp, #\o+28]
        umaal   r8, r9, lr, r4
        umaal   r8, r10, r12, r5
        umaal   r8, r11, r2, r6
        str     r8, [sp, #\o+32]
        umaal   r9, r10, lr, r5
        umaal   r9, r11, r12, r6
        str     r9, [sp, #\o+36]
        umaal   r10, r11, lr, r6
        str     r10, [sp, #\o+40]
        str     r11, [sp, #\o+44]
        /* rows 4..7: columns 4..15 */
        ldr     r0, [sp, #\o+\bslot]
        ldm     r0, {r3, r4, r5, r6}
        mov     r8, #0
        mov     r10, #0
        mov     r11, #0
        mov     lr, #0
        ldr     r0, [r1, #0]
        ldr     r7, [sp, #\o+16]
        umaal   r7, r8, r0, r3
        str     r7, [sp, #\o+16]
        ldr     r2, [r1, #4]
        ldr     r7, [sp, #\o+20]
        umaal   r7, r8, r2, r3
        umaal   r7, r10, r0, r4
        str     r7, [sp, #\o+20]
        ldr     r12, [r1, #8]
        ldr     r7, [sp, #\o+24]
        umaal   r7, r8, r12, r3
        umaal   r7, r10, r2, r4
        umaal   r7, r11, r0, r5
        str     r7, [sp, #\o+24]
        ldr     r9, [r1, #12]
        ldr     r7, [sp, #\o+28]
        umaal   r7, r8, r9, r3
        umaal   r7, r10, r12, r4
        umaal   r7, r11, r2, r5
        umaal   r7, lr, r0, r6
        str     r7, [sp, #\o+28]
        ldr     r0, [r1, #16]
        ldr     r7, [sp, #\o+32]
        umaal   r7, r8, r0, r3
        umaal   r7, r10, r9, r4
        umaal   r7, r11, r12, r5
        umaal   r7, lr, r2, r6
        str     r7, [sp, #\o+32]
        ldr     r2, [r1, #20]
        ldr     r7, [sp, #\o+36]
        umaal   r7, r8, r2, r3
        umaal   r7, r10, r0, r4
        umaal   r7, r11, r9, r5
        umaal   r7, lr, r12, r6
        str     r7, [sp, #\o+36]
        ldr     r12, [r1, #24]
        ldr     r7, [sp, #\o+40]
        umaal   r7, r8, r12, r3
        umaal   r7, r10, r2, r4
        umaal   r7, r11, r0, r5
        umaal   r7, lr, r9, r6
        str     r7, [sp, #\o+40]
        ldr     r9, [r1, #28]
        ldr     r7, [sp, #\o+44]
        umaal   r7, r8, r9, r3
        umaal   r7, r10, r12, r4
        umaal   r7, r11, r2, r5
        umaal   r7, lr, r0, r6
        str     r7, [sp, #\o+44]
        umaal   r8, r10, r9, r4
        umaal   r8, r11, r12, r5
        umaal   r8, lr, r2, r6
        str     r8, [sp, #\o+48]
        umaal   r10, r11, r9, r5
        umaal   r10, lr, r12, r6
        umaal   r11, lr, r9, r6
        .endm

/* the product and its reduction: the result in r0-r7 */
        .macro  MUL_CORE bslot, xslot=-1
        MUL_PRODUCT \bslot, \xslot
        MUL_REDUCE
        .endm

#if !CTC_PROFILE_SMALL
        .section .text.p256_fe_mul_asm,"ax",%progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_mul_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #76
        MUL_CORE 68, 64
        ldr     r9, [sp, #64]
        stm     r9, {r0, r1, r2, r3, r4, r5, r6, r7}
        add     sp, sp, #76
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm
#else
/*
 * PROFILE=small: one product for two reductions. p256_mul_core is
 * MUL_PRODUCT as a routine (T = A B: T[0..12] at sp, T[13..15] in r10,
 * r11, lr) for p256_fe_mul_asm (reduced mod p by MUL_REDUCE, as above)
 * and p256_mont_mul_asm (reduced mod any odd 256-bit N: the scalars mod n
 * and the conversions). It works in its caller's frame (MUL_PRODUCT with
 * the offset 4 of the return address it pushes): T at the caller's sp,
 * X at sp + 64, B + 16 at sp + 68.
 */
        .section .text.p256_mul_core,"ax",%progbits
        .type   p256_mul_core,%function
        .p2align 2
        P256_FUNC
p256_mul_core:
        push    {lr}
        MUL_PRODUCT 68, -1, 4
        pop     {pc}
        .size   p256_mul_core, .-p256_mul_core

        .section .text.p256_fe_mul_asm,"ax",%progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_mul_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #76
        str     r0, [sp, #64]
        bl      p256_mul_core
        MUL_REDUCE
        ldr     r9, [sp, #64]
        stm     r9, {r0, r1, r2, r3, r4, r5, r6, r7}
        add     sp, sp, #76
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/*
 * ct_limb_t p256_mont_mul_asm(ct_limb_t *X, const ct_limb_t *A,
 *                             const ct_limb_t *B, const ct_limb_t *N,
 *                             ct_limb_t ninv)
 *   r0 = X, r1 = A, r2 = B, r3 = N, stack: ninv = -N^-1 mod 2^32.
 * Montgomery's reduction of T = A B (p256_mul_core) by any odd N <
 * 2^256, without the final subtraction: V = (T + M N) / 2^256 with M <
 * 2^256 the multiple that clears T's low half, V < 2N when T < N 2^256;
 * X = V mod 2^256, the return value V's bit 256 (the caller subtracts N
 * under a mask: ec_field.c). One row per word i: m = T[i] ninv, T[i..i+7]
 * += m N by one UMAAL chain (lr), the chain's carry added at word i + 8
 * with the carry word r1 of the rows before (UMAAL by r12 = 1: r1:word =
 * lr 1 + word + r1, at most one bit out). N in r4-r11. Frame as for
 * p256_mul_core, N at sp + 76, ninv at sp + 80.
 * mp's whole-reduction leaf (mp_mont_redc_asm, arm_umaal.S) does this
 * reduction too, with the final subtraction, but is written for the RSA
 * sizes (groups of eight words, two rows per pass: 434 bytes on
 * Cortex-M4 against these rows' 154); the small profile's image takes
 * the rows, and the caller's masked subtraction (mp_sub_cond) is one the
 * image links anyway.
 */
/* one word of a row: T word at r0 + off += m (r3) N word (nw), the
 * row's UMAAL chain in lr */
        .macro  MONT_WORD off, nw
        ldr     r2, [r0, #\off]
        umaal   r2, lr, r3, \nw
        str     r2, [r0, #\off]
        .endm

        .section .text.p256_mont_mul_asm,"ax",%progbits
        .globl  p256_mont_mul_asm
        .type   p256_mont_mul_asm,%function
        .p2align 2
        P256_FUNC
p256_mont_mul_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldr     r12, [sp, #36]
        sub     sp, sp, #84
        str     r0, [sp, #64]
        str     r3, [sp, #76]
        str     r12, [sp, #80]
        bl      p256_mul_core
        str     r10, [sp, #52]
        str     r11, [sp, #56]
        str     lr, [sp, #60]
        ldr     r0, [sp, #76]
        ldm     r0, {r4, r5, r6, r7, r8, r9, r10, r11}
        mov     r0, sp
        movs    r1, #0
        mov     r12, #1
2:      ldr     r2, [r0, #0]
        ldr     r3, [sp, #80]
        mul     r3, r2, r3
        mov     lr, #0
        umaal   r2, lr, r3, r4
        MONT_WORD 4, r5
        MONT_WORD 8, r6
        MONT_WORD 12, r7
        MONT_WORD 16, r8
        MONT_WORD 20, r9
        MONT_WORD 24, r10
        MONT_WORD 28, r11
        ldr     r2, [r0, #32]
        umaal   r2, r1, lr, r12
        str     r2, [r0, #32]
        adds    r0, r0, #4
        add     r2, sp, #32
        cmp     r0, r2
        bne     2b
        ldm     r0, {r4, r5, r6, r7, r8, r9, r10, r11}
        ldr     r3, [sp, #64]
        stm     r3, {r4, r5, r6, r7, r8, r9, r10, r11}
        mov     r0, r1
        add     sp, sp, #84
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_mont_mul_asm, .-p256_mont_mul_asm
#endif

/* ---- sqr --------------------------------------------------------------------- */

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   r0 = X, r1 = A. Stack: T[16] at sp, X at sp + 64, A at sp + 68.
 * The 28 products A[i] A[j], i < j, into T (rows 0..3 in one pass with
 * four UMAAL chains, then rows 4..6; A stays in registers), then
 * S = A^2 = 2 T + the squares A[i]^2 at word 2i: its low half is the
 * squares of A[0..3] plus 2 T[0..7] in one UMAAL chain (UMAAL adds
 * T[k] times a register holding 2), reduced by REDC_LOW; its high half
 * goes into U the same way (U[k] + 2 T[k] + carry) and gets the squares
 * of A[4..7] through the flags.
 */
/* the square of p256_fe_sqr_asm up to the reduced result in r0-r7 (A in
 * r1; T[0..15] at sp, A saved at sp + aslot); every other register
 * but sp is clobbered */
        .macro  SQR_CORE aslot
        str     r1, [sp, #\aslot]
        ldm     r1, {r3, r4, r5, r6, r7, r8, r9, r10}
        /* rows 0..3 (A[r] A[r+1..7]: columns 1..10, chains c0..c3 in
         * r0, r1, r2, r11, the column in r12); each chain starts with
         * UMULL, in a column with no other word to add */
        umull   r12, r0, r4, r3
        str     r12, [sp, #4]
        mov     r12, #0
        umaal   r12, r0, r5, r3
        str     r12, [sp, #8]
        umull   r12, r1, r5, r4
        umaal   r12, r0, r6, r3
        str     r12, [sp, #12]
        mov     r12, #0
        umaal   r12, r0, r7, r3
        umaal   r12, r1, r6, r4
        str     r12, [sp, #16]
        umull   r12, r2, r6, r5
        umaal   r12, r0, r8, r3
        umaal   r12, r1, r7, r4
        str     r12, [sp, #20]
        mov     r12, #0
        umaal   r12, r0, r9, r3
        umaal   r12, r1, r8, r4
        umaal   r12, r2, r7, r5
        str     r12, [sp, #24]
        umull   r12, r11, r7, r6
        umaal   r12, r0, r10, r3
        umaal   r12, r1, r9, r4
        umaal   r12, r2, r8, r5
        str     r12, [sp, #28]
        /* row 0 ended at column 7: its carry starts column 8, and so on */
        umaal   r0, r1, r10, r4
        umaal   r0, r2, r9, r5
        umaal   r0, r11, r8, r6
        str     r0, [sp, #32]
        umaal   r1, r2, r10, r5
        umaal   r1, r11, r9, r6
        umaal   r2, r11, r10, r6
        /* rows 4..6 (columns 9..14, chains in r0, r12, lr) on words 9, 10,
         * 11 still in r1, r2, r11 */
        mov     r0, #0
        umaal   r1, r0, r8, r7
        str     r1, [sp, #36]
        umaal   r2, r0, r9, r7
        str     r2, [sp, #40]
        mov     r12, #0
        umaal   r11, r0, r10, r7
        umaal   r11, r12, r9, r8
        str     r11, [sp, #44]
        umaal   r0, r12, r10, r8
        str     r0, [sp, #48]
        mov     lr, #0
        umaal   r12, lr, r10, r9
        str     r12, [sp, #52]
        str     lr, [sp, #56]
        /* the low half: S = the squares A[0..3]^2 (over A's registers, each
         * square after the last use of the register it overwrites; A[4]
         * is loaded again later) + 2 T[0..7] (T[0] = 0) with one UMAAL
         * chain, r11, the multiplier 2 in lr; r11 ends as the carry into
         * word 8 (at most 2) */
        umull   r0, r1, r3, r3
        umull   r2, r3, r4, r4
        umull   r4, r5, r5, r5
        umull   r6, r7, r6, r6
        mov     r11, #0
        mov     lr, #2
        ldm     sp, {r8, r9, r10, r12}
        umaal   r1, r11, r9, lr
        umaal   r2, r11, r10, lr
        umaal   r3, r11, r12, lr
        add     r8, sp, #16
        ldm     r8, {r8, r9, r10, r12}
        umaal   r4, r11, r8, lr
        umaal   r5, r11, r9, lr
        umaal   r6, r11, r10, lr
        umaal   r7, r11, r12, lr
        REDC_LOW r8, r9, r10
        ldr     r12, [sp, #\aslot]
        /* the high half, added to U in r0-r7: UMAAL with lr = 2 adds
         * 2 T[k] and the carry chain r11 (at most 3, so no overflow:
         * U + 2 T + r11 < 2^34), then the squares A[4..7]^2 in the flags;
         * U + S / 2^256 < 2p, its bit 256 is r11 + the last carry */
        SQ_HIGH 32, 16, r0, r1, adds
        SQ_HIGH 40, 20, r2, r3, adcs
        SQ_HIGH 48, 24, r4, r5, adcs
        ldr     r8, [sp, #56]
        mov     r9, #0
        ldr     r10, [r12, #28]
        umaal   r6, r11, r8, lr
        umaal   r7, r11, r9, lr
        umull   r8, r9, r10, r10
        adcs    r6, r6, r8
        adcs    r7, r7, r9
        adc     r11, r11, #0
        REDUCE_ONCE r11
        .endm

        .section .text.p256_fe_sqr_asm,"ax",%progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_sqr_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #76
        str     r0, [sp, #64]
        SQR_CORE 68
        ldr     r8, [sp, #64]
        stm     r8, {r0, r1, r2, r3, r4, r5, r6, r7}
        add     sp, sp, #76
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/* ---- add, sub, neg ------------------------------------------------------------ */

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * D = A - p mod 2^256 (A < p: the borrow is certain and dropped), then
 * D + B = A + B - p + 2^256, whose carry is set exactly when A + B >= p;
 * without it p is added back (A + B < 2p: one correction suffices).
 */
        .section .text.p256_fe_add_asm,"ax",%progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_add_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldm     r1, {r3, r4, r5, r6, r7, r8, r9, r10}
        mvn     r1, #0
        subs    r3, r3, r1
        sbcs    r4, r4, r1
        sbcs    r5, r5, r1
        sbcs    r6, r6, #0
        sbcs    r7, r7, #0
        sbcs    r8, r8, #0
        sbcs    r9, r9, #1
        sbc     r10, r10, r1
        ldm     r2!, {r1, r11, r12, lr}
        adds    r3, r3, r1
        adcs    r4, r4, r11
        adcs    r5, r5, r12
        adcs    r6, r6, lr
        ldm     r2, {r1, r11, r12, lr}
        adcs    r7, r7, r1
        adcs    r8, r8, r11
        adcs    r9, r9, r12
        adcs    r10, r10, lr
#if CTC_PROFILE_SMALL
        /* PROFILE=small: the tail is p256_fe_sub_asm's (the carry clear
         * means the same as its borrow: add p back) */
        b       p256_fe_sub_tail
#else
        sbc     r2, r2, r2
        adds    r3, r3, r2
        adcs    r4, r4, r2
        adcs    r5, r5, r2
        adcs    r6, r6, #0
        adcs    r7, r7, #0
        adcs    r8, r8, #0
        adcs    r9, r9, r2, lsr #31
        adc     r10, r10, r2
        stm     r0, {r3, r4, r5, r6, r7, r8, r9, r10}
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
#endif
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A - B over eight words; the borrow becomes the mask of the p added back.
 */
        .section .text.p256_fe_sub_asm,"ax",%progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_sub_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        ldm     r1, {r3, r4, r5, r6, r7, r8, r9, r10}
        ldm     r2!, {r1, r11, r12, lr}
        subs    r3, r3, r1
        sbcs    r4, r4, r11
        sbcs    r5, r5, r12
        sbcs    r6, r6, lr
        ldm     r2, {r1, r11, r12, lr}
        sbcs    r7, r7, r1
        sbcs    r8, r8, r11
        sbcs    r9, r9, r12
        sbcs    r10, r10, lr
p256_fe_sub_tail:
        sbc     r2, r2, r2
        adds    r3, r3, r2
        adcs    r4, r4, r2
        adcs    r5, r5, r2
        adcs    r6, r6, #0
        adcs    r7, r7, #0
        adcs    r8, r8, #0
        adcs    r9, r9, r2, lsr #31
        adc     r10, r10, r2
        stm     r0, {r3, r4, r5, r6, r7, r8, r9, r10}
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * 0 - A: the borrow is set exactly when A != 0, and then p is added back.
 */
        .section .text.p256_fe_neg_asm,"ax",%progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_neg_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, lr}
        ldm     r1, {r3, r4, r5, r6, r7, r8, r9, r10}
        mov     r2, #0
        subs    r3, r2, r3
        sbcs    r4, r2, r4
        sbcs    r5, r2, r5
        sbcs    r6, r2, r6
        sbcs    r7, r2, r7
        sbcs    r8, r2, r8
        sbcs    r9, r2, r9
        sbcs    r10, r2, r10
        sbc     r2, r2, r2
        adds    r3, r3, r2
        adcs    r4, r4, r2
        adcs    r5, r5, r2
        adcs    r6, r6, #0
        adcs    r7, r7, #0
        adcs    r8, r8, #0
        adcs    r9, r9, r2, lsr #31
        adc     r10, r10, r2
        stm     r0, {r3, r4, r5, r6, r7, r8, r9, r10}
        pop     {r4, r5, r6, r7, r8, r9, r10, pc}
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

/*
 * r0..r7 = k V mod p for V in r0..r7 and k - 1 in r8, k in 1..8
 * (p256_fe_mulk_c in p256_field32.c has the argument): k V in nine words
 * by one UMAAL chain (with k - 1 as the multiplier, UMAAL's addend V[i]
 * completes V[i] k; the ninth word t <= 7 in r9), W = V mod 2^256 +
 * t (2^224 - 2^192 - 2^96 + 1) < 2p (its ninth word in r10), and one
 * masked subtraction of p over nine words. Scratch: r8-r10, the flags.
 * The leaf below and the point formulas (FMULK) share it.
 */
        .macro  FMULK_R
        mov     r9, #0
        umaal   r0, r9, r0, r8
        umaal   r1, r9, r1, r8
        umaal   r2, r9, r2, r8
        umaal   r3, r9, r3, r8
        umaal   r4, r9, r4, r8
        umaal   r5, r9, r5, r8
        umaal   r6, r9, r6, r8
        umaal   r7, r9, r7, r8
        mov     r10, #0
        adds    r0, r0, r9
        adcs    r1, r1, #0
        adcs    r2, r2, #0
        adcs    r3, r3, #0
        adcs    r4, r4, #0
        adcs    r5, r5, #0
        adcs    r6, r6, #0
        adcs    r7, r7, r9
        adc     r10, r10, #0
        subs    r3, r3, r9
        sbcs    r4, r4, #0
        sbcs    r5, r5, #0
        sbcs    r6, r6, r9
        sbcs    r7, r7, #0
        sbc     r10, r10, #0
        SUB_P
        sbcs    r10, r10, #0
        sbc     r8, r8, r8
        ADD_P_MASKED r8
        .endm

/*
 * void p256_fe_mulk_asm(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
 * X = k A mod p, k in 1..8: FMULK_R on A's words.
 */
        .section .text.p256_fe_mulk_asm,"ax",%progbits
        .globl  p256_fe_mulk_asm
        .type   p256_fe_mulk_asm,%function
        .p2align 2
        P256_FUNC
p256_fe_mulk_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, lr}
        mov     r12, r0
        sub     r8, r2, #1
        ldm     r1, {r0, r1, r2, r3, r4, r5, r6, r7}
        FMULK_R
        stm     r12, {r0, r1, r2, r3, r4, r5, r6, r7}
        pop     {r4, r5, r6, r7, r8, r9, r10, pc}
        .size   p256_fe_mulk_asm, .-p256_fe_mulk_asm

/* ---- the point formulas (PROFILE=fast) -------------------------------------- */

#if !CTC_PROFILE_SMALL
/*
 * The Jacobian doubling and mixed addition of ec_jac_formulas.h
 * (JF_PRODUCT_Z, the k A leaf) as one function each, so that a formula
 * pays one prologue and epilogue: its products and squares are the
 * leaves' bodies written in place (JMUL, JSQR: no call, the result left
 * in r0-r7 instead of stored), its additions, subtractions and small
 * multiples are macros on a value held in r0-r7 (V below) and, where
 * there is one, a second operand in memory. A result goes to memory only
 * where a later step reads it from there. Every register but sp is
 * scratch between the steps; the formula's own values live in its frame.
 * The C twins are the same formulas on the leaves (jac_dbl_p256,
 * jac_add_affine_if_p256 in ec_jacobian.c; tests/unit/test_ec_mul.c
 * compares them).
 */

/* V = V + [rb] mod p (V, [rb] < p): V - p (the borrow is certain and
 * dropped), then + [rb], whose carry is set exactly when V + [rb] >= p;
 * without it p is added back. rb is advanced; r9-r12 scratch. */
        .macro  FADD_M rb
        SUB_P
        ldm     \rb!, {r9, r10, r11, r12}
        adds    r0, r0, r9
        adcs    r1, r1, r10
        adcs    r2, r2, r11
        adcs    r3, r3, r12
        ldm     \rb, {r9, r10, r11, r12}
        adcs    r4, r4, r9
        adcs    r5, r5, r10
        adcs    r6, r6, r11
        adcs    r7, r7, r12
        sbc     r9, r9, r9
        ADD_P_MASKED r9
        .endm

/* V = V - [rb] mod p: the borrow is the mask of the p added back; rb is
 * advanced, r9-r12 scratch */
        .macro  FSUB_M rb
        ldm     \rb!, {r9, r10, r11, r12}
        subs    r0, r0, r9
        sbcs    r1, r1, r10
        sbcs    r2, r2, r11
        sbcs    r3, r3, r12
        ldm     \rb, {r9, r10, r11, r12}
        sbcs    r4, r4, r9
        sbcs    r5, r5, r10
        sbcs    r6, r6, r11
        sbcs    r7, r7, r12
        sbc     r9, r9, r9
        ADD_P_MASKED r9
        .endm

/* V = [rb] - V mod p, as FSUB_M */
        .macro  FRSUB_M rb
        ldm     \rb!, {r9, r10, r11, r12}
        subs    r0, r9, r0
        sbcs    r1, r10, r1
        sbcs    r2, r11, r2
        sbcs    r3, r12, r3
        ldm     \rb, {r9, r10, r11, r12}
        sbcs    r4, r9, r4
        sbcs    r5, r10, r5
        sbcs    r6, r11, r6
        sbcs    r7, r12, r7
        sbc     r9, r9, r9
        ADD_P_MASKED r9
        .endm

/* V = 2 V mod p: 2 V < 2p with its carry c; c - 1 in r8, and after SUB_P
 * r8 + C = c - b is the mask of the p added back (as in the product) */
        .macro  FDBL
        adds    r0, r0, r0
        adcs    r1, r1, r1
        adcs    r2, r2, r2
        adcs    r3, r3, r3
        adcs    r4, r4, r4
        adcs    r5, r5, r5
        adcs    r6, r6, r6
        adcs    r7, r7, r7
        sbc     r8, r8, r8
        SUB_P
        adc     r8, r8, #0
        ADD_P_MASKED r8
        .endm

/* V = k V mod p, k in 2..8: FMULK_R with k - 1 in r8 */
        .macro  FMULK k
        mov     r8, #(\k - 1)
        FMULK_R
        .endm

/* V to the 8 words at sp + off (t scratch; off 0: sp itself) */
        .macro  VST off, t
        .if \off
        add     \t, sp, #\off
        stm     \t, {r0, r1, r2, r3, r4, r5, r6, r7}
        .else
        stm     sp, {r0, r1, r2, r3, r4, r5, r6, r7}
        .endif
        .endm

/* V from the 8 words at the address saved at sp + off (t scratch) */
        .macro  VLDP off, t
        ldr     \t, [sp, #\off]
        ldm     \t, {r0, r1, r2, r3, r4, r5, r6, r7}
        .endm

/* V to the 8 words at the address saved at sp + off (t scratch) */
        .macro  VSTP off, t
        ldr     \t, [sp, #\off]
        stm     \t, {r0, r1, r2, r3, r4, r5, r6, r7}
        .endm

/*
 * JMUL: V = [r1] [r2] / R mod p; JSQR: V = [r1]^2 / R mod p. The
 * product's and the square's bodies written in place in the formulas
 * below, each on its own area under the formula's frame (T and the saved
 * pointer; r1, r2 are computed before it is made): no call, no save of
 * lr (the formula's prologue saved it). Every register but sp and the
 * flags are clobbered, the formula's frame is kept.
 */
        .macro  JMUL
        sub     sp, sp, #56
        MUL_CORE 52
        add     sp, sp, #56
        .endm

        .macro  JSQR
        sub     sp, sp, #68
        SQR_CORE 64
        add     sp, sp, #68
        .endm

        .section .text.p256_jac_asm,"ax",%progbits

/*
 * void p256_jac_dbl_asm(ct_limb_t *R, const ct_limb_t *P, size_t fe)
 *   R, P: the X coordinates of two ec_jac (ec.h), Y and Z at fe and 2 fe
 *   bytes after (fe = sizeof(ec_fe)); R may be P.
 * R = 2 P by dbl-2001-b with Z3 = 2 Y Z (jac_dbl_p256's order: P's
 * coordinates are all read before R's are written). Frame: delta at sp,
 * gamma at sp + 32, 4 beta at sp + 64, X + delta (then 4 beta - X3) at
 * sp + 96, X - delta at sp + 128, alpha at sp + 160, 8 gamma^2 at
 * sp + 192; the pointers R.X, P.X, R.Y, R.Z, P.Y, P.Z at sp + 224..244.
 */
        .globl  p256_jac_dbl_asm
        .type   p256_jac_dbl_asm,%function
        .p2align 2
        P256_FUNC
p256_jac_dbl_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #252
        add     r3, r0, r2
        add     r4, r3, r2
        add     r5, r1, r2
        add     r6, r5, r2
        add     r7, sp, #224
        stm     r7, {r0, r1, r3, r4, r5, r6}
        mov     r1, r6
        JSQR                   /* delta = Z^2 */
        VST     0, r8
        ldr     r1, [sp, #240]
        JSQR                   /* gamma = Y^2 */
        VST     32, r8
        ldr     r1, [sp, #228]
        add     r2, sp, #32
        JMUL                   /* beta = X gamma */
        FMULK   4
        VST     64, r8                  /* 4 beta */
        VLDP    228, r8
        mov     r8, sp
        FADD_M  r8
        VST     96, r8                  /* X + delta */
        VLDP    228, r8
        mov     r8, sp
        FSUB_M  r8
        VST     128, r8                 /* X - delta */
        add     r1, sp, #96
        add     r2, sp, #128
        JMUL
        FMULK   3
        VST     160, r8                 /* alpha = 3 (X - delta)(X + delta) */
        ldr     r1, [sp, #240]
        ldr     r2, [sp, #244]
        JMUL
        FDBL
        VSTP    236, r8                 /* Z3 = 2 Y Z: P.Y, P.Z not read after */
        add     r1, sp, #160
        JSQR
        add     r8, sp, #64
        FSUB_M  r8
        add     r8, sp, #64
        FSUB_M  r8
        VSTP    224, r8                 /* X3 = alpha^2 - 8 beta */
        add     r8, sp, #64
        FRSUB_M r8
        VST     96, r8                  /* 4 beta - X3 */
        add     r1, sp, #32
        JSQR
        FMULK   8
        VST     192, r8                 /* 8 gamma^2 */
        add     r1, sp, #160
        add     r2, sp, #96
        JMUL
        add     r8, sp, #192
        FSUB_M  r8
        VSTP    232, r8                 /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
        add     sp, sp, #252
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_jac_dbl_asm, .-p256_jac_dbl_asm

/*
 * The selects of the mixed addition on V = r0..r7, a coordinate of the
 * sum: V = A's coordinate (at the address saved at sp + a) where P is
 * infinity (mask at sp + 224), then P's (at sp + p) where the condition is
 * false (mask at sp + 228); V stored at the address saved at sp + r. Each
 * word becomes V ^ ((V ^ W) & m): two words of W per LDM, r8-r12 and lr
 * scratch. P's coordinate is read before R's is written (R may be P).
 * V stays selected in r0..r7: where a mask is set, the formula's later
 * values are wrong but every later coordinate is selected by the same
 * masks, so none of them reaches R.
 */
        .macro  SEL2 x, y, ptr, m
        ldm     \ptr!, {r12, lr}
        eor     r12, r12, \x
        eor     lr, lr, \y
        and     r12, r12, \m
        and     lr, lr, \m
        eor     \x, \x, r12
        eor     \y, \y, lr
        .endm

        .macro  VSEL_STP r, p, a
        ldr     r8, [sp, #\a]
        ldr     r9, [sp, #\p]
        ldrd    r10, r11, [sp, #224]
        SEL2    r0, r1, r8, r10
        SEL2    r2, r3, r8, r10
        SEL2    r4, r5, r8, r10
        SEL2    r6, r7, r8, r10
        SEL2    r0, r1, r9, r11
        SEL2    r2, r3, r9, r11
        SEL2    r4, r5, r9, r11
        SEL2    r6, r7, r9, r11
        VSTP    \r, r8
        .endm

/*
 * void p256_jac_madd_if_asm(ct_limb_t *R, const ct_limb_t *P, const ct_limb_t *A,
 *                           size_t fe, ct_limb_t keep, const ct_limb_t *one)
 *   R, P: the X coordinates of two ec_jac, A the x of an ec_affine (ec.h),
 *   the other coordinates fe bytes apart (fe = sizeof(ec_fe)); R may be
 *   P, not A; keep all ones (R = P) or zero (R = P + A); one = R mod p.
 * R = P + A by madd-2007-bl without its factors 2 (JF_PRODUCT_Z):
 * U2 = x2 Z1^2, S2 = y2 Z1^3, H = U2 - X1, r = S2 - Y1, J = H^3,
 * V = X1 H^2, X3 = r^2 - J - 2V, Y3 = r (V - X3) - Y1 J, Z3 = Z1 H; then
 * the selects of jac_add_affine_if_p256 on each coordinate as it is
 * stored (VSEL_STP): (x2, y2, one) where Z1 = 0, P where keep. Each of
 * P's coordinates is read for the last time by its select, so R may be
 * P. Frame: Z1^2 at sp, H at sp + 32, S2 then r at sp + 64, H^2 then
 * Y1 J at sp + 96, J at sp + 128, V then V - X3 at sp + 160; the pointers
 * R.X, P.X, A.x, R.Y, R.Z, P.Y, P.Z, A.y at sp + 192..220, the masks
 * (Z1 = 0, keep) at sp + 224, 228 and one at sp + 232.
 */
        .globl  p256_jac_madd_if_asm
        .type   p256_jac_madd_if_asm,%function
        .p2align 2
        P256_FUNC
p256_jac_madd_if_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #236
        add     r4, r0, r3
        add     r5, r4, r3
        add     r6, r1, r3
        add     r7, r6, r3
        add     r8, r2, r3
        add     r9, sp, #192
        stm     r9, {r0, r1, r2, r4, r5, r6, r7, r8}
        /* Z1 = 0: the OR of its words; 0 - x borrows (C clear) unless
         * x = 0, so SBC x, x, x is 0 for Z1 = 0, all ones otherwise */
        ldm     r7, {r0, r1, r2, r3, r4, r5, r6, r8}
        orr     r0, r0, r1
        orr     r0, r0, r2
        orr     r0, r0, r3
        orr     r0, r0, r4
        orr     r0, r0, r5
        orr     r0, r0, r6
        orr     r0, r0, r8
        rsbs    r0, r0, #0
        sbc     r0, r0, r0
        mvn     r0, r0
        ldr     r1, [sp, #272]          /* keep (the fifth argument) */
        ldr     r2, [sp, #276]          /* one */
        add     r3, sp, #224
        stm     r3, {r0, r1, r2}
        mov     r1, r7
        JSQR
        VST     0, r8                   /* Z1^2 */
        ldr     r1, [sp, #200]
        mov     r2, sp
        JMUL                   /* U2 = x2 Z1^2 */
        ldr     r8, [sp, #196]
        FSUB_M  r8
        VST     32, r8                  /* H = U2 - X1 */
        ldr     r1, [sp, #220]
        ldr     r2, [sp, #216]
        JMUL
        VST     64, r8                  /* y2 Z1 */
        add     r1, sp, #64
        mov     r2, sp
        JMUL                   /* S2 = y2 Z1^3 */
        ldr     r8, [sp, #212]
        FSUB_M  r8
        VST     64, r8                  /* r = S2 - Y1 */
        add     r1, sp, #32
        JSQR
        VST     96, r8                  /* H^2 */
        add     r1, sp, #32
        add     r2, sp, #96
        JMUL
        VST     128, r8                 /* J = H^3 */
        ldr     r1, [sp, #196]
        add     r2, sp, #96
        JMUL
        VST     160, r8                 /* V = X1 H^2 */
        ldr     r1, [sp, #212]
        add     r2, sp, #128
        JMUL
        VST     96, r8                  /* Y1 J */
        add     r1, sp, #64
        JSQR
        add     r8, sp, #128
        FSUB_M  r8
        add     r8, sp, #160
        FSUB_M  r8
        add     r8, sp, #160
        FSUB_M  r8
        VSEL_STP 192, 196, 200          /* X3 = r^2 - J - 2V */
        add     r8, sp, #160
        FRSUB_M r8
        VST     160, r8                 /* V - X3 */
        add     r1, sp, #64
        add     r2, sp, #160
        JMUL
        add     r8, sp, #96
        FSUB_M  r8
        VSEL_STP 204, 212, 220          /* Y3 = r (V - X3) - Y1 J */
        ldr     r1, [sp, #216]
        add     r2, sp, #32
        JMUL
        VSEL_STP 208, 216, 232          /* Z3 = Z1 H */
        add     sp, sp, #236
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   p256_jac_madd_if_asm, .-p256_jac_madd_if_asm
#endif

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
