/*
 * ctc_mbedtls_aes.c - ctcrypto's AES as mbedTLS 3.6's (MBEDTLS_AES_ALT).
 *
 * Under MBEDTLS_AES_ALT, aes.c compiles out everything but its self test:
 * the context, the key schedules, the block functions and every mode of
 * the default configuration (ECB, CBC, XTS, CFB128, CFB8, OFB, CTR). All
 * are here, on ctcrypto's expanded key (aes_alt.h): ECB, CBC and the whole
 * blocks of CTR are ctcrypto's modes; XTS, CFB and OFB, which ctcrypto
 * does not have, are written here over its block function. Argument checks
 * and error codes are mbedTLS's, made before the key is touched (mbedTLS's
 * tests call them on a context that was never set).
 *
 * One expanded key serves both directions, so mbedtls_aes_setkey_dec is
 * the same expansion as mbedtls_aes_setkey_enc.
 */
#include <string.h>

#include "mbedtls/build_info.h"
#include "mbedtls/aes.h"
#include "mbedtls/platform_util.h"

#include "ctcrypto/aes.h"

#if !defined(MBEDTLS_AES_ALT)
#error "build with -DMBEDTLS_USER_CONFIG_FILE='\"ctc_mbedtls_config.h\"'"
#endif

/* ctcrypto's errors here are argument errors: the key length is checked
 * before, and the modes' lengths are whole blocks by construction */
static int aes_err(int ret)
{
    if (ret == 0) {
        return 0;
    }
    return ret == CTC_ERR_AES_KEY_LEN ? MBEDTLS_ERR_AES_INVALID_KEY_LENGTH
                                      : MBEDTLS_ERR_AES_BAD_INPUT_DATA;
}

static int encrypt_block(const mbedtls_aes_context *ctx, unsigned char out[16],
                         const unsigned char in[16])
{
    return aes_err(ctc_aes_ecb_encrypt(&ctx->key, out, 16, in, 16));
}

void mbedtls_aes_init(mbedtls_aes_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_aes_free(mbedtls_aes_context *ctx)
{
    if (ctx != NULL) {
        ctc_aes_key_wipe(&ctx->key);
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

int mbedtls_aes_setkey_enc(mbedtls_aes_context *ctx, const unsigned char *key,
                           unsigned int keybits)
{
    if (keybits != 128 && keybits != 192 && keybits != 256) {
        return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
    }
    return aes_err(ctc_aes_key_set(&ctx->key, key, keybits / 8));
}

int mbedtls_aes_setkey_dec(mbedtls_aes_context *ctx, const unsigned char *key,
                           unsigned int keybits)
{
    return mbedtls_aes_setkey_enc(ctx, key, keybits);
}

int mbedtls_internal_aes_encrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                                 unsigned char output[16])
{
    return encrypt_block(ctx, output, input);
}

int mbedtls_internal_aes_decrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                                 unsigned char output[16])
{
    return aes_err(ctc_aes_ecb_decrypt(&ctx->key, output, 16, input, 16));
}

int mbedtls_aes_crypt_ecb(mbedtls_aes_context *ctx, int mode,
                          const unsigned char input[16], unsigned char output[16])
{
    if (mode == MBEDTLS_AES_ENCRYPT) {
        return mbedtls_internal_aes_encrypt(ctx, input, output);
    }
    if (mode == MBEDTLS_AES_DECRYPT) {
        return mbedtls_internal_aes_decrypt(ctx, input, output);
    }
    return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
}

#if defined(MBEDTLS_CIPHER_MODE_CBC)
/* iv becomes the last ciphertext block, so that calls chain */
int mbedtls_aes_crypt_cbc(mbedtls_aes_context *ctx, int mode, size_t length,
                          unsigned char iv[16], const unsigned char *input,
                          unsigned char *output)
{
    unsigned char next_iv[16];
    int ret;

    if (mode != MBEDTLS_AES_ENCRYPT && mode != MBEDTLS_AES_DECRYPT) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    if (length == 0) {
        return 0;
    }
    if (length % 16 != 0) {
        return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
    }
    if (mode == MBEDTLS_AES_DECRYPT) {
        /* the input's last block, read before an in-place decryption */
        memcpy(next_iv, input + length - 16, 16);
        ret = ctc_aes_cbc_decrypt_raw(&ctx->key, output, length, iv, 16, input, length);
    } else {
        ret = ctc_aes_cbc_encrypt_raw(&ctx->key, output, length, iv, 16, input, length);
        if (ret == 0) {
            memcpy(next_iv, output + length - 16, 16);
        }
    }
    if (ret == 0) {
        memcpy(iv, next_iv, 16);
    }
    return aes_err(ret);
}
#endif /* MBEDTLS_CIPHER_MODE_CBC */

#if defined(MBEDTLS_CIPHER_MODE_XTS)
void mbedtls_aes_xts_init(mbedtls_aes_xts_context *ctx)
{
    mbedtls_aes_init(&ctx->crypt);
    mbedtls_aes_init(&ctx->tweak);
}

void mbedtls_aes_xts_free(mbedtls_aes_xts_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_aes_free(&ctx->crypt);
        mbedtls_aes_free(&ctx->tweak);
    }
}

/* key = the data key then the tweak key, 2 x 128 or 2 x 256 bits */
static int xts_setkey(mbedtls_aes_xts_context *ctx, const unsigned char *key,
                      unsigned int keybits)
{
    int ret;

    if (keybits != 256 && keybits != 512) {
        return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
    }
    ret = mbedtls_aes_setkey_enc(&ctx->tweak, key + keybits / 16, keybits / 2);
    return ret != 0 ? ret : mbedtls_aes_setkey_enc(&ctx->crypt, key, keybits / 2);
}

int mbedtls_aes_xts_setkey_enc(mbedtls_aes_xts_context *ctx, const unsigned char *key,
                               unsigned int keybits)
{
    return xts_setkey(ctx, key, keybits);
}

int mbedtls_aes_xts_setkey_dec(mbedtls_aes_xts_context *ctx, const unsigned char *key,
                               unsigned int keybits)
{
    return xts_setkey(ctx, key, keybits);
}

/* t = t x (IEEE 1619's little-endian GF(2^128), x^128 + x^7 + x^2 + x + 1);
 * the tweak is secret (an encryption of the data unit), so the reduction
 * is a mask, not a branch */
static void xts_double(unsigned char t[16])
{
    unsigned carry = t[15] >> 7;
    int i;

    for (i = 15; i > 0; i--) {
        t[i] = (unsigned char) ((t[i] << 1) | (t[i - 1] >> 7));
    }
    t[0] = (unsigned char) ((t[0] << 1) ^ (0x87u & (0u - carry)));
}

static void xor16(unsigned char *out, const unsigned char *a, const unsigned char *b)
{
    int i;

    for (i = 0; i < 16; i++) {
        out[i] = (unsigned char) (a[i] ^ b[i]);
    }
}

static int xts_block(const mbedtls_aes_context *key, int mode, unsigned char out[16],
                     const unsigned char in[16], const unsigned char t[16])
{
    unsigned char b[16];
    int ret;

    xor16(b, in, t);
    ret = aes_err(mode == MBEDTLS_AES_ENCRYPT ? ctc_aes_ecb_encrypt(&key->key, b, 16, b, 16)
                                              : ctc_aes_ecb_decrypt(&key->key, b, 16, b, 16));
    xor16(out, b, t);
    mbedtls_platform_zeroize(b, sizeof(b));
    return ret;
}

/* IEEE 1619 with ciphertext stealing for a last partial block; a data unit
 * of 16 bytes to 2^20 blocks (SP 800-38E) */
int mbedtls_aes_crypt_xts(mbedtls_aes_xts_context *ctx, int mode, size_t length,
                          const unsigned char data_unit[16], const unsigned char *input,
                          unsigned char *output)
{
    unsigned char t[16], t_next[16], last[16];
    size_t full = length / 16, partial = length % 16, i;
    int ret;

    if (mode != MBEDTLS_AES_ENCRYPT && mode != MBEDTLS_AES_DECRYPT) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    if (length < 16 || length > ((size_t) 1 << 20) * 16) {
        return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
    }
    ret = encrypt_block(&ctx->tweak, t, data_unit);
    /* the whole blocks but the one that a partial block steals from */
    for (i = 0; ret == 0 && i + (partial != 0) < full; i++) {
        ret = xts_block(&ctx->crypt, mode, output + 16 * i, input + 16 * i, t);
        xts_double(t);
    }
    if (ret == 0 && partial != 0) {
        const unsigned char *in = input + 16 * i;
        unsigned char *out = output + 16 * i;

        /* the last whole block takes tweak m-1 and the stolen block tweak m
         * when encrypting; decryption undoes them in the other order */
        memcpy(t_next, t, 16);
        xts_double(t_next);
        ret = xts_block(&ctx->crypt, mode, last, in,
                        mode == MBEDTLS_AES_ENCRYPT ? t : t_next);
        if (ret == 0) {
            unsigned char b[16];

            memcpy(b, in + 16, partial);
            memcpy(b + partial, last + partial, 16 - partial);
            memcpy(out + 16, last, partial);
            ret = xts_block(&ctx->crypt, mode, out, b,
                            mode == MBEDTLS_AES_ENCRYPT ? t_next : t);
            mbedtls_platform_zeroize(b, sizeof(b));
        }
    }
    mbedtls_platform_zeroize(t, sizeof(t));
    mbedtls_platform_zeroize(t_next, sizeof(t_next));
    mbedtls_platform_zeroize(last, sizeof(last));
    return ret;
}
#endif /* MBEDTLS_CIPHER_MODE_XTS */

#if defined(MBEDTLS_CIPHER_MODE_CFB)
/* iv holds the current key-stream block mixed with the text, *iv_off the
 * bytes of it used, as mbedTLS's own */
int mbedtls_aes_crypt_cfb128(mbedtls_aes_context *ctx, int mode, size_t length,
                             size_t *iv_off, unsigned char iv[16],
                             const unsigned char *input, unsigned char *output)
{
    size_t n, i;
    int ret;

    if (mode != MBEDTLS_AES_ENCRYPT && mode != MBEDTLS_AES_DECRYPT) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    n = *iv_off;
    if (n > 15) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    for (i = 0; i < length; i++) {
        unsigned char c = input[i];

        if (n == 0 && (ret = encrypt_block(ctx, iv, iv)) != 0) {
            return ret;
        }
        output[i] = (unsigned char) (c ^ iv[n]);
        iv[n] = mode == MBEDTLS_AES_ENCRYPT ? output[i] : c;
        n = (n + 1) % 16;
    }
    *iv_off = n;
    return 0;
}

/* one byte per block: iv is shifted left by a byte and takes the
 * ciphertext byte */
int mbedtls_aes_crypt_cfb8(mbedtls_aes_context *ctx, int mode, size_t length,
                           unsigned char iv[16], const unsigned char *input,
                           unsigned char *output)
{
    unsigned char ks[16];
    size_t i;
    int ret = 0;

    if (mode != MBEDTLS_AES_ENCRYPT && mode != MBEDTLS_AES_DECRYPT) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    for (i = 0; i < length; i++) {
        unsigned char c = input[i];

        if ((ret = encrypt_block(ctx, ks, iv)) != 0) {
            break;
        }
        output[i] = (unsigned char) (c ^ ks[0]);
        memmove(iv, iv + 1, 15);
        iv[15] = mode == MBEDTLS_AES_ENCRYPT ? output[i] : c;
    }
    mbedtls_platform_zeroize(ks, sizeof(ks));
    return ret;
}
#endif /* MBEDTLS_CIPHER_MODE_CFB */

#if defined(MBEDTLS_CIPHER_MODE_OFB)
int mbedtls_aes_crypt_ofb(mbedtls_aes_context *ctx, size_t length, size_t *iv_off,
                          unsigned char iv[16], const unsigned char *input,
                          unsigned char *output)
{
    size_t n = *iv_off, i;
    int ret;

    if (n > 15) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    for (i = 0; i < length; i++) {
        if (n == 0 && (ret = encrypt_block(ctx, iv, iv)) != 0) {
            return ret;
        }
        output[i] = (unsigned char) (input[i] ^ iv[n]);
        n = (n + 1) % 16;
    }
    *iv_off = n;
    return 0;
}
#endif /* MBEDTLS_CIPHER_MODE_OFB */

#if defined(MBEDTLS_CIPHER_MODE_CTR)
/* the 16-byte big-endian counter plus k (a public count) */
static void ctr_add(unsigned char ctr[16], size_t k)
{
    int i;

    for (i = 15; i >= 0 && k != 0; i--) {
        k += ctr[i];
        ctr[i] = (unsigned char) k;
        k >>= 8;
    }
}

/* the key stream left in stream_block is used first (*nc_off bytes of it
 * were); then whole blocks go to ctcrypto's CTR (the same whole-block
 * counter) but for the last 1 to 16 bytes, whose key-stream block is left
 * in stream_block, as mbedTLS's own leaves it */
int mbedtls_aes_crypt_ctr(mbedtls_aes_context *ctx, size_t length, size_t *nc_off,
                          unsigned char nonce_counter[16], unsigned char stream_block[16],
                          const unsigned char *input, unsigned char *output)
{
    size_t off = *nc_off, i = 0, blocks;
    int ret;

    if (off > 15) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    for (; off != 0 && i < length; i++) {
        output[i] = (unsigned char) (input[i] ^ stream_block[off]);
        off = (off + 1) % 16;
    }
    blocks = i < length ? (length - i - 1) / 16 : 0;
    if (blocks != 0) {
        ret = ctc_aes_ctr(&ctx->key, output + i, 16 * blocks, nonce_counter,
                          input + i, 16 * blocks);
        if (ret != 0) {
            return aes_err(ret);
        }
        ctr_add(nonce_counter, blocks);
        i += 16 * blocks;
    }
    if (i < length) {
        if ((ret = encrypt_block(ctx, stream_block, nonce_counter)) != 0) {
            return ret;
        }
        ctr_add(nonce_counter, 1);
        for (; i < length; i++) {
            output[i] = (unsigned char) (input[i] ^ stream_block[off]);
            off = (off + 1) % 16;
        }
    }
    *nc_off = off;
    return 0;
}
#endif /* MBEDTLS_CIPHER_MODE_CTR */
