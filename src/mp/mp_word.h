/*
 * mp_word.h - word-level arithmetic of the mp layer: the limb product,
 * add/subtract with carry, and a signed double-width accumulator (for the
 * safegcd inversion). Internal to the library (src/mp, and the P-256 field
 * twin src/ec/p256_field32.c, whose products must be built the same way);
 * everything is forced inline.
 *
 * All values may be secret; nothing here branches, indexes or divides.
 * Two per-target choices, made from compiler macros (and overridable for
 * tests with CTC_MP_MUL_HALVES / CTC_MP_CARRY_ARITH = 0 or 1):
 *
 *  - MP_MUL_HALVES: how a 32x32->64-bit product is formed. 0: the
 *    compiler's (uint64_t)a * b, one instruction or a short fixed sequence
 *    (UMULL on Armv7E-M and the A profile, MUL+MULHU on RV32, IMUL/MUL on
 *    x86). 1: from four 16x16->32-bit products with the core's 32-bit
 *    multiply, on the cores where (uint64_t)a * b is either a call to a
 *    library routine nobody promises to be constant time (Cortex-M0:
 *    __aeabi_lmul; Xtensa lx106: __muldi3, which this library may not even
 *    reference) or an instruction with data-dependent timing (Cortex-M3:
 *    UMULL/UMLAL terminate early). tools/check_codegen_mp.py records what
 *    (uint64_t)a * b compiles to on every target and checks this choice.
 *    64-bit limbs always use the compiler's 128-bit product (one MUL/UMULH
 *    pair on 64-bit targets).
 *
 *  - MP_CARRY_ARITH: how a carry is formed. 0: from a double-width sum
 *    (add/adc on cores with flags, SLTU on RISC-V). 1: from the top bits of
 *    the operands and the sum (carry = maj(a, b, ~s) of the top bits), on
 *    Xtensa, where the compiler materialises every carry - even that of a
 *    64-bit addition - with a conditional branch.
 */
#ifndef MP_MP_WORD_H
#define MP_MP_WORD_H

#include "mp.h"

#ifndef CTC_MP_MUL_HALVES
#if CTC_LIMB_BITS == 32 && (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_7M__) || \
                            (defined(__thumb__) && !defined(__thumb2__)) || \
                            defined(__XTENSA__))
#define CTC_MP_MUL_HALVES 1
#else
#define CTC_MP_MUL_HALVES 0
#endif
#endif
#define MP_MUL_HALVES CTC_MP_MUL_HALVES

#ifndef CTC_MP_CARRY_ARITH
#if defined(__XTENSA__)
#define CTC_MP_CARRY_ARITH 1
#else
#define CTC_MP_CARRY_ARITH 0
#endif
#endif
#define MP_CARRY_ARITH CTC_MP_CARRY_ARITH

#if MP_MUL_HALVES && CTC_LIMB_BITS != 32
#error "CTC_MP_MUL_HALVES needs 32-bit limbs"
#endif

#if MP_MUL_HALVES
#define MP_MUL_NAME "16x16"
#else
#define MP_MUL_NAME "native"
#endif
#if MP_CARRY_ARITH
#define MP_CARRY_NAME "arith"
#else
#define MP_CARRY_NAME "wide"
#endif

#define MP_TOP (MP_LIMB_BITS - 1)

/*
 * Under MemorySanitizer (CTC_CT_CHECK == 2) the high limb of a product and
 * every carry and borrow are poisoned whenever an input was: MSan's shadow
 * of an addition, subtraction or product is the OR of its operands'
 * shadows, bit for bit, so the high half of a double-width result of
 * zero-extended operands (and the top bits of 16x16-bit partial products)
 * would come out "initialised" and a branch on a carry would go unseen
 * (the negative control leaky_borrow_branch shows it). Word-level outputs
 * are thus exactly as secret as their inputs, as for the assembly leaves
 * (ct_check.h). Other builds: nothing.
 */
#if CTC_CT_CHECK == 2
#define MP_W_TAINT(out, in) CT_TAINT(out, in)
#else
#define MP_W_TAINT(out, in) ((void)0)
#endif

#if CTC_LIMB_BITS == 64
__extension__ typedef unsigned __int128 mp_dlimb_t;
__extension__ typedef __int128 mp_sdlimb_t;
typedef int64_t mp_slimb_t;
#else
typedef uint64_t mp_dlimb_t;
typedef int64_t mp_sdlimb_t;
typedef int32_t mp_slimb_t;
#endif

/* ---- product --------------------------------------------------------------- */

/* Returns the low limb of a*b + c + d and stores the high limb in *hi.
 * The sum is at most (2^w - 1)^2 + 2(2^w - 1) = 2^2w - 1: never overflows. */
CT_INLINE ct_limb_t mp_w_mac(ct_limb_t *hi, ct_limb_t a, ct_limb_t b,
                             ct_limb_t c, ct_limb_t d)
{
#if MP_MUL_HALVES
    /*
     * a = a1 2^16 + a0, b = b1 2^16 + b0; four products of 16-bit halves,
     * each < 2^32. The low limb is assembled 16 bits at a time so that no
     * sum needs a carry: t < 3 * 2^16, m < 6 * 2^16. Then
     * a*b + c + d = (t mod 2^16) + m 2^16 + (p11 + p01/2^16 + p10/2^16) 2^32
     * and the high limb below is exact (the whole is < 2^64).
     */
    uint32_t a0 = a & 0xffffu, a1 = a >> 16, b0 = b & 0xffffu, b1 = b >> 16;
    uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint32_t t = (p00 & 0xffffu) + (c & 0xffffu) + (d & 0xffffu);
    uint32_t m = (p00 >> 16) + (p01 & 0xffffu) + (p10 & 0xffffu) + (c >> 16)
                 + (d >> 16) + (t >> 16);

    ct_limb_t h = p11 + (p01 >> 16) + (p10 >> 16) + (m >> 16);
    ct_limb_t l = (t & 0xffffu) | (m << 16);
#else
    mp_dlimb_t t = (mp_dlimb_t)a * b + c + d;
    ct_limb_t h = (ct_limb_t)(t >> MP_LIMB_BITS);
    ct_limb_t l = (ct_limb_t)t;
#endif
    MP_W_TAINT(h, a);
    MP_W_TAINT(h, b);
    MP_W_TAINT(h, c);
    MP_W_TAINT(h, d);
    MP_W_TAINT(l, a);
    MP_W_TAINT(l, b);
    *hi = h;
    return l;
}

/* Low limb of a*b (a single multiply instruction on every target). */
CT_INLINE ct_limb_t mp_w_mul_lo(ct_limb_t a, ct_limb_t b)
{
    return a * b;
}

/* ---- carries --------------------------------------------------------------- */

/* Returns a + b + *c (*c is 0 or 1) and sets *c to the carry out. */
CT_INLINE ct_limb_t mp_w_adc(ct_limb_t a, ct_limb_t b, ct_limb_t *c)
{
    ct_limb_t cin = *c, s, cout;
#if MP_CARRY_ARITH
    s = a + b + cin;
    cout = ((a & b) | ((a | b) & ~s)) >> MP_TOP;
#else
    mp_dlimb_t t = (mp_dlimb_t)a + b + cin;

    cout = (ct_limb_t)(t >> MP_LIMB_BITS);
    s = (ct_limb_t)t;
#endif
    MP_W_TAINT(cout, a);
    MP_W_TAINT(cout, b);
    MP_W_TAINT(cout, cin);
    *c = cout;
    return s;
}

/* Returns a - b - *c (*c is 0 or 1) and sets *c to the borrow out. */
CT_INLINE ct_limb_t mp_w_sbb(ct_limb_t a, ct_limb_t b, ct_limb_t *c)
{
    ct_limb_t cin = *c, d, cout;
#if MP_CARRY_ARITH
    d = a - b - cin;
    cout = ((~a & b) | ((~a | b) & d)) >> MP_TOP;
#else
    mp_dlimb_t t = (mp_dlimb_t)a - b - cin;

    cout = (ct_limb_t)(t >> MP_LIMB_BITS) & 1u;
    d = (ct_limb_t)t;
#endif
    MP_W_TAINT(cout, a);
    MP_W_TAINT(cout, b);
    MP_W_TAINT(cout, cin);
    *c = cout;
    return d;
}

/* ---- signed double-width accumulator (safegcd) -------------------------- */
/*
 * mp_acc holds a signed integer of 2w bits in two's complement. On targets
 * with cheap carries it is the compiler's double-width type; on Xtensa a
 * pair of limbs with the carries above, so that no operation branches.
 * Operations: from a signed limb, add, signed product, the low limb,
 * arithmetic shift right by a public 0 < s < w.
 */
#if !MP_CARRY_ARITH && !MP_MUL_HALVES
typedef mp_sdlimb_t mp_acc;

CT_INLINE mp_acc mp_acc_from(mp_slimb_t v) { return (mp_acc)v; }
CT_INLINE mp_acc mp_acc_add(mp_acc x, mp_acc y)
{
    /* modulo 2^2w, without signed overflow */
    return (mp_acc)((mp_dlimb_t)x + (mp_dlimb_t)y);
}
CT_INLINE mp_acc mp_acc_smul(mp_slimb_t a, mp_slimb_t b) { return (mp_acc)a * b; }
CT_INLINE ct_limb_t mp_acc_lo(mp_acc x) { return (ct_limb_t)x; }
CT_INLINE mp_acc mp_acc_sar(mp_acc x, unsigned s)
{
    /* gcc and clang shift negative signed values arithmetically */
    return x >> s;
}
#else
typedef struct {
    ct_limb_t lo, hi;
} mp_acc;

/* all ones if the top bit of x is set: through the barrier, so that the
 * compiler cannot turn `mask & y` back into a branch on the sign (clang
 * does for Armv6-M) */
CT_INLINE ct_limb_t mp_w_sign_mask(ct_limb_t x)
{
    return ct_cond_mask_limb(ct_cond_from_bit((uint32_t)(x >> MP_TOP)));
}

CT_INLINE mp_acc mp_acc_from(mp_slimb_t v)
{
    mp_acc r;

    r.lo = (ct_limb_t)v;
    r.hi = mp_w_sign_mask(r.lo); /* sign extension */
    return r;
}
CT_INLINE mp_acc mp_acc_add(mp_acc x, mp_acc y)
{
    mp_acc r;
    ct_limb_t c = 0;

    r.lo = mp_w_adc(x.lo, y.lo, &c);
    r.hi = x.hi + y.hi + c;
    return r;
}
CT_INLINE mp_acc mp_acc_smul(mp_slimb_t a, mp_slimb_t b)
{
    /* the unsigned product of the two's complement words, corrected:
     * a = ua - 2^w [a < 0], so a*b = ua*ub - 2^w (ub [a<0] + ua [b<0])
     * modulo 2^2w */
    ct_limb_t ua = (ct_limb_t)a, ub = (ct_limb_t)b, hi;
    ct_limb_t sa = mp_w_sign_mask(ua), sb = mp_w_sign_mask(ub);
    mp_acc r;

    r.lo = mp_w_mac(&hi, ua, ub, 0, 0);
    r.hi = hi - (sa & ub) - (sb & ua);
    return r;
}
CT_INLINE ct_limb_t mp_acc_lo(mp_acc x) { return x.lo; }
CT_INLINE mp_acc mp_acc_sar(mp_acc x, unsigned s)
{
    mp_acc r;
    ct_limb_t sign = mp_w_sign_mask(x.hi);

    r.lo = (x.lo >> s) | (x.hi << (MP_LIMB_BITS - s));
    /* arithmetic shift of the high limb without relying on the
     * implementation-defined >> of a negative value */
    r.hi = (x.hi >> s) | (sign << (MP_LIMB_BITS - s));
    return r;
}
#endif

#endif /* MP_MP_WORD_H */
