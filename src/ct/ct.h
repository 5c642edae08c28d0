/*
 * ct.h - the constant-time vocabulary every other layer is written in.
 *
 * Rules for everything declared here:
 *  - Values (words, buffer contents, table index) may be secret. No function
 *    branches on them, uses them in an address, or divides by them.
 *    Sizes, counts and strides are public. CT: only sizes leak.
 *  - A condition is a ct_cond: an all-ones or all-zeros word that only the
 *    ct_ helpers create, after it has passed through the optimisation
 *    barrier, so the compiler cannot prove its value and cannot turn a
 *    select back into a branch. It is a struct so that `if (c)` does not
 *    compile; ct_cond_declassify() is the one way out, and each call site
 *    says why the value is public.
 *  - Word helpers exist for uint32_t (u32), uint64_t (u64), size_t (sz) and
 *    the bignum limb (limb). The u32/u64 forms are built on per-architecture
 *    inline-assembly leaves (arch/<arch>.h) when CTC_NO_ASM is 0 and the
 *    compiler speaks GNU asm; otherwise on their C twins (ct_c_* below).
 *    The tests compare every leaf against its twin.
 *  - With CTC_FORCE_INLINE (default) the word helpers are always inlined:
 *    compilers price an asm statement by its text and stop inlining small
 *    asm helpers at -Os, which costs a call per limb in every bignum loop.
 *  - Buffer helpers (ct.c) work on bytes or limbs, never read or write out
 *    of the stated ranges, and document which arguments may alias.
 */
#ifndef CT_CT_H
#define CT_CT_H

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/config.h"
#include "ct_check.h"

/* ---- word and limb types ---------------------------------------------- */

#if UINTPTR_MAX > 0xFFFFFFFFu
#define CT_WORD_BITS 64
typedef uint64_t ct_word_t;
#else
#define CT_WORD_BITS 32
typedef uint32_t ct_word_t;
#endif

#ifndef CTC_LIMB_BITS
#define CTC_LIMB_BITS CT_WORD_BITS
#endif
#if CTC_LIMB_BITS == 64
#if CT_WORD_BITS != 64
#error "CTC_LIMB_BITS=64 needs a 64-bit target"
#endif
typedef uint64_t ct_limb_t;
#elif CTC_LIMB_BITS == 32
typedef uint32_t ct_limb_t;
#else
#error "CTC_LIMB_BITS must be 32 or 64"
#endif

#if SIZE_MAX > 0xFFFFFFFFu
#define CT_SIZE_BITS 64
#else
#define CT_SIZE_BITS 32
#endif

/* ---- inlining ----------------------------------------------------------- */

#if CTC_FORCE_INLINE && (defined(__GNUC__) || defined(__clang__))
#define CT_INLINE static inline __attribute__((always_inline))
#else
#define CT_INLINE static inline
#endif

/* a function kept out of line (its frame stays out of its callers) */
#if defined(__GNUC__) || defined(__clang__)
#define CT_NOINLINE __attribute__((noinline))
#else
#define CT_NOINLINE
#endif

/* ---- the optimisation barrier ------------------------------------------ */
/*
 * Returns its argument, but the compiler must assume any value came out.
 * GNU compilers: an empty asm statement with the value in a register (no
 * instruction, no memory access). Others, or CTC_BARRIER_VOLATILE=1: a round
 * trip through a volatile local (one store and one load).
 */
#if (defined(__GNUC__) || defined(__clang__)) && !CTC_BARRIER_VOLATILE
#define CT_BARRIER_ASM 1
CT_INLINE uint32_t ct_barrier_u32(uint32_t x)
{
    uint32_t in = x;
    x = CT_CLEAN(x);
    __asm__("" : "+r"(x));
    CT_TAINT(x, in);
    return x;
}
#if CT_WORD_BITS == 64
CT_INLINE uint64_t ct_barrier_u64(uint64_t x)
{
    uint64_t in = x;
    x = CT_CLEAN(x);
    __asm__("" : "+r"(x));
    CT_TAINT(x, in);
    return x;
}
#else
CT_INLINE uint64_t ct_barrier_u64(uint64_t x)
{
    /* two 32-bit registers; not every 32-bit port takes a 64-bit "r" */
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    __asm__("" : "+r"(lo), "+r"(hi));
    x = ((uint64_t)hi << 32) | lo;
    return x;
}
#endif
#else
#define CT_BARRIER_ASM 0
CT_INLINE uint32_t ct_barrier_u32(uint32_t x)
{
    volatile uint32_t v = x;
    return v;
}
CT_INLINE uint64_t ct_barrier_u64(uint64_t x)
{
    volatile uint64_t v = x;
    return v;
}
#endif

#if CT_WORD_BITS == 64
#define ct_barrier_word ct_barrier_u64
#else
#define ct_barrier_word ct_barrier_u32
#endif

/* A word mask (all ones or zero) as a 64-bit mask. */
CT_INLINE uint64_t ct_mask_widen64_(ct_word_t m)
{
#if CT_WORD_BITS == 64
    return m;
#else
    /* gcc rewrites (x << 32) | x as x * 0x100000001, a 64-bit multiply that
     * becomes a libgcc call on cores without one (__muldi3 on lx106); the
     * barrier hides that the two halves are equal */
    return ((uint64_t)ct_barrier_u32(m) << 32) | m;
#endif
}

/* ---- C twins of the assembly leaves ------------------------------------ */
/*
 * Six leaves carry everything: lt (unsigned a < b), iszero and sel (select)
 * on 32- and 64-bit words. lt and iszero return a word mask (all ones when
 * true); sel(m, a, b) returns a where m is all ones, b where m is zero.
 *
 * lt: the borrow out of a - b is bit 31 of z ^ ((a ^ b) & (b ^ z)) with
 * z = a - b: when a and b agree in the top bit the borrow is the top bit of
 * z; when they differ it is the top bit of b. The barrier on z hides that z
 * is a - b, so the whole expression cannot be recognised as a comparison and
 * rebuilt with a branch on targets without a set-on-condition instruction.
 * iszero: x | -x has its top bit set exactly when x != 0; the barrier on -x
 * plays the same role. Masks leave through the barrier, so consumers cannot
 * learn that they are 0 or all ones.
 */
CT_INLINE ct_word_t ct_c_lt32(uint32_t a, uint32_t b)
{
    uint32_t z = ct_barrier_u32(a - b);
    uint32_t bit = (z ^ ((a ^ b) & (b ^ z))) >> 31;
    return ct_barrier_word((ct_word_t)0 - bit);
}

CT_INLINE ct_word_t ct_c_iszero32(uint32_t x)
{
    uint32_t nz = (ct_barrier_u32(0u - x) | x) >> 31;
    return ct_barrier_word((ct_word_t)nz - 1);
}

CT_INLINE uint32_t ct_c_sel32(ct_word_t m, uint32_t a, uint32_t b)
{
    return b ^ ((uint32_t)m & (a ^ b));
}

#if CT_WORD_BITS == 64
CT_INLINE ct_word_t ct_c_lt64(uint64_t a, uint64_t b)
{
    uint64_t z = ct_barrier_u64(a - b);
    uint64_t bit = (z ^ ((a ^ b) & (b ^ z))) >> 63;
    return ct_barrier_word((ct_word_t)0 - (ct_word_t)bit);
}

CT_INLINE ct_word_t ct_c_iszero64(uint64_t x)
{
    uint64_t nz = (ct_barrier_u64(0u - x) | x) >> 63;
    return ct_barrier_word((ct_word_t)nz - 1);
}
#else
/*
 * On 32-bit words a 64-bit a - b or 0 - x needs the borrow between the
 * halves, and gcc materialises it with a conditional branch on cores
 * without a carry flag (Xtensa: bltu, found by the trace checker). So the
 * 64-bit forms are built from the 32-bit ones, half by half:
 * a < b  <=>  a_hi < b_hi, or a_hi == b_hi and a_lo < b_lo;
 * x == 0 <=>  (x_lo | x_hi) == 0.
 */
CT_INLINE ct_word_t ct_c_lt64(uint64_t a, uint64_t b)
{
    uint32_t ah = (uint32_t)(a >> 32), bh = (uint32_t)(b >> 32);
    ct_word_t hi_lt = ct_c_lt32(ah, bh), hi_eq = ct_c_iszero32(ah ^ bh);

    return ct_barrier_word(hi_lt | (hi_eq & ct_c_lt32((uint32_t)a, (uint32_t)b)));
}

CT_INLINE ct_word_t ct_c_iszero64(uint64_t x)
{
    return ct_c_iszero32((uint32_t)x | (uint32_t)(x >> 32));
}
#endif

CT_INLINE uint64_t ct_c_sel64(ct_word_t m, uint64_t a, uint64_t b)
{
    return b ^ (ct_mask_widen64_(m) & (a ^ b));
}

/* ---- assembly leaves ------------------------------------------------------ */

#if !CTC_NO_ASM && (defined(__GNUC__) || defined(__clang__))
#if defined(__x86_64__)
#include "arch/x86_64.h"
#elif defined(__aarch64__)
#include "arch/aarch64.h"
#elif defined(__arm__) && defined(__thumb__) && !defined(__thumb2__)
#include "arch/thumb1.h"
#elif defined(__arm__)
#include "arch/arm.h"       /* Thumb-2 and A32 share one file */
#elif defined(__riscv) && (__riscv_xlen == 32 || __riscv_xlen == 64)
#include "arch/riscv.h"
#elif defined(__XTENSA__)
#include "arch/xtensa.h"
#endif
#endif

#ifdef CT_ASM_NAME
#define CT_HAVE_ASM 1
#define CT_LEAF(name) ct_asm_##name
#else
#define CT_HAVE_ASM 0
#define CT_ASM_NAME "c"
#define CT_LEAF(name) ct_c_##name
#endif

/* The selected leaves, with the checker's taint applied to their outputs. */
CT_INLINE ct_word_t ct_lt32_(uint32_t a, uint32_t b)
{
    uint32_t ca = a, cb = b;
    ct_word_t m = CT_LEAF(lt32)(CT_CLEAN(ca), CT_CLEAN(cb));
    CT_TAINT(m, a);
    CT_TAINT(m, b);
    return m;
}
CT_INLINE ct_word_t ct_iszero32_(uint32_t a)
{
    uint32_t ca = a;
    ct_word_t m = CT_LEAF(iszero32)(CT_CLEAN(ca));
    CT_TAINT(m, a);
    return m;
}
CT_INLINE uint32_t ct_sel32_(ct_word_t m, uint32_t a, uint32_t b)
{
    ct_word_t cm = m;
    uint32_t ca = a, cb = b;
    uint32_t r = CT_LEAF(sel32)(CT_CLEAN(cm), CT_CLEAN(ca), CT_CLEAN(cb));
    CT_TAINT(r, m);
    CT_TAINT(r, a);
    CT_TAINT(r, b);
    return r;
}
CT_INLINE ct_word_t ct_lt64_(uint64_t a, uint64_t b)
{
    uint64_t ca = a, cb = b;
    ct_word_t m = CT_LEAF(lt64)(CT_CLEAN(ca), CT_CLEAN(cb));
    CT_TAINT(m, a);
    CT_TAINT(m, b);
    return m;
}
CT_INLINE ct_word_t ct_iszero64_(uint64_t a)
{
    uint64_t ca = a;
    ct_word_t m = CT_LEAF(iszero64)(CT_CLEAN(ca));
    CT_TAINT(m, a);
    return m;
}
CT_INLINE uint64_t ct_sel64_(ct_word_t m, uint64_t a, uint64_t b)
{
    ct_word_t cm = m;
    uint64_t ca = a, cb = b;
    uint64_t r = CT_LEAF(sel64)(CT_CLEAN(cm), CT_CLEAN(ca), CT_CLEAN(cb));
    CT_TAINT(r, m);
    CT_TAINT(r, a);
    CT_TAINT(r, b);
    return r;
}

/* ---- conditions ------------------------------------------------------------ */

typedef struct {
    ct_word_t m; /* all ones (true) or zero (false); opaque to the compiler */
} ct_cond;

CT_INLINE ct_cond ct_cond_make_(ct_word_t m)
{
    ct_cond c;
    c.m = m;
    return c;
}

CT_INLINE ct_cond ct_cond_true(void)  { return ct_cond_make_(ct_barrier_word(~(ct_word_t)0)); }
CT_INLINE ct_cond ct_cond_false(void) { return ct_cond_make_(ct_barrier_word(0)); }

/* bit must be 0 or 1 */
CT_INLINE ct_cond ct_cond_from_bit(uint32_t bit)
{
    return ct_cond_make_(ct_barrier_word((ct_word_t)0 - (ct_word_t)bit));
}

CT_INLINE ct_cond ct_cond_and(ct_cond a, ct_cond b) { return ct_cond_make_(a.m & b.m); }
CT_INLINE ct_cond ct_cond_or(ct_cond a, ct_cond b)  { return ct_cond_make_(a.m | b.m); }
CT_INLINE ct_cond ct_cond_xor(ct_cond a, ct_cond b) { return ct_cond_make_(a.m ^ b.m); }
CT_INLINE ct_cond ct_cond_not(ct_cond a)            { return ct_cond_make_(~a.m); }

/* The condition as a mask of the given width (all ones or zero). */
CT_INLINE uint32_t ct_cond_mask32(ct_cond c) { return (uint32_t)c.m; }
CT_INLINE uint64_t ct_cond_mask64(ct_cond c) { return ct_mask_widen64_(c.m); }
/* The condition as the bit 0 or 1 (still secret). */
CT_INLINE uint32_t ct_cond_bit(ct_cond c) { return (uint32_t)c.m & 1u; }

/*
 * Make a condition public and return it as 0 or 1. The caller states why the
 * value may be known (e.g. "signature validity is public"). Under the
 * checkers this is where poisoning ends.
 */
CT_INLINE int ct_cond_declassify(ct_cond c)
{
    ct_word_t m = c.m;
    CT_UNPOISON(&m, sizeof m);
    return (int)(m & 1u);
}

/* ---- 32- and 64-bit words ---------------------------------------------------- */

CT_INLINE ct_cond ct_u32_lt(uint32_t a, uint32_t b) { return ct_cond_make_(ct_lt32_(a, b)); }
CT_INLINE ct_cond ct_u32_gt(uint32_t a, uint32_t b) { return ct_cond_make_(ct_lt32_(b, a)); }
CT_INLINE ct_cond ct_u32_le(uint32_t a, uint32_t b) { return ct_cond_not(ct_u32_gt(a, b)); }
CT_INLINE ct_cond ct_u32_ge(uint32_t a, uint32_t b) { return ct_cond_not(ct_u32_lt(a, b)); }
CT_INLINE ct_cond ct_u32_is_zero(uint32_t a) { return ct_cond_make_(ct_iszero32_(a)); }
CT_INLINE ct_cond ct_u32_nonzero(uint32_t a) { return ct_cond_not(ct_u32_is_zero(a)); }
CT_INLINE ct_cond ct_u32_eq(uint32_t a, uint32_t b) { return ct_u32_is_zero(a ^ b); }
CT_INLINE ct_cond ct_u32_ne(uint32_t a, uint32_t b) { return ct_cond_not(ct_u32_eq(a, b)); }
/* c ? a : b */
CT_INLINE uint32_t ct_u32_sel(ct_cond c, uint32_t a, uint32_t b) { return ct_sel32_(c.m, a, b); }
/* if (c) *x = a */
CT_INLINE void ct_u32_cassign(ct_cond c, uint32_t *x, uint32_t a) { *x = ct_u32_sel(c, a, *x); }
/* if (c) swap *x and *y */
CT_INLINE void ct_u32_cswap(ct_cond c, uint32_t *x, uint32_t *y)
{
    uint32_t t = (ct_cond_mask32(c)) & (*x ^ *y);
    *x ^= t;
    *y ^= t;
}

CT_INLINE ct_cond ct_u64_lt(uint64_t a, uint64_t b) { return ct_cond_make_(ct_lt64_(a, b)); }
CT_INLINE ct_cond ct_u64_gt(uint64_t a, uint64_t b) { return ct_cond_make_(ct_lt64_(b, a)); }
CT_INLINE ct_cond ct_u64_le(uint64_t a, uint64_t b) { return ct_cond_not(ct_u64_gt(a, b)); }
CT_INLINE ct_cond ct_u64_ge(uint64_t a, uint64_t b) { return ct_cond_not(ct_u64_lt(a, b)); }
CT_INLINE ct_cond ct_u64_is_zero(uint64_t a) { return ct_cond_make_(ct_iszero64_(a)); }
CT_INLINE ct_cond ct_u64_nonzero(uint64_t a) { return ct_cond_not(ct_u64_is_zero(a)); }
CT_INLINE ct_cond ct_u64_eq(uint64_t a, uint64_t b) { return ct_u64_is_zero(a ^ b); }
CT_INLINE ct_cond ct_u64_ne(uint64_t a, uint64_t b) { return ct_cond_not(ct_u64_eq(a, b)); }
CT_INLINE uint64_t ct_u64_sel(ct_cond c, uint64_t a, uint64_t b) { return ct_sel64_(c.m, a, b); }
CT_INLINE void ct_u64_cassign(ct_cond c, uint64_t *x, uint64_t a) { *x = ct_u64_sel(c, a, *x); }
CT_INLINE void ct_u64_cswap(ct_cond c, uint64_t *x, uint64_t *y)
{
    uint64_t t = ct_cond_mask64(c) & (*x ^ *y);
    *x ^= t;
    *y ^= t;
}

/* ---- size_t and limbs: the 32- or 64-bit helpers under another name -------- */

#if CT_SIZE_BITS == 64
#define CT_SZ_(op) ct_u64_##op
typedef uint64_t ct_sz_word_t;
#else
#define CT_SZ_(op) ct_u32_##op
typedef uint32_t ct_sz_word_t;
#endif
CT_INLINE ct_cond ct_sz_lt(size_t a, size_t b) { return CT_SZ_(lt)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_gt(size_t a, size_t b) { return CT_SZ_(gt)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_le(size_t a, size_t b) { return CT_SZ_(le)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_ge(size_t a, size_t b) { return CT_SZ_(ge)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_eq(size_t a, size_t b) { return CT_SZ_(eq)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_ne(size_t a, size_t b) { return CT_SZ_(ne)((ct_sz_word_t)a, (ct_sz_word_t)b); }
CT_INLINE ct_cond ct_sz_is_zero(size_t a) { return CT_SZ_(is_zero)((ct_sz_word_t)a); }
CT_INLINE ct_cond ct_sz_nonzero(size_t a) { return CT_SZ_(nonzero)((ct_sz_word_t)a); }
CT_INLINE size_t ct_sz_sel(ct_cond c, size_t a, size_t b)
{
    return (size_t)CT_SZ_(sel)(c, (ct_sz_word_t)a, (ct_sz_word_t)b);
}

#if CTC_LIMB_BITS == 64
#define CT_LIMB_(op) ct_u64_##op
#else
#define CT_LIMB_(op) ct_u32_##op
#endif
CT_INLINE ct_cond ct_limb_lt(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(lt)(a, b); }
CT_INLINE ct_cond ct_limb_gt(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(gt)(a, b); }
CT_INLINE ct_cond ct_limb_le(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(le)(a, b); }
CT_INLINE ct_cond ct_limb_ge(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(ge)(a, b); }
CT_INLINE ct_cond ct_limb_eq(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(eq)(a, b); }
CT_INLINE ct_cond ct_limb_ne(ct_limb_t a, ct_limb_t b) { return CT_LIMB_(ne)(a, b); }
CT_INLINE ct_cond ct_limb_is_zero(ct_limb_t a) { return CT_LIMB_(is_zero)(a); }
CT_INLINE ct_cond ct_limb_nonzero(ct_limb_t a) { return CT_LIMB_(nonzero)(a); }
CT_INLINE ct_limb_t ct_limb_sel(ct_cond c, ct_limb_t a, ct_limb_t b) { return CT_LIMB_(sel)(c, a, b); }
CT_INLINE void ct_limb_cassign(ct_cond c, ct_limb_t *x, ct_limb_t a) { CT_LIMB_(cassign)(c, x, a); }
CT_INLINE void ct_limb_cswap(ct_cond c, ct_limb_t *x, ct_limb_t *y) { CT_LIMB_(cswap)(c, x, y); }
CT_INLINE ct_limb_t ct_cond_mask_limb(ct_cond c)
{
#if CTC_LIMB_BITS == 64
    return ct_cond_mask64(c);
#else
    return ct_cond_mask32(c);
#endif
}

/* ---- buffers (ct.c) ---------------------------------------------------------- */

/* a[0..n) == b[0..n). Reads every byte. */
ct_cond ct_mem_eq(const void *a, const void *b, size_t n);
/* if (c) copy src[0..n) to dst. dst == src allowed; no partial overlap. */
void ct_mem_cmov(ct_cond c, void *dst, const void *src, size_t n);
/* if (c) swap a[0..n) and b[0..n). a and b must not overlap unless equal. */
void ct_mem_cswap(ct_cond c, void *a, void *b, size_t n);
/* if (c) set p[0..n) to zero. */
void ct_mem_czero(ct_cond c, void *p, size_t n);
/*
 * out = entry `index` of a table of `count` entries of `stride` bytes each.
 * Reads every byte of every entry. An index >= count yields all zeros.
 * out must not overlap the table. CT: count and stride leak, index does not.
 */
void ct_mem_lookup(void *out, const void *table, size_t count, size_t stride,
                   size_t index);
/* Set p[0..n) to zero with stores the compiler may not remove. */
void ct_zeroize(void *p, size_t n);

/* The same on limb arrays of n limbs. */
ct_cond ct_limbs_eq(const ct_limb_t *A, const ct_limb_t *B, size_t n);
ct_cond ct_limbs_is_zero(const ct_limb_t *A, size_t n);
/* X may equal A. */
void ct_limbs_cmov(ct_cond c, ct_limb_t *X, const ct_limb_t *A, size_t n);
void ct_limbs_cswap(ct_cond c, ct_limb_t *X, ct_limb_t *Y, size_t n);
void ct_limbs_czero(ct_cond c, ct_limb_t *X, size_t n);
/* X = table[index * n .. index * n + n); reads all count entries. */
void ct_limbs_lookup(ct_limb_t *X, const ct_limb_t *table, size_t count,
                     size_t n, size_t index);

#endif /* CT_CT_H */
