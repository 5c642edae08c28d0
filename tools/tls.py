#!/usr/bin/env python3
"""tls.py - ctcrypto under mbedTLS 3.6 on the host (make test-tls; docs/tls.md).

  tls.py [--offline] [--suites test_suite_a,test_suite_b] [--sanitize]

1. Fetch: mbedTLS from Debian's source package (tools/peers.py's fetch:
   a scratch apt configuration under build/peers, the upstream tarball
   unpacked there). A fetch that fails is a skip, reported as one, never a
   pass: "SKIP tls: ..." and "0 passed, 0 failed".
2. Build, once, cached in build/tls: a copy of the tree built with
   mbedTLS's default configuration plus integrations/mbedtls/
   ctc_mbedtls_config.h (MBEDTLS_USER_CONFIG_FILE), the glue
   (integrations/mbedtls/*.c), the RSA fallback (mbedTLS's rsa.c compiled
   again without MBEDTLS_RSA_ALT, renamed ctc_fb_*: build_rsa_fallback)
   and ctcrypto's host library linked into every program (make -j2):
   mbedTLS's test suites of the swapped modules and
   programs/ssl/ssl_client2, ssl_server2.
3. mbedTLS's own test suites (SUITES): each one a group; its run, passed,
   skipped and failed counts are printed with the reason of every skip;
   a failure other than the EXPECTED_FAIL ones fails it.
   Then the glue's own checks (tests/mbedtls/glue_test.c), one group.
4. Handshakes over 127.0.0.1 between ssl_client2 / ssl_server2 and
   openssl s_server / s_client, each bounded in time (HS_TIMEOUT), with
   certificates made here by the openssl command; negative cases must
   fail. --suites runs the named suites only (no glue checks, no
   handshakes).
--sanitize builds everything (ctcrypto, mbedTLS, the glue, the suites and
programs) with clang's AddressSanitizer and UndefinedBehaviorSanitizer in
build/tls-san instead (by hand; not a suite of make test).
Prints one line per group and "N passed, N failed" (tools/suite.py).
"""
import argparse
import glob
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
# the configuration and the headers mbedTLS's own files include (a change
# rebuilds mbedTLS), the glue's sources (a change relinks)
GLUE_HDRS = [CONFIG, "sha256_alt.h", "sha512_alt.h", "aes_alt.h", "gcm_alt.h", "rsa_alt.h"]
GLUE_SRCS = ["ctc_mbedtls.c", "ctc_mbedtls_sha2.c", "ctc_mbedtls_aes.c", "ctc_mbedtls_gcm.c",
             "ctc_psa_p256.c", "ctc_mbedtls_rsa.c"]
CFLAGS = "-O2 -I%s -I%s -DMBEDTLS_USER_CONFIG_FILE='\"%s\"'" % (
    GLUE_DIR, os.path.join(ROOT, "include"), CONFIG)
CC = "gcc"
OPT = ["-O2"]           # the glue's
SAN = []                # --sanitize: the sanitizers' flags, also at link time
CTC_MAKE = []           # --sanitize: ctcrypto's make variables


def sanitize():
    """--sanitize: clang with ASan and UBSan, in build/tls-san"""
    global OUT, CTC_BUILD, CFLAGS, CC, OPT, SAN, CTC_MAKE
    SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
           "-fno-omit-frame-pointer"]
    OUT = os.path.join(ROOT, "build", "tls-san")
    CTC_BUILD = os.path.join(OUT, "ctcrypto")
    CC, OPT, CTC_MAKE = "clang", ["-O1", "-g"] + SAN, ["SANITIZE=1"]
    CFLAGS = CFLAGS.replace("-O2", " ".join(OPT))

# mbedTLS's test suites of the modules the glue replaces or that call them
SUITES = ["test_suite_ecdsa", "test_suite_ecdh", "test_suite_ecp", "test_suite_pk",
          "test_suite_psa_crypto_ecp", "test_suite_shax", "test_suite_md", "test_suite_hkdf",
          "test_suite_hmac_drbg.misc", "test_suite_hmac_drbg.nopr",
          "test_suite_hmac_drbg.pr", "test_suite_psa_crypto_hash", "test_suite_ssl",
          "test_suite_psa_crypto", "test_suite_rsa", "test_suite_pkcs1_v15",
          "test_suite_pkcs1_v21", "test_suite_x509parse"] + \
    ["test_suite_aes." + m for m in ("ecb", "cbc", "cfb", "ofb", "ctr", "xts", "rest")] + \
    ["test_suite_gcm." + m for m in ("aes128_en", "aes128_de", "aes192_en", "aes192_de",
                                     "aes256_en", "aes256_de", "camellia", "misc")] + \
    ["test_suite_cipher.aes", "test_suite_cipher.gcm", "test_suite_ccm", "test_suite_cmac",
     "test_suite_ctr_drbg"]
PROGRAMS = ["ssl/ssl_client2", "ssl/ssl_server2"]
GLUE_TEST = os.path.join(ROOT, "tests", "mbedtls", "glue_test.c")


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
    # (ctcrypto's public headers too: the glue's contexts embed its types,
    # such as ctc_aes_key, whose size mbedTLS is compiled with)
    lib_key = digest([os.path.join(GLUE_DIR, h) for h in GLUE_HDRS] +
                     sorted(glob.glob(os.path.join(ROOT, "include", "ctcrypto", "*.h"))),
                     version + CFLAGS)
    lib_stamp = os.path.join(OUT, "lib.stamp")
    if read(lib_stamp) != lib_key or not os.path.isdir(tree):
        shutil.rmtree(tree, ignore_errors=True)
        shutil.copytree(src, tree, symlinks=True)
        if os.path.exists(lib_stamp):
            os.remove(lib_stamp)
    # ctcrypto's host library (its own make decides what to rebuild)
    run(["make", "--no-print-directory", "-s", "-j2", "TARGET=host", "CC=" + CC] + CTC_MAKE +
        ["BUILD=" + os.path.relpath(CTC_BUILD, ROOT), "lib"], cwd=ROOT, what="ctcrypto lib")
    ctclib = os.path.join(CTC_BUILD, "libctcrypto.a")
    glue_objs = []
    for g in GLUE_SRCS:
        o = os.path.join(OUT, g[:-2] + ".o")
        run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror"] + OPT + [
             "-I" + os.path.join(tree, "include"), "-I" + GLUE_DIR,
             "-I" + os.path.join(ROOT, "include"),
             "-DMBEDTLS_USER_CONFIG_FILE=\"%s\"" % CONFIG, "-c",
             os.path.join(GLUE_DIR, g), "-o", o], what="compiling " + g)
        glue_objs.append(o)
    glue_objs += build_rsa_fallback(tree, [CC] + OPT, OUT)
    if read(lib_stamp) != lib_key:
        log("# building mbedTLS %s with the glue (make -j2 lib)" % version)
        run(["make", "-j2", "-C", tree, "lib", "CC=" + CC, "CFLAGS=" + CFLAGS],
            what="mbedTLS lib")
        # the P-256 driver slot's entry points are the glue's
        # (ctc_psa_p256.c): mbedTLS's 3rdparty p256-m objects, which the
        # library's makefile adds when the slot is on, come out
        run(["ar", "d", os.path.join(tree, "library", "libmbedcrypto.a")] + P256M_MEMBERS,
            what="removing p256-m from libmbedcrypto.a")
        write(lib_stamp, lib_key)
    # every program links the glue, ctcrypto, and mbedcrypto again for the glue
    ldflags = "%s %s %s -L%s -lmbedcrypto" % (" ".join(SAN), " ".join(glue_objs), ctclib,
                                           os.path.join(tree, "library"))
    link_key = digest(glue_objs + [ctclib], lib_key)
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
        run(["make", "-j2", "-C", os.path.join(tree, "tests"), "CC=" + CC, "CFLAGS=" + CFLAGS,
             "LDFLAGS=" + ldflags] + [s for s in SUITES if s not in built],
            what="mbedTLS test suites")
    if not all(os.path.exists(os.path.join(tree, "programs", p)) for p in PROGRAMS):
        log("# building %s" % ", ".join(PROGRAMS))
        run(["make", "-j2", "-C", os.path.join(tree, "programs"), "CC=" + CC,
             "CFLAGS=" + CFLAGS,
             "LDFLAGS=" + ldflags] + PROGRAMS, what="mbedTLS programs")
    write(link_stamp, link_key)
    # the glue's own checks (tests/mbedtls/glue_test.c), linked as the suites
    run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror"] + OPT + [
         "-I" + os.path.join(tree, "include"), "-I" + GLUE_DIR, "-I" + os.path.join(ROOT, "include"),
         "-DMBEDTLS_USER_CONFIG_FILE=\"%s\"" % CONFIG, GLUE_TEST, "-o", os.path.join(OUT, "glue_test")]
        + ldflags.split(), what="compiling glue_test.c")
    check_linked(tree)
    log("# mbedTLS %s (Debian trixie source package) with ctcrypto: built in %.0f s"
        % (version, time.time() - t0))
    return tree, version


# the RSA fallback (ctc_mbedtls_rsa.c): mbedTLS's rsa.c compiled a second
# time without MBEDTLS_RSA_ALT, every function it defines renamed with this
# prefix; with it the two helpers of constant_time.c that only its PKCS#1
# v1.5 decryption uses (compiled out of the library by MBEDTLS_RSA_ALT),
# the rest of that second constant_time.o made local
RSA_FB_PREFIX = "ctc_fb_"
RSA_FB_CT = ("mbedtls_ct_memmove_left", "mbedtls_ct_zeroize_if")


def build_rsa_fallback(tree, cc, outdir, cross="", inc=None):
    """mbedTLS's rsa.c and constant_time.c compiled with
    CTC_MBEDTLS_RSA_FALLBACK (ctc_mbedtls_config.h then leaves
    MBEDTLS_RSA_ALT undefined), renamed from the symbols nm lists (nothing
    of mbedTLS is committed: the list is made here), and the layout check
    of rsa_alt.h (ctc_mbedtls_rsa_layout.c, compiled only). cc: the
    compiler and its flags; inc: the include and configuration flags (the
    host build's by default; tls_emu.py gives the image's). -> objects"""
    if inc is None:
        inc = ["-I" + os.path.join(tree, "include"), "-I" + os.path.join(tree, "library"),
               "-I" + GLUE_DIR, "-I" + os.path.join(ROOT, "include"),
               "-DMBEDTLS_USER_CONFIG_FILE=\"%s\"" % CONFIG]
    flags = list(cc) + list(inc) + ["-DCTC_MBEDTLS_RSA_FALLBACK"]
    run(flags + ["-Wall", "-Wextra", "-Werror", "-c",
                 os.path.join(GLUE_DIR, "ctc_mbedtls_rsa_layout.c"),
                 "-o", os.path.join(outdir, "rsa_layout.o")],
        what="the layout check of rsa_alt.h (ctc_mbedtls_rsa_layout.c)")
    raw = {}
    for name in ("rsa", "constant_time"):
        raw[name] = os.path.join(outdir, "fb_%s.raw.o" % name)
        run(flags + ["-c", os.path.join(tree, "library", name + ".c"), "-o", raw[name]],
            what="compiling the fallback's %s.c" % name)
    syms = []
    for line in run([cross + "nm", "-g", "--defined-only", raw["rsa"]], what="nm").splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBRCV":
            syms.append(f[2])
    if "mbedtls_rsa_private" not in syms:
        raise RuntimeError("the fallback's rsa.o does not define mbedtls_rsa_private")
    symfile = os.path.join(outdir, "fb_rsa.syms")
    write(symfile, "".join("%s %s%s\n" % (s, RSA_FB_PREFIX, s) for s in syms + list(RSA_FB_CT)))
    objs = [os.path.join(outdir, "fb_rsa.o"), os.path.join(outdir, "fb_constant_time.o")]
    run([cross + "objcopy", "--redefine-syms=" + symfile, raw["rsa"], objs[0]],
        what="objcopy fb_rsa.o")
    run([cross + "objcopy"] + ["--keep-global-symbol=" + s for s in RSA_FB_CT] +
        [raw["constant_time"], objs[1] + ".tmp"], what="objcopy fb_constant_time.o")
    run([cross + "objcopy", "--redefine-syms=" + symfile, objs[1] + ".tmp", objs[1]],
        what="objcopy fb_constant_time.o")
    return objs


GLUE_SYMBOLS = ("mbedtls_ecdsa_sign", "mbedtls_ecdsa_verify", "mbedtls_ecdsa_genkey",
                "mbedtls_ecdh_gen_public", "mbedtls_ecdh_compute_shared",
                "mbedtls_sha256_update", "mbedtls_sha512_update",
                "mbedtls_aes_setkey_enc", "mbedtls_aes_crypt_ecb", "mbedtls_internal_aes_encrypt",
                "mbedtls_aes_crypt_cbc", "mbedtls_aes_crypt_xts", "mbedtls_aes_crypt_ctr",
                "mbedtls_gcm_setkey", "mbedtls_gcm_starts", "mbedtls_gcm_update",
                "mbedtls_gcm_finish", "mbedtls_gcm_crypt_and_tag", "mbedtls_gcm_auth_decrypt",
                "mbedtls_rsa_public", "mbedtls_rsa_private", "mbedtls_rsa_pkcs1_sign",
                "mbedtls_rsa_pkcs1_verify", "mbedtls_rsa_rsassa_pss_verify_ext",
                "mbedtls_rsa_rsassa_pkcs1_v15_verify", "mbedtls_rsa_rsassa_pss_sign_ext")
CTC_SYMBOLS = ("ctc_ecdsa_p256_sign", "ctc_ecdh_p384", "ctc_sha256_update", "ctc_sha384_update",
               "ctc_aes_key_set", "ctc_aes_ecb_encrypt", "ctc_aes_gcm_encrypt",
               "ctc_aes_gcm_decrypt", "ctc_aes_gcm_update", "ctc_rsa_public", "ctc_rsa_private",
               "ctc_rsa_pkcs1_verify", "ctc_rsa_pss_verify", "ctc_rsa_pss_sign",
               "ctc_fb_mbedtls_rsa_private", "ctc_fb_mbedtls_rsa_complete")
# the P-256 driver slot (MBEDTLS_PSA_P256M_DRIVER_ENABLED): its entry
# points come from the glue, never from mbedTLS's 3rdparty p256-m, whose
# archive members and functions must not be linked
P256M_MEMBERS = ["p256-m_driver_entrypoints.o", "p256-m.o"]
DRIVER_SYMBOLS = ("p256_transparent_import_key", "p256_transparent_generate_key",
                  "p256_transparent_key_agreement", "p256_transparent_sign_hash",
                  "p256_transparent_verify_hash", "p256_transparent_export_public_key")
P256M_SYMBOLS = ("p256_gen_keypair", "p256_ecdsa_sign", "p256_ecdh_shared_secret",
                 "p256_validate_pubkey")
# mbedTLS's AES-NI and Padlock code, off in ctc_mbedtls_config.h
ACCEL_SYMBOLS = ("mbedtls_aesni_crypt_ecb", "mbedtls_aesni_gcm_mult",
                 "mbedtls_padlock_xcryptecb")


def check_linked(tree):
    """mbedTLS's library does not define the replaced functions (the *_ALT
    macros took them out); every program defines them and ctcrypto's
    functions (nm)."""
    lib = os.path.join(tree, "library", "libmbedcrypto.a")
    syms = run(["nm", "--defined-only", lib], what="nm").split()
    inlib = [s for s in GLUE_SYMBOLS + ACCEL_SYMBOLS + DRIVER_SYMBOLS + P256M_SYMBOLS
             if s in syms]
    if inlib:
        raise RuntimeError("libmbedcrypto.a still defines %s" % ", ".join(inlib))
    for prog in [os.path.join(tree, "tests", s) for s in SUITES] + \
            [os.path.join(tree, "programs", p) for p in PROGRAMS]:
        syms = set(run(["nm", "--defined-only", prog], what="nm").split())
        missing = [s for s in GLUE_SYMBOLS + CTC_SYMBOLS + DRIVER_SYMBOLS if s not in syms]
        if missing:
            raise RuntimeError("%s does not define %s" % (prog, ", ".join(missing)))
        p256m = [s for s in P256M_SYMBOLS if s in syms]
        if p256m:
            raise RuntimeError("%s links mbedTLS's p256-m (%s)" % (prog, ", ".join(p256m)))


# test cases whose failure follows from what ctcrypto is; each must fail
# (one that passes fails the suite too, so that this list stays true)
EXPECTED_FAIL = {
    ("test_suite_ecdsa", "ECDSA primitive rfc 4754 p256"):
        "RFC 4754's vector gives the nonce k through the RNG callback; ctcrypto "
        "never takes a nonce from outside (RFC 6979, hedged with the RNG's bytes), "
        "so r differs; the signature verifies, the test compares r with RFC 4754's",
    ("test_suite_ecdsa", "ECDSA primitive rfc 4754 p384"):
        "as for p256",
}

# the glue's macros: a skip that depends on one of them (or on restartable
# ECC, which mbedTLS refuses beside them) is caused by the glue
GLUE_MACROS = ("MBEDTLS_ECDSA_SIGN_ALT", "MBEDTLS_ECDSA_VERIFY_ALT", "MBEDTLS_ECDSA_GENKEY_ALT",
               "MBEDTLS_ECDH_GEN_PUBLIC_ALT", "MBEDTLS_ECDH_COMPUTE_SHARED_ALT",
               "MBEDTLS_ECP_RESTARTABLE")

OUTCOME = re.compile(r"^(.*?)[ .]*\s(PASS|----|FAILED)\s*$")
START = re.compile(r"^(\S.*?) \.{3,}")


def case_deps(tree, name):
    """description -> the dependencies of the test case (its .data line and
    its function's BEGIN_CASE line), from the suite's sources"""
    fdeps = {}
    # test_suite_x.y runs test_suite_x.function on test_suite_x.y.data
    fn = read(os.path.join(tree, "tests", "suites", name.split(".")[0] + ".function"))
    for m in re.finditer(r"/\* BEGIN_CASE(?:\s+depends_on:\s*(\S+?))?\s*\*/\s*\n\s*\w+\s+(\w+)\(", fn):
        fdeps[m.group(2)] = m.group(1).split(":") if m.group(1) else []
    deps = {}
    for block in re.split(r"\n\s*\n", read(os.path.join(tree, "tests", "suites", name + ".data"))):
        lines = [x for x in block.strip().splitlines() if x.strip() and not x.startswith("#")]
        if len(lines) < 2:
            continue
        d, rest = [], lines[1:]
        if rest[0].startswith("depends_on:"):
            d = rest[0][len("depends_on:"):].split(":")
            rest = rest[1:]
        func = rest[0].split(":")[0] if rest else ""
        deps.setdefault(lines[0].strip(), d + fdeps.get(func, []))
    return deps


def defined_macros(tree):
    """the macros the test suites are compiled with (the configuration, its
    adjustments and the test framework's headers): gcc -dM"""
    src = os.path.join(OUT, "macros.c")
    write(src, "".join('#include "%s"\n' % h for h in (
        "mbedtls/build_info.h", "test/helpers.h", "test/macros.h", "test/psa_crypto_helpers.h",
        "test/ssl_helpers.h")))
    inc = [os.path.join(tree, d) for d in ("include", "library", "tests/include",
                                           "framework/tests/include")]
    out = run(["gcc", "-E", "-dM"] + ["-I" + d for d in inc + [GLUE_DIR, os.path.join(ROOT, "include")]] +
              ["-DMBEDTLS_USER_CONFIG_FILE=\"%s\"" % CONFIG, src], what="gcc -dM")
    return set(re.findall(r"^#define (\w+)", out, re.M))


def unmet(deps, macros):
    return [d for d in deps if (d[1:] in macros if d.startswith("!") else d not in macros)]


def lookup(deps, shown):
    """the dependencies of the case whose (possibly cut) description is shown"""
    if shown in deps:
        return deps[shown]
    for desc, d in deps.items():
        if desc.startswith(shown):
            return d
    return None


def run_suite(tree, name, res, macros):
    """Run one mbedTLS test suite (-v: the reason of each skip); print its
    counts, the expected failures, the skips grouped by dependency."""
    t0 = time.time()
    try:
        p = subprocess.run(["./" + name, "-v"], cwd=os.path.join(tree, "tests"),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=600)
        out, rc = p.stdout.decode("utf-8", "replace").splitlines(), p.returncode
    except subprocess.TimeoutExpired:
        out, rc = ["timed out after 600 s"], None
    deps = case_deps(tree, name)
    passed, failed, skipped = [], [], []
    pending = None
    for line in out:
        m = OUTCOME.match(line)
        if m:
            case, outcome = m.group(1), m.group(2)
        elif pending and line.strip() in ("PASS", "FAILED", "----"):
            # a case that printed lines of its own (the self tests)
            case, outcome = pending, line.strip()
        else:
            m = START.match(line)
            if m:
                pending = m.group(1)
            continue
        pending = None
        {"PASS": passed, "FAILED": failed, "----": skipped}[outcome].append(case)
    summary = [x for x in out if re.match(r"^(PASSED|FAILED) \(", x)]
    # mbedTLS's own count of cases and skips must be what was read here
    counts = re.search(r"\((\d+) / (\d+) tests \((\d+) skipped\)\)", summary[-1]) if summary else None
    agree = bool(counts) and (int(counts.group(2)), int(counts.group(3))) == (
        len(passed) + len(failed) + len(skipped), len(skipped))
    expected = {d for (s, d) in EXPECTED_FAIL if s == name}
    unexpected = [f for f in failed if f not in expected]
    missing = [e for e in expected if e not in failed]
    reasons = {}
    glue_skips = []
    for sk in skipped:
        d = lookup(deps, sk)
        u = unmet(d, macros) if d is not None else None
        if u is None:
            key = "(test case not found in the .data file: %s)" % sk
        elif not u:
            key = "(every dependency met: %s)" % sk
        else:
            key = " and ".join(sorted(("has %s (the case needs it off)" % x[1:]) if x.startswith("!")
                                      else "lacks " + x for x in set(u)))
        if u and any(x.lstrip("!") in GLUE_MACROS for x in u):
            glue_skips.append(sk)
        else:
            reasons[key] = reasons.get(key, 0) + 1
    ok = (summary and agree and not unexpected and not missing
          and len(passed) + len(failed) + len(skipped) > 0)
    total = len(passed) + len(failed) + len(skipped)
    log("%s %s: %d run, %d passed, %d skipped, %d failed (%d expected), %.1f s; mbedTLS says: %s"
        % ("PASS" if ok else "FAIL", name, total - len(skipped), len(passed), len(skipped),
           len(failed), len(failed) - len(unexpected), time.time() - t0,
           summary[-1] if summary else "no summary (exit %s)" % rc))
    for f in failed:
        if f in expected:
            log("    expected failure: %s: %s" % (f, EXPECTED_FAIL[(name, f)]))
        else:
            log("    FAILED: %s" % f)
    for e in missing:
        log("    expected to fail, did not: %s" % e)
    if summary and not agree:
        log("    the cases read here (%d, %d skipped) are not mbedTLS's count"
            % (len(passed) + len(failed) + len(skipped), len(skipped)))
    if glue_skips:
        log("    skipped %4d because of the glue: restartable ECC (mbedTLS's check_config.h "
            "refuses MBEDTLS_ECP_RESTARTABLE beside the ECDSA/ECDH *_ALT macros; it is off "
            "in the default configuration too): %s" % (len(glue_skips), "; ".join(glue_skips)))
    for key, n in sorted(reasons.items(), key=lambda x: (-x[1], x[0])):
        log("    skipped %4d: the configuration %s" % (n, key))
    if ok:
        res.passed += 1
    else:
        res.failed += 1
    res_counts = {"suite": name, "run": total - len(skipped), "passed": len(passed),
            "skipped": len(skipped), "failed": len(failed), "glue_skips": len(glue_skips)}
    return res_counts


def glue_checks(res):
    """tests/mbedtls/glue_test.c: the glue's AES, GCM, PSA P-256 and RSA
    paths mbedTLS's suites do not reach (for RSA, that ctcrypto and not the
    fallback served them); one group"""
    p = subprocess.run([os.path.join(OUT, "glue_test")], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=300)
    out = p.stdout.decode("utf-8", "replace").splitlines()
    m = re.match(r"glue checks: (\d+) run, (\d+) failed$", out[-1]) if out else None
    ok = p.returncode == 0 and m and int(m.group(1)) > 0 and m.group(2) == "0"
    log("%s glue checks (tests/mbedtls/glue_test.c): %s" % (
        "PASS" if ok else "FAIL", out[-1] if out else "no output (exit %d)" % p.returncode))
    for line in out[:-1][:20]:
        log("    " + line)
    res.passed += bool(ok)
    res.failed += not ok


# ---- handshakes with OpenSSL over 127.0.0.1 ---------------------------------------

# curve -> mbedTLS's group name, the certificate's hash, the TLS 1.2 and
# 1.3 cipher suites forced with a certificate on that curve (AES-128-GCM
# with P-256, AES-256-GCM with P-384), OpenSSL's names
CURVES = {"P-256": ("secp256r1", "sha256", {"1.2": "TLS-ECDHE-ECDSA-WITH-AES-128-GCM-SHA256",
                                            "1.3": "TLS1-3-AES-128-GCM-SHA256"},
                    ("prime256v1", "P-256")),
          "P-384": ("secp384r1", "sha384", {"1.2": "TLS-ECDHE-ECDSA-WITH-AES-256-GCM-SHA384",
                                            "1.3": "TLS1-3-AES-256-GCM-SHA384"},
                    ("secp384r1", "P-384"))}
# the certificates: one per curve (ECDSA on that curve, its CA's too) and
# an RSA-2048 one (RSA CA; the signatures of the chain and of the
# handshake go through the glue's RSA to ctcrypto: docs/tls.md), with the
# cipher suites forced with it
CERTS = {"P-256": CURVES["P-256"][2], "P-384": CURVES["P-384"][2],
         "RSA-2048": {"1.2": "TLS-ECDHE-RSA-WITH-AES-128-GCM-SHA256",
                      "1.3": "TLS1-3-AES-128-GCM-SHA256"}}
HS_TIMEOUT = 20


def openssl(args, what):
    return run(["openssl"] + args, what="openssl " + what)


def make_certs(d):
    """A CA and a server certificate (CN and SAN localhost) per curve, each
    signed with ECDSA on its own curve; a copy of the P-256 server
    certificate whose signature's last byte is flipped (checked: OpenSSL
    finds its signature wrong); made fresh by every run."""
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for c in CERTS:
        ca, srv = os.path.join(d, "ca-" + c), os.path.join(d, "srv-" + c)
        if c in CURVES:
            md, newkey = CURVES[c][1], ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:" + c]
        else:
            md, newkey = "sha256", ["-newkey", "rsa:2048"]
        openssl(["req", "-x509"] + newkey + ["-nodes",
                 "-keyout", ca + ".key", "-out", ca + ".pem", "-days", "2",
                 "-subj", "/CN=ctcrypto test CA " + c, "-" + md], "CA " + c)
        openssl(["req"] + newkey + ["-nodes",
                 "-keyout", srv + ".key", "-out", srv + ".csr", "-subj", "/CN=localhost"],
                "server key " + c)
        write(srv + ".ext", "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n")
        openssl(["x509", "-req", "-in", srv + ".csr", "-CA", ca + ".pem", "-CAkey", ca + ".key",
                 "-CAcreateserial", "-out", srv + ".pem", "-days", "2", "-" + md,
                 "-extfile", srv + ".ext"], "server certificate " + c)
    srv = os.path.join(d, "srv-P-256")
    der = bytearray(subprocess.run(["openssl", "x509", "-in", srv + ".pem", "-outform", "DER"],
                                   stdout=subprocess.PIPE, check=True).stdout)
    der[-1] ^= 0x01         # the last byte of s, inside the signature BIT STRING
    import base64
    b64 = base64.b64encode(bytes(der)).decode()
    write(os.path.join(d, "bad-P-256.pem"), "-----BEGIN CERTIFICATE-----\n" +
          "\n".join(b64[i:i + 64] for i in range(0, len(b64), 64)) +
          "\n-----END CERTIFICATE-----\n")
    shutil.copy(srv + ".key", os.path.join(d, "bad-P-256.key"))
    # a P-256 key that is not the server certificate's
    openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-out", os.path.join(d, "other-P-256.key")], "another P-256 key")
    p = subprocess.run(["openssl", "verify", "-CAfile", os.path.join(d, "ca-P-256.pem"),
                        os.path.join(d, "bad-P-256.pem")], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if p.returncode == 0 or b"signature failure" not in p.stdout:
        raise RuntimeError("the tampered certificate is not a signature failure for OpenSSL: "
                           + p.stdout.decode("utf-8", "replace"))


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(cmd, logpath, ready):
    """Start a server (its output in logpath); wait until it prints ready."""
    f = open(logpath, "w")
    p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.PIPE)
    t0 = time.time()
    while time.time() - t0 < HS_TIMEOUT:
        if ready in read(logpath) or p.poll() is not None:
            break
        time.sleep(0.05)
    return p, f


def stop_server(p, f):
    try:
        p.wait(timeout=2)
    except subprocess.TimeoutExpired:
        p.terminate()
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    f.close()


def run_client(cmd, stdin=b""):
    try:
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=HS_TIMEOUT)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode("utf-8", "replace") + "\ntimed out"


def offered(ver, group, cert):
    """The groups the client offers: the ECDHE group; in TLS 1.2 the
    certificate's curve as well (RFC 8422 5.1: the client's supported
    groups also bound the curve of the server's ECDSA key), while the
    server allows only the ECDHE group for the key exchange."""
    return [group] + ([cert] if ver == "1.2" and cert != group and cert in CURVES else [])


def hs_mbedtls_client(tree, d, ver, group, cert, ca=None, bad=False):
    """ssl_client2 (ctcrypto) against openssl s_server. -> (ok, detail)"""
    g, _, suite_name, (_, ossl_group) = CURVES[group]
    port = free_port()
    name = ("bad-" if bad else "srv-") + cert
    srv_log = os.path.join(d, "s_server.log")
    p, f = start_server(["openssl", "s_server", "-accept", "127.0.0.1:%d" % port, "-naccept", "1",
                         "-www", "-cert", os.path.join(d, name + ".pem"),
                         "-key", os.path.join(d, name + ".key"), "-tls" + ver.replace(".", "_"),
                         "-groups", ossl_group], srv_log, "ACCEPT")
    cmd = [os.path.join(tree, "programs", "ssl", "ssl_client2"), "server_addr=127.0.0.1",
           "server_port=%d" % port, "server_name=localhost",
           "ca_file=" + os.path.join(d, "ca-%s.pem" % (ca or cert)), "auth_mode=required",
           "force_version=tls" + ver.replace(".", ""),
           "groups=" + ",".join(CURVES[x][0] for x in offered(ver, group, cert))]
    cmd.append("force_ciphersuite=" + CERTS[cert][ver])
    if ver == "1.2":
        # the ECDH curve line of the debug output shows the group used
        cmd.append("debug_level=2")
    rc, out = run_client(cmd)
    stop_server(p, f)
    proto = re.search(r"\[ Protocol is (\S+) \]", out)
    cs = re.search(r"\[ Ciphersuite is (\S+) \]", out)
    ok = (rc == 0 and proto and proto.group(1) == "TLSv" + ver and cs and
          cs.group(1) == CERTS[cert][ver] and
          "Verifying peer X.509 certificate... ok" in out and
          (ver != "1.2" or "ECDH curve: %s\n" % g in out))
    if ok:
        return True, "%s %s" % (proto.group(1), cs.group(1) if cs else "?")
    why = re.findall(r"! (The certificate .*|mbedtls_ssl_handshake returned .*)", out)
    return False, "; ".join(sorted(set(x.strip() for x in why))) or ("exit %s: %s" % (rc, out[-300:]))


def hs_mbedtls_server(tree, d, ver, group, cert):
    """openssl s_client against ssl_server2 (ctcrypto). -> (ok, detail)"""
    g, _, suite_name, ossl_names = CURVES[group]
    port = free_port()
    cmd = [os.path.join(tree, "programs", "ssl", "ssl_server2"), "server_addr=127.0.0.1",
           "server_port=%d" % port, "crt_file=" + os.path.join(d, "srv-%s.pem" % cert),
           "key_file=" + os.path.join(d, "srv-%s.key" % cert),
           "force_version=tls" + ver.replace(".", ""), "groups=" + g]
    cmd.append("force_ciphersuite=" + CERTS[cert][ver])
    p, f = start_server(cmd, os.path.join(d, "ssl_server2.log"), "Waiting for a remote connection")
    rc, out = run_client(["openssl", "s_client", "-connect", "127.0.0.1:%d" % port,
                          "-CAfile", os.path.join(d, "ca-%s.pem" % cert), "-verify_return_error",
                          "-servername", "localhost", "-verify_hostname", "localhost",
                          "-tls" + ver.replace(".", "_"), "-groups",
                          ":".join(CURVES[x][3][1] for x in offered(ver, group, cert)), "-ign_eof"],
                         stdin=b"GET / HTTP/1.0\r\n\r\n")
    p.terminate()
    stop_server(p, f)
    temp = re.search(r"Server Temp Key: ECDH, (\w+)", out)
    proto = re.search(r"New, (TLSv[\d.]+), Cipher is (\S+)", out)
    ok = (rc == 0 and "Verification: OK" in out and "HTTP/1.0 200 OK" in out and temp and
          temp.group(1) in ossl_names and proto and
          re.search(r"Peer signature type: %s" % ("ECDSA" if cert in CURVES else "RSA"), out) and
          proto.group(1) == "TLSv" + ver)
    if ok:
        return True, "%s %s, server temp key %s" % (proto.group(1), proto.group(2), temp.group(1))
    return False, "exit %s: %s" % (rc, out[-400:])


def hs_wrong_key(tree, d, ver, key="other-P-256"):
    """ssl_client2 against ssl_server2 whose certificate is srv-P-256 but
    whose key is another P-256 key: its handshake signature (TLS 1.2
    ServerKeyExchange, TLS 1.3 CertificateVerify) is made with ctcrypto
    and must be refused by ctcrypto's verification (MBEDTLS_ERR_ECP_VERIFY_FAILED,
    -0x4e00, from the glue). -> (ok, detail)"""
    port = free_port()
    p, f = start_server([os.path.join(tree, "programs", "ssl", "ssl_server2"),
                         "server_addr=127.0.0.1", "server_port=%d" % port,
                         "crt_file=" + os.path.join(d, "srv-P-256.pem"),
                         "key_file=" + os.path.join(d, key + ".key"),
                         "force_version=tls" + ver.replace(".", "")],
                        os.path.join(d, "ssl_server2-wrong-key.log"),
                        "Waiting for a remote connection")
    rc, out = run_client([os.path.join(tree, "programs", "ssl", "ssl_client2"),
                          "server_addr=127.0.0.1", "server_port=%d" % port,
                          "server_name=localhost", "ca_file=" + os.path.join(d, "ca-P-256.pem"),
                          "auth_mode=required", "force_version=tls" + ver.replace(".", ""),
                          "debug_level=1"])
    p.terminate()
    stop_server(p, f)
    ok = rc == 0 and "[ Protocol is" in out
    why = sorted(set(re.findall(r"(\S+\(\) returned -\d+ \(-0x[0-9a-f]+\))", out)))
    return ok, "; ".join(why) or ("exit %s: %s" % (rc, out[-300:]))


def handshakes(tree, res):
    d = os.path.join(OUT, "hs")
    make_certs(d)
    t0 = time.time()
    n = 0
    for ver in ("1.2", "1.3"):
        for group in CURVES:
            for cert in CERTS:
                for side in ("client", "server"):
                    if side == "client":
                        ok, detail = hs_mbedtls_client(tree, d, ver, group, cert)
                        name = "ssl_client2 -> openssl s_server"
                    else:
                        ok, detail = hs_mbedtls_server(tree, d, ver, group, cert)
                        name = "openssl s_client -> ssl_server2"
                    n += 1
                    log("%s handshake TLS %s ECDHE %s, %s %s certificate, %s: %s"
                        % ("PASS" if ok else "FAIL", ver, group,
                           "ECDSA" if cert in CURVES else "an", cert, name, detail))
                    res.passed += ok
                    res.failed += not ok
    # must fail: the server's certificate signature tampered with; a
    # certificate from a CA the client does not trust
    for ver in ("1.2", "1.3"):
        for label, kw, need in (
                ("tampered certificate signature", {"bad": True},
                 "The certificate is not correctly signed by the trusted CA"),
                ("certificate from an untrusted CA (P-384 CA, P-256 chain)", {"ca": "P-384"},
                 "The certificate is not correctly signed by the trusted CA")):
            ok, detail = hs_mbedtls_client(tree, d, ver, "P-256", "P-256", **kw)
            good = not ok and need in detail
            n += 1
            log("%s handshake must fail: TLS %s, %s, ssl_client2 -> openssl s_server: %s"
                % ("PASS" if good else "FAIL", ver, label,
                   ("failed: " + detail) if not ok else "it succeeded"))
            res.passed += good
            res.failed += not good
    for ver in ("1.2", "1.3"):
        # the same pair with the certificate's own key succeeds
        ok, detail = hs_wrong_key(tree, d, ver, key="srv-P-256")
        n += 1
        log("%s handshake TLS %s, ECDSA P-256 certificate, ssl_client2 -> ssl_server2 (both "
            "ctcrypto): %s" % ("PASS" if ok else "FAIL", ver, "ok" if ok else detail))
        res.passed += ok
        res.failed += not ok
        ok, detail = hs_wrong_key(tree, d, ver)
        good = not ok and "(-0x4e00)" in detail
        n += 1
        log("%s handshake must fail: TLS %s, the server signs with a key that is not its "
            "certificate's, ssl_client2 -> ssl_server2: %s"
            % ("PASS" if good else "FAIL", ver, ("failed: " + detail) if not ok else "it succeeded"))
        res.passed += good
        res.failed += not good
    log("# %d handshakes in %.1f s" % (n, time.time() - t0))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--offline", action="store_true", help="use only what is already fetched")
    ap.add_argument("--suites", default="", help="comma-separated mbedTLS suites (default: all)")
    ap.add_argument("--sanitize", action="store_true",
                    help="clang with ASan and UBSan, in build/tls-san")
    a = ap.parse_args(argv)
    if a.sanitize:
        sanitize()
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
    try:
        macros = defined_macros(tree)
        for name in a.suites.split(",") if a.suites else SUITES:
            run_suite(tree, name, res, macros)
        if not a.suites:
            glue_checks(res)
            handshakes(tree, res)
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        log("FAIL tls: %s" % e)
        res.failed += 1
    log(res.line())
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
