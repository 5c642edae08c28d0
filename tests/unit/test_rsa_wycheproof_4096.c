/*
 * test_rsa_wycheproof_4096.c - Wycheproof rsa_signature_4096_sha256_test.json,
 * every case, through WP_RSA_PKCS1 (rsa_wycheproof.h).
 */
#include "rsa_wycheproof.h"
#include "vec_wp_rsa_pkcs1_4096.h"


int main(void)
{
    tr_init("test_rsa_wycheproof_4096");
    tr_group("Wycheproof RSASSA-PKCS1-v1_5 4096 SHA-256 rsa_signature_4096_sha256_test.json");
    WP_RSA_PKCS1(vec_wp_rsa_pkcs1_4096, 258, 7, 250, 1);
    tr_group_end();

    return tr_finish();
}
