/*
 * test_mp_vectors.c - the mp layer against known answers computed by
 * Python's integers (tools/gen_mp_cases.py -> vec_mp.c): add, sub, mul,
 * sqr, reduction, modular add/sub/neg, Montgomery (R^2 and a product
 * through Montgomery form), secret and public exponentiation, safegcd and
 * binary-GCD inversion, Fermat inversion for primes. Numbers arrive as
 * big-endian bytes and leave through mp_to_be, so encoding is exercised on
 * every case. Runs on every target.
 */
#include "ctcrypto/common.h"
#include "mp/mp.h"
#include "runner.h"
#include "vec_mp.h"

#define MAXB 512                          /* bytes of the largest number */
#define MAXL (MAXB / MP_LIMB_BYTES + 2)

static ct_limb_t A[2 * MAXL], B[2 * MAXL], N[MAXL], X[2 * MAXL + 2], Y[MAXL],
    Z[MAXL], R2[MAXL], T[2 * MAXL + 2];
/* window 4 at most: 20 n limbs (10 KiB at 4096 bits with 32-bit limbs) */
static ct_limb_t BIG[MP_EXP_SCRATCH(MAXL, 4) + MAXL];
#define BIG_LIMBS (sizeof BIG / sizeof BIG[0])

static uint8_t out[2 * MAXB + 8];

static int bit(ct_cond c) { return ct_cond_declassify(c); }

static size_t limbs(size_t len)
{
    size_t n = MP_LIMBS(8 * len);
    return n ? n : 1;
}

/* the result X (xl limbs) against the expected bytes */
static void expect(const ct_limb_t *Xv, size_t xl, const uint8_t *want, size_t len)
{
    TR_EQ(mp_to_be(out, len, Xv, xl), 0);
    TR_MEM(out, want, len);
}

static void load(ct_limb_t *V, size_t n, const uint8_t *b, size_t len)
{
    TR_EQ(mp_from_be(V, n, b, len), 0);
}

static const char *const op_names[] = {
    "ADD", "SUB", "MUL", "SQR", "MOD", "MODADD", "MODSUB", "MODNEG", "MONT", "EXP",
    "INV", "INVP",
};
#define N_OPS (sizeof op_names / sizeof op_names[0])

static void run_case(const struct mp_case *c)
{
    size_t la = limbs(c->a_len), lb = limbs(c->b_len), ln = limbs(c->n_len);
    ct_limb_t ninv, carry;
    int rc;

    load(A, la, c->a, c->a_len);
    if (c->b)
        load(B, lb, c->b, c->b_len);
    if (c->n)
        load(N, ln, c->n, c->n_len);

    switch (c->op) {
    case MPC_ADD:
        X[la] = mp_add(X, A, B, la);
        expect(X, la + 1, c->x, c->x_len);
        break;
    case MPC_SUB:
        carry = mp_sub(X, A, B, la);
        /* the difference wraps modulo 2^(w la); the case has 256^len */
        if ((8 * c->a_len) & (MP_LIMB_BITS - 1))
            X[la - 1] &= ((ct_limb_t)1 << ((8 * c->a_len) & (MP_LIMB_BITS - 1))) - 1;
        expect(X, la, c->x, c->x_len);
        TR_EQ(carry, c->y[0]);
        break;
    case MPC_MUL:
        mp_mul(X, A, la, B, lb);
        expect(X, la + lb, c->x, c->x_len);
        break;
    case MPC_SQR:
        mp_sqr(X, A, la);
        expect(X, 2 * la, c->x, c->x_len);
        break;
    case MPC_MOD:
        mp_mod(X, A, la, N, ln, T);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_MODADD:
        mp_mod_add(X, A, B, N, ln);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_MODSUB:
        mp_mod_sub(X, A, B, N, ln);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_MODNEG:
        mp_mod_neg(X, A, N, ln);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_MONT:
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, ln, BIG);
        expect(R2, ln, MP_LIMB_BITS == 32 ? c->y : c->z, c->y_len);
        mp_to_mont(Y, A, &(mp_modulus){ N, R2, ln, ninv }, T);
        mp_to_mont(Z, B, &(mp_modulus){ N, R2, ln, ninv }, T);
        mp_montmul(X, Y, Z, &(mp_modulus){ N, NULL, ln, ninv }, T);
        mp_from_mont(X, X, &(mp_modulus){ N, NULL, ln, ninv }, T);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_EXP:
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, ln, BIG);
        rc = mp_exp(X, A, B, lb, &(mp_modulus){ N, R2, ln, ninv }, BIG, BIG_LIMBS);
        TR_EQ(rc, 0);
        expect(X, ln, c->x, c->x_len);
        rc = mp_exp_vartime(X, A, B, lb, &(mp_modulus){ N, R2, ln, ninv }, BIG, BIG_LIMBS);
        TR_EQ(rc, 0);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_INV:
        TR_EQ(bit(mp_inv(X, A, N, ln, BIG)), c->flag);
        expect(X, ln, c->x, c->x_len);
        rc = mp_inv_vartime(X, A, N, ln, BIG);
        TR_EQ(rc, c->flag ? 0 : CTC_ERR_RANGE);
        expect(X, ln, c->x, c->x_len);
        break;
    case MPC_INVP:
        ninv = mp_mont_ninv(N[0]);
        mp_mont_R2(R2, N, ln, BIG);
        rc = mp_inv_fermat(X, A, &(mp_modulus){ N, R2, ln, ninv }, BIG, BIG_LIMBS);
        TR_EQ(rc, 0);
        expect(X, ln, c->x, c->x_len);
        TR_EQ(bit(mp_inv(X, A, N, ln, BIG)), c->flag);
        expect(X, ln, c->x, c->x_len);
        break;
    default:
        TR_CHECK(0);
    }
}

int main(void)
{
    size_t op, i, k;

    tr_init("test_mp_vectors");
    tr_puts("# ");
    tr_puts(ctc_build_info());
    tr_puts("\n");
    for (op = 0; op < N_OPS; op++) {
        tr_group(op_names[op]);
        for (i = 0, k = 0; i < vec_mp_count; i++) {
            if ((size_t)vec_mp[i].op != op)
                continue;
            run_case(&vec_mp[i]);
            k++;
        }
        TR_CHECK(k > 0);                     /* every operation has cases */
        tr_puts("# ");
        tr_putu(k);
        tr_puts(" cases\n");
        tr_group_end();
    }
    return tr_finish();
}
