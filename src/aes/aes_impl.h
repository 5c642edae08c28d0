/*
 * aes_impl.h - the AES family's internal interface: the constant-time
 * 32-bit bitsliced core (aes_ct32.c), GHASH (aes_ghash.c) and the counter
 * loop the CTR and GCM modes share (aes_ctr.c).
 *
 * Conventions for every function here:
 *  - Outputs first, then inputs. Block buffers are 16 bytes; an output may
 *    be the same buffer as an input (in place), never a partial overlap.
 *  - Round keys are in the core's bitsliced layout (aes_ct32.c): 8 words
 *    per round key, two copies of the round key interleaved, so one pass of
 *    the core encrypts two blocks. `rounds` is 10, 12 or 14 (public).
 *  - Keys, round keys, data and hash keys are secret; lengths, counts of
 *    rounds and counter positions are public.
 *  - CT: only the lengths and the number of rounds leak.
 */
#ifndef AES_AES_IMPL_H
#define AES_AES_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/aes.h"

/* ---- byte order ----------------------------------------------------------- */

/* the four bytes at p as a little-endian word, and back (no alignment) */
static inline uint32_t aes_ld32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
         | (uint32_t)p[3] << 24;
}

static inline void aes_st32le(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

/* the bytes of x reversed (one REV on Arm, BSWAP on x86) */
static inline uint32_t aes_bswap32(uint32_t x)
{
    return (x >> 24) | ((x >> 8) & 0x0000ff00u) | ((x << 8) & 0x00ff0000u)
         | (x << 24);
}

/*
 * The counter block as four little-endian words (w[c] = bytes 4c..4c+3),
 * += 1 big-endian over its last n bytes (16 or 4: CTR's inc128, GCM's
 * inc32): the words are byte-reversed into big-endian values and the carry
 * runs through 64-bit sums, without a branch on the counter. The counter
 * loops of both software cores use it (aes_ctr.c, aes_table.c).
 */
static inline void aes_ctr_inc_words(uint32_t w[4], unsigned n)
{
    uint64_t s = (uint64_t)aes_bswap32(w[3]) + 1;
    int c;

    w[3] = aes_bswap32((uint32_t)s);
    if (n == 16) {                     /* public: the mode's counter width */
        for (c = 2; c >= 0; c--) {
            s = (uint64_t)aes_bswap32(w[c]) + (s >> 32);
            w[c] = aes_bswap32((uint32_t)s);
        }
    }
}

/* ---- the 32-bit bitsliced core (aes_ct32.c) ------------------------------ */

/*
 * Expand a key of nk 32-bit words (4, 6 or 8) into rounds + 1 = nk + 7
 * bitsliced round keys: rk[8 * (nk + 7)], with the offsets of the
 * fixsliced encryption and, from round key 1 on, the S-box's constant 0x63
 * in every byte (aes_ct32.c).
 */
void aes_ct32_key_expand(uint32_t *rk, const uint8_t *key, unsigned nk);
/* The same expansion as FIPS 197's bytes: rk8[16 * (nk + 7)]. */
void aes_key_expand_bytes(uint8_t *rk8, const uint8_t *key, unsigned nk);

/* out0 = E(in0), out1 = E(in1) in one pass. */
void aes_ct32_encrypt2(const uint32_t *rk, unsigned rounds,
                       uint8_t out0[16], uint8_t out1[16],
                       const uint8_t in0[16], const uint8_t in1[16]);

/*
 * The rounds of the fixsliced encryption on the bitsliced state q of two
 * blocks: AddRoundKey 0, rounds - 1 rounds, the last round without
 * MixColumns; the state keeps the offsets of round `rounds` (the caller
 * aligns it). aes_ct32_rounds_c is the portable code and the C twin of
 * aes_ct32_rounds_asm (arch/aes_armv7.S, made by tools/gen_aes_armv7m.py:
 * Thumb-2 and A32, so Cortex-M3, M4, M7 and Armv7-A; not Thumb-1; not
 * with PROFILE=small, for its size), which aes_ct32_encrypt2_words calls
 * where it is built.
 */
void aes_ct32_rounds_c(uint32_t q[8], const uint32_t *rk, unsigned rounds);
#if CTC_AES && !CTC_NO_ASM && !CTC_PROFILE_SMALL && defined(__arm__) \
    && (defined(__thumb2__) || !defined(__thumb__)) \
    && (defined(__GNUC__) || defined(__clang__))
#define AES_HAVE_ARMV7_ASM 1
void aes_ct32_rounds_asm(uint32_t q[8], const uint32_t *rk, unsigned rounds);
#else
#define AES_HAVE_ARMV7_ASM 0
#endif

/*
 * The same pass on words: q[2 c + b] is word c of block b, loaded
 * little-endian (bytes 4c..4c+3, byte 4c in the low bits), on input and on
 * output, so a caller that holds its blocks as words (CTR's counters) skips
 * the byte conversions.
 */
void aes_ct32_encrypt2_words(const uint32_t *rk, unsigned rounds, uint32_t q[8]);

/*
 * Counter mode's pass, with the bitslicing of the counter blocks split in
 * two (the bitslicing is a permutation of bits, so it is linear): base is
 * the bitsliced form of the words 0..2 of both blocks (aes_ct32_ctr_base:
 * b0, b1 the two counter blocks as little-endian words; their words 3 are
 * ignored), which CTR and GCM keep while those words do not change, and
 * w0, w1 are the words 3 (the bytes 12..15) of the two blocks, which land
 * in bits 6 and 7 of every byte lane. q is the output of
 * aes_ct32_encrypt2_words on those blocks.
 */
void aes_ct32_ctr_base(uint32_t base[8], const uint32_t b0[4], const uint32_t b1[4]);
/*
 * aes_ct32_encrypt2_ctr is aes_ct32_encrypt2_ctr_asm where the Armv7
 * assembly is built (the same file as aes_ct32_rounds_asm: the counter
 * words put in, the rounds, the transposition back and the alignment on
 * the registers), else aes_ct32_encrypt2_ctr_c, its C twin.
 */
void aes_ct32_encrypt2_ctr_c(const uint32_t *rk, unsigned rounds, uint32_t q[8],
                             const uint32_t base[8], uint32_t w0, uint32_t w1);
#if AES_HAVE_ARMV7_ASM
void aes_ct32_encrypt2_ctr_asm(const uint32_t *rk, unsigned rounds, uint32_t q[8],
                               const uint32_t base[8], uint32_t w0, uint32_t w1);
#define aes_ct32_encrypt2_ctr aes_ct32_encrypt2_ctr_asm
/*
 * npass >= 1 passes of aes_ct32_encrypt2_ctr with w0, w1 the byte
 * reversals of lo + 2k and lo + 2k + 1 (mod 2^32: the caller keeps the
 * words 0..2 of base valid over the run), each pass's output XORed a word
 * at a time with the 32 bytes of in into out (both 4-byte aligned; out ==
 * in allowed; q[2 c + b] is word c of block b). aes_ct32_ctr_run_c is its
 * C twin, built for the test where the assembly is.
 */
void aes_ct32_ctr_run_asm(const uint32_t *rk, unsigned rounds, const uint32_t base[8],
                          uint32_t lo, uint8_t *out, const uint8_t *in, size_t npass);
void aes_ct32_ctr_run_c(const uint32_t *rk, unsigned rounds, const uint32_t base[8],
                        uint32_t lo, uint8_t *out, const uint8_t *in, size_t npass);
#else
#define aes_ct32_encrypt2_ctr aes_ct32_encrypt2_ctr_c
#endif

/* out0 = D(in0), out1 = D(in1) in one pass. */
void aes_ct32_decrypt2(const uint32_t *rk, unsigned rounds,
                       uint8_t out0[16], uint8_t out1[16],
                       const uint8_t in0[16], const uint8_t in1[16]);

/*
 * The S-box on each byte of the four bytes of w (the key schedule's
 * SubWord), with the same circuit as the rounds.
 */
uint32_t aes_ct32_subword(uint32_t w);

/* ---- the 64-bit bitsliced core (aes_ct64.c) and its AVX2 leaf
 * (arch/aes_avx2.c) ------------------------------------------------------------ */

/*
 * With CTC_AES_CT64 (64-bit builds, no table core) the constant-time core
 * is this one: the state of four blocks in eight 64-bit words (layout in
 * aes_ct64_body.h), round keys rk[8 * (nk + 7)] (ctc_aes_key.rk64), four
 * copies of each round key. The 32-bit core stays built (the tests compare
 * the two) but the library does not call it.
 */
#if CTC_AES && CTC_AES_CT64 && !CTC_AES_TABLE
#define AES_HAVE_CT64 1
void aes_ct64_key_expand(uint64_t *rk, const uint8_t *key, unsigned nk);
/* blocks 0 .. n-1 of in (n = 1..4, 16 bytes each) encrypted (decrypted)
 * into out in one pass of four blocks; out may be in */
void aes_ct64_encrypt4(const uint64_t *rk, unsigned rounds, uint8_t *out,
                       const uint8_t *in, size_t n);
void aes_ct64_decrypt4(const uint64_t *rk, unsigned rounds, uint8_t *out,
                       const uint8_t *in, size_t n);
/* the bitslicing's byte interleave (a0 b0 a1 b1 a2 b2 a3 b3) and back,
 * shared with the AVX2 leaf */
uint64_t aes_ct64_interleave(uint32_t a, uint32_t b);
void aes_ct64_deinterleave(uint32_t *a, uint32_t *b, uint64_t x);
#else
#define AES_HAVE_CT64 0
#endif

/*
 * The AVX2 leaf: the rounds of aes_ct64_body.h on YMM registers, each
 * 64-bit lane the state of four blocks, so sixteen blocks per pass (n =
 * 1..16 of in, the missing ones zero); the same round keys. Chosen at run
 * time when ctc_cpu_features() reports AVX2 (AES_HW_AVX2); its C twin is
 * aes_ct64_encrypt4/decrypt4, which test_aes compares with it. Built for
 * the constant-time checkers too (it is constant time by construction and
 * they check it: tests/ct/cases.def), not with CTC_NO_ASM.
 */
#if AES_HAVE_CT64 && !CTC_NO_ASM && defined(__x86_64__) \
    && (defined(__GNUC__) || defined(__clang__))
#define AES_HAVE_AVX2 1
void aes_avx2_encrypt16(const uint64_t *rk, unsigned rounds, uint8_t *out,
                        const uint8_t *in, size_t n);
void aes_avx2_decrypt16(const uint64_t *rk, unsigned rounds, uint8_t *out,
                        const uint8_t *in, size_t n);
#else
#define AES_HAVE_AVX2 0
#endif

/* ---- the table cores, NOT constant time (aes_table.c) --------------------- */

/*
 * Built when CTC_AES_TABLE is set (ctcrypto/config.h): then they replace
 * the bitsliced core (AES-NI still runs where the CPU has it). Round keys
 * are FIPS 197's words, each column's bytes little-endian: ek[4 (rounds +
 * 1)]; dk the equivalent inverse cipher's for the T-table variants, ek
 * itself for CTC_AES_TABLE_SBOX (plain inverse cipher).
 * CT: the _vartime functions read tables at addresses made of key and
 * data bytes: they leak both. aes_tbl_key is constant time.
 */
#if CTC_AES && CTC_AES_TABLE
#define AES_HAVE_TABLE 1
/* ek (and dk but for the S-box variant) from a key of nk words (4, 6, 8);
 * with CTC_AES_TABLE_RAM the first call computes the tables (not thread
 * safe: the first ctc_aes_key_set must end before another starts) */
void aes_tbl_key(uint32_t *ek, uint32_t *dk, const uint8_t *key, unsigned nk);
void aes_tbl_encrypt_vartime(const uint32_t *ek, unsigned rounds,
                             uint8_t out[16], const uint8_t in[16]);
void aes_tbl_decrypt_vartime(const uint32_t *dk, unsigned rounds,
                             uint8_t out[16], const uint8_t in[16]);
/* aes_ctr_xor's job, one block at a time; inc_bytes 4 or 16 */
void aes_tbl_ctr_xor_vartime(const uint32_t *ek, unsigned rounds,
                             uint8_t ctr[16], unsigned inc_bytes, uint8_t *out,
                             const uint8_t *in, size_t len);
#if CTC_AES_TABLE != CTC_AES_TABLE_SBOX
/*
 * Counter mode of the T-table variants on runs of whole blocks in which
 * only byte 15 of the counter changes (at most 256 blocks). Of the
 * counter block, AddRoundKey 0 changes one byte, so round 1 changes one
 * column (column 0, through Te3) and round 2 one term of each column:
 * those are computed once per run (aes_tbl_ctr_cache_vartime) and each
 * block starts with 1 + 4 lookups instead of 32.
 *   x = ((b15 + i) mod 256) ^ kb             block i's byte 15 after round 0
 *   t0 = c0 ^ Te3[x]                         round 1, column 0
 *   u = p[0] ^ Te0[t0 b0], p[1] ^ Te3[t0 b3],
 *       p[2] ^ Te2[t0 b2], p[3] ^ Te1[t0 b1] round 2
 * then rounds 3 .. rounds as in every block. The field offsets are those
 * of the assembly leaf (0, 4, 8, ...; checked by a static assertion in
 * aes_table.c).
 */
typedef struct {
    const uint32_t *ek;                /* the round keys */
    const uint32_t *te;                /* Te0 (Te_r is Te0 rotated left 8 r) */
    uint32_t rounds;                   /* 10, 12, 14 */
    uint32_t b15;                      /* byte 15 of the run's first counter block */
    uint32_t kb;                       /* byte 15 of round key 0 */
    uint32_t c0;                       /* round 1, column 0, less Te3[x] */
    uint32_t p[4];                     /* round 2, less the term of column 0 */
} aes_tbl_run;
/* r from the counter words c (aes_ld32le of its 4-byte groups) and ek */
void aes_tbl_ctr_cache_vartime(aes_tbl_run *r, const uint32_t *ek,
                               unsigned rounds, const uint32_t c[4]);
/* out = in ^ the key stream of n blocks (1 <= n, r->b15 + n <= 256) from
 * the run r; aes_tbl_ctr_run_c_vartime is the C twin of
 * aes_tbl_ctr_run_armv7m_vartime (arch/aes_table_armv7m.S: Thumb-2 on
 * Armv7-M / Armv7E-M), which also needs in and out 4-byte aligned.
 * CT: leaks the key and the key stream (table lookups). */
void aes_tbl_ctr_run_c_vartime(const aes_tbl_run *r, uint8_t *out,
                               const uint8_t *in, size_t n);
#if !CTC_NO_ASM && defined(__arm__) && defined(__thumb2__) \
    && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)) \
    && (defined(__GNUC__) || defined(__clang__))
#define AES_HAVE_TBL_ARMV7M_ASM 1
void aes_tbl_ctr_run_armv7m_vartime(const aes_tbl_run *r, uint8_t *out,
                                    const uint8_t *in, size_t n);
#endif
#endif
#ifndef AES_HAVE_TBL_ARMV7M_ASM
#define AES_HAVE_TBL_ARMV7M_ASM 0
#endif
#if CTC_AES_TABLE == CTC_AES_TABLE_SBOX
#define AES_TBL_DK(key) ((key)->ek)
#else
#define AES_TBL_DK(key) ((key)->dk)
#endif
#else
#define AES_HAVE_TABLE 0
#define AES_HAVE_TBL_ARMV7M_ASM 0
#endif

/* ---- the hardware cores (arch/aes_x86.c, arch/aes_arm64.c) and the choice
 * (aes_cpu.c) ----------------------------------------------------------------- */

/*
 * AES-NI and PCLMULQDQ on x86-64 (arch/aes_x86.c), the Armv8 Cryptography
 * Extension's AESE/AESD/AESMC/AESIMC and PMULL on AArch64
 * (arch/aes_arm64.c), chosen at run time from ctc_cpu_features(). Not built
 * for the constant-time checkers (valgrind and MSan judge the portable
 * code, which the tests compare with these) nor with CTC_NO_ASM (the C
 * twins: the ct32 core and aes_ghash.c). rk8 is FIPS 197's expanded key as
 * bytes (ctc_aes_key.rk8). The two cores have one interface, aes_hw_* below;
 * the x86-64 core also has loops for CBC, CBC-MAC and CCM (aes_ni_cbc_*,
 * aes_ni_ccm_blocks) and the YMM pass (aes_vaes_*, AES_HW_VAES), which the
 * mode code calls under #if AES_HAVE_X86_NI only (on AArch64 it runs its
 * portable loops over aes_encrypt1/2, aes_decrypt2 and the aes_hw_* ones).
 */
#if CTC_AES && !CTC_NO_ASM && defined(__x86_64__) \
    && (defined(__GNUC__) || defined(__clang__)) && CTC_CT_CHECK == 0
#define AES_HAVE_X86_NI 1
void aes_ni_encrypt_blocks(const uint8_t *rk8, unsigned rounds, uint8_t *out,
                           const uint8_t *in, size_t n);
void aes_ni_decrypt_blocks(const uint8_t *rk8, unsigned rounds, uint8_t *out,
                           const uint8_t *in, size_t n);
void aes_ni_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                    unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                    size_t len);
/* CBC over n whole blocks: x = E(x ^ block) for each block of in, written
 * to out; out NULL for the MAC alone (CCM's CBC-MAC, CMAC) */
void aes_ni_cbc_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t x[16],
                        uint8_t *out, const uint8_t *in, size_t n);
/* CBC decryption of n whole blocks of in into out (in place allowed); iv
 * the chaining value, left at the last ciphertext block */
void aes_ni_cbc_decrypt(const uint8_t *rk8, unsigned rounds, uint8_t iv[16],
                        uint8_t *out, const uint8_t *in, size_t n);
/* CCM over n whole blocks: out = in ^ the key stream from ctr (advanced in
 * its last l bytes, 2..8), x = the CBC-MAC chained over the plaintext (in
 * when encrypting, out when decrypt is 1) */
void aes_ni_ccm_blocks(const uint8_t *rk8, unsigned rounds, uint8_t x[16],
                       uint8_t ctr[16], unsigned l, uint8_t *out,
                       const uint8_t *in, size_t n, int decrypt);
/* n whole blocks into y (big-endian words), H from hk (aes_ghash) */
void aes_ni_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                         const uint8_t *p, size_t n);
size_t aes_ni_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                          uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                          const uint8_t *in, size_t len);
/* With VAES and VPCLMULQDQ on YMM (two blocks per register), sixteen
 * blocks per pass: GCM encryption as aes_ni_gcm_encrypt, the counter loop
 * as aes_ni_ctr_xor, GHASH as aes_ni_ghash_blocks, each on the whole
 * 256-byte pieces only: -> the bytes (blocks for GHASH) done. */
size_t aes_vaes_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                        unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                        size_t len);
size_t aes_vaes_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                             const uint8_t *p, size_t n);
size_t aes_vaes_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                            uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                            const uint8_t *in, size_t len);
#else
#define AES_HAVE_X86_NI 0
#endif

#if CTC_AES && !CTC_NO_ASM && defined(__aarch64__) && defined(__GNUC__) \
    && CTC_CT_CHECK == 0
#define AES_HAVE_ARMV8_CE 1
void aes_armv8_encrypt_blocks(const uint8_t *rk8, unsigned rounds, uint8_t *out,
                              const uint8_t *in, size_t n);
void aes_armv8_decrypt_blocks(const uint8_t *rk8, unsigned rounds, uint8_t *out,
                              const uint8_t *in, size_t n);
void aes_armv8_ctr_xor(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                       unsigned inc_bytes, uint8_t *out, const uint8_t *in,
                       size_t len);
void aes_armv8_ghash_blocks(uint32_t y[4], const uint32_t hk[18],
                            const uint8_t *p, size_t n);
size_t aes_armv8_gcm_encrypt(const uint8_t *rk8, unsigned rounds, uint8_t ctr[16],
                             uint32_t y[4], const uint32_t hk[18], uint8_t *out,
                             const uint8_t *in, size_t len);
#else
#define AES_HAVE_ARMV8_CE 0
#endif

/*
 * The hardware core of this build, one interface (the mode code calls
 * these names; AES_HAVE_HW is 0 where neither core is built):
 *  - aes_hw_encrypt_blocks, aes_hw_decrypt_blocks: n whole blocks (ECB);
 *  - aes_hw_ctr_xor: aes_ctr_xor's job (several blocks in flight);
 *  - aes_hw_ghash_blocks: n whole blocks into y (big-endian words), H from
 *    hk (aes_ghash);
 *  - aes_hw_gcm_encrypt: GCM encryption of the whole 128-byte pieces of in:
 *    out = in ^ the key stream from ctr (inc32, advanced), the ciphertext
 *    absorbed into y as aes_hw_ghash_blocks does; -> the bytes done (len
 *    rounded down to 128).
 * AES_HW_NAME and AES_HW_CLMUL_NAME name the instructions (tests print
 * them); rk8 is in the key where CTC_AES_KEY_RK8 is 1 (ctcrypto/aes.h).
 */
#if AES_HAVE_X86_NI
#define AES_HAVE_HW 1
#define AES_HW_NAME "AES-NI"
#define AES_HW_CLMUL_NAME "PCLMULQDQ"
#define aes_hw_encrypt_blocks aes_ni_encrypt_blocks
#define aes_hw_decrypt_blocks aes_ni_decrypt_blocks
#define aes_hw_ctr_xor aes_ni_ctr_xor
#define aes_hw_ghash_blocks aes_ni_ghash_blocks
#define aes_hw_gcm_encrypt aes_ni_gcm_encrypt
#elif AES_HAVE_ARMV8_CE
#define AES_HAVE_HW 1
#define AES_HW_NAME "Armv8 AES"
#define AES_HW_CLMUL_NAME "PMULL"
#define aes_hw_encrypt_blocks aes_armv8_encrypt_blocks
#define aes_hw_decrypt_blocks aes_armv8_decrypt_blocks
#define aes_hw_ctr_xor aes_armv8_ctr_xor
#define aes_hw_ghash_blocks aes_armv8_ghash_blocks
#define aes_hw_gcm_encrypt aes_armv8_gcm_encrypt
#else
#define AES_HAVE_HW 0
#define AES_HW_NAME "none"
#define AES_HW_CLMUL_NAME "none"
#endif

#if AES_HAVE_HW
/*
 * The hardware cores' counter: two big-endian halves (hi: bytes 0..7, lo:
 * 8..15), advanced by one in its last n bytes (a public count: 4 for GCM's
 * inc32, 16 for CTR) with the carry masked to the counter's width, no
 * branch on the counter.
 */
struct aes_ctr64 {
    uint64_t hi, lo, mlo, mhi;
};

static inline void aes_ctr64_load(struct aes_ctr64 *c, const uint8_t ctr[16], unsigned n)
{
    unsigned i;

    c->hi = c->lo = 0;
    for (i = 0; i < 8; i++) {
        c->hi = (c->hi << 8) | ctr[i];
        c->lo = (c->lo << 8) | ctr[8 + i];
    }
    c->mlo = n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1;
    c->mhi = n <= 8 ? 0 : n >= 16 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * (n - 8))) - 1;
}

static inline void aes_ctr64_store(uint8_t ctr[16], const struct aes_ctr64 *c)
{
    unsigned i;

    for (i = 0; i < 8; i++) {
        ctr[i] = (uint8_t)(c->hi >> (56 - 8 * i));
        ctr[8 + i] = (uint8_t)(c->lo >> (56 - 8 * i));
    }
}

static inline void aes_ctr64_inc(struct aes_ctr64 *c)
{
    uint64_t lo = (c->lo & ~c->mlo) | ((c->lo + 1) & c->mlo);
    uint64_t z = lo & c->mlo;
    /* a carry out of the low half when all of its counter bytes wrapped
     * (z = 0) and the counter is wider than the low half (mlo = ~0, the
     * only mask with its top bit set); bit operations, so that no compiler
     * makes a branch of it */
    uint64_t carry = (((z | (0 - z)) >> 63) ^ 1) & (c->mlo >> 63);

    c->lo = lo;
    c->hi = (c->hi & ~c->mhi) | ((c->hi + carry) & c->mhi);
}
#endif

#define AES_HW_AES 1u      /* the block cipher in hardware (AES-NI, AESE) */
#define AES_HW_CLMUL 2u    /* GHASH in hardware (PCLMULQDQ, PMULL) */
#define AES_HW_VAES 4u     /* VAES and VPCLMULQDQ on YMM (GCM with AES_HW_AES
                            * and AES_HW_CLMUL; x86-64 only) */
#define AES_HW_AVX2 8u     /* the bitsliced core on YMM (AES_HAVE_AVX2), when
                            * AES_HW_AES is not in use */

/* The AES_HW_* in use: built, present and allowed (depends on the CPU
 * only). */
unsigned aes_hw(void);
/* Restrict the AES_HW_* in use to `allowed` (0 forces the portable core),
 * for tests and benchmarks; returns the previous mask. */
unsigned aes_hw_allow(unsigned allowed);

/* out0 = E(in0), out1 = E(in1) with the core in use */
void aes_encrypt2(const ctc_aes_key *key, uint8_t out0[16], uint8_t out1[16],
                  const uint8_t in0[16], const uint8_t in1[16]);

/* out = E(in), one block, with the core in use (the portable core's pass
 * runs with in in both lanes; the hardware core on the one block) */
void aes_encrypt1(const ctc_aes_key *key, uint8_t out[16], const uint8_t in[16]);

/* n whole blocks of in encrypted (decrypted) into out with the core in
 * use, as many per pass as it takes (16 with AVX2, 4 with the 64-bit
 * core); out may be in */
void aes_encrypt_blocks(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                        size_t n);
void aes_decrypt_blocks(const ctc_aes_key *key, uint8_t *out, const uint8_t *in,
                        size_t n);

/* out0 = D(in0), out1 = D(in1) with the core in use */
void aes_decrypt2(const ctc_aes_key *key, uint8_t out0[16], uint8_t out1[16],
                  const uint8_t in0[16], const uint8_t in1[16]);

/* ---- counter mode (aes_ctr.c) -------------------------------------------- */

/*
 * out = in ^ the key stream E(ctr), E(ctr + 1), ... for len bytes; ctr is a
 * big-endian counter in its last inc_bytes bytes (16 for CTR, 4 for GCM's
 * inc32), advanced past the blocks used (a last partial block counts).
 * With a table core (AES_HAVE_TABLE) inc_bytes must be 4 or 16.
 */
void aes_ctr_xor(const ctc_aes_key *key, uint8_t ctr[16], unsigned inc_bytes,
                 uint8_t *out, const uint8_t *in, size_t len);

/* ---- GHASH (aes_ghash.c) ------------------------------------------------- */

/*
 * GHASH over GF(2^128) with the constant-time carry-less multiply made of
 * 32x32->32-bit integer products (aes_ghash.c). hk holds the nine Karatsuba
 * operands of the hash key H and their bit reversals; y the running value,
 * as big-endian words (y[0] holds bytes 0..3).
 */
typedef ctc_aes_ghash aes_ghash;

/*
 * Where a 32x32->64-bit integer product takes the same time for every
 * operand (UMULL on Armv7E-M: Cortex-M4, M7; the 64-bit MUL of x86-64 and
 * AArch64), GHASH takes its nine 32x32 carry-less products whole from it
 * (aes_ghash.c): aes_ghash_bmul9_c(z, x, y) makes z[i] and z[9 + i], the
 * low and high words of the carry-less product of x[i] and y[i].
 */
#if defined(__ARM_ARCH_7EM__) || defined(__x86_64__) || defined(__aarch64__)
#define AES_GHASH_MUL64 1
void aes_ghash_bmul9_c(uint32_t z[18], const uint32_t x[9], const uint32_t y[9]);
#else
#define AES_GHASH_MUL64 0
#endif

/*
 * y = (y ^ block) * H for each of the n whole blocks at p, H from hk
 * (aes_ghash_init). aes_ghash_blocks_c is the portable code and the C twin
 * of aes_ghash_blocks_asm (arch/aes_ghash_armv7em.S, Thumb-2 on Armv7E-M;
 * n >= 1 and p 4-byte aligned), which GHASH calls where it is built.
 */
void aes_ghash_blocks_c(uint32_t y[4], const uint32_t hk[18], const uint8_t *p, size_t n);
#if CTC_AES && !CTC_NO_ASM && defined(__ARM_ARCH_7EM__) && defined(__thumb2__) \
    && (defined(__GNUC__) || defined(__clang__))
#define AES_HAVE_GHASH_ASM 1
void aes_ghash_blocks_asm(uint32_t y[4], const uint32_t hk[18], const uint8_t *p, size_t n);
#else
#define AES_HAVE_GHASH_ASM 0
#endif

void aes_ghash_init(aes_ghash *g, const uint8_t h[16]);
/* absorb len bytes; a last partial block is padded with zeros */
void aes_ghash_update(aes_ghash *g, const uint8_t *p, size_t len);
/* out = the running value y as 16 bytes */
void aes_ghash_value(uint8_t out[16], const aes_ghash *g);
/* absorb one whole block */
void aes_ghash_block(aes_ghash *g, const uint8_t b[16]);

/* ---- GCM's pieces (aes_gcm.c), shared with the streaming form ------------ */

/* H, J0 and E(J0) for an IV of iv_len >= 1 bytes; g holds H, y = 0 */
void aes_gcm_start(const ctc_aes_key *key, aes_ghash *g, uint8_t j0[16],
                   uint8_t ekj0[16], const uint8_t *iv, size_t iv_len);
/* the full 16-byte tag from the lengths (bytes) and E(J0) */
void aes_gcm_finish(aes_ghash *g, uint8_t tag[16], const uint8_t ekj0[16],
                    uint64_t aad_len, uint64_t len);
/* ctr += 1 in its last 4 bytes (inc32) */
void aes_gcm_inc32(uint8_t ctr[16]);
/* 1 when tag_len is accepted (12..16, or 4 and 8 when short_ok) */
int aes_gcm_tag_len_ok(size_t tag_len, int short_ok);

#define AES_GCM_TEXT_MAX ((((uint64_t)1) << 36) - 32)
#define AES_GCM_AAD_MAX ((((uint64_t)1) << 61) - 1)

#endif /* AES_AES_IMPL_H */
