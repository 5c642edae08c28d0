# mk/rsa.mk - the rsa family's vector tables, host-only tests and
# benchmark peers (see "what the families add" in the Makefile).

# Wycheproof RSASSA-PKCS1-v1_5 (SHA-256; 2048, 3072 and 4096 bits) and
# RSASSA-PSS 2048 (SHA-256, MGF1-SHA-256, 32-byte salt), every case, every
# target: one table per file, one image each (the 4096-bit one is the
# largest, about 140 KiB).
RSA_WP_DIR := tests/vectors/wycheproof
RSA_WP_PKCS1 := --fields tcId:int,msg:hex,sig:hex,result:result \
    --group-fields publicKey.modulus:hex,publicKey.publicExponent:hex,sha:str
VECTORS += vec_wp_rsa_pkcs1_2048 vec_wp_rsa_pkcs1_3072 vec_wp_rsa_pkcs1_4096 vec_wp_rsa_pss_2048
VEC_ARGS_vec_wp_rsa_pkcs1_2048 := wycheproof $(RSA_WP_DIR)/rsa_signature_2048_sha256_test.json $(RSA_WP_PKCS1)
VEC_ARGS_vec_wp_rsa_pkcs1_3072 := wycheproof $(RSA_WP_DIR)/rsa_signature_3072_sha256_test.json $(RSA_WP_PKCS1)
VEC_ARGS_vec_wp_rsa_pkcs1_4096 := wycheproof $(RSA_WP_DIR)/rsa_signature_4096_sha256_test.json $(RSA_WP_PKCS1)
VEC_ARGS_vec_wp_rsa_pss_2048 := wycheproof $(RSA_WP_DIR)/rsa_pss_2048_sha256_mgf1_32_test.json \
    --fields tcId:int,comment:str,msg:hex,sig:hex,result:result \
    --group-fields publicKey.modulus:hex,publicKey.publicExponent:hex,sha:str,mgfSha:str,sLen:int
TEST_VECTORS_test_rsa_wycheproof_2048 := vec_wp_rsa_pkcs1_2048 vec_wp_rsa_pss_2048
TEST_VECTORS_test_rsa_wycheproof_3072 := vec_wp_rsa_pkcs1_3072
TEST_VECTORS_test_rsa_wycheproof_4096 := vec_wp_rsa_pkcs1_4096

# host-only differential test against OpenSSL
HOST_TEST_LIBS_test_rsa_openssl := -lcrypto

# known answers from Python's integers (keys of 1024 to 3072 bits, the
# public operation, PKCS#1 v1.5 and PSS signatures), every target
$(VEC)/vec_rsa.c: tools/gen_rsa_cases.py
	$(call vec_gen,vec_rsa,$(PYTHON) tools/gen_rsa_cases.py)
TEST_VECTORS_test_rsa := vec_rsa

# ---- encryption: RSAES-OAEP and RSAES-PKCS1-v1_5 ----
# Wycheproof RSAES-OAEP 2048 (SHA-256, MGF1-SHA-256) and RSAES-PKCS1-v1_5
# 2048 decryption, every case, every target; the expected outputs of the
# PKCS#1 v1.5 cases under implicit rejection (synthetic messages for the
# invalid paddings) from the Python reference tools/gen_rsa_ir.py, which
# first reproduces the draft's own vectors (appendix B); those vectors are
# a table of their own too.
RSA_WP_PRIV := privateKey.modulus:hex,privateKey.publicExponent:hex,privateKey.privateExponent:hex
RSA_WP_PRIV := $(RSA_WP_PRIV),privateKey.prime1:hex,privateKey.prime2:hex,privateKey.exponent1:hex
RSA_WP_PRIV := $(RSA_WP_PRIV),privateKey.exponent2:hex,privateKey.coefficient:hex
VECTORS += vec_wp_rsa_oaep_2048 vec_wp_rsa_pkcs1_dec_2048 vec_rsa_ir_appendix_b
VEC_ARGS_vec_wp_rsa_oaep_2048 := wycheproof $(RSA_WP_DIR)/rsa_oaep_2048_sha256_mgf1sha256_test.json \
    --fields tcId:int,comment:str,msg:hex,ct:hex,label:hex,result:result,flags:flags \
    --group-fields $(RSA_WP_PRIV),sha:str,mgfSha:str
VEC_ARGS_vec_wp_rsa_pkcs1_dec_2048 := wycheproof $(RSA_WP_DIR)/rsa_pkcs1_2048_test.json \
    --fields tcId:int,comment:str,msg:hex,ct:hex,result:result,flags:flags \
    --group-fields $(RSA_WP_PRIV)
VEC_ARGS_vec_rsa_ir_appendix_b := wycheproof tests/vectors/rsa/rsa_guidance_appendix_b.json \
    --fields tcId:int,comment:str,msg:hex,ct:hex --group-fields $(RSA_WP_PRIV)
$(VEC)/vec_rsa_ir_wp.c: tools/gen_rsa_ir.py $(RSA_WP_DIR)/rsa_pkcs1_2048_test.json \
        tests/vectors/rsa/rsa_guidance_appendix_b.json
	$(call vec_gen,vec_rsa_ir_wp,$(PYTHON) tools/gen_rsa_ir.py $(RSA_WP_DIR)/rsa_pkcs1_2048_test.json \
	    --check tests/vectors/rsa/rsa_guidance_appendix_b.json)
TEST_VECTORS_test_rsa_enc_wycheproof := vec_wp_rsa_oaep_2048 vec_wp_rsa_pkcs1_dec_2048 vec_rsa_ir_wp
TEST_VECTORS_test_rsa_enc := vec_rsa vec_rsa_ir_appendix_b
HOST_TEST_LIBS_test_rsa_enc_openssl := -lcrypto
# peers in the benchmark: OpenSSL's RSA (EVP, no padding), mbedTLS 2.28 and BearSSL
BENCH_LIBS_bench_rsa := -lcrypto -lmbedcrypto -lbearssl
# host-only: key files and key generation against OpenSSL
HOST_TEST_LIBS_test_rsa_keys_openssl := -lcrypto
# DER key files built from the same Python keys, and key generation, every target
TEST_VECTORS_test_rsa_keys := vec_rsa
