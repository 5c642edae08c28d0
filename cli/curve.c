/*
 * curve.c - the curve table of curve.h.
 *
 * Adding a curve that the library has (with the function shapes of
 * include/ctcrypto/ec.h) is adding its row to curves[]; the commands, the
 * key files and tools/test_ctc.py (which asks `ctc --version` for the
 * list) take it from there.
 */
#include <string.h>

#include "ctcrypto/ctcrypto.h"
#include "curve.h"

const uint8_t oid_ec_public_key[7] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };

const struct curve curves[] = {
    {
        .name = "p256", .std_name = "P-256", .aliases = { "P-256", "prime256v1", "secp256r1" },
        /* 1.2.840.10045.3.1.7 */
        .oid = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 }, .oid_len = 8,
        .default_hash = CTC_HASH_SHA256,
        .scalar_len = CTC_P256_SCALAR_BYTES, .pub_len = CTC_P256_PUB_BYTES,
        .sig_len = CTC_P256_SIG_BYTES, .der_sig_max = CTC_P256_DER_SIG_MAX,
        .rnd_min = CTC_P256_KEYGEN_MIN_RANDOM, .rnd_max = CTC_P256_KEYGEN_MAX_RANDOM,
        .public_key = ctc_p256_public_key, .keygen = ctc_p256_keygen,
        .pub_decode = ctc_p256_public_key_decode, .pub_compress = ctc_p256_public_key_compress,
        .spki_decode = ctc_p256_spki_decode, .ecdh = ctc_ecdh_p256,
        .sign = ctc_ecdsa_p256_sign, .verify = ctc_ecdsa_p256_verify,
        .sig_to_der = ctc_ecdsa_p256_sig_to_der, .sig_from_der = ctc_ecdsa_p256_sig_from_der,
    },
    {
        .name = "p384", .std_name = "P-384", .aliases = { "P-384", "secp384r1", NULL },
        /* 1.3.132.0.34 */
        .oid = { 0x2b, 0x81, 0x04, 0x00, 0x22 }, .oid_len = 5,
        .default_hash = CTC_HASH_SHA384,
        .scalar_len = CTC_P384_SCALAR_BYTES, .pub_len = CTC_P384_PUB_BYTES,
        .sig_len = CTC_P384_SIG_BYTES, .der_sig_max = CTC_P384_DER_SIG_MAX,
        .rnd_min = CTC_P384_KEYGEN_MIN_RANDOM, .rnd_max = CTC_P384_KEYGEN_MAX_RANDOM,
        .public_key = ctc_p384_public_key, .keygen = ctc_p384_keygen,
        .pub_decode = ctc_p384_public_key_decode, .pub_compress = ctc_p384_public_key_compress,
        .spki_decode = ctc_p384_spki_decode, .ecdh = ctc_ecdh_p384,
        .sign = ctc_ecdsa_p384_sign, .verify = ctc_ecdsa_p384_verify,
        .sig_to_der = ctc_ecdsa_p384_sig_to_der, .sig_from_der = ctc_ecdsa_p384_sig_from_der,
    },
};

const size_t curve_count = sizeof curves / sizeof curves[0];

/* Curves ctc knows by name and OID but that may have no row: only looked
 * at when curves[] has none, so a new row makes its entry here unused. */
static const struct {
    const char *name, *std_name, *alias;
    uint8_t oid[CURVE_MAX_OID];
    size_t oid_len;
} known[] = {
    { "p384", "P-384", "secp384r1", { 0x2b, 0x81, 0x04, 0x00, 0x22 }, 5 },   /* 1.3.132.0.34 */
    { "p521", "P-521", "secp521r1", { 0x2b, 0x81, 0x04, 0x00, 0x23 }, 5 },   /* 1.3.132.0.35 */
};

/* ASCII case-insensitive equality */
static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z') y += 'a' - 'A';
        if (x != y)
            return 0;
    }
    return *a == *b;
}

const struct curve *curve_by_name(const char *name, const char **missing)
{
    size_t i, j;

    *missing = NULL;
    for (i = 0; i < curve_count; i++) {
        if (same_name(name, curves[i].name))
            return &curves[i];
        for (j = 0; j < 3; j++)
            if (curves[i].aliases[j] && same_name(name, curves[i].aliases[j]))
                return &curves[i];
    }
    for (i = 0; i < sizeof known / sizeof known[0]; i++)
        if (same_name(name, known[i].name) || same_name(name, known[i].std_name)
            || same_name(name, known[i].alias))
            *missing = known[i].std_name;
    return NULL;
}

const struct curve *curve_by_oid(const uint8_t *oid, size_t oid_len, const char **missing)
{
    size_t i;

    *missing = NULL;
    for (i = 0; i < curve_count; i++)
        if (oid_len == curves[i].oid_len && memcmp(oid, curves[i].oid, oid_len) == 0)
            return &curves[i];
    for (i = 0; i < sizeof known / sizeof known[0]; i++)
        if (oid_len == known[i].oid_len && memcmp(oid, known[i].oid, oid_len) == 0)
            *missing = known[i].std_name;
    return NULL;
}

const char *curve_list(void)
{
    static char buf[128];
    size_t i;

    if (buf[0] == 0)
        for (i = 0; i < curve_count; i++) {
            if (i)
                strcat(buf, ", ");
            strcat(buf, curves[i].name);
        }
    return buf;
}

int curve_check(void)
{
    size_t i;

    for (i = 0; i < curve_count; i++) {
        const struct curve *c = &curves[i];
        if (c->scalar_len > CURVE_MAX_SCALAR || c->pub_len > CURVE_MAX_PUB
            || c->sig_len > CURVE_MAX_SIG || c->der_sig_max > CURVE_MAX_DER_SIG
            || c->rnd_max > CURVE_MAX_RANDOM || c->oid_len > CURVE_MAX_OID
            || c->pub_len != 2 * c->scalar_len + 1 || c->sig_len != 2 * c->scalar_len)
            return -1;
    }
    return 0;
}
