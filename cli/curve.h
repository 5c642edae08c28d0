/*
 * curve.h - the curves ctc knows: one table (cli/curve.c), one row per
 * curve the library has. Everything curve-specific that the commands and
 * the key files need is in the row: names, the named-curve OID, sizes, the
 * default hash and the library's functions (through the signatures below,
 * which every curve of include/ctcrypto/ec.h has).
 */
#ifndef CLI_CURVE_H
#define CLI_CURVE_H

#include <stddef.h>
#include <stdint.h>

/* the largest sizes a row may have (P-384's: checked by curve_check) */
#define CURVE_MAX_SCALAR 48
#define CURVE_MAX_PUB 97
#define CURVE_MAX_SIG 96
#define CURVE_MAX_DER_SIG 104
#define CURVE_MAX_RANDOM 80
#define CURVE_MAX_OID 10

struct curve {
    const char *name;              /* the --curve value: "p256" */
    const char *std_name;          /* "P-256" */
    const char *aliases[3];        /* other accepted --curve values */
    uint8_t oid[CURVE_MAX_OID];    /* named-curve OID contents (RFC 5480) */
    size_t oid_len;
    int default_hash;              /* CTC_HASH_* for --hash's default */
    size_t scalar_len;             /* private key, shared secret, r and s */
    size_t pub_len;                /* uncompressed SEC1 point */
    size_t sig_len;                /* r || s */
    size_t der_sig_max;
    size_t rnd_min, rnd_max;       /* random bytes keygen takes */
    int (*public_key)(uint8_t *pub, const uint8_t *priv);
    int (*keygen)(uint8_t *priv, uint8_t *pub, const uint8_t *rnd, size_t rnd_len);
    int (*pub_decode)(uint8_t *out, const uint8_t *pub, size_t pub_len);
    int (*pub_compress)(uint8_t *out, const uint8_t *pub, size_t pub_len);
    int (*spki_decode)(uint8_t *out, const uint8_t *der, size_t der_len);
    int (*ecdh)(uint8_t *shared, const uint8_t *priv, const uint8_t *peer, size_t peer_len);
    int (*sign)(uint8_t *sig, const uint8_t *priv, const uint8_t *h, size_t h_len,
                const uint8_t *extra, size_t extra_len);
    /* raw r || s of sig_len bytes; another length gives CTC_ERR_LENGTH */
    int (*verify)(const uint8_t *pub, size_t pub_len, const uint8_t *h, size_t h_len,
                  const uint8_t *sig, size_t sig_len);
    int (*sig_to_der)(uint8_t *der, size_t *der_len, size_t cap, const uint8_t *sig);
    int (*sig_from_der)(uint8_t *sig, const uint8_t *der, size_t der_len);
};

extern const struct curve curves[];
extern const size_t curve_count;

/*
 * The row for a --curve value or a named-curve OID, or NULL. For a curve
 * that ctc knows by name but this build has no row for (P-384 until the
 * library has it), *missing is set to its standard name ("P-384"), else
 * to NULL.
 */
const struct curve *curve_by_name(const char *name, const char **missing);
const struct curve *curve_by_oid(const uint8_t *oid, size_t oid_len, const char **missing);

/* "p256" or "p256, p384": the built-in curves, for messages */
const char *curve_list(void);

/* 0 if every row fits the CURVE_MAX_* sizes (an internal check) */
int curve_check(void);

/* the id-ecPublicKey OID contents (1.2.840.10045.2.1) */
extern const uint8_t oid_ec_public_key[7];

#endif /* CLI_CURVE_H */
