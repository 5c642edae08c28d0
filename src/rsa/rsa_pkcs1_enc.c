/*
 * rsa_pkcs1_enc.c - RSAES-PKCS1-v1_5 (RFC 8017 7.2; declared in
 * ctcrypto/rsa.h and rsa.h): encryption with nonzero random padding, and
 * decryption with implicit rejection (draft-irtf-cfrg-rsa-guidance,
 * "Implicit rejection"): the real and the synthetic message are both
 * made, and one is chosen by mask, so the caller never learns whether
 * the padding was valid.
 */
#include "ct/ct.h"
#include "rsa.h"

/* a position's zero padding byte is drawn again at most this often */
#define RSA_PKCS1_REDRAWS 64

/* see ctcrypto/rsa.h */
int ctc_rsa_pkcs1_encrypt(uint8_t *out, size_t out_size, const ctc_rsa_public_key *key,
                          const uint8_t *msg, size_t msg_len,
                          ctc_rng_fn rng, void *rng_ctx)
{
    uint8_t em[CTC_RSA_MAX_BYTES];
    size_t k, ps, i;
    int r = CTC_ERR_RNG, tries;

    if (out == NULL || key == NULL || rng == NULL || key->bytes == 0 ||
        (msg == NULL && msg_len != 0))
        return CTC_ERR_PARAM;
    k = key->bytes;
    if (out_size < k)
        return CTC_ERR_BUFFER;
    if (msg_len > CTC_RSA_PKCS1_MAX_MSG(k))
        return CTC_ERR_LENGTH;
    /* EM = 0x00 || 0x02 || PS || 0x00 || M, PS nonzero random bytes */
    ps = k - msg_len - 3;
    em[0] = 0x00;
    em[1] = 0x02;
    if (rng(rng_ctx, em + 2, ps) != 0)
        goto done;
    for (i = 0; i < ps; i++) {
        /* the padding bytes are random and independent of the message:
         * which of them were zero may be seen */
        for (tries = 0; em[2 + i] == 0 && tries < RSA_PKCS1_REDRAWS; tries++)
            if (rng(rng_ctx, em + 2 + i, 1) != 0)
                goto done;
        if (em[2 + i] == 0)
            goto done;
    }
    em[2 + ps] = 0x00;
    for (i = 0; i < msg_len; i++)
        em[3 + ps + i] = msg[i];
    /* EM < 2^(8(k - 1)) <= n; the exponentiation's time follows e only */
    r = rsa_verify_em_vartime(out, key, em, k);
done:
    ct_zeroize(em, sizeof em);
    return r;
}

/*
 * IRPRF (the draft's PRF): out[0..len) = the first len bytes of
 * HMAC-SHA-256(kdk, I2OSP(i, 2) || label || I2OSP(8 len, 2)) for
 * i = 0, 1, ... (len < 8192).
 */
static void rsa_ir_prf(uint8_t *out, size_t len, const uint8_t kdk[32],
                       const char *label, size_t label_len)
{
    ctc_hmac_ctx h;
    uint8_t blk[32], hdr[2], bits[2];
    size_t done, m, i;
    uint32_t c = 0;

    bits[0] = (uint8_t)((8 * len) >> 8);
    bits[1] = (uint8_t)(8 * len);
    for (done = 0; done < len; done += m) {
        hdr[0] = (uint8_t)(c >> 8);
        hdr[1] = (uint8_t)c;
        (void)ctc_hmac_init(&h, CTC_HASH_SHA256, kdk, 32);
        (void)ctc_hmac_update(&h, hdr, 2);
        (void)ctc_hmac_update(&h, (const uint8_t *)label, label_len);
        (void)ctc_hmac_update(&h, bits, 2);
        (void)ctc_hmac_final(&h, blk, 32);
        m = len - done < 32 ? len - done : 32;
        for (i = 0; i < m; i++)
            out[done + i] = blk[i];
        c++;
    }
    ct_zeroize(blk, sizeof blk);
}

/* see rsa.h */
void rsa_ir_kdk(uint8_t kdk[32], const ctc_rsa_private_key *key, const uint8_t *ct)
{
    uint8_t dh[32], part[CTC_RSA_MAX_BYTES];
    size_t k = key->pub.bytes, h = key->half_limbs;
    ctc_hash_ctx hc;

    if (key->ir_key_set) {
        /* set by ctc_rsa_private_key_set_d: SHA-256(I2OSP(d, k)) */
        size_t i;

        for (i = 0; i < 32; i++)
            dh[i] = key->ir_key[i];
    } else if (key->d_limbs != 0) {
        /* d kept by the DER reader or key generation: SHA-256(I2OSP(d, k))
         * (whether d is stored is public: the key's shape) */
        (void)mp_to_be(part, k, key->d, key->d_limbs);
        (void)ctc_hash(dh, 32, CTC_HASH_SHA256, part, k);
        ct_zeroize(part, sizeof part);
    } else {
        /* no d: SHA-256(I2OSP(dp, k) || I2OSP(dq, k)) (dp, dq < n fit) */
        (void)ctc_hash_init(&hc, CTC_HASH_SHA256);
        (void)mp_to_be(part, k, key->dp, h);
        (void)ctc_hash_update(&hc, part, k);
        (void)mp_to_be(part, k, key->dq, h);
        (void)ctc_hash_update(&hc, part, k);
        (void)ctc_hash_final(&hc, dh, 32);
        ct_zeroize(part, sizeof part);
    }
    (void)ctc_hmac(kdk, 32, CTC_HASH_SHA256, dh, 32, ct, k);
    ct_zeroize(dh, sizeof dh);
}

/* see rsa.h */
void rsa_pkcs1_unpad_ir(uint8_t *out, size_t *msg_len, uint8_t *em, size_t k,
                        const uint8_t kdk[32])
{
    uint8_t syn[CTC_RSA_MAX_BYTES], lens[256];
    size_t max = CTC_RSA_PKCS1_MAX_MSG(k), zero = 0, al = 0, len, i;
    uint32_t lmask = (uint32_t)(k - 10);
    ct_cond good, found = ct_cond_false();

    /*
     * The synthetic message: the last AL bytes of IRPRF(KDK, "message",
     * k); AL is the last of 128 16-bit candidates from IRPRF(KDK,
     * "length", 256), masked to the bits of k - 10, that is below k - 10
     * (0 if none is: probability below 2^-128).
     */
    rsa_ir_prf(syn, k, kdk, "message", 7);
    rsa_ir_prf(lens, sizeof lens, kdk, "length", 6);
    lmask |= lmask >> 1;
    lmask |= lmask >> 2;
    lmask |= lmask >> 4;
    lmask |= lmask >> 8;
    for (i = 0; i < sizeof lens; i += 2) {
        size_t cl = (((size_t)lens[i] << 8) | lens[i + 1]) & lmask;

        al = ct_sz_sel(ct_sz_lt(cl, k - 10), cl, al);
    }
    /* the real one: 0x00 || 0x02 || PS (8 bytes or more, nonzero) || 0x00 || M;
     * zero is the index of the first zero byte from em[2] on */
    good = ct_cond_and(ct_u32_is_zero(em[0]), ct_u32_eq(em[1], 2));
    for (i = 2; i < k; i++) {
        ct_cond is0 = ct_u32_is_zero(em[i]);

        zero = ct_sz_sel(ct_cond_and(ct_cond_not(found), is0), i, zero);
        found = ct_cond_or(found, is0);
    }
    good = ct_cond_and(good, ct_cond_and(found, ct_sz_ge(zero, 10)));
    /* both messages end the block and start at 11 or later: choose byte by
     * byte, then move the chosen length's suffix to the front */
    len = ct_sz_sel(good, k - zero - 1, al);
    for (i = 0; i < max; i++)
        out[i] = (uint8_t)ct_u32_sel(good, em[11 + i], syn[11 + i]);
    rsa_take_suffix(out, max, len);
    *msg_len = len;
    ct_zeroize(syn, sizeof syn);
    ct_zeroize(lens, sizeof lens);
}

/* see ctcrypto/rsa.h */
int ctc_rsa_pkcs1_decrypt(uint8_t *out, size_t out_size, size_t *msg_len,
                          const ctc_rsa_private_key *key,
                          const uint8_t *ct, size_t ct_len,
                          ctc_rng_fn rng, void *rng_ctx)
{
    uint8_t em[CTC_RSA_MAX_BYTES], kdk[32];
    size_t k, len = 0;
    int r;

    if (out == NULL || msg_len == NULL || key == NULL || ct == NULL || rng == NULL ||
        key->half_limbs == 0)
        return CTC_ERR_PARAM;
    *msg_len = 0;
    k = key->pub.bytes;
    /* the buffer's size is compared with the public maximum */
    if (out_size < CTC_RSA_PKCS1_MAX_MSG(k))
        return CTC_ERR_BUFFER;
    if (ct_len != k)
        return CTC_ERR_LENGTH;
    r = rsa_private_em(em, key, ct, rng, rng_ctx);
    if (r != CTC_OK) {
        ct_zeroize(out, CTC_RSA_PKCS1_MAX_MSG(k));
        goto done;
    }
    rsa_ir_kdk(kdk, key, ct);
    rsa_pkcs1_unpad_ir(out, &len, em, k, kdk);
    /* the chosen message's length is public: it is the caller's message
     * length either way, and says nothing about which one was chosen */
    CT_UNPOISON(&len, sizeof len);
    *msg_len = len;
done:
    ct_zeroize(em, sizeof em);
    ct_zeroize(kdk, sizeof kdk);
    return r;
}
