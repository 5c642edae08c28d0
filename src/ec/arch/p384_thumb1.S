/*
 * p384_thumb1.S - the P-384 field leaves (p384_field.h) for Armv6-M
 * (Cortex-M0/M0+) and Armv7-M without DSP (Cortex-M3), Thumb-1:
 * p384_fe_mul_asm, p384_fe_sqr_asm, p384_fe_add_asm, p384_fe_sub_asm,
 * p384_fe_neg_asm; C twins in p384_field32.c. As in p256_thumb1.S, word
 * products come from four 16 x 16 MULS (the same time whatever the
 * operands on both cores; the M3's UMULL and UMLAL are not), and only
 * r0-r7 take arithmetic.
 *
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1; words, least significant first:
 * ffffffff 0 0 ffffffff fffffffe ffffffff x 7.
 *
 * Rolled loops, unlike the P-256 leaves: the product is twelve rows of
 * twelve word products (operand scanning; the square 66 products and 12
 * squares), the reduction twelve steps, every loop bound and address
 * fixed by the call, never by the data (the same branches and addresses
 * for every operand). Unrolled, the 144 word products would take about
 * 6 KB of Thumb-1 code; rolled, the leaves stay small enough for
 * PROFILE=small as well.
 *
 * Flags: ADDS/ADCS/SUBS/SBCS/NEGS, CMP and the shifts set C; MULS and
 * MOVS #imm set only N and Z, and LDR/STR/LDM/STM/MOV (high registers)
 * and UXTH set none, so a carry chain may run across them.
 */
#include "mp/mp_arch.h"

#if (defined(MP_ASM_THUMB1) || defined(MP_ASM_ARMV7M)) && CTC_EC_P384

        .syntax unified
        .thumb

/*
 * The frame of mul and sqr (152 bytes): T = A B, 24 words at sp + 0; its
 * high half H is copied to sp + 96 before the reduction writes words
 * 12..23 again; X at sp + 144, A at sp + 148.
 */
        .equ    FR_H, 96
        .equ    FR_X, 144
        .equ    FR_A, 148
        .equ    FRAME, 152

/*
 * The word-product loop of one row: T[j..] += a b for a = A[j] from r0
 * up to r10, T from r1, the low and high halves of b in r8 and r9, the
 * carry word in r2 (in and out). A word step is a b + t + c < 2^64, so
 * its high word is the next carry. Clobbers r3-r7; r0 ends at r10, r1
 * after the last word written.
 */
        .macro  ROW_LOOP label
\label:
        ldm     r0!, {r3}               /* a */
        uxth    r4, r3                  /* al */
        lsrs    r3, r3, #16             /* ah */
        mov     r5, r8                  /* bl */
        mov     r6, r9                  /* bh */
        mov     r7, r4
        muls    r7, r5, r7              /* al bl */
        muls    r4, r6, r4              /* al bh */
        muls    r5, r3, r5              /* ah bl */
        muls    r3, r6, r3              /* ah bh */
        lsls    r6, r4, #16
        lsrs    r4, r4, #16
        adds    r7, r7, r6
        adcs    r3, r4
        lsls    r6, r5, #16
        lsrs    r5, r5, #16
        adds    r7, r7, r6
        adcs    r3, r5                  /* (r3, r7) = a b */
        ldr     r4, [r1]
        movs    r5, #0
        adds    r7, r7, r2
        adcs    r3, r5
        adds    r7, r7, r4
        adcs    r3, r5                  /* + c + t: below 2^64 */
        stm     r1!, {r7}
        mov     r2, r3
        cmp     r0, r10
        bne     \label
        .endm

/* b = [r11], r11 advanced: its halves to r8 (low) and r9 (high) */
        .macro  ROW_B
        mov     r1, r11
        ldm     r1!, {r3}
        mov     r11, r1
        uxth    r4, r3
        mov     r8, r4
        lsrs    r3, r3, #16
        mov     r9, r3
        .endm

/* the common entry of mul and sqr: r8-r11 and lr saved, the frame, X and
 * A (r1) stored, T[0..11] = 0; r10 = A + 48 */
        .macro  MUL_ENTRY
        push    {r4, r5, r6, r7, lr}
        mov     r4, r8
        mov     r5, r9
        mov     r6, r10
        mov     r7, r11
        push    {r4, r5, r6, r7}
        sub     sp, sp, #FRAME
        str     r0, [sp, #FR_X]
        str     r1, [sp, #FR_A]
        mov     r0, sp
        movs    r3, #0
        movs    r4, #0
        movs    r5, #0
        movs    r6, #0
        movs    r7, #0
        stm     r0!, {r3, r4, r5, r6, r7}
        stm     r0!, {r3, r4, r5, r6, r7}
        stm     r0!, {r3, r4}
        adds    r1, #48
        mov     r10, r1
        .endm

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B. X is written last: it may be A or B.
 * Row i adds A B[i] to T[i..i+11] and writes the row's carry word to
 * T[i+12] (no earlier row reaches it); r11 = &B[i], r12 = &T[i],
 * lr = B + 48. Then the reduction (p384_thumb1_redc_tail).
 */
        .section .text.p384_fe_mul_asm,"ax",%progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,%function
        .p2align 2
        .thumb_func
p384_fe_mul_asm:
        MUL_ENTRY
        mov     r11, r2                 /* &B[0] */
        adds    r2, #48
        mov     lr, r2                  /* B + 48 */
        mov     r12, sp                 /* &T[0] */
.Lp384t_row:
        ROW_B
        ldr     r0, [sp, #FR_A]
        mov     r1, r12
        movs    r2, #0
        ROW_LOOP .Lp384t_col
        str     r2, [r1]                /* T[i + 12] */
        mov     r1, r12
        adds    r1, #4
        mov     r12, r1
        mov     r1, r11
        cmp     r1, lr
        bne     .Lp384t_row
        b       p384_thumb1_redc_tail
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   r0 = X, r1 = A. The 66 products a_i a_j (i < j) once: row i adds
 * a_i A[i+1..11] to T[2i+1..i+11] and writes T[i+12] (r11 = &A[i],
 * r12 = &T[2i+1], lr = A + 44, the row after the last); T[23] = 0. The
 * cross sum is below 2^767: doubled without a carry out; then the twelve
 * squares a_i^2 = ah^2 2^32 + al ah 2^17 + al^2 (three MULS) added at
 * T[2i], T[2i+1], the carry kept in a register across the loop (LSRS by
 * 1 gives it back to C); A^2 < 2^768, nothing carries out. Then the
 * reduction (p384_thumb1_redc_tail).
 */
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,%function
        .p2align 2
        .thumb_func
p384_fe_sqr_asm:
        MUL_ENTRY
        subs    r1, #48
        mov     r11, r1                 /* &A[0] */
        adds    r1, #44
        mov     lr, r1                  /* A + 44 */
        mov     r12, sp
        movs    r0, #0
        str     r0, [sp, #92]           /* T[23] */
        adds    r0, #4
        add     r12, r0                 /* &T[1] */
.Lp384t_srow:
        ROW_B
        mov     r0, r11                 /* &A[i + 1] */
        mov     r1, r12
        movs    r2, #0
        ROW_LOOP .Lp384t_scol
        str     r2, [r1]                /* T[i + 12] */
        mov     r1, r12
        adds    r1, #8
        mov     r12, r1
        mov     r1, r11
        cmp     r1, lr
        bne     .Lp384t_srow
        /* T = 2 T */
        mov     r0, sp
        mov     r1, sp
        ldm     r0!, {r2, r3}
        adds    r2, r2, r2
        adcs    r3, r3
        stm     r1!, {r2, r3}
        .rept   11
        ldm     r0!, {r2, r3}
        adcs    r2, r2
        adcs    r3, r3
        stm     r1!, {r2, r3}
        .endr
        /* + the squares: r0 = A, r1 = T, r2 = the carry */
        ldr     r0, [sp, #FR_A]
        mov     r1, sp
        movs    r2, #0
.Lp384t_sdiag:
        ldm     r0!, {r3}
        uxth    r4, r3                  /* al */
        lsrs    r3, r3, #16             /* ah */
        mov     r5, r4
        muls    r5, r4, r5              /* al^2 */
        mov     r6, r3
        muls    r6, r3, r6              /* ah^2 */
        muls    r4, r3, r4              /* al ah */
        lsls    r7, r4, #17
        lsrs    r4, r4, #15
        adds    r5, r5, r7
        adcs    r6, r4                  /* (r6, r5) = a^2 */
        ldr     r3, [r1]
        ldr     r4, [r1, #4]
        lsrs    r2, r2, #1              /* C = the carry */
        adcs    r3, r5
        adcs    r4, r6
        movs    r2, #0
        adcs    r2, r2
        stm     r1!, {r3, r4}
        cmp     r0, r10
        bne     .Lp384t_sdiag
        b       p384_thumb1_redc_tail
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm

/*
 * p384_thumb1_redc_tail: the end of mul and sqr, entered by a branch
 * with their frame (T = the 768-bit product) and their saved registers;
 * it returns from them. The reduction. H = T[12..23] moves to sp + 96; the steps then run on
 * L = T[0..11], and step i writes word i + 12 (no earlier step reaches
 * it). -p^-1 = 1 mod 2^32, so step i takes m = T[i], and adding m p at
 * word i clears it and adds, at words i+1..i+12, the value
 *   m 2^352 - m 2^96 - m 2^64 + m  (>= 0)
 * whose words are m, 0, -m, -m - b, seven words -b, m - b, with b = 1
 * exactly when m != 0: with the mask k = -b (NEGS sets C exactly when
 * m = 0, and SBCS of a register with itself gives -(1 - C)), the words
 * are m, 0, -m, -m + k, k x 7, m + k. After step i the value
 * L + M p < 2^384 + 2^(32 (i + 1)) p < 2^(32 (i + 13)), so the chain
 * ends in word i + 12 without a carry out. After twelve steps
 * U = T[12..23] = (L + M p) / 2^384 <= p, and U + H < 2p.
 * Registers of a step: r0 = &T[i], r1 = m + k, r2 = 0, r3 = m, r4 = -m,
 * r5 = k, r6 a word, r7 = -m + k; r10 = sp + 48 (the end).
 */
        .type   p384_thumb1_redc_tail,%function
        .p2align 2
        .thumb_func
p384_thumb1_redc_tail:
        mov     r0, sp
        adds    r0, #48
        mov     r10, r0                 /* &T[12] */
        add     r1, sp, #FR_H
        ldm     r0!, {r2, r3, r4, r5, r6, r7}
        stm     r1!, {r2, r3, r4, r5, r6, r7}
        ldm     r0!, {r2, r3, r4, r5, r6, r7}
        stm     r1!, {r2, r3, r4, r5, r6, r7}
        mov     r0, sp
        movs    r2, #0
.Lp384t_redc:
        ldr     r3, [r0]                /* m */
        negs    r4, r3                  /* -m; C = (m == 0) */
        sbcs    r5, r5                  /* k: all ones when m != 0 */
        adds    r7, r4, r5              /* -m + k */
        adds    r1, r3, r5              /* m + k */
        ldr     r6, [r0, #4]
        adds    r6, r6, r3
        str     r6, [r0, #4]
        ldr     r6, [r0, #8]
        adcs    r6, r2
        str     r6, [r0, #8]
        ldr     r6, [r0, #12]
        adcs    r6, r4
        str     r6, [r0, #12]
        ldr     r6, [r0, #16]
        adcs    r6, r7
        str     r6, [r0, #16]
        ldr     r6, [r0, #20]
        adcs    r6, r5
        str     r6, [r0, #20]
        ldr     r6, [r0, #24]
        adcs    r6, r5
        str     r6, [r0, #24]
        ldr     r6, [r0, #28]
        adcs    r6, r5
        str     r6, [r0, #28]
        ldr     r6, [r0, #32]
        adcs    r6, r5
        str     r6, [r0, #32]
        ldr     r6, [r0, #36]
        adcs    r6, r5
        str     r6, [r0, #36]
        ldr     r6, [r0, #40]
        adcs    r6, r5
        str     r6, [r0, #40]
        ldr     r6, [r0, #44]
        adcs    r6, r5
        str     r6, [r0, #44]
        adcs    r1, r2
        str     r1, [r0, #48]           /* word i + 12, written */
        adds    r0, #4
        cmp     r0, r10
        bne     .Lp384t_redc
        /* V = U + H into U (sp + 48), bit 384 in r3 */
        mov     r0, r10
        add     r1, sp, #FR_H
        mov     r7, r10
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adds    r2, r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adcs    r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adcs    r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adcs    r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adcs    r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        ldm     r0!, {r2, r3}
        ldm     r1!, {r4, r5}
        adcs    r2, r4
        adcs    r3, r5
        stm     r7!, {r2, r3}
        movs    r3, #0
        adcs    r3, r3
        /* X = V mod p */
        mov     r0, r10
        ldr     r1, [sp, #FR_X]
        bl      p384_thumb1_reduce_once
        add     sp, sp, #FRAME
        pop     {r4, r5, r6, r7}
        mov     r8, r4
        mov     r9, r5
        mov     r10, r6
        mov     r11, r7
        pop     {r4, r5, r6, r7, pc}
        .size   p384_thumb1_redc_tail, .-p384_thumb1_redc_tail

/*
 * p384_thumb1_reduce_once (local to the leaves, not AAPCS: clobbers
 * r0-r7 and r12 and nothing else; ends in p384_thumb1_add_p_masked):
 * X (r1) = (r3 2^384 + V) mod p for V
 * at r0 (twelve words; V may be X) and a value below 2p (r3 = 0 or 1).
 * D = value - p over thirteen words (V - p stored at X, read ahead of
 * the writes); its borrow says the value was below p, and then p is
 * added back at X (mod 2^384 that gives V). p's words ffffffff are
 * subtracted by SBCS with all ones, its zero words with zero, fffffffe
 * with ~1 (made before the chain: LSLS sets C).
 */
        .section .text.p384_thumb1_reduce_once,"ax",%progbits
        .type   p384_thumb1_reduce_once,%function
        .p2align 2
        .thumb_func
p384_thumb1_reduce_once:
        mov     r12, r3
        movs    r2, #0
        mvns    r7, r2                  /* ffffffff */
        lsls    r3, r7, #1              /* fffffffe */
        ldm     r0!, {r4, r5, r6}
        subs    r4, r4, r7
        sbcs    r5, r2
        sbcs    r6, r2
        stm     r1!, {r4, r5, r6}
        ldm     r0!, {r4, r5, r6}
        sbcs    r4, r7
        sbcs    r5, r3
        sbcs    r6, r7
        stm     r1!, {r4, r5, r6}
        ldm     r0!, {r4, r5, r6}
        sbcs    r4, r7
        sbcs    r5, r7
        sbcs    r6, r7
        stm     r1!, {r4, r5, r6}
        ldm     r0!, {r4, r5, r6}
        sbcs    r4, r7
        sbcs    r5, r7
        sbcs    r6, r7
        stm     r1!, {r4, r5, r6}
        mov     r4, r12
        sbcs    r4, r2                  /* top - borrow */
        sbcs    r5, r5                  /* all ones when it borrowed */
        subs    r1, #48
/*
 * p384_thumb1_add_p_masked (local, not AAPCS, also the tail of
 * p384_thumb1_reduce_once; sub and neg call it): X (r1) += p & mask (r5
 * all ones or zero), mod 2^384: p & mask has the words mask, 0, 0, mask,
 * mask << 1, mask x 7. Clobbers r0-r7.
 */
        .type   p384_thumb1_add_p_masked,%function
        .thumb_func
p384_thumb1_add_p_masked:
        lsls    r6, r5, #1
        movs    r2, #0
        mov     r0, r1
        mov     r7, r1
        ldm     r0!, {r1, r3, r4}
        adds    r1, r1, r5
        adcs    r3, r2
        adcs    r4, r2
        stm     r7!, {r1, r3, r4}
        ldm     r0!, {r1, r3, r4}
        adcs    r1, r5
        adcs    r3, r6
        adcs    r4, r5
        stm     r7!, {r1, r3, r4}
        ldm     r0!, {r1, r3, r4}
        adcs    r1, r5
        adcs    r3, r5
        adcs    r4, r5
        stm     r7!, {r1, r3, r4}
        ldm     r0!, {r1, r3, r4}
        adcs    r1, r5
        adcs    r3, r5
        adcs    r4, r5
        stm     r7!, {r1, r3, r4}
        bx      lr
        .size   p384_thumb1_add_p_masked, .-p384_thumb1_add_p_masked
        .size   p384_thumb1_reduce_once, .-p384_thumb1_reduce_once

/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B: A + B < 2p into X (the writes trail the
 * reads, so X may be A or B), its carry in r3, then reduced once.
 */
        .section .text.p384_fe_add_asm,"ax",%progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,%function
        .p2align 2
        .thumb_func
p384_fe_add_asm:
        push    {r4, r5, r6, r7, lr}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adds    r3, r3, r5
        adcs    r4, r6
        stm     r0!, {r3, r4}
        .rept   5
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        adcs    r3, r5
        adcs    r4, r6
        stm     r0!, {r3, r4}
        .endr
        movs    r3, #0
        adcs    r3, r3
        subs    r0, #48
        mov     r1, r0
        bl      p384_thumb1_reduce_once
        pop     {r4, r5, r6, r7, pc}
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   r0 = X, r1 = A, r2 = B: A - B into X, and p added back when it
 * borrowed (A - B > -p: the sum is in [0, p), its carry cancels the
 * borrow).
 */
        .section .text.p384_fe_sub_asm,"ax",%progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,%function
        .p2align 2
        .thumb_func
p384_fe_sub_asm:
        push    {r4, r5, r6, r7, lr}
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        subs    r3, r3, r5
        sbcs    r4, r6
        stm     r0!, {r3, r4}
        .rept   5
        ldm     r1!, {r3, r4}
        ldm     r2!, {r5, r6}
        sbcs    r3, r5
        sbcs    r4, r6
        stm     r0!, {r3, r4}
        .endr
        sbcs    r5, r5                  /* all ones when it borrowed */
        subs    r0, #48
        mov     r1, r0
        bl      p384_thumb1_add_p_masked
        pop     {r4, r5, r6, r7, pc}
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 *   r0 = X, r1 = A: 0 - A, which borrows exactly when A != 0, plus p
 * then (p - A; 0 for A = 0). MOVS #0 leaves C alone.
 */
        .section .text.p384_fe_neg_asm,"ax",%progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,%function
        .p2align 2
        .thumb_func
p384_fe_neg_asm:
        push    {r4, r5, r6, r7, lr}
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        subs    r5, r5, r3
        sbcs    r6, r4
        stm     r0!, {r5, r6}
        .rept   5
        ldm     r1!, {r3, r4}
        movs    r5, #0
        movs    r6, #0
        sbcs    r5, r3
        sbcs    r6, r4
        stm     r0!, {r5, r6}
        .endr
        sbcs    r5, r5
        subs    r0, #48
        mov     r1, r0
        bl      p384_thumb1_add_p_masked
        pop     {r4, r5, r6, r7, pc}
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
