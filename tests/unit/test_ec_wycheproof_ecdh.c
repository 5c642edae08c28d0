/*
 * test_ec_wycheproof_ecdh.c - Wycheproof ecdh_secp256r1_test.json, every
 * case (612), through WP_ECDH (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdh_p256.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdh");
    tr_group("Wycheproof ECDH P-256 ecdh_secp256r1_test.json (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p256, 32, ctc_p256_spki_decode, ctc_ecdh_p256, 612, 330, 52, 230);
    tr_group_end();
    return tr_finish();
}
