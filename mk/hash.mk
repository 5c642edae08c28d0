# hash.mk - the hash family's vector tables, test programs and benchmark
# peers (see "what the families add" in the Makefile).

NIST_DIR := tests/vectors/nist
WP_DIR   := tests/vectors/wycheproof
SHA_FIELDS := --fields Len:int,Msg:hex,MD:hex

# NIST CAVP SHA-256/384 byte-oriented messages. The LongMsg files are split
# over several programs so that each image fits a 256 KiB flash
# (SHA256LongMsg: 210 KB of messages; SHA384LongMsg: 834 KB).
VECTORS += vec_sha256_short vec_sha384_short
VEC_ARGS_vec_sha256_short := rsp $(NIST_DIR)/SHA256ShortMsg.rsp $(SHA_FIELDS)
VEC_ARGS_vec_sha384_short := rsp $(NIST_DIR)/SHA384ShortMsg.rsp $(SHA_FIELDS)
TEST_VECTORS_test_sha2_nist_short := vec_sha256_short vec_sha384_short

# name  file  slice
HASH_LONG_SLICES := \
    vec_sha256_long1:SHA256LongMsg.rsp:0:47 \
    vec_sha256_long2:SHA256LongMsg.rsp:47: \
    vec_sha384_long1:SHA384LongMsg.rsp:0:53 \
    vec_sha384_long2:SHA384LongMsg.rsp:53:75 \
    vec_sha384_long3:SHA384LongMsg.rsp:75:92 \
    vec_sha384_long4:SHA384LongMsg.rsp:92:106 \
    vec_sha384_long5:SHA384LongMsg.rsp:106:119 \
    vec_sha384_long6:SHA384LongMsg.rsp:119:
define hash_long_slice
VECTORS += $(1)
VEC_ARGS_$(1) := rsp $(NIST_DIR)/$(2) $(SHA_FIELDS) --slice $(3):$(4)
TEST_VECTORS_test_$(subst vec_,,$(1)) := $(1)
endef
$(foreach s,$(HASH_LONG_SLICES),$(eval $(call hash_long_slice,$(word 1,$(subst :, ,$(s))),$(word 2,$(subst :, ,$(s))),$(word 3,$(subst :, ,$(s))),$(word 4,$(subst :, ,$(s))))))

# Wycheproof HMAC-SHA-256 and HKDF-SHA-256
VECTORS += vec_wp_hmac_sha256 vec_wp_hkdf_sha256
VEC_ARGS_vec_wp_hmac_sha256 := wycheproof $(WP_DIR)/hmac_sha256_test.json \
    --fields tcId:int,key:hex,msg:hex,tag:hex,result:result --group-fields tagSize:int
VEC_ARGS_vec_wp_hkdf_sha256 := wycheproof $(WP_DIR)/hkdf_sha256_test.json \
    --fields tcId:int,ikm:hex,salt:hex,info:hex,size:int,okm:hex,result:result
TEST_VECTORS_test_hmac_hkdf_wycheproof := vec_wp_hmac_sha256 vec_wp_hkdf_sha256

# host-only differential tests and benchmark peers
HOST_TEST_LIBS_test_hash_openssl := -lcrypto
BENCH_LIBS_bench_hash := -lcrypto -lmbedcrypto -lbearssl
