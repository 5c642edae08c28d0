/*
 * test_sha384_long2.c - NIST CAVP SHA384LongMsg.rsp, records 53..74 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha384_long2.h"

int main(void)
{
    tr_init("test_sha384_long2");
    NIST_SHA_RUN("NIST SHA384LongMsg part 2", CTC_HASH_SHA384, vec_sha384_long2);
    return tr_finish();
}
