/*
 * rv32.S - mp leaves for RV32 with the M extension (RV32IMC and up):
 * mp_mla_asm and mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c
 * and mp_mont_step.c). MUL/MULHU for the products, ADD/SLTU for the
 * carries (RISC-V has no flags). SLTU is an ALU operation, not a branch;
 * the only branches are on the loop counter (the public n).
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_RV32)

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 *   a0 = X, a1 = A, a2 = n, a3 = b; returns the carry limb in a0.
 */
        .section .text.mp_mla_asm,"ax",@progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,@function
        .p2align 2
mp_mla_asm:
        li      t0, 0                   /* c */
1:      lw      t1, 0(a1)
        lw      t2, 0(a0)
        mul     t3, t1, a3              /* lo */
        mulhu   t4, t1, a3              /* hi */
        add     t3, t3, t2
        sltu    t5, t3, t2
        add     t4, t4, t5
        add     t3, t3, t0
        sltu    t5, t3, t0
        add     t0, t4, t5
        sw      t3, 0(a0)
        addi    a1, a1, 4
        addi    a0, a0, 4
        addi    a2, a2, -1
        bnez    a2, 1b
        mv      a0, t0
        ret
        .size   mp_mla_asm, .-mp_mla_asm

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   a0 = T, a1 = top, a2 = A, a3 = b, a4 = N, a5 = n, a6 = ninv; returns
 *   the new top in a0.
 * c1 (t0) carries T + A*b, c2 (t1) carries + m*N (m in a7); limb j of the
 * sum is stored at T[j - 1].
 */
        .section .text.mp_mont_step_asm,"ax",@progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,@function
        .p2align 2
mp_mont_step_asm:
        lw      t2, 0(a2)
        lw      t3, 0(a0)
        mul     t4, t2, a3
        mulhu   t0, t2, a3
        add     t4, t4, t3              /* s = low limb of A0 b + T0 */
        sltu    t5, t4, t3
        add     t0, t0, t5              /* c1 */
        mul     a7, t4, a6              /* m = s ninv mod 2^32 */
        lw      t2, 0(a4)
        mul     t3, a7, t2
        mulhu   t1, a7, t2
        add     t3, t3, t4              /* 0 mod 2^32 */
        sltu    t5, t3, t4
        add     t1, t1, t5              /* c2 */
        addi    a5, a5, -1
        beqz    a5, 2f
1:      addi    a2, a2, 4
        addi    a4, a4, 4
        lw      t2, 0(a2)
        lw      t3, 4(a0)
        mul     t4, t2, a3
        mulhu   t6, t2, a3
        add     t4, t4, t3              /* + T[j] */
        sltu    t5, t4, t3
        add     t6, t6, t5
        add     t4, t4, t0              /* + c1 */
        sltu    t5, t4, t0
        add     t0, t6, t5
        lw      t2, 0(a4)
        mul     t3, a7, t2
        mulhu   t6, a7, t2
        add     t3, t3, t4              /* + s */
        sltu    t5, t3, t4
        add     t6, t6, t5
        add     t3, t3, t1              /* + c2 */
        sltu    t5, t3, t1
        add     t1, t6, t5
        sw      t3, 0(a0)
        addi    a0, a0, 4
        addi    a5, a5, -1
        bnez    a5, 1b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      add     t0, t0, t1
        sltu    t5, t0, t1
        add     t0, t0, a1
        sltu    t6, t0, a1
        add     t5, t5, t6
        sw      t0, 0(a0)
        mv      a0, t5
        ret
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#endif
