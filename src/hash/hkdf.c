/*
 * hkdf.c - HKDF (RFC 5869): ctc_hkdf_* of ctcrypto/hash.h.
 *
 * Extract: PRK = HMAC(salt, IKM); an absent salt is HashLen zero bytes,
 * which as an HMAC key is the same as the empty key (keys are padded with
 * zeros to the block size), so salt is used as given.
 * Expand: T(i) = HMAC(PRK, T(i-1) || info || i), T(0) empty, i = 1..N,
 * N = ceil(L / HashLen) <= 255.
 */
#include "hash_impl.h"

int ctc_hkdf_extract(uint8_t *prk, size_t prk_size, int hash_id,
                     const uint8_t *salt, size_t salt_len,
                     const uint8_t *ikm, size_t ikm_len)
{
    hmac_key hk;

    if (prk == NULL || !hash_id_valid(hash_id) || (salt == NULL && salt_len != 0)
        || (ikm == NULL && ikm_len != 0))
        return CTC_ERR_PARAM;
    if (prk_size < ctc_hash_size(hash_id))
        return CTC_ERR_BUFFER;
    hmac_key_init(&hk, hash_id, salt, salt_len);
    hmac_key_mac3(prk, &hk, ikm, ikm_len, NULL, 0, NULL, 0);
    ct_zeroize(&hk, sizeof hk);
    return CTC_OK;
}

int ctc_hkdf_expand(uint8_t *okm, size_t okm_len, int hash_id,
                    const uint8_t *prk, size_t prk_len,
                    const uint8_t *info, size_t info_len)
{
    hmac_key hk;
    uint8_t t[CTC_HASH_MAX_SIZE];
    uint8_t counter;
    size_t hs, t_len = 0, done = 0, take;

    if ((okm == NULL && okm_len != 0) || !hash_id_valid(hash_id) || prk == NULL
        || (info == NULL && info_len != 0))
        return CTC_ERR_PARAM;
    hs = ctc_hash_size(hash_id);
    if (prk_len < hs)
        return CTC_ERR_LENGTH;
    if (okm_len > (hs << 8) - hs)       /* 255 * HashLen, without a multiply */
        return CTC_ERR_LIMIT;
    hmac_key_init(&hk, hash_id, prk, prk_len);
    for (counter = 1; done < okm_len; counter++) {
        /* t_len is 0 for T(0), else HashLen */
        hmac_key_mac3(t, &hk, t, t_len, info, info_len, &counter, 1);
        t_len = hs;
        take = okm_len - done < hs ? okm_len - done : hs;
        hash_copy(okm + done, t, take);
        done += take;
    }
    ct_zeroize(&hk, sizeof hk);
    ct_zeroize(t, sizeof t);
    return CTC_OK;
}

int ctc_hkdf(uint8_t *okm, size_t okm_len, int hash_id,
             const uint8_t *salt, size_t salt_len,
             const uint8_t *ikm, size_t ikm_len,
             const uint8_t *info, size_t info_len)
{
    uint8_t prk[CTC_HASH_MAX_SIZE];
    int r;

    /* check the expand arguments first, so nothing is computed in vain */
    if ((okm == NULL && okm_len != 0) || !hash_id_valid(hash_id)
        || (info == NULL && info_len != 0))
        return CTC_ERR_PARAM;
    if (okm_len > (ctc_hash_size(hash_id) << 8) - ctc_hash_size(hash_id))
        return CTC_ERR_LIMIT;
    r = ctc_hkdf_extract(prk, sizeof prk, hash_id, salt, salt_len, ikm, ikm_len);
    if (r == CTC_OK)
        r = ctc_hkdf_expand(okm, okm_len, hash_id, prk, ctc_hash_size(hash_id),
                            info, info_len);
    ct_zeroize(prk, sizeof prk);
    return r;
}
