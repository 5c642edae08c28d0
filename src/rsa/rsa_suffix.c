/*
 * rsa_suffix.c - the constant-time move of a secret-length suffix to the
 * front of a buffer (declared in rsa.h), shared by the OAEP and PKCS#1
 * v1.5 decryptions: a decrypted message ends the decoded block, and its
 * start is secret until the end.
 */
#include "ct/ct.h"
#include "rsa.h"

/* see rsa.h */
void rsa_take_suffix(uint8_t *buf, size_t len, size_t keep)
{
    size_t shift = len - keep, step, i;

    /*
     * shift = sum of its bits 2^j; pass j moves every byte 2^j places to
     * the left (zeros enter from the right) where bit j is set, and keeps
     * the buffer where it is not. Each pass reads and writes every byte
     * (len bytes times ceil(log2(len)) passes, whatever shift is); the
     * byte 2^j places to the right of i is read in ascending i, before
     * it is written.
     */
    for (step = 1; step < len; step <<= 1) {
        uint32_t m = ct_cond_mask32(ct_sz_nonzero(shift & step));

        for (i = 0; i < len - step; i++)
            buf[i] = (uint8_t)(buf[i] ^ (m & (uint32_t)(buf[i] ^ buf[i + step])));
        for (; i < len; i++)
            buf[i] = (uint8_t)(buf[i] & ~m);
    }
}
