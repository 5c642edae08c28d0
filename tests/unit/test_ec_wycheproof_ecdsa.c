/*
 * test_ec_wycheproof_ecdsa.c - Wycheproof ecdsa_secp256r1_sha256_test.json,
 * every case (484), through WP_ECDSA (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdsa_p256.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdsa");
    tr_group("Wycheproof ECDSA P-256 SHA-256 ecdsa_secp256r1_sha256_test.json (DER)");
    WP_ECDSA(vec_wp_ecdsa_p256, ctc_sha256, 32, ctc_ecdsa_p256_verify_der, 484, 174, 310);
    tr_group_end();
    return tr_finish();
}
