/*
 * p256_point.c - point arithmetic on y^2 = x^3 - 3x + b in projective
 * coordinates with the complete formulas of J. Renes, C. Costello and
 * L. Batina, "Complete addition formulas for prime order elliptic curves"
 * (EUROCRYPT 2016), algorithms 4 (addition), 5 (mixed addition) and 6
 * (doubling) for a = -3: the same sequence of field operations for every
 * input, infinity and P = Q included, so there is nothing to branch on.
 * Costs: addition 12M + 2m_b + 29a, mixed 11M + 2m_b + 23a, doubling
 * 8M + 3S + 2m_b + 21a (m_b: product by b, here a full product).
 *
 * The step numbers of the paper are kept as comments; the temporaries are
 * local, so an output may equal an input.
 */
#include "p256.h"

#define L P256_LIMBS
#define MUL(x, a, b) p256_fe_mul((x), (a), (b))
#define ADD(x, a, b) p256_fe_add((x), (a), (b))
#define SUB(x, a, b) p256_fe_sub((x), (a), (b))

void p256_point_set_infinity(p256_point *P)
{
    mp_zero(P->X, L);
    mp_copy(P->Y, p256_one, L);
    mp_zero(P->Z, L);
}

void p256_point_copy(p256_point *R, const p256_point *P)
{
    mp_copy(R->X, P->X, L);
    mp_copy(R->Y, P->Y, L);
    mp_copy(R->Z, P->Z, L);
}

void p256_point_from_affine(p256_point *P, const p256_affine *A)
{
    mp_copy(P->X, A->x, L);
    mp_copy(P->Y, A->y, L);
    mp_copy(P->Z, p256_one, L);
}

void p256_point_add(p256_point *R, const p256_point *P, const p256_point *Q)
{
    p256_fe t0, t1, t2, t3, t4, t5, X3, Y3, Z3;

    MUL(t0, P->X, Q->X);        /* 1 */
    MUL(t1, P->Y, Q->Y);        /* 2 */
    MUL(t2, P->Z, Q->Z);        /* 3 */
    ADD(t3, P->X, P->Y);        /* 4 */
    ADD(t4, Q->X, Q->Y);        /* 5 */
    MUL(t3, t3, t4);            /* 6 */
    ADD(t4, t0, t1);            /* 7 */
    SUB(t3, t3, t4);            /* 8 */
    ADD(t4, P->Y, P->Z);        /* 9 */
    ADD(t5, Q->Y, Q->Z);        /* 10 */
    MUL(t4, t4, t5);            /* 11 */
    ADD(t5, t1, t2);            /* 12 */
    SUB(t4, t4, t5);            /* 13 */
    ADD(X3, P->X, P->Z);        /* 14 */
    ADD(Y3, Q->X, Q->Z);        /* 15 */
    MUL(X3, X3, Y3);            /* 16 */
    ADD(Y3, t0, t2);            /* 17 */
    SUB(Y3, X3, Y3);            /* 18 */
    MUL(Z3, p256_b, t2);        /* 19 */
    SUB(X3, Y3, Z3);            /* 20 */
    ADD(Z3, X3, X3);            /* 21 */
    ADD(X3, X3, Z3);            /* 22 */
    SUB(Z3, t1, X3);            /* 23 */
    ADD(X3, t1, X3);            /* 24 */
    MUL(Y3, p256_b, Y3);        /* 25 */
    ADD(t1, t2, t2);            /* 26 */
    ADD(t2, t1, t2);            /* 27 */
    SUB(Y3, Y3, t2);            /* 28 */
    SUB(Y3, Y3, t0);            /* 29 */
    ADD(t1, Y3, Y3);            /* 30 */
    ADD(Y3, t1, Y3);            /* 31 */
    ADD(t1, t0, t0);            /* 32 */
    ADD(t0, t1, t0);            /* 33 */
    SUB(t0, t0, t2);            /* 34 */
    MUL(t1, t4, Y3);            /* 35 */
    MUL(t2, t0, Y3);            /* 36 */
    MUL(Y3, X3, Z3);            /* 37 */
    ADD(Y3, Y3, t2);            /* 38 */
    MUL(X3, t3, X3);            /* 39 */
    SUB(X3, X3, t1);            /* 40 */
    MUL(Z3, t4, Z3);            /* 41 */
    MUL(t1, t3, t0);            /* 42 */
    ADD(Z3, Z3, t1);            /* 43 */
    mp_copy(R->X, X3, L);
    mp_copy(R->Y, Y3, L);
    mp_copy(R->Z, Z3, L);
}

void p256_point_add_affine(p256_point *R, const p256_point *P, const p256_affine *Q)
{
    p256_fe t0, t1, t2, t3, t4, X3, Y3, Z3;

    MUL(t0, P->X, Q->x);        /* 1 */
    MUL(t1, P->Y, Q->y);        /* 2 */
    ADD(t3, Q->x, Q->y);        /* 3 */
    ADD(t4, P->X, P->Y);        /* 4 */
    MUL(t3, t3, t4);            /* 5 */
    ADD(t4, t0, t1);            /* 6 */
    SUB(t3, t3, t4);            /* 7 */
    MUL(t4, Q->y, P->Z);        /* 8 */
    ADD(t4, t4, P->Y);          /* 9 */
    MUL(Y3, Q->x, P->Z);        /* 10 */
    ADD(Y3, Y3, P->X);          /* 11 */
    MUL(Z3, p256_b, P->Z);      /* 12 */
    SUB(X3, Y3, Z3);            /* 13 */
    ADD(Z3, X3, X3);            /* 14 */
    ADD(X3, X3, Z3);            /* 15 */
    SUB(Z3, t1, X3);            /* 16 */
    ADD(X3, t1, X3);            /* 17 */
    MUL(Y3, p256_b, Y3);        /* 18 */
    ADD(t1, P->Z, P->Z);        /* 19 */
    ADD(t2, t1, P->Z);          /* 20 */
    SUB(Y3, Y3, t2);            /* 21 */
    SUB(Y3, Y3, t0);            /* 22 */
    ADD(t1, Y3, Y3);            /* 23 */
    ADD(Y3, t1, Y3);            /* 24 */
    ADD(t1, t0, t0);            /* 25 */
    ADD(t0, t1, t0);            /* 26 */
    SUB(t0, t0, t2);            /* 27 */
    MUL(t1, t4, Y3);            /* 28 */
    MUL(t2, t0, Y3);            /* 29 */
    MUL(Y3, X3, Z3);            /* 30 */
    ADD(Y3, Y3, t2);            /* 31 */
    MUL(X3, t3, X3);            /* 32 */
    SUB(X3, X3, t1);            /* 33 */
    MUL(Z3, t4, Z3);            /* 34 */
    MUL(t1, t3, t0);            /* 35 */
    ADD(Z3, Z3, t1);            /* 36 */
    mp_copy(R->X, X3, L);
    mp_copy(R->Y, Y3, L);
    mp_copy(R->Z, Z3, L);
}

void p256_point_dbl(p256_point *R, const p256_point *P)
{
    p256_fe t0, t1, t2, t3, X3, Y3, Z3;

    p256_fe_sqr(t0, P->X);      /* 1 */
    p256_fe_sqr(t1, P->Y);      /* 2 */
    p256_fe_sqr(t2, P->Z);      /* 3 */
    MUL(t3, P->X, P->Y);        /* 4 */
    ADD(t3, t3, t3);            /* 5 */
    MUL(Z3, P->X, P->Z);        /* 6 */
    ADD(Z3, Z3, Z3);            /* 7 */
    MUL(Y3, p256_b, t2);        /* 8 */
    SUB(Y3, Y3, Z3);            /* 9 */
    ADD(X3, Y3, Y3);            /* 10 */
    ADD(Y3, X3, Y3);            /* 11 */
    SUB(X3, t1, Y3);            /* 12 */
    ADD(Y3, t1, Y3);            /* 13 */
    MUL(Y3, X3, Y3);            /* 14 */
    MUL(X3, X3, t3);            /* 15 */
    ADD(t3, t2, t2);            /* 16 */
    ADD(t2, t2, t3);            /* 17 */
    MUL(Z3, p256_b, Z3);        /* 18 */
    SUB(Z3, Z3, t2);            /* 19 */
    SUB(Z3, Z3, t0);            /* 20 */
    ADD(t3, Z3, Z3);            /* 21 */
    ADD(Z3, Z3, t3);            /* 22 */
    ADD(t3, t0, t0);            /* 23 */
    ADD(t0, t3, t0);            /* 24 */
    SUB(t0, t0, t2);            /* 25 */
    MUL(t0, t0, Z3);            /* 26 */
    ADD(Y3, Y3, t0);            /* 27 */
    MUL(t0, P->Y, P->Z);        /* 28 */
    ADD(t0, t0, t0);            /* 29 */
    MUL(Z3, t0, Z3);            /* 30 */
    SUB(X3, X3, Z3);            /* 31 */
    MUL(Z3, t0, t1);            /* 32 */
    ADD(Z3, Z3, Z3);            /* 33 */
    ADD(Z3, Z3, Z3);            /* 34 */
    mp_copy(R->X, X3, L);
    mp_copy(R->Y, Y3, L);
    mp_copy(R->Z, Z3, L);
}

void p256_point_cneg(p256_point *R, ct_cond c)
{
    p256_fe t;

    p256_fe_neg(t, R->Y);
    ct_limbs_cmov(c, R->Y, t, L);
}

ct_cond p256_point_to_affine(p256_affine *A, const p256_point *P)
{
    p256_fe zi;
    ct_cond inf = p256_fe_is_zero(P->Z);

    p256_fe_inv(zi, P->Z);          /* 0 when Z = 0 */
    MUL(A->x, P->X, zi);
    MUL(A->y, P->Y, zi);
    ct_zeroize(zi, sizeof zi);
    return ct_cond_not(inf);
}

ct_cond p256_affine_on_curve(const p256_affine *A)
{
    /* y^2 = (x^2 - 3) x + b */
    p256_fe l, r, t;

    p256_fe_sqr(l, A->y);
    p256_fe_sqr(r, A->x);
    ADD(t, p256_one, p256_one);
    ADD(t, t, p256_one);
    SUB(r, r, t);
    MUL(r, r, A->x);
    ADD(r, r, p256_b);
    return p256_fe_eq(l, r);
}

int p256_point_decode_vartime(p256_affine *A, const uint8_t *in, size_t len)
{
    /* everything here is public: a peer's or a signer's public key */
    int ok;

    if (len == 65) {
        if (in[0] != 0x04)
            return CTC_ERR_ENCODING;
        ok = ct_cond_declassify(p256_fe_from_bytes(A->x, in + 1));
        ok &= ct_cond_declassify(p256_fe_from_bytes(A->y, in + 33));
        if (!ok || !ct_cond_declassify(p256_affine_on_curve(A)))
            return CTC_ERR_POINT;
        return CTC_OK;
    }
    if (len == 33) {
        p256_fe rhs, t, y2;
        uint8_t yb[32];

        if (in[0] != 0x02 && in[0] != 0x03)
            return CTC_ERR_ENCODING;
        if (!ct_cond_declassify(p256_fe_from_bytes(A->x, in + 1)))
            return CTC_ERR_POINT;
        /* rhs = x^3 - 3x + b, y = rhs^((p+1)/4), which is a root iff
         * rhs is a square */
        p256_fe_sqr(rhs, A->x);
        ADD(t, p256_one, p256_one);
        ADD(t, t, p256_one);
        SUB(rhs, rhs, t);
        MUL(rhs, rhs, A->x);
        ADD(rhs, rhs, p256_b);
        p256_fe_sqrt_vartime(A->y, rhs);
        p256_fe_sqr(y2, A->y);
        if (!ct_cond_declassify(p256_fe_eq(y2, rhs)))
            return CTC_ERR_POINT;
        /* pick the root whose parity the first byte gives; y = 0 has no
         * odd twin (x^3 - 3x + b = 0 has no root mod p for P-256, but the
         * check costs nothing) */
        p256_fe_to_bytes(yb, A->y);
        if ((yb[31] & 1) != (in[0] & 1)) {
            if (ct_cond_declassify(p256_fe_is_zero(A->y)))
                return CTC_ERR_POINT;
            p256_fe_neg(A->y, A->y);
        }
        return CTC_OK;
    }
    return CTC_ERR_LENGTH;
}

void p256_point_encode(uint8_t out[65], const p256_affine *A)
{
    out[0] = 0x04;
    p256_fe_to_bytes(out + 1, A->x);
    p256_fe_to_bytes(out + 33, A->y);
}
