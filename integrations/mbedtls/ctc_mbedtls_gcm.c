/*
 * ctc_mbedtls_gcm.c - mbedTLS 3.6's GCM (MBEDTLS_GCM_ALT) on ctcrypto's
 * AES-GCM.
 *
 * Under MBEDTLS_GCM_ALT, gcm.c compiles out everything but its self test:
 * the context (gcm_alt.h) and mbedtls_gcm_init, _setkey, _starts,
 * _update_ad, _update, _finish, _crypt_and_tag, _auth_decrypt and _free
 * are here. Their checks and error codes are gcm.c's: an IV of 1 byte to
 * 2^61 - 1, AD below 2^61 bytes, text up to 2^36 - 32 bytes, tags of 4
 * to 16 bytes; update writes its output at once (output_length =
 * input_length, finish writes none), and an output that overlaps its
 * input other than exactly is refused (MBEDTLS_ERR_GCM_BAD_INPUT).
 *
 * AES keys go to ctcrypto: the one-shot ctc_aes_gcm_encrypt / _decrypt for
 * crypt_and_tag and auth_decrypt (what TLS 1.2's cipher layer and PSA's
 * AEAD, hence TLS 1.3, call) when the tag length is one ctcrypto takes
 * (4, 8, 12 to 16 bytes), its streaming GCM otherwise. mbedTLS's finish
 * outputs the computed tag in both directions (the caller compares), while
 * ctcrypto's streaming decryption only verifies a tag; so a streaming
 * decryption runs two ctcrypto encryptions of the same IV: one of zeros
 * gives the key stream, the other is fed the plaintext that key stream
 * gives, so that it hashes the ciphertext and produces its tag. A tag
 * shorter than 16 bytes is the first bytes of the full one.
 *
 * Other 128-bit block ciphers (Camellia, ARIA in the default
 * configuration) run the generic GCM at the end of this file over
 * mbedTLS's cipher layer (ECB), with a bitwise GHASH whose reduction is a
 * mask: slow, and not what TLS with AES uses.
 */
#include <stdint.h>
#include <string.h>

#include "mbedtls/build_info.h"
#include "mbedtls/gcm.h"
#include "mbedtls/constant_time.h"
#include "mbedtls/platform_util.h"
#include "mbedtls/error.h"

#include "ctcrypto/aes.h"

#if !defined(MBEDTLS_GCM_ALT)
#error "build with -DMBEDTLS_USER_CONFIG_FILE='\"ctc_mbedtls_config.h\"'"
#endif

#define TEXT_MAX 0xFFFFFFFE0ull         /* 2^36 - 32 bytes */

static int gcm_err(int ret)
{
    if (ret == 0) {
        return 0;
    }
    if (ret == CTC_ERR_AES_TAG) {
        return MBEDTLS_ERR_GCM_AUTH_FAILED;
    }
    if (ret == CTC_ERR_BUFFER) {
        return MBEDTLS_ERR_GCM_BUFFER_TOO_SMALL;
    }
    return MBEDTLS_ERR_GCM_BAD_INPUT;
}

/* output and input overlap other than exactly (ctcrypto takes in place
 * only) */
static int bad_overlap(const unsigned char *input, const unsigned char *output, size_t len)
{
    uintptr_t i = (uintptr_t) input, o = (uintptr_t) output;

    return len != 0 && i != o && (o < i ? i - o < len : o - i < len);
}

/* the tag lengths ctcrypto's one-shot functions take */
static int one_shot_tag(size_t tag_len)
{
    return tag_len == 4 || tag_len == 8 || (tag_len >= 12 && tag_len <= 16);
}

static void generic_free(mbedtls_gcm_context *ctx);
static int generic_setkey(mbedtls_gcm_context *ctx, mbedtls_cipher_id_t cipher,
                          const unsigned char *key, unsigned int keybits);
static int generic_starts(mbedtls_gcm_context *ctx, const unsigned char *iv, size_t iv_len);
static void generic_ad(mbedtls_gcm_context *ctx, const unsigned char *add, size_t add_len);
static int generic_update(mbedtls_gcm_context *ctx, const unsigned char *input, size_t len,
                          unsigned char *output);
static void generic_finish(mbedtls_gcm_context *ctx, unsigned char tag[16]);

void mbedtls_gcm_init(mbedtls_gcm_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
    ctx->is_aes = -1;
}

void mbedtls_gcm_free(mbedtls_gcm_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
    generic_free(ctx);
    ctc_aes_key_wipe(&ctx->key);
    mbedtls_platform_zeroize(ctx, sizeof(*ctx));
}

int mbedtls_gcm_setkey(mbedtls_gcm_context *ctx, mbedtls_cipher_id_t cipher,
                       const unsigned char *key, unsigned int keybits)
{
    if (keybits != 128 && keybits != 192 && keybits != 256) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    generic_free(ctx);
    ctc_aes_key_wipe(&ctx->key);
    ctx->is_aes = -1;
    ctx->started = 0;
    if (cipher != MBEDTLS_CIPHER_ID_AES) {
        return generic_setkey(ctx, cipher, key, keybits);
    }
    if (ctc_aes_key_set(&ctx->key, key, keybits / 8) != 0) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    ctx->is_aes = 1;
    return 0;
}

int mbedtls_gcm_starts(mbedtls_gcm_context *ctx, int mode, const unsigned char *iv,
                       size_t iv_len)
{
    int ret;

    /* SP 800-38D 5.2.1.1: 1 <= len(IV) <= 2^64 - 1 bits; a mode that is
     * neither direction is refused (gcm.c would hash neither text) */
    if (iv_len == 0 || (uint64_t) iv_len >> 61 != 0 || ctx->is_aes < 0 ||
        (mode != MBEDTLS_GCM_ENCRYPT && mode != MBEDTLS_GCM_DECRYPT)) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    ctx->mode = mode;
    ctx->len = 0;
    ctx->add_len = 0;
    ctx->started = 0;
    if (ctx->is_aes) {
        ret = ctc_aes_gcm_init(&ctx->ctc, &ctx->key, iv, iv_len, 0);
        if (ret == 0 && mode == MBEDTLS_GCM_DECRYPT) {
            ret = ctc_aes_gcm_init(&ctx->u.ks, &ctx->key, iv, iv_len, 0);
        }
        ret = gcm_err(ret);
    } else {
        ret = generic_starts(ctx, iv, iv_len);
    }
    ctx->started = ret == 0;
    return ret;
}

int mbedtls_gcm_update_ad(mbedtls_gcm_context *ctx, const unsigned char *add, size_t add_len)
{
    uint64_t total = ctx->add_len + (uint64_t) add_len;

    /* AD below 2^61 bytes; none after the text has begun */
    if (!ctx->started || total < ctx->add_len || total >> 61 != 0 || ctx->len != 0) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    if (add_len == 0) {
        return 0;
    }
    if (ctx->is_aes) {
        int ret = ctc_aes_gcm_aad(&ctx->ctc, add, add_len);
        if (ret != 0) {
            return gcm_err(ret);
        }
    } else {
        generic_ad(ctx, add, add_len);
    }
    ctx->add_len = total;
    return 0;
}

/* a streaming AES decryption (see the top): 64 bytes at a time */
static int aes_decrypt_update(mbedtls_gcm_context *ctx, const unsigned char *input,
                              size_t len, unsigned char *output)
{
    unsigned char zero[64] = { 0 }, ks[64], pt[64], ct[64];
    int ret = 0;

    while (len != 0 && ret == 0) {
        size_t n = len < sizeof(pt) ? len : sizeof(pt), i;

        ret = ctc_aes_gcm_update(&ctx->u.ks, ks, sizeof(ks), zero, n);
        for (i = 0; i < n; i++) {
            pt[i] = (unsigned char) (input[i] ^ ks[i]);
        }
        if (ret == 0) {
            ret = ctc_aes_gcm_update(&ctx->ctc, ct, sizeof(ct), pt, n);
        }
        if (ret == 0) {
            memcpy(output, pt, n);
        }
        input += n;
        output += n;
        len -= n;
    }
    mbedtls_platform_zeroize(ks, sizeof(ks));
    mbedtls_platform_zeroize(pt, sizeof(pt));
    return gcm_err(ret);
}

int mbedtls_gcm_update(mbedtls_gcm_context *ctx, const unsigned char *input,
                       size_t input_length, unsigned char *output, size_t output_size,
                       size_t *output_length)
{
    int ret;

    if (output_size < input_length) {
        return MBEDTLS_ERR_GCM_BUFFER_TOO_SMALL;
    }
    *output_length = input_length;
    if (input_length == 0) {
        return 0;
    }
    if (!ctx->started || bad_overlap(input, output, input_length) ||
        (uint64_t) input_length > TEXT_MAX - ctx->len) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    if (!ctx->is_aes) {
        ret = generic_update(ctx, input, input_length, output);
    } else if (ctx->mode == MBEDTLS_GCM_DECRYPT) {
        ret = aes_decrypt_update(ctx, input, input_length, output);
    } else {
        ret = gcm_err(ctc_aes_gcm_update(&ctx->ctc, output, input_length, input,
                                         input_length));
    }
    if (ret == 0) {
        ctx->len += input_length;
    }
    return ret;
}

int mbedtls_gcm_finish(mbedtls_gcm_context *ctx, unsigned char *output, size_t output_size,
                       size_t *output_length, unsigned char *tag, size_t tag_len)
{
    unsigned char full[16];
    int ret = 0;

    (void) output;
    (void) output_size;
    *output_length = 0;         /* update wrote everything */
    if (tag_len < 4 || tag_len > 16 || !ctx->started) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    if (ctx->is_aes) {
        ret = gcm_err(ctc_aes_gcm_encrypt_final(&ctx->ctc, full, 16, 0));
        if (ctx->mode == MBEDTLS_GCM_DECRYPT) {
            ctc_aes_gcm_wipe(&ctx->u.ks);
        }
    } else {
        generic_finish(ctx, full);
    }
    ctx->started = 0;
    if (ret == 0) {
        memcpy(tag, full, tag_len);
    }
    mbedtls_platform_zeroize(full, sizeof(full));
    return ret;
}

/* the same as starts, update_ad, update and finish (as gcm.c) */
static int streaming(mbedtls_gcm_context *ctx, int mode, size_t length,
                     const unsigned char *iv, size_t iv_len, const unsigned char *add,
                     size_t add_len, const unsigned char *input, unsigned char *output,
                     size_t tag_len, unsigned char *tag)
{
    size_t olen;
    int ret;

    if ((ret = mbedtls_gcm_starts(ctx, mode, iv, iv_len)) != 0 ||
        (ret = mbedtls_gcm_update_ad(ctx, add, add_len)) != 0 ||
        (ret = mbedtls_gcm_update(ctx, input, length, output, length, &olen)) != 0) {
        return ret;
    }
    return mbedtls_gcm_finish(ctx, NULL, 0, &olen, tag, tag_len);
}

/* a length or IV that gcm.c's streaming calls refuse (64-bit parameters:
 * on a 32-bit target a size_t never reaches these bounds) */
static int one_shot_refuses(uint64_t iv_len, uint64_t add_len, uint64_t length)
{
    return iv_len == 0 || iv_len >> 61 != 0 || add_len >> 61 != 0 || length > TEXT_MAX;
}

int mbedtls_gcm_crypt_and_tag(mbedtls_gcm_context *ctx, int mode, size_t length,
                              const unsigned char *iv, size_t iv_len,
                              const unsigned char *add, size_t add_len,
                              const unsigned char *input, unsigned char *output,
                              size_t tag_len, unsigned char *tag)
{
    int ret;

    if (ctx->is_aes != 1 || mode != MBEDTLS_GCM_ENCRYPT || !one_shot_tag(tag_len)) {
        return streaming(ctx, mode, length, iv, iv_len, add, add_len, input, output,
                         tag_len, tag);
    }
    if (one_shot_refuses(iv_len, add_len, length) || bad_overlap(input, output, length)) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    ctx->started = 0;
    if (tag_len >= 12) {
        ret = ctc_aes_gcm_encrypt(&ctx->key, output, length, tag, tag_len, iv, iv_len,
                                  add, add_len, input, length);
    } else {
        ret = ctc_aes_gcm_encrypt_short_tag(&ctx->key, output, length, tag, tag_len, iv,
                                            iv_len, add, add_len, input, length);
    }
    return gcm_err(ret);
}

int mbedtls_gcm_auth_decrypt(mbedtls_gcm_context *ctx, size_t length,
                             const unsigned char *iv, size_t iv_len,
                             const unsigned char *add, size_t add_len,
                             const unsigned char *tag, size_t tag_len,
                             const unsigned char *input, unsigned char *output)
{
    unsigned char check[16];
    int ret;

    if (ctx->is_aes == 1 && one_shot_tag(tag_len)) {
        /* ctcrypto compares in constant time and zeroes output on failure */
        if (one_shot_refuses(iv_len, add_len, length) || bad_overlap(input, output, length)) {
            return MBEDTLS_ERR_GCM_BAD_INPUT;
        }
        ctx->started = 0;
        if (tag_len >= 12) {
            ret = ctc_aes_gcm_decrypt(&ctx->key, output, length, iv, iv_len, add, add_len,
                                      input, length, tag, tag_len);
        } else {
            ret = ctc_aes_gcm_decrypt_short_tag(&ctx->key, output, length, iv, iv_len, add,
                                                add_len, input, length, tag, tag_len);
        }
        return gcm_err(ret);
    }
    ret = streaming(ctx, MBEDTLS_GCM_DECRYPT, length, iv, iv_len, add, add_len, input,
                    output, tag_len, check);
    if (ret == 0 && mbedtls_ct_memcmp(tag, check, tag_len) != 0) {
        mbedtls_platform_zeroize(output, length);
        ret = MBEDTLS_ERR_GCM_AUTH_FAILED;
    }
    mbedtls_platform_zeroize(check, sizeof(check));
    return ret;
}

/* ---- the generic GCM, for 128-bit block ciphers other than AES ------------ */

/* the other cipher's context, if one was set up (it shares its memory
 * with the AES key stream's) */
static void generic_free(mbedtls_gcm_context *ctx)
{
    if (ctx->is_aes == 0) {
        mbedtls_cipher_free(&ctx->u.gen.cipher);
        ctx->is_aes = -1;
    }
}

static int generic_block(mbedtls_gcm_context *ctx, unsigned char out[16],
                         const unsigned char in[16])
{
    size_t olen;

    return mbedtls_cipher_update(&ctx->u.gen.cipher, in, 16, out, &olen);
}

static int generic_setkey(mbedtls_gcm_context *ctx, mbedtls_cipher_id_t cipher,
                          const unsigned char *key, unsigned int keybits)
{
    const mbedtls_cipher_info_t *info =
        mbedtls_cipher_info_from_values(cipher, (int) keybits, MBEDTLS_MODE_ECB);
    static const unsigned char zero[16] = { 0 };
    int ret;

    if (info == NULL || mbedtls_cipher_info_get_block_size(info) != 16) {
        return MBEDTLS_ERR_GCM_BAD_INPUT;
    }
    mbedtls_cipher_init(&ctx->u.gen.cipher);
    ctx->is_aes = 0;
    if ((ret = mbedtls_cipher_setup(&ctx->u.gen.cipher, info)) != 0 ||
        (ret = mbedtls_cipher_setkey(&ctx->u.gen.cipher, key, (int) keybits,
                                     MBEDTLS_ENCRYPT)) != 0 ||
        (ret = generic_block(ctx, ctx->u.gen.h, zero)) != 0) {
        generic_free(ctx);
        return ret;
    }
    return 0;
}

/* x = x h in GCM's bit order (SP 800-38D 6.3, Algorithm 1): every bit of
 * x is taken with a mask, and the reduction is a mask too */
static void gf_mul(unsigned char x[16], const unsigned char h[16])
{
    uint32_t z[4] = { 0, 0, 0, 0 }, v[4];
    int i, j;

    for (j = 0; j < 4; j++) {
        v[j] = (uint32_t) h[4 * j] << 24 | (uint32_t) h[4 * j + 1] << 16 |
               (uint32_t) h[4 * j + 2] << 8 | h[4 * j + 3];
    }
    for (i = 0; i < 128; i++) {
        uint32_t bit = 0u - (uint32_t) ((x[i / 8] >> (7 - i % 8)) & 1);
        uint32_t lsb = 0u - (v[3] & 1);

        for (j = 0; j < 4; j++) {
            z[j] ^= v[j] & bit;
        }
        v[3] = v[3] >> 1 | v[2] << 31;
        v[2] = v[2] >> 1 | v[1] << 31;
        v[1] = v[1] >> 1 | v[0] << 31;
        v[0] = (v[0] >> 1) ^ (0xE1000000u & lsb);
    }
    for (j = 0; j < 4; j++) {
        x[4 * j] = (unsigned char) (z[j] >> 24);
        x[4 * j + 1] = (unsigned char) (z[j] >> 16);
        x[4 * j + 2] = (unsigned char) (z[j] >> 8);
        x[4 * j + 3] = (unsigned char) z[j];
    }
    mbedtls_platform_zeroize(v, sizeof(v));
    mbedtls_platform_zeroize(z, sizeof(z));
}

/* acc = (acc ^ data) h over whole 16-byte blocks, the last one zero-padded */
static void ghash(unsigned char acc[16], const unsigned char h[16],
                  const unsigned char *data, size_t len)
{
    while (len != 0) {
        size_t n = len < 16 ? len : 16, i;

        for (i = 0; i < n; i++) {
            acc[i] ^= data[i];
        }
        gf_mul(acc, h);
        data += n;
        len -= n;
    }
}

static void put_be64(unsigned char *p, uint64_t v)
{
    int i;

    for (i = 7; i >= 0; i--) {
        p[i] = (unsigned char) v;
        v >>= 8;
    }
}

static int generic_starts(mbedtls_gcm_context *ctx, const unsigned char *iv, size_t iv_len)
{
    memset(ctx->u.gen.y, 0, 16);
    if (iv_len == 12) {
        memcpy(ctx->u.gen.y, iv, 12);
        ctx->u.gen.y[15] = 1;
    } else {
        unsigned char lens[16] = { 0 };

        ghash(ctx->u.gen.y, ctx->u.gen.h, iv, iv_len);
        put_be64(lens + 8, (uint64_t) iv_len * 8);
        ghash(ctx->u.gen.y, ctx->u.gen.h, lens, 16);
    }
    memset(ctx->u.gen.acc, 0, 16);
    return generic_block(ctx, ctx->u.gen.ekj0, ctx->u.gen.y);
}

/* AD bytes go into acc at the position add_len % 16; a full block is
 * multiplied (a partial one waits for more AD, the text or finish) */
static void generic_ad(mbedtls_gcm_context *ctx, const unsigned char *add, size_t add_len)
{
    size_t pos = (size_t) (ctx->add_len % 16), i;

    for (i = 0; i < add_len; i++) {
        ctx->u.gen.acc[pos++] ^= add[i];
        if (pos == 16) {
            gf_mul(ctx->u.gen.acc, ctx->u.gen.h);
            pos = 0;
        }
    }
}

static void inc32(unsigned char y[16])
{
    int i;

    for (i = 15; i >= 12 && ++y[i] == 0; i--) {
    }
}

static int generic_update(mbedtls_gcm_context *ctx, const unsigned char *input, size_t len,
                          unsigned char *output)
{
    size_t pos = (size_t) (ctx->len % 16), i;
    int ret;

    if (ctx->len == 0 && ctx->add_len % 16 != 0) {
        gf_mul(ctx->u.gen.acc, ctx->u.gen.h);       /* the AD's last partial block */
    }
    for (i = 0; i < len; i++) {
        unsigned char c = input[i];

        if (pos == 0) {
            inc32(ctx->u.gen.y);
            if ((ret = generic_block(ctx, ctx->u.gen.ks, ctx->u.gen.y)) != 0) {
                return ret;
            }
        }
        output[i] = (unsigned char) (c ^ ctx->u.gen.ks[pos]);
        ctx->u.gen.acc[pos] ^= ctx->mode == MBEDTLS_GCM_DECRYPT ? c : output[i];
        if (++pos == 16) {
            gf_mul(ctx->u.gen.acc, ctx->u.gen.h);
            pos = 0;
        }
    }
    return 0;
}

static void generic_finish(mbedtls_gcm_context *ctx, unsigned char tag[16])
{
    unsigned char lens[16];
    int i;

    if ((ctx->len == 0 && ctx->add_len % 16 != 0) || ctx->len % 16 != 0) {
        gf_mul(ctx->u.gen.acc, ctx->u.gen.h);       /* the last partial block */
    }
    put_be64(lens, ctx->add_len * 8);
    put_be64(lens + 8, ctx->len * 8);
    ghash(ctx->u.gen.acc, ctx->u.gen.h, lens, 16);
    for (i = 0; i < 16; i++) {
        tag[i] = (unsigned char) (ctx->u.gen.acc[i] ^ ctx->u.gen.ekj0[i]);
    }
    mbedtls_platform_zeroize(ctx->u.gen.ks, sizeof(ctx->u.gen.ks));
}
