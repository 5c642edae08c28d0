/*
 * ct_registry.c - the table of cases (from cases.def) and the result sink.
 */
#include "ct_cases.h"

const struct ct_case ct_cases[] = {
#define CT_CASE(name, kind, gen) { #name, ct_case_##name, kind, CT_GEN_##gen },
#include "cases.def"
#undef CT_CASE
};

const size_t ct_cases_count = sizeof ct_cases / sizeof ct_cases[0];

const char *ct_kind_name(int kind)
{
    switch (kind) {
    case CT_REAL: return "real";
    case CT_LEAKY: return "leaky";
    case CT_LEAKY_DIV: return "leaky-div";
    default: return "leaky-vtmul";
    }
}

static volatile uint64_t ct_sink;

void ct_keep(uint64_t v)
{
    ct_sink ^= v;
}

void ct_keep_mem(const void *p, size_t n)
{
    const unsigned char *q = p;
    uint64_t acc = 0;
    size_t i;

    for (i = 0; i < n; i++)
        acc = ((acc << 8) | (acc >> 56)) ^ q[i];
    ct_keep(acc);
}
