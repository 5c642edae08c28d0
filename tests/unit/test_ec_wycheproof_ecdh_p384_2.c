/*
 * test_ec_wycheproof_ecdh_p384_2.c - Wycheproof ecdh_secp384r1_test.json,
 * cases 350..699 of 1047 (the file in three parts, so that each image fits a
 * Cortex-M0's 256 KiB of flash), through WP_ECDH (ec_wycheproof.h).
 */
#include "ec_wycheproof.h"
#include "vec_wp_ecdh_p384_2.h"

int main(void)
{
    tr_init("test_ec_wycheproof_ecdh_p384_2");
    tr_group("Wycheproof ECDH P-384 ecdh_secp384r1_test.json part 2 (SPKI peer keys)");
    WP_ECDH(vec_wp_ecdh_p384_2, 48, ctc_p384_spki_decode, ctc_ecdh_p384, 350, 350, 0, 0);
    tr_group_end();
    return tr_finish();
}
