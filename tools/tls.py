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


def case_deps(tree, name):
    """description -> the dependencies of the test case (its .data line and
    its function's BEGIN_CASE line), from the suite's sources"""
    fdeps = {}
    fn = read(os.path.join(tree, "tests", "suites", name + ".function"))
    for m in re.finditer(r"/\* BEGIN_CASE(?: depends_on:(\S+))? \*/\s*\n\s*\w+\s+(\w+)\(", fn):
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
    out = run(["gcc", "-E", "-dM"] + ["-I" + d for d in inc + [GLUE_DIR]] +
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
    for line in out:
        m = OUTCOME.match(line)
        if not m:
            continue
        {"PASS": passed, "FAILED": failed, "----": skipped}[m.group(2)].append(m.group(1))
    summary = [x for x in out if re.match(r"^(PASSED|FAILED) \(", x)]
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
    ok = (summary and not unexpected and not missing
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--offline", action="store_true", help="use only what is already fetched")
    ap.add_argument("--suites", default="", help="comma-separated mbedTLS suites (default: all)")
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
    macros = defined_macros(tree)
    for name in a.suites.split(",") if a.suites else SUITES:
        run_suite(tree, name, res, macros)
    log(res.line())
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
