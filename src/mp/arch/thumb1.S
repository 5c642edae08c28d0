/*
 * thumb1.S - mp leaves for Armv6-M (Cortex-M0/M0+), Thumb-1:
 * mp_mla_asm and mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c
 * and mp_mont_step.c).
 *
 * Armv6-M has no 32x32 -> 64 multiply (the compiler calls __aeabi_lmul for
 * (uint64_t)a * b); MULS (32x32 -> 32) takes the same time whatever the
 * operands (1 cycle, or 32 with the small multiplier option). Each
 * 32x32 -> 64 product is made from four products of 16-bit halves,
 *   a b = ah bh 2^32 + (al bh + ah bl) 2^16 + al bl,
 * every partial product < 2^32, joined with ADDS/ADCS. Only low registers
 * take part in arithmetic; high registers and the stack hold the rest.
 * The only branches are on the loop counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_THUMB1)

        .syntax unified
        .thumb

/*
 * PROD: r3:r5 = r3 * y, with y's halves at [sp, #yl] and [sp, #yh].
 * Clobbers r4, r6, r7 and the flags. (MOVS to zero keeps C: it sets only
 * N and Z.)
 */
        .macro  PROD yl, yh
        uxth    r4, r3                  /* xl */
        lsrs    r3, r3, #16             /* xh */
        ldr     r5, [sp, #\yl]
        mov     r6, r5
        muls    r5, r4, r5              /* xl yl */
        muls    r6, r3, r6              /* xh yl */
        ldr     r7, [sp, #\yh]
        muls    r4, r7, r4              /* xl yh */
        muls    r3, r7, r3              /* xh yh */
        lsls    r7, r4, #16
        lsrs    r4, r4, #16
        adds    r5, r5, r7
        adcs    r3, r3, r4
        lsls    r7, r6, #16
        lsrs    r6, r6, #16
        adds    r5, r5, r7
        adcs    r3, r3, r6
        .endm

/* r3:r5 += r2 (one limb, carry into r3); clobbers r7 */
        .macro  ACC reg
        adds    r5, r5, \reg
        movs    r7, #0
        adcs    r3, r3, r7
        .endm

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   r0 = X, r1 = A, r2 = n, r3 = b; returns the carry limb in r0.
 * Stack: [sp] bl, [sp, #4] bh. r8 = A + 4n (end), r2 = c.
 */
        .section .text.mp_mla_asm,"ax",%progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,%function
        .p2align 2
        .thumb_func
mp_mla_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r4, r8
        push    {r4}
        sub     sp, sp, #8
        uxth    r4, r3
        str     r4, [sp]                /* bl */
        lsrs    r4, r3, #16
        str     r4, [sp, #4]            /* bh */
        lsls    r2, r2, #2
        adds    r2, r1, r2
        mov     r8, r2                  /* end of A */
        movs    r2, #0                  /* c */
1:      ldm     r1!, {r3}               /* x = A[i] */
        PROD    0, 4
        ldr     r4, [r0]
        ACC     r4                      /* + X[i] */
        ACC     r2                      /* + c */
        stm     r0!, {r5}
        mov     r2, r3
        cmp     r1, r8
        bne     1b
        mov     r0, r2
        add     sp, sp, #8
        pop     {r4}
        mov     r8, r4
        pop     {r4, r5, r6, r7, pc}
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   r0 = T, r1 = top, r2 = A, r3 = b, stack: N, n, ninv; returns the new
 *   top in r0.
 * Frame: [sp] bl, [sp, #4] bh, [sp, #8] ml, [sp, #12] mh, [sp, #16] top;
 * r8 = A, r9 = N, r10 = c1, r11 = c2, r12 = end of A; r0 = T; r1, r2
 * hold the sum s between the two products.
 */
        .section .text.mp_mont_step_asm,"ax",%progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,%function
        .p2align 2
        .thumb_func
mp_mont_step_asm:
        push    {r4, r5, r6, r7, lr}
        mov     r4, r8
        mov     r5, r9
        mov     r6, r10
        mov     r7, r11
        push    {r4, r5, r6, r7}
        sub     sp, sp, #24
        /* 9 registers pushed (36 bytes) + 24: the stack arguments are at
         * sp + 60 (N), sp + 64 (n), sp + 68 (ninv) */
        str     r1, [sp, #16]
        uxth    r4, r3
        str     r4, [sp]
        lsrs    r4, r3, #16
        str     r4, [sp, #4]
        ldr     r4, [sp, #64]           /* n */
        lsls    r4, r4, #2
        adds    r4, r2, r4
        mov     r12, r4                 /* end of A */
        ldm     r2!, {r3}               /* A0 */
        mov     r8, r2
        PROD    0, 4                    /* r3:r5 = A0 b */
        ldr     r4, [r0]
        ACC     r4                      /* + T0 */
        mov     r10, r3                 /* c1 */
        mov     r1, r5                  /* s */
        ldr     r4, [sp, #68]           /* ninv */
        muls    r4, r5, r4              /* m = s ninv mod 2^32 */
        uxth    r6, r4
        str     r6, [sp, #8]
        lsrs    r6, r4, #16
        str     r6, [sp, #12]
        ldr     r2, [sp, #60]           /* N */
        ldm     r2!, {r3}
        mov     r9, r2
        PROD    8, 12                   /* r3:r5 = m N0 */
        ACC     r1                      /* + s: low limb 0 */
        mov     r11, r3                 /* c2 */
        cmp     r8, r12
        beq     2f
1:      mov     r2, r8
        ldm     r2!, {r3}
        mov     r8, r2
        PROD    0, 4                    /* A[j] b */
        ldr     r4, [r0, #4]
        ACC     r4                      /* + T[j] */
        mov     r4, r10
        ACC     r4                      /* + c1 */
        mov     r10, r3
        mov     r1, r5                  /* s */
        mov     r2, r9
        ldm     r2!, {r3}
        mov     r9, r2
        PROD    8, 12                   /* m N[j] */
        ACC     r1                      /* + s */
        mov     r4, r11
        ACC     r4                      /* + c2 */
        mov     r11, r3
        stm     r0!, {r5}               /* T[j - 1] */
        cmp     r8, r12
        bne     1b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      mov     r5, r10
        movs    r3, #0
        mov     r4, r11
        ACC     r4
        ldr     r4, [sp, #16]
        ACC     r4
        str     r5, [r0]
        mov     r0, r3
        add     sp, sp, #24
        pop     {r4, r5, r6, r7}
        mov     r8, r4
        mov     r9, r5
        mov     r10, r6
        mov     r11, r7
        pop     {r4, r5, r6, r7, pc}
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif
