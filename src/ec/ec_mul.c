/*
 * ec_mul.c - constant-time variable-base scalar multiplication.
 *
 * Signed fixed window of 5 bits (Booth recoding): the scalar of `bits`
 * bits is read as D = bits / 5 + 1 digits d_i in [-16, 16] with
 * k = sum d_i 2^(5i) (52 for P-256, 77 for P-384). Digit i is
 * W_i + c_i - 32 t_i, where W_i is bits 5i..5i+4, t_i its top bit and
 * c_i = bit 5i - 1 = t_(i-1) (0 for i = 0); the -32 t_i 2^(5i) of one
 * digit and the + t_i 2^(5i+5) of the next cancel, and the top digit's t
 * is bit 5D - 1 >= bits, which is 0. The table holds 1P .. 16P, entry
 * |d| - 1 (a zero digit asks for entry -1, past the end, and the scan
 * yields (0, 0, 0): Z = 0 is infinity, which doubles to itself and which
 * the additions handle); each window is 5 doublings, one scan of the whole table
 * (ec_limbs_lookup), a conditional negation and one addition - for every
 * scalar, zero digits and k = 0 included (infinity is handled by masked
 * copies in the additions). PROFILE=small has none of this file: k P is
 * the co-Z ladder of ec_ladder.c; it keeps the digits of k G
 * (ec_digit_guard, ec_comb_digit) where CTC_EC_SMALL_COMB builds the comb
 * of ec_mul_base.c.
 */
#include "ec.h"

#define L (C->limbs)
#define TAB (1 << (EC_WIN - 1))         /* 1P .. 16P */
/* a table point as 3 * L limbs (X, Y, Z), packed, for the full scan */
#define PT(tab, j) ((tab) + 3 * L * (size_t)(j))

#if EC_MUL_BASE_COMB
/*
 * The low limb of k >> pos (bits pos .. pos + MP_LIMB_BITS - 1, zero above
 * bit bits - 1), -1 <= pos <= bits - 1 public: limb j = floor(pos / B) of
 * k (B = MP_LIMB_BITS) shifted down by s = pos - B j, or'ed with limb j + 1
 * shifted up by B - s (in two shifts, 1 and B - 1 - s, so that s = 0
 * shifts by no more than B - 1). q = pos + B keeps the division and the
 * remainder on nonnegative numbers (a shift and a mask). The limbs read
 * are k[j] and k[j + 1], from k[-1] (pos = -1) to k[L] (pos >= bits - B):
 * the zero guard limbs of ec_digit_guard, so no bound is tested. The
 * position is public: the index and the shift counts depend on i only.
 */
static ct_limb_t kwin(const ct_limb_t *k, int pos)
{
    unsigned q = (unsigned)(pos + MP_LIMB_BITS), s = q % MP_LIMB_BITS;
    const ct_limb_t *w = k + q / MP_LIMB_BITS - 1;

    return (w[0] >> s) | ((w[1] << 1) << (MP_LIMB_BITS - 1 - s));
}

/* the digit for a window of WIN bits, a constant at each use (the shifts
 * by it stay immediate): bits WIN i - 1 .. WIN i + WIN - 1 read at once
 * (WIN i - 1 <= bits - 1 for every digit of both recodings, and WIN + 1
 * <= 8 bits fit any limb), c the lowest, w the others */
#define BOOTH_DIGIT(WIN) do {                                           \
        uint32_t v_ = (uint32_t)kwin(k, (WIN) * i - 1) & ((2u << (WIN)) - 1u); \
        uint32_t w_ = v_ >> 1, c_ = v_ & 1u, t_, x_;                    \
                                                                        \
        (void)C;                                                        \
        t_ = w_ >> ((WIN) - 1);                                         \
        x_ = w_ + c_;                               /* 0..2^WIN */      \
        *abs = ct_u32_sel(ct_cond_from_bit(t_), (1u << (WIN)) - x_, x_); \
        return ct_cond_from_bit(t_);                                    \
    } while (0)

ct_limb_t *ec_digit_guard(const ec_curve *C, ct_limb_t buf[EC_DIGIT_LIMBS], const ec_sc k)
{
    buf[0] = 0;
    mp_copy(buf + 1, k, L);
    buf[1 + L] = 0;
    return buf + 1;
}

ct_cond ec_comb_digit(const ec_curve *C, uint32_t *abs, const ct_limb_t *k, int i)
{
    BOOTH_DIGIT(EC_COMB_WIN);
}
#endif /* EC_MUL_BASE_COMB */

#if !CTC_PROFILE_SMALL
ct_cond ec_booth_digit(const ec_curve *C, uint32_t *abs, const ct_limb_t *k, int i)
{
    BOOTH_DIGIT(EC_WIN);
}

static void pack(const ec_curve *C, ct_limb_t *dst, const ec_jac *P)
{
    mp_copy(dst, P->X, L);
    mp_copy(dst + L, P->Y, L);
    mp_copy(dst + 2 * L, P->Z, L);
}

static void unpack(const ec_curve *C, ec_jac *P, const ct_limb_t *src)
{
    mp_copy(P->X, src, L);
    mp_copy(P->Y, src + L, L);
    mp_copy(P->Z, src + 2 * L, L);
}

/*
 * Jacobian coordinates (ec_jacobian.c), whose additions are wrong for two
 * equal points. Why no addition here ever sees two:
 *  - table: jP = (j - 1)P + P for odd j in 3..15, and (j - 1)P = P would
 *    need j - 2 = 0 mod n (P has order n: the curve's order is prime);
 *  - window i >= 1: acc = S P with S = sum_(l > i) d_l 2^(5(l - i)), a
 *    multiple of 32 with |S| <= 2^(bits - 5i) + 32 < n / 2, and the
 *    addend is d_i P with |d_i| <= 16; acc = d_i P needs S = d_i mod n,
 *    so S = d_i as integers, which only S = d_i = 0 satisfies: both
 *    infinity, which the addition handles;
 *  - window 0: acc = (k - d_0) P meets d_0 P when k = 2 d_0 mod n. As
 *    d_0 = k mod 32 (in [-16, 15]), k = 2 d_0 has no solution but k = 0,
 *    and k = n + 2 d_0 needs d_0 = -n mod 32: k = n + 30 for P-256,
 *    n + 26 for P-384 - above the order, which ECDH and signing never
 *    pass, but the function takes any k below 2^bits. So the last
 *    addition converts both operands to projective coordinates and uses
 *    the complete formula (tests/unit/test_ec_mul.c drives these k).
 * Cost for P-256: 255 doublings (4M + 4S or 3M + 5S, ec_jac_formulas.h),
 * 50 additions (12M + 4S or 11M + 5S), one
 * complete addition, 7 doublings and 7 mixed additions for the table,
 * 52 scans of 16 points.
 */
void ec_mul(const ec_curve *C, ec_point *R, const ec_sc k, const ec_affine *P)
{
    ct_limb_t tab[TAB * 3 * EC_LIMBS], row[3 * EC_LIMBS];
    ct_limb_t kg[EC_DIGIT_LIMBS];
    ec_jac Q, acc;
    ec_point pa, pq;
    uint32_t a;
    ct_cond neg;
    int i, j, digits = ec_booth_digits(C);
    const ct_limb_t *kd = ec_digit_guard(C, kg, k);

    /* tab[j - 1] = jP: doublings of (j/2)P for even j, mixed additions of
     * P for odd j (the index is public) */
    ec_jac_from_affine(C, &acc, P);
    pack(C, PT(tab, 0), &acc);
    for (j = 2; j <= TAB; j++) {
        if ((j & 1) == 0) {
            unpack(C, &Q, PT(tab, j / 2 - 1));
            ec_jac_dbl(C, &acc, &Q);
        } else {
            unpack(C, &Q, PT(tab, j - 2));
            ec_jac_add_affine(C, &acc, &Q, P);
        }
        pack(C, PT(tab, j - 1), &acc);
    }

    (void)ec_booth_digit(C, &a, kd, digits - 1);        /* the top digit is >= 0 */
    ec_limbs_lookup(row, tab, TAB, 3 * L, (size_t)a - 1);
    unpack(C, &acc, row);
    for (i = digits - 2; i >= 0; i--) {
        for (j = 0; j < EC_WIN; j++)
            ec_jac_dbl(C, &acc, &acc);
        neg = ec_booth_digit(C, &a, kd, i);
        ec_limbs_lookup(row, tab, TAB, 3 * L, (size_t)a - 1);
        unpack(C, &Q, row);
        ec_jac_cneg(C, &Q, neg);
        if (i > 0) {                                    /* public */
            ec_jac_add(C, &acc, &acc, &Q);
        } else {
            ec_jac_to_point(C, &pa, &acc);
            ec_jac_to_point(C, &pq, &Q);
            ec_point_add(C, R, &pa, &pq);
        }
    }
    ct_zeroize(tab, sizeof tab);
    ct_zeroize(row, sizeof row);
    ct_zeroize(&Q, sizeof Q);
    ct_zeroize(&acc, sizeof acc);
    ct_zeroize(&pa, sizeof pa);
    ct_zeroize(&pq, sizeof pq);
    ct_zeroize(&a, sizeof a);
    ct_zeroize(kg, sizeof kg);
}
#endif /* CTC_PROFILE_SMALL */
