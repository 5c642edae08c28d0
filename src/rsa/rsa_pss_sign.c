/*
 * rsa_pss_sign.c - RSASSA-PSS signing (RFC 8017 8.1.1, EMSA-PSS-ENCODE
 * 9.1.1; declared in ctcrypto/rsa.h). The salt and the digest are
 * treated as secret until the signature is made: the encoding runs in
 * constant time (only lengths steer it).
 */
#include "ct/ct.h"
#include "rsa.h"

/* see ctcrypto/rsa.h */
int ctc_rsa_pss_sign(uint8_t *sig, size_t sig_size, const ctc_rsa_private_key *key,
                     int hash_id, int mgf_hash_id, size_t salt_len,
                     const uint8_t *hash, size_t hash_len,
                     ctc_rng_fn rng, void *rng_ctx)
{
    static const uint8_t zeros[8] = { 0 };
    uint8_t em[CTC_RSA_MAX_BYTES], *db, *H;
    ctc_hash_ctx hc;
    size_t plen, k, em_bits, em_len, db_len, i;
    int r;

    if (sig == NULL || key == NULL || hash == NULL || rng == NULL || key->half_limbs == 0)
        return CTC_ERR_PARAM;
    if (rsa_digestinfo_prefix(hash_id, &plen) == NULL ||
        rsa_digestinfo_prefix(mgf_hash_id, &plen) == NULL)
        return CTC_ERR_PARAM;
    if (hash_len != ctc_hash_size(hash_id))
        return CTC_ERR_LENGTH;
    k = key->pub.bytes;
    if (sig_size < k)
        return CTC_ERR_BUFFER;
    em_bits = (size_t)key->pub.bits - 1;
    em_len = (em_bits + 7) / 8;
    if (em_len < hash_len + 2 || em_len - hash_len - 2 < salt_len)
        return CTC_ERR_LENGTH;

    /* EM (emLen bytes) at the end of k: a leading zero byte when
     * emLen = k - 1 */
    em[0] = 0;
    db = em + (k - em_len);
    db_len = em_len - hash_len - 1;
    H = db + db_len;
    /* DB = PS || 0x01 || salt, the salt from the caller's generator */
    for (i = 0; i < db_len - salt_len - 1; i++)
        db[i] = 0;
    db[db_len - salt_len - 1] = 0x01;
    if (salt_len > 0 && rng(rng_ctx, db + db_len - salt_len, salt_len) != 0) {
        ct_zeroize(em, sizeof em);
        return CTC_ERR_RNG;
    }
    /* H = Hash(8 zero bytes || mHash || salt) */
    (void)ctc_hash_init(&hc, hash_id);
    (void)ctc_hash_update(&hc, zeros, sizeof zeros);
    (void)ctc_hash_update(&hc, hash, hash_len);
    (void)ctc_hash_update(&hc, db + db_len - salt_len, salt_len);
    (void)ctc_hash_final(&hc, H, hash_len);
    H[hash_len] = 0xbc;
    rsa_mgf1_xor(db, db_len, mgf_hash_id, H, hash_len);
    /* the 8 emLen - emBits leftmost bits of maskedDB are cleared */
    db[0] = (uint8_t)(db[0] & (0xffu >> (8 * em_len - em_bits)));
    r = rsa_private_em(sig, key, em, rng, rng_ctx);
    ct_zeroize(em, sizeof em);
    return r;
}
