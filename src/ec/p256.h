/*
 * p256.h - internals of the P-256 curve (NIST P-256, secp256r1):
 * arithmetic modulo the field prime p and the group order n, points in
 * projective coordinates with the complete formulas of Renes, Costello and
 * Batina (2016), scalar multiplication.
 *
 * Conventions for every function declared here:
 *  - A field element (p256_fe) or a scalar (p256_sc) is P256_LIMBS limbs,
 *    least significant first (the mp layer's layout), always fully reduced
 *    (< p, < n). Field elements are kept in Montgomery form a*R mod p with
 *    R = 2^256, whatever the limb size (256 is a multiple of 32 and 64, so
 *    the Montgomery form is the same number on every target); scalars are
 *    plain unless a function says "Montgomery".
 *  - Outputs first. An output may equal any input (functions copy where
 *    the mp layer needs distinct arrays), unless a function says otherwise.
 *  - Points (p256_point) are projective (X : Y : Z) with x = X/Z,
 *    y = Y/Z; the point at infinity is (0 : Y : 0), Y != 0. The complete
 *    formulas accept every pair of inputs, infinity included, with no
 *    branch. Affine points (p256_affine) are never infinity.
 *  - Secret: every value, unless the function name ends in _vartime (the
 *    caller says why its inputs are public).
 * CT: nothing leaks, except in _vartime functions.
 *
 * Files: p256_field.c (field and scalar arithmetic, constants),
 * p256_point.c (formulas, affine conversion, curve check, SEC1),
 * p256_mul.c (constant-time scalar multiplication), p256_mul_base.c
 * (the same with G and a precomputed table),
 * p256_mul_vartime.c (double-scalar multiplication for verification),
 * p256_keys.c (key generation, validation, ECDH), ecdsa_p256.c (signing,
 * verification), ecdsa_der.c (DER signatures), p256_spki.c.
 */
#ifndef EC_P256_H
#define EC_P256_H

#include <stddef.h>
#include <stdint.h>

#include "ct/ct.h"
#include "ctcrypto/common.h"
#include "ctcrypto/ec.h"
#include "mp/mp.h"

#define P256_LIMBS (256 / MP_LIMB_BITS)

typedef ct_limb_t p256_fe[P256_LIMBS];
typedef ct_limb_t p256_sc[P256_LIMBS];

typedef struct {
    p256_fe X, Y, Z;
} p256_point;

typedef struct {
    p256_fe x, y;
} p256_affine;

/* Constants. P256_L(lo, hi) writes two 32-bit words as the
 * limbs of the target's size. */
#if MP_LIMB_BITS == 64
#define P256_L(lo, hi) (((ct_limb_t)(hi) << 32) | (ct_limb_t)(lo))
#else
#define P256_L(lo, hi) (ct_limb_t)(lo), (ct_limb_t)(hi)
#endif
/* p, n, 1 and b (Montgomery form), G (Montgomery form). They are static
 * in every file that includes this header: on targets whose compilers
 * make position-independent code by default (armv7a-linux), a constant
 * of another file would be reached through the GOT, which the library
 * does not link with. */
static const p256_fe p256_p = {
    P256_L(0xffffffff, 0xffffffff), P256_L(0xffffffff, 0x00000000),
    P256_L(0x00000000, 0x00000000), P256_L(0x00000001, 0xffffffff)
};
static const p256_sc p256_n = {
    P256_L(0xfc632551, 0xf3b9cac2), P256_L(0xa7179e84, 0xbce6faad),
    P256_L(0xffffffff, 0xffffffff), P256_L(0x00000000, 0xffffffff)
};
static const p256_fe p256_one = {
    P256_L(0x00000001, 0x00000000), P256_L(0x00000000, 0xffffffff),
    P256_L(0xffffffff, 0xffffffff), P256_L(0xfffffffe, 0x00000000)
};
static const p256_fe p256_b = {
    P256_L(0x29c4bddf, 0xd89cdf62), P256_L(0x78843090, 0xacf005cd),
    P256_L(0xf7212ed6, 0xe5a220ab), P256_L(0x04874834, 0xdc30061d)
};
static const p256_affine p256_g = {
    { P256_L(0x18a9143c, 0x79e730d4), P256_L(0x5fedb601, 0x75ba95fc),
      P256_L(0x77622510, 0x79fb732b), P256_L(0xa53755c6, 0x18905f76) },
    { P256_L(0xce95560a, 0xddf25357), P256_L(0xba19e45c, 0x8b4ab8e4),
      P256_L(0xdd21f325, 0xd2e88688), P256_L(0x25885d85, 0x8571ff18) }
};

/* ---- field arithmetic mod p (p256_field.c) -------------------------------- */

void p256_fe_mul(p256_fe X, const p256_fe A, const p256_fe B);
void p256_fe_sqr(p256_fe X, const p256_fe A);
void p256_fe_add(p256_fe X, const p256_fe A, const p256_fe B);
void p256_fe_sub(p256_fe X, const p256_fe A, const p256_fe B);
void p256_fe_neg(p256_fe X, const p256_fe A);
/* X = A^-1 (0 for A = 0), safegcd on the Montgomery value then one
 * multiplication by R^3 (see p256_field.c). */
void p256_fe_inv(p256_fe X, const p256_fe A);
/* X = A^-1 by Fermat (A^(p-2)); the same result, kept for the benchmark. */
void p256_fe_inv_fermat(p256_fe X, const p256_fe A);
/* X = A^((p+1)/4), a square root of A when A is a square (p = 3 mod 4).
 * CT: variable time; for public values only (point decompression). */
void p256_fe_sqrt_vartime(p256_fe X, const p256_fe A);
ct_cond p256_fe_is_zero(const p256_fe A);
ct_cond p256_fe_eq(const p256_fe A, const p256_fe B);
/*
 * X = the 32 big-endian bytes in[0..32) in Montgomery form. Returns false
 * (and X = 0) when the value is >= p. The result is a condition so the
 * caller decides what becomes public.
 */
ct_cond p256_fe_from_bytes(p256_fe X, const uint8_t in[32]);
/* out = A (out of Montgomery form) as 32 big-endian bytes. */
void p256_fe_to_bytes(uint8_t out[32], const p256_fe A);

/* ---- scalars mod n (p256_field.c) ------------------------------------------ */

/* X = in[0..32) big-endian; returns true when 0 < X < n. X is the value
 * as read (not reduced) in every case. */
ct_cond p256_sc_from_bytes(p256_sc X, const uint8_t in[32]);
void p256_sc_to_bytes(uint8_t out[32], const p256_sc A);
/* X = A mod n for A < 2^256 (one conditional subtraction: 2^256 < 2n). */
void p256_sc_reduce_once(p256_sc X, const p256_sc A);
/* Montgomery arithmetic mod n: X = A*B/R; to and from Montgomery form. */
void p256_sc_montmul(p256_sc X, const p256_sc A, const p256_sc B);
void p256_sc_to_mont(p256_sc X, const p256_sc A);
void p256_sc_from_mont(p256_sc X, const p256_sc A);
void p256_sc_add(p256_sc X, const p256_sc A, const p256_sc B);
/* X = A^-1 mod n for plain A (0 for A = 0), result in Montgomery form
 * (A^-1 * R mod n): safegcd and one multiplication by R^3. */
void p256_sc_inv_mont(p256_sc X, const p256_sc A);
/* The same by binary GCD. CT: variable time; public A only. */
void p256_sc_inv_mont_vartime(p256_sc X, const p256_sc A);

/* ---- points (p256_point.c) ---------------------------------------------------- */

void p256_point_set_infinity(p256_point *P);
/* R = P (coordinate by coordinate: the library has no memcpy) */
void p256_point_copy(p256_point *R, const p256_point *P);
void p256_point_from_affine(p256_point *P, const p256_affine *A);
/* R = P + Q (complete: any inputs, R may be P or Q). */
void p256_point_add(p256_point *R, const p256_point *P, const p256_point *Q);
/* R = P + Q with Q affine (not infinity). R may be P. */
void p256_point_add_affine(p256_point *R, const p256_point *P, const p256_affine *Q);
/* R = 2P (complete). R may be P. */
void p256_point_dbl(p256_point *R, const p256_point *P);
/* if (c) R = -R */
void p256_point_cneg(p256_point *R, ct_cond c);
/* A = P in affine coordinates; returns false when P is infinity (A = 0). */
ct_cond p256_point_to_affine(p256_affine *A, const p256_point *P);
/* true when y^2 = x^3 - 3x + b */
ct_cond p256_affine_on_curve(const p256_affine *A);
/*
 * Decodes a SEC1 point: 65 bytes 04 || x || y, or (compressed) 33 bytes
 * 02/03 || x. Checks x, y < p and the curve equation; infinity has no
 * encoding here. Returns 0, CTC_ERR_LENGTH (another length),
 * CTC_ERR_ENCODING (wrong first byte), CTC_ERR_POINT (not on the curve,
 * coordinate >= p, or no y for a compressed x).
 * CT: the point is public (a peer's key); variable time.
 */
int p256_point_decode_vartime(p256_affine *A, const uint8_t *in, size_t len);
/* out = 04 || x || y */
void p256_point_encode(uint8_t out[65], const p256_affine *A);

/* ---- scalar multiplication (p256_mul.c, p256_mul_vartime.c) ------------------- */

/*
 * R = k * P for any 256-bit k (big-endian bytes; k = 0 or a multiple of
 * the order gives infinity) and any affine P on the curve. Signed fixed
 * window of P256_WINDOW bits (Booth recoding), table scanned in full at
 * every window; the same operations for every k.
 */
void p256_mul(p256_point *R, const uint8_t k[32], const p256_affine *P);
/*
 * Digit i (0..51) of the signed 5-bit window recoding of k (p256_mul.c):
 * *abs = |d_i| in 0..16; returns true when d_i < 0.
 */
ct_cond p256_booth_digit(uint32_t *abs, const uint8_t k[32], int i);
/*
 * R = k * G for any 256-bit k, in constant time. PROFILE=fast: the 52
 * windows of the same recoding each add one point of a precomputed table
 * (p256_table.h, 52 x 16 affine points, 53 KiB), no doublings;
 * PROFILE=small: p256_mul with G.
 */
void p256_mul_base(p256_point *R, const uint8_t k[32]);
/*
 * R = u1 * G + u2 * Q (plain scalars < 2^256). Interleaved width-5 NAF.
 * CT: variable time; for public u1, u2, Q only (signature verification).
 */
void p256_mul2_vartime(p256_point *R, const p256_sc u1, const p256_sc u2,
                       const p256_affine *Q);

#endif /* EC_P256_H */
