/*
 * test_ec_wycheproof_ecdsa.c - Wycheproof ecdsa_secp256r1_sha256_test.json,
 * every case (484): SHA-256 of msg, then ctc_ecdsa_p256_verify_der with the
 * group's uncompressed key. valid must verify, invalid must be refused
 * (the file has no acceptable case). Each refusal's error code is counted
 * and printed (encoding, range, signature).
 */
#include "ec_test_util.h"
#include "vec_wp_ecdsa_p256.h"

int main(void)
{
    size_t i, valid = 0, invalid = 0, enc = 0, range = 0, sig = 0;

    tr_init("test_ec_wycheproof_ecdsa");
    tr_group("Wycheproof ECDSA P-256 SHA-256 ecdsa_secp256r1_sha256_test.json (DER)");
    TR_EQ(vec_wp_ecdsa_p256_count, 484);
    for (i = 0; i < vec_wp_ecdsa_p256_count; i++) {
        const struct vec_wp_ecdsa_p256 *t = &vec_wp_ecdsa_p256[i];
        uint8_t h[32];
        int r;

        TR_EQ(ctc_sha256(h, t->msg, t->msg_len), CTC_OK);
        r = ctc_ecdsa_p256_verify_der(t->uncompressed, t->uncompressed_len, h, 32,
                                      t->sig, t->sig_len);
        if (t->result == 1) {
            TR_EQ(r, CTC_OK);
            valid++;
        } else {
            TR_CHECK(r == CTC_ERR_ENCODING || r == CTC_ERR_RANGE || r == CTC_ERR_SIGNATURE);
            enc += r == CTC_ERR_ENCODING;
            range += r == CTC_ERR_RANGE;
            sig += r == CTC_ERR_SIGNATURE;
            invalid++;
        }
        if ((t->result == 1) != (r == CTC_OK)) {
            tr_puts("  tcId ");
            tr_putu((uint64_t)t->tcId);
            tr_puts("\n");
        }
    }
    TR_EQ(valid, 174);
    TR_EQ(invalid, 310);
    tr_puts("  invalid cases refused as: encoding ");
    tr_putu(enc);
    tr_puts(", range ");
    tr_putu(range);
    tr_puts(", signature ");
    tr_putu(sig);
    tr_puts("\n");
    tr_group_end();
    return tr_finish();
}
