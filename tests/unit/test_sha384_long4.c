/*
 * test_sha384_long4.c - NIST CAVP SHA384LongMsg.rsp, records 92..105 (the file
 * is split over several programs to fit small flash images; mk/hash.mk).
 */
#include "nist_sha.h"
#include "vec_sha384_long4.h"

int main(void)
{
    tr_init("test_sha384_long4");
    NIST_SHA_RUN("NIST SHA384LongMsg part 4", CTC_HASH_SHA384, vec_sha384_long4);
    return tr_finish();
}
