/*
 * mp_inv.c - constant-time modular inversion: Bernstein-Yang divsteps
 * ("safegcd") for odd moduli, and Fermat's little theorem for prime ones
 * (declared in mp.h). docs/mp.md compares the two.
 *
 * safegcd, as used here (D. J. Bernstein, B.-Y. Yang, "Fast constant-time
 * gcd computation and modular inversion", 2019):
 *   divstep(delta, f, g) = (1 - delta, g, (g - f) / 2)  if delta > 0, g odd
 *                          (1 + delta, f, (g + (g mod 2) f) / 2) otherwise
 * from (1/2, N, A): the "half-delta" start (P. Wuille, "Bounds on
 * divsteps iterations in safegcd", github.com/sipa/safegcd-bounds), which
 * needs about 20% fewer steps than the paper's delta = 1. The code keeps
 * 2 delta, an integer: 2 - 2 delta and 2 + 2 delta. For
 * 4257874 <= M <= 2^3805 and 0 <= g <= f <= M, floor((3787 log2(M) + 2166)
 * / 1644) steps reach g = 0 (there, computed exactly, by convex hulls of
 * the reachable (f, g), for every M in that range; 591 for 256 bits,
 * where a machine-checked proof gives 590, 885 for 384). Above 2^3805,
 * where no such bound is published, the paper's start delta = 1 and its
 * Theorem 11.2 are used instead: for 0 <= g <= f < 2^b,
 * floor((49b + 57) / 17) steps (b >= 46; (49b + 80) / 17 below) reach
 * g = 0. Then f = +-gcd(N, A). The steps run in batches of D = w - 2:
 * a batch looks only at the low word of f and g and produces a 2x2 matrix
 * M with 2^D (f', g') = M (f, g), entries of magnitude <= 2^D (each row's
 * |u| + |v| at most doubles per step). M is then applied to the full f
 * and g, and to d and e, which track f = d A and g = e A (mod N), so that
 * at the end A^-1 = +-d.
 *
 * Numbers inside are signed, in base 2^D: digits 0..m-2 in [0, 2^D), the
 * top digit signed; mp_slimb_t has room for D + 1 bits plus sign, and
 * products go through mp_acc (two limbs).
 */
#include "ctcrypto/common.h"
#include "mp_word.h"

/* The hot loops stay separate functions (one call per batch of D
 * divsteps), so that tools/check_codegen_mp.py can read each of them. */
#if defined(__GNUC__) || defined(__clang__)
#define MP_NOINLINE __attribute__((noinline))
#else
#define MP_NOINLINE
#endif

#define MP_D (MP_LIMB_BITS - 2)
#define MP_DMASK (((ct_limb_t)1 << MP_D) - 1)

/* The transition matrix of one batch. */
typedef struct {
    mp_slimb_t u, v, q, r;
} mp_trans;

/*
 * D divsteps on the low words of f and g (only their low D bits matter:
 * step i reads bit 0 of g, which depends on bits < i + 1 of the inputs).
 * Everything is unsigned arithmetic modulo 2^w on two's complement
 * values; the additions are masked, never branched. The swap of the
 * definition is not done as a swap: g - f goes into g, then f + (g - f)
 * into f (the rows likewise), which gives the same matrix in fewer
 * operations.
 */
/* One divstep on (delta, f, g) and the matrix rows (u, v), (q, r). */
#define MP_DIVSTEP()                                                                \
    do {                                                                            \
        /* delta > 0: the top bit of -delta (|delta| < 2^(w-1)) */                  \
        ct_cond pos = ct_cond_from_bit((uint32_t)(((ct_limb_t)0 - delta) >> MP_TOP)); \
        ct_cond odd = ct_cond_from_bit((uint32_t)(g & 1u));                         \
        ct_limb_t godd = ct_cond_mask_limb(odd);                                    \
        ct_limb_t s = ct_cond_mask_limb(ct_cond_and(pos, odd));                     \
        /* g odd: g += f, or g -= f if s (the rows likewise) */                     \
        g += ((f ^ s) - s) & godd;                                                  \
        q += ((u ^ s) - s) & godd;                                                  \
        r += ((v ^ s) - s) & godd;                                                  \
        /* if s: f = g (g - f + f: the old g), the f row likewise, and             \
         * delta = -delta */                                                        \
        f += g & s;                                                                 \
        u += q & s;                                                                 \
        v += r & s;                                                                 \
        delta = (delta ^ s) - s;                                                    \
        /* g /= 2 exactly; the f row doubles instead (scaling by 2^D) */            \
        g >>= 1;                                                                    \
        u <<= 1;                                                                    \
        v <<= 1;                                                                    \
        delta += 2; /* delta is held doubled */                                     \
    } while (0)

MP_NOINLINE static ct_limb_t mp_divsteps(ct_limb_t delta, ct_limb_t f, ct_limb_t g,
                             mp_trans *t)
{
    ct_limb_t u = 1, v = 0, q = 0, r = 1;
    int i;

    /* two steps per pass (D is even): half the loop's branches */
    for (i = 0; i < MP_D; i += 2) {
        MP_DIVSTEP();
        MP_DIVSTEP();
    }
    t->u = (mp_slimb_t)u;
    t->v = (mp_slimb_t)v;
    t->q = (mp_slimb_t)q;
    t->r = (mp_slimb_t)r;
    return delta;
}

/* (F, G) = M (F, G) / 2^D. The low D bits of both sums are zero by
 * construction. |F|, |G| never exceed max(N, A) = N. Each sum of two
 * products is < 2^(2D + 1) and the carry < 2^(D + 2): fits mp_acc. The
 * matrix is read into locals once (the stores to F and G could alias it). */
MP_NOINLINE static void mp_update_fg(mp_slimb_t *F, mp_slimb_t *G, size_t m, const mp_trans *t)
{
    const mp_slimb_t u = t->u, v = t->v, q = t->q, r = t->r;
    mp_acc cf, cg;
    size_t i = 1;

    cf = mp_acc_add(mp_acc_smul(u, F[0]), mp_acc_smul(v, G[0]));
    cg = mp_acc_add(mp_acc_smul(q, F[0]), mp_acc_smul(r, G[0]));
    cf = mp_acc_sar(cf, MP_D);
    cg = mp_acc_sar(cg, MP_D);
    do {
        mp_slimb_t fi = F[i], gi = G[i];

        cf = mp_acc_add(cf, mp_acc_add(mp_acc_smul(u, fi), mp_acc_smul(v, gi)));
        cg = mp_acc_add(cg, mp_acc_add(mp_acc_smul(q, fi), mp_acc_smul(r, gi)));
        F[i - 1] = (mp_slimb_t)(mp_acc_lo(cf) & MP_DMASK);
        G[i - 1] = (mp_slimb_t)(mp_acc_lo(cg) & MP_DMASK);
        cf = mp_acc_sar(cf, MP_D);
        cg = mp_acc_sar(cg, MP_D);
    } while (++i < m);
    F[m - 1] = (mp_slimb_t)mp_acc_lo(cf);
    G[m - 1] = (mp_slimb_t)mp_acc_lo(cg);
}

/* All ones if X < 0 (the sign of the top digit). */
static ct_limb_t mp_digits_neg_mask(const mp_slimb_t *X, size_t m)
{
    return ct_cond_mask_limb(ct_cond_from_bit((uint32_t)((ct_limb_t)X[m - 1] >> MP_TOP)));
}

/*
 * (D, E) = (M (D, E) + (kd, ke) N) / 2^D for d, e in (-2N, N), with the
 * results in (-2N, N) again, so that no batch normalises them (the range
 * of libsecp256k1's modinv, a fact of the method): a negative d counts as
 * d + N (in (-N, N)), which adds u N and q N, and likewise v N and r N
 * for a negative e; then kd = that sum - t with t in [0, 2^D) chosen so
 * that the low D bits vanish (t = (sum - (u d0 + v e0) ninv) mod 2^D,
 * ninv = -N^-1 mod 2^w). With |u| + |v| <= 2^D the result is
 * (u d' + v e' - t N) / 2^D with d', e' in (-N, N): in (-2N, N).
 * kd, ke are in (-2^D, 2^D]. Digit i of the result is written after
 * digit i + 1 of the inputs is read, so D and E are updated in place.
 */
MP_NOINLINE static void mp_update_de(mp_slimb_t *Dv, mp_slimb_t *Ev, const mp_slimb_t *Nd,
                         size_t m, const mp_trans *t, ct_limb_t ninv)
{
    const mp_slimb_t u = t->u, v = t->v, q = t->q, r = t->r;
    ct_limb_t sd = mp_digits_neg_mask(Dv, m), se = mp_digits_neg_mask(Ev, m);
    ct_limb_t d0 = (ct_limb_t)Dv[0], e0 = (ct_limb_t)Ev[0];
    ct_limb_t md = ((ct_limb_t)u & sd) + ((ct_limb_t)v & se);
    ct_limb_t me = ((ct_limb_t)q & sd) + ((ct_limb_t)r & se);
    mp_slimb_t kd, ke;
    mp_acc cd, ce;
    size_t i = 1;

    md -= (md - mp_w_mul_lo(mp_w_mul_lo((ct_limb_t)u, d0)
                            + mp_w_mul_lo((ct_limb_t)v, e0), ninv)) & MP_DMASK;
    me -= (me - mp_w_mul_lo(mp_w_mul_lo((ct_limb_t)q, d0)
                            + mp_w_mul_lo((ct_limb_t)r, e0), ninv)) & MP_DMASK;
    kd = (mp_slimb_t)md;
    ke = (mp_slimb_t)me;
    cd = mp_acc_add(mp_acc_add(mp_acc_smul(u, Dv[0]), mp_acc_smul(v, Ev[0])),
                    mp_acc_smul(kd, Nd[0]));
    ce = mp_acc_add(mp_acc_add(mp_acc_smul(q, Dv[0]), mp_acc_smul(r, Ev[0])),
                    mp_acc_smul(ke, Nd[0]));
    cd = mp_acc_sar(cd, MP_D);
    ce = mp_acc_sar(ce, MP_D);
    do {
        mp_slimb_t di = Dv[i], ei = Ev[i], ni = Nd[i];

        cd = mp_acc_add(cd, mp_acc_add(mp_acc_add(mp_acc_smul(u, di), mp_acc_smul(v, ei)),
                                       mp_acc_smul(kd, ni)));
        ce = mp_acc_add(ce, mp_acc_add(mp_acc_add(mp_acc_smul(q, di), mp_acc_smul(r, ei)),
                                       mp_acc_smul(ke, ni)));
        Dv[i - 1] = (mp_slimb_t)(mp_acc_lo(cd) & MP_DMASK);
        Ev[i - 1] = (mp_slimb_t)(mp_acc_lo(ce) & MP_DMASK);
        cd = mp_acc_sar(cd, MP_D);
        ce = mp_acc_sar(ce, MP_D);
    } while (++i < m);
    Dv[m - 1] = (mp_slimb_t)mp_acc_lo(cd);
    Ev[m - 1] = (mp_slimb_t)mp_acc_lo(ce);
}

/* X += N if mask (all ones or zero). Digit sums stay below 2^(D + 2). */
MP_NOINLINE static void mp_digits_add_cond(mp_slimb_t *X, const mp_slimb_t *Nd, size_t m,
                               ct_limb_t mask)
{
    mp_slimb_t c = 0;
    size_t i = 0;

    do {
        c += X[i] + (mp_slimb_t)((ct_limb_t)Nd[i] & mask);
        X[i] = (mp_slimb_t)((ct_limb_t)c & MP_DMASK);
        c >>= MP_D; /* arithmetic shift (gcc, clang) */
    } while (++i < m - 1);
    X[m - 1] += c + (mp_slimb_t)((ct_limb_t)Nd[m - 1] & mask);
}

/* (-2N, N) -> [0, N): N added while negative, twice */
static void mp_digits_normalize(mp_slimb_t *X, const mp_slimb_t *Nd, size_t m)
{
    mp_digits_add_cond(X, Nd, m, mp_digits_neg_mask(X, m));
    mp_digits_add_cond(X, Nd, m, mp_digits_neg_mask(X, m));
}

/* Digits of A (0 <= A < 2^(wn)): digit k holds bits [kD, kD + D). */
static void mp_to_digits(mp_slimb_t *S, size_t m, const ct_limb_t *A, size_t n)
{
    size_t k, pos, li;
    unsigned off;
    ct_limb_t v;

    for (k = 0, pos = 0; k < m; k++, pos += MP_D) {
        li = pos >> MP_LIMB_SHIFT;
        off = (unsigned)(pos & (MP_LIMB_BITS - 1));
        v = 0;
        if (li < n) {
            v = A[li] >> off;
            if (off > MP_LIMB_BITS - MP_D && li + 1 < n)
                v |= A[li + 1] << (MP_LIMB_BITS - off);
        }
        S[k] = (mp_slimb_t)(v & MP_DMASK);
    }
}

/* X (n limbs) = S, for 0 <= S < 2^(wn) in normalized digits. */
static void mp_from_digits(ct_limb_t *X, size_t n, const mp_slimb_t *S, size_t m)
{
    size_t k, pos, li;
    unsigned off;
    ct_limb_t v;

    mp_zero(X, n);
    for (k = 0, pos = 0; k < m; k++, pos += MP_D) {
        li = pos >> MP_LIMB_SHIFT;
        off = (unsigned)(pos & (MP_LIMB_BITS - 1));
        v = (ct_limb_t)S[k];
        if (li < n)
            X[li] |= v << off;
        if (off > MP_LIMB_BITS - MP_D && li + 1 < n)
            X[li + 1] |= v >> (MP_LIMB_BITS - off);
    }
}

/* The half-delta bound's largest size (bits) and the steps for b-bit
 * inputs; the start (2 delta) that goes with them. */
#define MP_INV_HD_MAX_BITS 3805

/* Divsteps for b-bit inputs, rounded up without a division (b is public,
 * but some cores have no divide instruction):
 * half delta, b <= 3805: floor((3787 b + 2166) / 1644), through
 *   10206 / 2^24 > 1 / 1644 (at most one step more than the floor:
 *   10206 / 2^24 - 1 / 1644 = 1448 / (2^24 1644), times 3787 b + 2166 <= 14.4e6
 *   is 0.76);
 * delta = 1: (49b + 80) / 17 (a bound for every b), through 241 / 4096 >
 *   1 / 17. Extra steps are harmless (with g = 0 a divstep changes
 *   nothing but delta). */
static size_t mp_inv_steps(size_t b)
{
    if (b <= MP_INV_HD_MAX_BITS) {
        /* x 10206 >> 24 in 32 bits (no long multiply, which is a call or
         * variable-time on some cores): x = 256 a + c, and floor((a K +
         * floor(c K / 256)) / 2^16) is the same floor; a K < 2^30 */
        uint32_t x = (uint32_t)(3787 * b + 2166);
        return (size_t)(((x >> 8) * 10206u + (((x & 255u) * 10206u) >> 8)) >> 16);
    }
    return ((49 * b + 80) * 241 >> 12) + 1;
}

ct_cond mp_inv(ct_limb_t *X, const ct_limb_t *A, const ct_limb_t *N, size_t n,
               ct_limb_t *T)
{
    /* digits: m D >= w n + 2 holds for m = n + n/16 + 2 (D = 62) and
     * n + n/8 + 2 (D = 30); a closed form, as a loop that searches the
     * least m is turned by some compilers into a division (by a multiply
     * instruction that is variable-time on some cores) */
    size_t m = n + (n >> (MP_LIMB_BITS == 64 ? 4 : 3)) + 2, steps, done, i;
    mp_slimb_t *F, *G, *Dv, *Ev, *Nd;
    ct_limb_t ninv = mp_mont_ninv(N[0]), delta, a1, am1, *Y;
    mp_trans t;
    ct_cond ok, neg;

    /* the scratch: five numbers of m digits (m <= n + n/8 + 2) */
    F = (mp_slimb_t *)T;
    G = F + m;
    Dv = G + m;
    Ev = Dv + m;
    Nd = Ev + m;
    mp_to_digits(F, m, N, n);
    mp_to_digits(Nd, m, N, n);
    mp_to_digits(G, m, A, n);
    for (i = 0; i < m; i++) {
        Dv[i] = 0;
        Ev[i] = 0;
    }
    Ev[0] = 1;

    steps = mp_inv_steps(n * MP_LIMB_BITS);
    /* 2 delta: 1 for the half-delta start, 2 for the paper's (n is public) */
    delta = n * MP_LIMB_BITS <= MP_INV_HD_MAX_BITS ? 1 : 2;
    for (done = 0; done < steps; done += MP_D) {
        delta = mp_divsteps(delta, (ct_limb_t)F[0], (ct_limb_t)G[0], &t);
        mp_update_fg(F, G, m, &t);
        mp_update_de(Dv, Ev, Nd, m, &t, ninv);
    }
    mp_digits_normalize(Dv, Nd, m);

    /* g = 0 now and f = +-gcd(A, N): invertible iff f = 1 or f = -1, and
     * then A^-1 = f d mod N */
    a1 = (ct_limb_t)F[0] ^ 1u;
    am1 = (ct_limb_t)F[0] ^ MP_DMASK;
    for (i = 1; i < m; i++) {
        a1 |= (ct_limb_t)F[i];
        am1 |= (ct_limb_t)F[i] ^ (i + 1 < m ? MP_DMASK : ~(ct_limb_t)0);
    }
    neg = ct_limb_is_zero(am1);
    ok = ct_cond_or(ct_limb_is_zero(a1), neg);

    /* F and G are free: Y = -d mod N in G's room */
    Y = (ct_limb_t *)G;
    mp_from_digits(X, n, Dv, m);
    mp_mod_neg(Y, X, N, n);
    mp_cmov(X, Y, neg, n);
    ct_limbs_czero(ct_cond_not(ok), X, n);
    return ok;
}

int mp_inv_fermat(ct_limb_t *X, const ct_limb_t *A, const mp_modulus *M,
                  ct_limb_t *T, size_t t_limbs)
{
    size_t n = M->n;

    if (t_limbs < n + MP_EXP_SCRATCH(n, 1))
        return CTC_ERR_BUFFER;
    /* the exponent N - 2 (N > 2) is as secret as N */
    (void)mp_sub_limb(T, M->N, 2, n);
    return mp_exp(X, A, T, n, M, T + n, t_limbs - n);
}
