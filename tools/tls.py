#!/usr/bin/env python3
"""tls.py - ctcrypto under mbedTLS 3.6's TLS on the host (make test-tls).

  tls.py [--offline] [--only build,suites,handshakes] [--suites a,b]

1. Fetch: mbedTLS from Debian's source package (tools/peers.py's fetch:
   a scratch apt configuration under build/peers, the upstream tarball
   unpacked there). A fetch that fails is a skip, reported as one, never a
   pass: "SKIP tls: ..." and "0 passed, 0 failed".
2. Build, once, cached in build/tls: a copy of the tree built with
   mbedTLS's default configuration plus integrations/mbedtls/
   ctc_mbedtls_config.h (MBEDTLS_USER_CONFIG_FILE), the glue
   integrations/mbedtls/ctc_mbedtls.c and ctcrypto's host library linked
   into every program (make -j2); then mbedTLS's test suites of the
   swapped modules and programs/ssl/ssl_client2, ssl_server2.
3. mbedTLS's own test suites (SUITES): each one a group; its run, passed,
   skipped and failed counts are printed; a failed test case fails it.
4. Handshakes over 127.0.0.1 between ssl_client2 / ssl_server2 and
   openssl s_server / s_client (HANDSHAKES), each bounded in time, with
   certificates made here by the openssl command; negative cases must
   fail.
Prints one line per group and "N passed, N failed" (tools/suite.py).
"""
import argparse
import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import peers  # noqa: E402
import suite  # noqa: E402

OUT = os.path.join(ROOT, "build", "tls")
GLUE_DIR = os.path.join(ROOT, "integrations", "mbedtls")
CONFIG = "ctc_mbedtls_config.h"
CTC_BUILD = os.path.join(OUT, "ctcrypto")
CFLAGS = "-O2 -I%s -I%s -DMBEDTLS_USER_CONFIG_FILE='\"%s\"'" % (
    GLUE_DIR, os.path.join(ROOT, "include"), CONFIG)

# mbedTLS's test suites of the modules the glue replaces or that call them
SUITES = ["test_suite_ecdsa", "test_suite_ecdh", "test_suite_ecp", "test_suite_pk",
          "test_suite_psa_crypto_ecp", "test_suite_ssl"]
PROGRAMS = ["ssl/ssl_client2", "ssl/ssl_server2"]


class Skip(Exception):
    pass


def log(msg):
    suite.emit(msg)


def run(cmd, cwd=None, timeout=1800, what=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, timeout=timeout)
    if p.returncode != 0:
        out = p.stdout.decode("utf-8", "replace")
        raise RuntimeError("%s failed (exit %d): %s" % (what or " ".join(cmd), p.returncode,
                                                          out[-3000:]))
    return p.stdout.decode("utf-8", "replace")


def digest(paths, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in paths:
        with open(p, "rb") as f:
            h.update(p.encode() + b"\0" + f.read())
    return h.hexdigest()


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def build(offline=False):
    """-> (mbedTLS tree in build/tls, Debian version). Raises Skip when the
    source package cannot be had, RuntimeError when a build fails."""
    t0 = time.time()
    try:
        src, version = peers.fetch("mbedtls", ROOT, offline)
    except peers.PeerError as e:
        raise Skip("mbedTLS source package not available: %s" % e)
    os.makedirs(OUT, exist_ok=True)
    tree = os.path.join(OUT, "mbedtls")
    # the library's configuration and flags: a change rebuilds from a fresh copy
    lib_key = digest([os.path.join(GLUE_DIR, CONFIG)], version + CFLAGS)
    lib_stamp = os.path.join(OUT, "lib.stamp")
    if read(lib_stamp) != lib_key or not os.path.isdir(tree):
        shutil.rmtree(tree, ignore_errors=True)
        shutil.copytree(src, tree, symlinks=True)
        if os.path.exists(lib_stamp):
            os.remove(lib_stamp)
    # ctcrypto's host library (its own make decides what to rebuild)
    run(["make", "--no-print-directory", "-s", "-j2", "TARGET=host", "CC=gcc",
         "BUILD=" + os.path.relpath(CTC_BUILD, ROOT), "lib"], cwd=ROOT, what="ctcrypto lib")
    ctclib = os.path.join(CTC_BUILD, "libctcrypto.a")
    glue_o = os.path.join(OUT, "ctc_mbedtls.o")
    run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-I" + os.path.join(tree, "include"),
         "-I" + GLUE_DIR, "-I" + os.path.join(ROOT, "include"),
         "-DMBEDTLS_USER_CONFIG_FILE=\"%s\"" % CONFIG, "-c",
         os.path.join(GLUE_DIR, "ctc_mbedtls.c"), "-o", glue_o], what="compiling the glue")
    if read(lib_stamp) != lib_key:
        log("# building mbedTLS %s with the glue (make -j2 lib)" % version)
        run(["make", "-j2", "-C", tree, "lib", "CFLAGS=" + CFLAGS], what="mbedTLS lib")
        write(lib_stamp, lib_key)
    # every program links the glue, ctcrypto, and mbedcrypto again for the glue
    ldflags = "%s %s -L%s -lmbedcrypto" % (glue_o, ctclib, os.path.join(tree, "library"))
    link_key = digest([glue_o, ctclib], lib_key)
    link_stamp = os.path.join(OUT, "link.stamp")
    if read(link_stamp) != link_key:
        for s in SUITES:
            for p in (os.path.join(tree, "tests", s),):
                if os.path.exists(p):
                    os.remove(p)
        for p in PROGRAMS:
            p = os.path.join(tree, "programs", p)
            if os.path.exists(p):
                os.remove(p)
    built = [s for s in SUITES if os.path.exists(os.path.join(tree, "tests", s))]
    if len(built) < len(SUITES):
        log("# building mbedTLS's test suites (%s)" % ", ".join(
            s[len("test_suite_"):] for s in SUITES if s not in built))
        run(["make", "-j2", "-C", os.path.join(tree, "tests"), "CFLAGS=" + CFLAGS,
             "LDFLAGS=" + ldflags] + [s for s in SUITES if s not in built],
            what="mbedTLS test suites")
    if not all(os.path.exists(os.path.join(tree, "programs", p)) for p in PROGRAMS):
        log("# building %s" % ", ".join(PROGRAMS))
        run(["make", "-j2", "-C", os.path.join(tree, "programs"), "CFLAGS=" + CFLAGS,
             "LDFLAGS=" + ldflags] + PROGRAMS, what="mbedTLS programs")
    write(link_stamp, link_key)
    check_linked(tree)
    log("# mbedTLS %s (Debian trixie source package) with ctcrypto: built in %.0f s"
        % (version, time.time() - t0))
    return tree, version


GLUE_SYMBOLS = ("mbedtls_ecdsa_sign", "mbedtls_ecdsa_verify", "mbedtls_ecdsa_genkey",
                "mbedtls_ecdh_gen_public", "mbedtls_ecdh_compute_shared")


def check_linked(tree):
    """Every program has the glue's functions and ctcrypto's: nm shows them
    defined (a build that had linked mbedTLS's own would not have
    ctc_ecdsa_p256_sign)."""
    for prog in [os.path.join(tree, "tests", s) for s in SUITES] + \
            [os.path.join(tree, "programs", p) for p in PROGRAMS]:
        syms = set(run(["nm", "--defined-only", prog], what="nm").split())
        missing = [s for s in GLUE_SYMBOLS + ("ctc_ecdsa_p256_sign", "ctc_ecdh_p384")
                   if s not in syms]
        if missing:
            raise RuntimeError("%s does not define %s" % (prog, ", ".join(missing)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--offline", action="store_true", help="use only what is already fetched")
    a = ap.parse_args(argv)
    res = suite.Result()
    try:
        tree, version = build(a.offline)
    except Skip as e:
        log("SKIP tls: %s" % e)
        log(res.line())
        return 0
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        log("FAIL tls build: %s" % e)
        res.failed += 1
        log(res.line())
        return 1
    res.passed += 1
    log("PASS tls build")
    log(res.line())
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
