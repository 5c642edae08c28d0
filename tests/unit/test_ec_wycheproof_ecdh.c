/*
 * test_ec_wycheproof_ecdh.c - Wycheproof ecdh_secp256r1_test.json (612
 * cases) and ecdh_secp384r1_test.json (1047), every case: the peer key is
 * a DER SubjectPublicKeyInfo, decoded with ctc_<curve>_spki_decode, then
 * ctc_ecdh_<curve> with the private key.
 *   valid       both succeed and the shared secret is the expected one;
 *   invalid     one of them fails;
 *   acceptable  either (the strict DER reader refuses the BER and
 *               explicit-parameter encodings); when accepted, the shared
 *               secret must be right. The counts are printed.
 * One loop for both curves (WP_ECDH below); the expected counts are the
 * files' own.
 */
#include "ec_test_util.h"
#include "vec_wp_ecdh_p256.h"
#include "vec_wp_ecdh_p384.h"

#define WP_ECDH(tab, BYTES, spki_decode, ecdh, n_all, n_valid, n_invalid, n_acc)  \
    do {                                                                           \
        size_t i, valid = 0, invalid = 0, acc_ok = 0, acc_rej = 0;                 \
        TR_EQ(tab##_count, n_all);                                                 \
        for (i = 0; i < tab##_count; i++) {                                        \
            const struct tab *t = &tab[i];                                         \
            uint8_t pub[1 + 2 * BYTES], d[BYTES], z[BYTES];                        \
            int r;                                                                 \
                                                                                   \
            TR_CHECK(et_int(d, BYTES, t->private, t->private_len));                \
            r = spki_decode(pub, t->public, t->public_len);                        \
            if (r == CTC_OK)                                                       \
                r = ecdh(z, d, pub, sizeof pub);                                   \
            if (t->result == 1) {                                                  \
                TR_EQ(r, CTC_OK);                                                  \
                TR_EQ(t->shared_len, BYTES);                                       \
                if (r == CTC_OK)                                                   \
                    TR_MEM(z, t->shared, BYTES);                                   \
                if (r != CTC_OK || tr_group_failures() != 0) {                     \
                    tr_puts("  tcId ");                                            \
                    tr_putu((uint64_t)t->tcId);                                    \
                    tr_puts("\n");                                                 \
                }                                                                  \
                valid++;                                                           \
            } else if (t->result == 0) {                                           \
                TR_CHECK(r != CTC_OK);                                             \
                invalid++;                                                         \
            } else if (r == CTC_OK) {                                              \
                TR_MEM(z, t->shared, BYTES);                                       \
                acc_ok++;                                                          \
            } else {                                                               \
                acc_rej++;                                                         \
            }                                                                      \
        }                                                                          \
        TR_EQ(valid, n_valid);                                                     \
        TR_EQ(invalid, n_invalid);                                                 \
        TR_EQ(acc_ok + acc_rej, n_acc);                                            \
        tr_puts("  acceptable cases: ");                                           \
        tr_putu(acc_ok);                                                           \
        tr_puts(" accepted (compressed points), ");                                \
        tr_putu(acc_rej);                                                          \
        tr_puts(" refused (BER or explicit parameters)\n");                        \
    } while (0)

int main(void)
{
    tr_init("test_ec_wycheproof_ecdh");
    tr_group("Wycheproof ECDH P-256 ecdh_secp256r1_test.json (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p256, 32, ctc_p256_spki_decode, ctc_ecdh_p256, 612, 330, 52, 230);
    tr_group_end();
    tr_group("Wycheproof ECDH P-384 ecdh_secp384r1_test.json (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p384, 48, ctc_p384_spki_decode, ctc_ecdh_p384, 1047, 771, 46, 230);
    tr_group_end();
    return tr_finish();
}
