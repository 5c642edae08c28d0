/*
 * aes.c - the AES commands of ctc: aes-gcm, aes-ccm, aes-cbc, aes-ctr and
 * cmac (the library's ctcrypto/aes.h).
 *
 * The key length chooses AES-128, -192 or -256. The input is --in FILE or
 * standard input, the output --out FILE or standard output (cmac: FILE
 * arguments, one "HEX  NAME" line each, as hmac). GCM, CBC, CTR and CMAC
 * stream through fixed buffers of CHUNK bytes (any size of input); CCM's
 * one-shot API needs the length first, so aes-ccm holds the whole input in
 * memory, at most CCM_MAX bytes of text.
 *
 * Output is released only when the command has succeeded: --out is
 * written to a temporary file beside it and renamed at the end (removed on
 * any failure); a decryption to standard output that must be verified
 * first (GCM's tag, CBC's padding) goes to a tmpfile() and is copied out
 * after the check. Encryption and CTR stream to standard output directly.
 *
 * Exit status as the tool's (cli.h), with one rule for the options: any
 * bad option value (hex, a key, nonce, IV or tag length, --tag-len) is a
 * usage error, 2; 1 is for the data (unreadable, too short or too large
 * input, a tag that does not verify, a bad padding, a write error). Keys,
 * plaintexts and the buffers that held them are wiped before exit.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "ct/ct.h"
#include "ctcrypto/ctcrypto.h"

#define CHUNK (1u << 16)               /* streaming buffer; a multiple of 16 */
#define CCM_MAX (64ul << 20)           /* aes-ccm: the largest text, in bytes */
#define RANDOM_NONCE_LEN 12            /* without --nonce (GCM and CCM) */
#define GCM_TAG_LEN 16

enum { CMD_GCM, CMD_CCM, CMD_CBC, CMD_CTR, CMD_CMAC };

#define OPTS_CIPHER (OPT_BIT(OPT_KEY) | OPT_BIT(OPT_ENCRYPT) | OPT_BIT(OPT_DECRYPT) \
                     | OPT_BIT(OPT_IN) | OPT_BIT(OPT_OUT))
static const struct {
    const char *name;
    unsigned long long opts;   /* the options it takes */
} commands[] = {
    { "aes-gcm", OPTS_CIPHER | OPT_BIT(OPT_NONCE) | OPT_BIT(OPT_AAD) },
    { "aes-ccm", OPTS_CIPHER | OPT_BIT(OPT_NONCE) | OPT_BIT(OPT_AAD) | OPT_BIT(OPT_TAG_LEN) },
    { "aes-cbc", OPTS_CIPHER | OPT_BIT(OPT_IV) },
    { "aes-ctr", OPTS_CIPHER | OPT_BIT(OPT_IV) },
    { "cmac", OPT_BIT(OPT_KEY) },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

struct aes {
    const char *cmd;
    int id;                    /* CMD_* */
    int decrypt;
    ctc_aes_key key;
    struct hexarg nonce, aad, iv;
    size_t tag_len;            /* CCM */
    int in;                    /* the input's descriptor */
    const char *in_name;
};

/* where the output goes until it is released (see the top of the file) */
struct sink {
    const char *path;          /* --out, or NULL for standard output */
    char *tmp;                 /* the temporary file beside path, malloc'd */
    FILE *spool;               /* standard output held back until released */
    int fd;                    /* where writes go */
};

/* the buffers of the streaming commands (static: 64 KiB each) */
static uint8_t buf_in[CHUNK + 32], buf_out[CHUNK + 32];

int aes_is_command(const char *cmd)
{
    size_t i;

    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return 1;
    return 0;
}

static int cmd_usage(const struct aes *c, const char *a, const char *b)
{
    fprintf(stderr, "ctc: %s: %s%s (see 'ctc --help')\n", c->cmd, a, b ? b : "");
    return EXIT_USAGE;
}

/* ---- output -------------------------------------------------------------------- */

/* Removes what was written (the temporary file or the spool). */
static void sink_discard(struct sink *s)
{
    if (s->tmp != NULL) {
        close(s->fd);
        unlink(s->tmp);
        free(s->tmp);
        s->tmp = NULL;
    }
    if (s->spool != NULL) {
        fclose(s->spool);
        s->spool = NULL;
    }
}

/* hold: keep standard output back until sink_commit; secret: --out gets
 * mode 0600 (else 0644 less the umask, as write_file) */
static int sink_open(struct sink *s, const char *path, int hold, int secret)
{
    static const char suffix[] = ".ctc-XXXXXX";
    size_t n;

    s->path = path != NULL && strcmp(path, "-") == 0 ? NULL : path;
    s->tmp = NULL;
    s->spool = NULL;
    s->fd = 1;
    if (s->path == NULL) {
        if (!hold)
            return 0;
        s->spool = tmpfile();
        if (s->spool == NULL) {
            fail("cannot create a temporary file: ", strerror(errno), NULL);
            return EXIT_BAD;
        }
        s->fd = fileno(s->spool);
        return 0;
    }
    n = strlen(s->path);
    s->tmp = malloc(n + sizeof suffix);
    if (s->tmp == NULL) {
        fail("out of memory", NULL, NULL);
        return EXIT_BAD;
    }
    memcpy(s->tmp, s->path, n);
    memcpy(s->tmp + n, suffix, sizeof suffix);
    /* mkstemp creates the file with mode 0600 */
    s->fd = mkstemp(s->tmp);
    if (s->fd < 0) {
        fail(s->path, ": cannot create a temporary file beside it: ", strerror(errno));
        free(s->tmp);
        s->tmp = NULL;
        return EXIT_BAD;
    }
    if (!secret) {
        mode_t mask = umask(0);

        umask(mask);
        if (fchmod(s->fd, 0644 & ~mask) != 0) {
            fail(s->tmp, ": ", strerror(errno));
            sink_discard(s);
            return EXIT_BAD;
        }
    }
    return 0;
}

static int sink_write(struct sink *s, const uint8_t *p, size_t n)
{
    if (write_all(s->fd, p, n) != 0) {
        fail(s->tmp ? s->tmp : s->spool ? "temporary file" : "standard output",
             ": write error: ", strerror(errno));
        return EXIT_BAD;
    }
    return 0;
}

/* Releases the output: renames the temporary file to --out, or copies the
 * spool to standard output. On failure the output is discarded. */
static int sink_commit(struct sink *s)
{
    size_t n;
    int r = 0;

    if (s->tmp != NULL) {
        if (close(s->fd) != 0) {
            fail(s->tmp, ": write error: ", strerror(errno));
            unlink(s->tmp);
            r = EXIT_BAD;
        } else if (rename(s->tmp, s->path) != 0) {
            fail(s->path, ": ", strerror(errno));
            unlink(s->tmp);
            r = EXIT_BAD;
        }
        free(s->tmp);
        s->tmp = NULL;
        return r;
    }
    if (s->spool == NULL)
        return 0;
    if (lseek(s->fd, 0, SEEK_SET) != 0) {
        fail("temporary file: ", strerror(errno), NULL);
        r = EXIT_BAD;
    }
    while (r == 0) {
        if (read_full(s->fd, buf_out, CHUNK, &n) != 0) {
            fail("temporary file: read error: ", strerror(errno), NULL);
            r = EXIT_BAD;
        } else if (n == 0) {
            break;
        } else if (write_all(1, buf_out, n) != 0) {
            fail("standard output: write error: ", strerror(errno), NULL);
            r = EXIT_BAD;
        }
    }
    ct_zeroize(buf_out, sizeof buf_out);
    fclose(s->spool);
    s->spool = NULL;
    return r;
}

/* ---- input --------------------------------------------------------------------- */

/* n bytes of the input, all of them or exit 1 */
static int read_exact(const struct aes *c, uint8_t *p, size_t n, const char *what)
{
    size_t got;

    if (read_full(c->in, p, n, &got) != 0) {
        fail(c->in_name, ": read error: ", strerror(errno));
        return EXIT_BAD;
    }
    if (got < n) {
        fprintf(stderr, "ctc: %s: %s: the input is too short (%lu bytes; the %s takes %lu)\n",
                c->cmd, c->in_name, (unsigned long)got, what, (unsigned long)n);
        return EXIT_BAD;
    }
    return 0;
}

static int read_chunk(const struct aes *c, uint8_t *p, size_t n, size_t *got)
{
    if (read_full(c->in, p, n, got) != 0) {
        fail(c->in_name, ": read error: ", strerror(errno));
        return EXIT_BAD;
    }
    return 0;
}

static int random_nonce(uint8_t *out, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY);
    size_t got = 0;

    if (fd < 0 || read_full(fd, out, n, &got) != 0 || got != n) {
        fail("/dev/urandom: cannot read random bytes", NULL, NULL);
        if (fd >= 0)
            close(fd);
        return EXIT_BAD;
    }
    close(fd);
    return 0;
}

/* The whole input (aes-ccm), at most max bytes, malloc'd into *out (the
 * caller wipes and frees it: read_free(*out, *len)). */
static int read_whole(const struct aes *c, uint8_t **out, size_t *len, size_t max)
{
    size_t cap = CHUNK, n = 0, got;
    uint8_t *p = malloc(cap), *q;

    *out = NULL;
    *len = 0;
    for (;;) {
        if (p == NULL) {
            fail(c->cmd, ": out of memory", NULL);
            return EXIT_BAD;
        }
        if (read_chunk(c, p + n, cap - n, &got) != 0) {
            read_free(p, n);
            return EXIT_BAD;
        }
        n += got;
        if (n > max) {
            fprintf(stderr, "ctc: %s: %s: too large (aes-ccm holds its input in memory: at "
                    "most %lu MiB of text)\n", c->cmd, c->in_name, CCM_MAX >> 20);
            read_free(p, n);
            return EXIT_BAD;
        }
        if (n < cap)
            break;
        /* grow by copying, so that no freed block keeps a copy of the text */
        cap *= 2;
        q = malloc(cap);
        if (q != NULL)
            memcpy(q, p, n);
        read_free(p, n);
        p = q;
    }
    *out = p;
    *len = n;
    return 0;
}

/* ---- commands ------------------------------------------------------------------ */

/* ctr += blocks, the whole 16-byte block a big-endian counter (as ctc_aes_ctr) */
static void ctr_add(uint8_t ctr[16], size_t blocks)
{
    unsigned long long carry = blocks;
    int i;

    for (i = 15; i >= 0 && carry != 0; i--) {
        carry += ctr[i];
        ctr[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static int cmd_ctr(struct aes *c, struct sink *s)
{
    uint8_t ctr[16];
    size_t n;
    int r;

    memcpy(ctr, c->iv.bytes, 16);
    do {
        if ((r = read_chunk(c, buf_in, CHUNK, &n)) != 0)
            return r;
        if (ctc_aes_ctr(&c->key, buf_out, sizeof buf_out, ctr, buf_in, n) != CTC_OK) {
            fail(c->cmd, ": the library refused the input", NULL);
            return EXIT_BAD;
        }
        /* only the last chunk may be shorter than CHUNK (read_full) */
        ctr_add(ctr, n / 16);
        if ((r = sink_write(s, buf_out, n)) != 0)
            return r;
    } while (n == CHUNK);
    return 0;
}

static int cmd_cbc_encrypt(struct aes *c, struct sink *s)
{
    uint8_t iv[16];
    size_t n, out_len;
    int r;

    memcpy(iv, c->iv.bytes, 16);
    for (;;) {
        if ((r = read_chunk(c, buf_in, CHUNK, &n)) != 0)
            return r;
        if (n < CHUNK) {
            /* the end: pad what is left (1 to 16 bytes of padding) */
            r = ctc_aes_cbc_encrypt(&c->key, buf_out, sizeof buf_out, &out_len, iv, 16,
                                    buf_in, n);
            if (r == CTC_OK)
                return sink_write(s, buf_out, out_len);
        } else {
            r = ctc_aes_cbc_encrypt_raw(&c->key, buf_out, sizeof buf_out, iv, 16, buf_in, n);
            if (r == CTC_OK) {
                memcpy(iv, buf_out + n - 16, 16);
                if ((r = sink_write(s, buf_out, n)) != 0)
                    return r;
                continue;
            }
        }
        fail(c->cmd, ": the library refused the input", NULL);
        return EXIT_BAD;
    }
}

/* The last block decides the padding, so it is held back until the end. */
static int cmd_cbc_decrypt(struct aes *c, struct sink *s)
{
    uint8_t iv[16];
    size_t n, held = 0, total, out_len;
    int r;

    memcpy(iv, c->iv.bytes, 16);
    for (;;) {
        if ((r = read_chunk(c, buf_in + held, CHUNK, &n)) != 0)
            return r;
        total = held + n;
        if (n < CHUNK)
            break;
        /* total - 16 is a multiple of 16: CHUNK is, held is 0 or 16 */
        r = ctc_aes_cbc_decrypt_raw(&c->key, buf_out, sizeof buf_out, iv, 16, buf_in,
                                    total - 16);
        if (r != CTC_OK) {
            fail(c->cmd, ": the library refused the input", NULL);
            return EXIT_BAD;
        }
        memcpy(iv, buf_in + total - 32, 16);
        memmove(buf_in, buf_in + total - 16, 16);
        held = 16;
        if ((r = sink_write(s, buf_out, total - 16)) != 0)
            return r;
    }
    if (total == 0 || total % 16 != 0) {
        fprintf(stderr, "ctc: %s: %s: the ciphertext is not a nonzero whole number of "
                "16-byte blocks (%lu bytes in its last part)\n", c->cmd, c->in_name,
                (unsigned long)total);
        return EXIT_BAD;
    }
    r = ctc_aes_cbc_decrypt(&c->key, buf_out, sizeof buf_out, &out_len, iv, 16, buf_in, total);
    if (r == CTC_ERR_AES_PADDING) {
        fail(c->cmd, ": bad padding (a wrong key or IV, or a modified ciphertext)", NULL);
        return EXIT_BAD;
    }
    if (r != CTC_OK) {
        fail(c->cmd, ": the library refused the input", NULL);
        return EXIT_BAD;
    }
    return sink_write(s, buf_out, out_len);
}

static int gcm_error(const struct aes *c, int r)
{
    fail(c->cmd, r == CTC_ERR_AES_DATA_LIMIT ? ": the input is larger than GCM allows "
         "(2^36 - 32 bytes)" : ": the library refused the input", NULL);
    return EXIT_BAD;
}

static int cmd_gcm_encrypt(struct aes *c, struct sink *s, const uint8_t *nonce,
                           size_t nonce_len)
{
    ctc_aes_gcm_ctx ctx;
    uint8_t tag[GCM_TAG_LEN];
    size_t n;
    int r;

    r = ctc_aes_gcm_init(&ctx, &c->key, nonce, nonce_len, 0);
    if (r == CTC_OK)
        r = ctc_aes_gcm_aad(&ctx, c->aad.bytes, c->aad.len);
    if (r != CTC_OK) {
        ctc_aes_gcm_wipe(&ctx);
        return gcm_error(c, r);
    }
    if (c->nonce.text == NULL && (r = sink_write(s, nonce, nonce_len)) != 0) {
        ctc_aes_gcm_wipe(&ctx);
        return r;
    }
    do {
        if ((r = read_chunk(c, buf_in, CHUNK, &n)) != 0
            || (r = ctc_aes_gcm_update(&ctx, buf_out, sizeof buf_out, buf_in, n)) != CTC_OK
            || (r = sink_write(s, buf_out, n)) != 0) {
            ctc_aes_gcm_wipe(&ctx);
            return r < 0 ? gcm_error(c, r) : r;
        }
    } while (n == CHUNK);
    if ((r = ctc_aes_gcm_encrypt_final(&ctx, tag, sizeof tag, 0)) != CTC_OK) {
        ctc_aes_gcm_wipe(&ctx);
        return gcm_error(c, r);
    }
    return sink_write(s, tag, sizeof tag);
}

/* Streams the plaintext into the sink (never standard output directly:
 * sink_open was told to hold it), holding back the last 16 bytes of the
 * input as the tag. */
static int cmd_gcm_decrypt(struct aes *c, struct sink *s, const uint8_t *nonce,
                           size_t nonce_len)
{
    ctc_aes_gcm_ctx ctx;
    size_t n, held = 0, total;
    int r;

    r = ctc_aes_gcm_init(&ctx, &c->key, nonce, nonce_len, 1);
    if (r == CTC_OK)
        r = ctc_aes_gcm_aad(&ctx, c->aad.bytes, c->aad.len);
    if (r != CTC_OK) {
        ctc_aes_gcm_wipe(&ctx);
        return gcm_error(c, r);
    }
    for (;;) {
        if ((r = read_chunk(c, buf_in + held, CHUNK, &n)) != 0) {
            ctc_aes_gcm_wipe(&ctx);
            return r;
        }
        total = held + n;
        if (total < GCM_TAG_LEN) {
            fprintf(stderr, "ctc: %s: %s: the input is too short (%lu bytes; the tag takes "
                    "16)\n", c->cmd, c->in_name, (unsigned long)total);
            ctc_aes_gcm_wipe(&ctx);
            return EXIT_BAD;
        }
        r = ctc_aes_gcm_update(&ctx, buf_out, sizeof buf_out, buf_in, total - GCM_TAG_LEN);
        if (r != CTC_OK) {
            ctc_aes_gcm_wipe(&ctx);
            return gcm_error(c, r);
        }
        if ((r = sink_write(s, buf_out, total - GCM_TAG_LEN)) != 0) {
            ctc_aes_gcm_wipe(&ctx);
            return r;
        }
        memmove(buf_in, buf_in + total - GCM_TAG_LEN, GCM_TAG_LEN);
        held = GCM_TAG_LEN;
        if (n < CHUNK)
            break;
    }
    r = ctc_aes_gcm_decrypt_final(&ctx, buf_in, GCM_TAG_LEN, 0);
    if (r == CTC_ERR_AES_TAG) {
        fail(c->cmd, ": authentication failed (a wrong key, nonce or AAD, or a modified "
             "input)", NULL);
        return EXIT_BAD;
    }
    return r == CTC_OK ? 0 : gcm_error(c, r);
}

static int cmd_ccm(struct aes *c, struct sink *s, const uint8_t *nonce, size_t nonce_len)
{
    size_t pre = c->nonce.text ? 0 : nonce_len, over = c->decrypt ? pre + c->tag_len : 0;
    uint8_t *in, *out, tag[16];
    size_t len, text;
    int r;

    if ((r = read_whole(c, &in, &len, CCM_MAX + over)) != 0)
        return r;
    if (len < over) {
        fprintf(stderr, "ctc: %s: %s: the input is too short (%lu bytes; the %s takes %lu)\n",
                c->cmd, c->in_name, (unsigned long)len, pre ? "nonce and the tag" : "tag",
                (unsigned long)over);
        read_free(in, len);
        return EXIT_BAD;
    }
    text = len - over;
    out = malloc(text ? text : 1);
    if (out == NULL) {
        fail(c->cmd, ": out of memory", NULL);
        read_free(in, len);
        return EXIT_BAD;
    }
    if (c->decrypt) {
        /* the layout: [nonce] || ciphertext || tag */
        r = ctc_aes_ccm_decrypt(&c->key, out, text, pre ? in : nonce, nonce_len,
                                c->aad.bytes, c->aad.len, in + pre, text, in + pre + text,
                                c->tag_len);
    } else {
        r = ctc_aes_ccm_encrypt(&c->key, out, text, tag, c->tag_len, nonce, nonce_len,
                                c->aad.bytes, c->aad.len, in, text);
    }
    if (r == CTC_OK && !c->decrypt) {
        if ((pre == 0 || (r = sink_write(s, nonce, nonce_len)) == 0)
            && (r = sink_write(s, out, text)) == 0)
            r = sink_write(s, tag, c->tag_len);
    } else if (r == CTC_OK) {
        r = sink_write(s, out, text);
    } else if (r == CTC_ERR_AES_TAG) {
        fail(c->cmd, ": authentication failed (a wrong key, nonce, AAD or tag length, or a "
             "modified input)", NULL);
        r = EXIT_BAD;
    } else if (r == CTC_ERR_AES_MSG_LEN) {
        fprintf(stderr, "ctc: %s: %lu bytes of text is too long for a %lu-byte nonce (at "
                "most 2^%lu - 1; a shorter nonce allows more)\n", c->cmd, (unsigned long)text,
                (unsigned long)nonce_len, 8 * (15 - (unsigned long)nonce_len));
        r = EXIT_BAD;
    } else {
        fail(c->cmd, ": the library refused the input", NULL);
        r = EXIT_BAD;
    }
    ct_zeroize(tag, sizeof tag);
    read_free(out, text);
    read_free(in, len);
    return r;
}

/* one "HEX  NAME" line per input, as hmac */
static int cmac_one(struct aes *c, int fd, const char *name)
{
    ctc_aes_cmac_ctx ctx;
    uint8_t tag[16];
    size_t n;
    int r;

    c->in = fd;
    c->in_name = name;
    r = ctc_aes_cmac_init(&ctx, &c->key);
    do {
        if (read_chunk(c, buf_in, CHUNK, &n) != 0) {
            ctc_aes_cmac_wipe(&ctx);
            return EXIT_BAD;
        }
        if (r == CTC_OK)
            r = ctc_aes_cmac_update(&ctx, buf_in, n);
    } while (n == CHUNK);
    if (r == CTC_OK)
        r = ctc_aes_cmac_final(&ctx, tag, sizeof tag);
    if (r != CTC_OK) {
        ctc_aes_cmac_wipe(&ctx);
        fail(name, ": the library refused the input", NULL);
        return EXIT_BAD;
    }
    print_hex(tag, sizeof tag);
    printf("  %s\n", name);
    return 0;
}

static int cmd_cmac(struct aes *c, const struct opts *o)
{
    int i, fd, r, status = 0;

    if (o->nfiles == 0)
        return cmac_one(c, 0, "-");
    for (i = 0; i < o->nfiles; i++) {
        const char *name = o->files[i];

        fd = strcmp(name, "-") == 0 ? 0 : open(name, O_RDONLY);
        if (fd < 0) {
            fail(name, ": ", strerror(errno));
            status = EXIT_BAD;
            continue;
        }
        r = cmac_one(c, fd, name);
        if (fd != 0)
            close(fd);
        if (r != 0)
            status = r;
        fflush(stdout);
    }
    return status;
}

/* ---- options ------------------------------------------------------------------- */

static int get_hex(struct hexarg *h, const struct opts *o, int id)
{
    h->text = o->val[id];
    if (h->text == NULL)
        return 0;
    return decode_hex_as(h, opt_name(id), EXIT_USAGE);
}

/* --tag-len: 4, 6, ..., 16 (default 16) */
static int get_tag_len(struct aes *c, const struct opts *o)
{
    const char *t = o->val[OPT_TAG_LEN];
    unsigned long v;
    char *end;

    c->tag_len = 16;
    if (t == NULL)
        return 0;
    errno = 0;
    v = strtoul(t, &end, 10);
    if (t[0] < '0' || t[0] > '9' || *end != 0 || errno != 0 || v < 4 || v > 16 || v % 2 != 0)
        return cmd_usage(c, "--tag-len must be 4, 6, 8, 10, 12, 14 or 16: ", t);
    c->tag_len = v;
    return 0;
}

static int check_lengths(struct aes *c, const struct opts *o)
{
    char msg[128];

    if (c->key.rounds == 0) {
        snprintf(msg, sizeof msg, "--key is %lu bytes; AES takes 16, 24 or 32 (AES-128, "
                 "-192, -256)", (unsigned long)o->key.len);
        return cmd_usage(c, msg, NULL);
    }
    if ((c->id == CMD_CBC || c->id == CMD_CTR) && c->iv.len != 16) {
        snprintf(msg, sizeof msg, "--iv is %lu bytes; it takes 16", (unsigned long)c->iv.len);
        return cmd_usage(c, msg, NULL);
    }
    if (c->id == CMD_GCM && c->nonce.text && c->nonce.len == 0)
        return cmd_usage(c, "--nonce is empty; GCM takes 1 byte or more (12 recommended)",
                         NULL);
    if (c->id == CMD_CCM && c->nonce.text && (c->nonce.len < 7 || c->nonce.len > 13)) {
        snprintf(msg, sizeof msg, "--nonce is %lu bytes; CCM takes 7 to 13",
                 (unsigned long)c->nonce.len);
        return cmd_usage(c, msg, NULL);
    }
    return 0;
}

static int run(struct aes *c, const struct opts *o)
{
    const char *in = o->val[OPT_IN] ? o->val[OPT_IN] : "-";
    uint8_t nonce[RANDOM_NONCE_LEN];
    const uint8_t *np = c->nonce.bytes;
    size_t nl = c->nonce.len;
    struct sink s;
    int r, hold, secret;

    c->in_name = in;
    c->in = strcmp(in, "-") == 0 ? 0 : open(in, O_RDONLY);
    if (c->in < 0) {
        fail(in, ": ", strerror(errno));
        return EXIT_BAD;
    }
    /* GCM's plaintext is released once verified, CBC's once unpadded (CCM
     * decrypts in memory and writes only after the check) */
    hold = c->decrypt && (c->id == CMD_GCM || c->id == CMD_CBC);
    secret = c->decrypt;
    r = sink_open(&s, o->val[OPT_OUT], hold, secret);
    /* without --nonce: a fresh one in front of the output, or read from the input
     * (CCM reads it with the rest) */
    if (r == 0 && (c->id == CMD_GCM || c->id == CMD_CCM) && c->nonce.text == NULL) {
        np = nonce;
        nl = sizeof nonce;
        if (!c->decrypt)
            r = random_nonce(nonce, sizeof nonce);
        else if (c->id == CMD_GCM)
            r = read_exact(c, nonce, sizeof nonce, "nonce");
        if (r != 0)
            sink_discard(&s);
    }
    if (r == 0) {
        switch (c->id) {
        case CMD_CTR: r = cmd_ctr(c, &s); break;
        case CMD_CBC: r = c->decrypt ? cmd_cbc_decrypt(c, &s) : cmd_cbc_encrypt(c, &s); break;
        case CMD_CCM: r = cmd_ccm(c, &s, np, nl); break;
        default:
            r = c->decrypt ? cmd_gcm_decrypt(c, &s, np, nl) : cmd_gcm_encrypt(c, &s, np, nl);
        }
        if (r == 0)
            r = sink_commit(&s);
        else
            sink_discard(&s);
    }
    if (c->in != 0)
        close(c->in);
    ct_zeroize(buf_in, sizeof buf_in);
    ct_zeroize(buf_out, sizeof buf_out);
    return r;
}

int aes_command(const char *cmd, struct opts *o)
{
    unsigned long long allowed = 0;
    struct aes c;
    size_t i;
    int id, r;

    memset(&c, 0, sizeof c);
    c.cmd = cmd;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) {
            allowed = commands[i].opts;
            c.id = (int)i;
        }
    for (id = 0; id < OPT_COUNT; id++)
        if (o->val[id] && !(allowed & OPT_BIT(id)))
            return cmd_usage(&c, "takes no ", opt_name(id));
    if (c.id != CMD_CMAC && o->nfiles > 0)
        return cmd_usage(&c, "takes no file arguments (the input is --in FILE): ",
                         o->files[0]);
    if (c.id != CMD_CMAC && (o->val[OPT_ENCRYPT] != NULL) == (o->val[OPT_DECRYPT] != NULL))
        return cmd_usage(&c, o->val[OPT_ENCRYPT] ? "-e and -d exclude each other"
                                                 : "needs -e (encrypt) or -d (decrypt)", NULL);
    c.decrypt = o->val[OPT_DECRYPT] != NULL;
    if (o->key.text == NULL)
        return cmd_usage(&c, "needs --key HEX (16, 24 or 32 bytes)", NULL);
    if ((c.id == CMD_CBC || c.id == CMD_CTR) && o->val[OPT_IV] == NULL)
        return cmd_usage(&c, "needs --iv HEX (16 bytes)", NULL);
    r = decode_hex_as(&o->key, "--key", EXIT_USAGE);
    if (r == 0)
        r = get_hex(&c.nonce, o, OPT_NONCE);
    if (r == 0)
        r = get_hex(&c.aad, o, OPT_AAD);
    if (r == 0)
        r = get_hex(&c.iv, o, OPT_IV);
    if (r == 0)
        r = get_tag_len(&c, o);
    if (r == 0) {
        (void)ctc_aes_key_set(&c.key, o->key.bytes, o->key.len);
        r = check_lengths(&c, o);
    }
    if (r == 0)
        r = c.id == CMD_CMAC ? cmd_cmac(&c, o) : run(&c, o);
    ctc_aes_key_wipe(&c.key);
    hexarg_free(&c.nonce);
    hexarg_free(&c.aad);
    hexarg_free(&c.iv);
    return r;
}
