/*
 * thumb1.h - constant-time leaves for Armv6-M (Cortex-M0/M0+/M1), Thumb-1
 * only (included by ct.h only).
 *
 * The same sequences as arm.h in the two-operand, low-register, always
 * flag-setting forms Thumb-1 has ("l" constraints). MOV between registers
 * does not touch the flags, so the carry survives it in lt64.
 */
#define CT_ASM_NAME "thumb1"

/* GCC switches the assembler to the old divided syntax around Thumb-1
 * inline asm; these templates are written in unified syntax. clang's
 * assembler always reads unified syntax. */
#if defined(__clang__)
#define CT_T1_(text) text
#else
#define CT_T1_(text) ".syntax unified\n\t" text "\n\t.syntax divided"
#endif

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__(CT_T1_("subs %0, %1, %2\n\tsbcs %0, %0, %0")
: "=l"(r) : "l"(a), "l"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    uint32_t r;
    __asm__(CT_T1_("subs %0, %1, #1\n\tsbcs %0, %0, %0")
: "=l"(r) : "l"(x) : "cc");
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__(CT_T1_("mov %0, %2\n\teors %0, %0, %3\n\tands %0, %0, %1\n\teors %0, %0, %3")
: "=&l"(r) : "l"(m), "l"(a), "l"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint32_t r;
    __asm__(CT_T1_("subs %0, %1, %3\n\tmov %0, %2\n\tsbcs %0, %0, %4\n\tsbcs %0, %0, %0")
: "=&l"(r)
            : "l"((uint32_t)a), "l"((uint32_t)(a >> 32)),
              "l"((uint32_t)b), "l"((uint32_t)(b >> 32))
            : "cc");
    return r;
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
