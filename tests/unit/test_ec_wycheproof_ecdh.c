/*
 * test_ec_wycheproof_ecdh.c - Wycheproof ecdh_secp256r1_test.json, every
 * case (612): the peer key is a DER SubjectPublicKeyInfo, decoded with
 * ctc_p256_spki_decode, then ctc_ecdh_p256 with the private key.
 *   valid       both succeed and the shared secret is the expected one;
 *   invalid     one of them fails;
 *   acceptable  either (the strict DER reader refuses the BER and
 *               explicit-parameter encodings); when accepted, the shared
 *               secret must be right. The counts are printed.
 */
#include "ec_test_util.h"
#include "vec_wp_ecdh_p256.h"

int main(void)
{
    size_t i, valid = 0, invalid = 0, acc_ok = 0, acc_rej = 0;

    tr_init("test_ec_wycheproof_ecdh");
    tr_group("Wycheproof ECDH P-256 ecdh_secp256r1_test.json (SPKI peer keys)");
    TR_EQ(vec_wp_ecdh_p256_count, 612);
    for (i = 0; i < vec_wp_ecdh_p256_count; i++) {
        const struct vec_wp_ecdh_p256 *t = &vec_wp_ecdh_p256[i];
        uint8_t pub[65], d[32], z[32];
        int r;

        TR_CHECK(et_int32(d, t->private, t->private_len));
        r = ctc_p256_spki_decode(pub, t->public, t->public_len);
        if (r == CTC_OK)
            r = ctc_ecdh_p256(z, d, pub, 65);
        if (t->result == 1) {
            TR_EQ(r, CTC_OK);
            TR_EQ(t->shared_len, 32);
            if (r == CTC_OK)
                TR_MEM(z, t->shared, 32);
            if (r != CTC_OK || tr_group_failures() != 0) {
                tr_puts("  tcId ");
                tr_putu((uint64_t)t->tcId);
                tr_puts("\n");
            }
            valid++;
        } else if (t->result == 0) {
            TR_CHECK(r != CTC_OK);
            invalid++;
        } else if (r == CTC_OK) {
            TR_MEM(z, t->shared, 32);
            acc_ok++;
        } else {
            acc_rej++;
        }
    }
    TR_EQ(valid, 330);
    TR_EQ(invalid, 52);
    TR_EQ(acc_ok + acc_rej, 230);
    tr_puts("  acceptable cases: ");
    tr_putu(acc_ok);
    tr_puts(" accepted (compressed points), ");
    tr_putu(acc_rej);
    tr_puts(" refused (BER or explicit parameters)\n");
    tr_group_end();
    return tr_finish();
}
