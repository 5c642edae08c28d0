# mk/mp.mk - the multi-precision layer's additions to the build (see the
# Makefile's comment block "what the families add").

# differential test against OpenSSL's BN (host only)
HOST_TEST_LIBS_test_mp_openssl := -lcrypto
