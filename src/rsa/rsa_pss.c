/*
 * rsa_pss.c - RSASSA-PSS verification (RFC 8017 8.1.2 and EMSA-PSS-VERIFY,
 * 9.1.2; declared in ctcrypto/rsa.h). Public data only: the checks branch.
 */
#include "ct/ct.h"
#include "rsa.h"

/* see ctcrypto/rsa.h */
int ctc_rsa_pss_verify(const ctc_rsa_public_key *key, int hash_id,
                       int mgf_hash_id, size_t salt_len,
                       const uint8_t *hash, size_t hash_len,
                       const uint8_t *sig, size_t sig_len)
{
    static const uint8_t zeros[8] = { 0 };
    uint8_t em[CTC_RSA_MAX_BYTES], h2[CTC_HASH_MAX_SIZE];
    const uint8_t *db, *H;
    ctc_hash_ctx hc;
    size_t plen, em_bits, em_len, db_len, i, s_len;
    unsigned top_mask;
    uint8_t *dbw;
    int r;

    if (key == NULL || hash == NULL || sig == NULL || key->bytes == 0)
        return CTC_ERR_PARAM;
    if (rsa_digestinfo_prefix(hash_id, &plen) == NULL ||
        rsa_digestinfo_prefix(mgf_hash_id, &plen) == NULL)
        return CTC_ERR_PARAM;
    if (hash_len != ctc_hash_size(hash_id))
        return CTC_ERR_LENGTH;
    em_bits = (size_t)key->bits - 1;
    em_len = (em_bits + 7) / 8;
    if (em_len < hash_len + 2)
        return CTC_ERR_LENGTH;   /* cannot happen for n of >= 1024 bits */
    if (salt_len != CTC_RSA_PSS_SALT_ANY && em_len - hash_len - 2 < salt_len)
        return CTC_ERR_LENGTH;

    r = rsa_verify_em_vartime(em, key, sig, sig_len);
    if (r != CTC_OK)
        return r;
    /* I2OSP(m, emLen): with emLen = k - 1 the first byte of the k must be 0 */
    dbw = em;
    if (em_len < key->bytes) {
        if (em[0] != 0)
            return CTC_ERR_SIGNATURE;
        dbw = em + 1;
    }
    db_len = em_len - hash_len - 1;
    db = dbw;
    H = dbw + db_len;
    if (dbw[em_len - 1] != 0xbc)
        return CTC_ERR_SIGNATURE;
    /* the 8 emLen - emBits leftmost bits of maskedDB must be zero */
    top_mask = 0xffu >> (8 * em_len - em_bits);
    if ((dbw[0] & ~top_mask) != 0)
        return CTC_ERR_SIGNATURE;
    rsa_mgf1_xor(dbw, db_len, mgf_hash_id, H, hash_len);
    dbw[0] = (uint8_t)(dbw[0] & top_mask);

    /* DB = PS (zeros) || 0x01 || salt */
    for (i = 0; i < db_len && db[i] == 0; i++)
        ;
    if (i == db_len || db[i] != 0x01)
        return CTC_ERR_SIGNATURE;
    s_len = db_len - i - 1;
    if (salt_len != CTC_RSA_PSS_SALT_ANY && s_len != salt_len)
        return CTC_ERR_SIGNATURE;

    /* H' = Hash(8 zero bytes || mHash || salt) */
    (void)ctc_hash_init(&hc, hash_id);
    (void)ctc_hash_update(&hc, zeros, sizeof zeros);
    (void)ctc_hash_update(&hc, hash, hash_len);
    (void)ctc_hash_update(&hc, db + db_len - s_len, s_len);
    (void)ctc_hash_final(&hc, h2, sizeof h2);
    if (!ct_cond_declassify(ct_mem_eq(h2, H, hash_len)))
        return CTC_ERR_SIGNATURE;
    return CTC_OK;
}
