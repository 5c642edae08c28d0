/*
 * test_sha256_long1.c - NIST CAVP SHA256LongMsg.rsp, records 0..46 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha256_long1.h"

int main(void)
{
    tr_init("test_sha256_long1");
    NIST_SHA_RUN("NIST SHA256LongMsg part 1", CTC_HASH_SHA256, vec_sha256_long1);
    return tr_finish();
}
