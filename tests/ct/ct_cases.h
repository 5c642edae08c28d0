/*
 * ct_cases.h - the constant-time test cases, shared by every checker.
 *
 * A case is a function that takes CT_SECRET_BYTES secret bytes and derives
 * all its secret inputs from them (keys, scalars, indices...); everything
 * else it uses is public and fixed. The harness decides how the secret is
 * judged:
 *   - host (ct_poison.c): the bytes are poisoned (CT_POISON) and the case
 *     runs once under valgrind or MemorySanitizer;
 *   - emulator trace checker: the case runs once per secret (several
 *     secrets of very different Hamming weight) and the executed-address
 *     and data-address sequences must be identical.
 * A case must not look at its results: it passes them to ct_keep().
 *
 * Every case is listed in cases.def with its kind and its secret generator.
 * Which checker claims which kind of negative control is one table,
 * tools/ct_claims.py.
 *   CT_REAL         a library function: no checker may report it;
 *   CT_LEAKY        a negative control: every checker must report it;
 *   CT_LEAKY_DIV    a division by a secret: seen by the checkers that
 *                   look at instructions (the trace checker: variable-time
 *                   dividers and branching division routines) or at
 *                   divisors (MemorySanitizer), not by valgrind;
 *   CT_LEAKY_VTMUL  a secret 32x32->64-bit product by the compiler: a leak
 *                   exactly where that product is a variable-time
 *                   instruction (Cortex-M3 UMULL) or a call to a library
 *                   routine; elsewhere it must pass as constant time.
 *
 * The generator (ct_gen.c) decides which secrets the trace checker runs:
 * its structured secrets first, then pseudo-random ones from the run's
 * seed. Each kind has a layout that its cases read their inputs from:
 *   bytes    whole-buffer patterns (all zero, all ones, 0x0f, 0xf0, sparse);
 *   cmp      s[128..256) equals s[0..128) but for one byte, at position
 *            none, 0, 7, 15, 16, 31, 47, 63 or 127 (random: none or < 64):
 *            a comparison of A = s[0..n) with B = s[128..128+n) sees no
 *            mismatch and one at its first, a middle and its last byte;
 *   scalar   byte-periodic patterns (0x00, 0xff, 0x0f, 0xf0, 0x11, 0x80,
 *            0x01, 0x88: every window zero, non-zero, alternating, repeated,
 *            single high or low bits, at any offset), then per 32-byte
 *            block only the top bit, and all ones below zero top bytes;
 *   modular  32-byte big-endian values per 32-byte block: p - 1, 1, p - 2,
 *            2^255, n - 1, 0, (p + 1) / 2, 2 of P-256 (rotated per
 *            secret), so sums and products land below and above p and n.
 */
#ifndef CT_CASES_H
#define CT_CASES_H

#include <stddef.h>
#include <stdint.h>

#define CT_SECRET_BYTES 256

#define CT_REAL 0
#define CT_LEAKY 1
#define CT_LEAKY_DIV 2
#define CT_LEAKY_VTMUL 3

/* secret generators (ct_gen.c) */
#define CT_GEN_bytes 0
#define CT_GEN_cmp 1
#define CT_GEN_scalar 2
#define CT_GEN_modular 3

typedef void (*ct_case_fn)(const unsigned char *secret);

struct ct_case {
    const char *name;
    ct_case_fn fn;
    int kind;
    int gen;
};

extern const struct ct_case ct_cases[];
extern const size_t ct_cases_count;

/* Results go here so that the compiler keeps the computation. */
void ct_keep(uint64_t v);
void ct_keep_mem(const void *p, size_t n);

#define CT_CASE(name, kind, gen) void ct_case_##name(const unsigned char *secret);
#include "cases.def"
#undef CT_CASE

/* the v-th secret of case `case_index` for generator `gen` and `seed` */
void ct_gen_secret(unsigned char *s, int gen, unsigned v, uint32_t seed, unsigned case_index);
/* how many of a generator's secrets are structured (the rest are random) */
unsigned ct_gen_structured(int gen);
const char *ct_gen_name(int gen);
const char *ct_kind_name(int kind);

#endif
