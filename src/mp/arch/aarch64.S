/*
 * aarch64.S - mp leaves for AArch64 (AAPCS64), 64-bit limbs: mp_mla_asm
 * and mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c and
 * mp_mont_step.c). MUL/UMULH for the products, ADDS/ADC for the carries.
 * The multiplies and additions take the same time whatever the data; the
 * only branches are on the loop counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_AARCH64)

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   x0 = X, x1 = A, x2 = n, x3 = b; returns the carry limb in x0.
 * (c, X[i]) = A[i] * b + X[i] + c, two limbs per iteration after an odd
 * first one.
 */
        .section .text.mp_mla_asm,"ax",%progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,%function
        .p2align 4
mp_mla_asm:
        mov     x4, xzr                 /* c */
        tbz     x2, #0, 2f
        ldr     x5, [x1], #8
        ldr     x6, [x0]
        mul     x7, x5, x3
        umulh   x8, x5, x3
        adds    x7, x7, x6
        adc     x4, x8, xzr
        str     x7, [x0], #8
2:      lsr     x2, x2, #1
        cbz     x2, 3f
1:      ldp     x5, x9, [x1], #16
        ldp     x6, x10, [x0]
        mul     x7, x5, x3
        umulh   x8, x5, x3
        mul     x11, x9, x3
        umulh   x12, x9, x3
        adds    x7, x7, x6              /* lo0 + X0 */
        adc     x8, x8, xzr
        adds    x7, x7, x4              /* + c */
        adc     x8, x8, xzr             /* carry into limb 1 */
        adds    x11, x11, x10           /* lo1 + X1 */
        adc     x12, x12, xzr
        adds    x11, x11, x8
        adc     x4, x12, xzr
        stp     x7, x11, [x0], #16
        subs    x2, x2, #1
        b.ne    1b
3:      mov     x0, x4
        ret
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   x0 = T, x1 = top, x2 = A, x3 = b, x4 = N, x5 = n, x6 = ninv; returns
 *   the new top in x0.
 * c1 (x10) carries T + A*b, c2 (x14) carries + m*N (m in x11); limb j of
 * the sum is stored at T[j - 1].
 */
        .section .text.mp_mont_step_asm,"ax",%progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,%function
        .p2align 4
mp_mont_step_asm:
        ldr     x7, [x2], #8
        ldr     x8, [x0]
        mul     x9, x7, x3
        umulh   x10, x7, x3
        adds    x9, x9, x8              /* low limb of T + A*b */
        adc     x10, x10, xzr           /* c1 */
        mul     x11, x9, x6             /* m */
        ldr     x12, [x4], #8
        mul     x13, x11, x12
        umulh   x14, x11, x12
        adds    xzr, x13, x9            /* the low limb becomes 0 */
        adc     x14, x14, xzr           /* c2 */
        subs    x5, x5, #1
        b.eq    2f
1:      ldr     x7, [x2], #8
        ldr     x8, [x0, #8]
        mul     x9, x7, x3
        umulh   x15, x7, x3
        adds    x9, x9, x8
        adc     x15, x15, xzr
        adds    x9, x9, x10
        adc     x10, x15, xzr
        ldr     x12, [x4], #8
        mul     x13, x11, x12
        umulh   x16, x11, x12
        adds    x13, x13, x9
        adc     x16, x16, xzr
        adds    x13, x13, x14
        adc     x14, x16, xzr
        str     x13, [x0], #8
        subs    x5, x5, #1
        b.ne    1b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      adds    x10, x10, x14
        cset    x9, cs
        adds    x10, x10, x1
        cinc    x9, x9, cs
        str     x10, [x0]
        mov     x0, x9
        ret
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
