/*
 * peer_mbedtls.c - mbedTLS 3.6 on the emulated cores, for the comparison
 * built by tools/peers.py (docs/peers.md): the operations of bench_ec.c
 * and bench_hash.c that mbedTLS has, under the same group and operation
 * names, with impl "mbedtls". Built only by tools/peers.py, against the
 * source package it fetches and bench/peers/mbedtls_config.h.
 *
 * Inputs: the private key, scalar, peer key and hash come from the same
 * xorshift sequence as bench_ec.c's, so both measure the same numbers.
 * The random generator mbedTLS asks for (blinding, random nonces, key
 * generation) is that deterministic xorshift too: every run executes the
 * same instructions. Its cost (a few instructions per byte) is inside the
 * regions, as a firmware's RNG call would be.
 * Heap: mbedTLS's buffer allocator on a static arena (no C library).
 *
 *   scalar mult k P (affine)  mbedtls_ecp_mul (result normalised to affine)
 *   public key k G            mbedtls_ecp_mul with G, then the uncompressed
 *                             encoding (mbedtls_ecp_point_write_binary)
 *   keygen                    mbedtls_ecp_gen_keypair (random d, then d G)
 *   ECDH (with peer check)    point decoding, mbedtls_ecp_check_pubkey,
 *                             mbedtls_ecdh_compute_shared
 *   ECDSA sign                mbedtls_ecdsa_sign_det_ext (RFC 6979, as ours)
 *   ECDSA sign (random k)     mbedtls_ecdsa_sign
 *   ECDSA verify              mbedtls_ecdsa_verify (key and signature
 *                             decoded outside the region)
 *   SHA-256 / SHA-512         mbedtls_sha256 / mbedtls_sha512 one-shot
 */
#include <string.h>

#include "mbedtls/ecdh.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/memory_buffer_alloc.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "mbedtls/version.h"

#if BENCH_HOST
#include <stdlib.h>
#else
#include "emu.h"
#endif
#include "harness.h"

#define MAXB 48

struct curve {
    const char *title, *prefix;
    mbedtls_ecp_group_id id;
    mbedtls_md_type_t md;
    size_t bytes;
};

static const struct curve curves[] = {
    { "P-256", "p256", MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256, 32 },
    { "P-384", "p384", MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384, 48 },
};

static const struct curve *BC;
static size_t SZ, PUB;

static unsigned char arena[12 * 1024];
static unsigned char msg[16384];

static struct {
    uint8_t d[MAXB], k[MAXB], t[MAXB], h[MAXB], pub[1 + 2 * MAXB], peer[1 + 2 * MAXB],
        z[MAXB], md[64];
    size_t len;
    mbedtls_ecp_group g;
    mbedtls_ecp_point P, R, Q, pubQ;
    mbedtls_mpi md_, mk, mr, ms, mz, sr, ss, gd;
} S;

/* the inputs: the xorshift of bench_ec.c with its seed; what the library
 * asks for: the same generator from another seed, so that the inputs of
 * P-384 are bench_ec.c's too */
static uint64_t seq = 0x243f6a8885a308d3u, rng = 0x13198a2e03707344u;

void peer_mbedtls_exit(int status)
{
#if BENCH_HOST
    exit(status ? status : 1);
#else
    emu_exit(status ? status : 1);
#endif
}

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
        bench_sink ^= (uint64_t)mbedtls_ecp_mul(&S.g, &S.R, &S.mk, &S.P, m_rng, NULL);
}

static void m_pub(void *c, uint64_t it)
{
    size_t olen;

    (void)c;
    while (it--) {
        bench_sink ^= (uint64_t)mbedtls_ecp_mul(&S.g, &S.R, &S.md_, &S.g.G, m_rng, NULL);
        bench_sink ^= (uint64_t)mbedtls_ecp_point_write_binary(
            &S.g, &S.R, MBEDTLS_ECP_PF_UNCOMPRESSED, &olen, S.z, sizeof S.z);
    }
}

static void m_keygen(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_ecp_gen_keypair(&S.g, &S.gd, &S.R, m_rng, NULL);
}

static void m_ecdh(void *c, uint64_t it)
{
    (void)c;
    while (it--) {
        bench_sink ^= (uint64_t)mbedtls_ecp_point_read_binary(&S.g, &S.Q, S.peer, PUB);
        bench_sink ^= (uint64_t)mbedtls_ecp_check_pubkey(&S.g, &S.Q);
        bench_sink ^= (uint64_t)mbedtls_ecdh_compute_shared(&S.g, &S.mz, &S.Q, &S.md_,
                                                            m_rng, NULL);
    }
}

static void m_sign_det(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_ecdsa_sign_det_ext(&S.g, &S.mr, &S.ms, &S.md_, S.h, SZ,
                                                           BC->md, m_rng, NULL);
}

static void m_sign(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_ecdsa_sign(&S.g, &S.mr, &S.ms, &S.md_, S.h, SZ, m_rng,
                                                   NULL);
}

static void m_verify(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_ecdsa_verify(&S.g, S.h, SZ, &S.pubQ, &S.sr, &S.ss);
}

static void m_sha256(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_sha256(msg, S.len, S.md, 0);
}

static void m_sha512(void *c, uint64_t it)
{
    (void)c;
    while (it--)
        bench_sink ^= (uint64_t)mbedtls_sha512(msg, S.len, S.md, 0);
}

static void run(const char *op, bench_fn fn, int heavy)
{
    bench_emu_iters = heavy ? 2 : 9;
    bench_run_named("ec", BC->prefix, op, "mbedtls", fn, &S, 0);
}

/* keys and a signature made outside the regions, checked: the signature
 * verifies, not for another hash, and both sides of the ECDH agree */
static int setup(void)
{
    mbedtls_ecp_point T;
    mbedtls_mpi t, z2;
    size_t olen;
    int ok;

    mbedtls_ecp_group_init(&S.g);
    mbedtls_ecp_point_init(&S.P);
    mbedtls_ecp_point_init(&S.R);
    mbedtls_ecp_point_init(&S.Q);
    mbedtls_ecp_point_init(&S.pubQ);
    mbedtls_mpi_init(&S.md_);
    mbedtls_mpi_init(&S.mk);
    mbedtls_mpi_init(&S.mr);
    mbedtls_mpi_init(&S.ms);
    mbedtls_mpi_init(&S.mz);
    mbedtls_mpi_init(&S.sr);
    mbedtls_mpi_init(&S.ss);
    mbedtls_mpi_init(&S.gd);
    mbedtls_ecp_point_init(&T);
    mbedtls_mpi_init(&t);
    mbedtls_mpi_init(&z2);
    SZ = BC->bytes;
    PUB = 1 + 2 * SZ;
    bench_ec_inputs(&seq, SZ, S.d, S.k, S.t, S.h);
    ok = mbedtls_ecp_group_load(&S.g, BC->id) == 0
         && mbedtls_mpi_read_binary(&S.md_, S.d, SZ) == 0
         && mbedtls_mpi_read_binary(&S.mk, S.k, SZ) == 0
         && mbedtls_mpi_read_binary(&t, S.t, SZ) == 0
         && mbedtls_ecp_mul(&S.g, &S.pubQ, &S.md_, &S.g.G, m_rng, NULL) == 0
         && mbedtls_ecp_point_write_binary(&S.g, &S.pubQ, MBEDTLS_ECP_PF_UNCOMPRESSED, &olen,
                                           S.pub, sizeof S.pub) == 0
         && mbedtls_ecp_mul(&S.g, &T, &t, &S.g.G, m_rng, NULL) == 0
         && mbedtls_ecp_point_write_binary(&S.g, &T, MBEDTLS_ECP_PF_UNCOMPRESSED, &olen,
                                           S.peer, sizeof S.peer) == 0
         && mbedtls_ecp_point_read_binary(&S.g, &S.P, S.peer, PUB) == 0
         && mbedtls_ecdsa_sign_det_ext(&S.g, &S.sr, &S.ss, &S.md_, S.h, SZ, BC->md, m_rng,
                                       NULL) == 0
         && mbedtls_ecdsa_verify(&S.g, S.h, SZ, &S.pubQ, &S.sr, &S.ss) == 0
         && mbedtls_ecdsa_verify(&S.g, S.t, SZ, &S.pubQ, &S.sr, &S.ss) != 0
         && mbedtls_ecdh_compute_shared(&S.g, &S.mz, &T, &S.md_, m_rng, NULL) == 0
         && mbedtls_ecdh_compute_shared(&S.g, &z2, &S.pubQ, &t, m_rng, NULL) == 0
         && mbedtls_mpi_cmp_mpi(&S.mz, &z2) == 0;
    mbedtls_ecp_point_free(&T);
    mbedtls_mpi_free(&t);
    mbedtls_mpi_free(&z2);
    return ok;
}

static void teardown(void)
{
    mbedtls_ecp_group_free(&S.g);
    mbedtls_ecp_point_free(&S.P);
    mbedtls_ecp_point_free(&S.R);
    mbedtls_ecp_point_free(&S.Q);
    mbedtls_ecp_point_free(&S.pubQ);
    mbedtls_mpi_free(&S.md_);
    mbedtls_mpi_free(&S.mk);
    mbedtls_mpi_free(&S.mr);
    mbedtls_mpi_free(&S.ms);
    mbedtls_mpi_free(&S.mz);
    mbedtls_mpi_free(&S.sr);
    mbedtls_mpi_free(&S.ss);
    mbedtls_mpi_free(&S.gd);
}

int main(void)
{
    size_t c;

    mbedtls_memory_buffer_alloc_init(arena, sizeof arena);
    bench_info("peer: mbedTLS " MBEDTLS_VERSION_STRING " (bench/peers/mbedtls_config.h)");
    for (c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        BC = &curves[c];
        if (!setup())
            return 1;
        bench_header(BC->title);
        run("scalar mult k P (affine)", m_mul, 1);
        run("public key k G", m_pub, 1);
        run("keygen", m_keygen, 1);
        run("ECDH (with peer check)", m_ecdh, 1);
        run("ECDSA sign", m_sign_det, 1);
        run("ECDSA sign (random k)", m_sign, 1);
        run("ECDSA verify", m_verify, 1);
        teardown();
    }
    memset(msg, 0xa5, sizeof msg);
    bench_emu_iters = 9;
    bench_hash_rows("SHA-256", "mbedtls", m_sha256, &S, &S.len);
    bench_hash_rows("SHA-512", "mbedtls", m_sha512, &S, &S.len);
    return 0;
}
