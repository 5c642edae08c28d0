/*
 * aes_ghash_armv7em.S - GHASH's nine 32x32 -> 64-bit carry-less products
 * on Armv7E-M (Cortex-M4, M7), aes_impl.h:
 *
 *   void aes_ghash_bmul9_asm(uint32_t z[18], const uint32_t x[9],
 *                            const uint32_t y[9]);
 *
 * z[i] and z[9 + i] are the low and high words of the carry-less product
 * of x[i] and y[i]. Its C twin is aes_ghash_bmul9_c (aes_ghash.c), compared
 * on random and all-zero/all-one operands by tests/unit/test_aes.c.
 *
 * The method is aes_ghash.c's: x and y split into four parts with holes
 * (the bits at positions = k mod 4), sixteen 32x32 -> 64-bit integer
 * products (UMULL, which takes one cycle for every operand on Armv7E-M;
 * not built for Cortex-M3, where it ends early on small operands), each
 * column of a product summing at most 8 one-bits, so that XOR-ing the four
 * products of each residue and masking leaves the carry-less product.
 * Registers: r5, r6, r7, r3 hold the parts of x; the parts of y are cut
 * from r4 just before each product (AND with an immediate), so that x's
 * parts, the result (r8, r9), one class's sum (r12, lr), the product
 * (r10, r11) and the three pointers fit in the fourteen registers.
 * Data go through AND, EOR, ORR and UMULL only; the loop runs nine times
 * (public). The frame holds the end pointer (public) only.
 */
#include "ctcrypto/config.h"

#if defined(__ARM_ARCH_7EM__) && defined(__thumb2__) && !CTC_NO_ASM && CTC_AES

        .syntax unified
        .thumb

        .section .text.aes_ghash_bmul9_asm,"ax",%progbits
        .globl  aes_ghash_bmul9_asm
        .type   aes_ghash_bmul9_asm,%function
        .p2align 2
        .thumb_func
aes_ghash_bmul9_asm:
        push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}
        add     r3, r1, #36             /* the end of x */
        push    {r3}
1:
        ldr     r3, [r1], #4            /* x[i] */
        ldr     r4, [r2], #4            /* y[i] */
        and     r5, r3, #0x11111111
        and     r6, r3, #0x22222222
        and     r7, r3, #0x44444444
        and     r3, r3, #0x88888888
        and     r10, r4, #0x11111111
        umull   r8, r9, r5, r10
        and     r10, r4, #0x88888888
        umull   r10, r11, r6, r10
        eor     r8, r8, r10
        eor     r9, r9, r11
        and     r10, r4, #0x44444444
        umull   r10, r11, r7, r10
        eor     r8, r8, r10
        eor     r9, r9, r11
        and     r10, r4, #0x22222222
        umull   r10, r11, r3, r10
        eor     r8, r8, r10
        eor     r9, r9, r11
        and     r8, r8, #0x11111111
        and     r9, r9, #0x11111111
        and     r10, r4, #0x22222222
        umull   r12, lr, r5, r10
        and     r10, r4, #0x11111111
        umull   r10, r11, r6, r10
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
        and     r10, r4, #0x22222222
        umull   r10, r11, r6, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r10, r4, #0x11111111
        umull   r10, r11, r7, r10
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
        and     r10, r4, #0x22222222
        umull   r10, r11, r7, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r10, r4, #0x11111111
        umull   r10, r11, r3, r10
        eor     r12, r12, r10
        eor     lr, lr, r11
        and     r12, r12, #0x88888888
        and     lr, lr, #0x88888888
        orr     r8, r8, r12
        orr     r9, r9, lr
        str     r9, [r0, #36]           /* z[9 + i] */
        str     r8, [r0], #4            /* z[i] */
        ldr     r3, [sp]
        cmp     r1, r3
        bne     1b
        add     sp, sp, #4
        pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}
        .size   aes_ghash_bmul9_asm, .-aes_ghash_bmul9_asm

#endif

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif
