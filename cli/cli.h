/*
 * cli.h - what the files of the command-line tool ctc share (the .c files of cli/).
 *
 * The tool is a hosted program (stdio, malloc); the library it links is
 * not. Conventions of every function here: an error is reported by
 * printing one line "ctc: ..." on standard error and returning the exit
 * status to use (EXIT_BAD or EXIT_USAGE, or the caller's choice where a
 * `bad` argument is taken); 0 is success. Buffers that held private keys
 * are wiped (ct_zeroize) before they are freed or go out of scope.
 */
#ifndef CLI_CLI_H
#define CLI_CLI_H

#include <stddef.h>
#include <stdint.h>

#define EXIT_BAD 1
#define EXIT_USAGE 2

/* one line "ctc: a b c" on standard error (b, c may be NULL) */
void fail(const char *a, const char *b, const char *c);
/* one line "ctc: a b (see 'ctc --help')"; returns EXIT_USAGE */
int usage_error(const char *a, const char *b);
void print_hex(const uint8_t *p, size_t n);

struct hexarg {
    const char *text;      /* NULL if not given */
    uint8_t *bytes;        /* malloc'd by decode_hex */
    size_t len;
};

/* Decodes a->text (upper or lower case, even number of digits); on error
 * prints one line naming the option and returns `bad`. */
int decode_hex_as(struct hexarg *a, const char *opt, int bad);
/* wipes and frees a->bytes */
void hexarg_free(struct hexarg *a);

/* ---- options (parsed by ctc.c for every command) ------------------------------ */

enum opt_id {
    OPT_ALG, OPT_KEY, OPT_IKM, OPT_SALT, OPT_INFO, OPT_PRK, OPT_LENGTH, OPT_EXTRACT,
    OPT_CURVE, OPT_HASH, OPT_PRIV, OPT_PRIV_FILE, OPT_PUB, OPT_PUB_FILE, OPT_PEER,
    OPT_PEER_FILE, OPT_MSG, OPT_IN, OPT_SIG, OPT_SIG_FILE, OPT_SIG_OUT, OPT_OUT,
    OPT_FORMAT, OPT_TYPE, OPT_P1363, OPT_COMPRESSED, OPT_SCHEME, OPT_BITS,
    OPT_SALT_LEN, OPT_ENCRYPT, OPT_DECRYPT, OPT_NONCE, OPT_AAD, OPT_IV, OPT_TAG_LEN,
    OPT_COUNT
};
/* a set of options (more than 32 of them: unsigned long long) */
#define OPT_BIT(id) (1ull << (id))

struct opts {
    const char *val[OPT_COUNT];   /* the value given ("" for a flag), or NULL */
    int alg;                      /* -a (hash, hmac, hkdf) */
    struct hexarg key, ikm, salt, info, prk;
    long length;                  /* -l, -1 if not given */
    int extract;
    int nfiles;
    char **files;
};

/* "--curve" (the long name of an option) */
const char *opt_name(int id);
/* CTC_HASH_* for "sha256" (also "sha-256"), or 0 */
int parse_alg(const char *s);

/* cli/ec.c: whether cmd is one of its commands, and running it */
int ec_is_command(const char *cmd);
int ec_command(const char *cmd, struct opts *o);
/* cli/rsa.c: the same for the RSA commands */
int rsa_is_command(const char *cmd);
int rsa_command(const char *cmd, struct opts *o);
/* cli/aes.c: the same for the AES commands */
int aes_is_command(const char *cmd);
int aes_command(const char *cmd, struct opts *o);

/*
 * *out = the contents of the file `path` ("-": standard input), malloc'd,
 * at most max bytes (larger files are refused). Returns 0 or `bad` after
 * printing one line. The caller wipes and frees *out (read_free).
 */
int read_file(uint8_t **out, size_t *len, const char *path, size_t max, int bad);
void read_free(uint8_t *p, size_t len);

/*
 * Writes p[0..n) to the file `path` ("-" or NULL: standard output). With
 * `secret`, the file gets mode 0600 (also when it exists). Returns 0 or
 * EXIT_BAD.
 */
int write_file(const char *path, const uint8_t *p, size_t n, int secret);

/*
 * read(2) of n bytes from fd into buf, fewer only at the end of the input:
 * *got says how many. write_all: write(2) of all of p[0..n). Both retry
 * after EINTR and return 0 or -1 (errno set); neither prints.
 */
int read_full(int fd, uint8_t *buf, size_t n, size_t *got);
int write_all(int fd, const uint8_t *p, size_t n);

#endif /* CLI_CLI_H */
