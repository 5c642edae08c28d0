/*
 * p256_mul.c - constant-time variable-base scalar multiplication.
 *
 * Signed fixed window of 5 bits (Booth recoding): the 256-bit scalar is
 * read as 52 digits d_i in [-16, 16] with k = sum d_i 2^(5i). Digit i is
 * W_i + c_i - 32 t_i, where W_i is bits 5i..5i+4, t_i its top bit and
 * c_i = bit 5i - 1 = t_(i-1) (0 for i = 0); the -32 t_i 2^(5i) of one
 * digit and the + t_i 2^(5i+5) of the next cancel, and the top digit's t
 * is bit 259, which is 0. The table holds 0P (infinity) .. 16P; each
 * window is 5 doublings, one scan of the whole table (ct_limbs_lookup),
 * a conditional negation and one complete addition - for every scalar,
 * zero digits and k = 0 included, since the complete formulas need no
 * special case for infinity. Cost: 255 doublings, 51 additions, 15 table
 * operations, 52 scans of 17 points.
 */
#include "p256.h"

#define L P256_LIMBS
#define WIN 5
#define TAB (1 + (1 << (WIN - 1)))        /* 0P .. 16P */
#define DIGITS ((256 + WIN - 1) / WIN)  /* 52 windows cover bits 0..259 */

/* a point as the 3 * L limbs of its coordinates, for the table scan */
typedef char p256_point_is_3L_limbs[sizeof(p256_point) == 3 * L * sizeof(ct_limb_t) ? 1 : -1];
#define LIMBS_OF(p) ((ct_limb_t *)(void *)(p))
#define CLIMBS_OF(p) ((const ct_limb_t *)(const void *)(p))

/* bit `pos` of the big-endian 32-byte k (0 outside 0..255); pos public */
static uint32_t kbit(const uint8_t k[32], int pos)
{
    if (pos < 0 || pos > 255)
        return 0;
    return (uint32_t)(k[31 - (pos >> 3)] >> (pos & 7)) & 1u;
}

ct_cond p256_booth_digit(uint32_t *abs, const uint8_t k[32], int i)
{
    uint32_t w = 0, c, t, x;
    int j;

    for (j = WIN - 1; j >= 0; j--)
        w = (w << 1) | kbit(k, WIN * i + j);
    c = kbit(k, WIN * i - 1);
    t = w >> (WIN - 1);
    x = w + c;                              /* 0..32 */
    *abs = ct_u32_sel(ct_cond_from_bit(t), (1u << WIN) - x, x);
    return ct_cond_from_bit(t);
}

void p256_mul(p256_point *R, const uint8_t k[32], const p256_affine *P)
{
    p256_point tab[TAB], Q, acc;
    uint32_t a;
    ct_cond neg;
    int i, j;

    p256_point_set_infinity(&tab[0]);
    p256_point_from_affine(&tab[1], P);
    for (j = 2; j < TAB; j++) {
        if ((j & 1) == 0)
            p256_point_dbl(&tab[j], &tab[j / 2]);
        else
            p256_point_add_affine(&tab[j], &tab[j - 1], P);
    }

    (void)p256_booth_digit(&a, k, DIGITS - 1);         /* the top digit is >= 0 */
    ct_limbs_lookup(LIMBS_OF(&acc), CLIMBS_OF(tab), TAB, 3 * L, a);
    for (i = DIGITS - 2; i >= 0; i--) {
        for (j = 0; j < WIN; j++)
            p256_point_dbl(&acc, &acc);
        neg = p256_booth_digit(&a, k, i);
        ct_limbs_lookup(LIMBS_OF(&Q), CLIMBS_OF(tab), TAB, 3 * L, a);
        p256_point_cneg(&Q, neg);
        p256_point_add(&acc, &acc, &Q);
    }
    p256_point_copy(R, &acc);
    ct_zeroize(tab, sizeof tab);
    ct_zeroize(&Q, sizeof Q);
    ct_zeroize(&acc, sizeof acc);
    ct_zeroize(&a, sizeof a);
}
