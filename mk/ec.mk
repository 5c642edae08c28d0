# mk/ec.mk - the ec family's vector tables, host-only tests and benchmark
# peers (see "what the families add" in the Makefile).

# Wycheproof ECDH P-256 (peer keys as DER SubjectPublicKeyInfo) and ECDSA
# P-256 with SHA-256 (DER and P1363 signatures), every case, every target.
EC_WP_DIR := tests/vectors/wycheproof
VECTORS += vec_wp_ecdh_p256 vec_wp_ecdsa_p256 vec_wp_ecdsa_p256_p1363
VEC_ARGS_vec_wp_ecdh_p256 := wycheproof $(EC_WP_DIR)/ecdh_secp256r1_test.json \
    --fields tcId:int,public:hex,private:hex,shared:hex,result:result,flags:flags
VEC_ARGS_vec_wp_ecdsa_p256 := wycheproof $(EC_WP_DIR)/ecdsa_secp256r1_sha256_test.json \
    --fields tcId:int,msg:hex,sig:hex,result:result,flags:flags \
    --group-fields publicKey.uncompressed:hex
VEC_ARGS_vec_wp_ecdsa_p256_p1363 := wycheproof $(EC_WP_DIR)/ecdsa_secp256r1_sha256_p1363_test.json \
    --fields tcId:int,msg:hex,sig:hex,result:result,flags:flags \
    --group-fields publicKey.uncompressed:hex
# and the same for P-384 (ECDSA with SHA-384; no P1363 file). ECDH in three
# parts, each image within a Cortex-M0's 256 KiB of flash.
VECTORS += vec_wp_ecdsa_p384 vec_wp_ecdh_p384_1 vec_wp_ecdh_p384_2 vec_wp_ecdh_p384_3
VEC_ARGS_vec_wp_ecdsa_p384 := wycheproof $(EC_WP_DIR)/ecdsa_secp384r1_sha384_test.json \
    --fields tcId:int,msg:hex,sig:hex,result:result,flags:flags \
    --group-fields publicKey.uncompressed:hex
EC_WP_ECDH384 := wycheproof $(EC_WP_DIR)/ecdh_secp384r1_test.json \
    --fields tcId:int,public:hex,private:hex,shared:hex,result:result,flags:flags
VEC_ARGS_vec_wp_ecdh_p384_1 := $(EC_WP_ECDH384) --slice 0:350
VEC_ARGS_vec_wp_ecdh_p384_2 := $(EC_WP_ECDH384) --slice 350:700
VEC_ARGS_vec_wp_ecdh_p384_3 := $(EC_WP_ECDH384) --slice 700:
TEST_VECTORS_test_ec_wycheproof_ecdh := vec_wp_ecdh_p256
TEST_VECTORS_test_ec_wycheproof_ecdsa := vec_wp_ecdsa_p256
TEST_VECTORS_test_ec_wycheproof_ecdsa_p384 := vec_wp_ecdsa_p384
TEST_VECTORS_test_ec_wycheproof_ecdh_p384_1 := vec_wp_ecdh_p384_1
TEST_VECTORS_test_ec_wycheproof_ecdh_p384_2 := vec_wp_ecdh_p384_2
TEST_VECTORS_test_ec_wycheproof_ecdh_p384_3 := vec_wp_ecdh_p384_3
TEST_VECTORS_test_ec_wycheproof_p1363 := vec_wp_ecdsa_p256_p1363

# host-only differential test and benchmark peers
HOST_TEST_LIBS_test_ec_openssl := -lcrypto
BENCH_LIBS_bench_ec := -lcrypto -lmbedcrypto -lbearssl

# known answers from Python's integers for both curves, every target
# (RFC 6979 A.2.5/A.2.6 signatures from the RFC's nonces, public keys of
# boundary scalars, ECDH, key generation)
$(VEC)/vec_ec.c: tools/gen_ec_cases.py tools/gen_ec_consts.py
	$(call vec_gen,vec_ec,$(PYTHON) tools/gen_ec_cases.py)
TEST_VECTORS_test_ec_curves := vec_ec
