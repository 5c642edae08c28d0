/*
 * xtensa.h - constant-time leaves for Xtensa (LX106 and later; call0 or
 * windowed ABI; included by ct.h only).
 *
 * Xtensa has no flags and no set-on-less-than in the base ISA (compilers
 * materialise comparisons with branches), so lt computes the borrow of
 * a - b arithmetically: bit 31 of z ^ ((a ^ b) & (b ^ z)), z = a - b, and
 * SRAI by 31 spreads it into a mask. iszero: x | -x has bit 31 set exactly
 * when x != 0; EXTUI takes it and ADDI -1 turns 1/0 into 0/-1. sel is one
 * MOVNEZ (conditional move: a single-cycle ALU instruction, no branch).
 * Only base-ISA instructions are used. 64-bit forms are composed from the
 * 32-bit leaves.
 */
#define CT_ASM_NAME "xtensa"

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    uint32_t r, t, u;
    __asm__("sub  %0, %3, %4\n\t" /* r = z = a - b */
            "xor  %1, %4, %0\n\t" /* t = b ^ z     */
            "xor  %2, %3, %4\n\t" /* u = a ^ b     */
            "and  %1, %1, %2\n\t"
            "xor  %0, %0, %1\n\t"
            "srai %0, %0, 31"
            : "=&r"(r), "=&r"(t), "=&r"(u)
            : "r"(a), "r"(b));
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    uint32_t r;
    __asm__("neg  %0, %1\n\t"
            "or   %0, %0, %1\n\t"
            "extui %0, %0, 31, 1\n\t"
            "addi %0, %0, -1"
            : "=&r"(r) : "r"(x));
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    __asm__("movnez %0, %2, %1" : "+r"(b) : "r"(m), "r"(a));
    return b;
}

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
