/*
 * test_ec_wycheproof_ecdh_p384_3.c - Wycheproof ecdh_secp384r1_test.json,
 * cases 700..1046 of 1047 (the file in three parts, so that each image fits a
 * Cortex-M0's 256 KiB of flash), through WP_ECDH (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdh_p384_3.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdh_p384_3");
    tr_group("Wycheproof ECDH P-384 ecdh_secp384r1_test.json part 3 (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p384_3, 48, ctc_p384_spki_decode, ctc_ecdh_p384, 347, 72, 46, 229);
    tr_group_end();
    return tr_finish();
}
