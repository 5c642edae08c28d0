/*
 * aes_ccm.c - CCM (NIST SP 800-38C, RFC 3610), one-shot:
 * ctc_aes_ccm_encrypt and ctc_aes_ccm_decrypt (ctcrypto/aes.h).
 *
 * The CBC-MAC is sequential, the counter is not: each pass of the
 * two-block core advances the MAC by one block and makes the key stream of
 * one counter block. Encryption pairs the MAC of plaintext block i with
 * key stream block i; decryption needs the key stream first, so it pairs
 * the MAC of block i - 1 with the key stream of block i. The first pass
 * pairs B0 with the tag's mask S0 = E(A0).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* ctr += 1 over its last n bytes, big-endian, without a branch */
static void ccm_inc(uint8_t ctr[16], unsigned n)
{
    uint32_t c = 1;
    unsigned i;

    for (i = 16; i > 16 - n; i--) {
        c += ctr[i - 1];
        ctr[i - 1] = (uint8_t)c;
        c >>= 8;
    }
}

/* 1 when len needs more than l bytes (l < 8; counted in 32-bit pieces, a
 * variable 64-bit shift is a helper call on 32-bit targets) */
static int ccm_too_long(size_t len, unsigned l)
{
    uint64_t n = (uint64_t)len;
    uint32_t hi = (uint32_t)(n >> 32), lo = (uint32_t)n;

    if (l >= 8)
        return 0;
    if (l >= 4)
        return (hi >> (8 * (l - 4))) != 0;
    return hi != 0 || (lo >> (8 * l)) != 0;
}

static int ccm_check(const ctc_aes_key *key, const uint8_t *out,
                     size_t out_size, const uint8_t *tag, size_t tag_len,
                     const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len)
{
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    if (nonce_len < 7 || nonce_len > 13)
        return CTC_ERR_AES_IV_LEN;
    if (tag_len < 4 || tag_len > 16 || tag_len % 2 != 0)
        return CTC_ERR_AES_TAG_LEN;
    if (ccm_too_long(len, (unsigned)(15 - nonce_len)))
        return CTC_ERR_AES_MSG_LEN;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (nonce == NULL || tag == NULL || (aad_len != 0 && aad == NULL)
        || (len != 0 && (in == NULL || out == NULL)))
        return CTC_ERR_PARAM;
    return CTC_OK;
}

/* x = E(x ^ the blocks of p), a last partial block padded with zeros */
static void ccm_mac(const ctc_aes_key *key, uint8_t x[16], const uint8_t *p,
                    size_t len)
{
    size_t i = 0;
    unsigned j;

#if AES_HAVE_X86_NI
    if (aes_hw() & AES_HW_AES) {       /* the whole blocks */
        i = len & ~(size_t)15;
        aes_ni_cbc_encrypt(key->rk8, key->rounds, x, NULL, p, len / 16);
    }
#endif
    for (; i < len; i += 16) {
        size_t n = len - i < 16 ? len - i : 16;

        for (j = 0; j < n; j++)
            x[j] ^= p[i + j];
        aes_encrypt1(key, x, x);
    }
}

/*
 * The MAC over B0 and the AAD into x, S0 into s0, the first counter block
 * A1 into ctr. The AAD's length is encoded in 2 bytes below 2^16 - 2^8,
 * as 0xff 0xfe and 4 bytes below 2^32, else as 0xff 0xff and 8 bytes
 * (SP 800-38C, A.2.2); the encoding and the AAD are one padded string.
 */
static void ccm_start(const ctc_aes_key *key, uint8_t x[16], uint8_t s0[16],
                      uint8_t ctr[16], size_t tag_len, const uint8_t *nonce,
                      size_t nonce_len, const uint8_t *aad, size_t aad_len,
                      size_t len)
{
    uint8_t b0[16], head[16];
    uint64_t a = (uint64_t)aad_len, q = (uint64_t)len;
    unsigned l = (unsigned)(15 - nonce_len), i, h, n;

    b0[0] = (uint8_t)((aad_len != 0 ? 0x40 : 0) | ((tag_len - 2) / 2) << 3
                      | (l - 1));
    ctr[0] = (uint8_t)(l - 1);
    for (i = 0; i < nonce_len; i++)
        b0[1 + i] = ctr[1 + i] = nonce[i];
    for (i = 15; i > nonce_len; i--) {  /* Q in l bytes, big-endian */
        b0[i] = (uint8_t)q;
        q >>= 8;
        ctr[i] = 0;
    }
    aes_encrypt2(key, x, s0, b0, ctr);   /* E(B0) and S0 = E(A0) */
    ccm_inc(ctr, l);
    if (aad_len == 0)
        return;
    /* the length's encoding and the first AAD bytes fill head */
    if (a < 0xff00u) {
        head[0] = (uint8_t)(a >> 8);
        head[1] = (uint8_t)a;
        h = 2;
    } else {
        /* big-endian in two 32-bit halves (a variable 64-bit shift is a
         * helper call on 32-bit targets), the high one only when needed */
        uint32_t hi = (uint32_t)(a >> 16 >> 16), lo = (uint32_t)a;

        head[0] = 0xff;
        head[1] = hi != 0 ? 0xff : 0xfe;
        h = 2;
        if (hi != 0) {
            for (i = 0; i < 4; i++)
                head[h + i] = (uint8_t)(hi >> (24 - 8 * i));
            h += 4;
        }
        for (i = 0; i < 4; i++)
            head[h + i] = (uint8_t)(lo >> (24 - 8 * i));
        h += 4;
    }
    n = 16 - h;
    if (n > aad_len)
        n = (unsigned)aad_len;
    for (i = 0; i < n; i++)
        head[h + i] = aad[i];
    ccm_mac(key, x, head, h + n);
    ccm_mac(key, x, aad + n, aad_len - n);
}

/*
 * The text: out = in ^ the key stream from ctr (advanced over l bytes),
 * and x = the MAC over the plaintext (in when encrypting, out when
 * decrypting), each pass one MAC block and one key stream block.
 */
static void ccm_text(const ctc_aes_key *key, uint8_t x[16], uint8_t ctr[16],
                     unsigned l, uint8_t *out, const uint8_t *in, size_t len,
                     int decrypt)
{
    uint8_t ks[16], m[16];
    size_t i = 0;
    unsigned j, pending = 0;

#if AES_HAVE_X86_NI
    if (aes_hw() & AES_HW_AES) {       /* the whole blocks, the MAC complete */
        i = len & ~(size_t)15;
        aes_ni_ccm_blocks(key->rk8, key->rounds, x, ctr, l, out, in, len / 16, decrypt);
    }
#endif
#if AES_HAVE_CT64
    /* the 64-bit core: the key stream of up to sixteen blocks in one call
     * (one pass of the AVX2 leaf, four of the portable core), then the
     * MAC's chain a block at a time */
    {
        uint8_t kss[256];

        for (; i < len; i += sizeof kss) {
            size_t n = len - i < sizeof kss ? len - i : sizeof kss, b, nb = (n + 15) / 16;

            for (b = 0; b < nb; b++) {
                for (j = 0; j < 16; j++)
                    kss[16 * b + j] = ctr[j];
                ccm_inc(ctr, l);
            }
            aes_encrypt_blocks(key, kss, kss, nb);
            for (b = 0; b < n; b += 16) {
                size_t m_len = n - b < 16 ? n - b : 16;

                /* the MAC over the plaintext: in before out is written
                 * (they may be one buffer), out after */
                if (!decrypt)
                    for (j = 0; j < m_len; j++)
                        x[j] ^= in[i + b + j];
                for (j = 0; j < m_len; j++)
                    out[i + b + j] = (uint8_t)(in[i + b + j] ^ kss[b + j]);
                if (decrypt)
                    for (j = 0; j < m_len; j++)
                        x[j] ^= out[i + b + j];
                aes_encrypt1(key, x, x);
            }
        }
        ct_zeroize(kss, sizeof kss);
    }
#endif
    for (; i < len; i += 16) {
        size_t n = len - i < 16 ? len - i : 16;

        if (!decrypt) {
            for (j = 0; j < 16; j++)
                m[j] = (uint8_t)(x[j] ^ (j < n ? in[i + j] : 0));
            aes_encrypt2(key, x, ks, m, ctr);
            for (j = 0; j < n; j++)
                out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
        } else {
            if (pending)
                aes_encrypt2(key, x, ks, m, ctr);
            else
                aes_encrypt1(key, ks, ctr);
            for (j = 0; j < n; j++)
                out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
            for (j = 0; j < 16; j++)
                m[j] = (uint8_t)(x[j] ^ (j < n ? out[i + j] : 0));
            pending = 1;
        }
        ccm_inc(ctr, l);
    }
    if (pending)
        aes_encrypt1(key, x, m);
    ct_zeroize(ks, sizeof ks);
    ct_zeroize(m, sizeof m);
}

/* see ctcrypto/aes.h */
int ctc_aes_ccm_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        uint8_t *tag, size_t tag_len,
                        const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len)
{
    uint8_t x[16], s0[16], ctr[16];
    size_t i;
    int r;

    r = ccm_check(key, out, out_size, tag, tag_len, nonce, nonce_len, aad,
                  aad_len, in, len);
    if (r != CTC_OK)
        return r;
    ccm_start(key, x, s0, ctr, tag_len, nonce, nonce_len, aad, aad_len, len);
    ccm_text(key, x, ctr, (unsigned)(15 - nonce_len), out, in, len, 0);
    for (i = 0; i < tag_len; i++)
        tag[i] = (uint8_t)(x[i] ^ s0[i]);
    ct_zeroize(x, sizeof x);
    ct_zeroize(s0, sizeof s0);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
int ctc_aes_ccm_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t tag_len)
{
    uint8_t x[16], s0[16], ctr[16];
    unsigned i;
    int r;

    r = ccm_check(key, out, out_size, tag, tag_len, nonce, nonce_len, aad,
                  aad_len, in, len);
    if (r != CTC_OK)
        return r;
    ccm_start(key, x, s0, ctr, tag_len, nonce, nonce_len, aad, aad_len, len);
    ccm_text(key, x, ctr, (unsigned)(15 - nonce_len), out, in, len, 1);
    for (i = 0; i < 16; i++)
        x[i] ^= s0[i];
    /* whether the tag verifies is public: the caller learns it */
    if (ct_cond_declassify(ct_mem_eq(x, tag, tag_len))) {
        r = CTC_OK;
    } else {
        if (len != 0)
            ct_zeroize(out, len);
        r = CTC_ERR_AES_TAG;
    }
    ct_zeroize(x, sizeof x);
    ct_zeroize(s0, sizeof s0);
    return r;
}

#endif /* CTC_AES */
