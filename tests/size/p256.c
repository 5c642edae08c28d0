/*
 * p256.c - an image that uses P-256 key generation, ECDSA signing and
 * verification and ECDH, with HMAC-DRBG for the random input, for the
 * size report (tools/size_report.py): what a device that does a TLS
 * handshake with P-256 links.
 */
#include "ctcrypto/ec.h"
#include "ctcrypto/hash.h"
#include "runner.h"

static uint8_t priv[32], pub[65], sig[64], h[32], z[32], rnd[48];
static ctc_hmac_drbg_ctx drbg;

int main(void)
{
    int r = 0;

    r |= ctc_hmac_drbg_instantiate(&drbg, CTC_HASH_SHA256, rnd, sizeof rnd, NULL, 0, NULL, 0);
    r |= ctc_hmac_drbg_generate(&drbg, rnd, sizeof rnd, NULL, 0);
    r |= ctc_p256_keygen(priv, pub, rnd, sizeof rnd);
    r |= ctc_sha256(h, pub, sizeof pub);
    r |= ctc_ecdsa_p256_sign(sig, priv, h, sizeof h, NULL, 0);
    r |= ctc_ecdsa_p256_verify(pub, sizeof pub, h, sizeof h, sig, sizeof sig);
    r |= ctc_ecdh_p256(z, priv, pub, sizeof pub);
    tr_puts(r ? "1\n" : "0\n");
    return 0;
}
