/*
 * test_sha2_nist_short.c - NIST CAVP SHA256ShortMsg.rsp (65 messages of
 * 0..64 bytes) and SHA384ShortMsg.rsp (129 messages of 0..128 bytes).
 */
#include "nist_sha.h"
#include "vec_sha256_short.h"
#include "vec_sha384_short.h"

int main(void)
{
    tr_init("test_sha2_nist_short");
    NIST_SHA_RUN("NIST SHA256ShortMsg", CTC_HASH_SHA256, vec_sha256_short);
    NIST_SHA_RUN("NIST SHA384ShortMsg", CTC_HASH_SHA384, vec_sha384_short);
    return tr_finish();
}
