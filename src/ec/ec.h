/*
 * ec.h - internals of the elliptic-curve layer: one generic layer over a
 * curve descriptor (ec_curve) for the short Weierstrass curves
 * y^2 = x^3 - 3x + b over a prime field (NIST P-256 and P-384).
 * Arithmetic modulo the field prime p and the group order n, points in
 * projective coordinates with the complete formulas of Renes, Costello and
 * Batina (2016), scalar multiplication, keys, ECDH, ECDSA, SEC1, DER and
 * SubjectPublicKeyInfo are written once here and sized by the curve's limb
 * count; a curve is a descriptor of constants (p256.c, p384.c) and the
 * public functions of ctcrypto/ec.h are thin wrappers over this layer
 * (ec_api.h).
 *
 * Conventions for every function declared here:
 *  - C is the curve; every function takes it first. Its sizes are public.
 *  - A field element (ec_fe) or a scalar (ec_sc) is C->limbs limbs, least
 *    significant first (the mp layer's layout), in arrays of EC_LIMBS
 *    (room for the largest curve built in), always fully reduced (< p,
 *    < n). Field elements are kept in Montgomery form a*R mod p with
 *    R = 2^(bits), the same number on every target (256 and 384 are
 *    multiples of 32 and 64); scalars are plain unless a function says
 *    "Montgomery".
 *  - Byte strings (keys, nonces, coordinates) are C->bytes big-endian
 *    bytes; points encode as SEC1 (1 + 2 * C->bytes, or 1 + C->bytes
 *    compressed). Inside the layer a scalar is an ec_sc, the secret ones
 *    of k P and k G included: bytes become limbs once, at the API.
 *  - Outputs first (after C). An output may equal any input (functions
 *    copy where the mp layer needs distinct arrays), unless a function
 *    says otherwise.
 *  - Points (ec_point) are projective (X : Y : Z) with x = X/Z, y = Y/Z;
 *    the point at infinity is (0 : Y : 0), Y != 0. The complete formulas
 *    accept every pair of inputs, infinity included, with no branch.
 *    Affine points (ec_affine) are never infinity.
 *  - Secret: every value, unless the function name ends in _vartime (the
 *    caller says why its inputs are public).
 * CT: nothing leaks but the curve, except in _vartime functions.
 *
 * Files: ec_field.c (field and scalar arithmetic), ec_point.c (formulas,
 * affine conversion, curve check, SEC1), ec_mul.c (constant-time scalar
 * multiplication), ec_mul_base.c (the same with G and a precomputed
 * table), ec_point_vartime.c (Jacobian formulas with branches, for public
 * data), ec_mul_vartime.c (double-scalar multiplication for
 * verification), ec_keys.c (key generation, validation, ECDH), ecdsa.c
 * (signing, verification), ecdsa_der.c (DER signatures), ec_spki.c;
 * p256.c and p384.c (the curves: constants, table, public wrappers).
 */
#ifndef EC_EC_H
#define EC_EC_H

#include <stddef.h>
#include <stdint.h>

#include "ct/ct.h"
#include "ctcrypto/common.h"
#include "ctcrypto/ec.h"
#include "mp/mp.h"

/* The largest curve built in sets the size of every array. */
#if CTC_EC_P384
#define EC_MAX_BITS 384
#else
#define EC_MAX_BITS 256
#endif
#define EC_LIMBS (EC_MAX_BITS / MP_LIMB_BITS)
#define EC_MAX_BYTES (EC_MAX_BITS / 8)

typedef ct_limb_t ec_fe[EC_LIMBS];
typedef ct_limb_t ec_sc[EC_LIMBS];

typedef struct {
    ec_fe X, Y, Z;
} ec_point;

typedef struct {
    ec_fe x, y;
} ec_affine;

/* A point in Jacobian coordinates (X : Y : Z), x = X/Z^2, y = Y/Z^3;
 * infinity is any Z = 0: constant time in ec_jacobian.c (secret scalar
 * multiplications), variable time in ec_point_vartime.c (verification). */
typedef struct {
    ec_fe X, Y, Z;
} ec_jac;

/*
 * A curve. Limb arrays have C->limbs limbs; field constants are in
 * Montgomery form. The fixed-base table is table_rows rows of
 * EC_COMB_ENTRIES affine points packed as 2 * limbs limbs (x then y):
 * entry j of row m is (j + 1) 2^(EC_COMB_WIN S m) G with S =
 * table_spacing, and rows * S >= EC_COMB_DIGITS(bits) (ec_mul_base.c;
 * tools/gen_ec_table.py; its size is a build option).
 * The odd multiples of G for verification, g_odd, are 2^(g_odd_w - 2)
 * affine points packed the same way: entry j is (2j + 1) G, the digits of
 * a width-g_odd_w NAF (ec_mul_vartime.c).
 */
typedef struct ec_curve {
    size_t limbs;               /* field and scalar size in limbs */
    size_t bytes;               /* ... in bytes (32, 48) */
    unsigned bits;              /* 256, 384 */
    int digits;                 /* Booth digits: bits / 5 + 1 (52, 77) */
    mp_modulus p, n;            /* field prime and group order */
    const ct_limb_t *one;       /* R mod p */
    const ct_limb_t *b;         /* b R mod p */
    const ct_limb_t *r3;        /* R^3 mod p (inversion) */
    const ct_limb_t *sqrt_exp;  /* (p + 1) / 4 (p = 3 mod 4) */
    const ct_limb_t *gx, *gy;   /* G, Montgomery form: the x and y of one
                                 * ec_affine (ec_generator) */
    const uint8_t *n_bytes;     /* n, big-endian, `bytes` bytes (RFC 6979;
                                 * PROFILE=small converts n instead) */
    const uint8_t *oid;         /* named-curve OID contents (SPKI) */
    size_t oid_len;
    int nonce_hash;             /* RFC 6979's HMAC hash (ctcrypto/hash.h id) */
    const ct_limb_t *table;     /* fixed-base table (ec_mul_base.c) */
    unsigned table_rows, table_spacing;
    int comb_digits;            /* k G's digits: EC_COMB_DIGITS(bits) */
    size_t keygen_min, keygen_max; /* random bytes key generation takes */
    unsigned leaves;            /* field leaves: EC_LEAVES_* */
    const ct_limb_t *g_odd;     /* G, 3G, 5G, ..: odd multiples, affine */
    unsigned g_odd_w;           /* their NAF width (2^(w-2) points) */
} ec_curve;

/*
 * Which field leaves a curve uses (ec_field.c): every curve has its own
 * (C twins and assembly per target: p256_field.h, p384_field.h), so there
 * is no generic fallback to carry in the image. The choice is public; with
 * one curve built it is a constant and the dispatch compiles away.
 */
#define EC_LEAVES_P256 1
#define EC_LEAVES_P384 2

/* whether C uses a curve's own leaves (0 where that curve is not built) */
#if CTC_EC_P256 && CTC_EC_P384
#define EC_P256_LEAVES(C) ((C)->leaves == EC_LEAVES_P256)
#elif CTC_EC_P256
#define EC_P256_LEAVES(C) 1
#else
#define EC_P256_LEAVES(C) 0
#endif
#define EC_P384_LEAVES(C) (CTC_EC_P384 && !EC_P256_LEAVES(C))
/* f256 args or f384 args, by the curve (the one built, without a test,
 * when there is one) */
#if CTC_EC_P256 && CTC_EC_P384
#define EC_CURVE_CALL(C, f256, f384, args) (EC_P256_LEAVES(C) ? f256 args : f384 args)
#elif CTC_EC_P256
#define EC_CURVE_CALL(C, f256, f384, args) ((void)(C), f256 args)
#else
#define EC_CURVE_CALL(C, f256, f384, args) ((void)(C), f384 args)
#endif

/* The curves built in (p256.c, p384.c). */
#if CTC_EC_P256
const ec_curve *ec_p256(void);
#endif
#if CTC_EC_P384
const ec_curve *ec_p384(void);
#endif

/* ---- field arithmetic mod p (ec_field.c) --------------------------------- */

void ec_fe_mul(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B);
void ec_fe_sqr(const ec_curve *C, ec_fe X, const ec_fe A);
void ec_fe_add(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B);
void ec_fe_sub(const ec_curve *C, ec_fe X, const ec_fe A, const ec_fe B);
void ec_fe_neg(const ec_curve *C, ec_fe X, const ec_fe A);
/* X = A^-1 (0 for A = 0), safegcd on the Montgomery value then one
 * multiplication by R^3 (PROFILE=small: Fermat, A^(p-2); P-256 has its
 * addition chain in both). */
void ec_fe_inv(const ec_curve *C, ec_fe X, const ec_fe A);
/* X = A^-1 by Fermat (A^(p-2)); the same result, kept for the benchmark. */
void ec_fe_inv_fermat(const ec_curve *C, ec_fe X, const ec_fe A);
/* X = A^((p+1)/4), a square root of A when A is a square (p = 3 mod 4).
 * CT: variable time; for public values only (point decompression). */
void ec_fe_sqrt_vartime(const ec_curve *C, ec_fe X, const ec_fe A);
ct_cond ec_fe_is_zero(const ec_curve *C, const ec_fe A);
ct_cond ec_fe_eq(const ec_curve *C, const ec_fe A, const ec_fe B);
/* X = the C->bytes big-endian bytes at in in Montgomery form. Returns
 * false (and X = 0) when the value is >= p. */
ct_cond ec_fe_from_bytes(const ec_curve *C, ec_fe X, const uint8_t *in);
/* out = A (out of Montgomery form) as C->bytes big-endian bytes. */
void ec_fe_to_bytes(const ec_curve *C, uint8_t *out, const ec_fe A);
/* X = A (out of Montgomery form) mod n: ECDSA's r from x. X != A. */
void ec_fe_to_sc(const ec_curve *C, ec_sc X, const ec_fe A);

/* ---- scalars mod n (ec_field.c) ------------------------------------------- */

/* X = the C->bytes big-endian bytes at in; returns true when 0 < X < n.
 * X is the value as read (not reduced) in every case. */
ct_cond ec_sc_from_bytes(const ec_curve *C, ec_sc X, const uint8_t *in);
void ec_sc_to_bytes(const ec_curve *C, uint8_t *out, const ec_sc A);
/* X = A mod n for A < 2^bits (one conditional subtraction: 2^bits < 2n). */
void ec_sc_reduce_once(const ec_curve *C, ec_sc X, const ec_sc A);
/* Montgomery arithmetic mod n: X = A*B/R; to and from Montgomery form. */
void ec_sc_montmul(const ec_curve *C, ec_sc X, const ec_sc A, const ec_sc B);
void ec_sc_to_mont(const ec_curve *C, ec_sc X, const ec_sc A);
void ec_sc_from_mont(const ec_curve *C, ec_sc X, const ec_sc A);
void ec_sc_add(const ec_curve *C, ec_sc X, const ec_sc A, const ec_sc B);
/* X = A^-1 mod n for plain A (0 for A = 0), result in Montgomery form
 * (A^-1 * R mod n): safegcd and one multiplication by R^2 (PROFILE=small:
 * Fermat, (A R)^(n-2)). */
void ec_sc_inv_mont(const ec_curve *C, ec_sc X, const ec_sc A);

/* ---- points (ec_point.c) ------------------------------------------------- */

void ec_point_set_infinity(const ec_curve *C, ec_point *P);
void ec_point_copy(const ec_curve *C, ec_point *R, const ec_point *P);
void ec_point_from_affine(const ec_curve *C, ec_point *P, const ec_affine *A);
/* A = G */
void ec_affine_generator(const ec_curve *C, ec_affine *A);
/* G itself: gx is the first member of the curve's ec_affine of G, and a
 * pointer to a structure's first member converts back to the structure */
#define ec_generator(C) ((const ec_affine *)(const void *)(C)->gx)
/* R = P + Q (complete: any inputs, R may be P or Q). */
void ec_point_add(const ec_curve *C, ec_point *R, const ec_point *P, const ec_point *Q);
/* R = P + Q with Q affine (not infinity). R may be P. */
void ec_point_add_affine(const ec_curve *C, ec_point *R, const ec_point *P,
                         const ec_affine *Q);
/* R = 2P (complete). R may be P. */
void ec_point_dbl(const ec_curve *C, ec_point *R, const ec_point *P);
/* if (c) R = -R */
void ec_point_cneg(const ec_curve *C, ec_point *R, ct_cond c);
/* A = P in affine coordinates; returns false when P is infinity (A = 0). */
ct_cond ec_point_to_affine(const ec_curve *C, ec_affine *A, const ec_point *P);
/* true when y^2 = x^3 - 3x + b */
ct_cond ec_affine_on_curve(const ec_curve *C, const ec_affine *A);
/*
 * Decodes a SEC1 point: 1 + 2 * bytes bytes 04 || x || y, or (compressed)
 * 1 + bytes bytes 02/03 || x. Checks x, y < p and the curve equation;
 * infinity has no encoding here. Returns 0, CTC_ERR_LENGTH (another
 * length), CTC_ERR_ENCODING (wrong first byte), CTC_ERR_POINT (not on the
 * curve, coordinate >= p, or no y for a compressed x).
 * CT: the point is public (a peer's key); variable time.
 */
int ec_point_decode_vartime(const ec_curve *C, ec_affine *A, const uint8_t *in, size_t len);
/* out = 04 || x || y (1 + 2 * bytes bytes) */
void ec_point_encode(const ec_curve *C, uint8_t *out, const ec_affine *A);

/* ---- Jacobian coordinates (ec_jacobian.c) --------------------------------- */

/*
 * Constant-time, not complete: ec_jac_add and ec_jac_add_affine are wrong
 * for P = Q (P not infinity); infinity operands and P = -Q are right.
 * Callers show P != Q (docs/ec.md, "Jacobian coordinates").
 */
void ec_jac_dbl(const ec_curve *C, ec_jac *R, const ec_jac *P);
void ec_jac_add(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_jac *Q);
/* R = P + A, A affine (not infinity). */
void ec_jac_add_affine(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A);
/* R = P + A if c, else P (R may be P): k G's digit 0 without a copy */
void ec_jac_add_affine_if(const ec_curve *C, ec_jac *R, const ec_jac *P, const ec_affine *A,
                          ct_cond c);
/* the C twins of P-256's assembly doubling and mixed addition (defined
 * where p256_field.h sets P256_ASM_JAC; the tests compare the two): the
 * formulas of ec_jac_formulas.h on the P-256 leaves, C a P-256 curve */
void ec_jac_dbl_p256_c(const ec_curve *C, ec_jac *R, const ec_jac *P);
void ec_jac_add_affine_if_p256_c(const ec_curve *C, ec_jac *R, const ec_jac *P,
                                 const ec_affine *A, ct_cond c);
void ec_jac_copy(const ec_curve *C, ec_jac *R, const ec_jac *P);
void ec_jac_from_affine(const ec_curve *C, ec_jac *P, const ec_affine *A);
void ec_jac_set_infinity(const ec_curve *C, ec_jac *P);
/* if (c) R = -R */
void ec_jac_cneg(const ec_curve *C, ec_jac *R, ct_cond c);
/* R = P in the projective coordinates of ec_point (2M + 1S). */
void ec_jac_to_point(const ec_curve *C, ec_point *R, const ec_jac *P);
#if CTC_PROFILE_SMALL
/*
 * The co-Z addition of ec_ladder.c (the part its XYcZ-ADD and XYcZ-ADDC
 * share): P = (X1, Y1), Q = (X2, Y2) in Jacobian coordinates with the
 * same Z, x(P) != x(Q), neither infinity. Out: (X2, Y2) = P + Q with
 * Z = Z (X2 - X1), Y1 = E, b = B (the x of P at the new Z), c = B + C,
 * d = D (the formulas' names). b, c, d are distinct from the inputs,
 * but b may be X1 (which is then B: XYcZ-ADD's P at the new Z).
 */
void ec_jac_zadd(const ec_curve *C, ec_fe X1, ec_fe Y1, ec_fe X2, ec_fe Y2, ec_fe Z,
                 ec_fe b, ec_fe c, ec_fe d);
#endif

/* ---- scalar multiplication (ec_mul.c, ec_mul_base.c, ec_mul_vartime.c) -- */

/*
 * The point tables' scan: ct_limbs_lookup's contract (X = entry index of
 * count entries of n limbs, every entry read, zeros for index >= count),
 * with n a multiple of 4 (the tables' 2L and 3L, L = 8 or 12 32-bit
 * limbs) and count even (8 or 16: the rows of k G; 16: the table of
 * k P).
 * 32-bit Arm with UMAAL and MLS: src/mp/arch/mp_lookup_arm.S (mp.h; MLS by the
 * selection mask instead of AND and OR per word; Cortex-M4, gcc -O2:
 * P-256 key generation 595.8 k -> 571.2 k cycles, ECDH 1.354 M -> 1.315 M,
 * docs/ec.md); elsewhere, and under CTC_NO_ASM=1 or MemorySanitizer,
 * ct_limbs_lookup itself, which is the twin the tests compare it with.
 * PROFILE=small keeps ct_limbs_lookup alone, which its k P scans with
 * anyway: size first (the P-256-only image of tools/check_p256_only.py
 * is 152 bytes smaller without the leaf; k G takes 1.381 M instead of
 * 1.317 M cycles, signing 2.170 M instead of 2.106 M, within its 2.5 M).
 */
#define EC_LOOKUP_ASM MP_LOOKUP_ASM
/*
 * x86-64 with mp's assembly (64-bit limbs; not under CTC_NO_ASM=1 or
 * MemorySanitizer), PROFILE=fast: ec_lookup_x86.c, one pass over the table
 * in AVX2 registers where the CPU has AVX2 (ec_limbs_lookup_avx2, any n
 * and count), ct_limbs_lookup otherwise (ec_limbs_lookup_x86 asks
 * ctc_cpu_features(); the answer depends on the CPU only). P-384 k G,
 * bench_ec, gcc -O2: see docs/ec.md, "P-384 on the x86-64 host".
 */
#if (defined(MP_ASM_X86_64) || defined(MP_ASM_X86_64_MULX)) && !CTC_PROFILE_SMALL
#define EC_LOOKUP_X86 1
#else
#define EC_LOOKUP_X86 0
#endif
/* EC_LOOKUP_NAME: the scan built (ctc_build_info(), "ec-lookup=") */
#if EC_LOOKUP_ASM
/* the tables here always fit the leaf's contract: no size test */
#define ec_limbs_lookup mp_limbs_lookup_asm
#define EC_LOOKUP_NAME "arm-mls"
#elif EC_LOOKUP_X86
#define EC_LOOKUP_NAME "avx2-cpuid"
void ec_limbs_lookup_avx2(ct_limb_t *X, const ct_limb_t *table, size_t count, size_t n,
                          size_t index);
void ec_limbs_lookup_x86(ct_limb_t *X, const ct_limb_t *table, size_t count, size_t n,
                         size_t index);
#define ec_limbs_lookup ec_limbs_lookup_x86
#else
#define ec_limbs_lookup ct_limbs_lookup
#define EC_LOOKUP_NAME "c"
#endif

/*
 * The secret scalars of k P and k G travel as limbs, like every other
 * scalar here: an ec_sc of C->limbs limbs, least significant first, any
 * value below 2^bits (k >= n included). Bytes become limbs once, where the
 * API reads a key or a nonce and checks its range (ec_keys.c, ecdsa.c).
 *
 * Booth digits: k = sum d_i 2^(5i), d_i in [-16, 16], i <
 * ec_booth_digits(C). *abs = |d_i| in 0..16; returns true when d_i < 0.
 * The digit functions (ec_booth_digit, ec_comb_digit; PROFILE=small,
 * whose ladder reads the scalar bit by bit, builds ec_comb_digit only for
 * the comb of CTC_EC_SMALL_COMB, and ec_booth_digit never) read the bits
 * of a window from the two limbs it may straddle, at a position that
 * depends on i only (public), with no bound test: k must lie where
 * ec_digit_guard puts it.
 */
#define EC_WIN 5
#define ec_booth_digits(C) ((C)->digits)
ct_cond ec_booth_digit(const ec_curve *C, uint32_t *abs, const ct_limb_t *k, int i);
/* 1 where k G is the comb of ec_mul_base.c (the curves link their
 * fixed-base tables), 0 where it is the ladder of ec_ladder.c:
 * PROFILE=small without CTC_EC_SMALL_COMB (ctcrypto/config.h) */
#define EC_MUL_BASE_COMB (!CTC_PROFILE_SMALL || CTC_EC_SMALL_COMB)
#if EC_MUL_BASE_COMB
/* The place of a scalar for the digit functions: a zero limb, the
 * C->limbs limbs of k, a zero limb. Copies k into buf between its guard
 * limbs (zeroed here) and returns the copy, buf + 1. */
#define EC_DIGIT_LIMBS (EC_LIMBS + 2)
ct_limb_t *ec_digit_guard(const ec_curve *C, ct_limb_t buf[EC_DIGIT_LIMBS], const ec_sc k);
#endif
/*
 * R = k * P for any k < 2^bits (k = 0 or a multiple of the order gives
 * infinity) and any affine P on the curve; the same operations for
 * every k. Signed fixed window of EC_WIN bits, table scanned in full at
 * every window (ec_mul.c); PROFILE=small: the co-Z Montgomery ladder of
 * ec_ladder.c (no table).
 */
void ec_mul(const ec_curve *C, ec_point *R, const ec_sc k, const ec_affine *P);
/*
 * k G's digits (ec_mul_base.c): the same recoding with EC_COMB_WIN bits
 * (CTC_EC_COMB_WIN: 4, 5 or 7), k = sum d_i 2^(W i), |d_i| <= 2^(W - 1), for
 * a k below 2^(bits - 1) and i < EC_COMB_DIGITS(bits); a row of the
 * fixed-base table holds EC_COMB_ENTRIES points.
 */
#define EC_COMB_WIN CTC_EC_COMB_WIN
#if EC_COMB_WIN != 4 && EC_COMB_WIN != 5 && EC_COMB_WIN != 7
#error "CTC_EC_COMB_WIN must be 4, 5 or 7"
#endif
#define EC_COMB_ENTRIES (1 << (EC_COMB_WIN - 1))
#define EC_COMB_DIGITS(bits) (((bits) + EC_COMB_WIN - 1) / EC_COMB_WIN)
ct_cond ec_comb_digit(const ec_curve *C, uint32_t *abs, const ct_limb_t *k, int i);
/*
 * R = k * G in constant time for any k < 2^bits (limbs, as ec_mul), with the
 * curve's fixed-base table: k folded below 2^(bits - 1), one mixed
 * addition per digit and EC_COMB_WIN (table_spacing - 1) doublings
 * (ec_mul_base.c). PROFILE=small without CTC_EC_SMALL_COMB
 * (!EC_MUL_BASE_COMB): ec_mul of G (ec_ladder.c; the curves link no
 * table there).
 */
void ec_mul_base(const ec_curve *C, ec_point *R, const ec_sc k);
/*
 * R = u1 * G + u2 * Q (plain scalars < 2^bits), Jacobian. Interleaved
 * wNAF: G's odd multiples from the curve's table (width C->g_odd_w), Q's
 * computed here (width EC_VERIFY_WQ) and made affine with one inversion.
 * PROFILE=small: u1 G and u2 Q by the ladder of ec_mul, made affine, and
 * their sum with the cases by branches; R affine (Z = 1, or 0 for
 * infinity) (ec_mul_vartime.c; C->g_odd is NULL there).
 * CT: variable time; for public u1, u2, Q only (signature verification).
 */
/* Q's NAF width: 8 odd multiples; 4 and 6 measured slower (docs/ec.md) */
#define EC_VERIFY_WQ 5
void ec_mul2_vartime(const ec_curve *C, ec_jac *R, const ec_sc u1, const ec_sc u2,
                     const ec_affine *Q);

/* ---- Jacobian points for public data (ec_point_vartime.c) ---------------- */
/*
 * The mixed addition with the exceptional cases (infinity, P = Q, P = -Q)
 * taken by branches; doubling, infinity and the affine embedding are the
 * constant-time ones above (ec_jac_dbl needs no case: Z = 0 doubles to
 * Z = 0). Every output may equal an input.
 * CT: variable time; for public points only (verification).
 */
int ec_jac_is_infinity_vartime(const ec_curve *C, const ec_jac *P);
/* R = P + Q, Q affine. zr: when not NULL and the sum was the general
 * case (P not infinity, P != +-Q), receives Z(R) / Z(P) (the table's
 * z ratios, ec_mul_vartime.c); returns 1 then, 0 otherwise. */
int ec_jac_add_affine_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P,
                              const ec_affine *Q, ct_limb_t *zr);
/* R = 2P + A, A affine (every case; the general one costs 13M + 5S). */
void ec_jac_dbl_add_affine_vartime(const ec_curve *C, ec_jac *R, const ec_jac *P,
                                   const ec_affine *A);
/* A = P affine; returns 0 (A = 0) when P is infinity, 1 otherwise. */
int ec_jac_to_affine_vartime(const ec_curve *C, ec_affine *A, const ec_jac *P);
/*
 * ECDSA's final check without an inversion: returns 1 when P is not
 * infinity and x(P) mod n = r, i.e. r Z^2 = X, or (when r + n < p, the
 * x-coordinates in [n, p)) (r + n) Z^2 = X, mod p. r is plain, < n.
 */
int ec_jac_x_mod_n_is_vartime(const ec_curve *C, const ec_jac *P, const ec_sc r);
/*
 * The same for an affine P (Z = 1 in Montgomery form, or 0 for infinity:
 * PROFILE=small's ec_mul2_vartime): x out of Montgomery form, reduced by
 * one conditional subtraction (x < p < 2n, ec_fe_to_sc), compared with
 * r. PROFILE=small verification makes the same comparison in its own
 * frame (ecdsa.c); the tests compare this one with the Jacobian one.
 */
int ec_affine_x_mod_n_is_vartime(const ec_curve *C, const ec_jac *P, const ec_sc r);

/* ---- keys, ECDH, ECDSA, encodings (the public operations, over C) ------- */

int ec_public_key(const ec_curve *C, uint8_t *pub, const uint8_t *priv);
/* CTC_OK when priv (C->bytes big-endian bytes) is in [1, n - 1], else
 * CTC_ERR_KEY; the answer is declassified, nothing else leaks */
int ec_private_key_check(const ec_curve *C, const uint8_t *priv);
int ec_keygen(const ec_curve *C, uint8_t *priv, uint8_t *pub, const uint8_t *rnd,
              size_t rnd_len);
int ec_public_key_check(const ec_curve *C, const uint8_t *pub, size_t pub_len);
int ec_public_key_decode(const ec_curve *C, uint8_t *out, const uint8_t *pub, size_t pub_len);
int ec_public_key_compress(const ec_curve *C, uint8_t *out, const uint8_t *pub,
                           size_t pub_len);
int ec_ecdh(const ec_curve *C, uint8_t *shared, const uint8_t *priv, const uint8_t *peer,
            size_t peer_len);
int ec_ecdsa_sign(const ec_curve *C, uint8_t *sig, const uint8_t *priv, const uint8_t *h,
                  size_t h_len, const uint8_t *extra, size_t extra_len);
int ec_ecdsa_verify(const ec_curve *C, const uint8_t *pub, size_t pub_len, const uint8_t *h,
                    size_t h_len, const uint8_t *sig, size_t sig_len);
int ec_ecdsa_verify_der(const ec_curve *C, const uint8_t *pub, size_t pub_len,
                        const uint8_t *h, size_t h_len, const uint8_t *der, size_t der_len);
int ec_ecdsa_sig_to_der(const ec_curve *C, uint8_t *der, size_t *der_len, size_t cap,
                        const uint8_t *sig);
int ec_ecdsa_sig_from_der(const ec_curve *C, uint8_t *sig, const uint8_t *der,
                          size_t der_len);
int ec_spki_decode(const ec_curve *C, uint8_t *out, const uint8_t *der, size_t der_len);

#endif /* EC_EC_H */
