/*
 * rsa_oaep.c - RSAES-OAEP (RFC 8017 7.1; declared in ctcrypto/rsa.h and
 * rsa.h). Encryption: EME-OAEP encoding, then the public operation.
 * Decryption: the private operation, then a decoding that folds every
 * check into one condition and moves the message with a constant-time
 * shift; the answer and the length are made public once, at the end.
 */
#include "ct/ct.h"
#include "rsa.h"

/* the hash ids OAEP takes (those of the signatures); hLen, or 0 */
static size_t rsa_oaep_hlen(int hash_id)
{
    size_t plen;

    return rsa_digestinfo_prefix(hash_id, &plen) != NULL ? ctc_hash_size(hash_id) : 0;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_oaep_encrypt(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                         int hash_id, int mgf_hash_id,
                         const uint8_t *label, size_t label_len,
                         const uint8_t *msg, size_t msg_len,
                         ctc_rng_fn rng, void *rng_ctx)
{
    uint8_t em[CTC_RSA_MAX_BYTES], *seed, *db;
    size_t hlen = rsa_oaep_hlen(hash_id), k, db_len, i;
    int r;

    if (out == NULL || key == NULL || rng == NULL || key->bytes == 0 ||
        (msg == NULL && msg_len != 0) || (label == NULL && label_len != 0))
        return CTC_ERR_PARAM;
    if (hlen == 0 || rsa_oaep_hlen(mgf_hash_id) == 0)
        return CTC_ERR_PARAM;
    k = key->bytes;
    if (out_size < k)
        return CTC_ERR_BUFFER;
    if (k < 2 * hlen + 2 || msg_len > CTC_RSA_OAEP_MAX_MSG(k, hlen))
        return CTC_ERR_LENGTH;
    /* EM = 0x00 || maskedSeed || maskedDB, DB = lHash || PS || 0x01 || M */
    em[0] = 0;
    seed = em + 1;
    db = seed + hlen;
    db_len = k - hlen - 1;
    (void)ctc_hash(db, hlen, hash_id, label, label_len);
    for (i = hlen; i < db_len - msg_len - 1; i++)
        db[i] = 0;
    db[db_len - msg_len - 1] = 0x01;
    for (i = 0; i < msg_len; i++)
        db[db_len - msg_len + i] = msg[i];
    if (rng(rng_ctx, seed, hlen) != 0) {
        ct_zeroize(em, sizeof em);
        return CTC_ERR_RNG;
    }
    rsa_mgf1_xor(db, db_len, mgf_hash_id, seed, hlen);
    rsa_mgf1_xor(seed, hlen, mgf_hash_id, db, db_len);
    /* EM < 2^(8(k - 1)) <= n: no CTC_ERR_RANGE; the exponentiation's time
     * follows e only */
    r = rsa_verify_em_vartime(out, key, em, k);
    ct_zeroize(em, sizeof em);
    return r;
}

/* see rsa.h */
ct_cond rsa_oaep_unpad(uint8_t *out, size_t *msg_len, uint8_t *em, size_t k,
                       int hash_id, int mgf_hash_id, const uint8_t *lhash)
{
    size_t hlen = ctc_hash_size(hash_id), db_len = k - hlen - 1,
           max = db_len - hlen - 1, sep = 0, len, i;
    uint8_t *seed = em + 1, *db = seed + hlen;
    ct_cond good, found = ct_cond_false(), bad = ct_cond_false();

    /* seed = maskedSeed ^ MGF(maskedDB), DB = maskedDB ^ MGF(seed) */
    rsa_mgf1_xor(seed, hlen, mgf_hash_id, db, db_len);
    rsa_mgf1_xor(db, db_len, mgf_hash_id, seed, hlen);
    /* Y = 0 and lHash' = lHash */
    good = ct_cond_and(ct_u32_is_zero(em[0]), ct_mem_eq(db, lhash, hlen));
    /*
     * PS || 0x01: every byte before the first nonzero one is 0 and that
     * one is 0x01. The whole rest of DB is read; sep is the 0x01's index
     * (taken once, while nothing was found) and bad records a nonzero
     * byte other than 0x01 before it.
     */
    for (i = hlen; i < db_len; i++) {
        ct_cond is0 = ct_u32_is_zero(db[i]), is1 = ct_u32_eq(db[i], 1),
                first = ct_cond_and(ct_cond_not(found), is1);

        sep = ct_sz_sel(first, i, sep);
        bad = ct_cond_or(bad, ct_cond_and(ct_cond_not(found),
                                          ct_cond_not(ct_cond_or(is0, is1))));
        found = ct_cond_or(found, is1);
    }
    good = ct_cond_and(good, ct_cond_and(found, ct_cond_not(bad)));
    /* M = DB[sep + 1 ..), at most max bytes (sep >= hLen); 0 bytes when
     * the encoding is invalid (sep is then meaningless) */
    len = ct_sz_sel(good, db_len - sep - 1, 0);
    rsa_take_suffix(db + hlen + 1, max, len);
    for (i = 0; i < max; i++)
        out[i] = (uint8_t)(db[hlen + 1 + i] & ct_cond_mask32(good));
    *msg_len = len;
    return good;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_oaep_decrypt(uint8_t *out, size_t out_size, size_t *msg_len,
                         const ctc_rsa_private_key *key, int hash_id, int mgf_hash_id,
                         const uint8_t *label, size_t label_len,
                         const uint8_t *ct, size_t ct_len,
                         ctc_rng_fn rng, void *rng_ctx)
{
    uint8_t em[CTC_RSA_MAX_BYTES], lhash[CTC_HASH_MAX_SIZE];
    size_t hlen = rsa_oaep_hlen(hash_id), k, len = 0;
    ct_cond good;
    int r;

    if (out == NULL || msg_len == NULL || key == NULL || ct == NULL || rng == NULL ||
        key->half_limbs == 0 || (label == NULL && label_len != 0))
        return CTC_ERR_PARAM;
    if (hlen == 0 || rsa_oaep_hlen(mgf_hash_id) == 0)
        return CTC_ERR_PARAM;
    *msg_len = 0;
    k = key->pub.bytes;
    if (k < 2 * hlen + 2)
        return CTC_ERR_LENGTH;
    /* the buffer's size is compared with the public maximum, never with
     * the message at hand */
    if (out_size < CTC_RSA_OAEP_MAX_MSG(k, hlen))
        return CTC_ERR_BUFFER;
    if (ct_len != k)
        return CTC_ERR_LENGTH;
    r = rsa_private_em(em, key, ct, rng, rng_ctx);
    if (r != CTC_OK) {
        ct_zeroize(out, CTC_RSA_OAEP_MAX_MSG(k, hlen));
        goto done;
    }
    (void)ctc_hash(lhash, sizeof lhash, hash_id, label, label_len);
    good = rsa_oaep_unpad(out, &len, em, k, hash_id, mgf_hash_id, lhash);
    /* whether the ciphertext decrypts is public (an error is returned),
     * and so is the length of what it decrypts to; both are told once,
     * after the whole decoding */
    CT_UNPOISON(&len, sizeof len);
    if (!ct_cond_declassify(good)) {
        r = CTC_ERR_RSA_DECRYPT;
        goto done;
    }
    *msg_len = len;
    r = CTC_OK;
done:
    ct_zeroize(em, sizeof em);
    return r;
}
