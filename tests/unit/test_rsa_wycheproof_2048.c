/*
 * test_rsa_wycheproof_2048.c - Wycheproof rsa_signature_2048_sha256_test.json,
 * every case, through WP_RSA_PKCS1 (rsa_wycheproof.h),
 * and rsa_pss_2048_sha256_mgf1_32_test.json, every case (108), through
 * WP_RSA_PSS.
 */
#include "rsa_wycheproof.h"
#include "vec_wp_rsa_pkcs1_2048.h"
#include "vec_wp_rsa_pss_2048.h"

int main(void)
{
    tr_init("test_rsa_wycheproof_2048");
    tr_group("Wycheproof RSASSA-PKCS1-v1_5 2048 SHA-256 rsa_signature_2048_sha256_test.json");
    WP_RSA_PKCS1(vec_wp_rsa_pkcs1_2048, 259, 9, 249, 1);
    tr_group_end();
    tr_group("Wycheproof RSASSA-PSS 2048 SHA-256 MGF1-SHA-256 salt 32 rsa_pss_2048_sha256_mgf1_32_test.json");
    WP_RSA_PSS(vec_wp_rsa_pss_2048, 108, 63, 45, 6);
    tr_group_end();
    return tr_finish();
}
