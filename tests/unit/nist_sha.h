/*
 * nist_sha.h - the check shared by the NIST CAVP SHA test programs
 * (test_sha2_nist_short.c, test_sha256_long*.c, test_sha384_long*.c):
 * every record of a table, with every compression function this machine
 * has, one-shot and streamed in two pieces.
 *
 * A record is (Len in bits, Msg, MD); Len is a multiple of 8 in the
 * byte-oriented files, and for Len = 0 the file still gives one byte "00",
 * which is not part of the message.
 */
#ifndef NIST_SHA_H
#define NIST_SHA_H

#include "hash_test_util.h"

static inline void nist_sha_record(int id, int64_t len_bits, const uint8_t *m,
                            size_t m_len, const uint8_t *md, size_t md_len)
{
    uint8_t got[64];
    size_t n = (size_t)(len_bits >> 3), cut;
    ctc_hash_ctx ctx;

    TR_EQ(len_bits & 7, 0);
    TR_CHECK(n <= m_len);
    TR_EQ(md_len, ctc_hash_size(id));
    if (n > m_len || md_len != ctc_hash_size(id))
        return;
    TR_EQ(ctc_hash(got, sizeof got, id, m, n), CTC_OK);
    TR_MEM(got, md, md_len);
    /* streamed: a piece that ends inside the first block, then the rest */
    cut = n < 37 ? n : 37;
    TR_EQ(ctc_hash_init(&ctx, id), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, m, cut), CTC_OK);
    TR_EQ(ctc_hash_update(&ctx, m + cut, n - cut), CTC_OK);
    TR_EQ(ctc_hash_final(&ctx, got, sizeof got), CTC_OK);
    TR_MEM(got, md, md_len);
}

/* Runs the records of table NAME (generated struct NAME, NAME_count) as one
 * group per implementation. */
#define NIST_SHA_RUN(title, id, NAME)                                       \
    do {                                                                    \
        int mode_;                                                          \
        for (mode_ = 0; mode_ < TH_MODES; mode_++) {                        \
            const char *impl_ = th_mode(mode_, (id));                       \
            size_t i_;                                                      \
            if (impl_ == NULL) {                                            \
                tr_skip(th_name(title, th_hash_name(id), "accelerated"),    \
                        "the CPU has no instructions for it");              \
                continue;                                                   \
            }                                                               \
            tr_group(th_name(title, th_hash_name(id), impl_));              \
            TR_CHECK(NAME##_count > 0);                                     \
            for (i_ = 0; i_ < NAME##_count; i_++)                           \
                nist_sha_record((id), NAME[i_].Len, NAME[i_].Msg,           \
                                NAME[i_].Msg_len, NAME[i_].MD, NAME[i_].MD_len); \
            tr_group_end();                                                 \
        }                                                                   \
        th_mode_reset();                                                    \
    } while (0)

#endif
