/*
 * ct_gen.c - the secret generators of the constant-time cases (ct_cases.h).
 *
 * A generator writes the v-th secret of a case: the first ct_gen_structured()
 * secrets are structured for the decisions of that kind of case, the rest
 * are pseudo-random from the seed (xorshift32 seeded by the run's seed, the
 * case's index and v, so a seed reproduces every secret of a run). Layouts
 * are documented with the kinds in ct_cases.h.
 */
#include "ct_cases.h"

/* one xorshift32 stream per (seed, case, secret) */
static uint32_t gen_state(uint32_t seed, unsigned case_index, unsigned v)
{
    uint32_t x = seed ^ (0x9e3779b9u * (uint32_t)(case_index + 1))
                 ^ (0x85ebca6bu * (uint32_t)(v + 1));
    unsigned i;

    if (x == 0)
        x = 0x6d2b79f5u;
    for (i = 0; i < 4; i++) { /* spread the seed's bits before use */
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    return x;
}

static unsigned char gen_next(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return (unsigned char)(*x >> 24);
}

static void gen_random(unsigned char *s, uint32_t *x)
{
    size_t i;

    for (i = 0; i < CT_SECRET_BYTES; i++)
        s[i] = gen_next(x);
}

static void gen_fill(unsigned char *s, unsigned char b)
{
    size_t i;

    for (i = 0; i < CT_SECRET_BYTES; i++)
        s[i] = b;
}

/* ---- bytes: whole-buffer patterns of very different Hamming weight ------ */
#define BYTES_N 5
static void gen_bytes(unsigned char *s, unsigned v, uint32_t *x)
{
    static const unsigned char fill[4] = { 0x00, 0xff, 0x0f, 0xf0 };
    size_t i;

    if (v < 4) {
        gen_fill(s, fill[v]);
    } else if (v == 4) {
        for (i = 0; i < CT_SECRET_BYTES; i++) /* one bit in every 7th byte */
            s[i] = (unsigned char)((i % 7) == 3 ? 0x10 : 0x00);
    } else {
        gen_random(s, x);
    }
}

/* ---- cmp: B = s[128..256) equals A = s[0..128) but for one byte --------- */
/* mismatch positions of the structured secrets (-1: none): the first, the
 * middle and the last byte of comparisons of 16, 32, 48, 64 and 128 bytes */
static const int cmp_pos[] = { -1, 0, 7, 15, 16, 31, 47, 63, 127 };
#define CMP_N ((unsigned)(sizeof cmp_pos / sizeof cmp_pos[0]))

static void gen_cmp(unsigned char *s, unsigned v, uint32_t *x)
{
    int pos;
    size_t i;

    gen_random(s, x);
    if (v < CMP_N)
        pos = cmp_pos[v];
    else /* a random position in the first 64 bytes, or none */
        pos = (int)(gen_next(x) % 65u) - 1;
    for (i = 0; i < 128; i++)
        s[128 + i] = s[i];
    if (pos >= 0)
        s[128 + pos] ^= (unsigned char)(1u << (v & 7u));
}

/* ---- scalar: byte-periodic digit patterns, then block patterns ----------- */
/* Every 4-bit (and, in runs, 5-bit) window zero, every one non-zero, zero
 * and non-zero alternating, repeated digits, single high or low bits: the
 * patterns repeat every byte, so they hold at any offset a case reads. */
static const unsigned char scalar_fill[] = { 0x00, 0xff, 0x0f, 0xf0, 0x11, 0x80, 0x01, 0x88 };
#define SCALAR_FILL_N ((unsigned)sizeof scalar_fill)
#define SCALAR_N (SCALAR_FILL_N + 2)

static void gen_scalar(unsigned char *s, unsigned v, uint32_t *x)
{
    size_t i;

    if (v < SCALAR_FILL_N) {
        gen_fill(s, scalar_fill[v]);
    } else if (v == SCALAR_FILL_N) {
        for (i = 0; i < CT_SECRET_BYTES; i++) /* top bit of each 32 bytes only */
            s[i] = (unsigned char)((i % 32) == 0 ? 0x80 : 0x00);
    } else if (v == SCALAR_FILL_N + 1) {
        for (i = 0; i < CT_SECRET_BYTES; i++) /* all ones but zero top bytes */
            s[i] = (unsigned char)((i % 32) < 4 ? 0x00 : 0xff);
    } else {
        gen_random(s, x);
    }
}

/* ---- modular: 32-byte values at and around the P-256 primes ------------- */
/* s[32j .. 32j+32) big-endian. Structured secrets put, block by block, the
 * values p - 1, 1, p - 2, 2^255, n - 1, 0, (p + 1) / 2, 2 (a different
 * rotation of that list per secret), so that sums, differences and products
 * land just below and just above p and n and every conditional subtraction
 * goes both ways among the secrets. */
static const unsigned char p256_p[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
static const unsigned char p256_n[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
};
#define MOD_VALUES 8u
#define MODULAR_N MOD_VALUES

/* b (32 bytes, big-endian) = m - d for a small d (m > d) */
static void be_sub_small(unsigned char *b, const unsigned char *m, unsigned d)
{
    int i;
    unsigned borrow = d;

    for (i = 31; i >= 0; i--) {
        unsigned t = (unsigned)m[i] - (borrow & 0xffu);
        borrow = (borrow >> 8) + ((t >> 8) & 1u);
        b[i] = (unsigned char)t;
    }
}

static void mod_value(unsigned char *b, unsigned which)
{
    size_t i;

    for (i = 0; i < 32; i++)
        b[i] = 0;
    switch (which % MOD_VALUES) {
    case 0: be_sub_small(b, p256_p, 1); break;
    case 1: b[31] = 1; break;
    case 2: be_sub_small(b, p256_p, 2); break;
    case 3: b[0] = 0x80; break;
    case 4: be_sub_small(b, p256_n, 1); break;
    case 5: break;
    case 6: { /* (p + 1) / 2: p + 1, then one bit to the right */
        unsigned c = 1;
        for (i = 32; i-- > 0;) {
            unsigned t = p256_p[i] + c;
            b[i] = (unsigned char)t;
            c = t >> 8;
        }
        for (i = 32; i-- > 0;)
            b[i] = (unsigned char)((b[i] >> 1) | (i ? (b[i - 1] & 1u) << 7 : 0));
        break;
    }
    default: b[31] = 2; break;
    }
}

static void gen_modular(unsigned char *s, unsigned v, uint32_t *x)
{
    unsigned j;

    if (v >= MODULAR_N) {
        gen_random(s, x);
        return;
    }
    for (j = 0; j < CT_SECRET_BYTES / 32; j++)
        mod_value(s + 32 * j, v + 3 * j);
}

/* ---- the table ------------------------------------------------------------ */
struct ct_gen_def {
    const char *name;
    unsigned structured;
    void (*fn)(unsigned char *s, unsigned v, uint32_t *x);
};

static const struct ct_gen_def gens[] = {
    { "bytes", BYTES_N, gen_bytes },
    { "cmp", CMP_N, gen_cmp },
    { "scalar", SCALAR_N, gen_scalar },
    { "modular", MODULAR_N, gen_modular },
};

const char *ct_gen_name(int gen)
{
    return gens[gen].name;
}

unsigned ct_gen_structured(int gen)
{
    return gens[gen].structured;
}

void ct_gen_secret(unsigned char *s, int gen, unsigned v, uint32_t seed, unsigned case_index)
{
    uint32_t x = gen_state(seed, case_index, v);

    gens[gen].fn(s, v, &x);
}
