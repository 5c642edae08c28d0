/*
 * p256_thumb1.S - the P-256 field leaves (p256_field.h) for Armv6-M
 * (Cortex-M0/M0+), Thumb-1: p256_fe_mul_asm, p256_fe_sqr_asm,
 * p256_fe_add_asm, p256_fe_sub_asm, p256_fe_neg_asm; C twins in
 * p256_field32.c. Straight-line code: no branch at all, and every address
 * is sp or an argument plus a constant. The same text serves Armv7-M
 * without DSP (Cortex-M3), where it uses no UMULL or UMLAL (whose time
 * depends on the operands there) and beats the C twins (p256_field.h).
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1; words, least significant first:
 * ffffffff ffffffff ffffffff 0 0 0 1 ffffffff.
 *
 * Armv6-M has no 32x32 -> 64 multiply; MULS (32x32 -> 32) takes the same
 * time whatever the operands (as in src/mp/arch/thumb1.S). Each word
 * product is made from four products of 16-bit halves (MAC below). Only
 * r0-r7 take arithmetic. Flags: ADDS/ADCS/SUBS/SBCS and the shifts set C;
 * MULS, MOVS #imm, MVNS and EORS set only N and Z, and LDR/STR/LDM/STM/
 * MOV/UXTH set none, so a carry chain may run across them.
 *
 * mul and sqr share the layout of their frames (sqr: 160 bytes, mul: 200,
 * see there): a copy of A at sp (mul: B at sp + 32), the product T with
 * its low half L = T[0..7] at sp + 64 and its high half H = T[8..15] at
 * sp + 128; sp + 96..127 is scratch (mul: the middle product; then two
 * words of the reduction, REDC_TAIL). X waits in the frame (a copy of the
 * inputs is taken first, so X may alias A or B).
 */
#include "mp/mp_arch.h"

#if (defined(MP_ASM_THUMB1) || defined(MP_ASM_ARMV7M)) && CTC_EC_P256

        .syntax unified
        .thumb

/* ---- the word product -------------------------------------------------------- */

/*
 * (c2, c1, c0) += x y, with x at [sp, #xo] and y at [sp, #yo]; clobbers
 * r3-r7. With x = xh 2^16 + xl, y = yh 2^16 + yl:
 *   x y = xh yh 2^32 + (xh yl + xl yh) 2^16 + xl yl,
 * every partial product below 2^32; the two middle ones are added to
 * (xh yh, xl yl) in halves. Each partial sum is at most x y < 2^64, so
 * the 64-bit (r3, r7) never carries out; then one three-word addition
 * (c2 only counts carries: a column has at most 8 products, its sum is
 * below 2^67 with the incoming carry).
 */
        .macro  MAC xo, yo, c0, c1, c2
        ldr     r3, [sp, #\xo]
        ldr     r5, [sp, #\yo]
        uxth    r4, r3                  /* xl */
        lsrs    r3, r3, #16             /* xh */
        uxth    r6, r5                  /* yl */
        lsrs    r5, r5, #16             /* yh */
        mov     r7, r4
        muls    r7, r6, r7              /* xl yl */
        muls    r6, r3, r6              /* xh yl */
        muls    r3, r5, r3              /* xh yh */
        muls    r5, r4, r5              /* xl yh */
        lsls    r4, r6, #16
        lsrs    r6, r6, #16
        adds    r7, r7, r4
        adcs    r3, r6
        lsls    r4, r5, #16
        lsrs    r5, r5, #16
        adds    r7, r7, r4
        adcs    r3, r5
        adds    \c0, \c0, r7
        adcs    \c1, r3
        movs    r7, #0
        adcs    \c2, r7
        .endm

/*
 * n products x[i] y[j], x[i+1] y[j-1], ... of one column (x at sp + xb,
 * y at sp + yb), into (c2, c1, c0)
 */
        .macro  MACS xb, yb, i, j, n, c0, c1, c2
        MAC     (\xb+4*(\i)), (\yb+4*(\j)), \c0, \c1, \c2
        .if     \n > 1
        MACS    \xb, \yb, (\i+1), (\j-1), (\n-1), \c0, \c1, \c2
        .endif
        .endm

/*
 * One column of product scanning: its n products from x[i] y[j], then its
 * word c0 goes to T at sp + to and c0 restarts at zero as the new top
 * (the next column uses c1, c2, c0)
 */
        .macro  COL xb, yb, i, j, n, to, c0, c1, c2
        MACS    \xb, \yb, \i, \j, \n, \c0, \c1, \c2
        str     \c0, [sp, #\to]
        movs    \c0, #0
        .endm

/* ---- the reduction ------------------------------------------------------------ */

/*
 * X (r0) += p & mask (r1 all ones or zero; r2 = 0, r6 = mask >> 31):
 * p & mask has the words mask, mask, mask, 0, 0, 0, mask >> 31, mask.
 * The carry out is dropped (the callers need the sum mod 2^256).
 * Clobbers r3, r4, r5, r7, advances r0 by 32.
 */
        .macro  ADD_P_MASKED
        mov     r7, r0
        ldm     r0!, {r3, r4, r5}
        adds    r3, r3, r1
        adcs    r4, r1
        adcs    r5, r1
        stm     r7!, {r3, r4, r5}
        ldm     r0!, {r3, r4, r5}
        adcs    r3, r2
        adcs    r4, r2
        adcs    r5, r2
        stm     r7!, {r3, r4, r5}
        ldm     r0!, {r3, r4}
        adcs    r3, r6
        adcs    r4, r1
        stm     r7!, {r3, r4}
        .endm

/*
 * X (r0) = (top 2^256 + X) mod p for a value below 2p, top (0 or 1) in
 * r3: D = value - p over nine words in place; its borrow is set exactly
 * when the value is below p, and then p is added back (mod 2^256 that
 * gives the value again). One masked addition, no branch.
 * Clobbers r0-r7.
 */
        .macro  REDUCE_ONCE
        movs    r2, #0
        mvns    r1, r2                  /* r1 = 0xffffffff */
        mov     r7, r0
        ldm     r0!, {r4, r5, r6}
        subs    r4, r4, r1
        sbcs    r5, r1
        sbcs    r6, r1
        stm     r7!, {r4, r5, r6}
        ldm     r0!, {r4, r5, r6}
        sbcs    r4, r2
        sbcs    r5, r2
        sbcs    r6, r2
        stm     r7!, {r4, r5, r6}
        ldm     r0!, {r4, r5}
        movs    r6, #1
        sbcs    r4, r6
        sbcs    r5, r1
        stm     r7!, {r4, r5}
        sbcs    r3, r2                  /* top - borrow */
        sbcs    r1, r1                  /* all ones when it borrowed */
        lsrs    r6, r1, #31
        subs    r0, #32
        ADD_P_MASKED
        .endm

/*
 * The reduction of L runs two Montgomery steps at once (RED_PAIR_R) on
 * the words W[0..15] (W[0..7] = L, words 8..15 written by the steps), i
 * even. -p^-1 = 1 mod 2^32, so step i takes m = W[i], and adding m p at
 * word i sets word i to zero, leaves words i+1, i+2, adds m at words i+3
 * and i+6 and the two-word m 2^32 - m at words i+7, i+8 (see
 * p256_field32.c). Step i+1 takes W[i+1] before step i touches it (step
 * i adds from word i+3 on), so with M = m0 + m1 2^32 the pair adds m0, m1
 * at words i+3, i+4 and the four words of
 *   M (2^64 - 2^32 + 1) = (m0, m1, m0, m1) - (0, m0, m1, 0)
 *                       = (m0, v1, v2, v3)
 * at words i+6..i+9: one subtraction chain (v3 = m1 - borrow never
 * borrows, the value being >= 0), then one addition chain over words
 * i+3..i+9. Words i+8 and i+9 are new: no earlier pair reaches them, so
 * they are written, not added to. The sum so far stays below
 * 2^(256 + 32 (i + 2)) (L < 2^256, M's so far below 2^(32 (i + 2)),
 * p < 2^256), so the chain never carries out of word i+9.
 */
/*
 * One pair of steps (above) on words held in registers:
 * m0 = W[i] in \m0, m1 = W[i+1] in \m1, W[i+3..i+7] in \w3..\w7, \f free.
 * v1, v2, v3 wait in r12, lr and r8 (v3 = m1 - borrow as -borrow + m1:
 * SBCS of a register with itself gives -borrow). After: W[i+8] in \m0,
 * W[i+9] in \f, \m1 = 0 (it is the zero of the chain once m1 is added).
 */
        .macro  RED_PAIR_R m0, m1, f, w3, w4, w5, w6, w7
        subs    \f, \m1, \m0
        mov     r12, \f                         /* v1 */
        mov     \f, \m0
        sbcs    \f, \m1
        mov     lr, \f                          /* v2 */
        sbcs    \f, \f
        adds    \f, \f, \m1
        mov     r8, \f                          /* v3 */
        adds    \w3, \w3, \m0
        adcs    \w4, \m1
        movs    \m1, #0
        adcs    \w5, \m1
        adcs    \w6, \m0
        mov     \m0, r12
        adcs    \w7, \m0
        mov     \m0, lr
        adcs    \m0, \m1
        mov     \f, r8
        adcs    \f, \m1
        .endm

/*
 * The tail of mul and sqr: L at sp + 64, H at sp + 128, X at [sp, #xo];
 * clobbers r8, r12, lr (saved by the callers). The four pairs of steps on
 * L in registers: L is loaded once; the word a pair leaves alone (W[i+2])
 * waits in its slot of L, the new words take the registers of the spent
 * ones. They leave U = (L + M p) / 2^256 with U < (2^256 + 2^256 p) /
 * 2^256, so U <= p; word 0 of U at sp + 96, words 1..7 in r2, r1, r4,
 * r3, r6, r5, r0. Then V = U + H (H < p: below 2p, bit 256 in r0) and
 * V - p over nine words: SBCS with all ones for the words ffffffff of p,
 * ADCS with all ones for its zero words (x - 0 - borrow = x + ~0 + carry,
 * with the same carry out), SBCS with 1 for word 6. Its borrow gives the
 * mask of the p added back, as in REDUCE_ONCE; words 0..2 wait in lr, r8,
 * r12 and word 7 at sp + 100.
 */
        .macro  REDC_TAIL xo
        add     r0, sp, #64
        ldm     r0, {r0, r1, r2, r3, r4, r5, r6, r7}
        RED_PAIR_R r0, r1, r2, r3, r4, r5, r6, r7
        ldr     r1, [sp, #72]                   /* W[2] */
        str     r4, [sp, #80]                   /* W[4] */
        RED_PAIR_R r1, r3, r4, r5, r6, r7, r0, r2
        ldr     r3, [sp, #80]                   /* W[4] */
        str     r6, [sp, #88]                   /* W[6] */
        RED_PAIR_R r3, r5, r6, r7, r0, r2, r1, r4
        ldr     r5, [sp, #88]                   /* W[6] */
        str     r0, [sp, #96]                   /* W[8] = U[0] */
        RED_PAIR_R r5, r7, r0, r2, r1, r4, r3, r6
        /* V = U + H: U[7] waits in r12, V[0] in lr */
        mov     r12, r0
        ldr     r7, [sp, #96]
        ldr     r0, [sp, #128]
        adds    r7, r7, r0
        mov     lr, r7
        ldr     r0, [sp, #132]
        adcs    r2, r0
        ldr     r0, [sp, #136]
        adcs    r1, r0
        ldr     r0, [sp, #140]
        adcs    r4, r0
        ldr     r0, [sp, #144]
        adcs    r3, r0
        ldr     r0, [sp, #148]
        adcs    r6, r0
        ldr     r0, [sp, #152]
        adcs    r5, r0
        ldr     r0, [sp, #156]
        mov     r7, r12
        adcs    r7, r0
        movs    r0, #0
        adcs    r0, r0
        /* V[0..7]: lr, r2, r1, r4, r3, r6, r5, r7; bit 256 in r0.
         * D = V - p; V[1], V[2] go to r8, r12 to free r1, r2 */
        mov     r8, r2
        mov     r12, r1
        movs    r2, #0
        mvns    r1, r2                          /* all ones */
        mov     r2, lr
        subs    r2, r2, r1
        mov     lr, r2
        mov     r2, r8
        sbcs    r2, r1
        mov     r8, r2
        mov     r2, r12
        sbcs    r2, r1
        mov     r12, r2
        adcs    r4, r1
        adcs    r3, r1
        adcs    r6, r1
        movs    r2, #1
        sbcs    r5, r2
        sbcs    r7, r1
        adcs    r0, r1
        sbcs    r1, r1                          /* all ones when it borrowed */
        /* + p & mask: words mask, mask, mask, 0, 0, 0, mask >> 31, mask */
        lsrs    r2, r1, #31
        movs    r0, #0
        str     r7, [sp, #100]
        mov     r7, lr
        adds    r7, r7, r1
        mov     lr, r7
        mov     r7, r8
        adcs    r7, r1
        mov     r8, r7
        mov     r7, r12
        adcs    r7, r1
        mov     r12, r7
        adcs    r4, r0
        adcs    r3, r0
        adcs    r6, r0
        adcs    r5, r2
        ldr     r7, [sp, #100]
        adcs    r7, r1
        ldr     r0, [sp, #\xo]
        str     r4, [r0, #12]
        str     r3, [r0, #16]
        str     r6, [r0, #20]
        str     r5, [r0, #24]
        str     r7, [r0, #28]
        mov     r1, lr
        mov     r2, r8
        mov     r3, r12
        stm     r0!, {r1, r2, r3}
        .endm

/* ---- mul ----------------------------------------------------------------------- */

/*
 * One 128 x 128-bit product by product scanning: x (4 words at sp + xb)
 * times y (sp + yb) into 8 words at sp + tb. Column k (0..6) takes
 * x[i] y[k - i] for every i with 0 <= i, k - i <= 3. r0 = r1 = r2 = 0
 * before and after (a 256-bit product leaves no carry past word 7).
 */
        .macro  PROD4 xb, yb, tb
        COL     \xb, \yb, 0, 0, 1, (\tb+0), r0, r1, r2
        COL     \xb, \yb, 0, 1, 2, (\tb+4), r1, r2, r0
        COL     \xb, \yb, 0, 2, 3, (\tb+8), r2, r0, r1
        COL     \xb, \yb, 0, 3, 4, (\tb+12), r0, r1, r2
        COL     \xb, \yb, 1, 3, 3, (\tb+16), r1, r2, r0
        COL     \xb, \yb, 2, 3, 2, (\tb+20), r2, r0, r1
        COL     \xb, \yb, 3, 3, 1, (\tb+24), r0, r1, r2
        str     r1, [sp, #(\tb+28)]
        movs    r1, #0
        .endm

/*
 * |x0 - x1| for the halves x0 (sp + xo), x1 (sp + xo + 16) into r0-r3,
 * and the mask \m (all ones when x0 < x1): the difference D mod 2^128,
 * then (D ^ m) - m, that is -D mod 2^128 when it borrowed (m as four
 * words is 2^128 - 1 = -1). Clobbers r4.
 */
        .macro  ABSDIFF xo, m
        ldr     r0, [sp, #(\xo+0)]
        ldr     r4, [sp, #(\xo+16)]
        subs    r0, r0, r4
        ldr     r1, [sp, #(\xo+4)]
        ldr     r4, [sp, #(\xo+20)]
        sbcs    r1, r4
        ldr     r2, [sp, #(\xo+8)]
        ldr     r4, [sp, #(\xo+24)]
        sbcs    r2, r4
        ldr     r3, [sp, #(\xo+12)]
        ldr     r4, [sp, #(\xo+28)]
        sbcs    r3, r4
        sbcs    \m, \m
        eors    r0, \m
        eors    r1, \m
        eors    r2, \m
        eors    r3, \m
        subs    r0, r0, \m
        sbcs    r1, \m
        sbcs    r2, \m
        sbcs    r3, \m
        .endm

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B; the frame above (A at sp, B at sp + 32),
 *   200 bytes: also |A0 - A1| at sp + 160, |B0 - B1| at sp + 176 (later
 *   the middle sum, 8 words at sp + 160), the sign mask at sp + 196; the
 *   middle product at sp + 96, where the reduction writes only after.
 * One level of Karatsuba on the halves A = A1 2^128 + A0, B = B1 2^128 +
 * B0: P0 = A0 B0 (T[0..7]), P2 = A1 B1 (T[8..15]), Pm = |A0 - A1|
 * |B0 - B1|, and with m all ones when the two differences have the same
 * sign (then (A0 - A1)(B0 - B1) = Pm, otherwise -Pm)
 *   A0 B1 + A1 B0 = P0 + P2 - (A0 - A1)(B0 - B1)
 *                 = P0 + P2 + ((Pm ^ m) - m)   (m sign-extended),
 * a value below 2^257, added to T at word 4. Three 4 x 4 products instead
 * of one 8 x 8: 48 word products instead of 64.
 */
        .section .text.p256_fe_mul_asm,"ax",%progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,%function
        .p2align 2
        .thumb_func
p256_fe_mul_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r4, r8
        push    {r4}
        sub     sp, sp, #200
        str     r0, [sp, #192]
        mov     r0, sp
        ldm     r1!, {r3, r4, r5, r6, r7}
        stm     r0!, {r3, r4, r5, r6, r7}
        ldm     r1!, {r3, r4, r5}
        stm     r0!, {r3, r4, r5}
        ldm     r2!, {r3, r4, r5, r6, r7}
        stm     r0!, {r3, r4, r5, r6, r7}
        ldm     r2!, {r3, r4, r5}
        stm     r0!, {r3, r4, r5}
        /* the differences and the mask of the middle term */
        ABSDIFF 0, r5
        add     r4, sp, #160
        stm     r4!, {r0, r1, r2, r3}
        ABSDIFF 32, r6
        add     r4, sp, #176
        stm     r4!, {r0, r1, r2, r3}
        eors    r5, r6
        mvns    r5, r5
        str     r5, [sp, #196]
        /* the three products */
        movs    r0, #0
        movs    r1, #0
        movs    r2, #0
        PROD4   0, 32, 64
        PROD4   16, 48, 128
        PROD4   160, 176, 96
        /* S = P0 + P2 at sp + 160 (the differences are spent), its carry
         * in r4 */
        add     r5, sp, #64
        add     r6, sp, #128
        add     r7, sp, #160
        ldm     r5!, {r0, r1}
        ldm     r6!, {r2, r3}
        adds    r0, r0, r2
        adcs    r1, r3
        stm     r7!, {r0, r1}
        ldm     r5!, {r0, r1}
        ldm     r6!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        stm     r7!, {r0, r1}
        ldm     r5!, {r0, r1}
        ldm     r6!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        stm     r7!, {r0, r1}
        ldm     r5!, {r0, r1}
        ldm     r6!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        stm     r7!, {r0, r1}
        movs    r4, #0
        adcs    r4, r4
        /* the middle sum S + (Pm ^ m) + (m & 1) in place, the carry in
         * from bit 0 of m; its top word r4 + m + carry is 0 or 1 */
        ldr     r5, [sp, #196]
        add     r6, sp, #96
        add     r7, sp, #160
        lsrs    r0, r5, #1
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        eors    r0, r5
        eors    r1, r5
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #160]
        str     r1, [sp, #164]
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        eors    r0, r5
        eors    r1, r5
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #168]
        str     r1, [sp, #172]
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        eors    r0, r5
        eors    r1, r5
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #176]
        str     r1, [sp, #180]
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        eors    r0, r5
        eors    r1, r5
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #184]
        str     r1, [sp, #188]
        adcs    r4, r5
        /* T[4..15] += the middle sum (words 4..7 at sp + 80, 8..15 at
         * sp + 128); A B < 2^512 leaves no carry out of word 15 */
        add     r6, sp, #80
        add     r7, sp, #160
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        adds    r0, r0, r2
        adcs    r1, r3
        str     r0, [sp, #80]
        str     r1, [sp, #84]
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #88]
        str     r1, [sp, #92]
        add     r6, sp, #128
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #128]
        str     r1, [sp, #132]
        ldm     r6!, {r0, r1}
        ldm     r7!, {r2, r3}
        adcs    r0, r2
        adcs    r1, r3
        str     r0, [sp, #136]
        str     r1, [sp, #140]
        ldm     r6!, {r0, r1}
        adcs    r0, r4
        movs    r4, #0
        adcs    r1, r4
        str     r0, [sp, #144]
        str     r1, [sp, #148]
        ldm     r6!, {r0, r1}
        adcs    r0, r4
        adcs    r1, r4
        str     r0, [sp, #152]
        str     r1, [sp, #156]
        REDC_TAIL 192
        add     sp, sp, #200
        pop     {r4}
        mov     r8, r4
        pop     {r4, r5, r6, r7, pc}
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/* ---- sqr ----------------------------------------------------------------------- */

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   r0 = X, r1 = A; frame above (A at sp).
 * The 28 products A[i] A[j], i < j, by product scanning (columns 1..13;
 * column 0 has none, and columns 14 and 15 are the last carry) into
 * C = T's place; then S = A^2 = 2 C + the squares A[i]^2 at word 2i, in
 * place, two words at a time (SQ_WORDS).
 */

/*
 * Words 2i, 2i+1 (at sp + to, sp + to + 4) of S from those of C: with
 * A[i] = ah 2^16 + al, A[i]^2 = ah^2 2^32 + 2 al ah 2^16 + al^2 in (r3,
 * r5) (each partial sum at most A[i]^2 < 2^64: no carry out); then
 * 2 C + A[i]^2 + the carry r0 (at most 2) from the words before, the new
 * carry in r0. r1 = 0.
 */
        .macro  SQ_WORDS i, to
        ldr     r3, [sp, #(4 * \i)]
        uxth    r4, r3                  /* al */
        lsrs    r3, r3, #16             /* ah */
        mov     r5, r4
        muls    r5, r4, r5              /* al^2 */
        muls    r4, r3, r4              /* al ah */
        muls    r3, r3, r3              /* ah^2 */
        lsls    r6, r4, #17
        lsrs    r4, r4, #15
        adds    r5, r5, r6
        adcs    r3, r4
        adds    r5, r5, r0              /* + carry: A[i]^2 + 2 < 2^64 */
        adcs    r3, r1
        ldr     r6, [sp, #\to]
        ldr     r7, [sp, #(\to + 4)]
        movs    r0, #0
        adds    r6, r6, r6
        adcs    r7, r7
        adcs    r0, r1                  /* bit 64 of 2 C */
        adds    r6, r6, r5
        adcs    r7, r3
        adcs    r0, r1
        str     r6, [sp, #\to]
        str     r7, [sp, #(\to + 4)]
        .endm

        .section .text.p256_fe_sqr_asm,"ax",%progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,%function
        .p2align 2
        .thumb_func
p256_fe_sqr_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r4, r8
        push    {r4}
        sub     sp, sp, #160
        str     r0, [sp, #32]
        mov     r0, sp
        ldm     r1!, {r3, r4, r5, r6, r7}
        stm     r0!, {r3, r4, r5, r6, r7}
        ldm     r1!, {r3, r4, r5}
        stm     r0!, {r3, r4, r5}
        movs    r0, #0
        movs    r1, #0
        movs    r2, #0
        str     r0, [sp, #64]
        COL     0, 0, 0, 1, 1, 68, r1, r2, r0
        COL     0, 0, 0, 2, 1, 72, r2, r0, r1
        COL     0, 0, 0, 3, 2, 76, r0, r1, r2
        COL     0, 0, 0, 4, 2, 80, r1, r2, r0
        COL     0, 0, 0, 5, 3, 84, r2, r0, r1
        COL     0, 0, 0, 6, 3, 88, r0, r1, r2
        COL     0, 0, 0, 7, 4, 92, r1, r2, r0
        COL     0, 0, 1, 7, 3, 128, r2, r0, r1
        COL     0, 0, 2, 7, 3, 132, r0, r1, r2
        COL     0, 0, 3, 7, 2, 136, r1, r2, r0
        COL     0, 0, 4, 7, 2, 140, r2, r0, r1
        COL     0, 0, 5, 7, 1, 144, r0, r1, r2
        COL     0, 0, 6, 7, 1, 148, r1, r2, r0
        /* column 14 has no product: its word is c0 = r2, word 15 is r0 */
        str     r2, [sp, #152]
        str     r0, [sp, #156]
        movs    r0, #0
        movs    r1, #0
        SQ_WORDS 0, 64
        SQ_WORDS 1, 72
        SQ_WORDS 2, 80
        SQ_WORDS 3, 88
        SQ_WORDS 4, 128
        SQ_WORDS 5, 136
        SQ_WORDS 6, 144
        SQ_WORDS 7, 152
        /* A^2 < 2^512: the last carry r0 is zero */
        REDC_TAIL 32
        add     sp, sp, #160
        pop     {r4}
        mov     r8, r4
        pop     {r4, r5, r6, r7, pc}
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/* ---- add, sub, neg --------------------------------------------------------------- */

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A + B (below 2p) into X two words at a time, its carry the top; then
 * REDUCE_ONCE. Word k of X is written after words k of A and B are read,
 * so X may be A or B.
 */
        .section .text.p256_fe_add_asm,"ax",%progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,%function
        .p2align 2
        .thumb_func
p256_fe_add_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r7, r0
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adds    r3, r3, r5
        adcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adcs    r3, r5
        adcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adcs    r3, r5
        adcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adcs    r3, r5
        adcs    r4, r6
        stm     r7!, {r3, r4}
        movs    r3, #0
        adcs    r3, r3
        REDUCE_ONCE
        pop     {r4, r5, r6, r7, pc}
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 * A - B mod 2^256 into X (aliasing as for add); its borrow becomes the
 * mask of the p added back.
 */
        .section .text.p256_fe_sub_asm,"ax",%progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,%function
        .p2align 2
        .thumb_func
p256_fe_sub_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r7, r0
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        subs    r3, r3, r5
        sbcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        sbcs    r3, r5
        sbcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        sbcs    r3, r5
        sbcs    r4, r6
        stm     r7!, {r3, r4}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        sbcs    r3, r5
        sbcs    r4, r6
        stm     r7!, {r3, r4}
        sbcs    r1, r1                  /* all ones when A < B */
        movs    r2, #0
        lsrs    r6, r1, #31
        ADD_P_MASKED
        pop     {r4, r5, r6, r7, pc}
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 * 0 - A mod 2^256 into X: the borrow is set exactly when A != 0, and then
 * p is added back (p - A); A = 0 gives 0.
 */
        .section .text.p256_fe_neg_asm,"ax",%progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,%function
        .p2align 2
        .thumb_func
p256_fe_neg_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r7, r0
        movs    r2, #0
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        subs    r5, r5, r3
        sbcs    r6, r4
        stm     r7!, {r5, r6}
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        sbcs    r5, r3
        sbcs    r6, r4
        stm     r7!, {r5, r6}
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        sbcs    r5, r3
        sbcs    r6, r4
        stm     r7!, {r5, r6}
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        sbcs    r5, r3
        sbcs    r6, r4
        stm     r7!, {r5, r6}
        sbcs    r1, r1                  /* all ones when A != 0 */
        lsrs    r6, r1, #31
        ADD_P_MASKED
        pop     {r4, r5, r6, r7, pc}
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
