/*
 * test_sha384_long6.c - NIST CAVP SHA384LongMsg.rsp, records 119..127 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha384_long6.h"

int main(void)
{
    tr_init("test_sha384_long6");
    NIST_SHA_RUN("NIST SHA384LongMsg part 6", CTC_HASH_SHA384, vec_sha384_long6);
    return tr_finish();
}
