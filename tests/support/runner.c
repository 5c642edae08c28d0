/*
 * runner.c - the test runner (see runner.h).
 */
#include "runner.h"

static unsigned long tr_passed, tr_failed;
static unsigned long tr_checks, tr_fails;
static const char *tr_group_name;

void tr_puts(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    tr_port_write(s, n);
}

void tr_putu(uint64_t v)
{
    /* subtract powers of ten: no division (some targets have none) */
    static const uint64_t p10[20] = {
        10000000000000000000u, 1000000000000000000u, 100000000000000000u,
        10000000000000000u, 1000000000000000u, 100000000000000u,
        10000000000000u, 1000000000000u, 100000000000u, 10000000000u,
        1000000000u, 100000000u, 10000000u, 1000000u, 100000u, 10000u,
        1000u, 100u, 10u, 1u
    };
    char b[21];
    int n = 0, i;

    for (i = 0; i < 20; i++) {
        char d = '0';
        while (v >= p10[i]) {
            v -= p10[i];
            d++;
        }
        if (d != '0' || n || i == 19)
            b[n++] = d;
    }
    b[n] = 0;
    tr_puts(b);
}

void tr_puthex(uint64_t v, int digits)
{
    char b[17];
    int i;

    if (digits > 16)
        digits = 16;
    for (i = digits - 1; i >= 0; i--) {
        b[i] = "0123456789abcdef"[v & 15];
        v >>= 4;
    }
    b[digits] = 0;
    tr_puts(b);
}

void tr_puthex_bytes(const void *p, size_t n)
{
    const unsigned char *q = p;
    size_t i;

    for (i = 0; i < n; i++)
        tr_puthex(q[i], 2);
}

void tr_init(const char *program)
{
    tr_passed = tr_failed = 0;
    tr_group_name = 0;
    tr_puts("# ");
    tr_puts(program);
    tr_puts("\n");
}

void tr_group(const char *name)
{
    tr_group_name = name;
    tr_checks = tr_fails = 0;
}

unsigned long tr_group_failures(void)
{
    return tr_fails;
}

static void tr_fail_head(const char *file, int line, const char *expr)
{
    tr_puts("  check failed: ");
    tr_puts(file);
    tr_puts(":");
    tr_putu((uint64_t)line);
    tr_puts(": ");
    tr_puts(expr);
    tr_puts("\n");
}

void tr_check_(int ok, const char *file, int line, const char *expr)
{
    tr_checks++;
    if (ok)
        return;
    if (tr_fails++ < TR_MAX_REPORT)
        tr_fail_head(file, line, expr);
}

void tr_check_eq_(uint64_t a, uint64_t b, const char *file, int line,
                  const char *expr)
{
    tr_checks++;
    if (a == b)
        return;
    if (tr_fails++ < TR_MAX_REPORT) {
        tr_fail_head(file, line, expr);
        tr_puts("    got 0x");
        tr_puthex(a, 16);
        tr_puts(", want 0x");
        tr_puthex(b, 16);
        tr_puts("\n");
    }
}

void tr_check_mem_(const void *a, const void *b, size_t n, const char *file,
                   int line, const char *expr)
{
    const unsigned char *p = a, *q = b;
    size_t i;
    int same = 1;

    for (i = 0; i < n; i++)
        if (p[i] != q[i])
            same = 0;
    tr_checks++;
    if (same)
        return;
    if (tr_fails++ < TR_MAX_REPORT) {
        tr_fail_head(file, line, expr);
        tr_puts("    got  ");
        tr_puthex_bytes(a, n > 64 ? 64 : n);
        tr_puts("\n    want ");
        tr_puthex_bytes(b, n > 64 ? 64 : n);
        tr_puts("\n");
    }
}

void tr_group_end(void)
{
    if (tr_fails == 0 && tr_checks > 0) {
        tr_passed++;
        tr_puts("PASS ");
        tr_puts(tr_group_name);
        tr_puts(" (");
        tr_putu(tr_checks);
        tr_puts(" checks)\n");
    } else {
        /* a group that checked nothing has not shown anything: it fails */
        tr_failed++;
        tr_puts("FAIL ");
        tr_puts(tr_group_name);
        tr_puts(" (");
        tr_putu(tr_fails);
        tr_puts(" of ");
        tr_putu(tr_checks);
        tr_puts(" checks failed)\n");
    }
    tr_group_name = 0;
}

void tr_skip(const char *name, const char *reason)
{
    tr_puts("SKIP ");
    tr_puts(name);
    tr_puts(": ");
    tr_puts(reason);
    tr_puts("\n");
}

int tr_finish(void)
{
    tr_putu(tr_passed);
    tr_puts(" passed, ");
    tr_putu(tr_failed);
    tr_puts(" failed\n");
    return tr_failed != 0 || tr_passed == 0;
}

/* ---- xoshiro256** ------------------------------------------------------- */

static uint64_t tr_s[4] = { 1, 2, 3, 4 };

static uint64_t tr_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void tr_seed(uint64_t seed)
{
    int i;

    for (i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        tr_s[i] = z ^ (z >> 31);
    }
}

uint64_t tr_rand64(void)
{
    uint64_t r = tr_rotl(tr_s[1] * 5, 7) * 9;
    uint64_t t = tr_s[1] << 17;

    tr_s[2] ^= tr_s[0];
    tr_s[3] ^= tr_s[1];
    tr_s[1] ^= tr_s[2];
    tr_s[0] ^= tr_s[3];
    tr_s[2] ^= t;
    tr_s[3] = tr_rotl(tr_s[3], 45);
    return r;
}

uint32_t tr_rand32(void)
{
    return (uint32_t)(tr_rand64() >> 32);
}

void tr_rand_bytes(void *p, size_t n)
{
    unsigned char *q = p;
    size_t i;
    uint64_t r = 0;

    for (i = 0; i < n; i++) {
        if ((i & 7) == 0)
            r = tr_rand64();
        q[i] = (unsigned char)r;
        r >>= 8;
    }
}

uint64_t tr_rand_edgy64(void)
{
    uint64_t r = tr_rand64();
    unsigned sel = (unsigned)(r & 15), sh = (unsigned)((r >> 4) & 63);
    uint64_t v = tr_rand64();

    switch (sel) {
    case 0: return 0;
    case 1: return 1;
    case 2: return ~(uint64_t)0;
    case 3: return (uint64_t)1 << sh;
    case 4: return ~((uint64_t)1 << sh);
    case 5: return ((uint64_t)1 << sh) - 1;          /* run of ones, low */
    case 6: return ~(((uint64_t)1 << sh) - 1);       /* run of ones, high */
    case 7: return v & 0xff;
    case 8: return v >> sh;                          /* small */
    case 9: return ~(v >> sh);                       /* near all ones */
    case 10: return (uint64_t)1 << 63;
    case 11: return 0xffffffffu;
    default: return v;
    }
}
