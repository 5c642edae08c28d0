/*
 * peer_wolfssl.c - wolfSSL's wolfCrypt on the emulated cores, for the
 * comparison built by tools/peers.py (docs/peers.md): P-256, P-384 and
 * SHA-256/512 under bench_ec.c's and bench_hash.c's names, impl "wolfssl".
 * Built only by tools/peers.py, with bench/peers/wolfssl/user_settings.h.
 *
 * Inputs come from bench_ec.c's xorshift sequence (same keys and hashes).
 * The random bytes wolfCrypt asks for (CUSTOM_RAND_GENERATE_BLOCK: key
 * generation, the ECDSA nonce, ECDH blinding) are the same deterministic
 * xorshift from another seed; its cost is inside the regions.
 *
 *   public key k G            wc_ecc_make_pub, then wc_ecc_export_x963
 *   keygen                    wc_ecc_make_key_ex
 *   ECDH (with peer check)    wc_ecc_import_x963_ex of the peer's point,
 *                             wc_ecc_check_key (wolfSSL's public-key check:
 *                             on the curve, and order times the point is
 *                             the identity, a second multiplication),
 *                             wc_ecc_shared_secret
 *   ECDH (no peer check)      the same without wc_ecc_check_key: the SP
 *                             shared secret does not check the point
 *   ECDSA sign                wc_ecc_sign_hash_ex (random nonce; r and s
 *                             as integers, no DER)
 *   ECDSA verify              wc_ecc_verify_hash_ex (key imported outside;
 *                             a failed verification fails the run)
 *   SHA-256 / SHA-512         wc_Sha256Hash / wc_Sha512Hash
 */
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/version.h>

#include "harness.h"

#define MAXB 48

struct curve {
    const char *title, *prefix;
    int id;
    size_t bytes;
};

static const struct curve curves[] = {
    { "P-256", "p256", ECC_SECP256R1, 32 },
    { "P-384", "p384", ECC_SECP384R1, 48 },
};

static const struct curve *BC;
static size_t SZ, PUB;
static unsigned char msg[16384];

static struct {
    uint8_t d[MAXB], k[MAXB], t[MAXB], h[MAXB], pub[1 + 2 * MAXB], peer[1 + 2 * MAXB],
        z[MAXB], out[1 + 2 * MAXB], md[64];
    size_t len;
    WC_RNG rng;
    ecc_key key, pubkey, peerkey, gen, tkey;
    mp_int r, s;
} S;

static uint64_t seq = 0x243f6a8885a308d3u, rng = 0x13198a2e03707344u;

int peer_wolfssl_rand(unsigned char *out, unsigned int n)
{
    bench_xorshift(&rng, out, n);
    return 0;
}

static void w_pub(void *c, uint64_t it)
{
    word32 olen;

    (void)c;
    while (it--) {
        olen = sizeof S.out;
        bench_sink ^= (uint64_t)wc_ecc_make_pub(&S.key, NULL);
        bench_sink ^= (uint64_t)wc_ecc_export_x963(&S.key, S.out, &olen);
    }
}

static void w_keygen(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)wc_ecc_make_key_ex(&S.rng, (int)SZ, &S.gen, BC->id);
}

static unsigned bad;                     /* operations that failed in a region */

static void ecdh(int check, uint64_t it)
{
    word32 zlen;

    while (it--) {
        zlen = sizeof S.z;
        bad += wc_ecc_import_x963_ex(S.peer, (word32)PUB, &S.peerkey, BC->id) != 0;
        if (check)
            bad += wc_ecc_check_key(&S.peerkey) != 0;
        bad += wc_ecc_shared_secret(&S.key, &S.peerkey, S.z, &zlen) != 0;
    }
}

static void w_ecdh(void *c, uint64_t it)
{
    (void)c;
    ecdh(1, it);
}

static void w_ecdh_nocheck(void *c, uint64_t it)
{
    (void)c;
    ecdh(0, it);
}

static void w_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)wc_ecc_sign_hash_ex(S.h, (word32)SZ, &S.rng, &S.key, &S.r, &S.s);
}

static void w_verify(void *c, uint64_t it)
{
    int res;

    (void)c;
    while (it--) {
        bad += wc_ecc_verify_hash_ex(&S.r, &S.s, S.h, (word32)SZ, &res, &S.pubkey) != 0;
        bad += res != 1;
    }
}

static void w_sha256(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)wc_Sha256Hash(msg, (word32)S.len, S.md);
}

static void w_sha512(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)wc_Sha512Hash(msg, (word32)S.len, S.md);
}

static void run(const char *op, bench_fn fn)
{
    bench_emu_iters = 2;
    bench_run_named("ec", BC->prefix, op, "wolfssl", fn, &S, 0);
}

/* keys and a signature made outside the regions, checked: the signature
 * verifies, not for another hash, and both sides of the ECDH agree */
static int setup(void)
{
    uint8_t z2[MAXB];
    word32 olen, zlen = sizeof S.z, z2len = sizeof z2;
    int res = 0;

    SZ = BC->bytes;
    PUB = 1 + 2 * SZ;
    bench_ec_inputs(&seq, SZ, S.d, S.k, S.t, S.h);
    if (wc_ecc_init(&S.key) != 0 || wc_ecc_init(&S.pubkey) != 0 || wc_ecc_init(&S.peerkey) != 0
        || wc_ecc_init(&S.gen) != 0 || wc_ecc_init(&S.tkey) != 0 || mp_init(&S.r) != MP_OKAY
        || mp_init(&S.s) != MP_OKAY)
        return 0;
    olen = sizeof S.pub;
    if (wc_ecc_import_private_key_ex(S.d, (word32)SZ, NULL, 0, &S.key, BC->id) != 0
        || wc_ecc_make_pub(&S.key, NULL) != 0 || wc_ecc_export_x963(&S.key, S.pub, &olen) != 0
        || wc_ecc_set_rng(&S.key, &S.rng) != 0)
        return 0;
    olen = sizeof S.peer;
    if (wc_ecc_import_private_key_ex(S.t, (word32)SZ, NULL, 0, &S.tkey, BC->id) != 0
        || wc_ecc_make_pub(&S.tkey, NULL) != 0 || wc_ecc_export_x963(&S.tkey, S.peer, &olen) != 0
        || wc_ecc_set_rng(&S.tkey, &S.rng) != 0)
        return 0;
    if (wc_ecc_import_x963_ex(S.pub, (word32)PUB, &S.pubkey, BC->id) != 0
        || wc_ecc_import_x963_ex(S.peer, (word32)PUB, &S.peerkey, BC->id) != 0
        || wc_ecc_sign_hash_ex(S.h, (word32)SZ, &S.rng, &S.key, &S.r, &S.s) != 0
        || wc_ecc_verify_hash_ex(&S.r, &S.s, S.h, (word32)SZ, &res, &S.pubkey) != 0 || res != 1
        || wc_ecc_verify_hash_ex(&S.r, &S.s, S.t, (word32)SZ, &res, &S.pubkey) != 0 || res != 0
        || wc_ecc_shared_secret(&S.key, &S.peerkey, S.z, &zlen) != 0
        || wc_ecc_shared_secret(&S.tkey, &S.pubkey, z2, &z2len) != 0 || zlen != z2len
        || memcmp(S.z, z2, zlen) != 0)
        return 0;
    return 1;
}

static void teardown(void)
{
    wc_ecc_free(&S.key);
    wc_ecc_free(&S.pubkey);
    wc_ecc_free(&S.peerkey);
    wc_ecc_free(&S.gen);
    wc_ecc_free(&S.tkey);
    mp_clear(&S.r);
    mp_clear(&S.s);
}

int main(void)
{
    size_t c;

    bench_info("peer: wolfSSL " LIBWOLFSSL_VERSION_STRING " (bench/peers/wolfssl/user_settings.h)");
    if (wc_InitRng(&S.rng) != 0)
        return 1;
    for (c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        BC = &curves[c];
        if (!setup())
            return 2;
        bench_header(BC->title);
        run("public key k G", w_pub);
        run("keygen", w_keygen);
        run("ECDH (with peer check)", w_ecdh);
        run("ECDH (no peer check)", w_ecdh_nocheck);
        run("ECDSA sign", w_sign);
        run("ECDSA verify", w_verify);
        teardown();
    }
    if (bad)
        return 3;
    memset(msg, 0xa5, sizeof msg);
    bench_emu_iters = 9;
    bench_hash_rows("SHA-256", "wolfssl", w_sha256, &S, &S.len);
    bench_hash_rows("SHA-512", "wolfssl", w_sha512, &S, &S.len);
    return 0;
}
