/*
 * test_sha384_long3.c - NIST CAVP SHA384LongMsg.rsp, records 75..91 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha384_long3.h"

int main(void)
{
    tr_init("test_sha384_long3");
    NIST_SHA_RUN("NIST SHA384LongMsg part 3", CTC_HASH_SHA384, vec_sha384_long3);
    return tr_finish();
}
