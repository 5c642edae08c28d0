/*
 * p384.c - NIST P-384 (secp384r1) as a curve of the generic layer (ec.h):
 * its constants (p384_const.h, generated) and the public functions of
 * ctcrypto/ec.h (ec_api.h), and its fixed-base table
 * (p384_table.h, generated; the size is a build option). The descriptor is static for the reason
 * p256.c gives; ec_p384() hands it to the tests and benchmarks.
 */
#include "ec_api.h"
#include "ec_const.h"

#if CTC_EC_P384
#include "p384_const.h"
#if CTC_PROFILE_SMALL
#define P384_G_ODD NULL           /* verification by the ladder (ec_mul_vartime.c) */
#define P384_G_ODD_W 0
#else
#include "p384_odd.h"
#define P384_G_ODD p384_g_odd
#endif

/* the table's entry: x then y, 2 * P384_LIMBS limbs (ec_mul_base.c) */
typedef struct {
    ct_limb_t x[P384_LIMBS], y[P384_LIMBS];
} p384_affine;
typedef char p384_entry_is_2L_limbs[sizeof(p384_affine) == 2 * P384_LIMBS * sizeof(ct_limb_t) ? 1 : -1];

/* the fixed-base table the build asked for (ctcrypto/config.h): the rows
 * of P384_table.h for the build's window at multiples of the spacing S =
 * ceil(D / rows), D = EC_COMB_DIGITS(384) (96, 77 or 55 for windows of 4, 5
 * or 7 bits); a row count that S does not give back exactly is refused */
#define P384_COMB_DIGITS EC_COMB_DIGITS(384)
#define P384_TABLE_ROWS CTC_P384_TABLE_ROWS
#define P384_TABLE_SPACING ((P384_COMB_DIGITS + P384_TABLE_ROWS - 1) / P384_TABLE_ROWS)
#if P384_TABLE_ROWS < 1 || P384_TABLE_ROWS > P384_COMB_DIGITS || \
    (P384_COMB_DIGITS + P384_TABLE_SPACING - 1) / P384_TABLE_SPACING != P384_TABLE_ROWS
#error "CTC_P384_TABLE_ROWS must be 1..D and ceil(D / ceil(D / rows)) = rows (D: ec.h, EC_COMB_DIGITS)"
#endif
#if !EC_MUL_BASE_COMB
#define P384_TABLE NULL         /* k G is the ladder (ec_ladder.c) */
#else
#include "p384_table.h"
#define P384_TABLE ((const ct_limb_t *)(const void *)p384_table)
#endif

/*
 * The field leaves: the dedicated ones (p384_field.h; every curve has its
 * own, ec.h) beat the generic path they replaced wherever mp's products
 * are C or 32-bit assembly (Cortex-M4, M0),
 * on x86-64 with p384_x86_64.S (bench_ec, gcc -O2, minima of a shared
 * host: field mul 61 -> 26 ns, add 13.6 -> 2.5 ns, ECDSA verify 326 ->
 * 149 us, ECDH 333 -> 150 us) and on AArch64 with p384_aarch64.S
 * (instructions executed under qemu-aarch64, gcc -O2: k G 875 616 ->
 * 430 523, ECDSA sign 947 746 -> 502 653, verify 5 207 095 -> 1 631 681,
 * ECDH 5 848 491 -> 1 814 472; docs/ec.md, "P-384 on AArch64").
 */
#define P384_LEAVES EC_LEAVES_P384

/* secp384r1: 1.3.132.0.34 */
static const uint8_t p384_oid[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };

static const ec_curve p384 = {
    P384_LIMBS, 48, 384, 384 / EC_WIN + 1,
    { p384_p, p384_p_r2, P384_LIMBS, P384_P_NINV },
    { p384_n, p384_n_r2, P384_LIMBS, P384_N_NINV },
    p384_one, p384_b, p384_p_r3, p384_sqrt_exp, p384_g.x, p384_g.y,
    p384_n_bytes, p384_oid, sizeof p384_oid, CTC_HASH_SHA384,
    P384_TABLE, CTC_P384_TABLE_ROWS, P384_TABLE_SPACING,
    P384_COMB_DIGITS,
    CTC_P384_KEYGEN_MIN_RANDOM, CTC_P384_KEYGEN_MAX_RANDOM,
    P384_LEAVES,
    P384_G_ODD, P384_G_ODD_W,
};

const ec_curve *ec_p384(void)
{
    return &p384;
}

EC_PUBLIC_API(p384, p384, sha384, 48, 48, 97, 49, 96)
#endif
