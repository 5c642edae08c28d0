/*
 * ec.c - the elliptic-curve commands of ctc: pub, keygen, ecdsa-sign,
 * ecdsa-verify, ecdh. Curve-generic: everything curve-specific comes from
 * the row of curve.h's table that --curve or a key file's OID names.
 *
 * Exit status as the tool's (cli.h), except that ecdsa-verify keeps 1 for
 * "the signature is invalid" (it does not verify, is not strict DER, has
 * the wrong length, r or s out of range) and gives 2 for every other
 * failure (usage, bad hex, unreadable or malformed key or message).
 * Private keys, shared secrets and random bytes are wiped before exit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ct/ct.h"
#include "ctcrypto/ctcrypto.h"
#include "curve.h"
#include "keyfile.h"

#define SIG_FILE_MAX 4096

struct ec {
    const char *cmd;
    int bad;                   /* exit status for bad input */
    const struct curve *c;     /* from --curve, else from the first key file */
};

static const struct {
    const char *name;
    unsigned long long opts;   /* the options it takes */
} commands[] = {
    { "pub", OPT_BIT(OPT_CURVE) | OPT_BIT(OPT_PRIV) | OPT_BIT(OPT_PRIV_FILE) | OPT_BIT(OPT_PUB)
             | OPT_BIT(OPT_PUB_FILE) | OPT_BIT(OPT_OUT) | OPT_BIT(OPT_FORMAT)
             | OPT_BIT(OPT_COMPRESSED) },
    { "keygen", OPT_BIT(OPT_CURVE) | OPT_BIT(OPT_OUT) | OPT_BIT(OPT_FORMAT) | OPT_BIT(OPT_TYPE) },
    { "ecdsa-sign", OPT_BIT(OPT_CURVE) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_PRIV)
                    | OPT_BIT(OPT_PRIV_FILE) | OPT_BIT(OPT_MSG) | OPT_BIT(OPT_IN)
                    | OPT_BIT(OPT_P1363) | OPT_BIT(OPT_SIG_OUT) },
    { "ecdsa-verify", OPT_BIT(OPT_CURVE) | OPT_BIT(OPT_HASH) | OPT_BIT(OPT_PUB)
                      | OPT_BIT(OPT_PUB_FILE) | OPT_BIT(OPT_MSG) | OPT_BIT(OPT_IN)
                      | OPT_BIT(OPT_SIG) | OPT_BIT(OPT_SIG_FILE) | OPT_BIT(OPT_P1363) },
    { "ecdh", OPT_BIT(OPT_CURVE) | OPT_BIT(OPT_PRIV) | OPT_BIT(OPT_PRIV_FILE) | OPT_BIT(OPT_PEER)
              | OPT_BIT(OPT_PEER_FILE) },
};

int ec_is_command(const char *cmd)
{
    size_t i;

    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return 1;
    return 0;
}

static int cmd_usage(const struct ec *e, const char *a, const char *b)
{
    fprintf(stderr, "ctc: %s: %s%s (see 'ctc --help')\n", e->cmd, a, b ? b : "");
    return EXIT_USAGE;
}

/* exactly one of two options: 1 for the first, 2 for the second, or an
 * exit status (as a negative number) after a usage error */
static int one_of(const struct ec *e, const struct opts *o, int a, int b)
{
    char m[96];

    if (o->val[a] && o->val[b]) {
        snprintf(m, sizeof m, "%s and %s exclude each other", opt_name(a), opt_name(b));
        return -cmd_usage(e, m, NULL);
    }
    if (!o->val[a] && !o->val[b]) {
        snprintf(m, sizeof m, "needs %s or %s", opt_name(a), opt_name(b));
        return -cmd_usage(e, m, NULL);
    }
    return o->val[a] ? 1 : 2;
}

static int need_curve(const struct ec *e)
{
    if (e->c == NULL)
        return cmd_usage(e, "needs --curve: ", curve_list());
    return 0;
}

/* the curve of a key file must be --curve's (or becomes the curve) */
static int set_curve(struct ec *e, const struct curve *c, const char *path)
{
    if (e->c != NULL && e->c != c) {
        fprintf(stderr, "ctc: %s: a %s key, but --curve is %s\n", path, c->std_name,
                e->c->name);
        return e->bad;
    }
    e->c = c;
    return 0;
}

/* ---- inputs ------------------------------------------------------------------- */

/* priv (c->scalar_len bytes) from --priv HEX or --priv-file FILE */
static int load_priv(struct ec *e, const struct opts *o, uint8_t priv[CURVE_MAX_SCALAR])
{
    uint8_t pub[CURVE_MAX_PUB], *file;
    const struct curve *c = NULL;
    struct hexarg h;
    const char *err;
    size_t len;
    int r = one_of(e, o, OPT_PRIV, OPT_PRIV_FILE);

    if (r < 0)
        return -r;
    if (r == 2) {
        if ((r = read_file(&file, &len, o->val[OPT_PRIV_FILE], KEYFILE_MAX, e->bad)) != 0)
            return r;
        err = key_priv_decode(&c, priv, file, len);
        read_free(file, len);
        if (err != NULL) {
            fail(o->val[OPT_PRIV_FILE], ": ", err);
            return e->bad;
        }
        return set_curve(e, c, o->val[OPT_PRIV_FILE]);
    }
    if ((r = need_curve(e)) != 0)
        return r;
    memset(&h, 0, sizeof h);
    h.text = o->val[OPT_PRIV];
    if ((r = decode_hex_as(&h, "--priv", e->bad)) != 0) {
        hexarg_free(&h);
        return r;
    }
    if (h.len != e->c->scalar_len) {
        fprintf(stderr, "ctc: --priv: a %s private key is %lu bytes, not %lu\n",
                e->c->std_name, (unsigned long)e->c->scalar_len, (unsigned long)h.len);
        hexarg_free(&h);
        return e->bad;
    }
    r = e->c->public_key(pub, h.bytes);
    if (r == CTC_OK)
        memcpy(priv, h.bytes, h.len);
    hexarg_free(&h);
    if (r != CTC_OK) {
        fprintf(stderr, "ctc: --priv: out of range for %s (0 or not below the group order)\n",
                e->c->std_name);
        return e->bad;
    }
    return 0;
}

/* pub (uncompressed, c->pub_len bytes) from a SEC1 point in hex (opt) or
 * a SubjectPublicKeyInfo file (file_opt) */
static int load_pub(struct ec *e, const struct opts *o, int opt, int file_opt,
                    uint8_t pub[CURVE_MAX_PUB])
{
    const struct curve *c = NULL;
    struct hexarg h;
    const char *err;
    uint8_t *file;
    size_t len;
    int r = one_of(e, o, opt, file_opt);

    if (r < 0)
        return -r;
    if (r == 2) {
        if ((r = read_file(&file, &len, o->val[file_opt], KEYFILE_MAX, e->bad)) != 0)
            return r;
        err = key_pub_decode(&c, pub, file, len);
        read_free(file, len);
        if (err != NULL) {
            fail(o->val[file_opt], ": ", err);
            return e->bad;
        }
        return set_curve(e, c, o->val[file_opt]);
    }
    if ((r = need_curve(e)) != 0)
        return r;
    memset(&h, 0, sizeof h);
    h.text = o->val[opt];
    if ((r = decode_hex_as(&h, opt_name(opt), e->bad)) != 0) {
        hexarg_free(&h);
        return r;
    }
    r = e->c->pub_decode(pub, h.bytes, h.len);
    if (r == CTC_ERR_LENGTH)
        fprintf(stderr, "ctc: %s: a %s public key is %lu or %lu bytes (SEC1), not %lu\n",
                opt_name(opt), e->c->std_name, (unsigned long)e->c->pub_len,
                (unsigned long)(e->c->scalar_len + 1), (unsigned long)h.len);
    else if (r == CTC_ERR_ENCODING)
        fprintf(stderr, "ctc: %s: not a SEC1 point (first byte 02, 03 or 04)\n", opt_name(opt));
    else if (r != CTC_OK)
        fprintf(stderr, "ctc: %s: not a point of %s\n", opt_name(opt), e->c->std_name);
    hexarg_free(&h);
    return r == CTC_OK ? 0 : e->bad;
}

/* h = the --hash of --msg HEX or of the contents of --in FILE */
static int load_hash(const struct ec *e, const struct opts *o, int alg,
                     uint8_t h[CTC_HASH_MAX_SIZE], size_t *h_len)
{
    static uint8_t buf[1 << 16];
    ctc_hash_ctx hc;
    struct hexarg m;
    const char *path;
    size_t n;
    FILE *f;
    int r = one_of(e, o, OPT_MSG, OPT_IN);

    if (r < 0)
        return -r;
    *h_len = ctc_hash_size(alg);
    if (r == 1) {
        memset(&m, 0, sizeof m);
        m.text = o->val[OPT_MSG];
        if ((r = decode_hex_as(&m, "--msg", e->bad)) == 0)
            r = ctc_hash(h, *h_len, alg, m.bytes, m.len) == CTC_OK ? 0 : e->bad;
        hexarg_free(&m);
        return r;
    }
    path = o->val[OPT_IN];
    f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        fail(path, ": ", strerror(errno));
        return e->bad;
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
    return r == CTC_OK ? 0 : e->bad;
}

/* --format pem|der (default pem) */
static int get_format(const struct ec *e, const struct opts *o, int *format)
{
    const char *f = o->val[OPT_FORMAT];

    *format = KEY_PEM;
    if (f == NULL || strcmp(f, "pem") == 0)
        return 0;
    if (strcmp(f, "der") == 0) {
        *format = KEY_DER;
        return 0;
    }
    return cmd_usage(e, "unknown --format: ", f);
}

/* ---- commands ------------------------------------------------------------------ */

static int cmd_pub(struct ec *e, const struct opts *o)
{
    uint8_t priv[CURVE_MAX_SCALAR], pub[CURVE_MAX_PUB], out[KEYFILE_OUT_MAX];
    int r, format, spki = o->val[OPT_OUT] || o->val[OPT_FORMAT];
    size_t n;

    if (spki && o->val[OPT_COMPRESSED])
        return cmd_usage(e, "--compressed is for the hex output (not --out, --format)", NULL);
    if ((r = get_format(e, o, &format)) != 0)
        return r;
    if (o->val[OPT_PUB] || o->val[OPT_PUB_FILE]) {
        if (o->val[OPT_PRIV] || o->val[OPT_PRIV_FILE])
            return cmd_usage(e, "takes one key: --priv, --priv-file, --pub or --pub-file", NULL);
        r = load_pub(e, o, OPT_PUB, OPT_PUB_FILE, pub);
    } else {
        r = load_priv(e, o, priv);
        if (r == 0)
            r = e->c->public_key(pub, priv) == CTC_OK ? 0 : EXIT_BAD;
        ct_zeroize(priv, sizeof priv);
    }
    if (r != 0)
        return r;
    if (spki) {
        key_pub_encode(out, &n, e->c, pub, format);
        return write_file(o->val[OPT_OUT], out, n, 0);
    }
    if (o->val[OPT_COMPRESSED]) {
        (void)e->c->pub_compress(out, pub, e->c->pub_len);
        print_hex(out, e->c->scalar_len + 1);
    } else {
        print_hex(pub, e->c->pub_len);
    }
    printf("\n");
    return 0;
}

static int cmd_keygen(struct ec *e, const struct opts *o)
{
    uint8_t rnd[CURVE_MAX_RANDOM], priv[CURVE_MAX_SCALAR], pub[CURVE_MAX_PUB];
    uint8_t out[KEYFILE_OUT_MAX];
    const char *t = o->val[OPT_TYPE];
    int r, format, type = KEY_PKCS8;
    size_t n = 0;
    FILE *f;

    if ((r = need_curve(e)) != 0 || (r = get_format(e, o, &format)) != 0)
        return r;
    if (t != NULL && strcmp(t, "sec1") == 0)
        type = KEY_SEC1;
    else if (t != NULL && strcmp(t, "pkcs8") != 0)
        return cmd_usage(e, "unknown --type: ", t);
    f = fopen("/dev/urandom", "rb");
    if (f == NULL || fread(rnd, 1, e->c->rnd_max, f) != e->c->rnd_max) {
        fail("/dev/urandom: cannot read random bytes", NULL, NULL);
        if (f)
            fclose(f);
        ct_zeroize(rnd, sizeof rnd);
        return EXIT_BAD;
    }
    fclose(f);
    r = e->c->keygen(priv, pub, rnd, e->c->rnd_max);
    ct_zeroize(rnd, sizeof rnd);
    if (r == CTC_OK) {
        key_priv_encode(out, &n, e->c, priv, pub, type, format);
        r = write_file(o->val[OPT_OUT], out, n, 1);
    } else {
        fail("keygen: the library refused the random bytes", NULL, NULL);
        r = EXIT_BAD;
    }
    ct_zeroize(priv, sizeof priv);
    ct_zeroize(out, sizeof out);
    return r;
}

static int get_hash(const struct ec *e, const struct opts *o, int *alg)
{
    *alg = o->val[OPT_HASH] ? parse_alg(o->val[OPT_HASH]) : e->c->default_hash;
    if (*alg == 0)
        return cmd_usage(e, "unknown --hash (sha224, sha256, sha384 or sha512): ",
                         o->val[OPT_HASH]);
    return 0;
}

static int cmd_sign(struct ec *e, const struct opts *o)
{
    uint8_t priv[CURVE_MAX_SCALAR], h[CTC_HASH_MAX_SIZE], sig[CURVE_MAX_SIG];
    uint8_t der[CURVE_MAX_DER_SIG], *out = sig;
    size_t h_len, n;
    int r, alg;

    if (o->val[OPT_HASH] && !parse_alg(o->val[OPT_HASH]))
        return cmd_usage(e, "unknown --hash (sha224, sha256, sha384 or sha512): ",
                         o->val[OPT_HASH]);
    r = load_priv(e, o, priv);
    if (r == 0)
        r = get_hash(e, o, &alg);
    if (r == 0)
        r = load_hash(e, o, alg, h, &h_len);
    if (r == 0 && e->c->sign(sig, priv, h, h_len, NULL, 0) != CTC_OK) {
        fail("ecdsa-sign: the library refused the key", NULL, NULL);
        r = EXIT_BAD;
    }
    ct_zeroize(priv, sizeof priv);
    if (r != 0)
        return r;
    n = e->c->sig_len;
    if (!o->val[OPT_P1363]) {
        (void)e->c->sig_to_der(der, &n, sizeof der, sig);
        out = der;
    }
    if (o->val[OPT_SIG_OUT])
        return write_file(o->val[OPT_SIG_OUT], out, n, 0);
    print_hex(out, n);
    printf("\n");
    return 0;
}

static int cmd_verify(struct ec *e, const struct opts *o)
{
    uint8_t pub[CURVE_MAX_PUB], h[CTC_HASH_MAX_SIZE], raw[CURVE_MAX_SIG], *sig;
    struct hexarg s;
    size_t h_len, sig_len;
    int r, alg, which;

    if (o->val[OPT_HASH] && !parse_alg(o->val[OPT_HASH]))
        return cmd_usage(e, "unknown --hash (sha224, sha256, sha384 or sha512): ",
                         o->val[OPT_HASH]);
    if ((which = one_of(e, o, OPT_SIG, OPT_SIG_FILE)) < 0)
        return -which;
    if ((r = load_pub(e, o, OPT_PUB, OPT_PUB_FILE, pub)) != 0
        || (r = get_hash(e, o, &alg)) != 0 || (r = load_hash(e, o, alg, h, &h_len)) != 0)
        return r;
    memset(&s, 0, sizeof s);
    if (which == 1) {
        s.text = o->val[OPT_SIG];
        if ((r = decode_hex_as(&s, "--sig", e->bad)) != 0) {
            hexarg_free(&s);
            return r;
        }
        sig = s.bytes;
        sig_len = s.len;
    } else {
        if ((r = read_file(&sig, &sig_len, o->val[OPT_SIG_FILE], SIG_FILE_MAX, e->bad)) != 0)
            return r;
    }
    if (o->val[OPT_P1363]) {
        r = e->c->verify(pub, e->c->pub_len, h, h_len, sig, sig_len);
    } else {
        r = e->c->sig_from_der(raw, sig, sig_len);
        if (r == CTC_OK)
            r = e->c->verify(pub, e->c->pub_len, h, h_len, raw, e->c->sig_len);
    }
    if (which == 1)
        hexarg_free(&s);
    else
        read_free(sig, sig_len);
    switch (r) {
    case CTC_OK:
        printf("OK\n");
        return 0;
    case CTC_ERR_SIGNATURE:
        fail("ecdsa-verify: invalid signature (does not verify)", NULL, NULL);
        return EXIT_BAD;
    case CTC_ERR_RANGE:
        fail("ecdsa-verify: invalid signature (r or s is 0 or not below the group order)",
             NULL, NULL);
        return EXIT_BAD;
    case CTC_ERR_ENCODING:
        fail("ecdsa-verify: invalid signature (not strict DER)", NULL, NULL);
        return EXIT_BAD;
    case CTC_ERR_LENGTH:
        fprintf(stderr, "ctc: ecdsa-verify: invalid signature (%lu bytes; a P1363 signature"
                " for %s is %lu)\n", (unsigned long)sig_len, e->c->std_name,
                (unsigned long)e->c->sig_len);
        return EXIT_BAD;
    default:
        fail("ecdsa-verify: the library refused the input", NULL, NULL);
        return EXIT_USAGE;
    }
}

static int cmd_ecdh(struct ec *e, const struct opts *o)
{
    uint8_t priv[CURVE_MAX_SCALAR], peer[CURVE_MAX_PUB], shared[CURVE_MAX_SCALAR];
    int r;

    /* a key file names the curve: read it first */
    if (o->val[OPT_PEER_FILE] && !o->val[OPT_PRIV_FILE]) {
        r = load_pub(e, o, OPT_PEER, OPT_PEER_FILE, peer);
        if (r == 0)
            r = load_priv(e, o, priv);
    } else {
        r = load_priv(e, o, priv);
        if (r == 0)
            r = load_pub(e, o, OPT_PEER, OPT_PEER_FILE, peer);
    }
    if (r == 0 && e->c->ecdh(shared, priv, peer, e->c->pub_len) != CTC_OK) {
        fail("ecdh: invalid peer key", NULL, NULL);
        r = EXIT_BAD;
    }
    ct_zeroize(priv, sizeof priv);
    if (r == 0) {
        print_hex(shared, e->c->scalar_len);
        printf("\n");
    }
    ct_zeroize(shared, sizeof shared);
    return r;
}

int ec_command(const char *cmd, struct opts *o)
{
    const char *missing;
    unsigned long long allowed = 0;
    struct ec e;
    size_t i;
    int id;

    e.cmd = cmd;
    e.bad = strcmp(cmd, "ecdsa-verify") == 0 ? EXIT_USAGE : EXIT_BAD;
    e.c = NULL;
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            allowed = commands[i].opts;
    for (id = 0; id < OPT_COUNT; id++)
        if (o->val[id] && !(allowed & OPT_BIT(id)))
            return cmd_usage(&e, "takes no ", opt_name(id));
    if (o->nfiles > 0)
        return cmd_usage(&e, "takes no file arguments: ", o->files[0]);
    if (curve_check() != 0) {
        fail("internal error: a curve of the table exceeds CURVE_MAX_*", NULL, NULL);
        return EXIT_BAD;
    }
    if (o->val[OPT_CURVE]) {
        e.c = curve_by_name(o->val[OPT_CURVE], &missing);
        if (e.c == NULL && missing) {
            fprintf(stderr, "ctc: curve %s is not built in (this build has: %s)\n",
                    o->val[OPT_CURVE], curve_list());
            return EXIT_USAGE;
        }
        if (e.c == NULL) {
            fprintf(stderr, "ctc: unknown curve '%s' (this build has: %s)\n",
                    o->val[OPT_CURVE], curve_list());
            return EXIT_USAGE;
        }
    }
    if (strcmp(cmd, "pub") == 0)
        return cmd_pub(&e, o);
    if (strcmp(cmd, "keygen") == 0)
        return cmd_keygen(&e, o);
    if (strcmp(cmd, "ecdsa-sign") == 0)
        return cmd_sign(&e, o);
    if (strcmp(cmd, "ecdsa-verify") == 0)
        return cmd_verify(&e, o);
    return cmd_ecdh(&e, o);
}
