/*
 * bench_ec.c - P-256 and P-384, one table row per curve, the same code
 * through the curve descriptor: field multiply, square, add and inversion
 * (safegcd and Fermat), variable-base scalar multiplication (k P to
 * affine), public key from a private key (k G), ECDH (peer-key validation
 * included), ECDSA sign (RFC 6979 nonce included) and verify.
 *
 * On the host, next to OpenSSL (libcrypto's EC_POINT_mul, ECDH_compute_key,
 * ECDSA_do_sign/do_verify on an EC_KEY; its P-256 code may use
 * precomputed tables for k G), mbedTLS 2.28 (mbedtls_ecp_mul,
 * mbedtls_ecdh_compute_shared, mbedtls_ecdsa_sign_det_ext,
 * mbedtls_ecdsa_verify; its blinding RNG is a fast xorshift here) and
 * BearSSL (br_ec_p256_m31 for P-256 points, br_ec_prime_i31 for P-384,
 * br_ecdsa_i31_sign_raw/vrfy_raw),
 * in the same run. OpenSSL 3.0 signs with a random nonce (no
 * deterministic option), mbedTLS and BearSSL with RFC 6979 as we do.
 *
 * On the emulated cores, ours only (instructions, estimated cycles,
 * stack); the point operations run with 2 iterations in the second region.
 */
#include <string.h>

#include "ctcrypto/ec.h"
#include "ec/ec.h"

#include "harness.h"

#if BENCH_HOST
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <bearssl.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/version.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <stdio.h>
#include <stdlib.h>
#endif

#define MAXB EC_MAX_BYTES

/* the curve being measured, and what the peers call it */
struct bench_curve {
    const char *title, *prefix;
    const ec_curve *(*curve)(void);
#if BENCH_HOST
    int nid;
    mbedtls_ecp_group_id mbed;
    mbedtls_md_type_t md;
    int br_curve;
    const br_ec_impl *br;
    const br_hash_class *br_hash;
#endif
};

static const struct bench_curve curves[] = {
#if CTC_EC_P256
    { "P-256", "p256", ec_p256,
#if BENCH_HOST
      NID_X9_62_prime256v1, MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256, BR_EC_secp256r1,
      &br_ec_p256_m31, &br_sha256_vtable,
#endif
    },
#endif
#if CTC_EC_P384
    { "P-384", "p384", ec_p384,
#if BENCH_HOST
      NID_secp384r1, MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384, BR_EC_secp384r1,
      &br_ec_prime_i31, &br_sha384_vtable,
#endif
    },
#endif
};

static const ec_curve *C;                /* curves[i].curve() */
static const struct bench_curve *BC;
static size_t SZ, PUB;                   /* C->bytes, 1 + 2 SZ */

static struct {
    uint8_t d[MAXB], k[MAXB], h[MAXB], pub[1 + 2 * MAXB], peer[1 + 2 * MAXB], sig[2 * MAXB],
        z[MAXB];
    ec_fe a, b, x;
    ec_sc s, kl;                        /* kl: k as limbs, ec_mul's form */
    ec_affine P;
    ec_point R;
#if BENCH_HOST
    EC_GROUP *grp;
    EC_KEY *key;
    EC_POINT *oP, *oR, *opeer;
    BIGNUM *ok;
    BN_CTX *bctx;
    ECDSA_SIG *osig;
    mbedtls_ecp_group mg;
    mbedtls_ecp_point mP, mR, mQ;
    mbedtls_mpi md, mk, mr, ms, mz;
    br_ec_private_key bsk;
    br_ec_public_key bpk;
    uint8_t bsig[2 * MAXB];
#endif
} S;

static uint64_t rng = 0x243f6a8885a308d3u;

/* ---- ours --------------------------------------------------------------------- */

static void o_fe_mul(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_fe_mul(C, S.x, S.x, S.b);
    bench_sink ^= S.x[0];
}

/* a product mod n (Montgomery form; s: a value below n) */
static void o_sc_mul(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_sc_montmul(C, S.s, S.s, S.s);
    bench_sink ^= S.s[0];
}

static void o_fe_sqr(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_fe_sqr(C, S.x, S.x);
    bench_sink ^= S.x[0];
}

static void o_fe_add(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_fe_add(C, S.x, S.x, S.b);
    bench_sink ^= S.x[0];
}

static void o_fe_inv(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_fe_inv(C, S.x, S.a);
    bench_sink ^= S.x[0];
}

/* safegcd itself on every build (ec_fe_inv is Fermat in PROFILE=small):
 * mp_inv and the
 * product by R^3, as ec_fe_inv does it */
static CT_NOINLINE void fe_inv_safegcd(ct_limb_t *X, const ct_limb_t *A)
{
    ct_limb_t T[MP_INV_SCRATCH(EC_LIMBS)];
    ec_fe Y;

    (void)mp_inv(Y, A, C->p.N, C->limbs, T);
    ec_fe_mul(C, X, Y, C->r3);
}

static void o_fe_inv_safegcd(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        fe_inv_safegcd(S.x, S.a);
    bench_sink ^= S.x[0];
}

static void o_fe_inv_fermat(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ec_fe_inv_fermat(C, S.x, S.a);
    bench_sink ^= S.x[0];
}

static void o_mul(void *c, uint64_t it)
{
    ec_affine A;

    (void)c;
    while (it--) {
        ec_mul(C, &S.R, S.kl, &S.P);
        (void)ec_point_to_affine(C, &A, &S.R);
    }
    bench_sink ^= A.x[0];
}

static void o_pub(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)ec_public_key(C, S.pub, S.d);
}

static void o_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)ec_ecdh(C, S.z, S.d, S.peer, PUB);
}

static void o_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)ec_ecdsa_sign(C, S.sig, S.d, S.h, SZ, NULL, 0);
}

static void o_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)ec_ecdsa_verify(C, S.pub, PUB, S.h, SZ, S.sig, 2 * SZ);
}

#if BENCH_HOST
/* ---- OpenSSL ------------------------------------------------------------------ */

static void s_mul(void *c, uint64_t it)
{
    BIGNUM *x = BN_new(), *y = BN_new();

    (void)c;
    while (it--) {
        EC_POINT_mul(S.grp, S.oR, NULL, S.oP, S.ok, S.bctx);
        EC_POINT_get_affine_coordinates(S.grp, S.oR, x, y, S.bctx);
    }
    BN_free(x);
    BN_free(y);
}

static void s_pub(void *c, uint64_t it)
{
    uint8_t out[1 + 2 * MAXB];

    (void)c;
    while (it--) {
        EC_POINT_mul(S.grp, S.oR, S.ok, NULL, NULL, S.bctx);
        EC_POINT_point2oct(S.grp, S.oR, POINT_CONVERSION_UNCOMPRESSED, out, PUB, S.bctx);
    }
    bench_sink ^= out[5];
}

static void s_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--) {
        /* decoding and checking the peer's point, as ours does */
        EC_POINT_oct2point(S.grp, S.opeer, S.peer, PUB, S.bctx);
        bench_sink ^= (uint64_t)ECDH_compute_key(S.z, SZ, S.opeer, S.key, NULL);
    }
}

static void s_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        ECDSA_SIG_free(ECDSA_do_sign(S.h, (int)SZ, S.key));
}

static void s_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)ECDSA_do_verify(S.h, (int)SZ, S.osig, S.key);
}

/* ---- mbedTLS ------------------------------------------------------------------ */

static int m_rng(void *p, unsigned char *out, size_t n)
{
    (void)p;
    bench_xorshift(&rng, out, n);
    return 0;
}

static void m_mul(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        mbedtls_ecp_mul(&S.mg, &S.mR, &S.mk, &S.mP, m_rng, NULL);
}

static void m_pub(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        mbedtls_ecp_mul(&S.mg, &S.mR, &S.md, &S.mg.G, m_rng, NULL);
}

static void m_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--) {
        mbedtls_ecp_point_read_binary(&S.mg, &S.mQ, S.peer, PUB);
        mbedtls_ecp_check_pubkey(&S.mg, &S.mQ);
        mbedtls_ecdh_compute_shared(&S.mg, &S.mz, &S.mQ, &S.md, m_rng, NULL);
    }
}

static void m_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        mbedtls_ecdsa_sign_det_ext(&S.mg, &S.mr, &S.ms, &S.md, S.h, SZ, BC->md, m_rng, NULL);
}

static void m_verify(void *c, uint64_t it)
{
    mbedtls_mpi r, s;

    (void)c;
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    mbedtls_mpi_read_binary(&r, S.sig, SZ);
    mbedtls_mpi_read_binary(&s, S.sig + SZ, SZ);
    mbedtls_ecp_point_read_binary(&S.mg, &S.mQ, S.pub, PUB);
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_ecdsa_verify(&S.mg, S.h, SZ, &S.mQ, &r, &s);
    mbedtls_mpi_free(&r);
    mbedtls_mpi_free(&s);
}

/* ---- BearSSL ------------------------------------------------------------------ */

static void b_mul(void *c, uint64_t it)
{
    uint8_t G[1 + 2 * MAXB];

    (void)c;
    while (it--) {
        memcpy(G, S.peer, PUB);
        bench_sink ^= BC->br->mul(G, PUB, S.k, SZ, BC->br_curve);
    }
}

static void b_pub(void *c, uint64_t it)
{
    uint8_t out[1 + 2 * MAXB];

    (void)c;
    while (it--)
        bench_sink ^= BC->br->mulgen(out, S.d, SZ, BC->br_curve);
}

static void b_ecdh(void *c, uint64_t it)
{
    /* mul decodes and checks the point and returns the shared point */
    b_mul(c, it);
}

static void b_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= br_ecdsa_i31_sign_raw(BC->br, BC->br_hash, S.h, &S.bsk, S.bsig);
}

static void b_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= br_ecdsa_i31_vrfy_raw(BC->br, S.h, SZ, &S.bpk, S.sig, 2 * SZ);
}

static void peers_setup(void)
{
    BIGNUM *bd = BN_bin2bn(S.d, (int)SZ, NULL);
    EC_POINT *Q;

    S.grp = EC_GROUP_new_by_curve_name(BC->nid);
    S.bctx = BN_CTX_new();
    S.key = EC_KEY_new_by_curve_name(BC->nid);
    S.oP = EC_POINT_new(S.grp);
    S.oR = EC_POINT_new(S.grp);
    S.opeer = EC_POINT_new(S.grp);
    S.ok = BN_bin2bn(S.k, (int)SZ, NULL);
    Q = EC_POINT_new(S.grp);
    if (!S.grp || !S.bctx || !S.key || !S.oP || !S.oR || !S.opeer || !S.ok || !bd || !Q
        || !EC_POINT_oct2point(S.grp, S.oP, S.peer, PUB, S.bctx)
        || !EC_POINT_oct2point(S.grp, Q, S.pub, PUB, S.bctx)
        || !EC_KEY_set_private_key(S.key, bd) || !EC_KEY_set_public_key(S.key, Q))
        abort();
    S.osig = ECDSA_do_sign(S.h, (int)SZ, S.key);
    BN_free(bd);
    EC_POINT_free(Q);

    mbedtls_ecp_group_init(&S.mg);
    mbedtls_ecp_point_init(&S.mP);
    mbedtls_ecp_point_init(&S.mR);
    mbedtls_ecp_point_init(&S.mQ);
    mbedtls_mpi_init(&S.md);
    mbedtls_mpi_init(&S.mk);
    mbedtls_mpi_init(&S.mr);
    mbedtls_mpi_init(&S.ms);
    mbedtls_mpi_init(&S.mz);
    if (mbedtls_ecp_group_load(&S.mg, BC->mbed) != 0
        || mbedtls_ecp_point_read_binary(&S.mg, &S.mP, S.peer, PUB) != 0
        || mbedtls_mpi_read_binary(&S.md, S.d, SZ) != 0
        || mbedtls_mpi_read_binary(&S.mk, S.k, SZ) != 0)
        abort();

    S.bsk.curve = BC->br_curve;
    S.bsk.x = S.d;
    S.bsk.xlen = SZ;
    S.bpk.curve = BC->br_curve;
    S.bpk.q = S.pub;
    S.bpk.qlen = PUB;
}

static void peers_free(void)
{
    ECDSA_SIG_free(S.osig);
    EC_POINT_free(S.oP);
    EC_POINT_free(S.oR);
    EC_POINT_free(S.opeer);
    EC_KEY_free(S.key);
    BN_free(S.ok);
    BN_CTX_free(S.bctx);
    EC_GROUP_free(S.grp);
    mbedtls_ecp_group_free(&S.mg);
    mbedtls_ecp_point_free(&S.mP);
    mbedtls_ecp_point_free(&S.mR);
    mbedtls_ecp_point_free(&S.mQ);
    mbedtls_mpi_free(&S.md);
    mbedtls_mpi_free(&S.mk);
    mbedtls_mpi_free(&S.mr);
    mbedtls_mpi_free(&S.ms);
    mbedtls_mpi_free(&S.mz);
}
#define PEER(x) x
#else
#define PEER(x) NULL
#endif

static void run4(const char *op, bench_fn o, bench_fn s, bench_fn m, bench_fn b, int heavy)
{
    bench_emu_iters = heavy ? 2 : 9;
    bench_run_named("ec", BC->prefix, op, "ctcrypto", o, &S, 0);
    if (s)
        bench_run_named("ec", BC->prefix, op, "openssl", s, &S, 0);
    if (m)
        bench_run_named("ec", BC->prefix, op, "mbedtls", m, &S, 0);
    if (b)
        bench_run_named("ec", BC->prefix, op, "bearssl", b, &S, 0);
}

int main(void)
{
    uint8_t t[MAXB];
    size_t c;

    bench_info(ctc_build_info());
#if BENCH_HOST
    {
        char peers[200];
        snprintf(peers, sizeof peers, "peers: %s; mbedTLS %d.%d.%d; BearSSL (Debian libbearssl, "
                 "p256_m31 and prime_i31, ecdsa_i31)", OpenSSL_version(OPENSSL_VERSION),
                 MBEDTLS_VERSION_MAJOR, MBEDTLS_VERSION_MINOR, MBEDTLS_VERSION_PATCH);
        bench_info(peers);
    }
#endif
    for (c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        BC = &curves[c];
        C = BC->curve();
        SZ = C->bytes;
        PUB = 1 + 2 * SZ;
        bench_ec_inputs(&rng, SZ, S.d, S.k, t, S.h);
        (void)mp_from_be(S.kl, C->limbs, S.k, SZ);
        if (ec_public_key(C, S.pub, S.d) != 0 || ec_public_key(C, S.peer, t) != 0
            || ec_ecdsa_sign(C, S.sig, S.d, S.h, SZ, NULL, 0) != 0
            || ec_ecdsa_verify(C, S.pub, PUB, S.h, SZ, S.sig, 2 * SZ) != 0)
            return 1;
        (void)ec_point_decode_vartime(C, &S.P, S.peer, PUB);
        mp_copy(S.a, S.P.x, C->limbs);
        mp_copy(S.b, S.P.y, C->limbs);
        mp_copy(S.x, S.P.x, C->limbs);
        ec_sc_reduce_once(C, S.s, S.P.x);
#if BENCH_HOST
        peers_setup();
#endif
        bench_header(BC->title);
        run4("field mul", o_fe_mul, NULL, NULL, NULL, 0);
        run4("field sqr", o_fe_sqr, NULL, NULL, NULL, 0);
        run4("field add", o_fe_add, NULL, NULL, NULL, 0);
        run4("scalar mul (mod n)", o_sc_mul, NULL, NULL, NULL, 0);
        run4("field inv (as built)", o_fe_inv, NULL, NULL, NULL, 0);
        run4("field inv (safegcd)", o_fe_inv_safegcd, NULL, NULL, NULL, 0);
        run4("field inv (Fermat)", o_fe_inv_fermat, NULL, NULL, NULL, 1);
        run4("scalar mult k P (affine)", o_mul, PEER(s_mul), PEER(m_mul), PEER(b_mul), 1);
        run4("public key k G", o_pub, PEER(s_pub), PEER(m_pub), PEER(b_pub), 1);
        run4("ECDH (with peer check)", o_ecdh, PEER(s_ecdh), PEER(m_ecdh), PEER(b_ecdh), 1);
        run4("ECDSA sign", o_sign, PEER(s_sign), PEER(m_sign), PEER(b_sign), 1);
        run4("ECDSA verify", o_verify, PEER(s_verify), PEER(m_verify), PEER(b_verify), 1);
#if BENCH_HOST
        peers_free();
#endif
    }
    return 0;
}
