/*
 * rsa_keygen.c - RSA key generation (declared in ctcrypto/rsa.h), after
 * FIPS 186-5 A.1.3: random probable primes p and q of nlen/2 bits, each
 * with its top two bits set (so p q has exactly nlen bits and p, q >=
 * sqrt(2) 2^(nlen/2 - 1)), odd, with gcd(p - 1, e) = 1, no factor below
 * 1000, and Miller-Rabin with the rounds of FIPS 186-5 Table B.1 on bases
 * from the caller's generator; |p - q| > 2^(nlen/2 - 100); d = e^-1 mod
 * lcm(p - 1, q - 1) > 2^(nlen/2). Then dp, dq and qinv, and the key goes
 * through ctc_rsa_private_key_import's checks like any other.
 *
 * What leaks, and why that is acceptable: every test on a candidate is
 * computed in constant time (trial division by mp_mod on the candidate,
 * Miller-Rabin with the constant-time mp_exp on the candidate as a secret
 * modulus, the squarings always run to the same count), and only its
 * verdict is declassified: "discarded" or "kept". A discarded candidate
 * is never used again and is independent of the next one (every
 * candidate is fresh random bytes), so what its verdict says (it had a
 * small factor, or failed round i of Miller-Rabin) is information about
 * a number that is not part of the key. For the kept primes the timing
 * says only that they passed every test, which all primes do. The
 * number of candidates before p and before q leaks as well, and says
 * nothing about p or q beyond that.
 * One more discard than FIPS asks for: a candidate w with 2^33 | w - 1
 * (probability 2^-32) is dropped, so that the Miller-Rabin squarings
 * have a fixed count (KG_A_MAX) that does not reveal the power of two
 * in w - 1.
 */
#include "ct/ct.h"
#include "rsa.h"

/* the largest a (w - 1 = 2^a m, m odd) that Miller-Rabin handles */
#define KG_A_MAX 32

/* the odd primes below 1000 */
static const uint16_t kg_primes[167] = {
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73,
    79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157,
    163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239,
    241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313, 317, 331,
    337, 347, 349, 353, 359, 367, 373, 379, 383, 389, 397, 401, 409, 419, 421,
    431, 433, 439, 443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503, 509,
    521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613,
    617, 619, 631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709,
    719, 727, 733, 739, 743, 751, 757, 761, 769, 773, 787, 797, 809, 811, 821,
    823, 827, 829, 839, 853, 857, 859, 863, 877, 881, 883, 887, 907, 911, 919,
    929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997
};

/* kg_primes in groups whose products fit 32 bits: each candidate is
 * reduced once per group (mp_mod by one limb), then the one-limb
 * remainder by each prime of the group */
static const struct {
    uint32_t prod;
    uint32_t count;
} kg_groups[50] = {
    { 3234846615u, 9 }, { 95041567u, 5 }, { 907383479u, 5 }, { 4132280413u, 5 },
    { 121330189u, 4 }, { 257557397u, 4 }, { 490995677u, 4 }, { 842952707u, 4 },
    { 1314423991u, 4 }, { 2125525169u, 4 }, { 3073309843u, 4 }, { 16965341u, 3 },
    { 20193023u, 3 }, { 23300239u, 3 }, { 29884301u, 3 }, { 35360399u, 3 },
    { 42749359u, 3 }, { 49143869u, 3 }, { 56466073u, 3 }, { 65111573u, 3 },
    { 76027969u, 3 }, { 84208541u, 3 }, { 94593973u, 3 }, { 103569859u, 3 },
    { 119319383u, 3 }, { 133390067u, 3 }, { 154769821u, 3 }, { 178433279u, 3 },
    { 193397129u, 3 }, { 213479407u, 3 }, { 229580147u, 3 }, { 250367549u, 3 },
    { 271661713u, 3 }, { 293158127u, 3 }, { 319512181u, 3 }, { 357349471u, 3 },
    { 393806449u, 3 }, { 422400701u, 3 }, { 452366557u, 3 }, { 507436351u, 3 },
    { 547978913u, 3 }, { 575204137u, 3 }, { 627947039u, 3 }, { 666785731u, 3 },
    { 710381447u, 3 }, { 777767161u, 3 }, { 834985999u, 3 }, { 894826021u, 3 },
    { 951747481u, 3 }, { 997u, 1 }
};

/*
 * W (h limbs) = a random odd number of pbits bits with its top two bits
 * set, from ceil(pbits / 8) bytes of rng. buf: room for them.
 */
static int kg_candidate(ct_limb_t *W, size_t h, size_t pbits, ctc_rng_fn rng,
                        void *rng_ctx, uint8_t *buf)
{
    size_t nb = (pbits + 7) / 8;
    unsigned top = (unsigned)((pbits - 1) & 7);   /* the top bit in buf[0] */

    if (rng(rng_ctx, buf, nb) != 0)
        return CTC_ERR_RNG;
    buf[0] = (uint8_t)((buf[0] & ((2u << top) - 1)) | (1u << top));
    if (top == 0)
        buf[1] |= 0x80;
    else
        buf[0] |= (uint8_t)(1u << (top - 1));
    buf[nb - 1] |= 1;
    (void)mp_from_be(W, h, buf, nb);   /* pbits <= w h */
    return CTC_OK;
}

/* see rsa.h */
ct_cond rsa_kg_sieve(const ct_limb_t *W, size_t h, uint32_t e, ct_limb_t *T)
{
    ct_limb_t G[1], S[1], r[1], t[1], E[1], x[1], Wm1[RSA_HALF];
    ct_cond small = ct_cond_false(), ok;
    size_t g, i, k = 0;

    for (g = 0; g < sizeof kg_groups / sizeof kg_groups[0]; g++) {
        G[0] = kg_groups[g].prod;
        mp_mod(r, W, h, G, 1, T);
        for (i = 0; i < kg_groups[g].count; i++) {
            S[0] = kg_primes[k++];
            mp_mod(t, r, 1, S, 1, T);
            small = ct_cond_or(small, ct_limb_is_zero(t[0]));
        }
    }
    /* gcd(W - 1, e) = 1 <=> (W - 1) mod e is invertible mod e (odd e > 1) */
    E[0] = e;
    mp_copy(Wm1, W, h);
    Wm1[0] &= ~(ct_limb_t)1;
    mp_mod(r, Wm1, h, E, 1, T);
    ok = mp_inv(x, r, E, 1, T);
    ct_zeroize(r, sizeof r);
    ct_zeroize(t, sizeof t);
    ct_zeroize(Wm1, sizeof Wm1);
    return ct_cond_and(ok, ct_cond_not(small));
}

/* see rsa.h */
int rsa_kg_miller_rabin(int *prime, const ct_limb_t *W, size_t h, int rounds,
                           ctc_rng_fn rng, void *rng_ctx, ct_limb_t *T)
{
    ct_limb_t R2[RSA_HALF], M[RSA_HALF], t[RSA_HALF], Wm3[RSA_HALF], B[RSA_HALF],
              Z[RSA_HALF], one[RSA_HALF], mone[RSA_HALF], rl[RSA_HALF + 3], ninv;
    uint8_t rnd[RSA_HALF * MP_LIMB_BYTES + 8];
    size_t nbytes = h * MP_LIMB_BYTES + 8, rl_limbs = MP_LIMBS(8 * nbytes), j;
    ct_cond gt[KG_A_MAX], pass, c;
    mp_modulus wm;
    int i, ret = CTC_OK;

    *prime = 0;
    ninv = mp_mont_ninv(W[0]);
    mp_mont_R2(R2, W, h, T);
    wm.N = W;
    wm.R2 = R2;
    wm.n = h;
    wm.ninv = ninv;
    /* M = (W - 1) / 2^a with m odd; gt[j] = (a > j) */
    mp_copy(M, W, h);
    M[0] &= ~(ct_limb_t)1;
    for (j = 0; j < KG_A_MAX; j++) {
        c = ct_cond_from_bit((uint32_t)(~M[0] & 1u));
        gt[j] = c;
        (void)mp_shr(t, M, h, 1);
        mp_cmov(M, t, c, h);
    }
    /* a > KG_A_MAX is public: the candidate is discarded */
    if (ct_cond_declassify(ct_cond_from_bit((uint32_t)(~M[0] & 1u))))
        goto done;
    /* R mod W and -R mod W: 1 and -1 in Montgomery form */
    mp_set_limb(one, h, 1);
    mp_to_mont(one, one, &wm, T);
    mp_mod_neg(mone, one, W, h);
    mp_copy(Wm3, W, h);
    (void)mp_sub_limb(Wm3, Wm3, 3, h);
    for (i = 0; i < rounds; i++) {
        if (rng(rng_ctx, rnd, nbytes) != 0) {
            ret = CTC_ERR_RNG;
            goto done;
        }
        (void)mp_from_be(rl, rl_limbs, rnd, nbytes);
        mp_mod(B, rl, rl_limbs, Wm3, h, T);
        (void)mp_add_limb(B, B, 2, h);   /* 2 <= B <= W - 2 */
        (void)mp_exp(Z, B, M, h, &wm, T, RSA_PRIV_SCRATCH);
        mp_to_mont(Z, Z, &wm, T);
        /* B^m = +-1, or B^(2^j m) = -1 for some 0 < j < a */
        pass = ct_cond_or(mp_eq(Z, one, h), mp_eq(Z, mone, h));
        for (j = 1; j < KG_A_MAX; j++) {
            mp_montsqr(Z, Z, &wm, T);
            pass = ct_cond_or(pass, ct_cond_and(gt[j], mp_eq(Z, mone, h)));
        }
        /* a failed round is public: the candidate is composite and dropped */
        if (!ct_cond_declassify(pass))
            goto done;
    }
    *prime = 1;
done:
    ct_zeroize(R2, sizeof R2);
    ct_zeroize(M, sizeof M);
    ct_zeroize(t, sizeof t);
    ct_zeroize(Wm3, sizeof Wm3);
    ct_zeroize(B, sizeof B);
    ct_zeroize(Z, sizeof Z);
    ct_zeroize(one, sizeof one);
    ct_zeroize(mone, sizeof mone);
    ct_zeroize(rl, sizeof rl);
    ct_zeroize(rnd, sizeof rnd);
    ct_zeroize(gt, sizeof gt);
    return ret;
}

/* see rsa.h */
ct_cond rsa_kg_far_apart(const ct_limb_t *A, const ct_limb_t *B, size_t h, size_t s)
{
    ct_limb_t D[RSA_HALF], N[RSA_HALF], Th[RSA_HALF];
    ct_cond neg, ok;

    neg = ct_cond_from_bit((uint32_t)mp_sub(D, A, B, h));
    mp_zero(N, h);
    (void)mp_sub(N, N, D, h);
    mp_cmov(D, N, neg, h);
    mp_zero(Th, h);
    Th[s >> MP_LIMB_SHIFT] = (ct_limb_t)1 << (s & (MP_LIMB_BITS - 1));
    ok = mp_lt(Th, D, h);
    ct_zeroize(D, sizeof D);
    ct_zeroize(N, sizeof N);
    return ok;
}

/*
 * W = a probable prime of pbits bits for the public exponent e; for q,
 * other is p and W must differ from it beyond bit pbits - 100 (else
 * NULL). At most 5 pbits candidates (FIPS 186-5 A.1.3 step 4.7).
 * Returns CTC_OK, CTC_ERR_RNG or CTC_ERR_LIMIT. T: RSA_PRIV_SCRATCH.
 */
static int kg_prime(ct_limb_t *W, size_t h, size_t pbits, uint32_t e,
                    const ct_limb_t *other, ctc_rng_fn rng, void *rng_ctx,
                    ct_limb_t *T)
{
    uint8_t buf[RSA_HALF * MP_LIMB_BYTES];
    /* FIPS 186-5 Table B.1: 5 rounds for primes of 1024 bits (error
     * 2^-112), 4 for 1536 and 2048 bits (2^-128, 2^-144); sizes between
     * take the larger count */
    int rounds = pbits < 1536 ? 5 : 4, prime = 0, r = CTC_ERR_LIMIT;
    size_t i;
    ct_cond ok;

    for (i = 0; i < 5 * pbits; i++) {
        r = kg_candidate(W, h, pbits, rng, rng_ctx, buf);
        if (r != CTC_OK)
            break;
        ok = rsa_kg_sieve(W, h, e, T);
        if (other != NULL)
            ok = ct_cond_and(ok, rsa_kg_far_apart(W, other, h, pbits - 100));
        /* a candidate that fails is public: it is dropped */
        r = CTC_ERR_LIMIT;
        if (!ct_cond_declassify(ok))
            continue;
        r = rsa_kg_miller_rabin(&prime, W, h, rounds, rng, rng_ctx, T);
        if (r != CTC_OK || prime)
            break;
        r = CTC_ERR_LIMIT;
    }
    ct_zeroize(buf, sizeof buf);
    return r;
}

/* see rsa.h */
void rsa_kg_crt(ct_limb_t *DP, ct_limb_t *DQ, ct_limb_t *QI, const ct_limb_t *D,
                const ct_limb_t *P, const ct_limb_t *Q, size_t h, ct_limb_t *T)
{
    ct_limb_t X[RSA_HALF];

    mp_copy(X, P, h);
    X[0] &= ~(ct_limb_t)1;
    mp_mod(DP, D, 2 * h, X, h, T);
    mp_copy(X, Q, h);
    X[0] &= ~(ct_limb_t)1;
    mp_mod(DQ, D, 2 * h, X, h, T);
    mp_mod(X, Q, h, P, h, T);
    (void)mp_inv(QI, X, P, h, T);   /* 1 for distinct primes p and q */
    ct_zeroize(X, sizeof X);
}

/* attempts of kg_generate's search (see there) */
#define KG_TRIES 16

/* the scratch of kg_generate */
#define KG_SCRATCH RSA_MAX_(RSA_MAX_(RSA_PRIV_SCRATCH, RSA_D_SCRATCH), \
                            MP_INV_SCRATCH(RSA_HALF))

/*
 * The key's values for checked arguments: nb[0..k) = n, hb[0..5) = p, q,
 * dp, dq, qinv (h limbs' bytes each), D (2h limbs) = d. Returns CTC_OK,
 * CTC_ERR_RNG or CTC_ERR_LIMIT. Not inlined: its scratch is gone from the
 * stack before ctc_rsa_private_key_import runs.
 */
static CT_NOINLINE int kg_generate(uint8_t *nb, uint8_t (*hb)[RSA_HALF * MP_LIMB_BYTES],
                                   ct_limb_t *D, unsigned bits, uint32_t e,
                                   ctc_rng_fn rng, void *rng_ctx)
{
    ct_limb_t T[KG_SCRATCH], P[RSA_HALF], Q[RSA_HALF], N[2 * RSA_HALF], DP[RSA_HALF],
              DQ[RSA_HALF], QI[RSA_HALF], Th[2 * RSA_HALF];
    size_t L = MP_LIMBS(bits), h = (L + 1) / 2, k = (bits + 7) / 8,
           hbytes = h * MP_LIMB_BYTES, pbits = bits / 2, tries;
    ct_cond ok;
    int r = CTC_ERR_LIMIT;

    /* A.1.3's search gives up after 5 (nlen / 2) candidates: for e with
     * many small factors (2^32 - 1 = 3 5 17 257 65537 rejects about 65% of
     * the primes, gcd(p - 1, e) != 1: about 5 acceptable primes are
     * expected among the candidates, none with probability e^-5) that
     * happens to about one search in 160, so a failed search starts
     * again, as a caller would after FAILURE, and so does a d below
     * 2^(nlen/2) (probability about 2^-(nlen/2), A.1.1 step 3). KG_TRIES
     * bounds the loop: the chance that every attempt fails is below
     * 2^-100 for any allowed e. */
    for (tries = 0; tries < KG_TRIES; tries++) {
        r = kg_prime(P, h, pbits, e, NULL, rng, rng_ctx, T);
        if (r == CTC_ERR_LIMIT)
            continue;
        if (r != CTC_OK)
            break;
        r = kg_prime(Q, h, pbits, e, P, rng, rng_ctx, T);
        if (r == CTC_ERR_LIMIT)
            continue;
        if (r != CTC_OK)
            break;
        /* p > q, as OpenSSL and most writers order them */
        mp_cswap(P, Q, mp_lt(P, Q, h), h);
        ok = rsa_make_d(D, P, Q, h, e, T);
        mp_zero(Th, 2 * h);
        Th[pbits >> MP_LIMB_SHIFT] = (ct_limb_t)1 << (pbits & (MP_LIMB_BITS - 1));
        ok = ct_cond_and(ok, mp_lt(Th, D, 2 * h));
        r = CTC_ERR_LIMIT;
        /* a key whose d is too small is public: it is dropped */
        if (ct_cond_declassify(ok)) {
            r = CTC_OK;
            break;
        }
    }
    if (r == CTC_OK) {
        mp_mul(N, P, h, Q, h);
        rsa_kg_crt(DP, DQ, QI, D, P, Q, h, T);
        (void)mp_to_be(nb, k, N, 2 * h);   /* n has exactly bits bits */
        (void)mp_to_be(hb[0], hbytes, P, h);
        (void)mp_to_be(hb[1], hbytes, Q, h);
        (void)mp_to_be(hb[2], hbytes, DP, h);
        (void)mp_to_be(hb[3], hbytes, DQ, h);
        (void)mp_to_be(hb[4], hbytes, QI, h);
    }
    ct_zeroize(T, sizeof T);
    ct_zeroize(P, sizeof P);
    ct_zeroize(Q, sizeof Q);
    ct_zeroize(DP, sizeof DP);
    ct_zeroize(DQ, sizeof DQ);
    ct_zeroize(QI, sizeof QI);
    return r;
}

/* see ctcrypto/rsa.h */
int ctc_rsa_keygen(ctc_rsa_private_key *key, unsigned bits, uint32_t e,
                   ctc_rng_fn rng, void *rng_ctx)
{
    ct_limb_t D[2 * RSA_HALF];
    uint8_t nb[CTC_RSA_MAX_BYTES], eb[4], hb[5][RSA_HALF * MP_LIMB_BYTES];
    size_t k, hbytes;
    int r;

    if (key == NULL)
        return CTC_ERR_PARAM;
    ct_zeroize(key, sizeof *key);
    if (rng == NULL || bits < 2048 || bits > 4096 || bits > CTC_RSA_MAX_BITS ||
        (bits & 1u) != 0 || e <= 65536 || (e & 1u) == 0)
        return CTC_ERR_PARAM;
    k = (bits + 7) / 8;
    hbytes = ((MP_LIMBS(bits) + 1) / 2) * MP_LIMB_BYTES;
    r = kg_generate(nb, hb, D, bits, e, rng, rng_ctx);
    if (r != CTC_OK)
        goto done;
    eb[0] = (uint8_t)(e >> 24);
    eb[1] = (uint8_t)(e >> 16);
    eb[2] = (uint8_t)(e >> 8);
    eb[3] = (uint8_t)e;
    /* the key through the import's checks */
    r = ctc_rsa_private_key_import(key, nb, k, eb, 4, hb[0], hbytes, hb[1], hbytes,
                                   hb[2], hbytes, hb[3], hbytes, hb[4], hbytes);
    if (r == CTC_OK) {
        mp_copy(key->d, D, key->pub.limbs);   /* d < phi < n */
        key->d_limbs = key->pub.limbs;
    }
done:
    ct_zeroize(D, sizeof D);
    ct_zeroize(hb, sizeof hb);
    if (r != CTC_OK)
        ct_zeroize(key, sizeof *key);
    return r;
}
