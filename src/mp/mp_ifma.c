/*
 * mp_ifma.c - the AVX-512 IFMA kernel of the radix-2^52 exponentiation
 * (mp52_amm2_ifma, mp52_normalize_ifma, mp52_lookup_ifma; declared in
 * mp.h, docs/mp.md "Radix 2^52"). C with intrinsics under
 * __attribute__((target)), so the rest of the build needs no flag; called
 * only where mp_x86_ifma() says the CPU and the OS support it. Twins:
 * mp52_amm2_c and mp52_normalize_c (mp_exp52.c), ct_limbs_lookup,
 * compared by tests/unit/test_mp52.c.
 */
#include "mp.h"

#if MP_IFMA
#include <immintrin.h>

#define IFMA_TARGET __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define IFMA_INLINE static inline __attribute__((always_inline)) IFMA_TARGET
#define M52 (((ct_limb_t)1 << 52) - 1)
#define MAXZ (MP52_MAX_LANES / 8)

/*
 * Digits to 52 bits in the registers, for a value below 2^(52 k) held in
 * nz registers with digits below 2^60 (so no carry leaves the top digit).
 * First every digit's bits above 52 move up one digit (carries < 2^8);
 * then digits are at most 2^52 - 1 + 2^8, and the carries left are 0 or 1:
 * G (digit > 2^52 - 1: generates one), P (digit = 2^52 - 1: passes one
 * on) as bit masks over all digits, and the digits that receive a carry
 * are ((G << 1) + P) ^ P (the addition runs each carry through the P
 * digits above it). Masks are data, never branched on.
 */
IFMA_INLINE void normalize_nz(__m512i *acc, const size_t nz)
{
    const __m512i m52 = _mm512_set1_epi64((long long)M52);
    const __m512i one = _mm512_set1_epi64(1);
    const __m512i zero = _mm512_setzero_si512();
    __m512i c[MAXZ];
    uint64_t g = 0, p = 0, in;
    size_t z;

#pragma GCC unroll 8
    for (z = 0; z < nz; z++) {
        c[z] = _mm512_srli_epi64(acc[z], 52);
        acc[z] = _mm512_and_si512(acc[z], m52);
    }
    acc[0] = _mm512_add_epi64(acc[0], _mm512_alignr_epi64(c[0], zero, 7));
#pragma GCC unroll 8
    for (z = 1; z < nz; z++)
        acc[z] = _mm512_add_epi64(acc[z], _mm512_alignr_epi64(c[z], c[z - 1], 7));
#pragma GCC unroll 8
    for (z = 0; z < nz; z++) {
        g |= (uint64_t)_mm512_cmpgt_epu64_mask(acc[z], m52) << (8 * z);
        p |= (uint64_t)_mm512_cmpeq_epu64_mask(acc[z], m52) << (8 * z);
    }
    in = ((g << 1) + p) ^ p;
#pragma GCC unroll 8
    for (z = 0; z < nz; z++) {
        acc[z] = _mm512_mask_add_epi64(acc[z], (__mmask8)(in >> (8 * z)), acc[z], one);
        acc[z] = _mm512_and_si512(acc[z], m52);
    }
}

/*
 * mp52_amm_c's loop (mp_exp52.c) for both operations at once, over nz
 * registers of 8 digits each (nz a constant in each instance, so the
 * arrays live in registers). Per digit b_i of B and per operation:
 *   l = lo(A b_i) and h = hi(A b_i) + hi(N m) into zeroed registers,
 *   acc += l; m = lo(acc_0 k0) in every lane (VPMADD52LUQ on the
 *   broadcast digit 0: only its low 52 bits count, as in C); acc +=
 *   lo(N m); c = acc_0 >> 52; acc moves down one digit (VALIGNQ across
 *   the registers, zero into the top); acc_0 += c; acc += h.
 * The same per-digit sums as the C kernel (no digit overflows, see
 * there), so the same digits after the normalisation. The chain from one
 * m to the next is add, broadcast, IFMA, IFMA, VALIGNQ, add; the other
 * operation's chain fills its latency.
 */
IFMA_INLINE void amm2_nz(ct_limb_t *X1, ct_limb_t *X2, const ct_limb_t *A1,
                         const ct_limb_t *A2, const ct_limb_t *B1,
                         const ct_limb_t *B2, const ct_limb_t *N1,
                         const ct_limb_t *N2, ct_limb_t k01, ct_limb_t k02,
                         size_t k, const size_t nz)
{
    __m512i a1[MAXZ], a2[MAXZ], n1[MAXZ], n2[MAXZ], acc1[MAXZ], acc2[MAXZ];
    const __m512i zero = _mm512_setzero_si512();
    const __m512i kv1 = _mm512_set1_epi64((long long)k01);
    const __m512i kv2 = _mm512_set1_epi64((long long)k02);
    size_t i, z;

#pragma GCC unroll 8
    for (z = 0; z < nz; z++) {
        a1[z] = _mm512_loadu_si512((const void *)(A1 + 8 * z));
        a2[z] = _mm512_loadu_si512((const void *)(A2 + 8 * z));
        n1[z] = _mm512_loadu_si512((const void *)(N1 + 8 * z));
        n2[z] = _mm512_loadu_si512((const void *)(N2 + 8 * z));
        acc1[z] = zero;
        acc2[z] = zero;
    }
    for (i = 0; i < k; i++) {
        __m512i b1 = _mm512_set1_epi64((long long)B1[i]);
        __m512i b2 = _mm512_set1_epi64((long long)B2[i]);
        __m512i h1[MAXZ], h2[MAXZ], m1, m2, c1, c2;

        /* digit 0's register through a product into zero and an add (1
         * cycle on the chain to m instead of an IFMA's 4); the others
         * accumulate in place */
        acc1[0] = _mm512_add_epi64(acc1[0], _mm512_madd52lo_epu64(zero, a1[0], b1));
        acc2[0] = _mm512_add_epi64(acc2[0], _mm512_madd52lo_epu64(zero, a2[0], b2));
#pragma GCC unroll 8
        for (z = 1; z < nz; z++) {
            acc1[z] = _mm512_madd52lo_epu64(acc1[z], a1[z], b1);
            acc2[z] = _mm512_madd52lo_epu64(acc2[z], a2[z], b2);
        }
#pragma GCC unroll 8
        for (z = 0; z < nz; z++) {
            h1[z] = _mm512_madd52hi_epu64(zero, a1[z], b1);
            h2[z] = _mm512_madd52hi_epu64(zero, a2[z], b2);
        }
        m1 = _mm512_madd52lo_epu64(zero, _mm512_broadcastq_epi64(
                 _mm512_castsi512_si128(acc1[0])), kv1);
        m2 = _mm512_madd52lo_epu64(zero, _mm512_broadcastq_epi64(
                 _mm512_castsi512_si128(acc2[0])), kv2);
#pragma GCC unroll 8
        for (z = 0; z < nz; z++) {
            acc1[z] = _mm512_madd52lo_epu64(acc1[z], n1[z], m1);
            acc2[z] = _mm512_madd52lo_epu64(acc2[z], n2[z], m2);
            h1[z] = _mm512_madd52hi_epu64(h1[z], n1[z], m1);
            h2[z] = _mm512_madd52hi_epu64(h2[z], n2[z], m2);
        }
        c1 = _mm512_srli_epi64(acc1[0], 52);
        c2 = _mm512_srli_epi64(acc2[0], 52);
#pragma GCC unroll 8
        for (z = 0; z + 1 < nz; z++) {
            acc1[z] = _mm512_alignr_epi64(acc1[z + 1], acc1[z], 1);
            acc2[z] = _mm512_alignr_epi64(acc2[z + 1], acc2[z], 1);
        }
        acc1[nz - 1] = _mm512_alignr_epi64(zero, acc1[nz - 1], 1);
        acc2[nz - 1] = _mm512_alignr_epi64(zero, acc2[nz - 1], 1);
        acc1[0] = _mm512_mask_add_epi64(acc1[0], 1, acc1[0], c1);
        acc2[0] = _mm512_mask_add_epi64(acc2[0], 1, acc2[0], c2);
#pragma GCC unroll 8
        for (z = 0; z < nz; z++) {
            acc1[z] = _mm512_add_epi64(acc1[z], h1[z]);
            acc2[z] = _mm512_add_epi64(acc2[z], h2[z]);
        }
    }
    normalize_nz(acc1, nz);
    normalize_nz(acc2, nz);
#pragma GCC unroll 8
    for (z = 0; z < nz; z++) {
        _mm512_storeu_si512((void *)(X1 + 8 * z), acc1[z]);
        _mm512_storeu_si512((void *)(X2 + 8 * z), acc2[z]);
    }
}

/* see mp.h */
IFMA_TARGET void mp52_amm2_ifma(ct_limb_t *X1, ct_limb_t *X2,
                                const ct_limb_t *A1, const ct_limb_t *A2,
                                const ct_limb_t *B1, const ct_limb_t *B2,
                                const ct_limb_t *N1, const ct_limb_t *N2,
                                ct_limb_t k01, ct_limb_t k02, size_t k)
{
    /* one instance per register count (public: from the modulus size) */
    switch ((k + 7) >> 3) {
    case 1: amm2_nz(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k, 1); break;
    case 2: amm2_nz(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k, 2); break;
    case 3: amm2_nz(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k, 3); break;
    case 4: amm2_nz(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k, 4); break;
    default: amm2_nz(X1, X2, A1, A2, B1, B2, N1, N2, k01, k02, k, 5); break;
    }
}

/* the scan over nz registers of 8 limbs (nz a constant per instance):
 * every entry loaded whole, the one whose number equals the index kept by
 * masked moves (the mask is a compare result, never a branch or an
 * address) */
IFMA_INLINE void lookup_nz(ct_limb_t *X, const ct_limb_t *table, size_t count,
                           size_t index, const size_t nz)
{
    const __m512i idx = _mm512_set1_epi64((long long)index);
    const __m512i one = _mm512_set1_epi64(1);
    __m512i r[MAXZ], e = _mm512_setzero_si512();
    size_t i, z;

#pragma GCC unroll 8
    for (z = 0; z < nz; z++)
        r[z] = _mm512_setzero_si512();
    for (i = 0; i < count; i++) {
        __mmask8 sel = _mm512_cmpeq_epi64_mask(e, idx);

#pragma GCC unroll 8
        for (z = 0; z < nz; z++)
            r[z] = _mm512_mask_mov_epi64(r[z], sel, _mm512_loadu_si512(
                       (const void *)(table + (i * nz + z) * 8)));
        e = _mm512_add_epi64(e, one);
    }
#pragma GCC unroll 8
    for (z = 0; z < nz; z++)
        _mm512_storeu_si512((void *)(X + 8 * z), r[z]);
}

IFMA_INLINE void normalize_mem(ct_limb_t *X, const ct_limb_t *A, const size_t nz)
{
    __m512i acc[MAXZ];
    size_t z;

#pragma GCC unroll 8
    for (z = 0; z < nz; z++)
        acc[z] = _mm512_loadu_si512((const void *)(A + 8 * z));
    normalize_nz(acc, nz);
#pragma GCC unroll 8
    for (z = 0; z < nz; z++)
        _mm512_storeu_si512((void *)(X + 8 * z), acc[z]);
}

/* see mp.h */
IFMA_TARGET void mp52_normalize_ifma(ct_limb_t *X, const ct_limb_t *A, size_t lanes)
{
    switch (lanes >> 3) {
    case 1: normalize_mem(X, A, 1); break;
    case 2: normalize_mem(X, A, 2); break;
    case 3: normalize_mem(X, A, 3); break;
    case 4: normalize_mem(X, A, 4); break;
    default: normalize_mem(X, A, 5); break;
    }
}

/* see mp.h */
IFMA_TARGET void mp52_lookup_ifma(ct_limb_t *X, const ct_limb_t *table,
                                  size_t count, size_t n, size_t index)
{
    size_t z;

    switch (n >> 3) {
    case 1: lookup_nz(X, table, count, index, 1); break;
    case 2: lookup_nz(X, table, count, index, 2); break;
    case 3: lookup_nz(X, table, count, index, 3); break;
    case 4: lookup_nz(X, table, count, index, 4); break;
    case 5: lookup_nz(X, table, count, index, 5); break;
    default:
        /* wider rows (not used by mp_exp2_52): 8 limbs at a time */
        for (z = 0; z < n; z += 8) {
            const __m512i idx = _mm512_set1_epi64((long long)index);
            __m512i r = _mm512_setzero_si512();
            size_t e;

            for (e = 0; e < count; e++) {
                __mmask8 sel = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)e), idx);

                r = _mm512_mask_mov_epi64(r, sel, _mm512_loadu_si512(
                        (const void *)(table + e * n + z)));
            }
            _mm512_storeu_si512((void *)(X + z), r);
        }
        break;
    }
}
#endif /* MP_IFMA */
