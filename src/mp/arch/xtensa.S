/*
 * xtensa.S - mp leaves for Xtensa with the call0 ABI (ESP8266's lx106):
 * mp_mla_asm and mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c
 * and mp_mont_step.c).
 *
 * The lx106 has MULL (32x32 -> low 32) and MUL16U (16x16 -> 32) but no
 * high-half multiply: the compiler would call __muldi3 for a 64-bit
 * product. So each product is made from four MUL16U, and - Xtensa has no
 * carry flag and the compiler would branch to form one - the sums are done
 * 16 bits at a time so that no carry is ever needed:
 *   x y + u + v = (t mod 2^16) + m 2^16 + (p11 + p01/2^16 + p10/2^16 + m/2^16) 2^32
 *   t = p00 mod 2^16 + u mod 2^16 + v mod 2^16            (< 3 2^16)
 *   m = p00/2^16 + p01 mod 2^16 + p10 mod 2^16 + u/2^16 + v/2^16 + t/2^16
 * (pij = xi yj, halves; / is a shift, mod a mask; the total is < 2^64, so
 * the high limb never overflows). No instruction here branches except the
 * loop counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_XTENSA)

/*
 * MACC hi, lo, x, y, u, v, t0, t1, t2, t3: hi:lo = x * y + u + v.
 * lo may be the same register as x; all others distinct. x, y, u, v are
 * read only.
 */
        .macro  MACC hi, lo, x, y, u, v, t0, t1, t2, t3
        extui   \t0, \y, 16, 16         /* yh */
        extui   \t1, \x, 16, 16         /* xh */
        mul16u  \hi, \t1, \t0           /* p11 */
        mul16u  \t0, \x, \t0            /* p01 */
        mul16u  \t1, \t1, \y            /* p10 */
        mul16u  \t2, \x, \y             /* p00 */
        extui   \lo, \t2, 0, 16         /* t */
        extui   \t3, \u, 0, 16
        add     \lo, \lo, \t3
        extui   \t3, \v, 0, 16
        add     \lo, \lo, \t3
        extui   \t2, \t2, 16, 16        /* m */
        extui   \t3, \t0, 0, 16
        add     \t2, \t2, \t3
        extui   \t3, \t1, 0, 16
        add     \t2, \t2, \t3
        extui   \t3, \u, 16, 16
        add     \t2, \t2, \t3
        extui   \t3, \v, 16, 16
        add     \t2, \t2, \t3
        extui   \t3, \lo, 16, 16
        add     \t2, \t2, \t3
        extui   \t0, \t0, 16, 16        /* high limb */
        add     \hi, \hi, \t0
        extui   \t1, \t1, 16, 16
        add     \hi, \hi, \t1
        extui   \t3, \t2, 16, 16
        add     \hi, \hi, \t3
        extui   \lo, \lo, 0, 16         /* low limb */
        slli    \t2, \t2, 16
        or      \lo, \lo, \t2
        .endm

        .text
        .literal_position

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   a2 = X, a3 = A, a4 = n, a5 = b; returns the carry limb in a2.
 */
        .section .text.mp_mla_asm,"ax",@progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,@function
        .align  4
mp_mla_asm:
        addi    a1, a1, -16
        s32i    a12, a1, 0
        s32i    a13, a1, 4
        s32i    a14, a1, 8
        movi    a6, 0                   /* c */
1:      l32i    a7, a3, 0               /* x = A[i] */
        l32i    a8, a2, 0               /* u = X[i] */
        MACC    a9, a10, a7, a5, a8, a6, a11, a12, a13, a14
        mov     a6, a9
        s32i    a10, a2, 0
        addi    a2, a2, 4
        addi    a3, a3, 4
        addi    a4, a4, -1
        bnez    a4, 1b
        mov     a2, a6
        l32i    a12, a1, 0
        l32i    a13, a1, 4
        l32i    a14, a1, 8
        addi    a1, a1, 16
        ret
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   a2 = T, a3 = top, a4 = A, a5 = b, a6 = N, a7 = n, ninv on the stack;
 *   returns the new top in a2.
 * a3 = m, a8 = c1, a9 = c2, a10 = s, a11 = T[j] then N[j]; a12..a15, a0
 * temporaries (saved).
 */
        .section .text.mp_mont_step_asm,"ax",@progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,@function
        .align  4
mp_mont_step_asm:
        l32i    a8, a1, 0               /* ninv (before the frame moves) */
        addi    a1, a1, -32
        s32i    a0, a1, 0
        s32i    a12, a1, 4
        s32i    a13, a1, 8
        s32i    a14, a1, 12
        s32i    a15, a1, 16
        s32i    a3, a1, 20              /* top */
        s32i    a8, a1, 24              /* ninv */
        movi    a8, 0
        movi    a9, 0
        l32i    a10, a4, 0              /* A0 */
        l32i    a11, a2, 0              /* T0 */
        MACC    a12, a10, a10, a5, a11, a8, a13, a14, a15, a0
        mov     a8, a12                 /* c1; a10 = s */
        l32i    a3, a1, 24
        mull    a3, a10, a3             /* m = s ninv mod 2^32 */
        l32i    a11, a6, 0              /* N0 */
        MACC    a12, a11, a11, a3, a10, a9, a13, a14, a15, a0
        mov     a9, a12                 /* c2; the low limb is 0 */
        addi    a7, a7, -1
        beqz    a7, 2f
1:      addi    a4, a4, 4
        addi    a6, a6, 4
        l32i    a10, a4, 0              /* A[j] */
        l32i    a11, a2, 4              /* T[j] */
        MACC    a12, a10, a10, a5, a11, a8, a13, a14, a15, a0
        mov     a8, a12                 /* c1; a10 = s */
        l32i    a11, a6, 0              /* N[j] */
        MACC    a12, a11, a11, a3, a10, a9, a13, a14, a15, a0
        mov     a9, a12                 /* c2 */
        s32i    a11, a2, 0              /* T[j - 1] */
        addi    a2, a2, 4
        addi    a7, a7, -1
        bnez    a7, 1b
        /* T[n - 1] = c1 + c2 + top and the carry out, 16 bits at a time */
2:      l32i    a3, a1, 20
        extui   a10, a8, 0, 16
        extui   a11, a9, 0, 16
        add     a10, a10, a11
        add     a10, a10, a3            /* low halves + top */
        extui   a11, a8, 16, 16
        extui   a12, a9, 16, 16
        add     a11, a11, a12
        extui   a12, a10, 16, 16
        add     a11, a11, a12           /* high halves + carry */
        extui   a10, a10, 0, 16
        slli    a12, a11, 16
        or      a10, a10, a12
        s32i    a10, a2, 0
        extui   a2, a11, 16, 16         /* the carry out */
        l32i    a0, a1, 0
        l32i    a12, a1, 4
        l32i    a13, a1, 8
        l32i    a14, a1, 12
        l32i    a15, a1, 16
        addi    a1, a1, 32
        ret
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#endif
