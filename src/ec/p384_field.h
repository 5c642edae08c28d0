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
 *   p384_fe_mulk(X, A, k)  X = k A mod p, k a public constant in 1..8
 *                          (the point formulas' 3x, 4x and 8x)
 *
 * The C twins (suffix _c: p384_field32.c for 32-bit limbs,
 * p384_field64.c for 64-bit limbs) exist on every target; the
 * assembly leaves (src/ec/arch/p384_<arch>.S, suffix _asm) are selected
 * below from the compiler's macros, and the tests compare both against
 * each other and the generic mp arithmetic (tests/unit/test_p384_field.c).
 * ec_field.c calls these through the names without suffix when the curve
 * descriptor says EC_LEAVES_P384.
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
void p384_fe_mulk_c(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k);

/*
 * P384_ASM_NAME names the assembly in use (none: the C twins). Under
 * CTC_NO_ASM=1 and MemorySanitizer (CTC_CT_CHECK=2) the C twins are used,
 * as in mp_arch.h.
 */
#if MP_HAVE_ASM
/*
 * x86-64 (p384_x86_64.S), whenever mp uses its x86-64 leaves: the product
 * and the square with MULX/ADCX/ADOX where the compiler may assume BMI2
 * and ADX, otherwise chosen per call from the cached CPUID answer
 * (mp_x86_mulx(), as in p256_field.h; MUL/ADC where the CPU lacks them)
 */
#if defined(MP_ASM_X86_64_MULX)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "x86_64-mulx"
#define P384_ASM_MULX 1
#define P384_ASM_MULK 1
#elif defined(MP_ASM_X86_64) && MP_X86_CPUID
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "x86_64-cpuid"
#define P384_ASM_MULX 1
#define P384_ASM_MULK 1
#elif defined(MP_ASM_X86_64)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "x86_64"
#define P384_ASM_MULK 1
/* AArch64 (p384_aarch64.S): MUL/UMULH, ADDS/ADCS, CSEL */
#elif defined(MP_ASM_AARCH64)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "aarch64"
/* 32-bit Arm with UMAAL (Cortex-M4/M7, A/R profiles): p384_umaal.S */
#elif defined(MP_ASM_UMAAL)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "umaal"
/* Armv6-M (Cortex-M0/M0+) and Armv7-M without DSP (Cortex-M3),
 * p384_thumb1.S: word products from 16x16 MULS, rolled loops */
#elif defined(MP_ASM_THUMB1) || defined(MP_ASM_ARMV7M)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "thumb1"
/* RV32 with the M extension (p384_rv32.S): MUL/MULHU, SLTU carries */
#elif defined(MP_ASM_RV32)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "rv32"
/* Xtensa call0 (ESP8266's lx106, p384_xtensa.S): 16-bit halves, MUL16U */
#elif defined(MP_ASM_XTENSA)
#define P384_HAVE_ASM 1
#define P384_ASM_NAME "xtensa"
#endif
#endif

#if defined(P384_HAVE_ASM)
void p384_fe_mul_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_sqr_asm(ct_limb_t *X, const ct_limb_t *A);
void p384_fe_add_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_sub_asm(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_neg_asm(ct_limb_t *X, const ct_limb_t *A);
#if defined(P384_ASM_MULX)
void p384_fe_mul_asm_mulx(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B);
void p384_fe_sqr_asm_mulx(ct_limb_t *X, const ct_limb_t *A);
#endif
#if defined(MP_ASM_X86_64_MULX)
#define p384_fe_mul p384_fe_mul_asm_mulx
#define p384_fe_sqr p384_fe_sqr_asm_mulx
#elif defined(P384_ASM_MULX)
/* the choice depends on the CPU only, never on the data */
CT_INLINE void p384_fe_mul_cpuid(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *B)
{
    if (mp_x86_mulx())
        p384_fe_mul_asm_mulx(X, A, B);
    else
        p384_fe_mul_asm(X, A, B);
}
CT_INLINE void p384_fe_sqr_cpuid(ct_limb_t *X, const ct_limb_t *A)
{
    if (mp_x86_mulx())
        p384_fe_sqr_asm_mulx(X, A);
    else
        p384_fe_sqr_asm(X, A);
}
#define p384_fe_mul p384_fe_mul_cpuid
#define p384_fe_sqr p384_fe_sqr_cpuid
#else
#define p384_fe_mul p384_fe_mul_asm
#define p384_fe_sqr p384_fe_sqr_asm
#endif
#define p384_fe_add p384_fe_add_asm
#define p384_fe_sub p384_fe_sub_asm
#define p384_fe_neg p384_fe_neg_asm
/* k A in one call (x86-64: MUL, then the fold of the top by 2^384 = c) */
#if defined(P384_ASM_MULK)
void p384_fe_mulk_asm(ct_limb_t *X, const ct_limb_t *A, ct_limb_t k);
#define p384_fe_mulk p384_fe_mulk_asm
#else
#define p384_fe_mulk p384_fe_mulk_c
#endif
#else
#define P384_ASM_NAME "none"
#define p384_fe_mul p384_fe_mul_c
#define p384_fe_sqr p384_fe_sqr_c
#define p384_fe_add p384_fe_add_c
#define p384_fe_sub p384_fe_sub_c
#define p384_fe_neg p384_fe_neg_c
#define p384_fe_mulk p384_fe_mulk_c
#endif

/*
 * Field inversion (ec_field.c) stays with the mp layer's safegcd on every
 * target: an addition chain for A^(p - 2) needs at least 383 squares,
 * and with the UMAAL leaves that alone is 383 x 510 = 195 k estimated
 * cycles on Cortex-M4 (bench_ec, gcc -O2, one square 510) against 162 k
 * for safegcd; the C twins are slower still.
 */

#endif /* EC_P384_FIELD_H */
