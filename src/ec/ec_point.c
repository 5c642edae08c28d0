/*
 * ec_point.c - point arithmetic on y^2 = x^3 - 3x + b in projective
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
#include "ec.h"

#define L (C->limbs)
#define MUL(x, a, b) ec_fe_mul(C, (x), (a), (b))
#define ADD(x, a, b) ec_fe_add(C, (x), (a), (b))
#define SUB(x, a, b) ec_fe_sub(C, (x), (a), (b))

void ec_point_set_infinity(const ec_curve *C, ec_point *P)
{
    mp_zero(P->X, L);
    mp_copy(P->Y, C->one, L);
    mp_zero(P->Z, L);
}

void ec_point_copy(const ec_curve *C, ec_point *R, const ec_point *P)
{
    mp_copy(R->X, P->X, L);
    mp_copy(R->Y, P->Y, L);
    mp_copy(R->Z, P->Z, L);
}

void ec_point_from_affine(const ec_curve *C, ec_point *P, const ec_affine *A)
{
    mp_copy(P->X, A->x, L);
    mp_copy(P->Y, A->y, L);
    mp_copy(P->Z, C->one, L);
}

void ec_point_add(const ec_curve *C, ec_point *R, const ec_point *P, const ec_point *Q)
{
    ec_fe t0, t1, t2, t3, t4, t5, X3, Y3, Z3;

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
    MUL(Z3, C->b, t2);        /* 19 */
    SUB(X3, Y3, Z3);            /* 20 */
    ADD(Z3, X3, X3);            /* 21 */
    ADD(X3, X3, Z3);            /* 22 */
    SUB(Z3, t1, X3);            /* 23 */
    ADD(X3, t1, X3);            /* 24 */
    MUL(Y3, C->b, Y3);        /* 25 */
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

void ec_point_add_affine(const ec_curve *C, ec_point *R, const ec_point *P, const ec_affine *Q)
{
    ec_fe t0, t1, t2, t3, t4, X3, Y3, Z3;

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
    MUL(Z3, C->b, P->Z);      /* 12 */
    SUB(X3, Y3, Z3);            /* 13 */
    ADD(Z3, X3, X3);            /* 14 */
    ADD(X3, X3, Z3);            /* 15 */
    SUB(Z3, t1, X3);            /* 16 */
    ADD(X3, t1, X3);            /* 17 */
    MUL(Y3, C->b, Y3);        /* 18 */
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

void ec_point_dbl(const ec_curve *C, ec_point *R, const ec_point *P)
{
    ec_fe t0, t1, t2, t3, X3, Y3, Z3;

    ec_fe_sqr(C, t0, P->X);      /* 1 */
    ec_fe_sqr(C, t1, P->Y);      /* 2 */
    ec_fe_sqr(C, t2, P->Z);      /* 3 */
    MUL(t3, P->X, P->Y);        /* 4 */
    ADD(t3, t3, t3);            /* 5 */
    MUL(Z3, P->X, P->Z);        /* 6 */
    ADD(Z3, Z3, Z3);            /* 7 */
    MUL(Y3, C->b, t2);        /* 8 */
    SUB(Y3, Y3, Z3);            /* 9 */
    ADD(X3, Y3, Y3);            /* 10 */
    ADD(Y3, X3, Y3);            /* 11 */
    SUB(X3, t1, Y3);            /* 12 */
    ADD(Y3, t1, Y3);            /* 13 */
    MUL(Y3, X3, Y3);            /* 14 */
    MUL(X3, X3, t3);            /* 15 */
    ADD(t3, t2, t2);            /* 16 */
    ADD(t2, t2, t3);            /* 17 */
    MUL(Z3, C->b, Z3);        /* 18 */
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

void ec_point_cneg(const ec_curve *C, ec_point *R, ct_cond c)
{
    ec_fe t;

    ec_fe_neg(C, t, R->Y);
    ct_limbs_cmov(c, R->Y, t, L);
}

ct_cond ec_point_to_affine(const ec_curve *C, ec_affine *A, const ec_point *P)
{
    ec_fe zi;
    ct_cond inf = ec_fe_is_zero(C, P->Z);

    ec_fe_inv(C, zi, P->Z);          /* 0 when Z = 0 */
    MUL(A->x, P->X, zi);
    MUL(A->y, P->Y, zi);
    ct_zeroize(zi, sizeof zi);
    return ct_cond_not(inf);
}

ct_cond ec_affine_on_curve(const ec_curve *C, const ec_affine *A)
{
    /* y^2 = (x^2 - 3) x + b */
    ec_fe l, r, t;

    ec_fe_sqr(C, l, A->y);
    ec_fe_sqr(C, r, A->x);
    ADD(t, C->one, C->one);
    ADD(t, t, C->one);
    SUB(r, r, t);
    MUL(r, r, A->x);
    ADD(r, r, C->b);
    return ec_fe_eq(C, l, r);
}

int ec_point_decode_vartime(const ec_curve *C, ec_affine *A, const uint8_t *in, size_t len)
{
    /* everything here is public: a peer's or a signer's public key */
    int ok;

    if (len == 1 + 2 * C->bytes) {
        if (in[0] != 0x04)
            return CTC_ERR_ENCODING;
        ok = ct_cond_declassify(ec_fe_from_bytes(C, A->x, in + 1));
        ok &= ct_cond_declassify(ec_fe_from_bytes(C, A->y, in + 1 + C->bytes));
        if (!ok || !ct_cond_declassify(ec_affine_on_curve(C, A)))
            return CTC_ERR_POINT;
        return CTC_OK;
    }
    if (len == 1 + C->bytes) {
        ec_fe rhs, t, y2;
        uint8_t yb[EC_MAX_BYTES];

        if (in[0] != 0x02 && in[0] != 0x03)
            return CTC_ERR_ENCODING;
        if (!ct_cond_declassify(ec_fe_from_bytes(C, A->x, in + 1)))
            return CTC_ERR_POINT;
        /* rhs = x^3 - 3x + b, y = rhs^((p+1)/4), which is a root iff
         * rhs is a square */
        ec_fe_sqr(C, rhs, A->x);
        ADD(t, C->one, C->one);
        ADD(t, t, C->one);
        SUB(rhs, rhs, t);
        MUL(rhs, rhs, A->x);
        ADD(rhs, rhs, C->b);
        ec_fe_sqrt_vartime(C, A->y, rhs);
        ec_fe_sqr(C, y2, A->y);
        if (!ct_cond_declassify(ec_fe_eq(C, y2, rhs)))
            return CTC_ERR_POINT;
        /* pick the root whose parity the first byte gives; y = 0 has no
         * odd twin (x^3 - 3x + b = 0 has no root mod p for P-256 and
         * P-384, but the check costs nothing) */
        ec_fe_to_bytes(C, yb, A->y);
        if ((yb[C->bytes - 1] & 1) != (in[0] & 1)) {
            if (ct_cond_declassify(ec_fe_is_zero(C, A->y)))
                return CTC_ERR_POINT;
            ec_fe_neg(C, A->y, A->y);
        }
        return CTC_OK;
    }
    return CTC_ERR_LENGTH;
}

void ec_point_encode(const ec_curve *C, uint8_t *out, const ec_affine *A)
{
    out[0] = 0x04;
    ec_fe_to_bytes(C, out + 1, A->x);
    ec_fe_to_bytes(C, out + 1 + C->bytes, A->y);
}

void ec_affine_generator(const ec_curve *C, ec_affine *A)
{
    mp_copy(A->x, C->gx, L);
    mp_copy(A->y, C->gy, L);
}
