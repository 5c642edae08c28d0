/*
 * test_sha384_long1.c - NIST CAVP SHA384LongMsg.rsp, records 0..52 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha384_long1.h"

int main(void)
{
    tr_init("test_sha384_long1");
    NIST_SHA_RUN("NIST SHA384LongMsg part 1", CTC_HASH_SHA384, vec_sha384_long1);
    return tr_finish();
}
