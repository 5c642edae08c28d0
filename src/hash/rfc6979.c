/*
 * rfc6979.c - deterministic (and hedged) ECDSA/DSA nonces, RFC 6979
 * section 3.2 with the additional data of section 3.6:
 * ctc_rfc6979_nonce of ctcrypto/hash.h.
 *
 * Section 3.2 is HMAC-DRBG (section 3.3 of the RFC says so): steps b-g are
 * Instantiate with entropy int2octets(x), nonce bits2octets(h1) and
 * personalisation k' (empty for the deterministic nonce); step h takes
 * qlen bits from Generate's output blocks, and only a rejected candidate
 * is followed by K = HMAC_K(V || 0x00), V = HMAC_K(V) (step h.3, which is
 * Generate's final Update; an accepted one needs no Update after it).
 * Each K's HMAC key schedule is computed once for the MACs under it, and
 * the first K's (all zero) is a constant (hmac_zero.h); PROFILE=small
 * keeps no key schedule (each HMAC starts from K, hmac_drbg.c).
 *
 * Integers are big-endian byte strings of q_len bytes, q_len =
 * ceil(qlen / 8) (rlen / 8 in the RFC, since q has no leading zero byte).
 * Comparisons and the reduction mod q use only arithmetic on bytes
 * (borrows, masks), so their time depends on q_len only.
 */
#include "hash_impl.h"
#include "rfc6979.h"

/* the bound callers of rfc6979_nonce_ check is the one used here */
typedef char rfc6979_max_extra_is_hash_max_input[RFC6979_MAX_EXTRA == HASH_MAX_INPUT ? 1 : -1];

/*
 * d = a - q on n bytes; returns the borrow out (1 when a < q) as a mask,
 * constant time: each byte's a[i] - q[i] - borrow is in [-256, 255], bit
 * 8 is the next borrow.
 */
static ct_cond be_sub(uint8_t *d, const uint8_t *a, const uint8_t *q, size_t n)
{
    uint32_t borrow = 0;

    while (n-- > 0) {
        uint32_t t = (uint32_t)a[n] - q[n] - borrow;
        d[n] = (uint8_t)t;
        borrow = (t >> 8) & 1;
    }
    return ct_cond_from_bit(borrow);
}

/* 0 < a < q on n bytes, constant time (d: n bytes of scratch). */
static ct_cond be_in_range(uint8_t *d, const uint8_t *a, const uint8_t *q, size_t n)
{
    uint32_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc |= a[i];
    return ct_cond_and(ct_u32_nonzero(acc), be_sub(d, a, q, n));
}

/* a >>= s bits, 0 <= s < 8 (public: it comes from q). */
static void be_shr(uint8_t *a, size_t n, unsigned s)
{
    size_t i;

    if (s == 0)
        return;
    for (i = n - 1; i > 0; i--)
        a[i] = (uint8_t)((a[i] >> s) | (a[i - 1] << (8 - s)));
    a[0] = (uint8_t)(a[0] >> s);
}

void rfc6979_nonce_(uint8_t *k, int hash_id, const uint8_t *q, size_t q_len, unsigned shift,
                    const uint8_t *x, const uint8_t *h, size_t h_len, const uint8_t *extra,
                    size_t extra_len)
{
#if CTC_PROFILE_SMALL
    /* PROFILE=small: t is k itself, for bits2octets' scratch and then the
     * candidates (a rejected one is overwritten by the next): no copy,
     * no second buffer */
    uint8_t z[CTC_RFC6979_MAX_QLEN], *t = k;
#else
    uint8_t z[CTC_RFC6979_MAX_QLEN], t[CTC_RFC6979_MAX_QLEN];
#endif
    ctc_hmac_drbg_ctx drbg;
#if CTC_PROFILE_SMALL
    drbg_input in;
    const drbg_input *up;
#else
    hmac_key hk;
#endif

    /* bits2octets(h) = int2octets(bits2int(h) mod q). bits2int keeps the
     * leftmost qlen bits; h shorter than q_len bytes has at most qlen bits
     * (qlen > 8 * (q_len - 1)) and is taken whole. The result is below
     * 2^qlen <= 2q, so one conditional subtraction reduces it. */
#if CTC_PROFILE_SMALL
    {   /* one loop for both cases: off leading zeros, then h (less code) */
        size_t off = h_len < q_len ? q_len - h_len : 0, i;

        for (i = 0; i < q_len; i++)
            z[i] = i < off ? 0 : h[i - off];
        if (off == 0)
            be_shr(z, q_len, shift);
    }
#else
    if (h_len >= q_len) {
        hash_copy(z, h, q_len);
        be_shr(z, q_len, shift);
    } else {
        hash_zero(z, q_len - h_len);
        hash_copy(z + (q_len - h_len), h, h_len);
    }
#endif
    ct_mem_cmov(ct_cond_not(be_sub(t, z, q, q_len)), z, t, q_len);

#if CTC_PROFILE_SMALL
    in.p[0] = x;
    in.p[1] = z;
    in.p[2] = extra;
    in.len[0] = in.len[1] = q_len;
    in.len[2] = extra_len;
    drbg_instantiate_(&drbg, hash_id, &in);
    for (up = NULL;; up = &in) {
        ct_cond ok;

        /* after a rejected candidate, step h.3 first: Update with
         * nothing provided */
        in.len[0] = in.len[1] = in.len[2] = 0;
        drbg_run_(&drbg, up, t, q_len);
#else
    drbg_instantiate_(&drbg, &hk, hash_id, x, q_len, z, q_len, extra, extra_len);
    for (;;) {
        ct_cond ok;

        drbg_blocks_(&drbg, &hk, t, q_len);
#endif
        be_shr(t, q_len, shift);        /* bits2int: the leftmost qlen bits */
        ok = be_in_range(z, t, q, q_len);   /* z is free after Instantiate */
        /* a rejected candidate is discarded and the next one is
         * independent of it, so whether this one is taken may be public */
        if (ct_cond_declassify(ok))
            break;
#if !CTC_PROFILE_SMALL
        drbg_update_empty_(&drbg, &hk);    /* step h.3, after a rejection only */
#endif
    }
#if !CTC_PROFILE_SMALL
    hash_copy(k, t, q_len);
    ct_zeroize(t, sizeof t);
#endif
    ct_zeroize(z, sizeof z);
    ct_zeroize(&drbg, sizeof drbg);
#if !CTC_PROFILE_SMALL
    ct_zeroize(&hk, sizeof hk);
#endif
}

int ctc_rfc6979_nonce(uint8_t *k, int hash_id,
                      const uint8_t *q, size_t q_len,
                      const uint8_t *x,
                      const uint8_t *h, size_t h_len,
                      const uint8_t *extra, size_t extra_len)
{
    uint8_t z[CTC_RFC6979_MAX_QLEN];
    unsigned top_bits;
    ct_cond valid;

    if (k == NULL || q == NULL || x == NULL || h == NULL
        || (extra == NULL && extra_len != 0) || !hash_id_valid(hash_id))
        return CTC_ERR_PARAM;
    if (q_len == 0 || q_len > CTC_RFC6979_MAX_QLEN || h_len == 0
        || !hash_input_len_ok(extra_len))
        return CTC_ERR_LENGTH;
    /* q is public: these branches and the loop below may depend on it */
    if (q[0] == 0 || (q_len == 1 && q[0] < 2))
        return CTC_ERR_PARAM;
    for (top_bits = 0; top_bits < 8 && (q[0] >> top_bits) != 0; top_bits++)
        ;

    /* whether the caller's key is valid is public (an error is returned;
     * k untouched) */
    valid = be_in_range(z, x, q, q_len);
    ct_zeroize(z, sizeof z);
    if (!ct_cond_declassify(valid))
        return CTC_ERR_KEY;
    rfc6979_nonce_(k, hash_id, q, q_len, 8 - top_bits, x, h, h_len, extra, extra_len);
    return CTC_OK;
}
