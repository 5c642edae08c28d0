/*
 * test_rsa_enc_wycheproof.c - Wycheproof RSA decryption, every case, every
 * target:
 *  - rsa_oaep_2048_sha256_mgf1sha256_test.json (37 cases): valid cases
 *    decrypt to msg (with their labels); every InvalidOaepPadding case is
 *    CTC_ERR_RSA_DECRYPT with the output zeroed, and the InvalidCiphertext
 *    cases are refused on their public form (CTC_ERR_LENGTH: not k bytes;
 *    CTC_ERR_RANGE: not below n).
 *  - rsa_pkcs1_2048_test.json (67 cases, 35 keys), with implicit rejection:
 *    the keys are given d (ctc_rsa_private_key_set_d), valid cases decrypt
 *    to msg, every InvalidPkcs1Padding case decrypts without an error to
 *    the synthetic message that the Python reference tools/gen_rsa_ir.py
 *    computes (vec_rsa_ir_wp.h), twice with different blinding values; the
 *    InvalidCiphertextFormat cases are refused on their public form.
 * The bare-metal images (freestanding: each private operation costs
 * emulated seconds on the smallest cores) run every case refused on its
 * public form and every fifth of the others, in file order; the hosted
 * programs run every case and check the file's counts.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ctcrypto/rsa.h"
#include "rsa_wycheproof.h"
#include "runner.h"
#include "vec_rsa_ir_wp.h"
#include "vec_wp_rsa_oaep_2048.h"
#include "vec_wp_rsa_pkcs1_dec_2048.h"

#if __STDC_HOSTED__
#define WP_ALL 1
#else
#define WP_ALL 0
#endif

/* whether the i-th case that needs a private operation is run here */
#define WP_RUN(i) (WP_ALL || (i) % 5 == 0)

static ctc_rsa_private_key key;
static uint8_t out[CTC_RSA_MAX_BYTES];

static int rng(void *ctx, uint8_t *dst, size_t len)
{
    (void)ctx;
    tr_rand_bytes(dst, len);
    return 0;
}

#define IMPORT(t)                                                                  \
    ctc_rsa_private_key_import(&key, (t)->modulus, (t)->modulus_len,               \
                               (t)->publicExponent, (t)->publicExponent_len,       \
                               (t)->prime1, (t)->prime1_len, (t)->prime2,          \
                               (t)->prime2_len, (t)->exponent1, (t)->exponent1_len, \
                               (t)->exponent2, (t)->exponent2_len,                 \
                               (t)->coefficient, (t)->coefficient_len)

static int flag(const char *flags, const char *f)
{
    size_t n = strlen(f), i, j;

    for (i = 0; flags[i] != 0; i++) {
        if (i > 0 && flags[i - 1] != ',')
            continue;
        for (j = 0; j < n && flags[i + j] == f[j]; j++)
            ;
        if (j == n && (flags[i + n] == 0 || flags[i + n] == ','))
            return 1;
    }
    return 0;
}

static void test_oaep(void)
{
    size_t i, valid = 0, padding = 0, length = 0, range = 0, other = 0, len, nth = 0;

    tr_group("Wycheproof RSAES-OAEP 2048 SHA-256 MGF1-SHA-256 rsa_oaep_2048_sha256_mgf1sha256_test.json");
    TR_EQ(vec_wp_rsa_oaep_2048_count, 37);
    TR_EQ(IMPORT(&vec_wp_rsa_oaep_2048[0]), CTC_OK);
    for (i = 0; i < vec_wp_rsa_oaep_2048_count; i++) {
        const struct vec_wp_rsa_oaep_2048 *t = &vec_wp_rsa_oaep_2048[i];
        int r;

        TR_CHECK(rsa_wp_streq(t->sha, "SHA-256") && rsa_wp_streq(t->mgfSha, "SHA-256"));
        if (!flag(t->flags, "InvalidCiphertext") && !WP_RUN(nth++))
            continue;
        memset(out, 0x55, sizeof out);
        len = 12345;
        r = ctc_rsa_oaep_decrypt(out, sizeof out, &len, &key, CTC_HASH_SHA256, CTC_HASH_SHA256,
                                 t->label, t->label_len, t->ct, t->ct_len, rng, NULL);
        if (t->result == 1) {
            TR_EQ(r, CTC_OK);
            if (r != CTC_OK)
                rsa_wp_fail(t->tcId, r);
            TR_EQ(len, t->msg_len);
            TR_MEM(out, t->msg, t->msg_len);
            valid++;
        } else if (flag(t->flags, "InvalidOaepPadding")) {
            TR_EQ(r, CTC_ERR_RSA_DECRYPT);
            if (r != CTC_ERR_RSA_DECRYPT)
                rsa_wp_fail(t->tcId, r);
            TR_EQ(len, 0);
            TR_CHECK(out[0] == 0 && out[100] == 0 && out[CTC_RSA_OAEP_MAX_MSG(256, 32) - 1] == 0);
            padding++;
        } else if (r == CTC_ERR_LENGTH) {
            length++;
        } else if (r == CTC_ERR_RANGE) {
            range++;
        } else {
            rsa_wp_fail(t->tcId, r);
            other++;
        }
    }
    TR_EQ(valid, WP_ALL ? 18 : 5);
    TR_EQ(padding, WP_ALL ? 13 : 2);
    TR_EQ(length, 5);
    TR_EQ(range, 1);
    TR_EQ(other, 0);
    tr_puts("  decrypted: ");
    tr_putu(valid);
    tr_puts("; refused: ");
    tr_putu(padding);
    tr_puts(" CTC_ERR_RSA_DECRYPT, ");
    tr_putu(length);
    tr_puts(" CTC_ERR_LENGTH, ");
    tr_putu(range);
    tr_puts(" CTC_ERR_RANGE\n");
    tr_group_end();
}

static const struct vec_rsa_ir_wp *ir_row(int64_t tc)
{
    size_t i;

    for (i = 0; i < vec_rsa_ir_wp_count; i++)
        if (vec_rsa_ir_wp[i].tcId == tc)
            return &vec_rsa_ir_wp[i];
    return NULL;
}

static void test_pkcs1(void)
{
    const uint8_t *last_n = NULL;
    size_t i, valid = 0, synthetic = 0, length = 0, range = 0, other = 0, keys = 0, len,
           nth = 0;

    tr_group("Wycheproof RSAES-PKCS1-v1_5 2048 rsa_pkcs1_2048_test.json, implicit rejection");
    TR_EQ(vec_wp_rsa_pkcs1_dec_2048_count, 67);
    for (i = 0; i < vec_wp_rsa_pkcs1_dec_2048_count; i++) {
        const struct vec_wp_rsa_pkcs1_dec_2048 *t = &vec_wp_rsa_pkcs1_dec_2048[i];
        const struct vec_rsa_ir_wp *w = ir_row(t->tcId);
        int r;

        if (w != NULL && !WP_RUN(nth++))
            continue;
        if (t->modulus != last_n) {
            TR_EQ(IMPORT(t), CTC_OK);
            TR_EQ(ctc_rsa_private_key_set_d(&key, t->privateExponent, t->privateExponent_len),
                  CTC_OK);
            last_n = t->modulus;
            keys++;
        }
        len = 12345;
        r = ctc_rsa_pkcs1_decrypt(out, sizeof out, &len, &key, t->ct, t->ct_len, rng, NULL);
        if (w != NULL) {
            /* decrypts: to msg (valid) or to the reference's synthetic message */
            TR_EQ(r, CTC_OK);
            if (r != CTC_OK)
                rsa_wp_fail(t->tcId, r);
            TR_EQ(len, w->out_len);
            TR_MEM(out, w->out, w->out_len);
            if (t->result == 1) {
                TR_EQ(w->synthetic, 0);
                TR_EQ(len, t->msg_len);
                TR_MEM(out, t->msg, t->msg_len);
                valid++;
            } else {
                TR_EQ(w->synthetic, 1);
                TR_CHECK(flag(t->flags, "InvalidPkcs1Padding"));
                synthetic++;
                /* the same answer with another blinding value (hosted) */
                memset(out, 0, sizeof out);
                if (!WP_ALL)
                    continue;
                TR_EQ(ctc_rsa_pkcs1_decrypt(out, sizeof out, &len, &key, t->ct, t->ct_len,
                                            rng, NULL), CTC_OK);
                TR_EQ(len, w->out_len);
                TR_MEM(out, w->out, w->out_len);
            }
        } else if (r == CTC_ERR_LENGTH) {
            TR_CHECK(flag(t->flags, "InvalidCiphertextFormat"));
            length++;
        } else if (r == CTC_ERR_RANGE) {
            TR_CHECK(flag(t->flags, "InvalidCiphertextFormat"));
            range++;
        } else {
            rsa_wp_fail(t->tcId, r);
            other++;
        }
    }
    TR_EQ(keys, WP_ALL ? 33 : 8);
    TR_EQ(valid, WP_ALL ? 42 : 10);
    TR_EQ(synthetic, WP_ALL ? 19 : 3);
    TR_EQ(length, 5);
    TR_EQ(range, 1);
    TR_EQ(other, 0);
    tr_puts("  decrypted: ");
    tr_putu(valid);
    tr_puts(", synthetic messages (InvalidPkcs1Padding): ");
    tr_putu(synthetic);
    tr_puts("; refused: ");
    tr_putu(length);
    tr_puts(" CTC_ERR_LENGTH, ");
    tr_putu(range);
    tr_puts(" CTC_ERR_RANGE\n");
    tr_group_end();
}

int main(void)
{
    tr_init("test_rsa_enc_wycheproof");
    test_oaep();
    test_pkcs1();
    ctc_rsa_private_key_wipe(&key);
    return tr_finish();
}
