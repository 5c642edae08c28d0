/*
 * x86_64.h - constant-time leaves for x86-64 (included by ct.h only).
 *
 * lt: CMP sets CF to the borrow of a - b; SBB r, r turns it into 0 or -1.
 * iszero: CMP $1, x borrows exactly when x == 0. sel: TEST + CMOV, which
 * executes in fixed time and makes no memory access when its operands are
 * registers. None of these instructions has data-dependent latency.
 */
#define CT_ASM_NAME "x86_64"

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    uint64_t r;
    __asm__("cmpl %k2, %k1\n\tsbbq %0, %0" : "=r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    uint64_t r;
    __asm__("cmpl $1, %k1\n\tsbbq %0, %0" : "=r"(r) : "r"(x) : "cc");
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    __asm__("testq %1, %1\n\tcmovnel %k2, %k0" : "+r"(b) : "r"(m), "r"(a) : "cc");
    return b;
}

CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("cmpq %2, %1\n\tsbbq %0, %0" : "=r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero64(uint64_t x)
{
    uint64_t r;
    __asm__("cmpq $1, %1\n\tsbbq %0, %0" : "=r"(r) : "r"(x) : "cc");
    return r;
}

CT_INLINE uint64_t ct_asm_sel64(ct_word_t m, uint64_t a, uint64_t b)
{
    __asm__("testq %1, %1\n\tcmovneq %2, %0" : "+r"(b) : "r"(m), "r"(a) : "cc");
    return b;
}
