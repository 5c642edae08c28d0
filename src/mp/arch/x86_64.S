/*
 * x86_64.S - mp leaves for x86-64 (System V ABI), 64-bit limbs: mp_mla_asm
 * and mp_mont_step_asm (contracts in mp.h; C twins in mp_mul.c and
 * mp_mont_step.c). The row exists twice: mp_mla_asm with MUL, and
 * mp_mla_asm_mulx with MULX and the two carry chains ADCX (CF) / ADOX (OF).
 * mp.h picks one (mp_arch.h): MULX when the compiler may assume BMI2 and
 * ADX, otherwise whichever CPUID allows, asked once at run time. One
 * Montgomery step, with MUL.
 *
 * MUL, MULX, IMUL, ADD/ADC and ADCX/ADOX take the same time whatever the
 * data; the only branches are on loop counters derived from the public n.
 */
#include "mp/mp_arch.h"

#if defined(MP_ASM_X86_64) || defined(MP_ASM_X86_64_MULX)

/*
 * ct_limb_t mp_mla_asm(ct_limb_t *X, const ct_limb_t *A, size_t n,
 *                      ct_limb_t b)
 * ct_limb_t mp_mla_asm_mulx(...)      (the same, with MULX and ADCX/ADOX)
 *   rdi = X, rsi = A, rdx = n, rcx = b; returns the carry limb in rax.
 * X + A*b: n & 3 single limbs first, then groups of four.
 */
        .section .text.mp_mla_asm,"ax",@progbits
        .globl  mp_mla_asm
        .type   mp_mla_asm,@function
        .p2align 4
mp_mla_asm:
        /* (c, X[i]) = A[i] * b + X[i] + c with c in r8; X[i] is added
         * first, so that the carry chain from limb to limb is one ADD and
         * one ADC */
        mov     %rdx, %r10
        mov     %rcx, %r11
        xor     %r8d, %r8d
        mov     %r10, %rcx
        and     $3, %ecx
        jz      2f
1:      mov     (%rsi), %rax
        mul     %r11
        add     (%rdi), %rax
        adc     $0, %rdx
        add     %r8, %rax
        adc     $0, %rdx
        mov     %rax, (%rdi)
        mov     %rdx, %r8
        add     $8, %rsi
        add     $8, %rdi
        dec     %rcx
        jnz     1b
2:      shr     $2, %r10
        jz      4f
3:      mov     (%rsi), %rax
        mul     %r11
        add     (%rdi), %rax
        adc     $0, %rdx
        add     %r8, %rax
        adc     $0, %rdx
        mov     %rax, (%rdi)
        mov     %rdx, %r8
        mov     8(%rsi), %rax
        mul     %r11
        add     8(%rdi), %rax
        adc     $0, %rdx
        add     %r8, %rax
        adc     $0, %rdx
        mov     %rax, 8(%rdi)
        mov     %rdx, %r8
        mov     16(%rsi), %rax
        mul     %r11
        add     16(%rdi), %rax
        adc     $0, %rdx
        add     %r8, %rax
        adc     $0, %rdx
        mov     %rax, 16(%rdi)
        mov     %rdx, %r8
        mov     24(%rsi), %rax
        mul     %r11
        add     24(%rdi), %rax
        adc     $0, %rdx
        add     %r8, %rax
        adc     $0, %rdx
        mov     %rax, 24(%rdi)
        mov     %rdx, %r8
        add     $32, %rsi
        add     $32, %rdi
        dec     %r10
        jnz     3b
4:      mov     %r8, %rax
        ret
        .size   mp_mla_asm, .-mp_mla_asm

        .section .text.mp_mla_asm_mulx,"ax",@progbits
        .globl  mp_mla_asm_mulx
        .type   mp_mla_asm_mulx,@function
        .p2align 4
mp_mla_asm_mulx:
        /*
         * Limb i: (h, l) = A[i] * b (MULX, no flags); X[i] += l on the CF
         * chain (ADCX) and += h of limb i - 1 on the OF chain (ADOX). Each
         * chain carries into the next limb; at the end the carry limb is
         * the last h plus both flags. Loop control uses LEA and JRCXZ,
         * which leave the flags alone.
         */
        mov     %rcx, %rax
        mov     %rdx, %r10
        mov     %rax, %rdx          /* MULX multiplies by rdx = b */
        mov     %r10, %rcx
        and     $3, %ecx
        shr     $2, %r10
        xor     %r8d, %r8d          /* h of the previous limb; CF = OF = 0 */
        jrcxz   2f
1:      mulx    (%rsi), %rax, %r9
        adcx    (%rdi), %rax
        adox    %r8, %rax
        mov     %rax, (%rdi)
        mov     %r9, %r8
        lea     8(%rsi), %rsi
        lea     8(%rdi), %rdi
        lea     -1(%rcx), %rcx
        jrcxz   2f
        jmp     1b
2:      mov     %r10, %rcx
        jrcxz   4f
3:      mulx    (%rsi), %rax, %r9
        adcx    (%rdi), %rax
        adox    %r8, %rax
        mov     %rax, (%rdi)
        mulx    8(%rsi), %rax, %r8
        adcx    8(%rdi), %rax
        adox    %r9, %rax
        mov     %rax, 8(%rdi)
        mulx    16(%rsi), %rax, %r9
        adcx    16(%rdi), %rax
        adox    %r8, %rax
        mov     %rax, 16(%rdi)
        mulx    24(%rsi), %rax, %r8
        adcx    24(%rdi), %rax
        adox    %r9, %rax
        mov     %rax, 24(%rdi)
        lea     32(%rsi), %rsi
        lea     32(%rdi), %rdi
        lea     -1(%rcx), %rcx
        jrcxz   4f
        jmp     3b
4:      mov     $0, %eax            /* MOV keeps the flags */
        adcx    %rax, %r8
        adox    %rax, %r8
        mov     %r8, %rax
        ret
        .size   mp_mla_asm_mulx, .-mp_mla_asm_mulx

/*
 * ct_limb_t mp_mont_step_asm(ct_limb_t *T, ct_limb_t top,
 *                            const ct_limb_t *A, ct_limb_t b,
 *                            const ct_limb_t *N, size_t n, ct_limb_t ninv)
 *   rdi = T, rsi = top, rdx = A, rcx = b, r8 = N, r9 = n, ninv on the
 *   stack; returns the new top in rax.
 * Two chains per limb as in the C twin: c1 (rbx) for T + A*b, c2 (rbp)
 * for + m*N (m in r11); limb j of the sum is stored at T[j - 1].
 */
        .section .text.mp_mont_step_asm,"ax",@progbits
        .globl  mp_mont_step_asm
        .type   mp_mont_step_asm,@function
        .p2align 4
mp_mont_step_asm:
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        mov     %rdx, %r10          /* A */
        mov     40(%rsp), %r11      /* ninv: 4 pushes + return address */
        mov     (%r10), %rax
        mul     %rcx
        add     (%rdi), %rax
        adc     $0, %rdx
        mov     %rdx, %rbx          /* c1 */
        mov     %rax, %r12          /* low limb of T + A*b */
        imul    %r11, %rax
        mov     %rax, %r11          /* m = low * ninv mod 2^64 */
        mulq    (%r8)
        add     %r12, %rax          /* the low limb becomes 0 */
        adc     $0, %rdx
        mov     %rdx, %rbp          /* c2 */
        lea     -1(%r9), %r13
        test    %r13, %r13
        jz      2f
1:      mov     8(%r10), %rax
        mul     %rcx
        add     8(%rdi), %rax
        adc     $0, %rdx
        add     %rbx, %rax
        adc     $0, %rdx
        mov     %rdx, %rbx
        mov     %rax, %r12
        mov     8(%r8), %rax
        mul     %r11
        add     %rbp, %rax
        adc     $0, %rdx
        add     %r12, %rax
        adc     $0, %rdx
        mov     %rax, (%rdi)
        mov     %rdx, %rbp
        lea     8(%r10), %r10
        lea     8(%r8), %r8
        lea     8(%rdi), %rdi
        dec     %r13
        jnz     1b
        /* T[n - 1] = c1 + c2 + top; the carry out (0 or 1) is returned */
2:      xor     %eax, %eax
        add     %rbp, %rbx
        adc     $0, %eax
        add     %rsi, %rbx
        adc     $0, %eax
        mov     %rbx, (%rdi)
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
        .size   mp_mont_step_asm, .-mp_mont_step_asm

#if defined(__ELF__)
        .section .note.GNU-stack,"",@progbits
#endif

#endif
