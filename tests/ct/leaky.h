/*
 * leaky.h - the deliberately leaky negative controls (leaky.c).
 */
#ifndef LEAKY_H
#define LEAKY_H

#include <stddef.h>
#include <stdint.h>

int leaky_memcmp(const unsigned char *a, const unsigned char *b, size_t n);
unsigned leaky_table(unsigned secret);
uint32_t leaky_branch(uint32_t secret, uint32_t x);
uint32_t leaky_div(uint32_t secret, uint32_t x);

#endif
