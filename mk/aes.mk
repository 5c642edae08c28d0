# mk/aes.mk - the aes family's vector tables, host-only tests and
# benchmark peers (see "what the families add" in the Makefile).

# NIST AESAVS known answers (ECB GFSbox, KeySbox, VarKey, VarTxt for 128,
# 192 and 256-bit keys, encrypt and decrypt sections) and every case of
# Wycheproof aes_gcm_test.json, every target, one program (tests/unit/test_aes.c)
AES_NIST_DIR := tests/vectors/nist
AES_ECB_FIELDS := --fields COUNT:int,KEY:hex,PLAINTEXT:hex,CIPHERTEXT:hex --section
AES_ECB_KATS := GFSbox KeySbox VarKey VarTxt
AES_ECB_SIZES := 128 192 256
AES_ECB_VECS := $(foreach k,$(AES_ECB_KATS),$(foreach s,$(AES_ECB_SIZES),vec_aes_ecb_$(k)$(s)))
VECTORS += $(AES_ECB_VECS) vec_wp_aes_gcm
$(foreach k,$(AES_ECB_KATS),$(foreach s,$(AES_ECB_SIZES),$(eval \
    VEC_ARGS_vec_aes_ecb_$(k)$(s) := rsp $(AES_NIST_DIR)/ECB$(k)$(s).rsp $(AES_ECB_FIELDS))))
VEC_ARGS_vec_wp_aes_gcm := wycheproof tests/vectors/wycheproof/aes_gcm_test.json \
    --fields tcId:int,key:hex,iv:hex,aad:hex,msg:hex,ct:hex,tag:hex,result:result,flags:flags
TEST_VECTORS_test_aes := $(AES_ECB_VECS) vec_wp_aes_gcm

# every case of Wycheproof aes_cbc_pkcs5_test.json, aes_ccm_test.json and
# aes_cmac_test.json, every target, one program (tests/unit/test_aes_modes.c)
VECTORS += vec_wp_aes_cbc vec_wp_aes_ccm vec_wp_aes_cmac
VEC_ARGS_vec_wp_aes_cbc := wycheproof tests/vectors/wycheproof/aes_cbc_pkcs5_test.json \
    --fields tcId:int,key:hex,iv:hex,msg:hex,ct:hex,result:result,flags:flags
VEC_ARGS_vec_wp_aes_ccm := wycheproof tests/vectors/wycheproof/aes_ccm_test.json \
    --fields tcId:int,key:hex,iv:hex,aad:hex,msg:hex,ct:hex,tag:hex,result:result,flags:flags
VEC_ARGS_vec_wp_aes_cmac := wycheproof tests/vectors/wycheproof/aes_cmac_test.json \
    --fields tcId:int,key:hex,msg:hex,tag:hex,result:result,flags:flags
TEST_VECTORS_test_aes_modes := vec_wp_aes_cbc vec_wp_aes_ccm vec_wp_aes_cmac

# host-only differential test against OpenSSL (EVP AES-*-ECB/CTR/GCM)
HOST_TEST_LIBS_test_aes_openssl := -lcrypto
# and for CBC, CCM and CMAC (EVP AES-*-CBC/CCM, EVP_MAC CMAC)
HOST_TEST_LIBS_test_aes_modes_openssl := -lcrypto

# the benchmark's peer on the host
BENCH_LIBS_bench_aes := -lcrypto -lmbedcrypto
