/*
 * rsa_mgf1.c - MGF1 (RFC 8017 B.2.1), xored into a buffer (declared in
 * rsa.h). Constant time: the hash is, and only lengths steer the loops.
 */
#include "ct/ct.h"
#include "rsa.h"

/* see rsa.h */
void rsa_mgf1_xor(uint8_t *out, size_t len, int hash_id, const uint8_t *seed,
                  size_t seed_len)
{
    ctc_hash_ctx h;
    uint8_t blk[CTC_HASH_MAX_SIZE], ctr[4];
    size_t hlen = ctc_hash_size(hash_id), done, i, m;
    uint32_t c = 0;

    for (done = 0; done < len; done += m) {
        ctr[0] = (uint8_t)(c >> 24);
        ctr[1] = (uint8_t)(c >> 16);
        ctr[2] = (uint8_t)(c >> 8);
        ctr[3] = (uint8_t)c;
        /* the id is supported and the buffer holds its digest: no error */
        (void)ctc_hash_init(&h, hash_id);
        (void)ctc_hash_update(&h, seed, seed_len);
        (void)ctc_hash_update(&h, ctr, 4);
        (void)ctc_hash_final(&h, blk, sizeof blk);
        m = len - done < hlen ? len - done : hlen;
        for (i = 0; i < m; i++)
            out[done + i] ^= blk[i];
        c++;
    }
    ct_zeroize(blk, sizeof blk);
}
