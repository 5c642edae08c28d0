/*
 * test_ec_wycheproof_p1363.c - Wycheproof
 * ecdsa_secp256r1_sha256_p1363_test.json, every case (262): SHA-256 of
 * msg, then ctc_ecdsa_p256_verify with the raw r || s and its length.
 * valid must verify, invalid must be refused: a signature of another
 * length than 64 bytes with CTC_ERR_LENGTH (counted), the others with
 * CTC_ERR_RANGE or CTC_ERR_SIGNATURE.
 */
#include "ec_test_util.h"
#include "vec_wp_ecdsa_p256_p1363.h"

int main(void)
{
    size_t i, valid = 0, invalid = 0, bylen = 0;

    tr_init("test_ec_wycheproof_p1363");
    tr_group("Wycheproof ECDSA P-256 SHA-256 ecdsa_secp256r1_sha256_p1363_test.json (r || s)");
    TR_EQ(vec_wp_ecdsa_p256_p1363_count, 262);
    for (i = 0; i < vec_wp_ecdsa_p256_p1363_count; i++) {
        const struct vec_wp_ecdsa_p256_p1363 *t = &vec_wp_ecdsa_p256_p1363[i];
        uint8_t h[32];
        int r;

        TR_EQ(ctc_sha256(h, t->msg, t->msg_len), CTC_OK);
        r = ctc_ecdsa_p256_verify(t->uncompressed, t->uncompressed_len, h, 32, t->sig,
                                  t->sig_len);
        if (t->result == 1) {
            TR_EQ(r, CTC_OK);
            valid++;
        } else if (t->sig_len != 64) {
            TR_EQ(r, CTC_ERR_LENGTH);
            bylen++;
            invalid++;
        } else {
            TR_CHECK(r == CTC_ERR_RANGE || r == CTC_ERR_SIGNATURE);
            invalid++;
        }
        if ((t->result == 1) != (r == CTC_OK)) {
            tr_puts("  tcId ");
            tr_putu((uint64_t)t->tcId);
            tr_puts("\n");
        }
    }
    TR_EQ(valid, 173);
    TR_EQ(invalid, 89);
    tr_puts("  signatures of another length than 64 bytes: ");
    tr_putu(bylen);
    tr_puts("\n");
    tr_group_end();
    return tr_finish();
}
