/*
 * rsa_wycheproof.h - the loops of the Wycheproof RSA signature tests, one
 * for every table (each file is its own image, so that a bare-metal image
 * holds one whole):
 *   WP_RSA_PKCS1(table, all, valid, invalid, acceptable)
 *     import of the group's (n, e), SHA-256 of msg, ctc_rsa_pkcs1_verify.
 *     valid must verify, invalid must be refused. The acceptable cases
 *     (a DigestInfo without the NULL parameters) are refused too: the
 *     encoding is compared whole with the one DER form.
 *   WP_RSA_PSS(table, all, valid, invalid, other_salt)
 *     the same with ctc_rsa_pss_verify, the group's MGF1 hash and salt
 *     length, and once more with CTC_RSA_PSS_SALT_ANY, which must give
 *     the same answer, except on the invalid cases whose only fault is
 *     their salt length (comment "s_len changed to ..."): those verify
 *     with any salt length, and their count is other_salt.
 * Each refusal's error code is counted and printed; the expected counts
 * are the files' own.
 */
#ifndef RSA_WYCHEPROOF_H
#define RSA_WYCHEPROOF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/hash.h"
#include "ctcrypto/rsa.h"
#include "runner.h"

/* a starts with b; a == b (text: the bare-metal images have no strcmp) */
static inline int rsa_wp_prefix(const char *a, const char *b)
{
    size_t n = strlen(b);

    return strlen(a) >= n && memcmp(a, b, n) == 0;
}

static inline int rsa_wp_streq(const char *a, const char *b)
{
    return strlen(a) == strlen(b) && rsa_wp_prefix(a, b);
}

/* refusal codes seen, printed at the end of a table */
struct rsa_wp_codes {
    size_t length, range, sig, other;
};

static inline void rsa_wp_count(struct rsa_wp_codes *c, int r)
{
    if (r == CTC_ERR_LENGTH)
        c->length++;
    else if (r == CTC_ERR_RANGE)
        c->range++;
    else if (r == CTC_ERR_SIGNATURE)
        c->sig++;
    else
        c->other++;
}

static inline void rsa_wp_print(const struct rsa_wp_codes *c)
{
    tr_puts("  refused: ");
    tr_putu(c->sig);
    tr_puts(" CTC_ERR_SIGNATURE, ");
    tr_putu(c->length);
    tr_puts(" CTC_ERR_LENGTH, ");
    tr_putu(c->range);
    tr_puts(" CTC_ERR_RANGE, ");
    tr_putu(c->other);
    tr_puts(" other\n");
}

static inline void rsa_wp_fail(int64_t tc, int r)
{
    tr_puts("  tcId ");
    tr_putu((uint64_t)tc);
    tr_puts(" returned ");
    if (r < 0) {
        tr_puts("-");
        tr_putu((uint64_t)-r);
    } else {
        tr_putu((uint64_t)r);
    }
    tr_puts("\n");
}

/* the table's key, imported again only when the group changes */
#define RSA_WP_KEY(key, t, last_n)                                                \
    do {                                                                          \
        if ((t)->modulus != last_n) {                                             \
            TR_EQ(ctc_rsa_public_key_import(&key, (t)->modulus, (t)->modulus_len, \
                                            (t)->publicExponent,                  \
                                            (t)->publicExponent_len), CTC_OK);    \
            last_n = (t)->modulus;                                                \
        }                                                                         \
    } while (0)

#define WP_RSA_PKCS1(tab, n_all, n_valid, n_invalid, n_acc)                       \
    do {                                                                          \
        static ctc_rsa_public_key key;                                            \
        const uint8_t *last_n = NULL;                                             \
        size_t i, valid = 0, invalid = 0, acc = 0;                                \
        struct rsa_wp_codes codes = { 0, 0, 0, 0 };                               \
        TR_EQ(tab##_count, n_all);                                                \
        for (i = 0; i < tab##_count; i++) {                                       \
            const struct tab *t = &tab[i];                                        \
            uint8_t h[32];                                                        \
            int r;                                                                \
                                                                                  \
            TR_CHECK(rsa_wp_streq(t->sha, "SHA-256"));                             \
            RSA_WP_KEY(key, t, last_n);                                           \
            TR_EQ(ctc_sha256(h, t->msg, t->msg_len), CTC_OK);                     \
            r = ctc_rsa_pkcs1_verify(&key, CTC_HASH_SHA256, h, 32, t->sig,        \
                                     t->sig_len);                                 \
            if (t->result == 1) {                                                 \
                TR_EQ(r, CTC_OK);                                                 \
                if (r != CTC_OK)                                                  \
                    rsa_wp_fail(t->tcId, r);                                      \
                valid++;                                                          \
            } else {                                                              \
                TR_CHECK(r != CTC_OK);                                            \
                if (r == CTC_OK)                                                  \
                    rsa_wp_fail(t->tcId, r);                                      \
                rsa_wp_count(&codes, r);                                          \
                if (t->result == 0)                                               \
                    invalid++;                                                    \
                else                                                              \
                    acc++;                                                        \
            }                                                                     \
        }                                                                         \
        TR_EQ(valid, n_valid);                                                    \
        TR_EQ(invalid, n_invalid);                                                \
        TR_EQ(acc, n_acc);                                                        \
        TR_EQ(codes.other, 0);                                                    \
        rsa_wp_print(&codes);                                                     \
    } while (0)

#define WP_RSA_PSS(tab, n_all, n_valid, n_invalid, n_other_salt)                 \
    do {                                                                          \
        static ctc_rsa_public_key key;                                            \
        const uint8_t *last_n = NULL;                                             \
        size_t i, valid = 0, invalid = 0, other_salt = 0;                         \
        struct rsa_wp_codes codes = { 0, 0, 0, 0 };                               \
        TR_EQ(tab##_count, n_all);                                                \
        for (i = 0; i < tab##_count; i++) {                                       \
            const struct tab *t = &tab[i];                                        \
            uint8_t h[32];                                                        \
            int r, r_any;                                                         \
                                                                                  \
            TR_CHECK(rsa_wp_streq(t->sha, "SHA-256"));                             \
            TR_CHECK(rsa_wp_streq(t->mgfSha, "SHA-256"));                          \
            RSA_WP_KEY(key, t, last_n);                                           \
            TR_EQ(ctc_sha256(h, t->msg, t->msg_len), CTC_OK);                     \
            r = ctc_rsa_pss_verify(&key, CTC_HASH_SHA256, CTC_HASH_SHA256,        \
                                   (size_t)t->sLen, h, 32, t->sig, t->sig_len);   \
            r_any = ctc_rsa_pss_verify(&key, CTC_HASH_SHA256, CTC_HASH_SHA256,    \
                                       CTC_RSA_PSS_SALT_ANY, h, 32, t->sig,       \
                                       t->sig_len);                               \
            if (t->result == 0 && r_any == CTC_OK &&                              \
                rsa_wp_prefix(t->comment, "s_len changed to "))                \
                other_salt++;                                                     \
            else                                                                  \
                TR_EQ(r_any, r);                                                  \
            if (t->result == 1) {                                                 \
                TR_EQ(r, CTC_OK);                                                 \
                if (r != CTC_OK)                                                  \
                    rsa_wp_fail(t->tcId, r);                                      \
                valid++;                                                          \
            } else {                                                              \
                TR_CHECK(r != CTC_OK);                                            \
                if (r == CTC_OK)                                                  \
                    rsa_wp_fail(t->tcId, r);                                      \
                rsa_wp_count(&codes, r);                                          \
                invalid++;                                                        \
            }                                                                     \
        }                                                                         \
        TR_EQ(valid, n_valid);                                                    \
        TR_EQ(invalid, n_invalid);                                                \
        TR_EQ(other_salt, n_other_salt);                                          \
        TR_EQ(codes.other, 0);                                                    \
        rsa_wp_print(&codes);                                                     \
        tr_puts("  valid with CTC_RSA_PSS_SALT_ANY (another salt length): ");     \
        tr_putu(other_salt);                                                      \
        tr_puts("\n");                                                            \
    } while (0)

#endif /* RSA_WYCHEPROOF_H */
