/*
 * hash_impl.h - internals of the hash layer: byte order helpers, the
 * compression functions and how one is chosen, and the HMAC key schedule
 * shared by HMAC, HKDF, HMAC-DRBG and RFC 6979.
 *
 * Conventions: as in ctcrypto/hash.h. Compression functions take the
 * chaining value, a pointer to whole blocks and the number of blocks
 * (n >= 1); block bytes may be secret, n is public.
 * CT: only n and the (public) choice of implementation leak.
 */
#ifndef HASH_HASH_IMPL_H
#define HASH_HASH_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ct/ct.h"
#include "ctcrypto/hash.h"

/* ---- byte order and rotations ------------------------------------------ */

CT_INLINE uint32_t hash_ld32be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16)
           | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

CT_INLINE uint64_t hash_ld64be(const uint8_t *p)
{
    return ((uint64_t)hash_ld32be(p) << 32) | hash_ld32be(p + 4);
}

CT_INLINE void hash_st32be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

CT_INLINE void hash_st64be(uint8_t *p, uint64_t v)
{
    hash_st32be(p, (uint32_t)(v >> 32));
    hash_st32be(p + 4, (uint32_t)v);
}

/* 0 < n < 32 (and < 64): every call site passes a constant */
CT_INLINE uint32_t hash_ror32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

CT_INLINE uint64_t hash_ror64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

/* Byte copy and zero fill that the compiler may not turn into libc calls
 * (-ffreestanding), for the small, public-length copies of this layer. */
CT_INLINE void hash_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        dst[i] = src[i];
}

CT_INLINE void hash_zero(uint8_t *dst, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        dst[i] = 0;
}

/* ---- compression functions ---------------------------------------------- */

/* Portable C: unrolled (CTC_PROFILE_SMALL=0) or rolled (=1). */
void sha256_blocks_c(uint32_t h[8], const uint8_t *p, size_t n);
/* SHA-256's 64 round constants (sha256.c) */
extern const uint32_t sha256_k[64];
void sha512_blocks_c(uint64_t h[8], const uint8_t *p, size_t n);

/*
 * The accelerated compression functions are built when assembly is allowed
 * and no host constant-time checker is on: MemorySanitizer cannot follow
 * the SHA instructions' intrinsics, and valgrind 3.19 does not decode the
 * x86 SHA instructions although it reports them in CPUID. The checkers
 * judge the portable code; the accelerated code is straight-line over whole
 * blocks (no data-dependent branch or address by construction) and is
 * compared against the portable code by the unit tests.
 */
/* x86-64 SHA extensions (SHA-NI), arch/sha256_x86.c. */
#if !CTC_NO_ASM && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) \
    && CTC_CT_CHECK == 0
#define HASH_HAVE_X86_SHA 1
void sha256_blocks_shani(uint32_t h[8], const uint8_t *p, size_t n);
#else
#define HASH_HAVE_X86_SHA 0
#endif

/* Armv8 cryptographic extension, arch/sha2_arm64.c. The SHA-512
 * instructions are the Armv8.2 FEAT_SHA512 extension. */
#if !CTC_NO_ASM && defined(__aarch64__) && defined(__GNUC__) && CTC_CT_CHECK == 0
#define HASH_HAVE_ARM64_SHA 1
void sha256_blocks_armv8(uint32_t h[8], const uint8_t *p, size_t n);
void sha512_blocks_armv8(uint64_t h[8], const uint8_t *p, size_t n);
#else
#define HASH_HAVE_ARM64_SHA 0
#endif

/* Armv7-M (Cortex-M3, M4, M7), arch/sha256_armv7m.S: plain Thumb-2, no
 * special instruction, so always available where built (not with
 * PROFILE=small, which keeps the rolled C alone). K: sha256_k. */
#if !CTC_NO_ASM && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) \
    && !CTC_PROFILE_SMALL
#define HASH_HAVE_ARMV7M_SHA 1
void sha256_blocks_armv7m(uint32_t h[8], const uint8_t *p, size_t n, const uint32_t K[64]);
#else
#define HASH_HAVE_ARMV7M_SHA 0
#endif

/* Capabilities: what the CPU has, was built in, and is allowed. */
#define HASH_CAP_SHA256 1u      /* an accelerated SHA-256 compression */
#define HASH_CAP_SHA512 2u      /* an accelerated SHA-512 compression */

/* Detected and built capabilities (cached after the first call). */
unsigned hash_cpu_caps(void);
/* The capabilities that are in use: hash_cpu_caps() & the allowed mask. */
unsigned hash_caps(void);
/*
 * Restrict the capabilities in use to `allowed` (HASH_CAP_* bits; 0 forces
 * the portable code everywhere, ~0u allows everything). For tests and
 * benchmarks, which run both implementations against each other. Returns
 * the previous mask.
 */
unsigned hash_caps_allow(unsigned allowed);

/* Dispatching compression functions (what the hashes call). */
void sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n);
void sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n);

/* ---- helpers for HMAC and the layers on top ----------------------------- */

/* id is SHA-224's and SHA-224 is built in (CTC_SHA224): a constant 0
 * without it, so that every SHA-224 branch is dead code */
#define HASH_IS_224(id) (CTC_SHA224 && (id) == CTC_HASH_SHA224)

/* The hash ids that exist: CTC_HASH_SHA224..CTC_HASH_SHA512, less those
 * left out (CTC_SHA224, CTC_SHA512). */
CT_INLINE int hash_id_valid(int id)
{
#if CTC_SHA512
    return id >= CTC_HASH_SHA224 + !CTC_SHA224 && id <= CTC_HASH_SHA512;
#else
    return HASH_IS_224(id) || id == CTC_HASH_SHA256;
#endif
}

/* Chaining value after absorbing whole blocks. */
typedef ctc_hash_chain hash_chain;

/*
 * The HMAC key schedule: chaining values after the blocks K ^ ipad and
 * K ^ opad. key_len may be anything (longer keys are hashed first).
 */
typedef struct {
    hash_chain in, out;
    int id;
} hmac_key;

void hmac_key_init(hmac_key *hk, int id, const uint8_t *key, size_t key_len);
/* Start H((K ^ ipad) || ...) in ctx. */
void hmac_key_start(ctc_hash_ctx *ctx, const hmac_key *hk);
/*
 * Finish: ctx holds the inner hash in progress (of hash id); mac = the
 * full HMAC (digest-size bytes) given the outer chaining value. ctx is
 * wiped. mac may be any buffer of the size, also one of the inputs.
 */
void hmac_finish(uint8_t *mac, ctc_hash_ctx *ctx, int id, const hash_chain *outer);
/* mac = HMAC(K, a || b || c), full size; the pieces may be empty. */
void hmac_key_mac3(uint8_t *mac, const hmac_key *hk,
                   const uint8_t *a, size_t a_len,
                   const uint8_t *b, size_t b_len,
                   const uint8_t *c, size_t c_len);

/* Per-family helpers behind the generic layer (sha256.c, sha512.c). */
void sha256_init_id_(ctc_sha256_ctx *ctx, int id);
void sha256_resume_(ctc_sha256_ctx *ctx, int id, const uint32_t chain[8]);
void sha256_final_(ctc_sha256_ctx *ctx, uint8_t *out);
#if CTC_PROFILE_SMALL
/* PROFILE=small: absorb len bytes (data may be NULL when len = 0) with no
 * check of the context or the length limit */
void sha256_put(ctc_sha256_ctx *ctx, const uint8_t *data, size_t len);
#endif
/* out = the chaining value after one block from the IV of id */
void sha256_chain_block_(uint32_t out[8], int id, const uint8_t *block);
void sha512_init_id_(ctc_sha512_ctx *ctx, int id);
void sha512_resume_(ctc_sha512_ctx *ctx, int id, const uint64_t chain[8]);
void sha512_final_(ctc_sha512_ctx *ctx, uint8_t *out);
void sha512_chain_block_(uint64_t out[8], int id, const uint8_t *block);

/*
 * Resume a hash from a chaining value after exactly one block
 * (hash_resume_one_block); the chaining value after one block from the IV
 * of id (hash_chain_one_block); and the same calls as the public API, for
 * callers inside the library whose arguments are known to be valid (no
 * checks, no error codes): hash_init_, hash_update_, hash_final_, and the
 * sizes of a valid id, hash_size_ and hash_block_size_.
 */
#if CTC_SHA512
void hash_resume_one_block(ctc_hash_ctx *ctx, int id, const hash_chain *c);
void hash_chain_one_block(hash_chain *c, int id, const uint8_t *block);
void hash_init_(ctc_hash_ctx *ctx, int id);
void hash_update_(ctc_hash_ctx *ctx, const uint8_t *data, size_t len);
void hash_final_(ctc_hash_ctx *ctx, uint8_t *out);
#define hash_size_(id) ctc_hash_size(id)
#define hash_block_size_(id) ctc_hash_block_size(id)
#else
/* CTC_SHA512 = 0: every valid id is SHA-224's or SHA-256's, so these are
 * the SHA-256 family's own calls, without a layer of dispatch between
 * (docs/hash.md, "The small profile") */
CT_INLINE void hash_resume_one_block(ctc_hash_ctx *ctx, int id, const hash_chain *c)
{
    ctx->id = (uint32_t)id;
    sha256_resume_(&ctx->u.s256, id, c->w32);
}

CT_INLINE void hash_chain_one_block(hash_chain *c, int id, const uint8_t *block)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        c->w64[i] = 0;          /* all of it is defined, for either size */
    sha256_chain_block_(c->w32, id, block);
}

CT_INLINE void hash_init_(ctc_hash_ctx *ctx, int id)
{
    ctx->id = (uint32_t)id;
    sha256_init_id_(&ctx->u.s256, id);
}

CT_INLINE void hash_update_(ctc_hash_ctx *ctx, const uint8_t *data, size_t len)
{
    /* internal messages are far below the length limit */
#if CTC_PROFILE_SMALL
    sha256_put(&ctx->u.s256, data, len);    /* without the checks */
#else
    (void)ctc_sha256_update(&ctx->u.s256, data, len);
#endif
}

CT_INLINE void hash_final_(ctc_hash_ctx *ctx, uint8_t *out)
{
    sha256_final_(&ctx->u.s256, out);   /* wipes what was used */
    ctx->id = 0;
}

CT_INLINE size_t hash_size_(int id)
{
    return HASH_IS_224(id) ? CTC_SHA224_SIZE : CTC_SHA256_SIZE;
}

CT_INLINE size_t hash_block_size_(int id)
{
    (void)id;
    return CTC_SHA256_BLOCK;
}
#endif

/* The input length limit of SP 800-90A (2^35 bits) shared by the DRBG and
 * RFC 6979; a 32-bit size_t cannot exceed it. */
#define HASH_MAX_INPUT ((uint64_t)1 << 32)

CT_INLINE int hash_input_len_ok(size_t n)
{
#if SIZE_MAX > 0xFFFFFFFFu
    return (uint64_t)n <= HASH_MAX_INPUT;
#else
    (void)n;
    return 1;
#endif
}

/*
 * HMAC-DRBG steps without the public API's checks (for RFC 6979):
 * instantiate with entropy a, nonce b and personalisation c (any lengths,
 * any may be empty), then Generate without additional input in the
 * steps below. Except with PROFILE=small, hk carries the current K's key
 * schedule from one step to the next (instantiate sets it; the caller
 * wipes it at the end), so that each K is scheduled once.
 */
#if CTC_PROFILE_SMALL
/* Provided data p[0] || p[1] || p[2] (p[i] may be NULL when len[i] = 0). */
typedef struct {
    const uint8_t *p[3];
    size_t len[3];
} drbg_input;

void drbg_instantiate_(ctc_hmac_drbg_ctx *ctx, int id, const drbg_input *in);
/* PROFILE=small: Update(in) unless in is NULL (K = HMAC(K, V || 0x00 ||
 * in), V = HMAC(K, V), and with 0x01 once more if in is not empty), then
 * V = HMAC(K, V) until n bytes are out (out may be NULL when n = 0). No
 * key schedule is kept: each HMAC starts from K. RFC 6979 takes a
 * candidate with in NULL, and after a rejected one (its section 3.2 h.3)
 * the next with an empty in. The reseed counter is not kept. */
void drbg_run_(ctc_hmac_drbg_ctx *ctx, const drbg_input *in, uint8_t *out, size_t n);
#else
void drbg_instantiate_(ctc_hmac_drbg_ctx *ctx, hmac_key *hk, int id,
                       const uint8_t *a, size_t a_len,
                       const uint8_t *b, size_t b_len,
                       const uint8_t *c, size_t c_len);
/* Generate's two halves for RFC 6979, whose final Update runs only after
 * a rejected candidate (its section 3.2 h.3): the output blocks (V =
 * HMAC(K, V) until n bytes), and Update with no provided data (K =
 * HMAC(K, V || 0x00), V = HMAC(K, V); hk becomes the new K's). The
 * reseed counter is not kept. */
void drbg_blocks_(ctc_hmac_drbg_ctx *ctx, const hmac_key *hk, uint8_t *out, size_t n);
void drbg_update_empty_(ctc_hmac_drbg_ctx *ctx, hmac_key *hk);
#endif

#endif /* HASH_HASH_IMPL_H */
