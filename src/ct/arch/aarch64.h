/*
 * aarch64.h - constant-time leaves for AArch64 (included by ct.h only).
 *
 * CMP + CSETM produce the mask, TST + CSEL select; conditional select and
 * set are single-cycle, data-independent instructions (no branch).
 */
#define CT_ASM_NAME "aarch64"

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    uint64_t r;
    __asm__("cmp %w1, %w2\n\tcsetm %0, lo" : "=r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    uint64_t r;
    __asm__("cmp %w1, #0\n\tcsetm %0, eq" : "=r"(r) : "r"(x) : "cc");
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("cmp %1, #0\n\tcsel %w0, %w2, %w3, ne" : "=r"(r) : "r"(m), "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("cmp %1, %2\n\tcsetm %0, lo" : "=r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero64(uint64_t x)
{
    uint64_t r;
    __asm__("cmp %1, #0\n\tcsetm %0, eq" : "=r"(r) : "r"(x) : "cc");
    return r;
}

CT_INLINE uint64_t ct_asm_sel64(ct_word_t m, uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("cmp %1, #0\n\tcsel %0, %2, %3, ne" : "=r"(r) : "r"(m), "r"(a), "r"(b) : "cc");
    return r;
}
