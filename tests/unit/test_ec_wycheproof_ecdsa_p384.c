/*
 * test_ec_wycheproof_ecdsa_p384.c - Wycheproof
 * ecdsa_secp384r1_sha384_test.json, every case (504), through WP_ECDSA
 * (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdsa_p384.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdsa_p384");
    tr_group("Wycheproof ECDSA P-384 SHA-384 ecdsa_secp384r1_sha384_test.json (DER)");
    WP_ECDSA(vec_wp_ecdsa_p384, ctc_sha384, 48, ctc_ecdsa_p384_verify_der, 504, 194, 310);
    tr_group_end();
    return tr_finish();
}
