/*
 * p384_field.h - the P-384 field leaves: arithmetic modulo
 * p = 2^384 - 2^128 - 2^96 + 2^32 - 1 in Montgomery form (R = 2^384, the
 * form of ec.h), on P384_FE_LIMBS limbs, least significant first.
 *
 * Contract of every leaf (the same as ec_fe_* in ec.h): inputs < p,
 * output < p (fully reduced), the output may be any of the inputs; no
 * branch and no memory index depends on a value.
 *
 *   p384_fe_mul(X, A, B)   X = A B / R mod p
 *   p384_fe_sqr(X, A)      X = A^2 / R mod p
 *   p384_fe_add(X, A, B)   X = A + B mod p
 *   p384_fe_sub(X, A, B)   X = A - B mod p
 *   p384_fe_neg(X, A)      X = -A mod p
 *
 * The C twins (suffix _c: p384_field32.c for 32-bit limbs,
 * p384_field64.c for 64-bit limbs) exist on every target. There is no
 * assembly for P-384, so the names without suffix, which ec_field.c calls
 * when the curve descriptor says EC_LEAVES_P384, are the C twins; the
 * tests compare them against the generic mp arithmetic
 * (tests/unit/test_p384_field.c).
 */
#ifndef EC_P384_FIELD_H
#define EC_P384_FIELD_H

#include "ct/ct.h"
#include "mp/mp.h"

#define P384_FE_LIMBS (384 / MP_LIMB_BITS)

void p384_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A);
void p384_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_neg_c(ct_limb_t *X, const ct_limb_t *A);

#define P384_ASM_NAME "none"
#define p384_fe_mul p384_fe_mul_c
#define p384_fe_sqr p384_fe_sqr_c
#define p384_fe_add p384_fe_add_c
#define p384_fe_sub p384_fe_sub_c
#define p384_fe_neg p384_fe_neg_c

#endif /* EC_P384_FIELD_H */
