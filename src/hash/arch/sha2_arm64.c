/*
 * sha2_arm64.c - SHA-256 and SHA-512 compression with the Armv8
 * cryptographic extension (sha256_blocks_armv8, sha512_blocks_armv8 in
 * hash_impl.h; C twins: sha256_blocks_c, sha512_blocks_c).
 *
 * Each function carries its own target attribute, so the rest of the
 * library is built for the plain baseline; hash_cpu.c runs them only when
 * ID_AA64ISAR0_EL1.SHA2 says the CPU has the instructions (1: SHA-256,
 * 2: SHA-256 and SHA-512).
 *
 * SHA-256 (Arm ARM, SHA256H/SHA256H2/SHA256SU0/SHA256SU1): the state is
 * (A, B, C, D) and (E, F, G, H), lane 0 first; SHA256H and SHA256H2 do four
 * rounds given W + K for them, SHA256H2 taking the (A, B, C, D) from before
 * the four rounds.
 *
 * SHA-512 (SHA512H/SHA512H2/SHA512SU0/SHA512SU1, FEAT_SHA512): the state is
 * four pairs with the earlier letter in lane 0: ab = (a, b), cd, ef, gh.
 * Two rounds t, t+1 with kw = (W_t + K_t, W_t+1 + K_t+1):
 *   x  = swap(kw) + gh            = (g + kw_t+1, h + kw_t)
 *   T  = SHA512H(x, (f, g), (d, e))   = the two T1 values (lane 1: round t)
 *   ef' = cd + T                  = (e of round t+2, e of round t+1)
 *   ab' = SHA512H2(T, cd, ab)     = (a of round t+2, a of round t+1)
 *   cd' = ab, gh' = ef
 * where (f, g) = ext(ef, gh) and (d, e) = ext(cd, ef) take the upper lane
 * of the first and the lower of the second. The schedule, W_t = pair
 * (W_2i, W_2i+1):
 *   W_i+8 = SHA512SU1(SHA512SU0(W_i, W_i+1), W_i+7, ext(W_i+4, W_i+5)).
 * Straight-line code over whole blocks: nothing depends on the data but the
 * data.
 */
#include "../hash_impl.h"

#if HASH_HAVE_ARM64_SHA

#include <arm_neon.h>

static const uint32_t K256v[64] __attribute__((aligned(16))) = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

static const uint64_t K512v[80] __attribute__((aligned(16))) = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu,
    0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu,
    0x3956c25bf348b538u, 0x59f111f1b605d019u,
    0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u,
    0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
    0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u,
    0x9bdc06a725c71235u, 0xc19bf174cf692694u,
    0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
    0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u,
    0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
    0x983e5152ee66dfabu, 0xa831c66d2db43210u,
    0xb00327c898fb213fu, 0xbf597fc7beef0ee4u,
    0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u,
    0x27b70a8546d22ffcu, 0x2e1b21385c26c926u,
    0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
    0x650a73548baf63deu, 0x766a0abb3c77b2a8u,
    0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
    0xc24b8b70d0f89791u, 0xc76c51a30654be30u,
    0xd192e819d6ef5218u, 0xd69906245565a910u,
    0xf40e35855771202au, 0x106aa07032bbd1b8u,
    0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u,
    0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
    0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u,
    0x748f82ee5defb2fcu, 0x78a5636f43172f60u,
    0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u,
    0xbef9a3f7b2c67915u, 0xc67178f2e372532bu,
    0xca273eceea26619cu, 0xd186b8c721c0c207u,
    0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u,
    0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu,
    0x28db77f523047d84u, 0x32caab7b40c72493u,
    0x3c9ebe0a15c9bebcu, 0x431d67c49c100d4cu,
    0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
    0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

/* ---- SHA-256 ----------------------------------------------------------------- */

#define ROUNDS4_256(t, m)                                                 \
    do {                                                                  \
        uint32x4_t wk_ = vaddq_u32((m), vld1q_u32(K256v + (t)));          \
        uint32x4_t prev_ = abcd;                                          \
        abcd = vsha256hq_u32(abcd, efgh, wk_);                            \
        efgh = vsha256h2q_u32(efgh, prev_, wk_);                          \
    } while (0)

#define SCHED256(m0, m1, m2, m3) \
    vsha256su1q_u32(vsha256su0q_u32((m0), (m1)), (m2), (m3))

__attribute__((target("+crypto")))
void sha256_blocks_armv8(uint32_t h[8], const uint8_t *p, size_t n)
{
    uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
    uint32x4_t save_abcd, save_efgh, m0, m1, m2, m3;

    do {
        save_abcd = abcd;
        save_efgh = efgh;
        /* big-endian words */
        m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
        m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
        m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
        m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));

        ROUNDS4_256(0, m0);
        ROUNDS4_256(4, m1);
        ROUNDS4_256(8, m2);
        ROUNDS4_256(12, m3);
        m0 = SCHED256(m0, m1, m2, m3); ROUNDS4_256(16, m0);
        m1 = SCHED256(m1, m2, m3, m0); ROUNDS4_256(20, m1);
        m2 = SCHED256(m2, m3, m0, m1); ROUNDS4_256(24, m2);
        m3 = SCHED256(m3, m0, m1, m2); ROUNDS4_256(28, m3);
        m0 = SCHED256(m0, m1, m2, m3); ROUNDS4_256(32, m0);
        m1 = SCHED256(m1, m2, m3, m0); ROUNDS4_256(36, m1);
        m2 = SCHED256(m2, m3, m0, m1); ROUNDS4_256(40, m2);
        m3 = SCHED256(m3, m0, m1, m2); ROUNDS4_256(44, m3);
        m0 = SCHED256(m0, m1, m2, m3); ROUNDS4_256(48, m0);
        m1 = SCHED256(m1, m2, m3, m0); ROUNDS4_256(52, m1);
        m2 = SCHED256(m2, m3, m0, m1); ROUNDS4_256(56, m2);
        m3 = SCHED256(m3, m0, m1, m2); ROUNDS4_256(60, m3);

        abcd = vaddq_u32(abcd, save_abcd);
        efgh = vaddq_u32(efgh, save_efgh);
        p += 64;
    } while (--n);
    vst1q_u32(h, abcd);
    vst1q_u32(h + 4, efgh);
}

/* ---- SHA-512 ----------------------------------------------------------------- */

/* Two rounds t, t+1 with message pair m; renames (ab, cd, ef, gh) to
 * (ab', ab, ef', ef) by writing the new values over cd and gh. */
#define ROUNDS2_512(t, m, ab, cd, ef, gh)                                 \
    do {                                                                  \
        uint64x2_t kw_ = vaddq_u64((m), vld1q_u64(K512v + (t)));          \
        uint64x2_t x_ = vaddq_u64(vextq_u64(kw_, kw_, 1), (gh));          \
        uint64x2_t T_ = vsha512hq_u64(x_, vextq_u64((ef), (gh), 1),       \
                                      vextq_u64((cd), (ef), 1));          \
        (gh) = vaddq_u64((cd), T_);                                       \
        (cd) = vsha512h2q_u64(T_, (cd), (ab));                            \
    } while (0)

/* Eight rounds: after four steps the names are back in place. */
#define ROUNDS8_512(t, w0, w1, w2, w3)                                    \
    do {                                                                  \
        ROUNDS2_512((t) + 0, (w0), s0, s1, s2, s3);                       \
        ROUNDS2_512((t) + 2, (w1), s1, s0, s3, s2);                       \
        ROUNDS2_512((t) + 4, (w2), s0, s1, s2, s3);                       \
        ROUNDS2_512((t) + 6, (w3), s1, s0, s3, s2);                       \
    } while (0)

#define SCHED512(i)                                                       \
    (w[i] = vsha512su1q_u64(vsha512su0q_u64(w[i], w[((i) + 1) & 7]),      \
                            w[((i) + 7) & 7],                             \
                            vextq_u64(w[((i) + 4) & 7], w[((i) + 5) & 7], 1)))

__attribute__((target("arch=armv8.2-a+sha3")))
void sha512_blocks_armv8(uint64_t h[8], const uint8_t *p, size_t n)
{
    uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2);
    uint64x2_t ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);
    uint64x2_t s0, s1, s2, s3, w[8];
    unsigned i, t;

    do {
        for (i = 0; i < 8; i++)
            w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * i)));
        s0 = ab; s1 = cd; s2 = ef; s3 = gh;
        /* after one step the roles are (s0, s1, s2, s3) = (cd', ab', gh',
         * ef'): step 2 passes them as (ab, cd, ef, gh) = (s1, s0, s3, s2),
         * and after step 2 they are back in (ab, cd, ef, gh) order. */
        ROUNDS8_512(0, w[0], w[1], w[2], w[3]);
        ROUNDS8_512(8, w[4], w[5], w[6], w[7]);
        for (t = 16; t < 80; t += 16) {
            SCHED512(0); SCHED512(1); SCHED512(2); SCHED512(3);
            ROUNDS8_512(t, w[0], w[1], w[2], w[3]);
            SCHED512(4); SCHED512(5); SCHED512(6); SCHED512(7);
            ROUNDS8_512(t + 8, w[4], w[5], w[6], w[7]);
        }
        ab = vaddq_u64(ab, s0);
        cd = vaddq_u64(cd, s1);
        ef = vaddq_u64(ef, s2);
        gh = vaddq_u64(gh, s3);
        p += 128;
    } while (--n);
    vst1q_u64(h, ab);
    vst1q_u64(h + 2, cd);
    vst1q_u64(h + 4, ef);
    vst1q_u64(h + 6, gh);
}

#else
/* an empty translation unit is not ISO C */
typedef int sha2_arm64_unused;
#endif
