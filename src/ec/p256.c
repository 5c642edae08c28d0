/*
 * p256.c - NIST P-256 (secp256r1) as a curve of the generic layer (ec.h):
 * its constants (p256_const.h, generated), its fixed-base table
 * (p256_table.h, generated; the size is a build option) and the
 * public functions of ctcrypto/ec.h (ec_api.h).
 * The descriptor is static: armv7a-linux compilers build position-
 * independent code, and an object of another file would be reached
 * through the GOT, which the library does not link with; ec_p256()
 * hands it to the tests and benchmarks.
 */
#include "ec_api.h"
#include "ec_const.h"

#if CTC_EC_P256
#include "p256_const.h"
#if CTC_PROFILE_SMALL
#define P256_G_ODD NULL           /* verification by the ladder (ec_mul_vartime.c) */
#define P256_G_ODD_W 0
#else
#include "p256_odd.h"
#define P256_G_ODD p256_g_odd
#endif

/* the table's entry: x then y, 2 * P256_LIMBS limbs (ec_mul_base.c) */
typedef struct {
    ct_limb_t x[P256_LIMBS], y[P256_LIMBS];
} p256_affine;
typedef char p256_entry_is_2L_limbs[sizeof(p256_affine) == 2 * P256_LIMBS * sizeof(ct_limb_t) ? 1 : -1];

/* the fixed-base table the build asked for (ctcrypto/config.h): the rows
 * of P256_table.h for the build's window at multiples of the spacing S =
 * ceil(D / rows), D = EC_COMB_DIGITS(256) (64, 52 or 37 for windows of 4, 5
 * or 7 bits); a row count that S does not give back exactly is refused */
#define P256_COMB_DIGITS EC_COMB_DIGITS(256)
#define P256_TABLE_ROWS CTC_P256_TABLE_ROWS
#define P256_TABLE_SPACING ((P256_COMB_DIGITS + P256_TABLE_ROWS - 1) / P256_TABLE_ROWS)
#if P256_TABLE_ROWS < 1 || P256_TABLE_ROWS > P256_COMB_DIGITS || \
    (P256_COMB_DIGITS + P256_TABLE_SPACING - 1) / P256_TABLE_SPACING != P256_TABLE_ROWS
#error "CTC_P256_TABLE_ROWS must be 1..D and ceil(D / ceil(D / rows)) = rows (D: ec.h, EC_COMB_DIGITS)"
#endif
#if !EC_MUL_BASE_COMB
#define P256_TABLE NULL         /* k G is the ladder (ec_ladder.c) */
#else
#include "p256_table.h"
#define P256_TABLE ((const ct_limb_t *)(const void *)p256_table)
#endif

/* prime256v1: 1.2.840.10045.3.1.7 */
static const uint8_t p256_oid[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };

static const ec_curve p256 = {
    P256_LIMBS, 32, 256, 256 / EC_WIN + 1,
    { p256_p, p256_p_r2, P256_LIMBS, P256_P_NINV },
    { p256_n, p256_n_r2, P256_LIMBS, P256_N_NINV },
    p256_one, p256_b, p256_p_r3, p256_sqrt_exp, p256_g.x, p256_g.y,
    p256_n_bytes, p256_oid, sizeof p256_oid, CTC_HASH_SHA256,
    P256_TABLE, CTC_P256_TABLE_ROWS, P256_TABLE_SPACING, P256_COMB_DIGITS,
    CTC_P256_KEYGEN_MIN_RANDOM, CTC_P256_KEYGEN_MAX_RANDOM,
    EC_LEAVES_P256,
    P256_G_ODD, P256_G_ODD_W,
};

const ec_curve *ec_p256(void)
{
    return &p256;
}

EC_PUBLIC_API(p256, p256, sha256, 32, 32, 65, 33, 64)
#endif
