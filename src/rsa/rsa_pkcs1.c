/*
 * rsa_pkcs1.c - EMSA-PKCS1-v1_5 (RFC 8017 9.2) and RSASSA-PKCS1-v1_5
 * verification (declared in ctcrypto/rsa.h and rsa.h).
 */
#include "ct/ct.h"
#include "rsa.h"

/* DER DigestInfo prefixes (RFC 8017 9.2, note 1): SEQUENCE { SEQUENCE {
 * OID 2.16.840.1.101.3.4.2.x, NULL }, OCTET STRING of the digest size } */
static const uint8_t rsa_di_sha256[19] = {
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20
};
static const uint8_t rsa_di_sha384[19] = {
    0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30
};
static const uint8_t rsa_di_sha512[19] = {
    0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
    0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40
};

/* see rsa.h */
const uint8_t *rsa_digestinfo_prefix(int hash_id, size_t *len)
{
    *len = 19;
    switch (hash_id) {
    case CTC_HASH_SHA256:
        return rsa_di_sha256;
    case CTC_HASH_SHA384:
        return rsa_di_sha384;
    case CTC_HASH_SHA512:
        return rsa_di_sha512;
    default:
        *len = 0;
        return NULL;
    }
}

/* see rsa.h */
void rsa_pkcs1_encode(uint8_t *em, size_t k, const uint8_t *prefix,
                      size_t prefix_len, const uint8_t *hash, size_t hash_len)
{
    size_t t = prefix_len + hash_len, ps = k - t - 3, i;

    em[0] = 0x00;
    em[1] = 0x01;
    for (i = 0; i < ps; i++)
        em[2 + i] = 0xff;
    em[2 + ps] = 0x00;
    for (i = 0; i < prefix_len; i++)
        em[3 + ps + i] = prefix[i];
    for (i = 0; i < hash_len; i++)
        em[3 + ps + prefix_len + i] = hash[i];
}

/* see ctcrypto/rsa.h */
int ctc_rsa_pkcs1_verify(const ctc_rsa_public_key *key, int hash_id,
                         const uint8_t *hash, size_t hash_len,
                         const uint8_t *sig, size_t sig_len)
{
    uint8_t em[CTC_RSA_MAX_BYTES], want[CTC_RSA_MAX_BYTES];
    const uint8_t *prefix;
    size_t plen;
    int r;

    if (key == NULL || hash == NULL || sig == NULL || key->bytes == 0)
        return CTC_ERR_PARAM;
    prefix = rsa_digestinfo_prefix(hash_id, &plen);
    if (prefix == NULL)
        return CTC_ERR_PARAM;
    if (hash_len != ctc_hash_size(hash_id))
        return CTC_ERR_LENGTH;
    r = rsa_verify_em_vartime(em, key, sig, sig_len);
    if (r != CTC_OK)
        return r;
    rsa_pkcs1_encode(want, key->bytes, prefix, plen, hash, hash_len);
    /* the whole encoding is compared (the digest is public here) */
    if (!ct_cond_declassify(ct_mem_eq(em, want, key->bytes)))
        return CTC_ERR_SIGNATURE;
    return CTC_OK;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_pkcs1_sign(uint8_t *sig, size_t sig_size, const ctc_rsa_private_key *key,
                       int hash_id, const uint8_t *hash, size_t hash_len,
                       ctc_rng_fn rng, void *rng_ctx)
{
    uint8_t em[CTC_RSA_MAX_BYTES];
    const uint8_t *prefix;
    size_t plen, k;
    int r;

    if (sig == NULL || key == NULL || hash == NULL || rng == NULL || key->half_limbs == 0)
        return CTC_ERR_PARAM;
    prefix = rsa_digestinfo_prefix(hash_id, &plen);
    if (prefix == NULL)
        return CTC_ERR_PARAM;
    if (hash_len != ctc_hash_size(hash_id))
        return CTC_ERR_LENGTH;
    k = key->pub.bytes;
    if (sig_size < k)
        return CTC_ERR_BUFFER;
    rsa_pkcs1_encode(em, k, prefix, plen, hash, hash_len);
    r = rsa_private_em(sig, key, em, rng, rng_ctx);
    ct_zeroize(em, sizeof em);
    return r;
}
