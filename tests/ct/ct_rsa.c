/*
 * ct_rsa.c - constant-time cases for the rsa family (see ct_cases.h).
 *
 * The private operation is judged on a fixed 1024-bit key (key 0 of
 * tools/gen_rsa_cases.py --seed 8017, e = 65537): its CRT values are
 * constants of the image, so every secret the trace checker tries works
 * with a consistent key and the result check passes every time (the
 * library refuses private keys below 2048 bits, so the case fills the
 * key struct itself, as ctc_rsa_private_key_import would, from the mp
 * functions). Secret: the input (s[0..128), top bit cleared so that it is
 * below n) and the random bytes of the blinding value (s[120..256) mixed
 * with a public pattern, so r is never 0); the key's private fields are
 * poisoned too, so valgrind and MemorySanitizer also judge the key. The
 * trace checker varies the input and the blinding only.
 *
 * Negative control: the CRT's exponentiations with mp_exp_vartime (secret
 * exponents on the public-exponent path; dp and dq mixed with secret
 * bytes, so that the trace checker's runs differ in them too): every
 * checker must report it.
 */
#include <string.h>

#include "ct_cases.h"
#include "ct_util.h"
#include "rsa/rsa.h"

static const uint8_t key_n[128] = {
    0xba, 0x42, 0x3a, 0xe2, 0xe2, 0xa4, 0x34, 0x39, 0x94, 0x31, 0x71, 0x56,
    0xfc, 0xa8, 0x83, 0xc3, 0x9b, 0xc3, 0x05, 0x59, 0x0d, 0x04, 0xa9, 0x25,
    0x5e, 0xe3, 0x0a, 0xa8, 0x1b, 0x35, 0x0d, 0xf7, 0xca, 0x2b, 0x0f, 0x4f,
    0xad, 0x61, 0x5d, 0x2a, 0x8d, 0xd9, 0xf0, 0x2c, 0xcc, 0xe8, 0x0c, 0x88,
    0x90, 0xae, 0xbb, 0x25, 0x56, 0x00, 0x6c, 0xb3, 0x5a, 0x6d, 0x55, 0xff,
    0x96, 0xb4, 0x8c, 0xf5, 0x71, 0xad, 0x72, 0x50, 0x93, 0xfb, 0x56, 0x08,
    0xad, 0x52, 0x77, 0xd0, 0xdc, 0x22, 0x8b, 0x85, 0xe2, 0x86, 0x21, 0x6e,
    0x6c, 0x19, 0x71, 0x21, 0x4f, 0xc2, 0x34, 0x0d, 0x3c, 0x0e, 0xd8, 0x27,
    0x56, 0x0e, 0x62, 0x35, 0x47, 0x1c, 0xb5, 0x33, 0xb0, 0x52, 0x3d, 0x0a,
    0x9d, 0xe7, 0x49, 0x10, 0x10, 0xfc, 0x85, 0x90, 0x65, 0x2e, 0xc2, 0xf3,
    0x33, 0x5f, 0x63, 0x31, 0x83, 0xa8, 0x03, 0xd9,
};
static const uint8_t key_p[64] = {
    0xef, 0xfb, 0x0e, 0x6e, 0xfe, 0xff, 0x0d, 0xe7, 0x3f, 0x4d, 0x2e, 0xf6,
    0xff, 0xc8, 0x2b, 0xa0, 0xf7, 0x85, 0x20, 0xce, 0xce, 0x97, 0xa7, 0xa8,
    0xd5, 0x79, 0x2e, 0x57, 0xfa, 0x78, 0x06, 0x44, 0x88, 0x38, 0x51, 0xec,
    0x9f, 0x31, 0x98, 0xde, 0x1f, 0xbd, 0x7b, 0xa6, 0xe2, 0x40, 0x04, 0x6c,
    0xec, 0xf0, 0x37, 0x0d, 0x0b, 0x21, 0x35, 0x03, 0x1c, 0xaf, 0x72, 0x27,
    0xda, 0xed, 0x0d, 0x0b,
};
static const uint8_t key_q[64] = {
    0xc6, 0xb1, 0x23, 0x5a, 0x63, 0xad, 0x20, 0x00, 0x91, 0x74, 0xc0, 0x2d,
    0x15, 0xad, 0x80, 0x94, 0x3e, 0xb9, 0xe5, 0xfa, 0xbb, 0x34, 0xc5, 0xb4,
    0x59, 0x30, 0xf1, 0x1e, 0x29, 0xd4, 0x8b, 0x41, 0xe6, 0xf1, 0xcb, 0x76,
    0x99, 0xbb, 0x75, 0x67, 0xba, 0xf7, 0x83, 0xe4, 0x03, 0x4e, 0x58, 0x92,
    0xb7, 0xe5, 0xef, 0x34, 0xb0, 0x83, 0x58, 0x1d, 0x48, 0x21, 0x81, 0xc6,
    0xe1, 0xaa, 0x59, 0x2b,
};
static const uint8_t key_dp[64] = {
    0x27, 0xb1, 0x86, 0xf9, 0xa5, 0x03, 0xda, 0xf0, 0xdc, 0xef, 0x8f, 0x4d,
    0x1b, 0x91, 0xa8, 0x65, 0xbf, 0x8b, 0x2d, 0x9a, 0x07, 0x61, 0xde, 0x41,
    0x76, 0xcd, 0xcc, 0x74, 0x90, 0xe1, 0x39, 0x68, 0x2c, 0x7f, 0xe4, 0x4d,
    0x17, 0x27, 0xc4, 0xf9, 0x38, 0x96, 0xc6, 0xd5, 0x1b, 0xa7, 0x2b, 0x14,
    0x39, 0x3c, 0xa2, 0x5e, 0x6d, 0xf0, 0xd8, 0x2b, 0xe3, 0x9a, 0xc1, 0x6f,
    0x06, 0x2f, 0x1f, 0x71,
};
static const uint8_t key_dq[64] = {
    0x87, 0x19, 0xd7, 0x62, 0x14, 0xb8, 0x99, 0x34, 0x09, 0xb3, 0x8b, 0x20,
    0x9c, 0xc6, 0xd6, 0xd0, 0xf6, 0x3d, 0xcd, 0x24, 0xc9, 0xba, 0x3e, 0x5c,
    0x3c, 0xf1, 0x4c, 0x62, 0x28, 0x2b, 0x3f, 0x6d, 0x56, 0x2d, 0x3f, 0x1d,
    0xab, 0xb6, 0x8d, 0x44, 0x35, 0x1b, 0x2b, 0xf1, 0x14, 0x56, 0x67, 0x5f,
    0x8b, 0xef, 0xaa, 0xd0, 0xf6, 0xdc, 0xb8, 0x43, 0x60, 0xd2, 0x77, 0xbd,
    0xd5, 0x9f, 0xd0, 0xf5,
};
static const uint8_t key_qinv[64] = {
    0x4a, 0xf7, 0xe7, 0x7c, 0x78, 0x5d, 0x43, 0x28, 0x12, 0xdf, 0x88, 0x7a,
    0xf0, 0x9b, 0xcd, 0x97, 0xcc, 0x6a, 0xab, 0x00, 0x0f, 0x62, 0x18, 0x6b,
    0xd5, 0x69, 0x92, 0x0e, 0xbd, 0x48, 0x8e, 0xa9, 0xaf, 0x2f, 0x53, 0xd9,
    0xf4, 0xbc, 0x1e, 0xba, 0x2c, 0x67, 0x76, 0xde, 0x4e, 0x9f, 0xae, 0xef,
    0x35, 0x67, 0xb6, 0xba, 0x16, 0xa1, 0x62, 0x5f, 0xb8, 0x7b, 0xec, 0x27,
    0x07, 0x97, 0x2a, 0x5b,
};

static ctc_rsa_private_key key;
static uint8_t in[128], out[128];

/* the struct ctc_rsa_private_key_import would fill, from the constants */
static void make_key(void)
{
    static const uint8_t e[3] = { 0x01, 0x00, 0x01 };
    ct_limb_t T[6 * RSA_HALF + 2];
    size_t h;

    (void)ctc_rsa_public_key_import(&key.pub, key_n, sizeof key_n, e, sizeof e);
    h = (key.pub.limbs + 1) / 2;
    (void)mp_from_be(key.p, h, key_p, sizeof key_p);
    (void)mp_from_be(key.q, h, key_q, sizeof key_q);
    (void)mp_from_be(key.dp, h, key_dp, sizeof key_dp);
    (void)mp_from_be(key.dq, h, key_dq, sizeof key_dq);
    (void)mp_from_be(key.qinv_m, h, key_qinv, sizeof key_qinv);
    key.p_ninv = mp_mont_ninv(key.p[0]);
    key.q_ninv = mp_mont_ninv(key.q[0]);
    mp_mont_R2(key.p_r2, key.p, h, T);
    mp_mont_R2(key.q_r2, key.q, h, T);
    mp_to_mont(key.qinv_m, key.qinv_m, &(mp_modulus){ key.p, key.p_r2, h, key.p_ninv }, T);
    key.half_limbs = (uint32_t)h;
    /* the private fields are secret */
    CT_POISON(key.p, sizeof key.p);
    CT_POISON(key.q, sizeof key.q);
    CT_POISON(key.dp, sizeof key.dp);
    CT_POISON(key.dq, sizeof key.dq);
    CT_POISON(key.qinv_m, sizeof key.qinv_m);
    CT_POISON(key.p_r2, sizeof key.p_r2);
    CT_POISON(key.q_r2, sizeof key.q_r2);
    CT_POISON(&key.p_ninv, sizeof key.p_ninv);
    CT_POISON(&key.q_ninv, sizeof key.q_ninv);
}

/* the blinding bytes: the secret's from offset 120 on (wrapping), each
 * xored with a public odd pattern so that r is never zero */
static const unsigned char *rng_secret;

static int secret_rng(void *ctx, uint8_t *dst, size_t len)
{
    const unsigned char *s = rng_secret;
    size_t i;

    (void)ctx;
    for (i = 0; i < len; i++)
        dst[i] = (uint8_t)(s[(120 + i) & (CT_SECRET_BYTES - 1)] ^ (0x5b + 2 * i));
    return 0;
}

static void load_input(const unsigned char *secret)
{
    memcpy(in, secret, sizeof in);
    in[0] &= 0x7f;   /* < 2^1023 < n */
}

void ct_case_rsa_private(const unsigned char *secret)
{
    make_key();
    load_input(secret);
    rng_secret = secret;
    ct_keep((uint64_t)(int64_t)rsa_private_em(out, &key, in, secret_rng, NULL));
    ct_keep_mem(out, sizeof out);
}

void ct_case_rsa_leaky_crt_vartime(const unsigned char *secret)
{
    ct_limb_t C[RSA_LIMBS], m1[RSA_HALF], m2[RSA_HALF], D[RSA_HALF],
              T[MP_EXP_SCRATCH(RSA_HALF, 4)];
    size_t L, h, i;

    make_key();
    load_input(secret);
    L = key.pub.limbs;
    h = key.half_limbs;
    (void)mp_from_be(C, L, in, sizeof in);
    /* the exponents take secret bytes (s[128..192)), so that the trace
     * checker, whose key is fixed, sees them vary too */
    for (i = 0; i < h; i++)
        D[i] = key.dp[i] ^ (ct_limb_t)ct_ld64(secret + 128 + 8 * (i % 8));
    mp_mod(m1, C, L, key.p, h, T);
    (void)mp_exp_vartime(m1, m1, D, h, &(mp_modulus){ key.p, key.p_r2, h, key.p_ninv }, T,
                         MP_EXP_SCRATCH(RSA_HALF, 4));
    for (i = 0; i < h; i++)
        D[i] = key.dq[i] ^ (ct_limb_t)ct_ld64(secret + 128 + 8 * (i % 8));
    mp_mod(m2, C, L, key.q, h, T);
    (void)mp_exp_vartime(m2, m2, D, h, &(mp_modulus){ key.q, key.q_r2, h, key.q_ninv }, T,
                         MP_EXP_SCRATCH(RSA_HALF, 4));
    ct_keep_mem(m1, h * sizeof(ct_limb_t));
    ct_keep_mem(m2, h * sizeof(ct_limb_t));
}

/* ---- encryption: the decodings of OAEP and PKCS#1 v1.5 ---------------------- */
/*
 * The decodings are judged on a decrypted block of k = 128 bytes made from
 * the secret, valid or not depending on it, so that the trace checker's
 * runs cover valid and invalid encodings and messages of many lengths:
 *   OAEP (SHA-256, empty label): the message length (s[0] & 31) + (s[1] & 31),
 *   the message from s[96..], the seed s[160..192), the first byte s[2] & 1
 *   (nonzero: invalid), one byte of lHash changed by s[3] & 4;
 *   PKCS#1 v1.5: the separator at 2 + (s[0] & 15) + (s[1] & 63) (below 10:
 *   invalid), the block type 2 ^ (s[2] & 1), padding bytes s[i] | 1, the
 *   message from s; the KDK from the key (its dp and dq, then an ir_key
 *   of secret bytes) and a ciphertext of secret bytes s[128..256).
 * Negative controls: the same blocks decoded by the textbook method that
 * stops at the first bad byte and copies the message with a loop of its
 * length.
 */
#define ENC_K 128
#define ENC_H 32

static uint8_t enc_em[ENC_K], enc_out[ENC_K];
static size_t enc_len;

static void make_oaep_em(const unsigned char *s, uint8_t *lhash)
{
    uint8_t *seed = enc_em + 1, *db = seed + ENC_H;
    size_t db_len = ENC_K - ENC_H - 1, mlen = (size_t)(s[0] & 31) + (s[1] & 31),
           sep = db_len - mlen - 1, i;

    (void)ctc_hash(lhash, ENC_H, CTC_HASH_SHA256, NULL, 0);
    for (i = 0; i < ENC_H; i++)
        db[i] = lhash[i];
    for (i = ENC_H; i < db_len; i++) {
        ct_cond is_sep = ct_sz_eq(i, sep), is_msg = ct_sz_gt(i, sep);

        db[i] = (uint8_t)((ct_cond_mask32(is_sep) & 1u) | (ct_cond_mask32(is_msg) & s[i]));
    }
    for (i = 0; i < ENC_H; i++)
        seed[i] = s[160 + i];
    rsa_mgf1_xor(db, db_len, CTC_HASH_SHA256, seed, ENC_H);
    rsa_mgf1_xor(seed, ENC_H, CTC_HASH_SHA256, db, db_len);
    enc_em[0] = (uint8_t)(s[2] & 1);
    /* a byte of lHash changed (the unmasked lHash is changed the same way) */
    db[5] = (uint8_t)(db[5] ^ (s[3] & 4));
}

void ct_case_rsa_oaep_unpad(const unsigned char *secret)
{
    uint8_t lhash[ENC_H];
    ct_cond good;

    make_oaep_em(secret, lhash);
    good = rsa_oaep_unpad(enc_out, &enc_len, enc_em, ENC_K, CTC_HASH_SHA256,
                          CTC_HASH_SHA256, lhash);
    ct_keep(good.m);
    ct_keep(enc_len);
    ct_keep_mem(enc_out, ENC_K - 2 * ENC_H - 2);
}

#if defined(__GNUC__)
#define ENC_LEAKY __attribute__((noinline))
#else
#define ENC_LEAKY
#endif

/* the textbook decoding: stops at the first fault, copies by length */
ENC_LEAKY static int leaky_oaep_decode(uint8_t *dst, size_t *len, uint8_t *em,
                                       const uint8_t *lhash)
{
    uint8_t *seed = em + 1, *db = seed + ENC_H;
    size_t db_len = ENC_K - ENC_H - 1, i, j;

    rsa_mgf1_xor(seed, ENC_H, CTC_HASH_SHA256, db, db_len);
    rsa_mgf1_xor(db, db_len, CTC_HASH_SHA256, seed, ENC_H);
    if (em[0] != 0)
        return -1;
    for (i = 0; i < ENC_H; i++)
        if (db[i] != lhash[i])
            return -1;
    for (i = ENC_H; i < db_len && db[i] == 0; i++)
        ;
    if (i == db_len || db[i] != 1)
        return -1;
    for (j = 0, i++; i < db_len; i++, j++)
        dst[j] = db[i];
    *len = j;
    return 0;
}

void ct_case_rsa_leaky_oaep_unpad(const unsigned char *secret)
{
    uint8_t lhash[ENC_H];

    make_oaep_em(secret, lhash);
    enc_len = 0;
    ct_keep((uint64_t)(int64_t)leaky_oaep_decode(enc_out, &enc_len, enc_em, lhash));
    ct_keep(enc_len);
    ct_keep_mem(enc_out, ENC_K - 2 * ENC_H - 2);
}

static void make_pkcs1_em(const unsigned char *s)
{
    size_t z = 2 + (size_t)(s[0] & 15) + (s[1] & 63), i;

    enc_em[0] = 0;
    enc_em[1] = (uint8_t)(2 ^ (s[2] & 1));
    for (i = 2; i < ENC_K; i++) {
        ct_cond ps = ct_sz_lt(i, z), sep = ct_sz_eq(i, z);

        /* padding: nonzero; the separator: zero; then the message */
        enc_em[i] = (uint8_t)((ct_cond_mask32(ps) & (s[i] | 1u)) |
                              (ct_cond_mask32(ct_cond_not(ct_cond_or(ps, sep))) & s[i]));
    }
}

void ct_case_rsa_pkcs1_unpad_ir(const unsigned char *secret)
{
    uint8_t kdk[32], kdk2[32];
    size_t i;

    make_key();
    make_pkcs1_em(secret);
    /* the KDK from dp and dq, then from an ir_key (secret bytes) */
    rsa_ir_kdk(kdk, &key, secret + 128);
    for (i = 0; i < 32; i++)
        key.ir_key[i] = secret[64 + i];
    key.ir_key_set = 1;
    rsa_ir_kdk(kdk2, &key, secret + 128);
    key.ir_key_set = 0;
    for (i = 0; i < 32; i++)
        kdk[i] ^= kdk2[i];
    rsa_pkcs1_unpad_ir(enc_out, &enc_len, enc_em, ENC_K, kdk);
    ct_keep(enc_len);
    ct_keep_mem(enc_out, ENC_K - 11);
}

/* the textbook decoding: refuses at the first bad byte, copies by length */
ENC_LEAKY static int leaky_pkcs1_decode(uint8_t *dst, size_t *len, const uint8_t *em)
{
    size_t i, j;

    if (em[0] != 0 || em[1] != 2)
        return -1;
    for (i = 2; i < ENC_K && em[i] != 0; i++)
        ;
    if (i == ENC_K || i < 10)
        return -1;
    for (j = 0, i++; i < ENC_K; i++, j++)
        dst[j] = em[i];
    *len = j;
    return 0;
}

void ct_case_rsa_leaky_pkcs1_unpad(const unsigned char *secret)
{
    make_pkcs1_em(secret);
    enc_len = 0;
    ct_keep((uint64_t)(int64_t)leaky_pkcs1_decode(enc_out, &enc_len, enc_em));
    ct_keep(enc_len);
    ct_keep_mem(enc_out, ENC_K - 11);
}

/*
 * Key generation's secret steps (rsa_keygen.c). Miller-Rabin runs on a
 * fixed prime, p of the key above, poisoned: every round passes whatever
 * the base, so the verdicts it declassifies are the same for every
 * secret. One round: the rounds run the same code (their count is
 * public), and each costs a 512-bit exponentiation under the trace
 * checker on every core. Its base comes from the secret (the blinding bytes'
 * generator, s[120..192)). The sieve, the |p - q| test, d = e^-1 mod lcm(P - 1, Q - 1)
 * and the CRT values run on odd 512-bit P and Q from s[0..64) and
 * s[64..128) (top two bits set; not primes, which these steps do not
 * need for their timing).
 */
static void odd_from(ct_limb_t *X, size_t h, const unsigned char *s)
{
    (void)mp_from_be(X, h, s, 64);
    X[h - 1] |= (ct_limb_t)3 << (MP_LIMB_BITS - 2);
    X[0] |= 1;
}

#define CT_KG_SCRATCH RSA_MAX_(RSA_PRIV_SCRATCH, RSA_D_SCRATCH)

void ct_case_rsa_keygen(const unsigned char *secret)
{
    static ct_limb_t T[CT_KG_SCRATCH];
    ct_limb_t W[RSA_HALF], P[RSA_HALF], Q[RSA_HALF], D[2 * RSA_HALF], DP[RSA_HALF],
              DQ[RSA_HALF], QI[RSA_HALF];
    size_t h = MP_LIMBS(512);
    int prime = 0;

    (void)mp_from_be(W, h, key_p, sizeof key_p);
    CT_POISON(W, h * sizeof W[0]);
    odd_from(P, h, secret);
    odd_from(Q, h, secret + 64);
    ct_keep(ct_cond_mask64(rsa_kg_sieve(P, h, 65537, T)));
    ct_keep(ct_cond_mask64(rsa_kg_far_apart(P, Q, h, 412)));
    rng_secret = secret;
    ct_keep((uint64_t)(int64_t)rsa_kg_miller_rabin(&prime, W, h, 1, secret_rng, NULL, T));
    ct_keep((uint64_t)prime);
    ct_keep(ct_cond_mask64(rsa_make_d(D, P, Q, h, 65537, T)));
    rsa_kg_crt(DP, DQ, QI, D, P, Q, h, T);
    ct_keep_mem(D, 2 * h * sizeof D[0]);
    ct_keep_mem(DP, h * sizeof DP[0]);
    ct_keep_mem(DQ, h * sizeof DQ[0]);
    ct_keep_mem(QI, h * sizeof QI[0]);
}

/*
 * Negative control: Miller-Rabin's exponentiation on the public-exponent
 * path, mp_exp_vartime(B, W - 1) mod W for a secret candidate W (s[0..64),
 * odd, top bits set) and base B (s[64..128), below W): every checker must
 * report it.
 */
void ct_case_rsa_leaky_mr_vartime(const unsigned char *secret)
{
    static ct_limb_t T[MP_EXP_SCRATCH(RSA_HALF, 4)];
    ct_limb_t W[RSA_HALF], M[RSA_HALF], B[RSA_HALF], R2[RSA_HALF], Z[RSA_HALF];
    size_t h = MP_LIMBS(512);

    odd_from(W, h, secret);
    (void)mp_from_be(B, h, secret + 64, 64);
    B[h - 1] &= ~((ct_limb_t)3 << (MP_LIMB_BITS - 2));   /* < 2^510 < W */
    mp_copy(M, W, h);
    M[0] &= ~(ct_limb_t)1;
    mp_mont_R2(R2, W, h, T);
    (void)mp_exp_vartime(Z, B, M, h, &(mp_modulus){ W, R2, h, mp_mont_ninv(W[0]) }, T,
                         MP_EXP_SCRATCH(RSA_HALF, 4));
    ct_keep_mem(Z, h * sizeof Z[0]);
}
