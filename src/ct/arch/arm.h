/*
 * arm.h - constant-time leaves for 32-bit Arm with Thumb-2 (Armv7-M,
 * Armv7E-M, Armv7-A/R in Thumb state) or A32 (included by ct.h only).
 *
 * Unified syntax, no IT blocks and no conditional execution, so one text
 * serves both instruction sets. lt: SUBS leaves C = !borrow, SBC r, r, r
 * gives -borrow. iszero: SUBS x, #1 borrows exactly when x == 0. sel uses
 * EOR/AND/EOR. All are single-cycle data-processing instructions on every
 * core concerned; none is a multiply or a divide.
 */
#if defined(__thumb2__)
#define CT_ASM_NAME "thumb2"
#else
#define CT_ASM_NAME "a32"
#endif

CT_INLINE ct_word_t ct_asm_lt32(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("subs %0, %1, %2\n\tsbc %0, %0, %0" : "=r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

CT_INLINE ct_word_t ct_asm_iszero32(uint32_t x)
{
    uint32_t r;
    __asm__("subs %0, %1, #1\n\tsbc %0, %0, %0" : "=r"(r) : "r"(x) : "cc");
    return r;
}

CT_INLINE uint32_t ct_asm_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("eor %0, %2, %3\n\tand %0, %0, %1\n\teor %0, %0, %3"
            : "=&r"(r) : "r"(m), "r"(a), "r"(b));
    return r;
}

CT_INLINE ct_word_t ct_asm_lt64(uint64_t a, uint64_t b)
{
    uint32_t r;
    __asm__("subs %0, %1, %3\n\tsbcs %0, %2, %4\n\tsbc %0, %0, %0"
            : "=&r"(r)
            : "r"((uint32_t)a), "r"((uint32_t)(a >> 32)),
              "r"((uint32_t)b), "r"((uint32_t)(b >> 32))
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
