/*
 * consumer.c - a program outside the library that uses it as an installed
 * or embedded package would (tools/test_packaging.py builds it with
 * pkg-config, CMake add_subdirectory and CMake find_package, on the host
 * and for Cortex-M4). It prints SHA-256("abc"), the P-256 public key of
 * RFC 6979 A.2.5 and that key's deterministic signature of SHA-256("sample"),
 * and whether the signature verifies (and a changed one does not); the
 * test compares them with Python's hashlib and the RFC's values.
 */
#include <stddef.h>
#include <stdint.h>

#include <ctcrypto/ctcrypto.h>

#if CONSUMER_BAREMETAL
#include "emu.h"
static void out(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    emu_write(s, n);
}
#else
#include <stdio.h>
static void out(const char *s)
{
    fputs(s, stdout);
}
#endif

static void hex(const char *label, const uint8_t *b, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char line[2 * 65 + 2];
    size_t i;

    out(label);
    for (i = 0; i < n; i++) {
        line[2 * i] = digits[b[i] >> 4];
        line[2 * i + 1] = digits[b[i] & 15];
    }
    line[2 * n] = '\n';
    line[2 * n + 1] = 0;
    out(line);
}

int main(void)
{
    static const uint8_t priv[32] = {
        0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57, 0x67, 0xb1, 0xd6, 0x93,
        0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12, 0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21,
    };
    uint8_t h[32], pub[65], sig[64];
    int rc;

    out("info ");
    out(ctc_build_info());
    out("\n");
    rc = ctc_sha256(h, (const uint8_t *)"abc", 3);
    hex(rc == CTC_OK ? "sha256 " : "sha256-failed ", h, sizeof h);
    rc = ctc_p256_public_key(pub, priv);
    hex(rc == CTC_OK ? "pub " : "pub-failed ", pub, sizeof pub);
    rc = ctc_sha256(h, (const uint8_t *)"sample", 6);
    rc |= ctc_ecdsa_p256_sign(sig, priv, h, sizeof h, NULL, 0);
    hex(rc == CTC_OK ? "sig " : "sig-failed ", sig, sizeof sig);
    out(ctc_ecdsa_p256_verify(pub, sizeof pub, h, sizeof h, sig, sizeof sig) == CTC_OK ?
        "verify ok\n" : "verify failed\n");
    sig[63] ^= 1;
    out(ctc_ecdsa_p256_verify(pub, sizeof pub, h, sizeof h, sig, sizeof sig) == CTC_OK ?
        "tampered accepted\n" : "tampered rejected\n");
    return 0;
}
