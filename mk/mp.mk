# mk/mp.mk - the multi-precision layer's additions to the build (see the
# Makefile's comment block "what the families add").

# differential test against OpenSSL's BN (host only)
HOST_TEST_LIBS_test_mp_openssl := -lcrypto

# known answers from Python's integers for every target
$(VEC)/vec_mp.c: tools/gen_mp_cases.py
	$(call vec_gen,vec_mp,$(PYTHON) tools/gen_mp_cases.py)
TEST_VECTORS_test_mp_vectors := vec_mp

# peers in the benchmark: OpenSSL's BN and mbedTLS's bignum
BENCH_LIBS_bench_mp := -lcrypto -lmbedcrypto
