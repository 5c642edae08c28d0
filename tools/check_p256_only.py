#!/usr/bin/env python3
"""check_p256_only.py - the smallest P-256 build links only what it uses.

Builds the library for Cortex-M4 with PROFILE=small, CTC_EC_P384=0,
CTC_SHA512=0 and CTC_SHA224=0 (config.h), twice: linked as usual and with link-time
optimisation (LTO=1: library, image and harness compiled and linked with
-flto, the smallest images' configuration, docs/ec.md "The small
profile"). Each time it links tests/size/p256.c (key generation, ECDSA
sign and verify, ECDH, HMAC-DRBG with SHA-256) against it, runs the image
under QEMU (it prints 0 when every call succeeded) and checks that no
SHA-384/512 code, no P-384 code, no SHA-224 function and no libc function (the library needs
none) was linked. Prints the image's P-256 bytes (the image minus
tests/size/none.c). The last line is "N passed, N failed".
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import size_report  # noqa: E402
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QEMU = ["qemu-system-arm", "-M", "mps2-an386", "-display", "none", "-monitor", "none",
        "-serial", "none", "-chardev", "stdio,id=sh0",
        "-semihosting-config", "enable=on,target=native,chardev=sh0", "-kernel"]
# symbols that must not be in the image: SHA-384/512, SHA-224, P-384, libc
FORBIDDEN = re.compile(r"sha512|sha384|sha224|K512|p384|^(memset|memcpy|memmove|memcmp|strlen)$")
BUILDS = (("", "build/p256-only", []), (" (LTO=1)", "build/p256-only-lto", ["LTO=1"]))


def check(res, label, bdir, extra):
    args = ["TARGET=cortex-m4", "PROFILE=small", "BUILD=" + bdir,
            "CFLAGS=-DCTC_EC_P384=0 -DCTC_SHA512=0 -DCTC_SHA224=0"] + extra
    size_report.make(args, ["lib"])
    _, _, build = size_report.info(args)
    base, _ = size_report.image_size("cortex-m4", args, build,
                                     os.path.join(ROOT, "tests", "size", "none.c"))
    size, _ = size_report.image_size("cortex-m4", args, build,
                                     os.path.join(ROOT, "tests", "size", "p256.c"))
    elf = os.path.join(build, "p256.elf")
    nm = subprocess.run(["arm-none-eabi-nm", elf], stdout=subprocess.PIPE,
                        check=True).stdout.decode()
    bad = sorted(set(l.split()[-1] for l in nm.splitlines() if FORBIDDEN.search(l.split()[-1])))
    if bad:
        suite.emit("FAIL P-256-only image%s links %s" % (label, " ".join(bad)))
        res.failed += 1
    else:
        suite.emit("PASS P-256-only image%s (CTC_EC_P384=0, CTC_SHA512=0, CTC_SHA224=0) links no "
                   "SHA-384/512, SHA-224, P-384 or libc code: %d bytes of P-256, SHA-256 and HMAC-DRBG"
                   % (label, size - base))
        res.passed += 1
    p = subprocess.run(QEMU + [elf], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=300)
    out = p.stdout.decode()
    if out.strip().splitlines()[-1:] == ["0"]:
        suite.emit("PASS P-256-only image%s: key generation, sign, verify and ECDH succeed"
                   % label)
        res.passed += 1
    else:
        suite.emit("FAIL P-256-only image%s printed %r" % (label, out[-200:]))
        res.failed += 1


def main():
    res = suite.Result()
    for label, bdir, extra in BUILDS:
        check(res, label, bdir, extra)
    suite.emit(res.line())
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
