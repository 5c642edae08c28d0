/*
 * riscv.h - constant-time leaves for RV32 and RV64 (included by ct.h only).
 *
 * SLTU/SEQZ produce 0 or 1 without a branch, NEG turns that into a mask;
 * sel is XOR/AND/XOR. Only base-ISA instructions (no M-extension ops, so no
 * divide and no multiply). On RV64 32-bit operands are passed sign-extended
 * (the ABI's canonical form, so the extension is free): sign extension keeps
 * the unsigned order of 32-bit values, and zero stays zero.
 * On RV32 the 64-bit comparisons are composed from the 32-bit leaves.
 */
#if __riscv_xlen == 64
#define CT_ASM_NAME "rv64"
#define CT_RV_X_(v) ((uint64_t)(int64_t)(int32_t)(v))
typedef uint64_t ct_rv_reg_t;
#else
#define CT_ASM_NAME "rv32"
#define CT_RV_X_(v) ((uint32_t)(v))
typedef uint32_t ct_rv_reg_t;
#endif

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    ct_rv_reg_t r;
    __asm__("sltu %0, %1, %2\n\tneg %0, %0" : "=r"(r) : "r"(CT_RV_X_(a)), "r"(CT_RV_X_(b)));
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    ct_rv_reg_t r;
    __asm__("seqz %0, %1\n\tneg %0, %0" : "=r"(r) : "r"(CT_RV_X_(x)));
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    ct_rv_reg_t r;
    __asm__("xor %0, %2, %3\n\tand %0, %0, %1\n\txor %0, %0, %3"
            : "=&r"(r) : "r"(m), "r"(CT_RV_X_(a)), "r"(CT_RV_X_(b)));
    return (uint32_t)r;
}

#if __riscv_xlen == 64
CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("sltu %0, %1, %2\n\tneg %0, %0" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero64(uint64_t x)
{
    uint64_t r;
    __asm__("seqz %0, %1\n\tneg %0, %0" : "=r"(r) : "r"(x));
    return r;
}

CT_INLINE uint64_t ct_asm_sel64(ct_word_t m, uint64_t a, uint64_t b)
{
    uint64_t r;
    __asm__("xor %0, %2, %3\n\tand %0, %0, %1\n\txor %0, %0, %3"
            : "=&r"(r) : "r"(m), "r"(a), "r"(b));
    return r;
}
#else
CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint32_t ah = (uint32_t)(a >> 32), bh = (uint32_t)(b >> 32);
    return ct_asm_lt32(ah, bh)
           | (ct_asm_iszero32(ah ^ bh) & ct_asm_lt32((uint32_t)a, (uint32_t)b));
}

CT_INLINE ct_word_t ct_asm_iszero64(uint64_t x)
{
    return ct_asm_iszero32((uint32_t)x | (uint32_t)(x >> 32));
}

CT_INLINE uint64_t ct_asm_sel64(ct_word_t m, uint64_t a, uint64_t b)
{
    uint32_t lo = ct_asm_sel32(m, (uint32_t)a, (uint32_t)b);
    uint32_t hi = ct_asm_sel32(m, (uint32_t)(a >> 32), (uint32_t)(b >> 32));
    return ((uint64_t)hi << 32) | lo;
}
#endif
