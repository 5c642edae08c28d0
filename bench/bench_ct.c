/*
 * bench_ct.c - the constant-time primitives: each assembly leaf next to its
 * C twin, and the buffer helpers.
 *
 * Word operations cycle through 1024 pseudo-random inputs so that the
 * compiler can neither hoist them nor fold them; one iteration is one
 * operation (plus the loop and the loads of its two inputs).
 */
#include "ct/ct.h"
#include "ctcrypto/common.h"
#include "harness.h"

#define NW 1024
static uint32_t wa[NW], wb[NW];
static uint64_t da[NW], db[NW];

#define WORD_BENCH(fname, type, arr_a, arr_b, expr)                    \
    static void fname(void *ctx, uint64_t iters)                       \
    {                                                                  \
        uint64_t it;                                                   \
        type acc = 0;                                                  \
        (void)ctx;                                                     \
        for (it = 0; it < iters; it++) {                               \
            size_t i = (size_t)it & (NW - 1);                          \
            type a = arr_a[i], b = arr_b[i];                           \
            acc += (type)(expr);                                       \
        }                                                              \
        bench_sink = acc;                                              \
    }

WORD_BENCH(b_c_lt32, uint32_t, wa, wb, ct_c_lt32(a, b))
WORD_BENCH(b_c_eq32, uint32_t, wa, wb, ct_c_iszero32(a ^ b))
WORD_BENCH(b_c_sel32, uint32_t, wa, wb, ct_c_sel32(ct_c_lt32(b, a), a, b))
WORD_BENCH(b_c_lt64, uint64_t, da, db, ct_c_lt64(a, b))
WORD_BENCH(b_c_sel64, uint64_t, da, db, ct_c_sel64(ct_c_lt64(b, a), a, b))
#if CT_HAVE_ASM
WORD_BENCH(b_a_lt32, uint32_t, wa, wb, ct_asm_lt32(a, b))
WORD_BENCH(b_a_eq32, uint32_t, wa, wb, ct_asm_iszero32(a ^ b))
WORD_BENCH(b_a_sel32, uint32_t, wa, wb, ct_asm_sel32(ct_asm_lt32(b, a), a, b))
WORD_BENCH(b_a_lt64, uint64_t, da, db, ct_asm_lt64(a, b))
WORD_BENCH(b_a_sel64, uint64_t, da, db, ct_asm_sel64(ct_asm_lt64(b, a), a, b))
#endif
/* what a compiler makes of plain C (not constant time; for scale only) */
WORD_BENCH(b_plain_lt32, uint32_t, wa, wb, a < b ? ~0u : 0u)
WORD_BENCH(b_plain_sel32, uint32_t, wa, wb, b < a ? a : b)

static unsigned char buf_a[4096], buf_b[4096], table[64 * 64], out[64];
static ct_limb_t limbs_x[64], limbs_y[64];

struct mem_ctx {
    size_t n;
};

static void b_mem_eq(void *ctx, uint64_t iters)
{
    struct mem_ctx *c = ctx;
    uint64_t it, acc = 0;

    for (it = 0; it < iters; it++) {
        buf_a[it & 31] ^= 1;
        acc += ct_mem_eq(buf_a, buf_b, c->n).m;
    }
    bench_sink = acc;
}

static void b_mem_cswap(void *ctx, uint64_t iters)
{
    struct mem_ctx *c = ctx;
    uint64_t it;

    for (it = 0; it < iters; it++)
        ct_mem_cswap(ct_cond_from_bit((uint32_t)it & 1), buf_a, buf_b, c->n);
    bench_sink = buf_a[0];
}

static void b_lookup(void *ctx, uint64_t iters)
{
    struct mem_ctx *c = ctx;
    uint64_t it;

    for (it = 0; it < iters; it++)
        ct_mem_lookup(out, table, c->n, 64, (size_t)it & (c->n - 1)); /* n: power of 2 */
    bench_sink = out[0];
}

static void b_limbs_cswap(void *ctx, uint64_t iters)
{
    struct mem_ctx *c = ctx;
    uint64_t it;

    for (it = 0; it < iters; it++)
        ct_limbs_cswap(ct_cond_from_bit((uint32_t)it & 1), limbs_x, limbs_y, c->n);
    bench_sink = limbs_x[0];
}

static void b_zeroize(void *ctx, uint64_t iters)
{
    struct mem_ctx *c = ctx;
    uint64_t it;

    for (it = 0; it < iters; it++)
        ct_zeroize(buf_a, c->n);
    bench_sink = buf_a[1];
}

int main(void)
{
    size_t i;
    uint64_t s = 0x0123456789abcdefu;
    struct mem_ctx m32 = { 32 }, m1k = { 1024 }, l16 = { 16 }, l8 = { 8 },
                   z256 = { 256 };

    for (i = 0; i < NW; i++) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        wa[i] = (uint32_t)(s >> 32);
        da[i] = s;
        s = s * 6364136223846793005u + 1442695040888963407u;
        wb[i] = (uint32_t)(s >> 32);
        db[i] = s;
    }
    for (i = 0; i < sizeof table; i++)
        table[i] = (unsigned char)(i * 7);
    bench_info(ctc_build_info());

    bench_header("constant-time word leaves (per operation)");
    bench_run("ct", "lt32 -> mask", "c", b_c_lt32, NULL, 0);
#if CT_HAVE_ASM
    bench_run("ct", "lt32 -> mask", CT_ASM_NAME, b_a_lt32, NULL, 0);
#endif
    bench_run("ct", "lt32 -> mask", "plain-c", b_plain_lt32, NULL, 0);
    bench_run("ct", "eq32 -> mask", "c", b_c_eq32, NULL, 0);
#if CT_HAVE_ASM
    bench_run("ct", "eq32 -> mask", CT_ASM_NAME, b_a_eq32, NULL, 0);
#endif
    bench_run("ct", "lt32 + sel32", "c", b_c_sel32, NULL, 0);
#if CT_HAVE_ASM
    bench_run("ct", "lt32 + sel32", CT_ASM_NAME, b_a_sel32, NULL, 0);
#endif
    bench_run("ct", "lt32 + sel32", "plain-c", b_plain_sel32, NULL, 0);
    bench_run("ct", "lt64 -> mask", "c", b_c_lt64, NULL, 0);
#if CT_HAVE_ASM
    bench_run("ct", "lt64 -> mask", CT_ASM_NAME, b_a_lt64, NULL, 0);
#endif
    bench_run("ct", "lt64 + sel64", "c", b_c_sel64, NULL, 0);
#if CT_HAVE_ASM
    bench_run("ct", "lt64 + sel64", CT_ASM_NAME, b_a_sel64, NULL, 0);
#endif

    bench_header("constant-time buffer helpers (per call)");
    bench_run("ct", "mem_eq 32 B", CT_ASM_NAME, b_mem_eq, &m32, 32);
    bench_run("ct", "mem_eq 1 KiB", CT_ASM_NAME, b_mem_eq, &m1k, 1024);
    bench_run("ct", "mem_cswap 1 KiB", CT_ASM_NAME, b_mem_cswap, &m1k, 1024);
    bench_run("ct", "mem_lookup 16 x 64 B", CT_ASM_NAME, b_lookup, &l16, 1024);
    bench_run("ct", "limbs_cswap 8 limbs", CT_ASM_NAME, b_limbs_cswap, &l8, 8 * sizeof(ct_limb_t));
    bench_run("ct", "zeroize 256 B", CT_ASM_NAME, b_zeroize, &z256, 256);
    return 0;
}
