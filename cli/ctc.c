/*
 * ctc.c - the library's command-line tool (a hosted program: it uses stdio;
 * the library it links does not). `ctc --help` says what it does.
 *
 * Exit status: 0 on success, 1 when an input is bad or unreadable (a file,
 * a hex string, a length), 2 for a usage error. Every error is one line on
 * standard error, "ctc: ...".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "curve.h"
#include "ctcrypto/ctcrypto.h"

static const char usage_text[] =
    "usage: ctc COMMAND [OPTIONS]\n"
    "\n"
    "Hash commands:\n"
    "  hash [-a ALG] [FILE...]\n"
    "        Print the digest of each FILE (standard input if none, or for \"-\").\n"
    "  hmac [-a ALG] -k HEXKEY [FILE...]\n"
    "        Print HMAC(key, contents) of each FILE (or standard input).\n"
    "  hkdf [-a ALG] --ikm HEX [--salt HEX] [--info HEX] -l LENGTH\n"
    "        Print LENGTH bytes of HKDF output (RFC 5869), extract then expand.\n"
    "  hkdf [-a ALG] --ikm HEX [--salt HEX] --extract\n"
    "        Print the pseudorandom key PRK = HKDF-Extract(salt, IKM).\n"
    "  hkdf [-a ALG] --prk HEX [--info HEX] -l LENGTH\n"
    "        Print LENGTH bytes of HKDF-Expand(PRK, info).\n"
    "\n"
    "Elliptic-curve commands (KEY is --priv HEX or --priv-file FILE; PUB is\n"
    "--pub HEX or --pub-file FILE; MSG is --msg HEX or --in FILE):\n"
    "  pub [--curve C] KEY|PUB [--compressed]\n"
    "        Print the public key: the SEC1 point in hex (uncompressed).\n"
    "  pub [--curve C] KEY|PUB (--out FILE | --format pem|der)\n"
    "        Write the public key as a SubjectPublicKeyInfo (PEM by default).\n"
    "  keygen --curve C [--out FILE] [--format pem|der] [--type pkcs8|sec1]\n"
    "        Write a new private key (default: PEM PKCS#8 on standard output).\n"
    "  ecdsa-sign [--curve C] [--hash H] KEY MSG [--p1363] [--sig-out FILE]\n"
    "        Print the signature of the hash of MSG (RFC 6979, deterministic):\n"
    "        DER in hex, r || s with --p1363; raw bytes into FILE with --sig-out.\n"
    "  ecdsa-verify [--curve C] [--hash H] PUB MSG (--sig HEX | --sig-file FILE)\n"
    "               [--p1363]\n"
    "        Exit 0 (and print OK) if the signature is valid, 1 if it is not.\n"
    "  ecdh [--curve C] KEY (--peer HEX | --peer-file FILE)\n"
    "        Print the shared secret, the x-coordinate of KEY * peer, in hex.\n"
    "\n"
    "RSA commands (key files are PEM or DER: PKCS#1 RSA PRIVATE KEY or RSA PUBLIC\n"
    "KEY, PKCS#8 PRIVATE KEY, SubjectPublicKeyInfo PUBLIC KEY; --pub also takes a\n"
    "private key file; the input is --in FILE or standard input, the output\n"
    "--out FILE or standard output):\n"
    "  rsa-keygen [--bits N] [--out FILE] [--format pem|der] [--type pkcs8|pkcs1]\n"
    "        Write a new private key, e = 65537 (default: 2048 bits, PEM PKCS#8).\n"
    "  rsa-pub (--key FILE | --pub FILE) [--out FILE] [--format pem|der]\n"
    "          [--type spki|pkcs1]\n"
    "        Write the public key: SubjectPublicKeyInfo (default) or PKCS#1.\n"
    "  rsa-sign --key FILE --hash H [--scheme pkcs1|pss] [--salt-len L] [--in FILE]\n"
    "           [--out FILE]\n"
    "        Write the signature's bytes (PSS: MGF1 with --hash, a salt of its size).\n"
    "  rsa-verify --pub FILE --hash H [--scheme pkcs1|pss] [--salt-len L] --sig FILE\n"
    "             [--in FILE]\n"
    "        Exit 0 (and print OK) if the signature is valid, 1 if it is not.\n"
    "  rsa-encrypt --pub FILE [--scheme oaep|pkcs1] [--hash H]\n"
    "              [--in FILE] [--out FILE]\n"
    "  rsa-decrypt --key FILE [--scheme oaep|pkcs1] [--hash H]\n"
    "              [--in FILE] [--out FILE]\n"
    "        OAEP (default; --hash, default sha256, also for MGF1, empty label) or\n"
    "        PKCS#1 v1.5. A failed OAEP decryption writes nothing and exits 1.\n"
    "        PKCS#1 v1.5 decryption uses implicit rejection: a bad padding does not\n"
    "        fail but gives a pseudo-random message (as OpenSSL 3.2 and later), so\n"
    "        what it decrypts must be authenticated by other means.\n"
    "\n"
    "AES commands (the key's length, 16, 24 or 32 bytes, chooses AES-128/192/256;\n"
    "the input is --in FILE or standard input, the output --out FILE or standard\n"
    "output; -e encrypts, -d decrypts):\n"
    "  aes-gcm -e|-d --key HEX [--nonce HEX] [--aad HEX] [--in FILE] [--out FILE]\n"
    "        GCM: ciphertext || 16-byte tag. Without --nonce, encryption draws a\n"
    "        random 12-byte nonce and writes nonce || ciphertext || tag, and\n"
    "        decryption reads that layout.\n"
    "  aes-ccm -e|-d --key HEX [--nonce HEX] [--aad HEX] [--tag-len N] [--in FILE]\n"
    "          [--out FILE]\n"
    "        CCM, the same layouts; nonce 7 to 13 bytes (random: 12), tag 4 to 16\n"
    "        bytes, even (default 16); at most 64 MiB of text (held in memory).\n"
    "        A GCM or CCM tag that does not verify writes nothing and exits 1.\n"
    "  aes-cbc -e|-d --key HEX --iv HEX [--in FILE] [--out FILE]\n"
    "        CBC with PKCS#7 padding, as openssl enc -aes-N-cbc -K HEX -iv HEX;\n"
    "        a bad padding writes nothing and exits 1.\n"
    "  aes-ctr -e|-d --key HEX --iv HEX [--in FILE] [--out FILE]\n"
    "        CTR, the 16-byte IV the first counter block, the whole block\n"
    "        incremented big-endian, as openssl enc -aes-N-ctr.\n"
    "  cmac --key HEX [FILE...]\n"
    "        Print the AES-CMAC of each FILE (or standard input).\n"
    "\n"
    "  help      this text (also --help, -h)\n"
    "  version   library version, build options, the SHA-2 code in use and the\n"
    "            curves built in (also --version)\n"
    "\n"
    "Options:\n"
    "  -a, --alg ALG     sha224, sha256 (default), sha384 or sha512\n"
    "  -k, --key HEX     HMAC key, in hex (may be empty: -k '')\n"
    "  --ikm HEX, --salt HEX, --info HEX, --prk HEX\n"
    "                    HKDF inputs in hex (salt and info default to empty)\n"
    "  -l, --length N    HKDF output length in bytes, 1 to 255 * digest size\n"
    "  --curve C         one of the curves below; needed unless a key file names\n"
    "                    the curve (then it must match)\n"
    "  --hash H          ECDSA message hash: sha224, sha256, sha384, sha512\n"
    "                    (default: the curve's, below); RSA: sha256, sha384, sha512\n"
    "  --priv HEX        private key, big-endian, the curve's size (P-256: 32 bytes)\n"
    "  --priv-file FILE  private key file, PEM or DER, SEC1 (EC PRIVATE KEY) or\n"
    "                    unencrypted PKCS#8 (PRIVATE KEY)\n"
    "  --pub HEX, --peer HEX\n"
    "                    public key, a SEC1 point (compressed or not)\n"
    "  --pub-file FILE, --peer-file FILE\n"
    "                    SubjectPublicKeyInfo file, PEM (PUBLIC KEY) or DER\n"
    "  --msg HEX, --in FILE\n"
    "                    the message (hashed with --hash); FILE \"-\" is standard input\n"
    "  --sig HEX, --sig-file FILE\n"
    "                    the signature: DER, or r || s with --p1363 (FILE: raw bytes)\n"
    "  --key FILE, --pub FILE, --sig FILE\n"
    "                    RSA: the private key, the public key (or a private key),\n"
    "                    the signature's bytes\n"
    "  --scheme S        RSA: pkcs1 (default) or pss for signatures, oaep (default)\n"
    "                    or pkcs1 for encryption\n"
    "  --salt-len L      PSS salt length: digest (default: the hash's length), max,\n"
    "                    a number of bytes, or (rsa-verify) auto: any length\n"
    "  --bits N          rsa-keygen: the modulus size, even, 2048 to 4096\n"
    "  --key HEX         AES commands: the key, 16, 24 or 32 bytes\n"
    "  --nonce HEX, --iv HEX, --aad HEX\n"
    "                    AES nonce (GCM: 1 byte or more, 12 recommended; CCM: 7 to\n"
    "                    13), IV (CBC, CTR: 16 bytes), additional authenticated\n"
    "                    data (GCM, CCM; default empty)\n"
    "  --tag-len N       aes-ccm: the tag's length, 4, 6, ..., 16 (default 16)\n"
    "  -e, --encrypt, -d, --decrypt\n"
    "                    the direction of the AES cipher commands\n"
    "  --p1363           signatures as r || s (IEEE P1363) instead of DER\n"
    "  --compressed      pub: print the compressed point (02/03 || x)\n"
    "  --sig-out FILE    ecdsa-sign: write the signature's bytes to FILE\n"
    "  -o, --out FILE    where keygen, pub, the RSA and the AES commands write\n"
    "                    (default: standard output)\n"
    "  --format pem|der  the key file format keygen, pub, rsa-keygen and rsa-pub\n"
    "                    write (default pem)\n"
    "  --type pkcs8|sec1 keygen: PKCS#8 PRIVATE KEY (default) or SEC1 EC PRIVATE KEY;\n"
    "                    rsa-keygen: pkcs8 (default) or pkcs1 (RSA PRIVATE KEY);\n"
    "                    rsa-pub: spki (default) or pkcs1 (RSA PUBLIC KEY)\n"
    "  --                end of options\n"
    "\n"
    "Output is lowercase hex (RSA, AES ciphers: raw bytes, and keys). For hash,\n"
    "hmac and cmac each line is \"HEX  NAME\" as sha256sum prints it (NAME is \"-\"\n"
    "for standard input).\n"
    "Exit status: 0 success, 1 bad or unreadable input, 2 usage error; for\n"
    "ecdsa-verify 1 means only an invalid signature (it does not verify, is not\n"
    "strict DER or has the wrong length) and every other error is 2; the same for\n"
    "rsa-verify (an invalid signature: it does not verify, is not k bytes or is\n"
    "not below n). In the AES commands every bad option value (hex, the length of\n"
    "a key, nonce, IV or tag) is 2; 1 is for the data (unreadable, too short or\n"
    "too large input, a tag that does not verify, a bad padding).\n"
    "\n"
    "Curves built in (--curve NAME or an alias):\n";

int parse_alg(const char *s)
{
    if (strcmp(s, "sha224") == 0 || strcmp(s, "sha-224") == 0) return CTC_HASH_SHA224;
    if (strcmp(s, "sha256") == 0 || strcmp(s, "sha-256") == 0) return CTC_HASH_SHA256;
    if (strcmp(s, "sha384") == 0 || strcmp(s, "sha-384") == 0) return CTC_HASH_SHA384;
    if (strcmp(s, "sha512") == 0 || strcmp(s, "sha-512") == 0) return CTC_HASH_SHA512;
    return 0;
}

static const char *alg_name(int id)
{
    switch (id) {
    case CTC_HASH_SHA224: return "sha224";
    case CTC_HASH_SHA256: return "sha256";
    case CTC_HASH_SHA384: return "sha384";
    default: return "sha512";
    }
}

/* the curves of the table, for --help */
static void usage_curves(void)
{
    size_t i, j;

    for (i = 0; i < curve_count; i++) {
        printf("  %-6s", curves[i].name);
        for (j = 0; j < 3; j++)
            if (curves[i].aliases[j])
                printf("%s%s", j ? ", " : "", curves[i].aliases[j]);
        printf("; default hash %s\n", alg_name(curves[i].default_hash));
    }
}

static int decode_hex(struct hexarg *a, const char *opt)
{
    return decode_hex_as(a, opt, EXIT_BAD);
}

/* Every option of every command: the command decides which it takes. */
static const struct {
    const char *shrt, *lng;
    int id, takes_value;
} opt_table[] = {
    { "-a", "--alg", OPT_ALG, 1 },
    { "-k", "--key", OPT_KEY, 1 },
    { NULL, "--ikm", OPT_IKM, 1 },
    { NULL, "--salt", OPT_SALT, 1 },
    { NULL, "--info", OPT_INFO, 1 },
    { NULL, "--prk", OPT_PRK, 1 },
    { "-l", "--length", OPT_LENGTH, 1 },
    { NULL, "--extract", OPT_EXTRACT, 0 },
    { NULL, "--curve", OPT_CURVE, 1 },
    { NULL, "--hash", OPT_HASH, 1 },
    { NULL, "--priv", OPT_PRIV, 1 },
    { NULL, "--priv-file", OPT_PRIV_FILE, 1 },
    { NULL, "--pub", OPT_PUB, 1 },
    { NULL, "--pub-file", OPT_PUB_FILE, 1 },
    { NULL, "--peer", OPT_PEER, 1 },
    { NULL, "--peer-file", OPT_PEER_FILE, 1 },
    { NULL, "--msg", OPT_MSG, 1 },
    { NULL, "--in", OPT_IN, 1 },
    { NULL, "--sig", OPT_SIG, 1 },
    { NULL, "--sig-file", OPT_SIG_FILE, 1 },
    { NULL, "--sig-out", OPT_SIG_OUT, 1 },
    { "-o", "--out", OPT_OUT, 1 },
    { NULL, "--format", OPT_FORMAT, 1 },
    { NULL, "--type", OPT_TYPE, 1 },
    { NULL, "--p1363", OPT_P1363, 0 },
    { NULL, "--compressed", OPT_COMPRESSED, 0 },
    { NULL, "--scheme", OPT_SCHEME, 1 },
    { NULL, "--bits", OPT_BITS, 1 },
    { NULL, "--salt-len", OPT_SALT_LEN, 1 },
    { "-e", "--encrypt", OPT_ENCRYPT, 0 },
    { "-d", "--decrypt", OPT_DECRYPT, 0 },
    { NULL, "--nonce", OPT_NONCE, 1 },
    { NULL, "--aad", OPT_AAD, 1 },
    { NULL, "--iv", OPT_IV, 1 },
    { NULL, "--tag-len", OPT_TAG_LEN, 1 },
};

const char *opt_name(int id)
{
    size_t i;

    for (i = 0; i < sizeof opt_table / sizeof opt_table[0]; i++)
        if (opt_table[i].id == id)
            return opt_table[i].lng;
    return "?";
}

/* Parses argv[2..]; returns 0 or an exit status (after printing). */
static int parse(struct opts *o, int argc, char **argv)
{
    int i, only_files = 0;

    memset(o, 0, sizeof *o);
    o->alg = CTC_HASH_SHA256;
    o->length = -1;
    o->files = calloc((size_t)argc + 1, sizeof *o->files);
    if (o->files == NULL) {
        fail("out of memory", NULL, NULL);
        return EXIT_BAD;
    }
    for (i = 2; i < argc; i++) {
        const char *a = argv[i];
        size_t k, n = sizeof opt_table / sizeof opt_table[0];
        int id;

        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            o->files[o->nfiles++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = 1;
            continue;
        }
        for (k = 0; k < n; k++)
            if ((opt_table[k].shrt && strcmp(a, opt_table[k].shrt) == 0)
                || strcmp(a, opt_table[k].lng) == 0)
                break;
        if (k == n)
            return usage_error("unknown option ", a);
        id = opt_table[k].id;
        if (!opt_table[k].takes_value) {
            o->val[id] = "";
            continue;
        }
        if (i + 1 >= argc)
            return usage_error("missing value after ", a);
        o->val[id] = argv[++i];
        if (id == OPT_ALG) {
            o->alg = parse_alg(argv[i]);
            if (o->alg == 0) {
                fail("unknown algorithm '", argv[i],
                     "' (sha224, sha256, sha384 or sha512)");
                return EXIT_USAGE;
            }
        } else if (id == OPT_LENGTH) {
            char *end;
            errno = 0;
            o->length = strtol(argv[i], &end, 10);
            if (argv[i][0] == 0 || *end != 0 || errno != 0 || o->length < 0) {
                fail("length '", argv[i], "' is not a number of bytes");
                return EXIT_USAGE;
            }
        }
    }
    o->extract = o->val[OPT_EXTRACT] != NULL;
    o->key.text = o->val[OPT_KEY];
    o->ikm.text = o->val[OPT_IKM];
    o->salt.text = o->val[OPT_SALT];
    o->info.text = o->val[OPT_INFO];
    o->prk.text = o->val[OPT_PRK];
    return 0;
}

/* Options that the command does not take are refused, not ignored. */
static int refuse(const struct opts *o, const char *cmd, int key, int hkdf, int files)
{
    int id;

    if (!key && o->key.text)
        return usage_error(cmd, " takes no -k/--key");
    if (!hkdf && (o->ikm.text || o->salt.text || o->info.text || o->prk.text
                  || o->length >= 0 || o->extract))
        return usage_error(cmd, " takes no HKDF options (--ikm, --salt, --info, --prk, -l, --extract)");
    if (!files && o->nfiles > 0)
        return usage_error(cmd, " takes no file arguments");
    for (id = OPT_CURVE; id < OPT_COUNT; id++)
        if (o->val[id]) {
            fprintf(stderr, "ctc: %s takes no %s (see 'ctc --help')\n", cmd, opt_name(id));
            return EXIT_USAGE;
        }
    return 0;
}

/* ---- commands ----------------------------------------------------------------- */

static int digest_stream(FILE *f, const char *name, int alg, const struct hexarg *key)
{
    static uint8_t buf[1 << 16];
    uint8_t out[CTC_HASH_MAX_SIZE];
    size_t n, hs = ctc_hash_size(alg);
    ctc_hash_ctx hc;
    ctc_hmac_ctx mc;
    int r;

    r = key ? ctc_hmac_init(&mc, alg, key->bytes, key->len) : ctc_hash_init(&hc, alg);
    while (r == CTC_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        r = key ? ctc_hmac_update(&mc, buf, n) : ctc_hash_update(&hc, buf, n);
    if (r == CTC_OK && ferror(f)) {
        fail(name, ": read error: ", strerror(errno));
        if (key)
            ctc_hmac_wipe(&mc);
        return EXIT_BAD;
    }
    if (r == CTC_OK)
        r = key ? ctc_hmac_final(&mc, out, hs) : ctc_hash_final(&hc, out, sizeof out);
    if (r != CTC_OK) {
        fail(name, ": the library refused the input", NULL);
        return EXIT_BAD;
    }
    print_hex(out, hs);
    printf("  %s\n", name);
    return 0;
}

static int cmd_digest(const struct opts *o, const struct hexarg *key)
{
    int i, status = 0;

    if (o->nfiles == 0)
        return digest_stream(stdin, "-", o->alg, key);
    for (i = 0; i < o->nfiles; i++) {
        const char *name = o->files[i];
        FILE *f;
        int r;

        if (strcmp(name, "-") == 0) {
            r = digest_stream(stdin, "-", o->alg, key);
        } else {
            f = fopen(name, "rb");
            if (f == NULL) {
                fail(name, ": ", strerror(errno));
                status = EXIT_BAD;
                continue;
            }
            r = digest_stream(f, name, o->alg, key);
            fclose(f);
        }
        if (r != 0)
            status = r;
        fflush(stdout);
    }
    return status;
}

static int cmd_hkdf(struct opts *o)
{
    size_t hs = ctc_hash_size(o->alg), max = 255 * hs;
    uint8_t *out;
    int r;

    if (o->prk.text && (o->ikm.text || o->salt.text || o->extract))
        return usage_error("hkdf: --prk (expand only) excludes --ikm, --salt and --extract", NULL);
    if (!o->prk.text && !o->ikm.text)
        return usage_error("hkdf: needs --ikm HEX (or --prk HEX to expand only)", NULL);
    if (o->extract && (o->length >= 0 || o->info.text))
        return usage_error("hkdf: --extract takes no -l or --info", NULL);
    if (!o->extract && o->length < 0)
        return usage_error("hkdf: needs -l LENGTH", NULL);
    if (!o->extract && (o->length == 0 || (unsigned long)o->length > max)) {
        fprintf(stderr, "ctc: hkdf: length %ld is out of range: 1 to %lu (255 * %lu) for %s\n",
                o->length, (unsigned long)max, (unsigned long)hs, alg_name(o->alg));
        return EXIT_BAD;
    }
    if ((o->ikm.text && decode_hex(&o->ikm, "--ikm"))
        || (o->salt.text && decode_hex(&o->salt, "--salt"))
        || (o->info.text && decode_hex(&o->info, "--info"))
        || (o->prk.text && decode_hex(&o->prk, "--prk")))
        return EXIT_BAD;
    out = malloc(o->extract ? hs : (size_t)o->length);
    if (out == NULL) {
        fail("out of memory", NULL, NULL);
        return EXIT_BAD;
    }
    if (o->extract) {
        r = ctc_hkdf_extract(out, hs, o->alg, o->salt.bytes, o->salt.len,
                             o->ikm.bytes, o->ikm.len);
        o->length = (long)hs;
    } else if (o->prk.text) {
        if (o->prk.len < hs) {
            fprintf(stderr, "ctc: hkdf: --prk must be at least %lu bytes for %s\n",
                    (unsigned long)hs, alg_name(o->alg));
            free(out);
            return EXIT_BAD;
        }
        r = ctc_hkdf_expand(out, (size_t)o->length, o->alg, o->prk.bytes, o->prk.len,
                            o->info.bytes, o->info.len);
    } else {
        r = ctc_hkdf(out, (size_t)o->length, o->alg, o->salt.bytes, o->salt.len,
                     o->ikm.bytes, o->ikm.len, o->info.bytes, o->info.len);
    }
    if (r != CTC_OK) {
        fail("hkdf: the library refused the input", NULL, NULL);
        free(out);
        return EXIT_BAD;
    }
    print_hex(out, (size_t)o->length);
    printf("\n");
    free(out);
    return 0;
}

static void version(void)
{
    printf("ctc (%s)\n", ctc_build_info());
    printf("sha224/sha256: %s, sha384/sha512: %s\n", ctc_hash_impl(CTC_HASH_SHA256),
           ctc_hash_impl(CTC_HASH_SHA512));
    printf("curves: %s\n", curve_list());
    printf("rsa: 1024 to %d bits (private keys from 2048)\n", CTC_RSA_MAX_BITS);
}

static int run_command(const char *cmd, struct opts *o)
{
    int r;

    if (ec_is_command(cmd))
        return ec_command(cmd, o);
    if (rsa_is_command(cmd))
        return rsa_command(cmd, o);
    if (aes_is_command(cmd))
        return aes_command(cmd, o);
    if (strcmp(cmd, "hash") == 0) {
        r = refuse(o, "hash", 0, 0, 1);
        return r ? r : cmd_digest(o, NULL);
    }
    if (strcmp(cmd, "hmac") == 0) {
        r = refuse(o, "hmac", 1, 0, 1);
        if (r)
            return r;
        if (o->key.text == NULL)
            return usage_error("hmac: needs -k HEXKEY", NULL);
        if (decode_hex(&o->key, "-k"))
            return EXIT_BAD;
        return cmd_digest(o, &o->key);
    }
    r = refuse(o, "hkdf", 0, 1, 0);
    return r ? r : cmd_hkdf(o);
}

int main(int argc, char **argv)
{
    struct opts o;
    const char *cmd;
    int r;

    if (argc < 2)
        return usage_error("no command given", NULL);
    cmd = argv[1];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        fputs(usage_text, stdout);
        usage_curves();
        return 0;
    }
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        version();
        return 0;
    }
    if (strcmp(cmd, "hash") != 0 && strcmp(cmd, "hmac") != 0 && strcmp(cmd, "hkdf") != 0
        && !ec_is_command(cmd) && !rsa_is_command(cmd) && !aes_is_command(cmd))
        return usage_error("unknown command ", cmd);
    r = parse(&o, argc, argv);
    if (r == 0)
        r = run_command(cmd, &o);
    /* keys and HKDF inputs may be secret */
    hexarg_free(&o.key);
    hexarg_free(&o.ikm);
    hexarg_free(&o.salt);
    hexarg_free(&o.info);
    hexarg_free(&o.prk);
    free(o.files);
    return r;
}
