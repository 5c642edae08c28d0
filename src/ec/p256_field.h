/*
 * p256_field.h - the P-256 field leaves: arithmetic modulo
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1 in Montgomery form (R = 2^256, the
 * form of ec.h), on P256_FE_LIMBS limbs, least significant first.
 *
 * Contract of every leaf (the same as ec_fe_* in ec.h): inputs < p,
 * output < p (fully reduced), the output may be any of the inputs; no
 * branch and no memory index depends on a value.
 *
 *   p256_fe_mul(X, A, B)   X = A B / R mod p
 *   p256_fe_sqr(X, A)      X = A^2 / R mod p
 *   p256_fe_add(X, A, B)   X = A + B mod p
 *   p256_fe_sub(X, A, B)   X = A - B mod p
 *   p256_fe_neg(X, A)      X = -A mod p
 *   p256_fe_mulk(X, A, k)  X = k A mod p, k a public constant in 1..8
 *                          (the point formulas' 3x, 4x and 8x)
 *
 * The C twins (suffix _c: p256_field32.c for 32-bit limbs,
 * p256_field64.c for 64-bit limbs) exist on every target; the
 * assembly leaves (src/ec/arch/p256_<arch>.S, suffix _asm) are selected
 * below from the compiler's macros, and the tests compare the two
 * (tests/unit/test_p256_field.c). ec_field.c calls these through the
 * names without suffix when the curve descriptor says EC_LEAVES_P256.
 */
#ifndef EC_P256_FIELD_H
#define EC_P256_FIELD_H

#include "ct/ct.h"
#include "mp/mp.h"

#define P256_FE_LIMBS (256 / MP_LIMB_BITS)

void p256_fe_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_sqr_c(ct_limb_t *X, const ct_limb_t *A);
void p256_fe_add_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_sub_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_neg_c(ct_limb_t *X, const ct_limb_t *A);
void p256_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k);

/*
 * P256_ASM_NAME names the assembly in use (none: the C twins). Under
 * CTC_NO_ASM=1 and MemorySanitizer (CTC_CT_CHECK=2) the C twins are used,
 * as in mp_arch.h.
 */
#if MP_HAVE_ASM
/*
 * x86-64 (p256_x86_64.S), whenever mp uses its x86-64 leaves: the product
 * and the square with MULX/ADCX/ADOX where the compiler may assume BMI2
 * and ADX, otherwise chosen per call from mp's cached CPUID answer
 * (mp_x86_mulx(), one query for every layer; MUL/ADC where the CPU lacks
 * them or the tests forbid them). add, sub and neg have no product and
 * exist once.
 */
#if defined(MP_ASM_X86_64_MULX)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "x86_64-mulx"
#define P256_ASM_MULX 1
#elif defined(MP_ASM_X86_64) && MP_X86_CPUID
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "x86_64-cpuid"
#define P256_ASM_MULX 1
#elif defined(MP_ASM_X86_64)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "x86_64"
/* AArch64 (p256_aarch64.S): MUL/UMULH, ADDS/ADCS, CSEL */
#elif defined(MP_ASM_AARCH64)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "aarch64"
/* 32-bit Arm with UMAAL (Cortex-M4/M7, A/R profiles): p256_umaal.S */
#elif defined(MP_ASM_UMAAL)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "umaal"
#define P256_ASM_MULK 1
/* and, outside PROFILE=small, the doubling and the mixed addition as one
 * function each (P256_ASM_JAC, below) */
#if !CTC_PROFILE_SMALL
#define P256_ASM_JAC 1
#endif
/*
 * Armv6-M (Cortex-M0/M0+) and Armv7-M without DSP (Cortex-M3),
 * p256_thumb1.S: word products from 16x16 MULS, which takes the same
 * time whatever the operands on both (the M3's UMULL and UMLAL do not).
 * On Cortex-M3 the same Thumb-1 text beats the C twins (gcc -O2: field
 * product 3186 -> 1707, square 1776 -> 1166 estimated cycles, P-256 ECDH
 * 8.97 M -> 5.36 M).
 */
#elif defined(MP_ASM_THUMB1) || defined(MP_ASM_ARMV7M)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "thumb1"
#define P256_ASM_THUMB1 1
/* RV32 with the M extension (p256_rv32.S): MUL/MULHU, SLTU carries */
#elif defined(MP_ASM_RV32)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "rv32"
/* Xtensa call0 (ESP8266's lx106, p256_xtensa.S): 16-bit halves, MUL16U */
#elif defined(MP_ASM_XTENSA)
#define P256_HAVE_ASM 1
#define P256_ASM_NAME "xtensa"
#define P256_ASM_MULK 1
#define P256_ASM_XTENSA 1
#endif
#endif

#if defined(P256_HAVE_ASM)
void p256_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A);
void p256_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A);
#if defined(P256_ASM_MULX)
void p256_fe_mul_asm_mulx(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p256_fe_sqr_asm_mulx(ct_limb_t *X, const ct_limb_t *A);
#endif
#if defined(MP_ASM_X86_64_MULX)
#define p256_fe_mul p256_fe_mul_asm_mulx
#define p256_fe_sqr p256_fe_sqr_asm_mulx
#elif defined(P256_ASM_MULX)
/* the choice depends on the CPU only, never on the data */
CT_INLINE void p256_fe_mul_cpuid(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    if (mp_x86_mulx())
        p256_fe_mul_asm_mulx(X, A, B);
    else
        p256_fe_mul_asm(X, A, B);
}
CT_INLINE void p256_fe_sqr_cpuid(ct_limb_t *X, const ct_limb_t *A)
{
    if (mp_x86_mulx())
        p256_fe_sqr_asm_mulx(X, A);
    else
        p256_fe_sqr_asm(X, A);
}
#define p256_fe_mul p256_fe_mul_cpuid
#define p256_fe_sqr p256_fe_sqr_cpuid
#elif defined(MP_ASM_UMAAL) && CTC_PROFILE_SMALL
/*
 * PROFILE=small: squares by the product leaf, so that the image does not
 * link the square leaf (602 bytes on Cortex-M4 for about 50 cycles per
 * square; docs/ec.md "The small profile"). p256_fe_sqr_asm is still
 * built, and tested with PROFILE=fast.
 */
#define p256_fe_mul p256_fe_mul_asm
#define p256_fe_sqr(X, A) p256_fe_mul_asm((X), (A), (A))
#else
#define p256_fe_mul p256_fe_mul_asm
#define p256_fe_sqr p256_fe_sqr_asm
#endif
#define p256_fe_add p256_fe_add_asm
#define p256_fe_sub p256_fe_sub_asm
#define p256_fe_neg p256_fe_neg_asm
#else
#define P256_ASM_NAME "none"
#define p256_fe_mul p256_fe_mul_c
#define p256_fe_sqr p256_fe_sqr_c
#define p256_fe_add p256_fe_add_c
#define p256_fe_sub p256_fe_sub_c
#define p256_fe_neg p256_fe_neg_c
#endif

/*
 * The point formulas in assembly (P256_ASM_JAC, p256_umaal.S): the
 * Jacobian doubling R = 2 P and the mixed addition R = P + A if the
 * condition, with its selects (O + A = A, P where keep is all ones),
 * of ec_jac_formulas.h, one call per formula instead of one per field
 * operation. R, P point to the X coordinate of an ec_jac, A to the x of
 * an ec_affine (ec.h); the other coordinates follow fe bytes apart (fe =
 * sizeof(ec_fe)); one is R mod p (the curve's one), keep all ones or
 * zero. Both allow R == P; R is distinct from A. Inputs < p, outputs <
 * p; P = infinity (Z = 0) doubles to Z = 0. Their C twins are the
 * formulas on the leaves (ec_jac_dbl_p256_c, ec_jac_add_affine_if_p256_c
 * in ec.h).
 * CT: nothing leaks (no branch, no address depends on a value).
 */
#if defined(P256_ASM_JAC)
void p256_jac_dbl_asm(ct_limb_t *R, const ct_limb_t *P, size_t fe);
void p256_jac_madd_if_asm(ct_limb_t *R, const ct_limb_t *P, const ct_limb_t *A, size_t fe,
                          ct_limb_t keep, const ct_limb_t *one);
#endif

/*
 * A Montgomery product for any odd 256-bit modulus on the P-256 product
 * (32-bit limbs): p256_mont_mul(X, A, B, N, ninv) forms V = (A B + M N) /
 * 2^256, M < 2^256 the multiple that clears A B's low half (ninv = -N^-1
 * mod 2^32), stores X = V mod 2^256 and returns V's bit 256; V < 2N when
 * A B < N 2^256, and the caller subtracts N under a mask (ec_field.c).
 * PROFILE=small on UMAAL targets (P256_ASM_MONT): the scalars mod n and
 * the conversions to and from Montgomery form, so that the image links
 * one product (p256_umaal.S: p256_mul_core) instead of the field leaf
 * and mp's generic mp_montmul_steps_asm. X may be A or B. The C twin
 * exists with 32-bit limbs.
 * CT: nothing leaks (no branch, no address depends on a value).
 */
#if MP_LIMB_BITS == 32
ct_limb_t p256_mont_mul_c(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                          const ct_limb_t *N, ct_limb_t ninv);
#endif
#if defined(P256_HAVE_ASM) && defined(MP_ASM_UMAAL) && CTC_PROFILE_SMALL
#define P256_ASM_MONT 1
ct_limb_t p256_mont_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B,
                            const ct_limb_t *N, ct_limb_t ninv);
#endif

/* k A: assembly where the target's leaves have it, else the C twin */
#if defined(P256_ASM_MULK)
void p256_fe_mulk_asm(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k);
#define p256_fe_mulk p256_fe_mulk_asm
#else
#define p256_fe_mulk p256_fe_mulk_c
#endif

/*
 * Field inversion (ec_field.c): the mp layer's safegcd on every build but
 * PROFILE=small; the addition chain on these leaves (A^(p - 2): 255
 * squares, 12 products) is kept for ec_fe_inv_fermat, which the
 * benchmark and the tests compare against. Measured with bench_ec, gcc
 * -O2: the chain won on Cortex-M4 and M7 (63.3 k against 88.8 k estimated
 * cycles) until safegcd's batches got cheaper (docs/mp.md; then 48.1 k
 * against 63.3 k), and on Cortex-M0 with the Thumb-1 leaves (335 k
 * against 406 k, then 335.4 k against 332.2 k) until the half-delta step
 * count: now safegcd 38.9 k against 62.6 k on M4 and 270.4 k against
 * 335.4 k on M0. With the C twins, on RV32 with p256_rv32.S (91 k against
 * 164 k estimated cycles before the half-delta count), lx106 with its
 * leaves (254.9 k against 300.3 k instructions) and x86-64 (within the
 * noise, 2.6 against 2.8 us) safegcd was never slower.
 */

#endif /* EC_P256_FIELD_H */
