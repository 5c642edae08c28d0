/*
 * ct_helpers.c - every CT_INLINE helper of src/ct/ct.h as an out-of-line
 * function ctw_<helper>, compiled with the library's flags for every target
 * and profile by tools/check_codegen_lib.py. The helpers are forced inline
 * and never exist as functions in the library, so a leak inside one would
 * otherwise only show inside its callers, some of which may branch on
 * public data. The check requires every ctw_ function to be straight-line
 * code (no forward conditional branch, no call, no division), and fails
 * when a CT_INLINE helper of ct.h has no wrapper here: add one line below
 * for every new helper. The assembly leaves (ct_asm_*) are wrapped too
 * where the build uses them.
 *
 * Negative control: with -DCTW_INJECT_BRANCH=1, ctw_ct_cond_from_bit wraps
 * a copy of ct_cond_from_bit with an early return, which the check must
 * flag.
 */
#include "ct/ct.h"

/* CTWn(return type, helper, parameter types...): ctw_<helper>(...) */
#define CTW0(r, f) r ctw_##f(void); r ctw_##f(void) { return f(); }
#define CTW1(r, f, t1) r ctw_##f(t1 a); r ctw_##f(t1 a) { return f(a); }
#define CTW2(r, f, t1, t2) \
    r ctw_##f(t1 a, t2 b); r ctw_##f(t1 a, t2 b) { return f(a, b); }
#define CTW3(r, f, t1, t2, t3) \
    r ctw_##f(t1 a, t2 b, t3 c); r ctw_##f(t1 a, t2 b, t3 c) { return f(a, b, c); }
#define CTV3(f, t1, t2, t3) \
    void ctw_##f(t1 a, t2 b, t3 c); void ctw_##f(t1 a, t2 b, t3 c) { f(a, b, c); }

#ifndef CTW_INJECT_BRANCH
#define CTW_INJECT_BRANCH 0
#endif
#if CTW_INJECT_BRANCH
/* ct_cond_from_bit rewritten with an early return: a secret branch. The
 * empty volatile asm statement keeps compilers from turning the two paths
 * back into straight-line code (A32 gcc would otherwise predicate the
 * negation: cmp; rsbne), so that the branch the control stands for is in
 * the machine code on every target. */
CT_INLINE ct_cond ctw_injected_cond_from_bit(uint32_t bit)
{
    if (!bit) {
        __asm__ volatile("");
        return ct_cond_false();
    }
    return ct_cond_make_(ct_barrier_word((ct_word_t)0 - (ct_word_t)bit));
}
#define CTW_COND_FROM_BIT ctw_injected_cond_from_bit
#else
#define CTW_COND_FROM_BIT ct_cond_from_bit
#endif

/* the barrier and the C twins */
CTW1(uint32_t, ct_barrier_u32, uint32_t)
CTW1(uint64_t, ct_barrier_u64, uint64_t)
CTW1(uint64_t, ct_mask_widen64_, ct_word_t)
CTW2(ct_word_t, ct_c_lt32, uint32_t, uint32_t)
CTW1(ct_word_t, ct_c_iszero32, uint32_t)
CTW3(uint32_t, ct_c_sel32, ct_word_t, uint32_t, uint32_t)
CTW2(ct_word_t, ct_c_lt64, uint64_t, uint64_t)
CTW1(ct_word_t, ct_c_iszero64, uint64_t)
CTW3(uint64_t, ct_c_sel64, ct_word_t, uint64_t, uint64_t)

/* the assembly leaves, where this build has them */
#if CT_HAVE_ASM
CTW2(ct_word_t, ct_asm_lt32, uint32_t, uint32_t)
CTW1(ct_word_t, ct_asm_iszero32, uint32_t)
CTW3(uint32_t, ct_asm_sel32, ct_word_t, uint32_t, uint32_t)
CTW2(ct_word_t, ct_asm_lt64, uint64_t, uint64_t)
CTW1(ct_word_t, ct_asm_iszero64, uint64_t)
CTW3(uint64_t, ct_asm_sel64, ct_word_t, uint64_t, uint64_t)
#endif

/* the selected leaves */
CTW2(ct_word_t, ct_lt32_, uint32_t, uint32_t)
CTW1(ct_word_t, ct_iszero32_, uint32_t)
CTW3(uint32_t, ct_sel32_, ct_word_t, uint32_t, uint32_t)
CTW2(ct_word_t, ct_lt64_, uint64_t, uint64_t)
CTW1(ct_word_t, ct_iszero64_, uint64_t)
CTW3(uint64_t, ct_sel64_, ct_word_t, uint64_t, uint64_t)

/* conditions */
CTW1(ct_cond, ct_cond_make_, ct_word_t)
CTW0(ct_cond, ct_cond_true)
CTW0(ct_cond, ct_cond_false)
ct_cond ctw_ct_cond_from_bit(uint32_t bit);
ct_cond ctw_ct_cond_from_bit(uint32_t bit) { return CTW_COND_FROM_BIT(bit); }
CTW2(ct_cond, ct_cond_and, ct_cond, ct_cond)
CTW2(ct_cond, ct_cond_or, ct_cond, ct_cond)
CTW2(ct_cond, ct_cond_xor, ct_cond, ct_cond)
CTW1(ct_cond, ct_cond_not, ct_cond)
CTW1(uint32_t, ct_cond_mask32, ct_cond)
CTW1(uint64_t, ct_cond_mask64, ct_cond)
CTW1(uint32_t, ct_cond_bit, ct_cond)
CTW1(int, ct_cond_declassify, ct_cond)
CTW1(ct_limb_t, ct_cond_mask_limb, ct_cond)

/* 32- and 64-bit words */
CTW2(ct_cond, ct_u32_lt, uint32_t, uint32_t)
CTW2(ct_cond, ct_u32_gt, uint32_t, uint32_t)
CTW2(ct_cond, ct_u32_le, uint32_t, uint32_t)
CTW2(ct_cond, ct_u32_ge, uint32_t, uint32_t)
CTW1(ct_cond, ct_u32_is_zero, uint32_t)
CTW1(ct_cond, ct_u32_nonzero, uint32_t)
CTW2(ct_cond, ct_u32_eq, uint32_t, uint32_t)
CTW2(ct_cond, ct_u32_ne, uint32_t, uint32_t)
CTW3(uint32_t, ct_u32_sel, ct_cond, uint32_t, uint32_t)
CTV3(ct_u32_cassign, ct_cond, uint32_t *, uint32_t)
CTV3(ct_u32_cswap, ct_cond, uint32_t *, uint32_t *)
CTW2(ct_cond, ct_u64_lt, uint64_t, uint64_t)
CTW2(ct_cond, ct_u64_gt, uint64_t, uint64_t)
CTW2(ct_cond, ct_u64_le, uint64_t, uint64_t)
CTW2(ct_cond, ct_u64_ge, uint64_t, uint64_t)
CTW1(ct_cond, ct_u64_is_zero, uint64_t)
CTW1(ct_cond, ct_u64_nonzero, uint64_t)
CTW2(ct_cond, ct_u64_eq, uint64_t, uint64_t)
CTW2(ct_cond, ct_u64_ne, uint64_t, uint64_t)
CTW3(uint64_t, ct_u64_sel, ct_cond, uint64_t, uint64_t)
CTV3(ct_u64_cassign, ct_cond, uint64_t *, uint64_t)
CTV3(ct_u64_cswap, ct_cond, uint64_t *, uint64_t *)

/* size_t and limbs */
CTW2(ct_cond, ct_sz_lt, size_t, size_t)
CTW2(ct_cond, ct_sz_gt, size_t, size_t)
CTW2(ct_cond, ct_sz_le, size_t, size_t)
CTW2(ct_cond, ct_sz_ge, size_t, size_t)
CTW2(ct_cond, ct_sz_eq, size_t, size_t)
CTW2(ct_cond, ct_sz_ne, size_t, size_t)
CTW1(ct_cond, ct_sz_is_zero, size_t)
CTW1(ct_cond, ct_sz_nonzero, size_t)
CTW3(size_t, ct_sz_sel, ct_cond, size_t, size_t)
CTW2(ct_cond, ct_limb_lt, ct_limb_t, ct_limb_t)
CTW2(ct_cond, ct_limb_gt, ct_limb_t, ct_limb_t)
CTW2(ct_cond, ct_limb_le, ct_limb_t, ct_limb_t)
CTW2(ct_cond, ct_limb_ge, ct_limb_t, ct_limb_t)
CTW2(ct_cond, ct_limb_eq, ct_limb_t, ct_limb_t)
CTW2(ct_cond, ct_limb_ne, ct_limb_t, ct_limb_t)
CTW1(ct_cond, ct_limb_is_zero, ct_limb_t)
CTW1(ct_cond, ct_limb_nonzero, ct_limb_t)
CTW3(ct_limb_t, ct_limb_sel, ct_cond, ct_limb_t, ct_limb_t)
CTV3(ct_limb_cassign, ct_cond, ct_limb_t *, ct_limb_t)
CTV3(ct_limb_cswap, ct_cond, ct_limb_t *, ct_limb_t *)
