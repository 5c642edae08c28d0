/*
 * p256_x86_64.S - the P-256 field leaves for x86-64 (System V ABI), 64-bit
 * limbs: p256_fe_{mul,sqr,add,sub,neg}_asm (contract in p256_field.h; C
 * twins in p256_field64.c, which also derives the reduction used here).
 * The product and the square exist twice: with MUL/ADC, which every
 * x86-64 has, and with MULX and the two carry chains ADCX (CF) / ADOX
 * (OF) (suffix _mulx, BMI2 and ADX); p256_field.h picks one the way mp
 * picks its row (mp_arch.h): MULX when the compiler may assume it,
 * otherwise from the cached CPUID answer of mp_x86_mulx().
 *
 * p = {P0, P1, 0, P3} = {2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1}.
 * Montgomery reduction of a product T = H 2^256 + L: four steps on the
 * window of L, each with m = the low limb (-p^-1 = 1 mod 2^64):
 *   (w0, w1, w2, w3) -> (w1 + m 2^32, w2 + m / 2^32 + c, m P3 + w3 + c)
 * whose value stays < 2^256 (so nothing carries out of the top limb);
 * then H + U < 2p, one masked subtraction of p (CMOV).
 *
 * No branch at all; MUL, MULX, ADC, ADCX/ADOX, shifts and CMOV on
 * registers take the same time whatever the data. The only memory
 * accesses are the operands, the result and the constant p.
 */
#include "mp/mp_arch.h"

#if (defined(MP_ASM_X86_64) || defined(MP_ASM_X86_64_MULX)) && CTC_EC_P256

        .section .rodata.p256_x86_64,"a",@progbits
        .p2align 5
.Lp256_p:
        .quad   0xffffffffffffffff, 0x00000000ffffffff
        .quad   0x0000000000000000, 0xffffffff00000001

/*
 * One reduction step on the window (w0, w1, w2, w3) with P3 in rbx; the
 * new window is (w1, w2, w3, w0): four steps rotate the names back.
 * Clobbers rax, rdx, rbp.
 */
.macro  P256_REDC_STEP w0, w1, w2, w3
        mov     \w0, %rax
        mul     %rbx                /* rdx:rax = m P3 */
        mov     \w0, %rbp
        shl     $32, %rbp           /* m 2^32, low limb */
        shr     $32, \w0            /* m 2^32, high limb */
        add     %rbp, \w1
        adc     \w0, \w2
        adc     %rax, \w3
        adc     $0, %rdx            /* < 2^64: the window is < 2^256 */
        mov     %rdx, \w0
.endm

/*
 * The same with MULX and SHLX/SHRX (rcx = 32): the shifts leave the flags
 * alone, so only the four additions use them.
 */
.macro  P256_REDC_STEP_MULX w0, w1, w2, w3
        mov     \w0, %rdx
        mulx    %rbx, %rax, %rdx    /* rdx:rax = m P3 */
        shlx    %rcx, \w0, %rbp
        shrx    %rcx, \w0, \w0
        add     %rbp, \w1
        adc     \w0, \w2
        adc     %rax, \w3
        adc     $0, %rdx
        mov     %rdx, \w0
.endm

/*
 * r8..r11 = the low half L, r12..r15 = H, rbx = P3, rdi = X:
 * X = (H + U) mod p after the four steps; clobbers rax, rcx, rdx, rbp.
 */
.macro  P256_REDC_FINISH step
        \step   %r8, %r9, %r10, %r11
        \step   %r9, %r10, %r11, %r8
        \step   %r10, %r11, %r8, %r9
        \step   %r11, %r8, %r9, %r10
        /* (rcx, r8..r11) = U + H < 2p */
        xor     %ecx, %ecx
        add     %r12, %r8
        adc     %r13, %r9
        adc     %r14, %r10
        adc     %r15, %r11
        adc     $0, %rcx
        /* r12..r15 = the sum - p; the borrow out of the top limb (CF)
         * says the sum is < p and keeps it */
        mov     %r8, %r12
        mov     %r9, %r13
        mov     %r10, %r14
        mov     %r11, %r15
        sub     $-1, %r12
        sbb     .Lp256_p+8(%rip), %r13
        sbb     $0, %r14
        sbb     %rbx, %r15
        sbb     $0, %rcx
        cmovnc  %r12, %r8
        cmovnc  %r13, %r9
        cmovnc  %r14, %r10
        cmovnc  %r15, %r11
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
.endm

.macro  P256_PUSH
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
.endm

.macro  P256_POP
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
.endm

/*
 * One row of the product with MUL: t[i..i+4) += A b, t[i+4] = the carry
 * limb (rbp = b, rsi = A); a b_j + t + c < 2^128, so rdx never carries
 * out. Clobbers rax, rdx, rcx.
 */
.macro  P256_MUL_ROW t0, t1, t2, t3, t4
        mov     (%rsi), %rax
        mul     %rbp
        add     %rax, \t0
        adc     $0, %rdx
        mov     %rdx, %rcx
        mov     8(%rsi), %rax
        mul     %rbp
        add     %rcx, \t1
        adc     $0, %rdx
        add     %rax, \t1
        adc     $0, %rdx
        mov     %rdx, %rcx
        mov     16(%rsi), %rax
        mul     %rbp
        add     %rcx, \t2
        adc     $0, %rdx
        add     %rax, \t2
        adc     $0, %rdx
        mov     %rdx, %rcx
        mov     24(%rsi), %rax
        mul     %rbp
        add     %rcx, \t3
        adc     $0, %rdx
        add     %rax, \t3
        adc     $0, %rdx
        mov     %rdx, \t4
.endm

/*
 * void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B. The product T in r8..r15 (t0..t7) row by
 * row, then the reduction. X is written last: it may be A or B.
 */
        .text
        .section .text.p256_fe_mul_asm,"ax",@progbits
        .globl  p256_fe_mul_asm
        .type   p256_fe_mul_asm,@function
        .p2align 4
p256_fe_mul_asm:
        P256_PUSH
        mov     %rdx, %rbx          /* B */
        /* row 0: t0..t4 = A B[0] */
        mov     (%rbx), %rbp
        mov     (%rsi), %rax
        mul     %rbp
        mov     %rax, %r8
        mov     %rdx, %r9
        mov     8(%rsi), %rax
        mul     %rbp
        add     %rax, %r9
        adc     $0, %rdx
        mov     %rdx, %r10
        mov     16(%rsi), %rax
        mul     %rbp
        add     %rax, %r10
        adc     $0, %rdx
        mov     %rdx, %r11
        mov     24(%rsi), %rax
        mul     %rbp
        add     %rax, %r11
        adc     $0, %rdx
        mov     %rdx, %r12
        mov     8(%rbx), %rbp
        P256_MUL_ROW %r9, %r10, %r11, %r12, %r13
        mov     16(%rbx), %rbp
        P256_MUL_ROW %r10, %r11, %r12, %r13, %r14
        mov     24(%rbx), %rbp
        P256_MUL_ROW %r11, %r12, %r13, %r14, %r15
        mov     .Lp256_p+24(%rip), %rbx
        P256_REDC_FINISH P256_REDC_STEP
        P256_POP
        ret
        .size   p256_fe_mul_asm, .-p256_fe_mul_asm

/*
 * void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A)
 *   rdi = X, rsi = A. The six cross products a_i a_j (i < j) at
 * r9..r14 (t1..t6), doubled with one ADD/ADC chain into r15 (t7), then the
 * squares a_i^2 added; MUL clobbers the flags, so the carry between the
 * square additions is kept in rcx as 0 / -1 (SBB) and turned back into CF
 * (NEG sets CF when rcx != 0). A^2 < 2^512: no carry out of t7.
 */
        .section .text.p256_fe_sqr_asm,"ax",@progbits
        .globl  p256_fe_sqr_asm
        .type   p256_fe_sqr_asm,@function
        .p2align 4
p256_fe_sqr_asm:
        P256_PUSH
        mov     (%rsi), %rbp        /* a0 */
        mov     8(%rsi), %rax
        mul     %rbp
        mov     %rax, %r9
        mov     %rdx, %r10
        mov     16(%rsi), %rax
        mul     %rbp
        add     %rax, %r10
        adc     $0, %rdx
        mov     %rdx, %r11
        mov     24(%rsi), %rax
        mul     %rbp
        add     %rax, %r11
        adc     $0, %rdx
        mov     %rdx, %r12          /* t1..t4 = a0 (a1, a2, a3) */
        mov     8(%rsi), %rbp       /* a1 */
        mov     16(%rsi), %rax
        mul     %rbp
        add     %rax, %r11
        adc     $0, %rdx
        mov     %rdx, %rcx
        mov     24(%rsi), %rax
        mul     %rbp
        add     %rcx, %r12
        adc     $0, %rdx
        add     %rax, %r12
        adc     $0, %rdx
        mov     %rdx, %r13          /* + a1 (a2, a3) at t3..t5 */
        mov     16(%rsi), %rax
        mulq    24(%rsi)
        add     %rax, %r13
        adc     $0, %rdx
        mov     %rdx, %r14          /* + a2 a3 at t5..t6 */
        xor     %r15d, %r15d
        add     %r9, %r9
        adc     %r10, %r10
        adc     %r11, %r11
        adc     %r12, %r12
        adc     %r13, %r13
        adc     %r14, %r14
        adc     $0, %r15            /* t1..t7 doubled */
        mov     (%rsi), %rax
        mul     %rax
        mov     %rax, %r8
        mov     %rdx, %rbx          /* a0^2: t0, and the high limb to t1 */
        mov     8(%rsi), %rax
        mul     %rax
        add     %rbx, %r9
        adc     %rax, %r10
        adc     %rdx, %r11
        sbb     %rcx, %rcx
        mov     16(%rsi), %rax
        mul     %rax
        neg     %rcx
        adc     %rax, %r12
        adc     %rdx, %r13
        sbb     %rcx, %rcx
        mov     24(%rsi), %rax
        mul     %rax
        neg     %rcx
        adc     %rax, %r14
        adc     %rdx, %r15
        mov     .Lp256_p+24(%rip), %rbx
        P256_REDC_FINISH P256_REDC_STEP
        P256_POP
        ret
        .size   p256_fe_sqr_asm, .-p256_fe_sqr_asm

/*
 * One row of the product with MULX: t[i..i+4) += A b, t[i+4] = the carry
 * limb (rdx = b, rsi = A): the low halves on the CF chain, the high halves
 * on the OF chain, both ending in t[i+4] (< 2^64: the row's sum is
 * < 2^320). Clobbers rax, rcx.
 */
.macro  P256_MULX_ROW t0, t1, t2, t3, t4
        xor     %eax, %eax          /* CF = OF = 0 */
        mulx    (%rsi), %rax, %rcx
        adcx    %rax, \t0
        adox    %rcx, \t1
        mulx    8(%rsi), %rax, %rcx
        adcx    %rax, \t1
        adox    %rcx, \t2
        mulx    16(%rsi), %rax, %rcx
        adcx    %rax, \t2
        adox    %rcx, \t3
        mulx    24(%rsi), %rax, \t4
        adcx    %rax, \t3
        mov     $0, %eax            /* MOV keeps the flags */
        adcx    %rax, \t4
        adox    %rax, \t4
.endm

/*
 * void p256_fe_mul_asm_mulx(ct_limb_t *X, const ct_limb_t *A,
 *                           const ct_limb_t *B)
 *   as p256_fe_mul_asm, with MULX/ADCX/ADOX (BMI2 and ADX).
 */
        .section .text.p256_fe_mul_asm_mulx,"ax",@progbits
        .globl  p256_fe_mul_asm_mulx
        .type   p256_fe_mul_asm_mulx,@function
        .p2align 4
p256_fe_mul_asm_mulx:
        P256_PUSH
        mov     %rdx, %rbx          /* B */
        mov     (%rbx), %rdx
        mulx    (%rsi), %r8, %r9
        mulx    8(%rsi), %rax, %r10
        add     %rax, %r9
        mulx    16(%rsi), %rax, %r11
        adc     %rax, %r10
        mulx    24(%rsi), %rax, %r12
        adc     %rax, %r11
        adc     $0, %r12            /* t0..t4 = A B[0] */
        mov     8(%rbx), %rdx
        P256_MULX_ROW %r9, %r10, %r11, %r12, %r13
        mov     16(%rbx), %rdx
        P256_MULX_ROW %r10, %r11, %r12, %r13, %r14
        mov     24(%rbx), %rdx
        P256_MULX_ROW %r11, %r12, %r13, %r14, %r15
        mov     .Lp256_p+24(%rip), %rbx
        mov     $32, %ecx
        P256_REDC_FINISH P256_REDC_STEP_MULX
        P256_POP
        ret
        .size   p256_fe_mul_asm_mulx, .-p256_fe_mul_asm_mulx

/*
 * void p256_fe_sqr_asm_mulx(ct_limb_t *X, const ct_limb_t *A)
 *   as p256_fe_sqr_asm: the cross products with MULX, then the doubling
 * on the CF chain (ADCX t, t) and the squares on the OF chain (ADOX),
 * side by side.
 */
        .section .text.p256_fe_sqr_asm_mulx,"ax",@progbits
        .globl  p256_fe_sqr_asm_mulx
        .type   p256_fe_sqr_asm_mulx,@function
        .p2align 4
p256_fe_sqr_asm_mulx:
        P256_PUSH
        mov     (%rsi), %rdx        /* a0 */
        mulx    8(%rsi), %r9, %r10
        mulx    16(%rsi), %rax, %r11
        mulx    24(%rsi), %rcx, %r12
        add     %rax, %r10
        adc     %rcx, %r11
        adc     $0, %r12            /* t1..t4 = a0 (a1, a2, a3) */
        mov     8(%rsi), %rdx       /* a1 */
        mulx    16(%rsi), %rax, %rcx
        mulx    24(%rsi), %rbp, %r13
        add     %rcx, %rbp
        adc     $0, %r13            /* (r13, rbp, rax) = a1 (a2, a3) */
        add     %rax, %r11
        adc     %rbp, %r12
        adc     $0, %r13            /* + at t3..t5 */
        mov     16(%rsi), %rdx
        mulx    24(%rsi), %rax, %r14
        add     %rax, %r13
        adc     $0, %r14            /* + a2 a3 at t5..t6 */
        xor     %r15d, %r15d        /* t7 = 0; CF = OF = 0 */
        mov     (%rsi), %rdx
        mulx    %rdx, %r8, %rax
        adcx    %r9, %r9
        adox    %rax, %r9
        mov     8(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r10, %r10
        adox    %rax, %r10
        adcx    %r11, %r11
        adox    %rcx, %r11
        mov     16(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r12, %r12
        adox    %rax, %r12
        adcx    %r13, %r13
        adox    %rcx, %r13
        mov     24(%rsi), %rdx
        mulx    %rdx, %rax, %rcx
        adcx    %r14, %r14
        adox    %rax, %r14
        adcx    %r15, %r15
        adox    %rcx, %r15
        mov     .Lp256_p+24(%rip), %rbx
        mov     $32, %ecx
        P256_REDC_FINISH P256_REDC_STEP_MULX
        P256_POP
        ret
        .size   p256_fe_sqr_asm_mulx, .-p256_fe_sqr_asm_mulx

/*
 * void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B. (rbx, r8..r11) = A + B < 2p; minus p in
 * (rax, rcx, rdx, rsi); the borrow out of the top keeps the sum.
 */
        .section .text.p256_fe_add_asm,"ax",@progbits
        .globl  p256_fe_add_asm
        .type   p256_fe_add_asm,@function
        .p2align 4
p256_fe_add_asm:
        push    %rbx
        xor     %ebx, %ebx
        mov     (%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        add     (%rdx), %r8
        adc     8(%rdx), %r9
        adc     16(%rdx), %r10
        adc     24(%rdx), %r11
        adc     $0, %rbx
        mov     %r8, %rax
        mov     %r9, %rcx
        mov     %r10, %rdx
        mov     %r11, %rsi
        sub     $-1, %rax
        sbb     .Lp256_p+8(%rip), %rcx
        sbb     $0, %rdx
        sbb     .Lp256_p+24(%rip), %rsi
        sbb     $0, %rbx
        cmovnc  %rax, %r8
        cmovnc  %rcx, %r9
        cmovnc  %rdx, %r10
        cmovnc  %rsi, %r11
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
        pop     %rbx
        ret
        .size   p256_fe_add_asm, .-p256_fe_add_asm

/*
 * r8..r11 = r8..r11 - (rdx) (the four limbs at rdx); then p is added
 * under the mask of the borrow (SBB: 0 or all ones): P0 & mask = mask,
 * P1 & mask = mask >> 32, P3 & mask = -(mask >> 32) (P3 = -P1 mod 2^64).
 * The difference is > -p, so the sum is in [0, p) and its carry cancels
 * the borrow. Stores X; clobbers rax, rcx, rsi.
 */
.macro  P256_SUB_FINISH
        sub     (%rdx), %r8
        sbb     8(%rdx), %r9
        sbb     16(%rdx), %r10
        sbb     24(%rdx), %r11
        sbb     %rax, %rax
        mov     %rax, %rcx
        shr     $32, %rcx
        mov     %rcx, %rsi
        neg     %rsi
        add     %rax, %r8
        adc     %rcx, %r9
        adc     $0, %r10
        adc     %rsi, %r11
        mov     %r8, (%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
.endm

/*
 * void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
 *   rdi = X, rsi = A, rdx = B.
 */
        .section .text.p256_fe_sub_asm,"ax",@progbits
        .globl  p256_fe_sub_asm
        .type   p256_fe_sub_asm,@function
        .p2align 4
p256_fe_sub_asm:
        mov     (%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        P256_SUB_FINISH
        ret
        .size   p256_fe_sub_asm, .-p256_fe_sub_asm

/*
 * void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A)
 *   rdi = X, rsi = A: 0 - A, which borrows exactly when A != 0, plus p
 * then (p - A; 0 for A = 0).
 */
        .section .text.p256_fe_neg_asm,"ax",@progbits
        .globl  p256_fe_neg_asm
        .type   p256_fe_neg_asm,@function
        .p2align 4
p256_fe_neg_asm:
        mov     %rsi, %rdx
        xor     %r8d, %r8d
        xor     %r9d, %r9d
        xor     %r10d, %r10d
        xor     %r11d, %r11d
        P256_SUB_FINISH
        ret
        .size   p256_fe_neg_asm, .-p256_fe_neg_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",@progbits
#endif

#endif
