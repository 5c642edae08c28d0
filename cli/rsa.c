/*
 * rsa.c - the RSA commands of ctc: rsa-keygen, rsa-pub, rsa-sign,
 * rsa-verify, rsa-encrypt, rsa-decrypt (the library's ctcrypto/rsa.h).
 *
 * Key files are PEM or DER, told apart by the contents: PKCS#1
 * RSAPrivateKey ("RSA PRIVATE KEY") and RSAPublicKey ("RSA PUBLIC KEY"),
 * PKCS#8 PrivateKeyInfo ("PRIVATE KEY"), SubjectPublicKeyInfo ("PUBLIC
 * KEY"). A DER file's structure is read from its first elements (below);
 * the library's strict readers then decode it. --pub also takes a private
 * key file (its public half is used).
 *
 * Exit status as the tool's (cli.h), except that rsa-verify keeps 1 for
 * "the signature is invalid" (it does not verify, has the wrong length or
 * is not below n) and gives 2 for every other failure. Private keys,
 * messages, decrypted messages and random bytes are wiped before exit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asn1/asn1.h"
#include "cli.h"
#include "ct/ct.h"
#include "ctcrypto/ctcrypto.h"
#include "keyfile.h"

#define SIG_FILE_MAX 4096          /* larger signature files are refused */

enum { CMD_KEYGEN, CMD_SIGN, CMD_VERIFY, CMD_ENCRYPT, CMD_DECRYPT, CMD_PUB };
enum { SCHEME_PKCS1, SCHEME_PSS, SCHEME_OAEP };

static const struct {
    const char *name;
    unsigned long long opts;   /* the options it takes */
} commands[] = {
    { "rsa-keygen", OPT_BIT(OPT_BITS) | OPT_BIT(OPT_OUT) | OPT_BIT(OPT_FORMAT)
                    | OPT_BIT(OPT_TYPE) },
    { "rsa-sign", OPT_BIT(OPT_KEY) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_SCHEME) | OPT_BIT(OPT_IN)
                  | OPT_BIT(OPT_OUT) | OPT_BIT(OPT_SALT_LEN) },
    { "rsa-verify", OPT_BIT(OPT_PUB) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_SCHEME)
                    | OPT_BIT(OPT_SIG) | OPT_BIT(OPT_IN) | OPT_BIT(OPT_SALT_LEN) },
    { "rsa-encrypt", OPT_BIT(OPT_PUB) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_SCHEME)
                     | OPT_BIT(OPT_IN) | OPT_BIT(OPT_OUT) },
    { "rsa-decrypt", OPT_BIT(OPT_KEY) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_SCHEME)
                     | OPT_BIT(OPT_IN) | OPT_BIT(OPT_OUT) },
    { "rsa-pub", OPT_BIT(OPT_KEY) | OPT_BIT(OPT_PUB) | OPT_BIT(OPT_OUT) | OPT_BIT(OPT_FORMAT)
                 | OPT_BIT(OPT_TYPE) },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

struct rsa {
    const char *cmd;
    int id;                    /* CMD_* */
    int bad;                   /* exit status for bad input */
};

int rsa_is_command(const char *cmd)
{
    size_t i;

    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return 1;
    return 0;
}

static int cmd_usage(const struct rsa *c, const char *a, const char *b)
{
    fprintf(stderr, "ctc: %s: %s%s (see 'ctc --help')\n", c->cmd, a, b ? b : "");
    return EXIT_USAGE;
}

/* /dev/urandom as the library's ctc_rng_fn (ctx: the open FILE) */
static int rng_urandom(void *ctx, uint8_t *out, size_t len)
{
    return fread(out, 1, len, (FILE *)ctx) == len ? CTC_OK : CTC_ERR_RNG;
}

static FILE *rng_open(void)
{
    FILE *f = fopen("/dev/urandom", "rb");

    if (f == NULL)
        fail("/dev/urandom: ", strerror(errno), NULL);
    else
        setvbuf(f, NULL, _IONBF, 0);   /* no stdio buffer keeps random bytes */
    return f;
}

/* what a library error code says about a key file */
static const char *key_error(int r)
{
    switch (r) {
    case CTC_ERR_ENCODING: return "malformed DER (not a strict DER RSA key)";
    case CTC_ERR_RANGE: return "malformed key (a negative integer)";
    case CTC_ERR_RSA_VERSION: return "unsupported key version (multi-prime keys and PKCS#8 v2 "
                                     "are refused)";
    case CTC_ERR_RSA_ALGORITHM: return "not an RSA key (the algorithm is not rsaEncryption "
                                       "with NULL parameters)";
    case CTC_ERR_RSA_PQ: return "inconsistent private key (p q is not n)";
    case CTC_ERR_RSA_D: return "inconsistent private key (d does not agree with dp, dq or n)";
    case CTC_ERR_KEY: return "inconsistent private key (qinv, dp or dq is wrong)";
    case CTC_ERR_LENGTH: return "unsupported private key (p and q are not of half n's size)";
    case CTC_ERR_RSA_N_EVEN: return "invalid key (the modulus is even)";
    case CTC_ERR_RSA_E_EVEN: return "invalid key (the public exponent is even)";
    case CTC_ERR_RSA_E_SMALL: return "invalid key (the public exponent is 1)";
    case CTC_ERR_RSA_E_LARGE: return "unsupported key (the public exponent is 2^32 or more)";
    default: return "the library refused the key";
    }
}

enum { KF_PKCS1_PRIV, KF_PKCS8, KF_PKCS1_PUB, KF_SPKI, KF_UNKNOWN };

/* which structure a DER key is, from its first elements:
 *   SEQUENCE { SEQUENCE ...                  SubjectPublicKeyInfo
 *   SEQUENCE { INTEGER, SEQUENCE ...         PrivateKeyInfo
 *   SEQUENCE { INTEGER, INTEGER }            RSAPublicKey
 *   SEQUENCE { INTEGER, INTEGER, INTEGER ... RSAPrivateKey */
static int der_kind(const uint8_t *der, size_t len)
{
    asn1_reader r, s;
    const uint8_t *p;
    size_t n;

    r.p = der;
    r.len = len;
    if (asn1_read(&r, ASN1_TAG_SEQUENCE, &p, &n) != CTC_OK || n == 0)
        return KF_UNKNOWN;
    if (p[0] == ASN1_TAG_SEQUENCE)
        return KF_SPKI;
    s.p = p;
    s.len = n;
    if (asn1_read(&s, ASN1_TAG_INTEGER, &p, &n) != CTC_OK || s.len == 0)
        return KF_UNKNOWN;
    if (s.p[0] == ASN1_TAG_SEQUENCE)
        return KF_PKCS8;
    if (asn1_read(&s, ASN1_TAG_INTEGER, &p, &n) != CTC_OK)
        return KF_UNKNOWN;
    return s.len == 0 ? KF_PKCS1_PUB : KF_PKCS1_PRIV;
}

/*
 * Reads the key file `path`: a private key into *priv (when priv is not
 * NULL, and then only a private key is taken), else a public key into
 * *pub (a private key's public half too). Returns 0 or c->bad after one
 * line.
 */
static int load_key(const struct rsa *c, const char *path, ctc_rsa_private_key *priv,
                    ctc_rsa_public_key *pub)
{
    uint8_t *file, *der = NULL, *d = NULL;
    size_t len, der_len = 0, d_len = 0;
    char label[72], msg[128];
    const char *err = NULL;
    int r, kind = KF_UNKNOWN;

    if ((r = read_file(&file, &len, path, KEYFILE_MAX, c->bad)) != 0)
        return r;
    err = key_pem_decode(label, sizeof label, &der, &der_len, file, len);
    if (err == NULL && der != NULL) {
        d = der;
        d_len = der_len;
        if (strcmp(label, "RSA PRIVATE KEY") == 0)
            kind = KF_PKCS1_PRIV;
        else if (strcmp(label, "PRIVATE KEY") == 0)
            kind = KF_PKCS8;
        else if (strcmp(label, "RSA PUBLIC KEY") == 0)
            kind = KF_PKCS1_PUB;
        else if (strcmp(label, "PUBLIC KEY") == 0)
            kind = KF_SPKI;
        else if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0)
            err = "encrypted private keys are not supported (openssl pkey decrypts them)";
        else if (strcmp(label, "CERTIFICATE") == 0)
            err = "a certificate, not a key (openssl x509 -pubkey -noout extracts its key)";
        else
            err = "PEM label is not an RSA key (RSA PRIVATE KEY, PRIVATE KEY, RSA PUBLIC "
                  "KEY or PUBLIC KEY)";
    } else if (err == NULL) {
        d = file;
        d_len = len;
        kind = der_kind(file, len);
        if (kind == KF_UNKNOWN)
            err = len > 0 && file[0] == ASN1_TAG_SEQUENCE
                  ? "malformed DER (not an RSA key structure)"
                  : "not a key file (neither PEM nor a DER RSA key)";
    }
    if (err == NULL && priv != NULL && (kind == KF_PKCS1_PUB || kind == KF_SPKI)) {
        err = "a public key, not a private key";
    } else if (err == NULL) {
        ctc_rsa_private_key *k = priv;
        ctc_rsa_private_key tmp;

        if (kind == KF_PKCS1_PRIV || kind == KF_PKCS8) {
            if (k == NULL)
                k = &tmp;
            r = kind == KF_PKCS8 ? ctc_rsa_private_key_from_pkcs8(k, d, d_len)
                                 : ctc_rsa_private_key_from_der(k, d, d_len);
            if (r == CTC_ERR_RSA_N_SIZE) {
                snprintf(msg, sizeof msg, "unsupported private key size (2048 to %d bits%s)",
                         CTC_RSA_MAX_BITS, priv == NULL ? "; a smaller key's public key "
                         "(openssl pkey -pubout) verifies and encrypts" : "");
                err = msg;
            }
            if (r == CTC_OK && pub != NULL)
                memcpy(pub, ctc_rsa_private_key_public(k), sizeof *pub);
            if (k == &tmp)
                ctc_rsa_private_key_wipe(&tmp);
        } else {
            r = kind == KF_SPKI ? ctc_rsa_public_key_from_spki(pub, d, d_len)
                                : ctc_rsa_public_key_from_der(pub, d, d_len);
            if (r == CTC_ERR_RSA_N_SIZE) {
                snprintf(msg, sizeof msg, "unsupported key size (1024 to %d bits)",
                         CTC_RSA_MAX_BITS);
                err = msg;
            }
        }
        if (r != CTC_OK && err == NULL)
            err = key_error(r);
    }
    if (der != NULL) {
        ct_zeroize(der, der_len);
        free(der);
    }
    read_free(file, len);
    if (err != NULL) {
        fail(path, ": ", err);
        return c->bad;
    }
    return 0;
}

/* --hash (sha256, sha384, sha512; `dflt` when not given, 0: required) */
static int get_hash(const struct rsa *c, const struct opts *o, int dflt, int *alg)
{
    const char *h = o->val[OPT_HASH];

    if (h == NULL && dflt == 0)
        return cmd_usage(c, "needs --hash (sha256, sha384 or sha512)", NULL);
    *alg = h == NULL ? dflt : parse_alg(h);
    if (*alg == 0 || *alg == CTC_HASH_SHA224)
        return cmd_usage(c, "unknown --hash (sha256, sha384 or sha512): ", h);
    return 0;
}

/* --scheme: pkcs1 or pss for signatures (default pkcs1), oaep or pkcs1
 * for encryption (default oaep) */
static int get_scheme(const struct rsa *c, const struct opts *o, int *scheme)
{
    const char *s = o->val[OPT_SCHEME];
    int enc = c->id == CMD_ENCRYPT || c->id == CMD_DECRYPT;

    *scheme = enc ? SCHEME_OAEP : SCHEME_PKCS1;
    if (s == NULL || strcmp(s, "pkcs1") == 0) {
        if (s != NULL)
            *scheme = SCHEME_PKCS1;
        return 0;
    }
    if (strcmp(s, enc ? "oaep" : "pss") == 0) {
        *scheme = enc ? SCHEME_OAEP : SCHEME_PSS;
        return 0;
    }
    return cmd_usage(c, enc ? "unknown --scheme (oaep or pkcs1): "
                            : "unknown --scheme (pkcs1 or pss): ", s);
}

/*
 * *salt = the PSS salt length of --salt-len: "digest" (the default: the
 * hash's length hs), "max" (the longest a key of `bits` bits allows,
 * emLen - hs - 2), "auto" (rsa-verify only: any length) or a number of
 * bytes. bits = 0: only check the option.
 */
static int get_salt_len(const struct rsa *c, const struct opts *o, int scheme, size_t hs,
                        size_t bits, size_t *salt)
{
    const char *s = o->val[OPT_SALT_LEN];
    size_t em = bits ? (bits - 1 + 7) / 8 : 0;    /* emLen: emBits = modBits - 1 */
    unsigned long v;
    char *end;

    *salt = hs;
    if (s == NULL)
        return 0;
    if (scheme != SCHEME_PSS)
        return cmd_usage(c, "--salt-len is for --scheme pss", NULL);
    if (strcmp(s, "digest") == 0)
        return 0;
    if (strcmp(s, "max") == 0) {
        *salt = em >= hs + 2 ? em - hs - 2 : 0;
        return 0;
    }
    if (strcmp(s, "auto") == 0 && c->id == CMD_VERIFY) {
        *salt = CTC_RSA_PSS_SALT_ANY;
        return 0;
    }
    errno = 0;
    v = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != 0 || errno != 0 || v > CTC_RSA_MAX_BYTES)
        return cmd_usage(c, c->id == CMD_VERIFY
                         ? "unknown --salt-len (digest, max, auto or a number of bytes): "
                         : "unknown --salt-len (digest, max or a number of bytes): ", s);
    *salt = v;
    return 0;
}

/* h = the hash alg of the contents of --in (standard input by default) */
static int hash_input(const struct rsa *c, const struct opts *o, int alg, uint8_t *h)
{
    static uint8_t buf[1 << 16];
    const char *path = o->val[OPT_IN] ? o->val[OPT_IN] : "-";
    ctc_hash_ctx hc;
    size_t n;
    FILE *f;
    int r;

    f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        fail(path, ": ", strerror(errno));
        return c->bad;
    }
    r = ctc_hash_init(&hc, alg);
    while (r == CTC_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        r = ctc_hash_update(&hc, buf, n);
    if (r == CTC_OK && ferror(f)) {
        fail(path, ": read error: ", strerror(errno));
        r = -1;
    } else if (r == CTC_OK) {
        r = ctc_hash_final(&hc, h, CTC_HASH_MAX_SIZE);
    }
    if (f != stdin)
        fclose(f);
    return r == CTC_OK ? 0 : c->bad;
}

/* ---- commands ------------------------------------------------------------------ */

static int cmd_keygen(const struct rsa *c, const struct opts *o)
{
    static ctc_rsa_private_key key;
    static uint8_t der[CTC_RSA_PKCS8_DER_MAX(CTC_RSA_MAX_BITS)];
    static uint8_t out[KEY_PEM_SIZE(sizeof der, "RSA PRIVATE KEY")];
    const char *t = o->val[OPT_TYPE], *f = o->val[OPT_FORMAT], *b = o->val[OPT_BITS];
    unsigned long bits = 2048;
    int r, pkcs1 = 0, pem = 1;
    size_t n, max = CTC_RSA_MAX_BITS < 4096 ? CTC_RSA_MAX_BITS : 4096;
    char *end;
    FILE *rng;

    if (t != NULL && strcmp(t, "pkcs1") == 0)
        pkcs1 = 1;
    else if (t != NULL && strcmp(t, "pkcs8") != 0)
        return cmd_usage(c, "unknown --type (pkcs8 or pkcs1): ", t);
    if (f != NULL && strcmp(f, "der") == 0)
        pem = 0;
    else if (f != NULL && strcmp(f, "pem") != 0)
        return cmd_usage(c, "unknown --format (pem or der): ", f);
    if (b != NULL) {
        errno = 0;
        bits = strtoul(b, &end, 10);
        if (b[0] < '0' || b[0] > '9' || *end != 0 || errno != 0 || bits < 2048 || bits > max
            || bits % 2 != 0) {
            fprintf(stderr, "ctc: %s: --bits %s: an even number of bits, 2048 to %lu (see "
                    "'ctc --help')\n", c->cmd, b, (unsigned long)max);
            return EXIT_USAGE;
        }
    }
    if ((rng = rng_open()) == NULL)
        return EXIT_BAD;
    r = ctc_rsa_keygen(&key, (unsigned)bits, 65537, rng_urandom, rng);
    fclose(rng);
    if (r != CTC_OK) {
        fail(c->cmd, r == CTC_ERR_RNG ? ": /dev/urandom: cannot read random bytes"
                                      : ": no prime found (run it again)", NULL);
        ctc_rsa_private_key_wipe(&key);
        return EXIT_BAD;
    }
    r = pkcs1 ? ctc_rsa_private_key_to_der(der, sizeof der, &n, &key)
              : ctc_rsa_private_key_to_pkcs8(der, sizeof der, &n, &key);
    ctc_rsa_private_key_wipe(&key);
    if (r != CTC_OK) {
        fail(c->cmd, ": the library could not encode the key", NULL);
        ct_zeroize(der, sizeof der);
        return EXIT_BAD;
    }
    if (pem) {
        key_pem_encode(out, &n, pkcs1 ? "RSA PRIVATE KEY" : "PRIVATE KEY", der, n);
        r = write_file(o->val[OPT_OUT], out, n, 1);
    } else {
        r = write_file(o->val[OPT_OUT], der, n, 1);
    }
    ct_zeroize(der, sizeof der);
    ct_zeroize(out, sizeof out);
    return r;
}

static int cmd_sign(const struct rsa *c, const struct opts *o)
{
    static ctc_rsa_private_key key;
    uint8_t h[CTC_HASH_MAX_SIZE], sig[CTC_RSA_MAX_BYTES];
    int r, alg, scheme;
    size_t hs, salt, bits;
    FILE *rng;

    if ((r = get_hash(c, o, 0, &alg)) != 0 || (r = get_scheme(c, o, &scheme)) != 0)
        return r;
    hs = ctc_hash_size(alg);
    if ((r = get_salt_len(c, o, scheme, hs, 0, &salt)) != 0)
        return r;
    if (o->val[OPT_KEY] == NULL)
        return cmd_usage(c, "needs --key FILE (a private key)", NULL);
    if ((r = load_key(c, o->val[OPT_KEY], &key, NULL)) != 0)
        return r;
    bits = ctc_rsa_bits(ctc_rsa_private_key_public(&key));
    (void)get_salt_len(c, o, scheme, hs, bits, &salt);
    r = hash_input(c, o, alg, h);
    if (r == 0 && (rng = rng_open()) == NULL)
        r = EXIT_BAD;
    if (r == 0) {
        r = scheme == SCHEME_PSS
            ? ctc_rsa_pss_sign(sig, sizeof sig, &key, alg, alg, salt, h, hs, rng_urandom, rng)
            : ctc_rsa_pkcs1_sign(sig, sizeof sig, &key, alg, h, hs, rng_urandom, rng);
        fclose(rng);
        if (r == CTC_ERR_LENGTH && scheme == SCHEME_PSS) {
            fprintf(stderr, "ctc: %s: a salt of %lu bytes does not fit a %lu-bit key with "
                    "this hash (at most %lu)\n", c->cmd, (unsigned long)salt,
                    (unsigned long)bits, (unsigned long)((bits + 6) / 8 - hs - 2));
            r = EXIT_BAD;
        } else if (r != CTC_OK) {
            fail(c->cmd, r == CTC_ERR_RNG ? ": /dev/urandom: cannot read random bytes"
                 : r == CTC_ERR_FAULT ? ": the private operation failed its check"
                 : ": the library refused the input", NULL);
            r = EXIT_BAD;
        }
    }
    hs = ctc_rsa_size(ctc_rsa_private_key_public(&key));
    ctc_rsa_private_key_wipe(&key);
    if (r == 0)
        r = write_file(o->val[OPT_OUT], sig, hs, 0);
    return r;
}

static int cmd_verify(const struct rsa *c, const struct opts *o)
{
    ctc_rsa_public_key pub;
    uint8_t h[CTC_HASH_MAX_SIZE], *sig;
    size_t hs, sig_len, k, salt;
    int r, alg, scheme;

    if ((r = get_hash(c, o, 0, &alg)) != 0 || (r = get_scheme(c, o, &scheme)) != 0)
        return r;
    hs = ctc_hash_size(alg);
    if ((r = get_salt_len(c, o, scheme, hs, 0, &salt)) != 0)
        return r;
    if (o->val[OPT_PUB] == NULL)
        return cmd_usage(c, "needs --pub FILE (a public or private key)", NULL);
    if (o->val[OPT_SIG] == NULL)
        return cmd_usage(c, "needs --sig FILE (the signature's bytes)", NULL);
    if ((r = load_key(c, o->val[OPT_PUB], NULL, &pub)) != 0)
        return r;
    (void)get_salt_len(c, o, scheme, hs, ctc_rsa_bits(&pub), &salt);
    if ((r = read_file(&sig, &sig_len, o->val[OPT_SIG], SIG_FILE_MAX, c->bad)) != 0)
        return r;
    r = hash_input(c, o, alg, h);
    if (r != 0) {
        read_free(sig, sig_len);
        return r;
    }
    r = scheme == SCHEME_PSS ? ctc_rsa_pss_verify(&pub, alg, alg, salt, h, hs, sig, sig_len)
                             : ctc_rsa_pkcs1_verify(&pub, alg, h, hs, sig, sig_len);
    read_free(sig, sig_len);
    k = ctc_rsa_size(&pub);
    switch (r) {
    case CTC_OK:
        printf("OK\n");
        return 0;
    case CTC_ERR_SIGNATURE:
        fail(c->cmd, ": invalid signature (does not verify)", NULL);
        return EXIT_BAD;
    case CTC_ERR_RANGE:
        fail(c->cmd, ": invalid signature (not below the modulus)", NULL);
        return EXIT_BAD;
    case CTC_ERR_LENGTH:
        if (sig_len != k) {
            fprintf(stderr, "ctc: %s: invalid signature (%lu bytes; this key's are %lu)\n",
                    c->cmd, (unsigned long)sig_len, (unsigned long)k);
            return EXIT_BAD;
        }
        fail(c->cmd, ": the key is too small for PSS with this hash and salt length", NULL);
        return EXIT_USAGE;
    default:
        fail(c->cmd, ": the library refused the input", NULL);
        return EXIT_USAGE;
    }
}

static int cmd_encrypt(const struct rsa *c, const struct opts *o)
{
    ctc_rsa_public_key pub;
    uint8_t out[CTC_RSA_MAX_BYTES], *msg;
    size_t len, k, max, hs = 0;
    int r, alg = 0, scheme;
    FILE *rng;

    if ((r = get_scheme(c, o, &scheme)) != 0)
        return r;
    if (scheme == SCHEME_PKCS1 && o->val[OPT_HASH])
        return cmd_usage(c, "--hash is for --scheme oaep", NULL);
    if (scheme == SCHEME_OAEP && (r = get_hash(c, o, CTC_HASH_SHA256, &alg)) != 0)
        return r;
    if (o->val[OPT_PUB] == NULL)
        return cmd_usage(c, "needs --pub FILE (a public or private key)", NULL);
    if ((r = load_key(c, o->val[OPT_PUB], NULL, &pub)) != 0)
        return r;
    k = ctc_rsa_size(&pub);
    if (scheme == SCHEME_OAEP)
        hs = ctc_hash_size(alg);
    if (scheme == SCHEME_OAEP && k < 2 * hs + 2) {
        fprintf(stderr, "ctc: %s: a %lu-bit key is too small for OAEP with this hash\n",
                c->cmd, (unsigned long)ctc_rsa_bits(&pub));
        return EXIT_BAD;
    }
    max = scheme == SCHEME_OAEP ? CTC_RSA_OAEP_MAX_MSG(k, hs) : CTC_RSA_PKCS1_MAX_MSG(k);
    if ((r = read_file(&msg, &len, o->val[OPT_IN] ? o->val[OPT_IN] : "-", CTC_RSA_MAX_BYTES,
                       EXIT_BAD)) != 0)
        return r;
    if (len > max) {
        fprintf(stderr, "ctc: %s: the message is %lu bytes; at most %lu with this key and "
                "scheme\n", c->cmd, (unsigned long)len, (unsigned long)max);
        read_free(msg, CTC_RSA_MAX_BYTES + 1);
        return EXIT_BAD;
    }
    if ((rng = rng_open()) == NULL) {
        read_free(msg, CTC_RSA_MAX_BYTES + 1);
        return EXIT_BAD;
    }
    r = scheme == SCHEME_OAEP
        ? ctc_rsa_oaep_encrypt(out, sizeof out, &pub, alg, alg, NULL, 0, msg, len,
                               rng_urandom, rng)
        : ctc_rsa_pkcs1_encrypt(out, sizeof out, &pub, msg, len, rng_urandom, rng);
    fclose(rng);
    read_free(msg, CTC_RSA_MAX_BYTES + 1);
    if (r != CTC_OK) {
        fail(c->cmd, r == CTC_ERR_RNG ? ": /dev/urandom: cannot read random bytes"
                                      : ": the library refused the input", NULL);
        return EXIT_BAD;
    }
    return write_file(o->val[OPT_OUT], out, k, 0);
}

static int cmd_decrypt(const struct rsa *c, const struct opts *o)
{
    static ctc_rsa_private_key key;
    static uint8_t out[CTC_RSA_MAX_BYTES];
    uint8_t *ct;
    size_t len, k, msg_len = 0;
    int r, alg = 0, scheme;
    FILE *rng;

    if ((r = get_scheme(c, o, &scheme)) != 0)
        return r;
    if (scheme == SCHEME_PKCS1 && o->val[OPT_HASH])
        return cmd_usage(c, "--hash is for --scheme oaep", NULL);
    if (scheme == SCHEME_OAEP && (r = get_hash(c, o, CTC_HASH_SHA256, &alg)) != 0)
        return r;
    if (o->val[OPT_KEY] == NULL)
        return cmd_usage(c, "needs --key FILE (a private key)", NULL);
    if ((r = load_key(c, o->val[OPT_KEY], &key, NULL)) != 0)
        return r;
    k = ctc_rsa_size(ctc_rsa_private_key_public(&key));
    r = read_file(&ct, &len, o->val[OPT_IN] ? o->val[OPT_IN] : "-", CTC_RSA_MAX_BYTES + 1,
                  EXIT_BAD);
    if (r == 0 && len != k) {
        fprintf(stderr, "ctc: %s: the ciphertext is %lu bytes; this key's are %lu\n", c->cmd,
                (unsigned long)len, (unsigned long)k);
        r = EXIT_BAD;
    }
    if (r == 0 && (rng = rng_open()) == NULL)
        r = EXIT_BAD;
    if (r == 0) {
        r = scheme == SCHEME_OAEP
            ? ctc_rsa_oaep_decrypt(out, sizeof out, &msg_len, &key, alg, alg, NULL, 0, ct,
                                   len, rng_urandom, rng)
            : ctc_rsa_pkcs1_decrypt(out, sizeof out, &msg_len, &key, ct, len, rng_urandom,
                                    rng);
        fclose(rng);
        if (r != CTC_OK) {
            fail(c->cmd, r == CTC_ERR_RSA_DECRYPT ? ": decryption failed"
                 : r == CTC_ERR_RANGE ? ": the ciphertext is not below the modulus"
                 : r == CTC_ERR_RNG ? ": /dev/urandom: cannot read random bytes"
                 : r == CTC_ERR_FAULT ? ": the private operation failed its check"
                 : ": the library refused the input", NULL);
            r = EXIT_BAD;
        }
    }
    ctc_rsa_private_key_wipe(&key);
    read_free(ct, CTC_RSA_MAX_BYTES + 2);
    if (r == 0)
        r = write_file(o->val[OPT_OUT], out, msg_len, 1);
    ct_zeroize(out, sizeof out);
    return r;
}

/* how many of the inputs are standard input ("-"; --in when not given) */
static int stdin_count(const struct opts *o)
{
    static const int ids[] = { OPT_KEY, OPT_PUB, OPT_SIG };
    size_t i;
    int n = o->val[OPT_IN] == NULL || strcmp(o->val[OPT_IN], "-") == 0;

    for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
        n += o->val[ids[i]] != NULL && strcmp(o->val[ids[i]], "-") == 0;
    return n;
}

/* --format pem|der (default pem): *pem = 1 for PEM */
static int get_format(const struct rsa *c, const struct opts *o, int *pem)
{
    const char *f = o->val[OPT_FORMAT];

    *pem = f == NULL || strcmp(f, "pem") == 0;
    if (!*pem && strcmp(f, "der") != 0)
        return cmd_usage(c, "unknown --format (pem or der): ", f);
    return 0;
}

static int cmd_pub(const struct rsa *c, const struct opts *o)
{
    ctc_rsa_public_key pub;
    uint8_t der[CTC_RSA_SPKI_DER_MAX(CTC_RSA_MAX_BITS)];
    uint8_t out[KEY_PEM_SIZE(sizeof der, "RSA PUBLIC KEY")];
    const char *t = o->val[OPT_TYPE], *path;
    int r, pem, pkcs1 = 0;
    size_t n;

    if (t != NULL && strcmp(t, "pkcs1") == 0)
        pkcs1 = 1;
    else if (t != NULL && strcmp(t, "spki") != 0)
        return cmd_usage(c, "unknown --type (spki or pkcs1): ", t);
    if ((r = get_format(c, o, &pem)) != 0)
        return r;
    if (o->val[OPT_KEY] && o->val[OPT_PUB])
        return cmd_usage(c, "--key and --pub exclude each other", NULL);
    path = o->val[OPT_KEY] ? o->val[OPT_KEY] : o->val[OPT_PUB];
    if (path == NULL)
        return cmd_usage(c, "needs --key FILE or --pub FILE", NULL);
    if (o->val[OPT_KEY]) {
        static ctc_rsa_private_key key;

        if ((r = load_key(c, path, &key, NULL)) != 0)
            return r;
        memcpy(&pub, ctc_rsa_private_key_public(&key), sizeof pub);
        ctc_rsa_private_key_wipe(&key);
    } else if ((r = load_key(c, path, NULL, &pub)) != 0) {
        return r;
    }
    r = pkcs1 ? ctc_rsa_public_key_to_der(der, sizeof der, &n, &pub)
              : ctc_rsa_public_key_to_spki(der, sizeof der, &n, &pub);
    if (r != CTC_OK) {
        fail(c->cmd, ": the library could not encode the key", NULL);
        return EXIT_BAD;
    }
    if (!pem)
        return write_file(o->val[OPT_OUT], der, n, 0);
    key_pem_encode(out, &n, pkcs1 ? "RSA PUBLIC KEY" : "PUBLIC KEY", der, n);
    return write_file(o->val[OPT_OUT], out, n, 0);
}

int rsa_command(const char *cmd, struct opts *o)
{
    unsigned long long allowed = 0;
    struct rsa c;
    size_t i;
    int id;

    c.cmd = cmd;
    c.id = CMD_KEYGEN;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) {
            allowed = commands[i].opts;
            c.id = (int)i;
        }
    c.bad = c.id == CMD_VERIFY ? EXIT_USAGE : EXIT_BAD;
    for (id = 0; id < OPT_COUNT; id++)
        if (o->val[id] && !(allowed & OPT_BIT(id)))
            return cmd_usage(&c, "takes no ", opt_name(id));
    if (o->nfiles > 0)
        return cmd_usage(&c, "takes no file arguments: ", o->files[0]);
    if (c.id != CMD_KEYGEN && c.id != CMD_PUB && stdin_count(o) > 1)
        return cmd_usage(&c, "two inputs from standard input (--key, --pub, --sig, --in; "
                         "--in defaults to it)", NULL);
    switch (c.id) {
    case CMD_KEYGEN: return cmd_keygen(&c, o);
    case CMD_SIGN: return cmd_sign(&c, o);
    case CMD_VERIFY: return cmd_verify(&c, o);
    case CMD_ENCRYPT: return cmd_encrypt(&c, o);
    case CMD_DECRYPT: return cmd_decrypt(&c, o);
    default: return cmd_pub(&c, o);
    }
}
