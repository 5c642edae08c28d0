/*
 * peer_p256m.c - p256-m (the copy inside mbedTLS 3.6's source package,
 * 3rdparty/p256-m) on the emulated cores, for the comparison built by
 * tools/peers.py (docs/peers.md): P-256 under bench_ec.c's group and
 * operation names, impl "p256-m". Built only by tools/peers.py.
 *
 * Inputs come from bench_ec.c's xorshift sequence (same private key, peer
 * key and hash as bench_ec.c's P-256). The random bytes p256-m asks for
 * (key generation, the ECDSA nonce; through psa_generate_random in this
 * copy) are that deterministic xorshift from another seed: every run
 * executes the same instructions; its cost is inside the regions.
 *
 *   public key k G            p256_public_from_private (64-byte x || y)
 *   keygen                    p256_gen_keypair (random d, then d G)
 *   ECDH (with peer check)    p256_ecdh_shared_secret (it validates the
 *                             peer's point)
 *   ECDSA sign                p256_ecdsa_sign (random nonce: p256-m has no
 *                             deterministic signing)
 *   ECDSA verify              p256_ecdsa_verify
 */
#include <string.h>

#include "p256-m.h"
#include "psa/crypto.h"

#include "harness.h"

static struct {
    uint8_t d[32], k[32], t[32], h[32], pub[64], peer[64], sig[64], z[32], gd[32], gp[64];
} S;

static uint64_t seq = 0x243f6a8885a308d3u, rng = 0x13198a2e03707344u;

/* mbedTLS's copy of p256-m defines p256_generate_random as a call of
 * psa_generate_random; the benchmark is built without PSA, this is it */
psa_status_t psa_generate_random(uint8_t *output, size_t output_size)
{
    bench_xorshift(&rng, output, output_size);
    return PSA_SUCCESS;
}

static void p_pub(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)p256_public_from_private(S.gp, S.d);
}

static void p_keygen(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)p256_gen_keypair(S.gd, S.gp);
}

static void p_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)p256_ecdh_shared_secret(S.z, S.d, S.peer);
}

static void p_sign(void *c, uint64_t it)
{
    uint8_t sig[64];

    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)p256_ecdsa_sign(sig, S.d, S.h, 32);
}

static void p_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)p256_ecdsa_verify(S.sig, S.pub, S.h, 32);
}

int main(void)
{
    uint8_t z2[32];

    bench_info("peer: p256-m (3rdparty/p256-m of the mbedTLS source package)");
    bench_ec_inputs(&seq, 32, S.d, S.k, S.t, S.h);
    /* keys and a signature made outside the regions, checked: the signature
     * verifies, not for another hash, and both sides of the ECDH agree */
    if (p256_public_from_private(S.pub, S.d) != P256_SUCCESS
        || p256_public_from_private(S.peer, S.t) != P256_SUCCESS
        || p256_ecdsa_sign(S.sig, S.d, S.h, 32) != P256_SUCCESS
        || p256_ecdsa_verify(S.sig, S.pub, S.h, 32) != P256_SUCCESS
        || p256_ecdsa_verify(S.sig, S.pub, S.t, 32) == P256_SUCCESS
        || p256_ecdh_shared_secret(S.z, S.d, S.peer) != P256_SUCCESS
        || p256_ecdh_shared_secret(z2, S.t, S.pub) != P256_SUCCESS || memcmp(S.z, z2, 32) != 0)
        return 1;
    bench_header("P-256");
    bench_emu_iters = 2;
    bench_run("ec", "p256 public key k G", "p256-m", p_pub, &S, 0);
    bench_run("ec", "p256 keygen", "p256-m", p_keygen, &S, 0);
    bench_run("ec", "p256 ECDH (with peer check)", "p256-m", p_ecdh, &S, 0);
    bench_run("ec", "p256 ECDSA sign", "p256-m", p_sign, &S, 0);
    bench_run("ec", "p256 ECDSA verify", "p256-m", p_verify, &S, 0);
    return 0;
}
