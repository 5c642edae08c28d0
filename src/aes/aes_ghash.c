/*
 * aes_ghash.c - GHASH (NIST SP 800-38D, 6.4) in constant time with 32-bit
 * integer multiplications only (aes_impl.h).
 *
 * Carry-less products from integer products. Split x into x0..x3, where xk
 * keeps the bits of x at positions = k (mod 4) ("holes" of three zero bits
 * between them), and y likewise. In the integer product xa * yb every
 * partial product lands at a position = a + b (mod 4), and a column of it
 * sums at most 8 one-bits, so the column sum (< 16) fits in its own 4-bit
 * digit: no carry ever reaches the next position of the same residue, and
 * bit p of xa * yb is the parity of its column, i.e. bit p of the
 * carry-less product of xa and yb. XOR-ing the four products of each
 * residue and masking keeps exactly the carry-less product (bmul32). On
 * 32-bit cores the products are 32x32->32-bit (MUL), never 32x32->64
 * (UMULL, whose time depends on its operands on Cortex-M3; see the
 * leaky_umull control in tests/ct/cases.def), except on Armv7E-M
 * (bmul32x64 below).
 *
 * The high half of the 64-bit carry-less product comes from bit-reversed
 * operands: rev(x) * rev(y) has at bit k what x * y has at bit 62 - k, so
 * rev(bmul32(rev(x), rev(y))) >> 1 is bits 32..63 of the product.
 *
 * A 128x128 product is two levels of Karatsuba (nine 32x32 products); the
 * nine operands of H, and their reversals, are computed once (hk).
 *
 * Bit order. GCM's bit 0 (the x^0 coefficient) is the most significant bit
 * of byte 0; loading a block as big-endian words makes the value a
 * bit-reflected polynomial. The integer carry-less product of two reflected
 * values is the reflected product shifted right by one bit (255 bits), so
 * it is shifted left by one; then its high 128 bits hold x^0..x^127 and the
 * low 128 bits x^128..x^255, which are folded back with
 * x^128 = x^7 + x^2 + x + 1 (in the reflected order, a multiplication by
 * x^k is a shift right by k bits).
 *
 * On Armv7E-M the whole blocks run the same steps in Thumb-2
 * (aes_ghash_blocks_asm, arch/aes_ghash_armv7em.S; its C twin is
 * aes_ghash_blocks_c).
 */
#include "aes_impl.h"

#include "ct/ct.h"

#if CTC_AES

/*
 * Where a 32x32->64-bit product takes the same time for every operand
 * (AES_GHASH_MUL64, aes_impl.h), the same holes give the whole 64-bit
 * carry-less product from 16 such products: a column still sums at most 8
 * one-bits, and the degree-62 product fits. That replaces the two 32-bit
 * halves (the second from bit-reversed operands) of bmul32. Not on
 * Cortex-M3 (UMULL ends early on small operands) nor on the other 32-bit
 * cores (no such product, or a library call).
 */
#if AES_GHASH_MUL64
static inline uint64_t bmul32x64(uint32_t x, uint32_t y)
{
    uint64_t x0 = x & 0x11111111u, x1 = x & 0x22222222u;
    uint64_t x2 = x & 0x44444444u, x3 = x & 0x88888888u;
    uint64_t y0 = y & 0x11111111u, y1 = y & 0x22222222u;
    uint64_t y2 = y & 0x44444444u, y3 = y & 0x88888888u;
    uint64_t z0, z1, z2, z3;

    z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u)
         | (z2 & 0x4444444444444444u) | (z3 & 0x8888888888888888u);
}

/* see aes_impl.h */
void aes_ghash_bmul9_c(uint32_t z[18], const uint32_t x[9], const uint32_t y[9])
{
    unsigned i;

    for (i = 0; i < 9; i++) {
        uint64_t p = bmul32x64(x[i], y[i]);

        z[i] = (uint32_t)p;
        z[9 + i] = (uint32_t)(p >> 32);
    }
}
#else
/* the low 32 bits of the carry-less product of x and y */
static inline uint32_t bmul32(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & 0x11111111u, x1 = x & 0x22222222u;
    uint32_t x2 = x & 0x44444444u, x3 = x & 0x88888888u;
    uint32_t y0 = y & 0x11111111u, y1 = y & 0x22222222u;
    uint32_t y2 = y & 0x44444444u, y3 = y & 0x88888888u;
    uint32_t z0, z1, z2, z3;

    z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x11111111u) | (z1 & 0x22222222u)
         | (z2 & 0x44444444u) | (z3 & 0x88888888u);
}
#endif

static inline uint32_t rev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

static inline uint32_t ld32be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8
         | (uint32_t)p[3];
}

/*
 * The nine Karatsuba operands of a = a3:a2:a1:a0 (a0 least significant):
 * (a0, a1, a0^a1) for the low 64 bits, (a2, a3, a2^a3) for the high, and
 * the same for the sum of the halves.
 */
static inline void kara_operands(uint32_t op[9], uint32_t a0, uint32_t a1,
                                 uint32_t a2, uint32_t a3)
{
    op[0] = a0;
    op[1] = a1;
    op[2] = a0 ^ a1;
    op[3] = a2;
    op[4] = a3;
    op[5] = a2 ^ a3;
    op[6] = a0 ^ a2;
    op[7] = a1 ^ a3;
    op[8] = op[6] ^ op[7];
}

/* ghash_mul's scratch, owned and wiped by its callers (once per call of
 * theirs, not per block) */
struct ghash_scratch {
    uint32_t xo[9];                    /* the Karatsuba operands of y */
    uint32_t p[18];                    /* the low words of the products, then the high ones */
#if !AES_GHASH_MUL64
    uint32_t xr[9];                    /* those of y's bit reversal */
#endif
};

/*
 * y = y * H in GF(2^128), y as big-endian words. With P_k = (lo[k], hi[k])
 * the nine 64-bit products, each 64x64 product of Karatsuba is
 * P_k + (P_k + P_{k+1} + P_{k+2}) x^32 + P_{k+1} x^64 (k = 0 the low
 * halves, 3 the high halves, 6 their sums), and the 128x128 product is
 * L + (M + L + H) x^64 + H x^128 (all words of the 256-bit z, z0 least
 * significant, in scalars so that the compiler keeps them in registers).
 */
static void ghash_mul(uint32_t y[4], const uint32_t hk[18], struct ghash_scratch *s)
{
    const uint32_t *lo = s->p, *hi = s->p + 9;
    uint32_t z0, z1, z2, z3, z4, z5, z6, z7, m0, m1, m2, m3, r0, r1, r2, r3;
#if !AES_GHASH_MUL64
    unsigned i;
#endif

    kara_operands(s->xo, y[3], y[2], y[1], y[0]);
#if AES_GHASH_MUL64
    aes_ghash_bmul9_c(s->p, s->xo, hk);
#else
    kara_operands(s->xr, rev32(y[3]), rev32(y[2]), rev32(y[1]), rev32(y[0]));
    for (i = 0; i < 9; i++) {
        s->p[i] = bmul32(s->xo[i], hk[i]);
        s->p[9 + i] = rev32(bmul32(s->xr[i], hk[9 + i])) >> 1;
    }
#endif
    z0 = lo[0];                        /* L */
    z1 = hi[0] ^ lo[0] ^ lo[1] ^ lo[2];
    z2 = lo[1] ^ hi[0] ^ hi[1] ^ hi[2];
    z3 = hi[1];
    z4 = lo[3];                        /* H */
    z5 = hi[3] ^ lo[3] ^ lo[4] ^ lo[5];
    z6 = lo[4] ^ hi[3] ^ hi[4] ^ hi[5];
    z7 = hi[4];
    m0 = lo[6] ^ z0 ^ z4;              /* M + L + H */
    m1 = hi[6] ^ lo[6] ^ lo[7] ^ lo[8] ^ z1 ^ z5;
    m2 = lo[7] ^ hi[6] ^ hi[7] ^ hi[8] ^ z2 ^ z6;
    m3 = hi[7] ^ z3 ^ z7;
    z2 ^= m0;
    z3 ^= m1;
    z4 ^= m2;
    z5 ^= m3;

    /* the reflected product: shift the 255-bit value left by one */
    z7 = (z7 << 1) | (z6 >> 31);
    z6 = (z6 << 1) | (z5 >> 31);
    z5 = (z5 << 1) | (z4 >> 31);
    z4 = (z4 << 1) | (z3 >> 31);
    z3 = (z3 << 1) | (z2 >> 31);
    z2 = (z2 << 1) | (z1 >> 31);
    z1 = (z1 << 1) | (z0 >> 31);
    z0 <<= 1;

    /*
     * Fold the low half L = z3..z0 into the high half: L + L x + L x^2 +
     * L x^7 is L ^ L>>1 ^ L>>2 ^ L>>7, where the bits shifted out at the
     * bottom (x^128 and up again) are L<<127 ^ L<<126 ^ L<<121, which only
     * fill the top 7 bits and are folded with L itself (their own shifts
     * no longer leave the 128 bits).
     */
    z3 ^= (z0 << 31) ^ (z0 << 30) ^ (z0 << 25);
    r0 = z4 ^ z0 ^ ((z0 >> 1) | (z1 << 31)) ^ ((z0 >> 2) | (z1 << 30))
       ^ ((z0 >> 7) | (z1 << 25));
    r1 = z5 ^ z1 ^ ((z1 >> 1) | (z2 << 31)) ^ ((z1 >> 2) | (z2 << 30))
       ^ ((z1 >> 7) | (z2 << 25));
    r2 = z6 ^ z2 ^ ((z2 >> 1) | (z3 << 31)) ^ ((z2 >> 2) | (z3 << 30))
       ^ ((z2 >> 7) | (z3 << 25));
    r3 = z7 ^ z3 ^ (z3 >> 1) ^ (z3 >> 2) ^ (z3 >> 7);
    y[0] = r3;
    y[1] = r2;
    y[2] = r1;
    y[3] = r0;
}

/* see aes_impl.h */
void aes_ghash_init(aes_ghash *g, const uint8_t h[16])
{
    uint32_t h0 = ld32be(h), h1 = ld32be(h + 4), h2 = ld32be(h + 8);
    uint32_t h3 = ld32be(h + 12);

    kara_operands(g->hk, h3, h2, h1, h0);
    kara_operands(g->hk + 9, rev32(h3), rev32(h2), rev32(h1), rev32(h0));
    g->y[0] = g->y[1] = g->y[2] = g->y[3] = 0;
}

/* see aes_impl.h; the C twin of aes_ghash_blocks_asm */
void aes_ghash_blocks_c(uint32_t y[4], const uint32_t hk[18], const uint8_t *p, size_t n)
{
    struct ghash_scratch s;

    for (; n > 0; n--, p += 16) {
        y[0] ^= ld32be(p);
        y[1] ^= ld32be(p + 4);
        y[2] ^= ld32be(p + 8);
        y[3] ^= ld32be(p + 12);
        ghash_mul(y, hk, &s);
    }
    ct_zeroize(&s, sizeof s);
}

/*
 * n whole blocks with the portable code or the assembly, which takes
 * word-aligned blocks: others go through an aligned copy, four blocks at a
 * time (the alignment of p is public).
 */
static void ghash_blocks(aes_ghash *g, const uint8_t *p, size_t n)
{
#if AES_HAVE_GHASH_ASM
    uint32_t buf[16];
    size_t i, k;

    if (((uintptr_t)p & 3) == 0) {
        if (n > 0)
            aes_ghash_blocks_asm(g->y, g->hk, p, n);
        return;
    }
    while (n > 0) {
        k = n < 4 ? n : 4;
        for (i = 0; i < 16 * k; i++)
            ((uint8_t *)buf)[i] = p[i];
        aes_ghash_blocks_asm(g->y, g->hk, (const uint8_t *)buf, k);
        p += 16 * k;
        n -= k;
    }
    ct_zeroize(buf, sizeof buf);
#else
    aes_ghash_blocks_c(g->y, g->hk, p, n);
#endif
}

/* see aes_impl.h */
void aes_ghash_block(aes_ghash *g, const uint8_t b[16])
{
#if AES_HAVE_HW
    if (aes_hw() & AES_HW_CLMUL) {
        aes_hw_ghash_blocks(g->y, g->hk, b, 1);
        return;
    }
#endif
    ghash_blocks(g, b, 1);
}

/* see aes_impl.h */
void aes_ghash_update(aes_ghash *g, const uint8_t *p, size_t len)
{
    uint8_t b[16];
    size_t i;

#if AES_HAVE_HW
    if (len >= 16 && (aes_hw() & AES_HW_CLMUL)) {   /* p may be NULL if 0 */
        size_t done = 0;

#if AES_HAVE_X86_NI
        /* x86-64 only: the YMM loop (VPCLMULQDQ) on the whole 256-byte pieces */
        if ((aes_hw() & AES_HW_VAES) && len >= 256)
            done = aes_vaes_ghash_blocks(g->y, g->hk, p, len / 16);
#endif
        aes_hw_ghash_blocks(g->y, g->hk, p + 16 * done, len / 16 - done);
        p += len & ~(size_t)15;
        len &= 15;
    }
#endif
    if (len >= 16) {
        ghash_blocks(g, p, len / 16);
        p += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0) {
        for (i = 0; i < len; i++)
            b[i] = p[i];
        for (; i < 16; i++)
            b[i] = 0;
        aes_ghash_block(g, b);
        ct_zeroize(b, sizeof b);
    }
}

/* see aes_impl.h */
void aes_ghash_value(uint8_t out[16], const aes_ghash *g)
{
    unsigned i;

    for (i = 0; i < 4; i++) {
        out[4 * i] = (uint8_t)(g->y[i] >> 24);
        out[4 * i + 1] = (uint8_t)(g->y[i] >> 16);
        out[4 * i + 2] = (uint8_t)(g->y[i] >> 8);
        out[4 * i + 3] = (uint8_t)g->y[i];
    }
}

#endif /* CTC_AES */
