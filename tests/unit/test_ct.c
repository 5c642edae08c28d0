/*
 * test_ct.c - the constant-time vocabulary: every word helper against plain
 * C reference expressions, every assembly leaf against its C twin, and the
 * buffer helpers.
 *
 * Inputs: every pair of 8-bit values placed in the low bits, the top bits
 * and across the middle of the word (for 64-bit words across the boundary
 * of the two 32-bit halves, which the 32-bit targets compose separately);
 * every 16-bit value for the one-operand leaves and against its neighbours
 * (a +- 1, a +- 2^8, a with the top bit flipped, 0, all ones); every pair of
 * a table of edge values; and random pairs (independent, sharing their high
 * half, equal) - millions of them on the host.
 */
#include "ct/ct.h"
#include "ctcrypto/common.h"
#include "runner.h"

/* ---- reference semantics -------------------------------------------------- */

static uint64_t ref_mask(int t) { return t ? ~(uint64_t)0 : 0; }

/* Every implementation of one leaf family, with its name. */
typedef struct {
    const char *name;
    ct_word_t (*lt32)(uint32_t, uint32_t);
    ct_word_t (*iszero32)(uint32_t);
    uint32_t (*sel32)(ct_word_t, uint32_t, uint32_t);
    ct_word_t (*lt64)(uint64_t, uint64_t);
    ct_word_t (*iszero64)(uint64_t);
    uint64_t (*sel64)(ct_word_t, uint64_t, uint64_t);
} leafset;

/* Out-of-line copies so they can be put in a table; each calls the inline
 * leaf directly. */
static ct_word_t c_lt32(uint32_t a, uint32_t b) { return ct_c_lt32(a, b); }
static ct_word_t c_iszero32(uint32_t a) { return ct_c_iszero32(a); }
static uint32_t c_sel32(ct_word_t m, uint32_t a, uint32_t b) { return ct_c_sel32(m, a, b); }
static ct_word_t c_lt64(uint64_t a, uint64_t b) { return ct_c_lt64(a, b); }
static ct_word_t c_iszero64(uint64_t a) { return ct_c_iszero64(a); }
static uint64_t c_sel64(ct_word_t m, uint64_t a, uint64_t b) { return ct_c_sel64(m, a, b); }
static const leafset leaves_c = { "c", c_lt32, c_iszero32, c_sel32, c_lt64, c_iszero64, c_sel64 };

#if CT_HAVE_ASM
static ct_word_t a_lt32(uint32_t a, uint32_t b) { return ct_asm_lt32(a, b); }
static ct_word_t a_iszero32(uint32_t a) { return ct_asm_iszero32(a); }
static uint32_t a_sel32(ct_word_t m, uint32_t a, uint32_t b) { return ct_asm_sel32(m, a, b); }
static ct_word_t a_lt64(uint64_t a, uint64_t b) { return ct_asm_lt64(a, b); }
static ct_word_t a_iszero64(uint64_t a) { return ct_asm_iszero64(a); }
static uint64_t a_sel64(ct_word_t m, uint64_t a, uint64_t b) { return ct_asm_sel64(m, a, b); }
static const leafset leaves_asm = { CT_ASM_NAME, a_lt32, a_iszero32, a_sel32, a_lt64, a_iszero64, a_sel64 };
#endif

static const ct_word_t WORD_ONES = ~(ct_word_t)0;

/* One pair of inputs through one leaf set, against the reference. */
static void check_pair32(const leafset *L, uint32_t a, uint32_t b)
{
    ct_word_t lt = L->lt32(a, b), z = L->iszero32(a);
    TR_EQ(lt, (ct_word_t)ref_mask(a < b));
    TR_EQ(z, (ct_word_t)ref_mask(a == 0));
    TR_EQ(L->sel32(WORD_ONES, a, b), a);
    TR_EQ(L->sel32(0, a, b), b);
    /* the leaves' own masks drive sel */
    TR_EQ(L->sel32(lt, a, b), a < b ? a : b);
}

static void check_pair64(const leafset *L, uint64_t a, uint64_t b)
{
    ct_word_t lt = L->lt64(a, b), z = L->iszero64(a);
    TR_EQ(lt, (ct_word_t)ref_mask(a < b));
    TR_EQ(z, (ct_word_t)ref_mask(a == 0));
    TR_EQ(L->sel64(WORD_ONES, a, b), a);
    TR_EQ(L->sel64(0, a, b), b);
    TR_EQ(L->sel64(lt, a, b), a < b ? a : b);
}

/* Where the 8 bits of an exhaustive sub-range go inside a word. */
static uint32_t embed32(unsigned v, int where)
{
    switch (where) {
    case 0: return v;                               /* low byte */
    case 1: return (uint32_t)v << 24;               /* top byte */
    case 2: return (uint32_t)v << 12;               /* middle */
    default:                                        /* low 4 + top 4 bits, */
        return (uint32_t)(v & 15) | ((uint32_t)(v >> 4) << 28) | 0x0ff0f000u;
    }
}

static uint64_t embed64(unsigned v, int where)
{
    switch (where) {
    case 0: return v;
    case 1: return (uint64_t)v << 56;
    case 2: return (uint64_t)v << 28;               /* straddles bit 32 */
    default:
        return (uint64_t)(v & 15) | ((uint64_t)(v >> 4) << 60) | 0x00ffff00ffff0000u;
    }
}

static void exhaustive8(const leafset *L)
{
    unsigned a, b;
    int w;

    for (w = 0; w < 4; w++)
        for (a = 0; a < 256; a++)
            for (b = 0; b < 256; b++) {
                check_pair32(L, embed32(a, w), embed32(b, w));
                check_pair64(L, embed64(a, w), embed64(b, w));
            }
}

static void exhaustive16(const leafset *L)
{
    uint32_t a;
    int w, k;

    for (a = 0; a < 0x10000u; a++) {
        for (w = 0; w < 2; w++) {
            uint32_t x = w ? a << 16 : a;
            uint64_t y = w ? (uint64_t)a << 48 : (uint64_t)a << 24;
            uint32_t nb32[8] = { x, x + 1, x - 1, x + 0x100, x - 0x100, x ^ 0x80000000u, 0, 0xffffffffu };
            uint64_t nb64[8] = { y, y + 1, y - 1, y + 0x100000000u, y - 0x100000000u,
                                 y ^ ((uint64_t)1 << 63), 0, ~(uint64_t)0 };
            for (k = 0; k < 8; k++) {
                check_pair32(L, x, nb32[k]);
                check_pair32(L, nb32[k], x);
                check_pair64(L, y, nb64[k]);
                check_pair64(L, nb64[k], y);
            }
        }
    }
}

static const uint64_t edges[] = {
    0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
    0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu,
    0x100000000u, 0x100000001u, 0x1ffffffffu, 0x7fffffffffffffffu,
    0x8000000000000000u, 0x8000000000000001u, 0xfffffffeffffffffu,
    0xffffffff00000000u, 0xfffffffffffffffeu, 0xffffffffffffffffu,
    0x00000000ffffffffu, 0x5555555555555555u, 0xaaaaaaaaaaaaaaaau,
};
#define N_EDGES (sizeof edges / sizeof edges[0])

static void edge_pairs(const leafset *L)
{
    size_t i, j;

    for (i = 0; i < N_EDGES; i++)
        for (j = 0; j < N_EDGES; j++) {
            check_pair32(L, (uint32_t)edges[i], (uint32_t)edges[j]);
            check_pair32(L, (uint32_t)(edges[i] >> 32), (uint32_t)edges[j]);
            check_pair64(L, edges[i], edges[j]);
        }
}

static void random_pairs(const leafset *L, unsigned long n)
{
    unsigned long i;

    for (i = 0; i < n; i++) {
        uint64_t a = tr_rand64(), b = tr_rand64();
        switch (i & 3) {
        case 0: break;
        case 1: b = (a & 0xffffffff00000000u) | (b & 0xffffffffu); break;
        case 2: b = a; break;
        default: a = tr_rand_edgy64(); b = tr_rand_edgy64(); break;
        }
        check_pair32(L, (uint32_t)a, (uint32_t)b);
        check_pair32(L, (uint32_t)(a >> 32), (uint32_t)(b >> 32));
        check_pair64(L, a, b);
    }
}

static void test_leafset(const leafset *L, const char *g8, const char *g16,
                         const char *ge, const char *gr)
{
    tr_group(g8);
    exhaustive8(L);
    tr_group_end();
    tr_group(g16);
    exhaustive16(L);
    tr_group_end();
    tr_group(ge);
    edge_pairs(L);
    tr_group_end();
    tr_group(gr);
    random_pairs(L, TR_ITERS(2000000ul));
    tr_group_end();
}

#if CT_HAVE_ASM
/* asm leaves and C twins on the same inputs, output for output */
static void diff_pair(uint64_t a, uint64_t b)
{
    uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
    ct_word_t m = (ct_word_t)0 - (ct_word_t)(a & 1);

    TR_EQ(ct_asm_lt32(a32, b32), ct_c_lt32(a32, b32));
    TR_EQ(ct_asm_iszero32(a32), ct_c_iszero32(a32));
    TR_EQ(ct_asm_sel32(m, a32, b32), ct_c_sel32(m, a32, b32));
    TR_EQ(ct_asm_lt64(a, b), ct_c_lt64(a, b));
    TR_EQ(ct_asm_iszero64(a), ct_c_iszero64(a));
    TR_EQ(ct_asm_sel64(m, a, b), ct_c_sel64(m, a, b));
}

static void test_asm_vs_c(void)
{
    unsigned long i, n = TR_ITERS(4000000ul);
    size_t x, y;

    tr_group("asm-vs-c: " CT_ASM_NAME " leaves = C twins (edges + random)");
    for (x = 0; x < N_EDGES; x++)
        for (y = 0; y < N_EDGES; y++)
            diff_pair(edges[x], edges[y]);
    for (i = 0; i < n; i++) {
        uint64_t a = (i & 1) ? tr_rand64() : tr_rand_edgy64();
        uint64_t b = (i & 2) ? tr_rand64() : tr_rand_edgy64();
        if ((i & 12) == 4)
            b = a;
        else if ((i & 12) == 8)
            b = (a & 0xffffffff00000000u) | (b & 0xffffffffu);
        diff_pair(a, b);
    }
    tr_group_end();
}
#endif

/* ---- derived word helpers -------------------------------------------------- */

static int bit(ct_cond c) { return ct_cond_declassify(c); }

static void derived_pair(uint64_t a, uint64_t b)
{
    uint32_t x = (uint32_t)a, y = (uint32_t)b, p, q;
    uint64_t u, v;
    size_t s = (size_t)a, t = (size_t)b;
    ct_limb_t la = (ct_limb_t)a, lb = (ct_limb_t)b, lx, ly;
    ct_cond c = ct_u32_lt(x, y);

    TR_EQ(bit(ct_u32_lt(x, y)), x < y);
    TR_EQ(bit(ct_u32_gt(x, y)), x > y);
    TR_EQ(bit(ct_u32_le(x, y)), x <= y);
    TR_EQ(bit(ct_u32_ge(x, y)), x >= y);
    TR_EQ(bit(ct_u32_eq(x, y)), x == y);
    TR_EQ(bit(ct_u32_ne(x, y)), x != y);
    TR_EQ(bit(ct_u32_is_zero(x)), x == 0);
    TR_EQ(bit(ct_u32_nonzero(x)), x != 0);
    TR_EQ(ct_u32_sel(c, x, y), x < y ? x : y);
    p = x; q = y;
    ct_u32_cassign(c, &p, q);
    TR_EQ(p, x < y ? y : x);
    p = x; q = y;
    ct_u32_cswap(c, &p, &q);
    TR_EQ(p, x < y ? y : x);
    TR_EQ(q, x < y ? x : y);

    c = ct_u64_lt(a, b);
    TR_EQ(bit(ct_u64_lt(a, b)), a < b);
    TR_EQ(bit(ct_u64_gt(a, b)), a > b);
    TR_EQ(bit(ct_u64_le(a, b)), a <= b);
    TR_EQ(bit(ct_u64_ge(a, b)), a >= b);
    TR_EQ(bit(ct_u64_eq(a, b)), a == b);
    TR_EQ(bit(ct_u64_ne(a, b)), a != b);
    TR_EQ(bit(ct_u64_is_zero(a)), a == 0);
    TR_EQ(bit(ct_u64_nonzero(a)), a != 0);
    TR_EQ(ct_u64_sel(c, a, b), a < b ? a : b);
    u = a; v = b;
    ct_u64_cassign(c, &u, v);
    TR_EQ(u, a < b ? b : a);
    u = a; v = b;
    ct_u64_cswap(c, &u, &v);
    TR_EQ(u, a < b ? b : a);
    TR_EQ(v, a < b ? a : b);

    TR_EQ(bit(ct_sz_lt(s, t)), s < t);
    TR_EQ(bit(ct_sz_gt(s, t)), s > t);
    TR_EQ(bit(ct_sz_le(s, t)), s <= t);
    TR_EQ(bit(ct_sz_ge(s, t)), s >= t);
    TR_EQ(bit(ct_sz_eq(s, t)), s == t);
    TR_EQ(bit(ct_sz_ne(s, t)), s != t);
    TR_EQ(bit(ct_sz_is_zero(s)), s == 0);
    TR_EQ(bit(ct_sz_nonzero(s)), s != 0);
    TR_EQ(ct_sz_sel(ct_sz_lt(s, t), s, t), s < t ? s : t);

    c = ct_limb_lt(la, lb);
    TR_EQ(bit(c), la < lb);
    TR_EQ(bit(ct_limb_gt(la, lb)), la > lb);
    TR_EQ(bit(ct_limb_le(la, lb)), la <= lb);
    TR_EQ(bit(ct_limb_ge(la, lb)), la >= lb);
    TR_EQ(bit(ct_limb_eq(la, lb)), la == lb);
    TR_EQ(bit(ct_limb_ne(la, lb)), la != lb);
    TR_EQ(bit(ct_limb_is_zero(la)), la == 0);
    TR_EQ(bit(ct_limb_nonzero(la)), la != 0);
    TR_EQ(ct_limb_sel(c, la, lb), la < lb ? la : lb);
    TR_EQ(ct_cond_mask_limb(c), la < lb ? ~(ct_limb_t)0 : 0);
    lx = la; ly = lb;
    ct_limb_cassign(c, &lx, ly);
    TR_EQ(lx, la < lb ? lb : la);
    lx = la; ly = lb;
    ct_limb_cswap(c, &lx, &ly);
    TR_EQ(lx, la < lb ? lb : la);
    TR_EQ(ly, la < lb ? la : lb);
}

static void test_derived(void)
{
    unsigned long i;
    size_t x, y;
    int p, q;

    tr_group("derived: u32/u64/size_t/limb compare, select, assign, swap");
    for (x = 0; x < N_EDGES; x++)
        for (y = 0; y < N_EDGES; y++)
            derived_pair(edges[x], edges[y]);
    for (i = 0; i < TR_ITERS(200000ul); i++) {
        uint64_t a = tr_rand_edgy64(), b = (i & 1) ? a : tr_rand_edgy64();
        derived_pair(a, b);
    }
    tr_group_end();

    tr_group("conditions: true/false/from_bit/and/or/xor/not/masks");
    TR_EQ(bit(ct_cond_true()), 1);
    TR_EQ(bit(ct_cond_false()), 0);
    TR_EQ(ct_cond_mask32(ct_cond_true()), 0xffffffffu);
    TR_EQ(ct_cond_mask64(ct_cond_true()), ~(uint64_t)0);
    TR_EQ(ct_cond_mask32(ct_cond_false()), 0);
    TR_EQ(ct_cond_mask64(ct_cond_false()), 0);
    for (p = 0; p < 2; p++)
        for (q = 0; q < 2; q++) {
            ct_cond a = ct_cond_from_bit((uint32_t)p), b = ct_cond_from_bit((uint32_t)q);
            TR_EQ(bit(a), p);
            TR_EQ(ct_cond_bit(a), (uint32_t)p);
            TR_EQ(ct_cond_mask64(a), p ? ~(uint64_t)0 : 0);
            TR_EQ(bit(ct_cond_and(a, b)), p & q);
            TR_EQ(bit(ct_cond_or(a, b)), p | q);
            TR_EQ(bit(ct_cond_xor(a, b)), p ^ q);
            TR_EQ(bit(ct_cond_not(a)), !p);
            TR_EQ(ct_cond_mask64(ct_cond_not(a)), p ? 0 : ~(uint64_t)0);
        }
    tr_group_end();
}

/* ---- buffers ------------------------------------------------------------------- */

#define BUF 80

static void test_buffers(void)
{
    unsigned char a[BUF], b[BUF], x[BUF], y[BUF], want_x[BUF], want_y[BUF];
    unsigned char table[16 * 24], out[24];
    size_t n, i, k;
    int c;

    tr_group("mem_eq: equal, and each single differing byte/bit");
    for (n = 0; n <= BUF; n += (n < 20 ? 1 : 15)) {
        tr_rand_bytes(a, n);
        for (i = 0; i < n; i++)
            b[i] = a[i];
        TR_EQ(bit(ct_mem_eq(a, b, n)), 1);
        for (i = 0; i < n; i++) {
            for (k = 0; k < 8; k++) {
                b[i] ^= (unsigned char)(1u << k);
                TR_EQ(bit(ct_mem_eq(a, b, n)), 0);
                b[i] ^= (unsigned char)(1u << k);
            }
        }
        TR_EQ(bit(ct_mem_eq(a, b, n)), 1);
    }
    tr_group_end();

    tr_group("mem_cmov/cswap/czero: both conditions, every length to 80");
    for (n = 0; n <= BUF; n++) {
        for (c = 0; c < 2; c++) {
            tr_rand_bytes(a, BUF);
            tr_rand_bytes(b, BUF);
            for (i = 0; i < BUF; i++) {
                x[i] = a[i];
                y[i] = b[i];
            }
            ct_mem_cmov(ct_cond_from_bit((uint32_t)c), x, y, n);
            for (i = 0; i < BUF; i++)
                want_x[i] = (c && i < n) ? b[i] : a[i];
            TR_MEM(x, want_x, BUF);
            /* dst == src is allowed */
            ct_mem_cmov(ct_cond_from_bit((uint32_t)c), x, x, n);
            TR_MEM(x, want_x, BUF);

            for (i = 0; i < BUF; i++) {
                x[i] = a[i];
                y[i] = b[i];
                want_x[i] = (c && i < n) ? b[i] : a[i];
                want_y[i] = (c && i < n) ? a[i] : b[i];
            }
            ct_mem_cswap(ct_cond_from_bit((uint32_t)c), x, y, n);
            TR_MEM(x, want_x, BUF);
            TR_MEM(y, want_y, BUF);

            for (i = 0; i < BUF; i++) {
                x[i] = a[i];
                want_x[i] = (c && i < n) ? 0 : a[i];
            }
            ct_mem_czero(ct_cond_from_bit((uint32_t)c), x, n);
            TR_MEM(x, want_x, BUF);
        }
    }
    tr_group_end();

    tr_group("mem_lookup: every index, out-of-range index gives zeros");
    tr_rand_bytes(table, sizeof table);
    for (k = 1; k <= 16; k++) {
        for (i = 0; i < k + 2; i++) {
            tr_rand_bytes(out, sizeof out);
            ct_mem_lookup(out, table, k, 24, i);
            if (i < k) {
                TR_MEM(out, table + 24 * i, 24);
            } else {
                unsigned char zero[24] = { 0 };
                TR_MEM(out, zero, 24);
            }
        }
    }
    tr_group_end();

    tr_group("zeroize: every length, neighbours untouched");
    for (n = 0; n < BUF - 2; n++) {
        for (i = 0; i < BUF; i++)
            x[i] = 0xa5;
        ct_zeroize(x + 1, n);
        TR_EQ(x[0], 0xa5);
        for (i = 1; i <= n; i++)
            TR_EQ(x[i], 0);
        TR_EQ(x[n + 1], 0xa5);
    }
    tr_group_end();
}

#define NL 9

static void test_limbs(void)
{
    ct_limb_t A[NL], B[NL], X[NL], Y[NL], T[5 * NL];
    size_t n, i, k;
    int c;

    tr_group("limbs: eq/is_zero/cmov/cswap/czero/lookup");
    for (n = 0; n <= NL; n++) {
        for (i = 0; i < NL; i++) {
            A[i] = (ct_limb_t)tr_rand64();
            B[i] = A[i];
        }
        TR_EQ(bit(ct_limbs_eq(A, B, n)), 1);
        for (i = 0; i < n; i++) {
            B[i] ^= (ct_limb_t)1 << (i % CTC_LIMB_BITS);
            TR_EQ(bit(ct_limbs_eq(A, B, n)), 0);
            B[i] = A[i];
            B[i] ^= (ct_limb_t)1 << (CTC_LIMB_BITS - 1);
            TR_EQ(bit(ct_limbs_eq(A, B, n)), 0);
            B[i] = A[i];
        }
        for (i = 0; i < NL; i++)
            X[i] = 0;
        TR_EQ(bit(ct_limbs_is_zero(X, n)), 1);
        for (i = 0; i < n; i++) {
            X[i] = (ct_limb_t)1 << (CTC_LIMB_BITS - 1);
            TR_EQ(bit(ct_limbs_is_zero(X, n)), 0);
            X[i] = 0;
        }
        for (c = 0; c < 2; c++) {
            for (i = 0; i < NL; i++) {
                X[i] = A[i];
                Y[i] = (ct_limb_t)tr_rand64();
                B[i] = Y[i];
            }
            ct_limbs_cmov(ct_cond_from_bit((uint32_t)c), X, Y, n);
            for (i = 0; i < NL; i++)
                TR_EQ(X[i], (c && i < n) ? Y[i] : A[i]);
            for (i = 0; i < NL; i++)
                X[i] = A[i];
            ct_limbs_cswap(ct_cond_from_bit((uint32_t)c), X, Y, n);
            for (i = 0; i < NL; i++) {
                TR_EQ(X[i], (c && i < n) ? B[i] : A[i]);
                TR_EQ(Y[i], (c && i < n) ? A[i] : B[i]);
            }
            for (i = 0; i < NL; i++)
                X[i] = A[i];
            ct_limbs_czero(ct_cond_from_bit((uint32_t)c), X, n);
            for (i = 0; i < NL; i++)
                TR_EQ(X[i], (c && i < n) ? 0 : A[i]);
        }
    }
    for (i = 0; i < 5 * NL; i++)
        T[i] = (ct_limb_t)tr_rand64();
    for (k = 0; k < 7; k++) {
        ct_limbs_lookup(X, T, 5, NL, k);
        for (i = 0; i < NL; i++)
            TR_EQ(X[i], k < 5 ? T[k * NL + i] : 0);
    }
    tr_group_end();
}

static void test_build_info(void)
{
    const char *s = ctc_build_info();
    const char *want = "ct-asm=" CT_ASM_NAME " ";
    size_t i, j;
    int found = 0;

    tr_group("build info names the leaves that were built");
    for (i = 0; s[i] && !found; i++) {
        for (j = 0; want[j] && s[i + j] == want[j]; j++)
            ;
        if (!want[j])
            found = 1;
    }
    TR_CHECK(found);
    tr_group_end();
}

int main(void)
{
    tr_init("test_ct");
    tr_puts("# ");
    tr_puts(ctc_build_info());
    tr_puts("\n");
    tr_seed(0x6374637279707431u);

    test_leafset(&leaves_c, "c twins: 8-bit sub-ranges, exhaustive",
                 "c twins: 16-bit sub-ranges", "c twins: edge pairs",
                 "c twins: random pairs");
#if CT_HAVE_ASM
    test_leafset(&leaves_asm, "asm " CT_ASM_NAME ": 8-bit sub-ranges, exhaustive",
                 "asm " CT_ASM_NAME ": 16-bit sub-ranges",
                 "asm " CT_ASM_NAME ": edge pairs",
                 "asm " CT_ASM_NAME ": random pairs");
    test_asm_vs_c();
#else
    tr_skip("asm leaves", "built with the C twins only (" CT_ASM_NAME ")");
#endif
    test_derived();
    test_buffers();
    test_limbs();
    test_build_info();
    return tr_finish();
}
