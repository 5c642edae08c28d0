/*
 * ct_ec.c - constant-time cases for the ec family (see ct_cases.h).
 *
 * Scalar multiplication with a secret scalar is judged inside the key
 * generation, ECDH and signing cases (each runs ec_mul or ec_mul_base once)
 * and by itself on unrestricted scalars (ec_mul_scalar).
 *
 * Secret: scalars and private keys, nonce material, random bytes for key
 * generation, and (in the arithmetic cases) field elements, scalars mod n
 * and point coordinates. Public and fixed: the peer's public key, the
 * curve. Private keys are made valid for every secret by fixing two bits
 * with AND/OR on the secret byte (k in [2^254, 2^255), below n), so the
 * declassified "is the key valid" answer is the same for every run.
 *
 * Two negative controls: a textbook double-and-add that branches on the
 * scalar's bits (built from the library's own point formulas), and the
 * library's verification-only ec_mul2_vartime run on secret scalars;
 * every checker must report both.
 */
#include <string.h>

#include "ct_cases.h"
#include "ct_util.h"
#include "ec/ec.h"
#include "ec/p256_field.h"
#include "ec/p384_field.h"

#define L (256 / MP_LIMB_BITS)
/* the curve of the P-256 cases (ec.h: every ec function takes it) */
#define C (ec_p256())

/* A field element or scalar as the secret bytes at `off` are (big-endian):
 * with the modular layout p - 1, 1, p - 2, 2^255, n - 1, 0, (p + 1) / 2, 2;
 * a random secret is at least p with probability below 2^-31, which
 * changes no operation's sequence. */
static void fill_raw(ct_limb_t *X, const unsigned char *secret, unsigned off)
{
    (void)mp_from_be(X, L, secret + off, 32);
}

/* a private key of n bytes in [2^(8n-2), 2^(8n-1)): below the order of
 * P-256 and P-384 */
static void fill_key_n(uint8_t *k, size_t n, const unsigned char *secret, unsigned off)
{
    size_t i;

    for (i = 0; i < n; i++)
        k[i] = secret[(off + i) & (CT_SECRET_BYTES - 1)];
    k[0] = (uint8_t)((k[0] & 0x7f) | 0x40);
}
#define fill_key(k, secret, off) fill_key_n((k), 32, (secret), (off))

/* RFC 6979 A.2.5's public key: a fixed, public peer */
static const uint8_t peer[65] = {
    0x04, 0x60, 0xfe, 0xd4, 0xba, 0x25, 0x5a, 0x9d, 0x31, 0xc9, 0x61, 0xeb, 0x74,
    0xc6, 0x35, 0x6d, 0x68, 0xc0, 0x49, 0xb8, 0x92, 0x3b, 0x61, 0xfa, 0x6c, 0xe6,
    0x69, 0x62, 0x2e, 0x60, 0xf2, 0x9f, 0xb6, 0x79, 0x03, 0xfe, 0x10, 0x08, 0xb8,
    0xbc, 0x99, 0xa4, 0x1a, 0xe9, 0xe9, 0x56, 0x28, 0xbc, 0x64, 0xf2, 0xf1, 0xb2,
    0x0c, 0x2d, 0x7e, 0x9f, 0x51, 0x77, 0xa3, 0xc2, 0x94, 0xd4, 0x46, 0x22, 0x99
};

void ct_case_ec_p256_field(const unsigned char *secret)
{
    ec_fe a, b, x;
    ec_sc s, t;
    uint8_t out[32];

    /* the modular layout, taken as the internal (Montgomery) limbs: values
     * just below p and small ones, so that sums, differences and the final
     * subtractions of products go both ways among the secrets */
    fill_raw(a, secret, 0);
    fill_raw(b, secret, 32);
    ec_fe_mul(C, x, a, b);
    ec_fe_sqr(C, x, x);
    ec_fe_add(C, x, x, a);
    ec_fe_sub(C, x, x, b);
    ec_fe_neg(C, x, x);
    ct_keep_mem(x, sizeof x);
    ec_fe_inv(C, x, a);
    ct_keep_mem(x, sizeof x);
    ec_fe_inv_fermat(C, x, b);
    ct_keep_mem(x, sizeof x);
    ct_keep(ec_fe_from_bytes(C, x, secret + 64).m);
    ec_fe_to_bytes(C, out, x);
    ct_keep_mem(out, 32);
    ct_keep(ec_fe_is_zero(C, a).m ^ ec_fe_eq(C, a, b).m);

    fill_raw(s, secret, 96);
    fill_raw(t, secret, 128);
    ec_sc_reduce_once(C, s, s); /* p - 1 and p - 2 are above n, below 2n */
    ec_sc_reduce_once(C, t, t);
    ct_keep(ec_sc_from_bytes(C, t, secret + 180).m);
    ec_sc_reduce_once(C, t, t);
    ec_sc_to_mont(C, s, s);
    ec_sc_montmul(C, s, s, t);
    ec_sc_add(C, s, s, t);
    ec_sc_from_mont(C, s, s);
    ec_sc_inv_mont(C, t, s);
    ct_keep_mem(s, sizeof s);
    ct_keep_mem(t, sizeof t);
}

/* the P-256 field leaves directly, the selected ones (assembly where the
 * target has it) and the C twins: products, sums and differences on
 * values whose carries and final corrections go both ways */
void ct_case_ec_p256_leaves(const unsigned char *secret)
{
    ct_limb_t a[P256_FE_LIMBS], b[P256_FE_LIMBS], x[P256_FE_LIMBS], y[P256_FE_LIMBS];

    fill_raw(a, secret, 0);
    fill_raw(b, secret, 32);
    p256_fe_mul(x, a, b);
    p256_fe_sqr(y, a);
    p256_fe_add(x, x, y);
    p256_fe_sub(y, y, b);
    p256_fe_neg(x, x);
    p256_fe_add(a, a, b);
    p256_fe_sub(b, b, a);
    p256_fe_mulk(y, y, 3);
    p256_fe_mulk(x, x, 8);
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(a, sizeof a);
    ct_keep_mem(b, sizeof b);
    fill_raw(a, secret, 0);
    fill_raw(b, secret, 32);
    p256_fe_mul_c(x, a, b);
    p256_fe_sqr_c(y, a);
    p256_fe_add_c(x, x, y);
    p256_fe_sub_c(y, y, b);
    p256_fe_neg_c(x, x);
    p256_fe_add_c(a, a, b);
    p256_fe_sub_c(b, b, a);
    p256_fe_mulk_c(y, y, 3);
    p256_fe_mulk_c(x, x, 8);
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(a, sizeof a);
    ct_keep_mem(b, sizeof b);
#if MP_LIMB_BITS == 32
    {   /* the Montgomery product for any 256-bit modulus (the scalars mod
         * n in PROFILE=small on UMAAL targets) and its C twin, mod n */
        fill_raw(a, secret, 0);
        fill_raw(b, secret, 32);
        ct_keep(p256_mont_mul_c(x, a, b, C->n.N, C->n.ninv));
#if defined(P256_ASM_MONT)
        ct_keep(p256_mont_mul_asm(y, a, b, C->n.N, C->n.ninv));
        ct_keep_mem(y, sizeof y);
#endif
        ct_keep_mem(x, sizeof x);
    }
#endif
    {   /* the point tables' scan (assembly where the target has it) and
         * its twin: a secret table of k P's shape (16 entries of 3L
         * limbs), a secret index that may be past the last entry */
        ct_limb_t tab[16 * 3 * P256_FE_LIMBS], row[3 * P256_FE_LIMBS];
        size_t i, index = secret[250] & 31u;

        for (i = 0; i < sizeof tab; i++)
            ((unsigned char *)tab)[i] = secret[i & (CT_SECRET_BYTES - 1)];
        ec_limbs_lookup(row, tab, 16, 3 * P256_FE_LIMBS, index);
        ct_keep_mem(row, sizeof row);
        ct_limbs_lookup(row, tab, 16, 3 * P256_FE_LIMBS, index);
        ct_keep_mem(row, sizeof row);
    }
}

void ct_case_ec_p256_point(const unsigned char *secret)
{
    /* the complete formulas on secret coordinates (on the curve or not:
     * the sequence of operations is what is judged) */
    ec_point P, Q, R;
    ec_affine A;

    fill_raw(P.X, secret, 0);
    fill_raw(P.Y, secret, 32);
    fill_raw(P.Z, secret, 64);
    fill_raw(Q.X, secret, 96);
    fill_raw(Q.Y, secret, 128);
    fill_raw(Q.Z, secret, 160);
    fill_raw(A.x, secret, 192);
    fill_raw(A.y, secret, 224);
    ec_point_add(C, &R, &P, &Q);
    ec_point_add(C, &R, &R, &R);
    ec_point_add_affine(C, &R, &R, &A);
    ec_point_dbl(C, &R, &R);
    ec_point_cneg(C, &R, ct_u32_lt(secret[3], secret[4]));
    ct_keep(ec_point_to_affine(C, &A, &R).m);
    ct_keep_mem(&A, sizeof A);
    ct_keep(ec_affine_on_curve(C, &A).m);
}

/* the Jacobian formulas on secret coordinates; the modular layout puts 0
 * into Z for some secrets, so the masked copies for infinity go both ways */
void ct_case_ec_p256_jacobian(const unsigned char *secret)
{
    ec_jac P, Q, R;
    ec_point S;
    ec_affine A;

    fill_raw(P.X, secret, 0);
    fill_raw(P.Y, secret, 32);
    fill_raw(P.Z, secret, 64);
    fill_raw(Q.X, secret, 96);
    fill_raw(Q.Y, secret, 128);
    fill_raw(Q.Z, secret, 160);
    fill_raw(A.x, secret, 192);
    fill_raw(A.y, secret, 224);
    ec_jac_add(C, &R, &P, &Q);
    ec_jac_add_affine(C, &R, &R, &A);
    ec_jac_add_affine(C, &Q, &Q, &A);
    ec_jac_dbl(C, &R, &R);
    ec_jac_add(C, &R, &R, &Q);
    ec_jac_cneg(C, &R, ct_u32_lt(secret[3], secret[4]));
    ec_jac_to_point(C, &S, &R);
    ct_keep_mem(&S, sizeof S);
    ec_jac_to_point(C, &S, &P);
    ct_keep_mem(&S, sizeof S);
}

/* P-256's assembly doubling and mixed addition called directly (where
 * p256_field.h sets P256_ASM_JAC) and their C twins, on secret
 * coordinates (Z = 0 among them), the doubling also in place */
void ct_case_ec_p256_jac_asm(const unsigned char *secret)
{
    ec_jac P, R;
    ec_affine A;

    fill_raw(P.X, secret, 0);
    fill_raw(P.Y, secret, 32);
    fill_raw(P.Z, secret, 64);
    fill_raw(A.x, secret, 192);
    fill_raw(A.y, secret, 224);
#if defined(P256_ASM_JAC)
    p256_jac_dbl_asm(R.X, P.X, sizeof(ec_fe));
    ct_keep_mem(&R, sizeof R);
    p256_jac_madd_if_asm(R.X, P.X, A.x, sizeof(ec_fe),
                         ct_cond_mask_limb(ct_u32_lt(secret[5], secret[6])), C->one);
    ct_keep_mem(&R, sizeof R);
    R = P;
    p256_jac_madd_if_asm(R.X, R.X, A.x, sizeof(ec_fe),
                         ct_cond_mask_limb(ct_u32_lt(secret[6], secret[5])), C->one);
    ct_keep_mem(&R, sizeof R);
    p256_jac_dbl_asm(P.X, P.X, sizeof(ec_fe));
    ct_keep_mem(&P, sizeof P);
    ec_jac_dbl_p256_c(C, &R, &P);
    ct_keep_mem(&R, sizeof R);
    ec_jac_add_affine_if_p256_c(C, &R, &P, &A, ct_u32_lt(secret[3], secret[4]));
    ct_keep_mem(&R, sizeof R);
#else
    /* the formulas on the leaves where there is no such assembly */
    ec_jac_dbl(C, &R, &P);
    ct_keep_mem(&R, sizeof R);
    ec_jac_add_affine_if(C, &R, &P, &A, ct_u32_lt(secret[3], secret[4]));
    ct_keep_mem(&R, sizeof R);
#endif
}

void ct_case_ec_p256_keygen(const unsigned char *secret)
{
    uint8_t priv[32], pub[65];

    ct_keep((uint64_t)ctc_p256_keygen(priv, pub, secret, 48));
    ct_keep_mem(priv, 32);
    ct_keep_mem(pub, 65);
}

void ct_case_ec_private_key_check(const unsigned char *secret)
{
    uint8_t d[32];

    fill_key(d, secret, 0);
    ct_keep((uint64_t)ctc_p256_private_key_check(d));
}

void ct_case_ec_ecdh(const unsigned char *secret)
{
    uint8_t d[32], z[32];

    fill_key(d, secret, 0);
    ct_keep((uint64_t)ctc_ecdh_p256(z, d, peer, sizeof peer));
    ct_keep_mem(z, 32);
}

void ct_case_ec_ecdsa_sign(const unsigned char *secret)
{
    /* secret key, secret message hash and hedging bytes (the nonce is
     * derived from all three) */
    uint8_t d[32], h[32], extra[16], sig[64];

    fill_key(d, secret, 0);
    memcpy(h, secret + 120, 32);
    memcpy(extra, secret + 160, 16);
    ct_keep((uint64_t)ctc_ecdsa_p256_sign(sig, d, h, 32, extra, sizeof extra));
    ct_keep_mem(sig, 64);
}

/* k P and k G themselves (ec_mul, ec_mul_base; PROFILE=small: the co-Z
 * ladder of ec_ladder.c, k G the comb with CTC_EC_SMALL_COMB) on scalars
 * that are not made valid keys: the
 * modular layout's p - 1, 1, p - 2, 2^255, n - 1, 0, (p + 1) / 2 and 2
 * take every masked path the scalar handling has (k >= n reduced, the
 * fold of a set top bit, s + n or s + 2n, and the two scalars the ladder
 * leaves to masked copies, 0 and +-1 mod n) */
void ct_case_ec_mul_scalar(const unsigned char *secret)
{
    ec_affine P;
    ec_point R;
    ec_sc k;

    (void)ec_point_decode_vartime(C, &P, peer, sizeof peer);  /* public */
    (void)mp_from_be(k, C->limbs, secret, 32);
    ec_mul(C, &R, k, &P);
    ct_keep_mem(&R, sizeof R);
    (void)mp_from_be(k, C->limbs, secret + 32, 32);
    ec_mul_base(C, &R, k);
    ct_keep_mem(&R, sizeof R);
}

/* ---- P-384 ------------------------------------------------------------------- */

/* RFC 6979 A.2.6's public key: a fixed, public P-384 peer */
static const uint8_t peer384[97] = {
    0x04, 0xec, 0x3a, 0x4e, 0x41, 0x5b, 0x4e, 0x19, 0xa4, 0x56, 0x86, 0x18, 0x02,
    0x9f, 0x42, 0x7f, 0xa5, 0xda, 0x9a, 0x8b, 0xc4, 0xae, 0x92, 0xe0, 0x2e, 0x06,
    0xaa, 0xe5, 0x28, 0x6b, 0x30, 0x0c, 0x64, 0xde, 0xf8, 0xf0, 0xea, 0x90, 0x55,
    0x86, 0x60, 0x64, 0xa2, 0x54, 0x51, 0x54, 0x80, 0xbc, 0x13, 0x80, 0x15, 0xd9,
    0xb7, 0x2d, 0x7d, 0x57, 0x24, 0x4e, 0xa8, 0xef, 0x9a, 0xc0, 0xc6, 0x21, 0x89,
    0x67, 0x08, 0xa5, 0x93, 0x67, 0xf9, 0xdf, 0xb9, 0xf5, 0x4c, 0xa8, 0x4b, 0x3f,
    0x1c, 0x9d, 0xb1, 0x28, 0x8b, 0x23, 0x1c, 0x3a, 0xe0, 0xd4, 0xfe, 0x73, 0x44,
    0xfd, 0x25, 0x33, 0x26, 0x47, 0x20
};

/* the field and scalar arithmetic of P-384 (48-byte values from the
 * secret as they are) */
void ct_case_ec_p384_field(const unsigned char *secret)
{
    const ec_curve *C3 = ec_p384();
    ec_fe a, b, x;
    ec_sc s;

    (void)mp_from_be(a, C3->limbs, secret, 48);
    (void)mp_from_be(b, C3->limbs, secret + 48, 48);
    ec_fe_mul(C3, x, a, b);
    ec_fe_sqr(C3, x, x);
    ec_fe_add(C3, x, x, a);
    ec_fe_sub(C3, x, x, b);
    ec_fe_inv(C3, x, x);
    ct_keep_mem(x, sizeof x);
    (void)mp_from_be(s, C3->limbs, secret + 96, 48);
    ec_sc_reduce_once(C3, s, s);
    ec_sc_inv_mont(C3, s, s);
    ct_keep_mem(s, sizeof s);
}

/* two P-384 field elements from the secret bytes at `off` and off + 48
 * (big-endian), with the top bit cleared so that each is below p (the
 * leaves' contract); the bytes patterns still give all-zero and
 * all-ones words */
static void fill_p384(ct_limb_t *a, ct_limb_t *b, const unsigned char *secret, unsigned off)
{
    (void)mp_from_be(a, P384_FE_LIMBS, secret + off, 48);
    (void)mp_from_be(b, P384_FE_LIMBS, secret + off + 48, 48);
    a[P384_FE_LIMBS - 1] &= (ct_limb_t)-1 >> 1;
    b[P384_FE_LIMBS - 1] &= (ct_limb_t)-1 >> 1;
}

void ct_case_ec_p384_leaves(const unsigned char *secret)
{
    ct_limb_t a[P384_FE_LIMBS], b[P384_FE_LIMBS], x[P384_FE_LIMBS], y[P384_FE_LIMBS];

    fill_p384(a, b, secret, 0);
    p384_fe_mul(x, a, b);
    p384_fe_sqr(y, a);
    p384_fe_add(x, x, y);
    p384_fe_sub(y, y, b);
    p384_fe_neg(x, x);
    p384_fe_add(a, a, b);
    p384_fe_sub(b, b, a);
    p384_fe_mulk(y, y, 3);
    p384_fe_mulk(x, x, 8);
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(a, sizeof a);
    ct_keep_mem(b, sizeof b);
#if defined(P384_ASM_MULX)
    /* both x86-64 products, whichever the CPUID choice above ran */
    fill_p384(a, b, secret, 0);
    p384_fe_mul_asm(x, a, b);
    p384_fe_sqr_asm(y, a);
#if defined(MP_ASM_X86_64_MULX)
    p384_fe_mul_asm_mulx(a, x, b);
    p384_fe_sqr_asm_mulx(b, y);
#else
    if (mp_x86_mulx()) {
        p384_fe_mul_asm_mulx(a, x, b);
        p384_fe_sqr_asm_mulx(b, y);
    }
#endif
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(a, sizeof a);
    ct_keep_mem(b, sizeof b);
#endif
    fill_p384(a, b, secret, 0);
    p384_fe_mul_c(x, a, b);
    p384_fe_sqr_c(y, a);
    p384_fe_add_c(x, x, y);
    p384_fe_sub_c(y, y, b);
    p384_fe_neg_c(x, x);
    p384_fe_add_c(a, a, b);
    p384_fe_sub_c(b, b, a);
    p384_fe_mulk_c(y, y, 3);
    p384_fe_mulk_c(x, x, 8);
    ct_keep_mem(x, sizeof x);
    ct_keep_mem(y, sizeof y);
    ct_keep_mem(a, sizeof a);
    ct_keep_mem(b, sizeof b);
}

void ct_case_ec_p384_ecdh(const unsigned char *secret)
{
    uint8_t d[48], z[48];

    fill_key_n(d, 48, secret, 0);
    ct_keep((uint64_t)ctc_ecdh_p384(z, d, peer384, sizeof peer384));
    ct_keep_mem(z, 48);
}

void ct_case_ec_p384_sign(const unsigned char *secret)
{
    /* secret key, hash and hedging bytes; k G without a table (ec_mul) */
    uint8_t d[48], h[48], extra[16], sig[96];

    fill_key_n(d, 48, secret, 0);
    memcpy(h, secret + 120, 48);
    memcpy(extra, secret + 200, 16);
    ct_keep((uint64_t)ctc_ecdsa_p384_sign(sig, d, h, 48, extra, sizeof extra));
    ct_keep_mem(sig, 96);
}

/* ---- negative controls ---------------------------------------------------- */

#if defined(__GNUC__)
#define EC_NOINLINE __attribute__((noinline))
#else
#define EC_NOINLINE
#endif

/* Left-to-right double-and-add: an addition only where the bit is set. */
EC_NOINLINE static void leaky_double_and_add(ec_point *R, const uint8_t k[32],
                                             const ec_affine *P, int bits)
{
    int i;

    ec_point_set_infinity(C, R);
    for (i = bits - 1; i >= 0; i--) {
        ec_point_dbl(C, R, R);
        if ((k[31 - (i >> 3)] >> (i & 7)) & 1)
            ec_point_add_affine(C, R, R, P);
    }
}

void ct_case_ec_leaky_double_and_add(const unsigned char *secret)
{
    ec_point R;
    ec_affine G;
    uint8_t k[32];

    /* a 32-bit scalar keeps the control cheap; every bit is secret */
    memset(k, 0, 32);
    memcpy(k + 28, secret + 3, 4);
    ec_affine_generator(C, &G);
    leaky_double_and_add(&R, k, &G, 32);
    ct_keep_mem(&R, sizeof R);
}

/* negative control for the point tables' scan: the entry read at its
 * secret index alone (a secret-dependent address; volatile loads of its
 * own, which the compiler cannot turn into a memcpy call: MemorySanitizer
 * does not check the shadow of memcpy's pointer arguments) */
CT_NOINLINE static void leaky_lookup(ct_limb_t *X, const ct_limb_t *table, size_t n,
                                     size_t index)
{
    const volatile ct_limb_t *e = table + index * n;
    size_t i;

    for (i = 0; i < n; i++)
        X[i] = e[i];
}

void ct_case_ec_leaky_lookup(const unsigned char *secret)
{
    ct_limb_t tab[16 * 2 * P256_FE_LIMBS], row[2 * P256_FE_LIMBS];
    size_t i;

    for (i = 0; i < sizeof tab; i++)
        ((unsigned char *)tab)[i] = secret[i & (CT_SECRET_BYTES - 1)];
    leaky_lookup(row, tab, 2 * P256_FE_LIMBS, secret[9] & 15u);
    ct_keep_mem(row, sizeof row);
}

void ct_case_ec_leaky_mul2_vartime(const unsigned char *secret)
{
    ec_jac R;
    ec_affine G;
    ec_sc u1, u2;

    /* 32-bit scalars: a short chain (the top zero digits are skipped) */
    mp_zero(u1, L);
    mp_zero(u2, L);
    u1[0] = (ct_limb_t)ct_ld32(secret + 5);
    u2[0] = (ct_limb_t)ct_ld32(secret + 77);
    ec_affine_generator(C, &G);
    ec_mul2_vartime(C, &R, u1, u2, &G);
    ct_keep_mem(&R, sizeof R);
}
