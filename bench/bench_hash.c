/*
 * bench_hash.c - the hash family: SHA-256 and SHA-512 (SHA-224/384 cost
 * the same) on 64-byte and 16 KiB messages, HMAC-SHA-256 on the same sizes
 * (key setup included, as every library here does it per message),
 * HKDF-SHA-256, HMAC-DRBG-SHA-256 requests and RFC 6979 nonces.
 *
 * On the host (BENCH_HOST) OpenSSL, mbedTLS and BearSSL run in the same
 * process: ctcrypto runs with what the CPU offers ("ctcrypto", e.g.
 * SHA-NI) and with the portable C code forced ("ctcrypto-c"); OpenSSL
 * through its EVP interfaces with contexts and algorithms fetched once
 * ("openssl") and, for the digests, the one-shot SHA256()/SHA512()
 * ("openssl-1shot"). The implementations of one operation are timed
 * interleaved, batch by batch (see run_set), and cycles per byte come from
 * the core clock measured with a chain of dependent additions (no hardware
 * cycle counter is readable in a virtual machine; see core_ghz).
 *
 * On the emulated cores the same operations run through bench/harness_emu.c:
 * exact instructions, estimated cycles and stack per operation.
 */
/* clock_gettime on the host; no effect in the freestanding images */
#define _POSIX_C_SOURCE 199309L

#include "harness.h"

#if BENCH_HOST
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/sha.h>

#include <mbedtls/hkdf.h>
#include <mbedtls/hmac_drbg.h>
#include <mbedtls/md.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>
#include <mbedtls/version.h>

#include <bearssl.h>
#else
#include <string.h>
#endif

#include "ctcrypto/hash.h"
#include "hash/hash_impl.h"

static uint8_t msg[16384], key[32], out[1024];

struct job {
    size_t len;            /* bytes per operation */
    int id;                /* CTC_HASH_* */
};

struct impl {
    const char *name;
    bench_fn fn;
    int portable;          /* ctcrypto with the portable code forced */
};

/* ---- digests ------------------------------------------------------------------------ */

static void b_ctc_hash(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_hash(out, sizeof out, j->id, msg, j->len);
    bench_sink ^= out[0];
}
/* ---- HMAC ------------------------------------------------------------------------------ */

static void b_ctc_hmac(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_hmac(out, 32, CTC_HASH_SHA256, key, sizeof key, msg, j->len);
    bench_sink ^= out[0];
}
/* ---- HKDF: 32-byte salt and IKM, 10-byte info, j->len bytes of output ------------------- */

static void b_ctc_hkdf(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_hkdf(out, j->len, CTC_HASH_SHA256, key, 32, msg, 32, msg + 32, 10);
    bench_sink ^= out[0];
}
/* ---- HMAC-DRBG-SHA-256: one request of j->len bytes, no additional input ----------------- */

static ctc_hmac_drbg_ctx ctc_drbg;
static void b_ctc_drbg(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        (void)ctc_hmac_drbg_generate(&ctc_drbg, out, j->len, NULL, 0);
    bench_sink ^= out[0];
}
/* ---- RFC 6979 ------------------------------------------------------------------------------ */

static const uint8_t p256_q[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
};

static void b_ctc_rfc6979(void *ctx, uint64_t iters)
{
    uint64_t i;

    (void)ctx;
    for (i = 0; i < iters; i++)
        (void)ctc_rfc6979_nonce(out, CTC_HASH_SHA256, p256_q, 32, key, msg, 32, NULL, 0);
    bench_sink ^= out[0];
}


#if BENCH_HOST
/* ==== the peers (host only) =================================================== */

static void b_ossl_1shot(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        if (j->id == CTC_HASH_SHA256)
            SHA256(msg, j->len, out);
        else
            SHA512(msg, j->len, out);
    }
    bench_sink ^= out[0];
}

static EVP_MD *ossl_sha256, *ossl_sha512;
static EVP_MD_CTX *ossl_mdctx;

static void b_ossl_evp(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    const EVP_MD *md = j->id == CTC_HASH_SHA256 ? ossl_sha256 : ossl_sha512;
    unsigned int ol;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        EVP_DigestInit_ex2(ossl_mdctx, md, NULL);
        EVP_DigestUpdate(ossl_mdctx, msg, j->len);
        EVP_DigestFinal_ex(ossl_mdctx, out, &ol);
    }
    bench_sink ^= out[0];
}

static void b_mbed_hash(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        if (j->id == CTC_HASH_SHA256)
            mbedtls_sha256_ret(msg, j->len, out, 0);
        else
            mbedtls_sha512_ret(msg, j->len, out, 0);
    }
    bench_sink ^= out[0];
}

static void b_bear_hash(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        if (j->id == CTC_HASH_SHA256) {
            br_sha256_context c;
            br_sha256_init(&c);
            br_sha256_update(&c, msg, j->len);
            br_sha256_out(&c, out);
        } else {
            br_sha512_context c;
            br_sha512_init(&c);
            br_sha512_update(&c, msg, j->len);
            br_sha512_out(&c, out);
        }
    }
    bench_sink ^= out[0];
}


static EVP_MAC_CTX *ossl_macctx;

static void b_ossl_hmac(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    size_t ol;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        EVP_MAC_init(ossl_macctx, key, sizeof key, NULL);
        EVP_MAC_update(ossl_macctx, msg, j->len);
        EVP_MAC_final(ossl_macctx, out, &ol, sizeof out);
    }
    bench_sink ^= out[0];
}

static mbedtls_md_context_t mbed_mdctx;

static void b_mbed_hmac(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        mbedtls_md_hmac_starts(&mbed_mdctx, key, sizeof key);
        mbedtls_md_hmac_update(&mbed_mdctx, msg, j->len);
        mbedtls_md_hmac_finish(&mbed_mdctx, out);
    }
    bench_sink ^= out[0];
}

static void b_bear_hmac(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        br_hmac_key_context kc;
        br_hmac_context hc;
        br_hmac_key_init(&kc, &br_sha256_vtable, key, sizeof key);
        br_hmac_init(&hc, &kc, 0);
        br_hmac_update(&hc, msg, j->len);
        br_hmac_out(&hc, out);
    }
    bench_sink ^= out[0];
}


static EVP_KDF_CTX *ossl_kdfctx;

static void b_ossl_hkdf(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    static char dig[] = "SHA256";
    OSSL_PARAM p[5];
    uint64_t i;

    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, dig, 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, msg, 32);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, key, 32);
    p[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, msg + 32, 10);
    p[4] = OSSL_PARAM_construct_end();
    for (i = 0; i < iters; i++)
        EVP_KDF_derive(ossl_kdfctx, out, j->len, p);
    bench_sink ^= out[0];
}

static void b_mbed_hkdf(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    const mbedtls_md_info_t *md = mbedtls_md_info_from_type(MBEDTLS_MD_SHA256);
    uint64_t i;

    for (i = 0; i < iters; i++)
        mbedtls_hkdf(md, key, 32, msg, 32, msg + 32, 10, out, j->len);
    bench_sink ^= out[0];
}

static void b_bear_hkdf(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++) {
        br_hkdf_context hc;
        br_hkdf_init(&hc, &br_sha256_vtable, key, 32);
        br_hkdf_inject(&hc, msg, 32);
        br_hkdf_flip(&hc);
        br_hkdf_produce(&hc, msg + 32, 10, out, j->len);
    }
    bench_sink ^= out[0];
}


static EVP_RAND_CTX *ossl_parent, *ossl_drbg;
static mbedtls_hmac_drbg_context mbed_drbg;
static br_hmac_drbg_context bear_drbg;

static void b_ossl_drbg(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        EVP_RAND_generate(ossl_drbg, out, j->len, 0, 0, NULL, 0);
    bench_sink ^= out[0];
}

static void b_mbed_drbg(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        mbedtls_hmac_drbg_random(&mbed_drbg, out, j->len);
    bench_sink ^= out[0];
}

static void b_bear_drbg(void *ctx, uint64_t iters)
{
    const struct job *j = ctx;
    uint64_t i;

    for (i = 0; i < iters; i++)
        br_hmac_drbg_generate(&bear_drbg, out, j->len);
    bench_sink ^= out[0];
}

static int setup_peers(uint8_t *seed)
{
    static char hmac_s[] = "HMAC", sha256_s[] = "SHA256";
    unsigned int strength = 1024, reseed = 0;
    OSSL_PARAM p[4];
    EVP_MAC *mac;
    EVP_KDF *kdf;
    EVP_RAND *tr, *hr;

    ossl_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
    ossl_sha512 = EVP_MD_fetch(NULL, "SHA512", NULL);
    ossl_mdctx = EVP_MD_CTX_new();
    mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    ossl_macctx = EVP_MAC_CTX_new(mac);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, sha256_s, 0);
    p[1] = OSSL_PARAM_construct_end();
    EVP_MAC_CTX_set_params(ossl_macctx, p);
    EVP_MAC_free(mac);
    kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    ossl_kdfctx = EVP_KDF_CTX_new(kdf);
    EVP_KDF_free(kdf);
    tr = EVP_RAND_fetch(NULL, "TEST-RAND", NULL);
    hr = EVP_RAND_fetch(NULL, "HMAC-DRBG", NULL);
    ossl_parent = EVP_RAND_CTX_new(tr, NULL);
    p[0] = OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &strength);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY, seed, 32);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE, seed + 32, 16);
    p[3] = OSSL_PARAM_construct_end();
    EVP_RAND_CTX_set_params(ossl_parent, p);
    ossl_drbg = EVP_RAND_CTX_new(hr, ossl_parent);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_MAC, hmac_s, 0);
    p[1] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_DIGEST, sha256_s, 0);
    p[2] = OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &reseed);
    p[3] = OSSL_PARAM_construct_end();
    EVP_RAND_CTX_set_params(ossl_drbg, p);
    EVP_RAND_free(tr);
    EVP_RAND_free(hr);
    if (ossl_sha256 == NULL || ossl_sha512 == NULL || ossl_mdctx == NULL
        || ossl_macctx == NULL || ossl_kdfctx == NULL || ossl_drbg == NULL
        || EVP_RAND_instantiate(ossl_drbg, 0, 0, seed, 0, NULL) != 1)
        return 0;

    mbedtls_md_init(&mbed_mdctx);
    if (mbedtls_md_setup(&mbed_mdctx, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256), 1) != 0)
        return 0;
    mbedtls_hmac_drbg_init(&mbed_drbg);
    if (mbedtls_hmac_drbg_seed_buf(&mbed_drbg, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256),
                                   seed, 48) != 0)
        return 0;
    mbedtls_hmac_drbg_set_reseed_interval(&mbed_drbg, INT_MAX);
    br_hmac_drbg_init(&bear_drbg, &br_sha256_vtable, seed, 48);
    return 1;
}

/* ==== timing on the host ======================================================== */

static double ghz;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__aarch64__)
#define HAVE_CLOCK_CHAIN 1
/* n iterations of 100 dependent additions */
static void add_chain(uint64_t n)
{
    uint64_t x = 1, y = 3;
#if defined(__x86_64__)
    __asm__ volatile("1:\n\t.rept 100\n\taddq %1, %0\n\t.endr\n\tdecq %2\n\tjnz 1b"
                     : "+r"(x), "+r"(y), "+r"(n));
#else
    __asm__ volatile("1:\n\t.rept 100\n\tadd %0, %0, %1\n\t.endr\n\tsubs %2, %2, #1\n\tb.ne 1b"
                     : "+r"(x), "+r"(y), "+r"(n) : : "cc");
#endif
    bench_sink = x;
}

/* GHz: the best of several timed chains of 10^8 additions */
static double core_ghz(void)
{
    double best = 0;
    int i;

    add_chain(100000);
    for (i = 0; i < 7; i++) {
        double t0 = now_ns(), g;
        add_chain(1000000);
        g = 1e8 / (now_ns() - t0);
        if (g > best)
            best = g;
    }
    return best;
}
#else
#define HAVE_CLOCK_CHAIN 0
static double core_ghz(void)
{
    return 0;
}
#endif

/*
 * The implementations of one operation are timed interleaved: each gets an
 * iteration count calibrated to about batch_ns, then `batches` rounds run
 * one batch of every implementation in turn, so that a change in the
 * machine's load (this host is shared) hits all of them alike. The table
 * gives the min/mean/max time per operation over the batches; MB/s and
 * cycles/byte are from the min. 9 batches of 100 ms; with
 * CTC_BENCH_QUICK=1 (make bench QUICK=1) 3 of 20 ms, as the harness does.
 */
#define MAX_BATCHES 9
static int batches = MAX_BATCHES;
static double batch_ns = 1e8;

static double time_iters(bench_fn fn, void *ctx, uint64_t iters)
{
    double t0 = now_ns();
    fn(ctx, iters);
    return now_ns() - t0;
}

static uint64_t calibrate(bench_fn fn, void *ctx)
{
    uint64_t iters = 1;
    double t;

    for (;;) {
        t = time_iters(fn, ctx, iters);
        if (t >= batch_ns / 5 || iters >= ((uint64_t)1 << 40))
            break;
        iters *= (t < 1e6) ? 16 : 2;
    }
    iters = (uint64_t)((double)iters * batch_ns / (t > 1 ? t : 1));
    return iters ? iters : 1;
}

static void header(const char *title)
{
    printf("\n%s\n", title);
    printf("%-34s %-14s %11s %11s %11s %9s %11s %s\n", "operation", "impl", "min ns/op",
           "mean ns/op", "max ns/op", "MB/s", "cycles/byte", "iters/batch");
}

static void run_set(const char *op, const struct impl *impls, int n, void *ctx,
                    size_t bytes)
{
    uint64_t iters[8];
    double per[8][MAX_BATCHES];
    int i, b;

    if (bench_quick()) {
        batches = 3;
        batch_ns = 2e7;
    }
    for (i = 0; i < n; i++) {
        hash_caps_allow(impls[i].portable ? 0 : ~0u);
        iters[i] = calibrate(impls[i].fn, ctx);
    }
    for (b = 0; b < batches; b++)
        for (i = 0; i < n; i++) {
            hash_caps_allow(impls[i].portable ? 0 : ~0u);
            per[i][b] = time_iters(impls[i].fn, ctx, iters[i]) / (double)iters[i];
        }
    hash_caps_allow(~0u);
    for (i = 0; i < n; i++) {
        double mn = per[i][0], mx = per[i][0], sum = 0, cpb;
        for (b = 0; b < batches; b++) {
            sum += per[i][b];
            if (per[i][b] < mn)
                mn = per[i][b];
            if (per[i][b] > mx)
                mx = per[i][b];
        }
        cpb = bytes && ghz > 0 ? mn * ghz / (double)bytes : 0;
        printf("%-34s %-14s %11.1f %11.1f %11.1f %9.1f %11.2f %llu\n", op, impls[i].name,
               mn, sum / batches, mx, bytes ? (double)bytes * 1e3 / mn : 0.0, cpb,
               (unsigned long long)iters[i]);
        printf("JSON {\"group\":\"hash\",\"op\":\"%s\",\"impl\":\"%s\",\"unit\":\"ns/op\","
               "\"min\":%.4f,\"mean\":%.4f,\"max\":%.4f,\"bytes\":%lu,\"batches\":%d,"
               "\"iters\":%llu,\"cycles_per_byte\":%.3f,\"ghz\":%.3f}\n",
               op, impls[i].name, mn, sum / batches, mx, (unsigned long)bytes, batches,
               (unsigned long long)iters[i], cpb, ghz);
    }
    fflush(stdout);
}

#else
/* ==== on the emulated cores: the harness counts instructions ==================== */

static void header(const char *title)
{
    bench_header(title);
}

static void run_set(const char *op, const struct impl *impls, int n, void *ctx,
                    size_t bytes)
{
    int i;

    for (i = 0; i < n; i++)
        bench_run("hash", op, impls[i].name, impls[i].fn, ctx, bytes);
}
#endif

#define NIMPL(a) ((int)(sizeof a / sizeof a[0]))

int main(void)
{
    static const struct impl digests[] = {
        { "ctcrypto", b_ctc_hash, 0 },
#if BENCH_HOST
        { "ctcrypto-c", b_ctc_hash, 1 }, { "openssl", b_ossl_evp, 0 },
        { "openssl-1shot", b_ossl_1shot, 0 }, { "mbedtls", b_mbed_hash, 0 },
        { "bearssl", b_bear_hash, 0 },
#endif
    };
    static const struct impl hmacs[] = {
        { "ctcrypto", b_ctc_hmac, 0 },
#if BENCH_HOST
        { "ctcrypto-c", b_ctc_hmac, 1 }, { "openssl", b_ossl_hmac, 0 },
        { "mbedtls", b_mbed_hmac, 0 }, { "bearssl", b_bear_hmac, 0 },
#endif
    };
    static const struct impl hkdfs[] = {
        { "ctcrypto", b_ctc_hkdf, 0 },
#if BENCH_HOST
        { "openssl", b_ossl_hkdf, 0 }, { "mbedtls", b_mbed_hkdf, 0 },
        { "bearssl", b_bear_hkdf, 0 },
#endif
    };
    static const struct impl drbgs[] = {
        { "ctcrypto", b_ctc_drbg, 0 },
#if BENCH_HOST
        { "openssl", b_ossl_drbg, 0 }, { "mbedtls", b_mbed_drbg, 0 },
        { "bearssl", b_bear_drbg, 0 },
#endif
    };
    static const struct impl r6979[] = { { "ctcrypto", b_ctc_rfc6979, 0 } };
    static const size_t sizes[2] = { 64, 16384 };
    static uint8_t seed[48];
    struct job j;
    int s;

    memset(msg, 0xa5, sizeof msg);
    memset(key, 0x3c, sizeof key);
    key[0] = 0x11;                      /* a valid P-256 private key */
    memset(seed, 0x5a, sizeof seed);
    bench_info(ctc_build_info());
    if (ctc_hmac_drbg_instantiate(&ctc_drbg, CTC_HASH_SHA256, seed, 32, seed + 32, 16,
                                  NULL, 0) != CTC_OK)
        return 1;
#if BENCH_HOST
    printf("# SHA-256: %s, SHA-512: %s; %s; mbedTLS %s; BearSSL 0.6\n",
           ctc_hash_impl(CTC_HASH_SHA256), ctc_hash_impl(CTC_HASH_SHA512),
           OpenSSL_version(OPENSSL_VERSION), MBEDTLS_VERSION_STRING);
    if (!setup_peers(seed)) {
        printf("bench_hash: cannot set up a peer library\n");
        return 1;
    }
    ghz = core_ghz();
    if (HAVE_CLOCK_CHAIN)
        printf("# core clock (dependent-add chain): %.3f GHz\n", ghz);
#endif

    header("SHA-256");
    for (s = 0; s < 2; s++) {
        j.len = sizes[s];
        j.id = CTC_HASH_SHA256;
        run_set(s ? "SHA-256 16 KiB" : "SHA-256 64 B", digests, NIMPL(digests), &j, j.len);
    }
    header("SHA-512");
    for (s = 0; s < 2; s++) {
        j.len = sizes[s];
        j.id = CTC_HASH_SHA512;
        run_set(s ? "SHA-512 16 KiB" : "SHA-512 64 B", digests, NIMPL(digests), &j, j.len);
    }
    header("HMAC-SHA-256 (32-byte key, key setup included)");
    for (s = 0; s < 2; s++) {
        j.len = sizes[s];
        run_set(s ? "HMAC-SHA-256 16 KiB" : "HMAC-SHA-256 64 B", hmacs, NIMPL(hmacs), &j,
                j.len);
    }
    header("HKDF-SHA-256 (32-byte salt and IKM, 10-byte info)");
    j.len = 42;
    run_set("HKDF-SHA-256 extract+expand 42 B", hkdfs, NIMPL(hkdfs), &j, 0);
    header("HMAC-DRBG-SHA-256 generate (no additional input)");
    j.len = 32;
    run_set("HMAC-DRBG-SHA-256 32 B", drbgs, NIMPL(drbgs), &j, j.len);
    j.len = 1024;
    run_set("HMAC-DRBG-SHA-256 1 KiB", drbgs, NIMPL(drbgs), &j, j.len);
    header("RFC 6979 nonce (P-256, HMAC-SHA-256; no peer exposes it alone)");
    run_set("RFC 6979 P-256 SHA-256", r6979, NIMPL(r6979), NULL, 0);
#if BENCH_HOST
    if (HAVE_CLOCK_CHAIN)
        printf("# core clock after the run: %.3f GHz\n", core_ghz());
#endif
    return 0;
}
