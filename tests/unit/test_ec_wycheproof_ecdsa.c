/*
 * test_ec_wycheproof_ecdsa.c - Wycheproof ecdsa_secp256r1_sha256_test.json
 * (484 cases) and ecdsa_secp384r1_sha384_test.json (504), every case: the
 * hash of msg, then ctc_ecdsa_<curve>_verify_der with the group's
 * uncompressed key. valid must verify, invalid must be refused (the files
 * have no acceptable case). Each refusal's error code is counted and
 * printed (encoding, range, signature). One loop for both curves
 * (WP_ECDSA below); the expected counts are the files' own.
 */
#include "ec_test_util.h"
#include "vec_wp_ecdsa_p256.h"
#include "vec_wp_ecdsa_p384.h"

#define WP_ECDSA(tab, hash, H_BYTES, verify_der, n_all, n_valid, n_invalid)       \
    do {                                                                           \
        size_t i, valid = 0, invalid = 0, enc = 0, range = 0, sig = 0;             \
        TR_EQ(tab##_count, n_all);                                                 \
        for (i = 0; i < tab##_count; i++) {                                        \
            const struct tab *t = &tab[i];                                         \
            uint8_t h[H_BYTES];                                                    \
            int r;                                                                 \
                                                                                   \
            TR_EQ(hash(h, t->msg, t->msg_len), CTC_OK);                            \
            r = verify_der(t->uncompressed, t->uncompressed_len, h, H_BYTES,       \
                           t->sig, t->sig_len);                                    \
            if (t->result == 1) {                                                  \
                TR_EQ(r, CTC_OK);                                                  \
                valid++;                                                           \
            } else {                                                               \
                TR_CHECK(r == CTC_ERR_ENCODING || r == CTC_ERR_RANGE               \
                         || r == CTC_ERR_SIGNATURE);                               \
                enc += r == CTC_ERR_ENCODING;                                      \
                range += r == CTC_ERR_RANGE;                                       \
                sig += r == CTC_ERR_SIGNATURE;                                     \
                invalid++;                                                         \
            }                                                                      \
            if ((t->result == 1) != (r == CTC_OK)) {                               \
                tr_puts("  tcId ");                                                \
                tr_putu((uint64_t)t->tcId);                                        \
                tr_puts("\n");                                                     \
            }                                                                      \
        }                                                                          \
        TR_EQ(valid, n_valid);                                                     \
        TR_EQ(invalid, n_invalid);                                                 \
        tr_puts("  invalid cases refused as: encoding ");                          \
        tr_putu(enc);                                                              \
        tr_puts(", range ");                                                       \
        tr_putu(range);                                                            \
        tr_puts(", signature ");                                                   \
        tr_putu(sig);                                                              \
        tr_puts("\n");                                                             \
    } while (0)

int main(void)
{
    tr_init("test_ec_wycheproof_ecdsa");
    tr_group("Wycheproof ECDSA P-256 SHA-256 ecdsa_secp256r1_sha256_test.json (DER)");
    WP_ECDSA(vec_wp_ecdsa_p256, ctc_sha256, 32, ctc_ecdsa_p256_verify_der, 484, 174, 310);
    tr_group_end();
    tr_group("Wycheproof ECDSA P-384 SHA-384 ecdsa_secp384r1_sha384_test.json (DER)");
    WP_ECDSA(vec_wp_ecdsa_p384, ctc_sha384, 48, ctc_ecdsa_p384_verify_der, 504, 194, 310);
    tr_group_end();
    return tr_finish();
}
