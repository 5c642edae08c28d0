/*
 * p384.c - NIST P-384 (secp384r1) as a curve of the generic layer (ec.h):
 * its constants (p384_const.h, generated) and the public functions of
 * ctcrypto/ec.h (ec_api.h). No fixed-base table yet: k G is the
 * variable-base ladder with G. The descriptor is static for the reason
 * p256.c gives; ec_p384() hands it to the tests and benchmarks.
 */
#include "ec_api.h"
#include "ec_const.h"

#if CTC_EC_P384
#include "p384_const.h"
#include "p384_odd.h"

/* secp384r1: 1.3.132.0.34 */
static const uint8_t p384_oid[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };

static const ec_curve p384 = {
    P384_LIMBS, 48, 384, 384 / EC_WIN + 1,
    { p384_p, p384_p_r2, P384_LIMBS, P384_P_NINV },
    { p384_n, p384_n_r2, P384_LIMBS, P384_N_NINV },
    p384_one, p384_b, p384_p_r3, p384_sqrt_exp, p384_n_minus_1, p384_gx, p384_gy,
    p384_n_bytes, p384_oid, sizeof p384_oid, CTC_HASH_SHA384,
    NULL, 0,
    CTC_P384_KEYGEN_MIN_RANDOM, CTC_P384_KEYGEN_MAX_RANDOM,
    EC_LEAVES_GENERIC,
    p384_g_odd, P384_G_ODD_W,
};

const ec_curve *ec_p384(void)
{
    return &p384;
}

EC_PUBLIC_API(p384, p384, sha384, 48, 48, 97, 49, 96)
#endif
