/*
 * ec_lookup_x86.c - the point tables' scan on x86-64 (ec_limbs_lookup,
 * ec.h): ct_limbs_lookup's contract, every entry read, with AVX2 where
 * the CPU has it (ctc_cpu_features(), common/cpu.h), ct_limbs_lookup
 * otherwise. C with intrinsics under __attribute__((target)), so the rest
 * of the build needs no flag. ct_limbs_lookup is the twin that
 * tests/unit/test_ec_mul.c compares both with.
 *
 * ct_limbs_lookup (gcc -O2) makes one pass over the table per four limbs
 * of an entry, two SSE2 registers wide: three passes for P-384's affine
 * rows (12 limbs), five for its Jacobian ones (18). Here the entries the
 * curves use (8, 12 and 18 limbs) are gathered in one pass, each in
 * YMM registers (and one XMM for the two limbs of 18 past the last four):
 * per entry a compare of the entry's number with the index gives the
 * mask, then one load, AND and OR per four limbs. Other sizes take one
 * pass per four limbs and the last n mod 4 limbs one at a time.
 */
#include "ec.h"

#if EC_LOOKUP_X86
#include <immintrin.h>
#include "common/cpu.h"

#define AVX2_TARGET __attribute__((target("avx2")))
#define AVX2_INLINE static inline __attribute__((always_inline)) AVX2_TARGET

/* one pass for an entry of N limbs (N = 4 Q + 2 R, R 0 or 1, Q <= 4, a
 * constant in each instance, so the accumulators stay in registers) */
AVX2_INLINE void lookup_one_pass(ct_limb_t *X, const ct_limb_t *table, size_t count,
                                 size_t index, const size_t N)
{
    const size_t Q = N / 4, R = (N % 4) / 2;
    const __m256i idx = _mm256_set1_epi64x((long long)index);
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i e = _mm256_setzero_si256(), acc[4];
    __m128i acc2 = _mm_setzero_si128();
    size_t i, j;

#pragma GCC unroll 4
    for (j = 0; j < Q; j++)
        acc[j] = _mm256_setzero_si256();
    for (i = 0; i < count; i++, table += N) {
        /* all ones in every lane where entry i is the one asked for */
        const __m256i m = _mm256_cmpeq_epi64(e, idx);

#pragma GCC unroll 4
        for (j = 0; j < Q; j++)
            acc[j] = _mm256_or_si256(acc[j], _mm256_and_si256(m, _mm256_loadu_si256(
                                                 (const __m256i *)(const void *)(table + 4 * j))));
        if (R)
            acc2 = _mm_or_si128(acc2, _mm_and_si128(_mm256_castsi256_si128(m), _mm_loadu_si128(
                                    (const __m128i *)(const void *)(table + 4 * Q))));
        e = _mm256_add_epi64(e, one);
    }
#pragma GCC unroll 4
    for (j = 0; j < Q; j++)
        _mm256_storeu_si256((__m256i *)(void *)(X + 4 * j), acc[j]);
    if (R)
        _mm_storeu_si128((__m128i *)(void *)(X + 4 * Q), acc2);
}

/* see ec.h */
AVX2_TARGET void ec_limbs_lookup_avx2(ct_limb_t *X, const ct_limb_t *table, size_t count,
                                      size_t n, size_t index)
{
    const __m256i idx = _mm256_set1_epi64x((long long)index);
    const __m256i one = _mm256_set1_epi64x(1);
    size_t i, j;

    /* n is public: the tables' shapes */
    switch (n) {
    case 8: lookup_one_pass(X, table, count, index, 8); return;
    case 12: lookup_one_pass(X, table, count, index, 12); return;
    case 18: lookup_one_pass(X, table, count, index, 18); return;
    default: break;
    }
    for (j = 0; j + 4 <= n; j += 4) {
        const ct_limb_t *t = table + j;
        __m256i e = _mm256_setzero_si256(), acc = _mm256_setzero_si256();

        for (i = 0; i < count; i++, t += n) {
            acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_cmpeq_epi64(e, idx),
                                       _mm256_loadu_si256((const __m256i *)(const void *)t)));
            e = _mm256_add_epi64(e, one);
        }
        _mm256_storeu_si256((__m256i *)(void *)(X + j), acc);
    }
    for (; j < n; j++) {
        const ct_limb_t *t = table + j;
        ct_limb_t x = 0;

        for (i = 0; i < count; i++, t += n)
            x |= ct_cond_mask_limb(ct_sz_eq(i, index)) & t[0];
        X[j] = x;
    }
}

/* see ec.h */
void ec_limbs_lookup_x86(ct_limb_t *X, const ct_limb_t *table, size_t count, size_t n,
                         size_t index)
{
    /* what the CPU has is public */
    if (ctc_cpu_features() & CTC_CPU_X86_AVX2)
        ec_limbs_lookup_avx2(X, table, count, n, index);
    else
        ct_limbs_lookup(X, table, count, n, index);
}
#endif
