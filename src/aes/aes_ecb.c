/*
 * aes_ecb.c - the key object and ECB (ctcrypto/aes.h): ctc_aes_key_set,
 * ctc_aes_key_wipe, ctc_aes_ecb_encrypt, ctc_aes_ecb_decrypt.
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/* see ctcrypto/aes.h */
int ctc_aes_key_set(ctc_aes_key *key, const uint8_t *k, size_t k_len)
{
    if (key == NULL)
        return CTC_ERR_PARAM;
    key->rounds = 0;
    if (k_len != 16 && k_len != 24 && k_len != 32)
        return CTC_ERR_AES_KEY_LEN;
    if (k == NULL)
        return CTC_ERR_PARAM;
#if AES_HAVE_TABLE
    aes_tbl_key(key->ek, AES_TBL_DK(key), k, (unsigned)(k_len / 4));
#elif AES_HAVE_CT64
    aes_ct64_key_expand(key->rk64, k, (unsigned)(k_len / 4));
#else
    aes_ct32_key_expand(key->rk, k, (unsigned)(k_len / 4));
#endif
#if CTC_AES_KEY_RK8
    aes_key_expand_bytes(key->rk8, k, (unsigned)(k_len / 4));
#endif
    key->rounds = (uint32_t)(k_len / 4 + 6);
    return CTC_OK;
}

/* see ctcrypto/aes.h */
void ctc_aes_key_wipe(ctc_aes_key *key)
{
    if (key != NULL)
        ct_zeroize(key, sizeof *key);
}

static int ecb_check(const ctc_aes_key *key, const uint8_t *out,
                     size_t out_size, const uint8_t *in, size_t len)
{
    if (key == NULL || key->rounds == 0)
        return CTC_ERR_PARAM;
    if (len % 16 != 0)
        return CTC_ERR_AES_BLOCKS;
    if (out_size < len)
        return CTC_ERR_BUFFER;
    if (len != 0 && (out == NULL || in == NULL))
        return CTC_ERR_PARAM;
    return CTC_OK;
}

/* the core in use, as many blocks per pass as it takes (aes_cpu.c) */
static void ecb_run(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                    size_t len, int decrypt)
{
    if (decrypt)
        aes_decrypt_blocks(key, out, in, len / 16);
    else
        aes_encrypt_blocks(key, out, in, len / 16);
}

/* see ctcrypto/aes.h */
int ctc_aes_ecb_encrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *in, size_t len)
{
    int r = ecb_check(key, out, out_size, in, len);

    if (r == CTC_OK)
        ecb_run(key, out, in, len, 0);
    return r;
}

/* see ctcrypto/aes.h */
int ctc_aes_ecb_decrypt(const ctc_aes_key *key, uint8_t *out, size_t out_size,
                        const uint8_t *in, size_t len)
{
    int r = ecb_check(key, out, out_size, in, len);

    if (r == CTC_OK)
        ecb_run(key, out, in, len, 1);
    return r;
}

#endif /* CTC_AES */
