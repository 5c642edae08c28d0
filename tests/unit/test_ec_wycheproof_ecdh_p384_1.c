/*
 * test_ec_wycheproof_ecdh_p384_1.c - Wycheproof ecdh_secp384r1_test.json,
 * cases 0..349 of 1047 (the file in three parts, so that each image fits a
 * Cortex-M0's 256 KiB of flash), through WP_ECDH (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdh_p384_1.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdh_p384_1");
    tr_group("Wycheproof ECDH P-384 ecdh_secp384r1_test.json part 1 (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p384_1, 48, ctc_p384_spki_decode, ctc_ecdh_p384, 350, 349, 0, 1);
    tr_group_end();
    return tr_finish();
}
