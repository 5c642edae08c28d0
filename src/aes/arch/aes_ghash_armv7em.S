/*
 * aes_ghash_armv7em.S - GHASH on whole blocks on Armv7E-M (Cortex-M4, M7),
 * aes_impl.h:
 *
 *   void aes_ghash_blocks_asm(uint32_t y[4], const uint32_t hk[18],
 *                             const uint8_t *p, size_t n);
 *
 * y = (y ^ block) * H for each of the n >= 1 blocks at p (4-byte aligned),
 * H from the first nine words of hk (its Karatsuba operands). Its C twin
 * is aes_ghash_blocks_c (aes_ghash.c), compared on random values by
 * tests/unit/test_aes.c; the method is aes_ghash.c's, step by step:
 *  - the nine Karatsuba operands of y ^ block, to the frame;
 *  - their nine 32x32 -> 64-bit carry-less products with H's: each
 *    operand split into four parts with holes (the bits at positions = k
 *    mod 4), sixteen integer products (UMULL, which takes one cycle for
 *    every operand on Armv7E-M; not built for Cortex-M3, where it ends
 *    early on small operands), each column of a product summing at most 8
 *    one-bits, so that XOR-ing the four products of each residue and
 *    masking leaves the carry-less product. Registers: r5, r6, r7, r3 hold
 *    the parts of the operand, r0 and r2 two parts of H's; the other two
 *    are cut from r4 just before each product (AND with an immediate), so
 *    that the parts, the result (r8, r9), one class's sum (r12, lr), the
 *    product (r10, r11) and the one pointer fit in the fourteen registers;
 *  - Karatsuba's sums, the shift left by one bit and the fold with
 *    x^128 = x^7 + x^2 + x + 1, in registers, y staying in r4-r7 to the
 *    next block.
 * Data go through AND, EOR, ORR, REV, shifted operands and UMULL only;
 * the branches depend on the public count n; every load and store is at a
 * fixed frame offset, walks hk or the blocks in order. The frame's
 * operands and products are wiped before the return.
 */
#include "ctcrypto/config.h"

#if defined(__ARM_ARCH_7EM__) && defined(__thumb2__) && !CTC_NO_ASM && CTC_AES

        .syntax unified
        .thumb

        .section .text.aes_ghash_blocks_asm,"ax",%progbits
        .globl  aes_ghash_blocks_asm
        .type   aes_ghash_blocks_asm,%function
        .p2align 2
        .thumb_func
aes_ghash_blocks_asm:
        /* frame: [sp + 4] y, [sp + 12] the next block, [sp + 16] the end
         * of the blocks, [sp + 24] the nine operands, [sp + 60] the nine
         * products' low words, [sp + 96] their high words, [sp + 132] a
         * copy of hk[0..8] (all at fixed offsets from the operand pointer) */
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        sub     sp, sp, #172
        str     r0, [sp, #4]               /* y */
        ldm     r1, {r4, r5, r6, r7, r8, r9, r10, r11, r12}
        add     lr, sp, #132
        stm     lr, {r4, r5, r6, r7, r8, r9, r10, r11, r12}   /* hk[0..8] */
        add     r3, r2, r3, lsl #4
        str     r3, [sp, #16]              /* the end of the blocks */
        ldm     r0, {r4, r5, r6, r7}       /* y[0..3] */
1:
        /* y ^= the block (big-endian words) */
        ldm     r2!, {r8, r9, r10, r11}
        str     r2, [sp, #12]
        rev     r8, r8
        rev     r9, r9
        rev     r10, r10
        rev     r11, r11
        eor     r4, r4, r8
        eor     r5, r5, r9
        eor     r6, r6, r10
        eor     r7, r7, r11
        /* the Karatsuba operands of a3:a2:a1:a0 = y[0]:y[1]:y[2]:y[3] (r4:r5:r6:r7) */
        eor     r8, r7, r6                 /* a0 ^ a1 */
        eor     r9, r5, r4                 /* a2 ^ a3 */
        eor     r10, r7, r5                /* a0 ^ a2 */
        eor     r11, r6, r4                /* a1 ^ a3 */
        eor     r12, r10, r11
        str     r7, [sp, #24]
        str     r6, [sp, #28]
        str     r8, [sp, #32]
        str     r5, [sp, #36]
        str     r4, [sp, #40]
        str     r9, [sp, #44]
        str     r10, [sp, #48]
        str     r11, [sp, #52]
        str     r12, [sp, #56]
        /* the nine 64-bit products of x[i] (sp + 24) and hk[i] (sp + 132): low words at sp + 60, high words at sp + 96 */
        add     r1, sp, #24
#if CTC_PROFILE_SMALL
2:
#else
        .rept   9                          /* unrolled: no loop control */
#endif
        ldr     r3, [r1], #4               /* x[i] */
        ldr     r4, [r1, #104]             /* hk[i] */
        and     r5, r3, #0x11111111
        and     r6, r3, #0x22222222
        and     r7, r3, #0x44444444
        and     r3, r3, #0x88888888
        and     r0, r4, #0x11111111
        and     r2, r4, #0x22222222
        umull   r8, r9, r5, r0
        and     r10, r4, #0x88888888
        umull   r10, r11, r6, r10
        eor     r8, r8, r10
        eor     r9, r9, r11
        and     r10, r4, #0x44444444
        umull   r10, r11, r7, r10
        eor     r8, r8, r10
        eor     r9, r9, r11
        umull   r10, r11, r3, r2
        eor     r8, r8, r10
        eor     r9, r9, r11
        and     r8, r8, #0x11111111
        and     r9, r9, #0x11111111
        umull   r12, lr, r5, r2
        umull   r10, r11, r6, r0
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r10, r4, #0x88888888
        umull   r10, r11, r7, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r10, r4, #0x44444444
        umull   r10, r11, r3, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r12, r12, #0x22222222
        and     lr, lr, #0x22222222
        orr     r8, r8, r12
        orr     r9, r9, lr
        and     r10, r4, #0x44444444
        umull   r12, lr, r5, r10
        umull   r10, r11, r6, r2
        eor     r12, r12, r10
        eor     lr, lr, r11
        umull   r10, r11, r7, r0
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r10, r4, #0x88888888
        umull   r10, r11, r3, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r12, r12, #0x44444444
        and     lr, lr, #0x44444444
        orr     r8, r8, r12
        orr     r9, r9, lr
        and     r10, r4, #0x88888888
        umull   r12, lr, r5, r10
        and     r10, r4, #0x44444444
        umull   r10, r11, r6, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        umull   r10, r11, r7, r2
        eor     r12, r12, r10
        eor     lr, lr, r11
        umull   r10, r11, r3, r0
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r12, r12, #0x88888888
        and     lr, lr, #0x88888888
        orr     r8, r8, r12
        orr     r9, r9, lr
        str     r9, [r1, #68]
        str     r8, [r1, #32]
#if CTC_PROFILE_SMALL
        add     r3, sp, #60
        cmp     r1, r3
        bne     2b
#else
        .endr
#endif
        /* Karatsuba: z7..z0 = L + (M + L + H) x^64 + H x^128 */
        add     r12, sp, #60
        ldm     r12, {r0, r1, r2, r3, r4, r5, r6, r7, r8}   /* lo0..lo8 */
        eor     r9, r0, r1
        eor     r9, r9, r2                 /* lo0 ^ lo1 ^ lo2 */
        eor     r10, r3, r4
        eor     r10, r10, r5               /* lo3 ^ lo4 ^ lo5 */
        eor     r11, r6, r7
        eor     r11, r11, r8               /* lo6 ^ lo7 ^ lo8 */
        eor     r6, r6, r0
        eor     r6, r6, r3                 /* m0 = lo6 ^ z0 ^ z4 */
        ldr     r2, [sp, #96]              /* hi0 */
        ldr     r5, [sp, #100]             /* hi1 = z3 */
        ldr     r8, [sp, #104]             /* hi2 */
        eor     r9, r9, r2                 /* z1 */
        eor     r2, r2, r5
        eor     r2, r2, r8
        eor     r1, r1, r2                 /* z2 */
        ldr     r2, [sp, #108]             /* hi3 */
        ldr     r8, [sp, #112]             /* hi4 = z7 */
        ldr     r12, [sp, #116]            /* hi5 */
        eor     r10, r10, r2               /* z5 */
        eor     r2, r2, r8
        eor     r2, r2, r12
        eor     r4, r4, r2                 /* z6; z4 = lo3 in r3 */
        ldr     r2, [sp, #120]             /* hi6 */
        ldr     r12, [sp, #124]            /* hi7 */
        ldr     lr, [sp, #128]             /* hi8 */
        eor     r11, r11, r2
        eor     r11, r11, r9
        eor     r11, r11, r10              /* m1 */
        eor     r2, r2, r12
        eor     r2, r2, lr
        eor     r7, r7, r2
        eor     r7, r7, r1
        eor     r7, r7, r4                 /* m2 */
        eor     r12, r12, r5
        eor     r12, r12, r8               /* m3 */
        eor     r1, r1, r6
        eor     r5, r5, r11
        eor     r3, r3, r7
        eor     r10, r10, r12
        /* z0..z7 in r0, r9, r1, r5, r3, r10, r4, r8: shifted left by one bit */
        lsl     r8, r8, #1
        orr     r8, r8, r4, lsr #31
        lsl     r4, r4, #1
        orr     r4, r4, r10, lsr #31
        lsl     r10, r10, #1
        orr     r10, r10, r3, lsr #31
        lsl     r3, r3, #1
        orr     r3, r3, r5, lsr #31
        lsl     r5, r5, #1
        orr     r5, r5, r1, lsr #31
        lsl     r1, r1, #1
        orr     r1, r1, r9, lsr #31
        lsl     r9, r9, #1
        orr     r9, r9, r0, lsr #31
        lsl     r0, r0, #1
        /* the fold with x^128 = x^7 + x^2 + x + 1 (aes_ghash.c) */
        eor     r5, r5, r0, lsl #31
        eor     r5, r5, r0, lsl #30
        eor     r5, r5, r0, lsl #25
        eor     r12, r3, r0
        eor     r12, r12, r0, lsr #1
        eor     r12, r12, r9, lsl #31
        eor     r12, r12, r0, lsr #2
        eor     r12, r12, r9, lsl #30
        eor     r12, r12, r0, lsr #7
        eor     r12, r12, r9, lsl #25
        eor     r6, r10, r9
        eor     r6, r6, r9, lsr #1
        eor     r6, r6, r1, lsl #31
        eor     r6, r6, r9, lsr #2
        eor     r6, r6, r1, lsl #30
        eor     r6, r6, r9, lsr #7
        eor     r6, r6, r1, lsl #25
        eor     r11, r4, r1
        eor     r11, r11, r1, lsr #1
        eor     r11, r11, r5, lsl #31
        eor     r11, r11, r1, lsr #2
        eor     r11, r11, r5, lsl #30
        eor     r11, r11, r1, lsr #7
        eor     r11, r11, r5, lsl #25
        eor     r4, r8, r5                 /* R3 = y[0] */
        eor     r4, r4, r5, lsr #1
        eor     r4, r4, r5, lsr #2
        eor     r4, r4, r5, lsr #7
        mov     r5, r11
        mov     r7, r12
        ldr     r2, [sp, #12]
        ldr     r3, [sp, #16]
        cmp     r2, r3
        bne     1b
        ldr     r0, [sp, #4]
        stm     r0, {r4, r5, r6, r7}
        /* wipe the operands and the products */
        movs    r2, #0
        movs    r3, #0
        strd    r2, r3, [sp, #24]
        strd    r2, r3, [sp, #32]
        strd    r2, r3, [sp, #40]
        strd    r2, r3, [sp, #48]
        strd    r2, r3, [sp, #56]
        strd    r2, r3, [sp, #64]
        strd    r2, r3, [sp, #72]
        strd    r2, r3, [sp, #80]
        strd    r2, r3, [sp, #88]
        strd    r2, r3, [sp, #96]
        strd    r2, r3, [sp, #104]
        strd    r2, r3, [sp, #112]
        strd    r2, r3, [sp, #120]
        strd    r2, r3, [sp, #128]
        strd    r2, r3, [sp, #136]
        strd    r2, r3, [sp, #144]
        strd    r2, r3, [sp, #152]
        strd    r2, r3, [sp, #160]
        add     sp, sp, #172
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   aes_ghash_blocks_asm, .-aes_ghash_blocks_asm

#endif

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
