/*
 * aes_ctr.c - counter mode: aes_ctr_xor (aes_impl.h) and ctc_aes_ctr
 * (ctcrypto/aes.h).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* a loop, not memcpy: the library calls no libc */
static void copy16(uint8_t d[16], const uint8_t s[16])
{
    unsigned i;

    for (i = 0; i < 16; i++)
        d[i] = s[i];
}

#if !AES_HAVE_TABLE
/* ctr += 1 over its last n bytes, big-endian, without a branch */
static void ctr_inc(uint8_t ctr[16], unsigned n)
{
    uint32_t c = 1;
    unsigned i;

    for (i = 16; i > 16 - n; i--) {
        c += ctr[i - 1];
        ctr[i - 1] = (uint8_t)c;
        c >>= 8;
    }
}
#endif

/* see aes_impl.h */
void aes_ctr_xor(const ctc_aes_key *key, uint8_t ctr[16], unsigned inc_bytes,
                 uint8_t *out, const uint8_t *in, size_t len)
{
#if !AES_HAVE_TABLE
    uint8_t c1[16], ks[32];
    size_t i, j;
#endif

#if AES_HAVE_X86_NI
    if (aes_hw() & AES_HW_AES) {
        aes_ni_ctr_xor(key->rk8, key->rounds, ctr, inc_bytes, out, in, len);
        return;
    }
#endif
#if AES_HAVE_TABLE
    /* vartime: CTC_AES_TABLE, the build chose a core that is not constant time */
    aes_tbl_ctr_xor_vartime(key->ek, key->rounds, ctr, inc_bytes, out, in, len);
#else
    for (i = 0; i < len; i += 32) {
        size_t n = len - i < 32 ? len - i : 32;

        copy16(c1, ctr);
        ctr_inc(c1, inc_bytes);
        aes_ct32_encrypt2(key->rk, key->rounds, ks, ks + 16, ctr, c1);
        for (j = 0; j < n; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
        /* past the blocks used: two, or one for a last piece of <= 16 */
        copy16(ctr, c1);
        if (n > 16)
            ctr_inc(ctr, inc_bytes);
    }
    ct_zeroize(ks, sizeof ks);
#endif
}

/* see ctcrypto/aes.h */
int ctc_aes_ctr(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                const uint8_t iv[16], const uint8_t *in, size_t len)
{
    uint8_t ctr[16];

    if (key == NULL || key->rounds == 0 || iv == NULL)
        return CTC_ERR_PARAM;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (len == 0)
        return CTC_OK;
    if (out == NULL || in == NULL)
        return CTC_ERR_PARAM;
    copy16(ctr, iv);
    aes_ctr_xor(key, ctr, 16, out, in, len);
    return CTC_OK;
}

#endif /* CTC_AES */
