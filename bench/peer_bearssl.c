/*
 * peer_bearssl.c - BearSSL on the emulated cores, for the comparison built
 * by tools/peers.py (docs/peers.md): P-256, P-384 and SHA-256/512 under
 * bench_ec.c's and bench_hash.c's names, impl "bearssl". Built only by
 * tools/peers.py, with the flags its configuration line names.
 *
 * The implementations are BearSSL's own defaults for the build's flags:
 * br_ec_get_default(), br_ecdsa_sign_raw_get_default() and
 * br_ecdsa_vrfy_raw_get_default() (with BR_LOMUL, as on the cores without
 * a fast 32x32->64 product, the 15-bit code: p256_m15, prime_i15 and the
 * i15 ECDSA; else p256_m31, prime_i31 and the i31 ECDSA).
 *
 * Inputs come from bench_ec.c's xorshift sequence (same keys and hashes).
 * Key generation draws from a PRNG class whose output is the same
 * deterministic xorshift from another seed; signing is RFC 6979 (BearSSL
 * has no other), as bench_ec.c's.
 *
 *   public key k G            impl->mulgen
 *   keygen                    br_ec_keygen (random d), br_ec_compute_pub
 *                             (d G)
 *   ECDH (with peer check)    impl->mul (decodes the peer's point and
 *                             checks it is on the curve)
 *   ECDSA sign                the default sign_raw (RFC 6979)
 *   ECDSA verify              the default vrfy_raw (a failed verification
 *                             fails the run)
 *   SHA-256 / SHA-512         br_sha256 / br_sha512 init, update, out
 */
#include <string.h>

#include <bearssl.h>

#include "harness.h"

#define MAXB 48

struct curve {
    const char *title, *prefix;
    int id;
    const br_hash_class *hash;
    size_t bytes;
};

static const struct curve curves[] = {
    { "P-256", "p256", BR_EC_secp256r1, &br_sha256_vtable, 32 },
    { "P-384", "p384", BR_EC_secp384r1, &br_sha384_vtable, 48 },
};

static const struct curve *BC;
static const br_ec_impl *EC;
static br_ecdsa_sign SIGN;
static br_ecdsa_vrfy VRFY;
static size_t SZ, PUB;
static unsigned char msg[16384];

static struct {
    uint8_t d[MAXB], k[MAXB], t[MAXB], h[MAXB], pub[1 + 2 * MAXB], peer[1 + 2 * MAXB],
        out[1 + 2 * MAXB], sig[2 * MAXB], bsig[2 * MAXB], gkey[MAXB], md[64];
    size_t len;
    br_ec_private_key sk;
    br_ec_public_key pk;
} S;

static uint64_t seq = 0x243f6a8885a308d3u;

/* a br_prng_class whose bytes are the deterministic xorshift */
struct xprng {
    const br_prng_class *vtable;
    uint64_t st;
};

static void x_init(const br_prng_class **ctx, const void *params, const void *seed, size_t len)
{
    (void)params;
    (void)seed;
    (void)len;
    ((struct xprng *)(void *)ctx)->st = 0x13198a2e03707344u;
}

static void x_generate(const br_prng_class **ctx, void *out, size_t len)
{
    bench_xorshift(&((struct xprng *)(void *)ctx)->st, out, len);
}

static void x_update(const br_prng_class **ctx, const void *seed, size_t len)
{
    (void)ctx;
    (void)seed;
    (void)len;
}

static const br_prng_class xprng_vtable = { sizeof(struct xprng), x_init, x_generate, x_update };
static struct xprng R = { &xprng_vtable, 0x13198a2e03707344u };

static unsigned bad;                     /* operations that failed in a region */

static void b_pub(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= EC->mulgen(S.out, S.d, SZ, BC->id);
}

static void b_keygen(void *c, uint64_t it)
{
    br_ec_private_key gk;
    br_ec_public_key gp;

    (void)c;
    while (it--) {
        bad += br_ec_keygen(&R.vtable, EC, &gk, S.gkey, BC->id) != SZ;
        bad += br_ec_compute_pub(EC, &gp, S.out, &gk) != PUB;
    }
}

static void b_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--) {
        memcpy(S.out, S.peer, PUB);
        bad += EC->mul(S.out, PUB, S.d, SZ, BC->id) != 1;
    }
}

static void b_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= SIGN(EC, BC->hash, S.h, &S.sk, S.bsig);
}

static void b_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bad += VRFY(EC, S.h, SZ, &S.pk, S.sig, 2 * SZ) != 1;
}

static void b_sha256(void *c, uint64_t it)
{
    br_sha256_context h;

    (void)c;
    while (it--) {
        br_sha256_init(&h);
        br_sha256_update(&h, msg, S.len);
        br_sha256_out(&h, S.md);
    }
}

static void b_sha512(void *c, uint64_t it)
{
    br_sha512_context h;

    (void)c;
    while (it--) {
        br_sha512_init(&h);
        br_sha512_update(&h, msg, S.len);
        br_sha512_out(&h, S.md);
    }
}

static void run(const char *op, bench_fn fn)
{
    bench_emu_iters = 2;
    bench_run_named("ec", BC->prefix, op, "bearssl", fn, &S, 0);
}

/* keys and a signature made outside the regions, checked: the signature
 * verifies, not for another hash, and both sides of the ECDH agree */
static int setup(void)
{
    uint8_t z1[1 + 2 * MAXB], z2[1 + 2 * MAXB];

    SZ = BC->bytes;
    PUB = 1 + 2 * SZ;
    bench_ec_inputs(&seq, SZ, S.d, S.k, S.t, S.h);
    if (EC->mulgen(S.pub, S.d, SZ, BC->id) != PUB || EC->mulgen(S.peer, S.t, SZ, BC->id) != PUB)
        return 0;
    S.sk.curve = BC->id;
    S.sk.x = S.d;
    S.sk.xlen = SZ;
    S.pk.curve = BC->id;
    S.pk.q = S.pub;
    S.pk.qlen = PUB;
    if (SIGN(EC, BC->hash, S.h, &S.sk, S.sig) != 2 * SZ
        || VRFY(EC, S.h, SZ, &S.pk, S.sig, 2 * SZ) != 1
        || VRFY(EC, S.t, SZ, &S.pk, S.sig, 2 * SZ) != 0)
        return 0;
    memcpy(z1, S.peer, PUB);
    memcpy(z2, S.pub, PUB);
    if (EC->mul(z1, PUB, S.d, SZ, BC->id) != 1 || EC->mul(z2, PUB, S.t, SZ, BC->id) != 1
        || memcmp(z1 + 1, z2 + 1, SZ) != 0)
        return 0;
    return 1;
}

int main(void)
{
    size_t c;

    EC = br_ec_get_default();
    SIGN = br_ecdsa_sign_raw_get_default();
    VRFY = br_ecdsa_vrfy_raw_get_default();
    bench_info(EC == &br_ec_all_m15 ? "peer: BearSSL 0.6 (br_ec_all_m15: p256_m15, prime_i15; ecdsa i15)"
                                    : "peer: BearSSL 0.6 (br_ec_all_m31: p256_m31, prime_i31; ecdsa i31)");
    for (c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        BC = &curves[c];
        if (!setup())
            return 2;
        bench_header(BC->title);
        run("public key k G", b_pub);
        run("keygen", b_keygen);
        run("ECDH (with peer check)", b_ecdh);
        run("ECDSA sign", b_sign);
        run("ECDSA verify", b_verify);
    }
    if (bad)
        return 3;
    memset(msg, 0xa5, sizeof msg);
    bench_emu_iters = 9;
    bench_hash_rows("SHA-256", "bearssl", b_sha256, &S, &S.len);
    bench_hash_rows("SHA-512", "bearssl", b_sha512, &S, &S.len);
    return 0;
}
