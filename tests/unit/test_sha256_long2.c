/*
 * test_sha256_long2.c - NIST CAVP SHA256LongMsg.rsp, records 47..63 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha256_long2.h"

int main(void)
{
    tr_init("test_sha256_long2");
    NIST_SHA_RUN("NIST SHA256LongMsg part 2", CTC_HASH_SHA256, vec_sha256_long2);
    return tr_finish();
}
