/*
 * p384_x86_64.S - the P-384 field leaves for x86-64 (System V ABI), 64-bit
 * limbs: p384_fe_{mul,sqr,add,sub,neg,mulk}_asm (contract in p384_field.h; C
 * twins in p384_field64.c). The product and the square exist twice: with
 * MUL/ADC, which every x86-64 has, and with MULX and the two carry chains
 * ADCX (CF) / ADOX (OF) (suffix _mulx, BMI2 and ADX); p384_field.h picks
 * one as p256_field.h does: MULX when the compiler may assume it,
 * otherwise from the cached CPUID answer of mp_x86_mulx().
 *
 * p = {P0, .., P5} = {2^32 - 1, 2^64 - 2^32, 2^64 - 2, 2^64 - 1,
 * 2^64 - 1, 2^64 - 1}, -p^-1 = 2^32 + 1 mod 2^64.
 *
 * The product is interleaved with the reduction (operand scanning): six
 * rounds on a window t of eight limbs in registers, each
 *   t = t + A b_i                      (b_i the limb i of B)
 *   t = (t + m p) / 2^64               (m = t0 (2^32 + 1) mod 2^64)
 * Bound: with A < p, b_i, m < 2^64 and t < 2p before a round,
 * t + A b_i + m p < 2p + (p - 1)(2^64 - 1) + (2^64 - 1) p < 2^65 p, so
 * t < 2p again after it: seven limbs, the top one 0 or 1 (2p < 2^385);
 * during the round the sum is < 2^450, held by the eighth limb. Every
 * partial step a b + t + c is < 2^128, so the high half never carries.
 * After six rounds t = A B / 2^384 (mod p) < 2p: one masked subtraction
 * of p (CMOV). X is written last: it may be A or B. The MUL variant adds
 * m p as a row of six products; the MULX variants (product and square)
 * use p's form instead, two MULX per step (the MULX reduction step).
 *
 * No branch at all; MUL, MULX, ADC, ADCX/ADOX, shifts and CMOV on
 * registers take the same time whatever the data. The only memory
 * accesses are the operands, the result and the constant p.
 */
#include "mp/mp_arch.h"

#if (defined(MP_ASM_X86_64) || defined(MP_ASM_X86_64_MULX)) && CTC_EC_P384

        .section .rodata.p384_x86_64,"a",@progbits
        .p2align 5
.Lp384_p:
        .quad   0x00000000ffffffff, 0xffffffff00000000
        .quad   0xfffffffffffffffe, 0xffffffffffffffff
        .quad   0xffffffffffffffff, 0xffffffffffffffff
/* c0 = 2^64 - 2^32 + 1 = -P0 mod 2^64 (the MULX reduction step) */
.Lp384_c0:
        .quad   0xffffffff00000001
/* k = 2^32 + 1 = -p^-1 mod 2^64 (m = t0 k, by MULX where the flags must
 * live through) */
.Lp384_k:
        .quad   0x0000000100000001
.Lp384_zero:
        .quad   0

.macro  P384_PUSH
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
.endm

.macro  P384_POP
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
.endm

/*
 * t[j] += c + rax-row step with MUL: rdx:rax = rbp * (src), then
 * (rcx, \t) = \t + rax + rcx with the high part in rcx (< 2^64, see the
 * top of the file). Clobbers rax, rdx.
 */
.macro  P384_MAC t, src
        mov     \src, %rax
        mul     %rbp
        add     %rcx, %rax
        adc     $0, %rdx
        add     %rax, \t
        adc     $0, %rdx
        mov     %rdx, %rcx
.endm

/*
 * One row with MUL: (t7, t6, t0..t5) = t0..t6 + (src) * rbp, where the
 * six limbs of the multiplicand are at \m(\base) .. \m+40(\base); t7 is
 * set here (t6 <= 1 on entry, the sum fits eight limbs).
 */
.macro  P384_ROW t0, t1, t2, t3, t4, t5, t6, t7, o0, o1, o2, o3, o4, o5
        xor     %ecx, %ecx
        P384_MAC \t0, \o0
        P384_MAC \t1, \o1
        P384_MAC \t2, \o2
        P384_MAC \t3, \o3
        P384_MAC \t4, \o4
        P384_MAC \t5, \o5
        xor     \t7, \t7
        add     %rcx, \t6
        adc     $0, \t7
.endm

/*
 * One round with MUL on the window t0..t7 (t7 fresh): t += A B[i]
 * (rbp = B[i] from \bi), m = t0 + (t0 << 32), t += m p; t0 is then zero
 * and the new window is t1..t7 (seven limbs, t7 <= 1).
 */
.macro  P384_ROUND t0, t1, t2, t3, t4, t5, t6, t7, bi
        mov     \bi, %rbp
        P384_ROW \t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7, (%rsi), 8(%rsi), 16(%rsi), 24(%rsi), 32(%rsi), 40(%rsi)
        mov     \t0, %rbp
        shl     $32, %rbp
        add     \t0, %rbp
        xor     %ecx, %ecx
        P384_MAC \t0, .Lp384_p(%rip)
        P384_MAC \t1, .Lp384_p+8(%rip)
        P384_MAC \t2, .Lp384_p+16(%rip)
        P384_MAC \t3, .Lp384_p+24(%rip)
        P384_MAC \t4, .Lp384_p+32(%rip)
        P384_MAC \t5, .Lp384_p+40(%rip)
        add     %rcx, \t6
        adc     $0, \t7
.endm

/*
 * The reduction step with MULX (P384_MULX_RED_OWED in the product,
 * P384_SQR_RED in the square), on a window t0..t7 (value below 2^451, see
 * the top of the file): m = t0 + (t0 << 32), t = (t + m p) / 2^64
 * without a row of products. With c = 2^384 - p = 2^128 + 2^96 - 2^32 + 1
 * = c0 + c1 2^64 + 2^128 (c0 = 2^64 - 2^32 + 1, c1 = 2^32 - 1 = P0),
 * t + m p = t + m 2^384 - m c, and m c is four limbs:
 *   m c0 = (h0, l0): l0 = t0 (t0 + m P0 = 0 mod 2^64 and c0 = -P0 mod
 *     2^64), so only h0 is used;
 *   m c1 = (h1, l1), h1 < 2^32; m 2^128 is m at limb 2;
 * so m c = t0 + d1 2^64 + d2 2^128 + d3 2^192 with d1 = h0 + l1,
 * d2 = h1 + m + carry, d3 the carry out (0 or 1). m goes to limb 6
 * (t + m 2^384 < 2^452: no carry out of t7), d is subtracted from limbs
 * 1..3: limb 0 cancels exactly (t0 - t0, no borrow). The borrow out of
 * limb 3 is not run up to t7: it is owed to limb 4, which is limb 3 of
 * the next step, so it waits in a register and is subtracted there with
 * that step's d3 (d3 + borrow <= 2), the last step's at the end; until
 * then the window holds its value plus that borrow at limb 4, which the
 * bound leaves room for. Two MULX instead of six, three subtractions
 * instead of seven (docs/ec.md, "P-384 on the x86-64 host").
 */

/*
 * The round of the MULX product on the window t0..t7: the row of A on the
 * two carry chains (t7 zero on entry, as the XOR that clears it also
 * clears CF and OF), then the reduction step (above) with the
 * row's last carries folded in: m comes from a MULX by 2^32 + 1 (low half:
 * t0 + (t0 << 32) mod 2^64), which leaves the flags alone, so CF (owed to
 * limb 6) and OF (owed to limb 7) enter the addition of m at limb 6
 * directly. \z is a register holding zero. Clobbers rax, rcx, rdx, rbp.
 */
.macro  P384_MULX_ROUND t0, t1, t2, t3, t4, t5, t6, t7, bi
        mov     \bi, %rdx
        xor     \t7, \t7              /* CF = OF = 0 */
        mulx    (%rsi), %rax, %rcx
        adcx    %rax, \t0
        adox    %rcx, \t1
        mulx    8(%rsi), %rax, %rcx
        adcx    %rax, \t1
        adox    %rcx, \t2
        mulx    16(%rsi), %rax, %rcx
        adcx    %rax, \t2
        adox    %rcx, \t3
        mulx    24(%rsi), %rax, %rcx
        adcx    %rax, \t3
        adox    %rcx, \t4
        mulx    32(%rsi), %rax, %rcx
        adcx    %rax, \t4
        adox    %rcx, \t5
        mulx    40(%rsi), %rax, %rcx
        adcx    %rax, \t5
        adox    %rcx, \t6
        P384_MULX_RED_OWED \t0, \t1, \t2, \t3, \t4, \t5, \t6, \t7
.endm

/*
 * The reduction step (above) where CF is owed to t6 and OF to t7 (t7
 * zero): t6 + m + CF, then t7 = OF + the carry (t7 <= 2 and the whole
 * stays below 2^452). The borrow owed to t4 waits in rdi (0 or 1 on
 * entry, as the step leaves it; the last step's is taken at the end of
 * p384_fe_mul_asm_mulx). The zeros come from memory (.Lp384_zero): rdi,
 * which held them, holds the borrow now.
 */
.macro  P384_MULX_RED_OWED t0, t1, t2, t3, t4, t5, t6, t7
        mov     \t0, %rdx
        mulx    .Lp384_k(%rip), %rdx, %rax      /* rdx = m; flags kept */
        adcx    %rdx, \t6
        adox    .Lp384_zero(%rip), \t7
        adcx    .Lp384_zero(%rip), \t7
        mulx    .Lp384_c0(%rip), %rax, %rcx     /* rcx = h0 */
        mulx    .Lp384_p(%rip), %rax, %rbp      /* (rbp, rax) = m c1 */
        add     %rax, %rcx              /* d1 */
        adc     %rdx, %rbp              /* d2 */
        adc     $0, %rdi                /* d3 + the waiting borrow */
        sub     %rcx, \t1
        sbb     %rbp, \t2
        sbb     %rdi, \t3
        mov     $0, %edi
        adc     $0, %edi                /* the borrow owed to t4 */
.endm

/*
 * The window after six rounds is r14, r15, r8, r9, r10, r11 with the top
 * limb (0 or 1) in r12: X = t - p if that does not borrow, else t.
 * Clobbers rax, rcx, rdx, rsi, rbx, rbp, r13.
 */
.macro  P384_FINISH
        mov     %r14, %rax
        mov     %r15, %rcx
        mov     %r8, %rdx
        mov     %r9, %rsi
        mov     %r10, %rbx
        mov     %r11, %rbp
        sub     .Lp384_p(%rip), %rax
        sbb     .Lp384_p+8(%rip), %rcx
        sbb     .Lp384_p+16(%rip), %rdx
        sbb     $-1, %rsi
        sbb     $-1, %rbx
        sbb     $-1, %rbp
        sbb     $0, %r12
        cmovnc  %rax, %r14
        cmovnc  %rcx, %r15
        cmovnc  %rdx, %r8
        cmovnc  %rsi, %r9
        cmovnc  %rbx, %r10
        cmovnc  %rbp, %r11
        mov     %r14, (%rdi)
        mov     %r15, 8(%rdi)
        mov     %r8, 16(%rdi)
        mov     %r9, 24(%rdi)
        mov     %r10, 32(%rdi)
        mov     %r11, 40(%rdi)
.endm

/*
 * void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B (kept in rbx). The window starts at zero in
 * r8..r14 and turns by one register per round.
 */
        .text
        .section .text.p384_fe_mul_asm,"ax",@progbits
        .globl  p384_fe_mul_asm
        .type   p384_fe_mul_asm,@function
        .p2align 4
p384_fe_mul_asm:
        P384_PUSH
        mov     %rdx, %rbx
.Lp384_mul_body:
        xor     %r8d, %r8d
        xor     %r9d, %r9d
        xor     %r10d, %r10d
        xor     %r11d, %r11d
        xor     %r12d, %r12d
        xor     %r13d, %r13d
        xor     %r14d, %r14d
        P384_ROUND %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, (%rbx)
        P384_ROUND %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8, 8(%rbx)
        P384_ROUND %r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9, 16(%rbx)
        P384_ROUND %r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10, 24(%rbx)
        P384_ROUND %r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11, 32(%rbx)
        P384_ROUND %r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12, 40(%rbx)
        P384_FINISH
        P384_POP
        ret
        .size   p384_fe_mul_asm, .-p384_fe_mul_asm

/*
 * void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   rdi = X, rsi = A: the product A A through the body of p384_fe_mul_asm.
 */
        .section .text.p384_fe_sqr_asm,"ax",@progbits
        .globl  p384_fe_sqr_asm
        .type   p384_fe_sqr_asm,@function
        .p2align 4
p384_fe_sqr_asm:
        P384_PUSH
        mov     %rsi, %rbx
        jmp     .Lp384_mul_body
        .size   p384_fe_sqr_asm, .-p384_fe_sqr_asm

/*
 * void p384_fe_mul_asm_mulx(ct_limb_t *X, const ct_limb_t *A,
 *                           const ct_limb_t *B)
 *   as p384_fe_mul_asm, with MULX/ADCX/ADOX (BMI2 and ADX).
 */
        .section .text.p384_fe_mul_asm_mulx,"ax",@progbits
        .globl  p384_fe_mul_asm_mulx
        .type   p384_fe_mul_asm_mulx,@function
        .p2align 4
p384_fe_mul_asm_mulx:
        P384_PUSH
        push    %rdi                    /* X, back for P384_FINISH */
        mov     %rdx, %rbx
        xor     %edi, %edi              /* no borrow waiting */
        /* round 0: the window is A B[0], seven limbs, then its step */
        mov     (%rbx), %rdx
        mulx    (%rsi), %r8, %r9
        mulx    8(%rsi), %rax, %r10
        add     %rax, %r9
        mulx    16(%rsi), %rax, %r11
        adc     %rax, %r10
        mulx    24(%rsi), %rax, %r12
        adc     %rax, %r11
        mulx    32(%rsi), %rax, %r13
        adc     %rax, %r12
        mulx    40(%rsi), %rax, %r14
        adc     %rax, %r13
        adc     $0, %r14                /* the high half of a5 b0 < 2^64 - 1 */
        xor     %r15d, %r15d            /* CF = OF = 0: nothing owed */
        P384_MULX_RED_OWED %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
        P384_MULX_ROUND %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r8, 8(%rbx)
        P384_MULX_ROUND %r10, %r11, %r12, %r13, %r14, %r15, %r8, %r9, 16(%rbx)
        P384_MULX_ROUND %r11, %r12, %r13, %r14, %r15, %r8, %r9, %r10, 24(%rbx)
        P384_MULX_ROUND %r12, %r13, %r14, %r15, %r8, %r9, %r10, %r11, 32(%rbx)
        P384_MULX_ROUND %r13, %r14, %r15, %r8, %r9, %r10, %r11, %r12, 40(%rbx)
        /* the last step's borrow, owed to limb 3 of the window */
        sub     %rdi, %r9
        sbb     $0, %r10
        sbb     $0, %r11
        sbb     $0, %r12
        pop     %rdi
        P384_FINISH
        P384_POP
        ret
        .size   p384_fe_mul_asm_mulx, .-p384_fe_mul_asm_mulx

/*
 * One step of the square's reduction (p384_fe_sqr_asm_mulx) on the limb
 * w_j of T_lo, which earlier steps have made final: m = w_j (2^32 + 1)
 * mod 2^64 and, as in the reduction step above, m c = w_j + d1 2^64 +
 * d2 2^128 + d3 2^192 (d3 the carry out of d2, 0 or 1). d is subtracted from
 * w_(j+1), w_(j+2), w_(j+3) only: the borrow out of w_(j+3) belongs to
 * w_(j+4), which is the next step's top limb, so it waits in rbx and joins
 * that step's d3 (rbx = d3 + borrow <= 2; the last step's borrow is the
 * sign of the remainder in w6..w8). Three subtractions instead of seven,
 * and m is not added to the window: it is kept in w_j's register (w_j
 * has become 0), the limb j of M = sum m_j 2^(64 j), added once at the
 * end. rbx is 0 or 1 on entry, as the step leaves it. Clobbers rax, rcx,
 * rdx, rbp.
 *
 * d comes from shifts, not from the product step's two MULX: with lo =
 * m 2^32 mod 2^64 and hi = floor(m / 2^32) < 2^32, m 2^96 = lo 2^64 +
 * hi 2^128 and m 2^32 = lo + hi 2^64, so
 *   m c = m 2^128 + m 2^96 - m 2^32 + m
 *       = (m - lo) + (lo - hi) 2^64 + (hi + m) 2^128,
 * and m - lo = w_j (mod 2^64; m = w_j + (w_j << 32)), that is w_j - b 2^64
 * with b = (m < lo). So d1 = lo - hi - b mod 2^64 with its borrow b1,
 * d2 = hi + m - b1 mod 2^64, d3 = the carry of hi + m less the borrow of
 * the - b1, which is d3 of the product step (0 or 1: m = 0 gives lo = hi
 * = b = b1 = 0). The chain from w_j to the next step's limb is then
 * single-cycle operations (the square is bound by this chain of six
 * steps; bench_ec's field sqr 28.6 -> 26.9 ns, docs/ec.md). The product
 * keeps its MULX: there the two carry chains already fill the ports that
 * the shifts and borrows would take (measured slower).
 */
.macro  P384_SQR_RED wj, wj1, wj2, wj3
        mov     \wj, %rdx
        shl     $32, %rdx
        add     \wj, %rdx              /* m */
        mov     %rdx, %rax
        shl     $32, %rax               /* lo = m 2^32 mod 2^64 */
        mov     %rdx, %rcx
        shr     $32, %rcx               /* hi = floor(m / 2^32) */
        mov     %rdx, %rbp
        add     %rcx, %rbp              /* hi + m: low limb, CF its carry */
        adc     $0, %rbx                /* that carry + the waiting borrow */
        mov     %rdx, \wj              /* m_j */
        cmp     %rax, %rdx              /* CF = (m < lo) */
        sbb     %rcx, %rax              /* d1 = lo - hi - (m < lo) */
        sbb     $0, %rbp                /* d2 */
        sbb     $0, %rbx                /* d3 + the waiting borrow */
        sub     %rax, \wj1
        sbb     %rbp, \wj2
        sbb     %rbx, \wj3
        mov     $0, %ebx
        adc     $0, %ebx                /* the borrow owed to w_(j+4) */
.endm

/*
 * void p384_fe_sqr_asm_mulx(ct_limb_t *X, const ct_limb_t *A)
 *   rdi = X, rsi = A; MULX/ADCX/ADOX. The square computes each cross
 * product once (15 MULX instead of the product's 36), then:
 *   T = A^2 = 2 C + sum a_i^2 2^(128 i)    C = sum_(i<j) a_i a_j 2^(64(i+j))
 * (C < 2^640 in t1..t10 = r8..r15, rbx, rbp; the doubling runs on the CF
 * chain, the squares on the OF chain). T = T_hi 2^384 + T_lo; Montgomery
 * reduction splits along it: (T + M p) / 2^384 = T_hi + (T_lo + M p) / 2^384,
 * with M fixed by T_lo alone. Six steps of P384_SQR_RED on T_lo give M and
 * T_lo - M c = -H 2^384 (H >= 0, in w6..w8 and the last borrow), so
 * (T_lo + M p) / 2^384 = M - H, which is < (2^384 + 2^384 p) / 2^384 =
 * p + 1; T_hi < p^2 / 2^384 < p, so the sum is at most 2p - 1: one masked
 * subtraction of p, as in the product. T's limb 0 and T_hi wait on the
 * stack (56 bytes) while the steps run. No branch; X is written last (it
 * may be A).
 */
        .section .text.p384_fe_sqr_asm_mulx,"ax",@progbits
        .globl  p384_fe_sqr_asm_mulx
        .type   p384_fe_sqr_asm_mulx,@function
        .p2align 4
p384_fe_sqr_asm_mulx:
        P384_PUSH
        sub     $56, %rsp
        /* row a0: a0 a1 .. a0 a5 into t1..t6 */
        mov     (%rsi), %rdx
        mulx    8(%rsi), %r8, %r9
        mulx    16(%rsi), %rax, %r10
        add     %rax, %r9
        mulx    24(%rsi), %rax, %r11
        adc     %rax, %r10
        mulx    32(%rsi), %rax, %r12
        adc     %rax, %r11
        mulx    40(%rsi), %rax, %r13
        adc     %rax, %r12
        adc     $0, %r13
        /* row a1: a1 a2 .. a1 a5 into t3..t7 */
        mov     8(%rsi), %rdx
        xor     %eax, %eax
        mulx    16(%rsi), %rax, %rcx
        adcx    %rax, %r10
        adox    %rcx, %r11
        mulx    24(%rsi), %rax, %rcx
        adcx    %rax, %r11
        adox    %rcx, %r12
        mulx    32(%rsi), %rax, %rcx
        adcx    %rax, %r12
        adox    %rcx, %r13
        mulx    40(%rsi), %rax, %r14
        adcx    %rax, %r13
        mov     $0, %eax
        adcx    %rax, %r14
        adox    %rax, %r14
        /* row a2: a2 a3 .. a2 a5 into t5..t8 */
        mov     16(%rsi), %rdx
        xor     %eax, %eax
        mulx    24(%rsi), %rax, %rcx
        adcx    %rax, %r12
        adox    %rcx, %r13
        mulx    32(%rsi), %rax, %rcx
        adcx    %rax, %r13
        adox    %rcx, %r14
        mulx    40(%rsi), %rax, %r15
        adcx    %rax, %r14
        mov     $0, %eax
        adcx    %rax, %r15
        adox    %rax, %r15
        /* row a3: a3 a4, a3 a5 into t7..t9 */
        mov     24(%rsi), %rdx
        xor     %eax, %eax
        mulx    32(%rsi), %rax, %rcx
        adcx    %rax, %r14
        adox    %rcx, %r15
        mulx    40(%rsi), %rax, %rbx
        adcx    %rax, %r15
        mov     $0, %eax
        adcx    %rax, %rbx
        adox    %rax, %rbx
        /* row a4: a4 a5 into t9, t10 */
        mov     32(%rsi), %rdx
        mulx    40(%rsi), %rax, %rbp
        add     %rax, %rbx
        adc     $0, %rbp
        /* T = 2 C + the squares; t0 to the stack, t11 in rcx */
        mov     (%rsi), %rdx
        xor     %eax, %eax
        mulx    %rdx, %rax, %rcx
        mov     %rax, (%rsp)
        adcx    %r8, %r8
        adox    %rcx, %r8
        mov     8(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r9, %r9
        adox    %rax, %r9
        adcx    %r10, %r10
        adox    %rcx, %r10
        mov     16(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r11, %r11
        adox    %rax, %r11
        adcx    %r12, %r12
        adox    %rcx, %r12
        mov     24(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r13, %r13
        adox    %rax, %r13
        adcx    %r14, %r14
        adox    %rcx, %r14
        mov     32(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r15, %r15
        adox    %rax, %r15
        adcx    %rbx, %rbx
        adox    %rcx, %rbx
        mov     40(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %rbp, %rbp
        adox    %rax, %rbp
        mov     $0, %eax
        adcx    %rax, %rcx
        adox    %rax, %rcx
        /* T_hi (t6..t11) to the stack; T_lo in rsi, r8..r12 */
        mov     %r13, 8(%rsp)
        mov     %r14, 16(%rsp)
        mov     %r15, 24(%rsp)
        mov     %rbx, 32(%rsp)
        mov     %rbp, 40(%rsp)
        mov     %rcx, 48(%rsp)
        mov     (%rsp), %rsi
        xor     %r13d, %r13d            /* w6 */
        xor     %r14d, %r14d            /* w7 */
        xor     %r15d, %r15d            /* w8 */
        xor     %ebx, %ebx              /* no borrow waiting */
        P384_SQR_RED %rsi, %r8, %r9, %r10
        P384_SQR_RED %r8, %r9, %r10, %r11
        P384_SQR_RED %r9, %r10, %r11, %r12
        P384_SQR_RED %r10, %r11, %r12, %r13
        P384_SQR_RED %r11, %r12, %r13, %r14
        P384_SQR_RED %r12, %r13, %r14, %r15
        /* T_lo - M c = -H 2^384: (r13, r14, r15) less the last borrow
         * (rbx) at 2^192 is -H; (T_lo + M p) / 2^384 = M - H, and M - H is
         * in [0, p] (the bound above): M = (rsi, r8..r12) plus -H sign-
         * extended, mod 2^384 (the carry out is the sign's) */
        neg     %rbx
        add     %r13, %rsi
        adc     %r14, %r8
        adc     %r15, %r9
        adc     %rbx, %r10
        adc     %rbx, %r11
        adc     %rbx, %r12
        /* + T_hi < 2p: seven limbs, the top (r13) 0 or 1 */
        xor     %r13d, %r13d
        add     8(%rsp), %rsi
        adc     16(%rsp), %r8
        adc     24(%rsp), %r9
        adc     32(%rsp), %r10
        adc     40(%rsp), %r11
        adc     48(%rsp), %r12
        adc     $0, %r13
        mov     %rsi, %rax
        mov     %r8, %rcx
        mov     %r9, %rdx
        mov     %r10, %rbx
        mov     %r11, %rbp
        mov     %r12, %r14
        sub     .Lp384_p(%rip), %rax
        sbb     .Lp384_p+8(%rip), %rcx
        sbb     .Lp384_p+16(%rip), %rdx
        sbb     $-1, %rbx
        sbb     $-1, %rbp
        sbb     $-1, %r14
        sbb     $0, %r13
        cmovnc  %rax, %rsi
        cmovnc  %rcx, %r8
        cmovnc  %rdx, %r9
        cmovnc  %rbx, %r10
        cmovnc  %rbp, %r11
        cmovnc  %r14, %r12
        mov     %rsi, (%rdi)
        mov     %r8, 8(%rdi)
        mov     %r9, 16(%rdi)
        mov     %r10, 24(%rdi)
        mov     %r11, 32(%rdi)
        mov     %r12, 40(%rdi)
        /* the stack held T's limbs */
        xor     %eax, %eax
        mov     %rax, (%rsp)
        mov     %rax, 8(%rsp)
        mov     %rax, 16(%rsp)
        mov     %rax, 24(%rsp)
        mov     %rax, 32(%rsp)
        mov     %rax, 40(%rsp)
        mov     %rax, 48(%rsp)
        add     $56, %rsp
        P384_POP
        ret
        .size   p384_fe_sqr_asm_mulx, .-p384_fe_sqr_asm_mulx

/*
 * void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B. (r12, r8..r11, rbx, rbp) = A + B < 2p;
 * minus p in (rax, rcx, rdx, rsi, r13, r14); the borrow out of the top
 * keeps the sum.
 */
        .section .text.p384_fe_add_asm,"ax",@progbits
        .globl  p384_fe_add_asm
        .type   p384_fe_add_asm,@function
        .p2align 4
p384_fe_add_asm:
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        xor     %r12d, %r12d
        mov     (%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        mov     32(%rsi), %rbx
        mov     40(%rsi), %rbp
        add     (%rdx), %r8
        adc     8(%rdx), %r9
        adc     16(%rdx), %r10
        adc     24(%rdx), %r11
        adc     32(%rdx), %rbx
        adc     40(%rdx), %rbp
        adc     $0, %r12
        mov     %r8, %rax
        mov     %r9, %rcx
        mov     %r10, %rdx
        mov     %r11, %rsi
        mov     %rbx, %r13
        mov     %rbp, %r14
        sub     .Lp384_p(%rip), %rax
        sbb     .Lp384_p+8(%rip), %rcx
        sbb     .Lp384_p+16(%rip), %rdx
        sbb     $-1, %rsi
        sbb     $-1, %r13
        sbb     $-1, %r14
        sbb     $0, %r12
        cmovnc  %rax, %r8
        cmovnc  %rcx, %r9
        cmovnc  %rdx, %r10
        cmovnc  %rsi, %r11
        cmovnc  %r13, %rbx
        cmovnc  %r14, %rbp
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
        mov     %rbx, 32(%rdi)
        mov     %rbp, 40(%rdi)
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
        .size   p384_fe_add_asm, .-p384_fe_add_asm

/*
 * (r8..r11, rbx, rbp) -= the six limbs at rdx; then p is added under the
 * mask of the borrow (SBB: 0 or all ones): P0 & mask = mask >> 32,
 * P1 & mask = mask << 32, P2 & mask = mask + mask, P3..P5 & mask = mask.
 * The difference is > -p, so the sum is in [0, p) and its carry cancels
 * the borrow. Stores X; clobbers rax, rcx, rdx, rsi.
 */
.macro  P384_SUB_FINISH
        sub     (%rdx), %r8
        sbb     8(%rdx), %r9
        sbb     16(%rdx), %r10
        sbb     24(%rdx), %r11
        sbb     32(%rdx), %rbx
        sbb     40(%rdx), %rbp
        sbb     %rax, %rax
        mov     %rax, %rcx
        shr     $32, %rcx
        mov     %rax, %rdx
        shl     $32, %rdx
        lea     (%rax,%rax), %rsi
        add     %rcx, %r8
        adc     %rdx, %r9
        adc     %rsi, %r10
        adc     %rax, %r11
        adc     %rax, %rbx
        adc     %rax, %rbp
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
        mov     %rbx, 32(%rdi)
        mov     %rbp, 40(%rdi)
.endm

/*
 * void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B.
 */
        .section .text.p384_fe_sub_asm,"ax",@progbits
        .globl  p384_fe_sub_asm
        .type   p384_fe_sub_asm,@function
        .p2align 4
p384_fe_sub_asm:
        push    %rbx
        push    %rbp
        mov     (%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        mov     32(%rsi), %rbx
        mov     40(%rsi), %rbp
        P384_SUB_FINISH
        pop     %rbp
        pop     %rbx
        ret
        .size   p384_fe_sub_asm, .-p384_fe_sub_asm

/*
 * void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 *   rdi = X, rsi = A: 0 - A, which borrows exactly when A != 0, plus p
 * then (p - A; 0 for A = 0).
 */
        .section .text.p384_fe_neg_asm,"ax",@progbits
        .globl  p384_fe_neg_asm
        .type   p384_fe_neg_asm,@function
        .p2align 4
p384_fe_neg_asm:
        push    %rbx
        push    %rbp
        mov     %rsi, %rdx
        xor     %r8d, %r8d
        xor     %r9d, %r9d
        xor     %r10d, %r10d
        xor     %r11d, %r11d
        xor     %ebx, %ebx
        xor     %ebp, %ebp
        P384_SUB_FINISH
        pop     %rbp
        pop     %rbx
        ret
        .size   p384_fe_neg_asm, .-p384_fe_neg_asm

/*
 * void p384_fe_mulk_asm(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k)
 *   rdi = X, rsi = A, rdx = k (public, 1..8). V = k A < 8p: six limbs and
 * a top t <= 7; 2^384 = c mod p with c = 2^128 + 2^96 - 2^32 + 1, so
 * W = V mod 2^384 + t c = V mod p: t at limb 0, t << 32 at limb 1 and t
 * at limb 2 added, t << 32 at limb 0 subtracted. 0 <= W < 2^384 + 8c
 * < 2p: its seventh limb e is 0 or 1, and W - p (seven limbs) borrows
 * exactly when W < p; p & the borrow's mask is then added back
 * (P0 & mask = its low 32 bits, P1 & mask = mask << 32, P2 & mask =
 * mask + mask, P3..P5 & mask = mask). MUL by the public k: constant time
 * on x86-64, as everywhere in this file. X is written last (it may be A).
 */
        .section .text.p384_fe_mulk_asm,"ax",@progbits
        .globl  p384_fe_mulk_asm
        .type   p384_fe_mulk_asm,@function
        .p2align 4
p384_fe_mulk_asm:
        push    %rbx
        push    %rbp
        mov     %rdx, %rcx
        mov     (%rsi), %rax
        mul     %rcx
        mov     %rax, %r8
        mov     %rdx, %r9
        mov     8(%rsi), %rax
        mul     %rcx
        add     %rax, %r9
        adc     $0, %rdx
        mov     %rdx, %r10
        mov     16(%rsi), %rax
        mul     %rcx
        add     %rax, %r10
        adc     $0, %rdx
        mov     %rdx, %r11
        mov     24(%rsi), %rax
        mul     %rcx
        add     %rax, %r11
        adc     $0, %rdx
        mov     %rdx, %rbx
        mov     32(%rsi), %rax
        mul     %rcx
        add     %rax, %rbx
        adc     $0, %rdx
        mov     %rdx, %rbp
        mov     40(%rsi), %rax
        mul     %rcx
        add     %rax, %rbp
        adc     $0, %rdx                /* t */
        mov     %rdx, %rcx
        shl     $32, %rcx               /* t << 32 */
        add     %rdx, %r8
        adc     %rcx, %r9
        adc     %rdx, %r10
        adc     $0, %r11
        adc     $0, %rbx
        adc     $0, %rbp
        mov     $0, %eax
        adc     $0, %eax
        sub     %rcx, %r8
        sbb     $0, %r9
        sbb     $0, %r10
        sbb     $0, %r11
        sbb     $0, %rbx
        sbb     $0, %rbp
        sbb     $0, %rax                /* e */
        sub     .Lp384_p(%rip), %r8
        sbb     .Lp384_p+8(%rip), %r9
        sbb     $-2, %r10
        sbb     $-1, %r11
        sbb     $-1, %rbx
        sbb     $-1, %rbp
        sbb     $0, %rax                /* 0, or all ones: add p back */
        mov     %rax, %rdx
        shl     $32, %rdx               /* P1 & mask */
        mov     %eax, %ecx              /* P0 & mask */
        lea     (%rax,%rax), %rsi       /* P2 & mask */
        add     %rcx, %r8
        adc     %rdx, %r9
        adc     %rsi, %r10
        adc     %rax, %r11
        adc     %rax, %rbx
        adc     %rax, %rbp
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
        mov     %rbx, 32(%rdi)
        mov     %rbp, 40(%rdi)
        pop     %rbp
        pop     %rbx
        ret
        .size   p384_fe_mulk_asm, .-p384_fe_mulk_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",@progbits
#endif

#endif
