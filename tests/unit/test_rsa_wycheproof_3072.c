/*
 * test_rsa_wycheproof_3072.c - Wycheproof rsa_signature_3072_sha256_test.json,
 * every case, through WP_RSA_PKCS1 (rsa_wycheproof.h).
 */
#include "rsa_wycheproof.h"
#include "vec_wp_rsa_pkcs1_3072.h"


int main(void)
{
    tr_init("test_rsa_wycheproof_3072");
    tr_group("Wycheproof RSASSA-PKCS1-v1_5 3072 SHA-256 rsa_signature_3072_sha256_test.json");
    WP_RSA_PKCS1(vec_wp_rsa_pkcs1_3072, 259, 8, 250, 1);
    tr_group_end();

    return tr_finish();
}
