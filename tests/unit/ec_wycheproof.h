/*
 * ec_wycheproof.h - the loops of the Wycheproof ECDH and ECDSA tests, one
 * for every curve and table (the tables are split where a bare-metal image
 * could not hold one whole):
 *   WP_ECDH(table, BYTES, spki_decode, ecdh, all, valid, invalid, acceptable)
 *     the peer key is a DER SubjectPublicKeyInfo, decoded with
 *     spki_decode, then ecdh with the private key. valid: both succeed
 *     and the shared secret is the expected one; invalid: one of them
 *     fails; acceptable: either (the strict DER reader refuses the BER and
 *     explicit-parameter encodings), and when accepted the shared secret
 *     must be right. The counts are printed.
 *   WP_ECDSA(table, hash, H_BYTES, verify_der, all, valid, invalid)
 *     the hash of msg, then verify_der with the group's uncompressed key.
 *     valid must verify, invalid must be refused (the files have no
 *     acceptable case). Each refusal's error code is counted and printed.
 * The expected counts are the files' own.
 */
#ifndef EC_WYCHEPROOF_H
#define EC_WYCHEPROOF_H

#include "ec_test_util.h"

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

#endif
