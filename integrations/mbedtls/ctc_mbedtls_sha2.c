/*
 * ctc_mbedtls_sha2.c - ctcrypto's SHA-224, SHA-256, SHA-384 and SHA-512 as
 * mbedTLS 3.6's (MBEDTLS_SHA256_ALT, MBEDTLS_SHA512_ALT): the functions
 * sha256.c and sha512.c leave out under those macros. Their one-shot
 * mbedtls_sha256() / mbedtls_sha512() and self tests stay mbedTLS's and
 * call these. md.c, PSA's hash functions, HMAC, HKDF, HMAC_DRBG and the
 * TLS transcript hash all come here.
 *
 * mbedtls_internal_sha256_process / _sha512_process (one block into the
 * chaining value, the byte count untouched) are ctcrypto's update of one
 * whole block with the count put back; they need an empty partial block,
 * as every caller inside mbedTLS's own sha256.c had.
 */
#include <string.h>

#include "mbedtls/build_info.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "mbedtls/platform_util.h"

#include "ctcrypto/hash.h"

#if !defined(MBEDTLS_SHA256_ALT) || !defined(MBEDTLS_SHA512_ALT)
#error "build with -DMBEDTLS_USER_CONFIG_FILE='\"ctc_mbedtls_config.h\"'"
#endif

void mbedtls_sha256_init(mbedtls_sha256_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_sha256_free(mbedtls_sha256_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_sha256_clone(mbedtls_sha256_context *dst, const mbedtls_sha256_context *src)
{
    *dst = *src;
}

int mbedtls_sha256_starts(mbedtls_sha256_context *ctx, int is224)
{
    int ret;

    if (is224 == 0) {
        ret = ctc_sha256_init(&ctx->ctc);
    } else if (is224 == 1) {
        ret = ctc_sha224_init(&ctx->ctc);
    } else {
        return MBEDTLS_ERR_SHA256_BAD_INPUT_DATA;
    }
    ctx->is224 = is224;
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA256_BAD_INPUT_DATA;
}

int mbedtls_sha256_update(mbedtls_sha256_context *ctx, const unsigned char *input, size_t ilen)
{
    int ret = ctx->is224 ? ctc_sha224_update(&ctx->ctc, input, ilen)
                         : ctc_sha256_update(&ctx->ctc, input, ilen);
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA256_BAD_INPUT_DATA;
}

int mbedtls_sha256_finish(mbedtls_sha256_context *ctx, unsigned char *output)
{
    int ret = ctx->is224 ? ctc_sha224_final(&ctx->ctc, output)
                         : ctc_sha256_final(&ctx->ctc, output);
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA256_BAD_INPUT_DATA;
}

int mbedtls_internal_sha256_process(mbedtls_sha256_context *ctx, const unsigned char data[64])
{
    uint64_t len = ctx->ctc.len;

    if (len % CTC_SHA256_BLOCK != 0 ||
        ctc_sha256_update(&ctx->ctc, data, CTC_SHA256_BLOCK) != 0) {
        return MBEDTLS_ERR_SHA256_BAD_INPUT_DATA;
    }
    ctx->ctc.len = len;
    return 0;
}

void mbedtls_sha512_init(mbedtls_sha512_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_sha512_free(mbedtls_sha512_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_sha512_clone(mbedtls_sha512_context *dst, const mbedtls_sha512_context *src)
{
    *dst = *src;
}

int mbedtls_sha512_starts(mbedtls_sha512_context *ctx, int is384)
{
    int ret;

    if (is384 == 0) {
        ret = ctc_sha512_init(&ctx->ctc);
    } else if (is384 == 1) {
        ret = ctc_sha384_init(&ctx->ctc);
    } else {
        return MBEDTLS_ERR_SHA512_BAD_INPUT_DATA;
    }
    ctx->is384 = is384;
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA512_BAD_INPUT_DATA;
}

int mbedtls_sha512_update(mbedtls_sha512_context *ctx, const unsigned char *input, size_t ilen)
{
    int ret = ctx->is384 ? ctc_sha384_update(&ctx->ctc, input, ilen)
                         : ctc_sha512_update(&ctx->ctc, input, ilen);
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA512_BAD_INPUT_DATA;
}

int mbedtls_sha512_finish(mbedtls_sha512_context *ctx, unsigned char *output)
{
    int ret = ctx->is384 ? ctc_sha384_final(&ctx->ctc, output)
                         : ctc_sha512_final(&ctx->ctc, output);
    return ret == 0 ? 0 : MBEDTLS_ERR_SHA512_BAD_INPUT_DATA;
}

int mbedtls_internal_sha512_process(mbedtls_sha512_context *ctx, const unsigned char data[128])
{
    uint64_t len = ctx->ctc.len;

    if (len % CTC_SHA512_BLOCK != 0 ||
        ctc_sha512_update(&ctx->ctc, data, CTC_SHA512_BLOCK) != 0) {
        return MBEDTLS_ERR_SHA512_BAD_INPUT_DATA;
    }
    ctx->ctc.len = len;
    return 0;
}
