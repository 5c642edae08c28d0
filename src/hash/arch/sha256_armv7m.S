/*
 * sha256_armv7m.S - the SHA-256 compression function for Armv7-M
 * (Cortex-M3, M4, M7; Thumb-2), outside PROFILE=small:
 *
 * void sha256_blocks_armv7m(uint32_t st[8], const uint8_t *p, size_t n,
 *                           const uint32_t K[64])
 *   n >= 1 blocks of 64 bytes at p (any alignment: single-word LDR, which
 *   Armv7-M performs unaligned, as the compiled C does); K the 64 round
 *   constants (sha256.c's table). Its C twin is sha256_blocks_c
 *   (sha256.c); tests/unit/test_sha2.c compares them on arbitrary chaining
 *   values and 1..8 blocks, and every hash vector runs through both.
 *
 * The working variables a..h stay in r4-r11 for the 64 rounds (the macro
 * arguments rotate their names instead of moving values: after 8 rounds
 * they are back in place), the message schedule is a 16-word ring on the
 * stack. Per round, with t in r1 and W_t in r0:
 *   h += K_t + W_t + Sigma1(e) + Ch(e, f, g);  d += h;
 *   h += Sigma0(a) + Maj(a, b, c)
 * Sigma1(e) = ror(e ^ ror(e, 5) ^ ror(e, 19), 6) and Sigma0(a) =
 * ror(a ^ ror(a, 11) ^ ror(a, 20), 2): the last rotation is the shifted
 * operand of the addition. Ch(e, f, g) = g ^ (e & (f ^ g)); Maj(a, b, c)
 * = b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous round's a ^ b:
 * two registers (r2, r3) take turns holding it, as in the C. From round
 * 16 the schedule word W_t = W_(t-16) + sigma0(W_(t-15)) + W_(t-7) +
 * sigma1(W_(t-2)) is computed into r0 (scratch lr and the register of
 * this round's a ^ b, written only after) and stored into the ring.
 * Rounds 0..15 take W from the block (LDR, REV) through lr, the block's
 * address; rounds 16..63 are one 16-round body run three times, K's
 * address (r12) advanced by 64 bytes per pass.
 *
 * Frame: W[0..15] at sp, st at sp + 64, p at sp + 68, n at sp + 72, K
 * at sp + 76.
 * No branch but the two loops' back-edges (the public n and the three
 * passes), no IT block, no address from a value: constant time.
 */
#include "ctcrypto/config.h"

#if (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) && !CTC_PROFILE_SMALL \
    && !CTC_NO_ASM

        .syntax unified
        .thumb

/* the round without its W: h += K_i (r0 holds W_i) */
        .macro  ROUND a, b, c, d, e, f, g, h, i, x, y
        ldr     r1, [r12, #(4 * \i)]
        add     \h, \h, r0
        add     \h, \h, r1
        eor     r1, \e, \e, ror #5
        eor     r1, r1, \e, ror #19
        add     \h, \h, r1, ror #6
        eor     r1, \f, \g
        and     r1, r1, \e
        eor     r1, r1, \g
        add     \h, \h, r1
        add     \d, \d, \h
        eor     r1, \a, \a, ror #11
        eor     r1, r1, \a, ror #20
        add     \h, \h, r1, ror #2
        eor     \x, \a, \b
        and     r1, \x, \y
        eor     r1, r1, \b
        add     \h, \h, r1
        .endm

/* rounds 0..15: W_i from the block at lr, byte-reversed into the ring */
        .macro  ROUND_LD a, b, c, d, e, f, g, h, i, x, y
        ldr     r0, [lr, #(4 * \i)]
        rev     r0, r0
        str     r0, [sp, #(4 * \i)]
        ROUND   \a, \b, \c, \d, \e, \f, \g, \h, \i, \x, \y
        .endm

/* rounds 16..63 (i = t mod 16): W_t into the ring slot i and r0, with
 * lr and x (free until the round writes a ^ b into it) as scratch */
        .macro  ROUND_W a, b, c, d, e, f, g, h, i, x, y
        ldr     r0, [sp, #(4 * ((\i + 1) & 15))]        /* W_(t-15) */
        ldr     r1, [sp, #(4 * ((\i + 14) & 15))]       /* W_(t-2) */
        ror     lr, r0, #7
        eor     lr, lr, r0, ror #18
        eor     lr, lr, r0, lsr #3                      /* sigma0 */
        ror     \x, r1, #17
        eor     \x, \x, r1, ror #19
        eor     \x, \x, r1, lsr #10                     /* sigma1 */
        ldr     r0, [sp, #(4 * \i)]                     /* W_(t-16) */
        ldr     r1, [sp, #(4 * ((\i + 9) & 15))]        /* W_(t-7) */
        add     r0, r0, lr
        add     r0, r0, \x
        add     r0, r0, r1
        str     r0, [sp, #(4 * \i)]
        ROUND   \a, \b, \c, \d, \e, \f, \g, \h, \i, \x, \y
        .endm

/* 16 rounds of kind R: eight name rotations twice, x and y alternating */
        .macro  ROUNDS16 R
        \R      r4, r5, r6, r7, r8, r9, r10, r11, 0, r2, r3
        \R      r11, r4, r5, r6, r7, r8, r9, r10, 1, r3, r2
        \R      r10, r11, r4, r5, r6, r7, r8, r9, 2, r2, r3
        \R      r9, r10, r11, r4, r5, r6, r7, r8, 3, r3, r2
        \R      r8, r9, r10, r11, r4, r5, r6, r7, 4, r2, r3
        \R      r7, r8, r9, r10, r11, r4, r5, r6, 5, r3, r2
        \R      r6, r7, r8, r9, r10, r11, r4, r5, 6, r2, r3
        \R      r5, r6, r7, r8, r9, r10, r11, r4, 7, r3, r2
        \R      r4, r5, r6, r7, r8, r9, r10, r11, 8, r2, r3
        \R      r11, r4, r5, r6, r7, r8, r9, r10, 9, r3, r2
        \R      r10, r11, r4, r5, r6, r7, r8, r9, 10, r2, r3
        \R      r9, r10, r11, r4, r5, r6, r7, r8, 11, r3, r2
        \R      r8, r9, r10, r11, r4, r5, r6, r7, 12, r2, r3
        \R      r7, r8, r9, r10, r11, r4, r5, r6, 13, r3, r2
        \R      r6, r7, r8, r9, r10, r11, r4, r5, 14, r2, r3
        \R      r5, r6, r7, r8, r9, r10, r11, r4, 15, r3, r2
        .endm

        .section .text.sha256_blocks_armv7m,"ax",%progbits
        .globl  sha256_blocks_armv7m
        .type   sha256_blocks_armv7m,%function
        .p2align 2
        .thumb_func
sha256_blocks_armv7m:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #80
        add     r12, sp, #64
        stm     r12, {r0, r1, r2, r3}
        ldm     r0, {r4, r5, r6, r7, r8, r9, r10, r11}
1:      /* one block: a..h in r4-r11 */
        ldr     lr, [sp, #68]
        ldr     r12, [sp, #76]
        eor     r3, r5, r6                      /* y = b ^ c */
        ROUNDS16 ROUND_LD
2:      /* rounds 16..63: three passes of 16, K's address at K + 64,
         * + 128, + 192 */
        add     r12, r12, #64
        ROUNDS16 ROUND_W
        ldr     r0, [sp, #76]
        add     r0, r0, #192
        cmp     r12, r0
        bne     2b
        /* st += a..h, and a..h stay the next block's */
        ldr     r0, [sp, #64]
        ldm     r0, {r1, r2, r3, r12}
        add     r4, r4, r1
        add     r5, r5, r2
        add     r6, r6, r3
        add     r7, r7, r12
        ldrd    r1, r2, [r0, #16]
        ldrd    r3, r12, [r0, #24]
        add     r8, r8, r1
        add     r9, r9, r2
        add     r10, r10, r3
        add     r11, r11, r12
        stm     r0, {r4, r5, r6, r7, r8, r9, r10, r11}
        ldr     r1, [sp, #68]
        add     r1, r1, #64
        str     r1, [sp, #68]
        ldr     r2, [sp, #72]
        subs    r2, r2, #1
        str     r2, [sp, #72]
        bne     1b
        add     sp, sp, #80
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   sha256_blocks_armv7m, .-sha256_blocks_armv7m
#endif

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
