#!/usr/bin/env python3
"""test_ctc.py - tests of the command-line tool `ctc` (cli/ctc.c).

Builds it (`make ctc`, host), then compares what it prints with Python's
hashlib and hmac (HKDF written out from RFC 5869 with hmac), on files,
standard input and several files at once, and checks that bad input gives
one line on standard error and a non-zero exit status.
One line per test group; the last line is "N passed, N failed".
"""
import hashlib
import hmac
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import suite  # noqa: E402

ALGS = ["sha224", "sha256", "sha384", "sha512"]


class Group:
    def __init__(self, total, name):
        self.total, self.name, self.fails, self.checks = total, name, [], 0

    def check(self, ok, what):
        self.checks += 1
        if not ok:
            self.fails.append(what)

    def end(self):
        if not self.fails and self.checks:
            suite.emit("PASS %s (%d checks)" % (self.name, self.checks))
            self.total.passed += 1
        else:
            for f in self.fails[:5]:
                suite.emit("  check failed: " + f)
            suite.emit("FAIL %s (%d of %d checks failed)" % (self.name, len(self.fails),
                                                            self.checks))
            self.total.failed += 1


def build():
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2", "TARGET=host", "ctc",
                        "info"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        return None, out
    for line in out.splitlines():
        if line.startswith("TARGET=") and "BUILD=" in line:
            return os.path.join(ROOT, line.split("BUILD=")[1].strip(), "ctc"), out
    return None, out


def run(ctc, args, stdin=b""):
    p = subprocess.run([ctc] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def hkdf_ref(alg, ikm, salt, info, length):
    n = hashlib.new(alg).digest_size
    prk = hmac.new(salt if salt else b"\0" * n, ikm, alg).digest()
    t, okm, i = b"", b"", 1
    while len(okm) < length:
        t = hmac.new(prk, t + info + bytes([i]), alg).digest()
        okm += t
        i += 1
    return prk, okm[:length]


def test_hash(total, ctc, tmp, rnd):
    g = Group(total, "ctc hash = hashlib (files, stdin, several files)")
    sizes = [0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 65535, 65536,
             65537, 1 << 20]
    files = []
    for n in sizes:
        path = os.path.join(tmp, "m%d.bin" % n)
        data = bytes(rnd.getrandbits(8) for _ in range(n)) if n < 70000 else os.urandom(n)
        with open(path, "wb") as f:
            f.write(data)
        files.append((path, data))
    for alg in ALGS:
        for path, data in files:
            want = hashlib.new(alg, data).hexdigest()
            rc, out, err = run(ctc, ["hash", "-a", alg, path])
            g.check(rc == 0 and out == "%s  %s\n" % (want, path) and err == "",
                    "%s %s: %d %r %r" % (alg, path, rc, out, err))
        path, data = files[9]
        rc, out, err = run(ctc, ["hash", "--alg", alg], stdin=data)
        g.check(rc == 0 and out == hashlib.new(alg, data).hexdigest() + "  -\n",
                "%s stdin: %r" % (alg, out))
        rc, out, err = run(ctc, ["hash", "-a", alg, "-"], stdin=data)
        g.check(rc == 0 and out == hashlib.new(alg, data).hexdigest() + "  -\n",
                "%s '-': %r" % (alg, out))
    # the default algorithm is sha256; several files give one line each
    rc, out, err = run(ctc, ["hash"] + [p for p, _ in files[:5]])
    want = "".join("%s  %s\n" % (hashlib.sha256(d).hexdigest(), p) for p, d in files[:5])
    g.check(rc == 0 and out == want, "several files: %r" % out)
    # upper-case spellings with a dash are accepted too
    rc, out, err = run(ctc, ["hash", "-a", "sha-384", files[2][0]])
    g.check(rc == 0 and out.startswith(hashlib.sha384(files[2][1]).hexdigest()),
            "sha-384 spelling: %r" % out)
    # a file named like an option, after --
    dash = os.path.join(tmp, "-k")
    with open(dash, "wb") as f:
        f.write(b"dash")
    rc, out, err = run(ctc, ["hash", "--", dash])
    g.check(rc == 0 and out == "%s  %s\n" % (hashlib.sha256(b"dash").hexdigest(), dash),
            "after --: %r %r" % (out, err))
    g.end()
    return files


def test_hmac(total, ctc, files, rnd):
    g = Group(total, "ctc hmac = Python hmac (keys of every kind of length)")
    for alg in ALGS:
        for klen in [0, 1, 20, 63, 64, 65, 127, 128, 129, 300]:
            key = bytes(rnd.getrandbits(8) for _ in range(klen))
            for path, data in (files[0], files[7], files[12]):
                want = hmac.new(key, data, alg).hexdigest()
                rc, out, err = run(ctc, ["hmac", "-a", alg, "-k", key.hex(), path])
                g.check(rc == 0 and out == "%s  %s\n" % (want, path),
                        "%s key %d %s: %d %r %r" % (alg, klen, path, rc, out, err))
        key = b"Jefe"
        rc, out, err = run(ctc, ["hmac", "-a", alg, "--key", key.hex().upper()],
                           stdin=b"what do ya want for nothing?")
        g.check(rc == 0 and out == hmac.new(key, b"what do ya want for nothing?",
                                            alg).hexdigest() + "  -\n",
                "%s stdin, upper-case hex key: %r" % (alg, out))
    g.end()


def test_hkdf(total, ctc, rnd):
    g = Group(total, "ctc hkdf = RFC 5869 over Python hmac (full, --extract, --prk)")
    # RFC 5869 A.1 as given in the RFC
    rc, out, err = run(ctc, ["hkdf", "-a", "sha256", "--ikm", "0b" * 22, "--salt",
                             "000102030405060708090a0b0c", "--info",
                             "f0f1f2f3f4f5f6f7f8f9", "-l", "42"])
    g.check(rc == 0 and out == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56"
                               "ecc4c5bf34007208d5b887185865\n", "RFC 5869 A.1: %r" % out)
    for alg in ALGS:
        n = hashlib.new(alg).digest_size
        for length in [1, n - 1, n, n + 1, 3 * n, 255 * n]:
            ikm = bytes(rnd.getrandbits(8) for _ in range(rnd.randrange(1, 80)))
            salt = bytes(rnd.getrandbits(8) for _ in range(rnd.randrange(0, 150)))
            info = bytes(rnd.getrandbits(8) for _ in range(rnd.randrange(0, 60)))
            prk, okm = hkdf_ref(alg, ikm, salt, info, length)
            args = ["hkdf", "-a", alg, "--ikm", ikm.hex(), "-l", str(length)]
            if salt:
                args += ["--salt", salt.hex()]
            if info:
                args += ["--info", info.hex()]
            rc, out, err = run(ctc, args)
            g.check(rc == 0 and out == okm.hex() + "\n", "%s L=%d: %d %r" % (alg, length, rc, err))
            rc, out, err = run(ctc, ["hkdf", "-a", alg, "--ikm", ikm.hex(), "--salt",
                                     salt.hex(), "--extract"])
            g.check(rc == 0 and out == prk.hex() + "\n", "%s --extract: %r" % (alg, out))
            rc, out, err = run(ctc, ["hkdf", "-a", alg, "--prk", prk.hex(), "--info",
                                     info.hex(), "-l", str(length)])
            g.check(rc == 0 and out == okm.hex() + "\n", "%s --prk: %r" % (alg, err))
    g.end()


def test_errors(total, ctc, tmp):
    g = Group(total, "ctc errors: one line on stderr, non-zero exit, nothing on stdout")
    missing = os.path.join(tmp, "no-such-file")
    cases = [
        ([], 2, "no command"),
        (["frobnicate"], 2, "unknown command"),
        (["hash", "-a", "md5"], 2, "unknown algorithm 'md5'"),
        (["hash", "-a"], 2, "missing value after -a"),
        (["hash", "--bogus"], 2, "unknown option --bogus"),
        (["hash", missing], 1, missing + ": No such file or directory"),
        (["hash", tmp], 1, tmp + ": read error"),
        (["hash", "-k", "00"], 2, "takes no -k"),
        (["hash", "-l", "5"], 2, "takes no HKDF options"),
        (["hmac", "-a", "sha256"], 2, "needs -k"),
        (["hmac", "-k", "abc"], 1, "odd number of digits"),
        (["hmac", "-k", "zz"], 1, "bad digit"),
        (["hmac", "-k", "00", missing], 1, "No such file"),
        (["hkdf", "-l", "10"], 2, "needs --ikm"),
        (["hkdf", "--ikm", "00"], 2, "needs -l"),
        (["hkdf", "--ikm", "00", "-l", "x"], 2, "is not a number"),
        (["hkdf", "--ikm", "00", "-l", "-4"], 2, "is not a number"),
        (["hkdf", "--ikm", "00", "-l", "0"], 1, "out of range"),
        (["hkdf", "--ikm", "00", "-l", "8161"], 1, "out of range: 1 to 8160"),
        (["hkdf", "-a", "sha512", "--ikm", "00", "-l", "16321"], 1, "1 to 16320"),
        (["hkdf", "--ikm", "0g", "-l", "10"], 1, "--ikm: not a hex string"),
        (["hkdf", "--ikm", "00", "--salt", "0", "-l", "10"], 1, "--salt: not a hex"),
        (["hkdf", "--prk", "00", "-l", "10"], 1, "--prk must be at least 32 bytes"),
        (["hkdf", "--prk", "00" * 32, "--ikm", "00", "-l", "10"], 2, "excludes"),
        (["hkdf", "--ikm", "00", "--extract", "-l", "5"], 2, "--extract takes no"),
        (["hkdf", "--ikm", "00", "-l", "5", "file"], 2, "takes no file"),
    ]
    for args, status, text in cases:
        rc, out, err = run(ctc, args)
        lines = err.splitlines()
        ok = (rc == status and len(lines) == 1 and lines[0].startswith("ctc: ")
              and text in lines[0] and out == "")
        g.check(ok, "%r: exit %d (want %d), stdout %r, stderr %r" % (args, rc, status, out, err))
    # a missing file among good ones: the good ones are still printed
    good = os.path.join(tmp, "m1.bin")
    rc, out, err = run(ctc, ["hash", good, missing, good])
    g.check(rc == 1 and len(out.splitlines()) == 2 and len(err.splitlines()) == 1,
            "mixed files: %d %r %r" % (rc, out, err))
    g.end()


def test_help(total, ctc):
    g = Group(total, "ctc --help and --version")
    for arg in ["--help", "-h", "help"]:
        rc, out, err = run(ctc, [arg])
        g.check(rc == 0 and err == "" and all(w in out for w in
                                               ["hash", "hmac", "hkdf", "--ikm", "sha512",
                                                "Exit status"]), "%s: %r" % (arg, out[:80]))
    rc, out, err = run(ctc, ["--version"])
    g.check(rc == 0 and "ctcrypto" in out and "sha224/sha256:" in out, "version: %r" % out)
    g.end()


def main():
    total = suite.Result()
    ctc, log = build()
    if ctc is None:
        suite.emit("FAIL ctc: build failed\n" + log)
        total.failed += 1
        suite.emit(total.line())
        return 1
    rnd = random.Random(6979)
    with tempfile.TemporaryDirectory() as tmp:
        files = test_hash(total, ctc, tmp, rnd)
        test_hmac(total, ctc, files, rnd)
        test_hkdf(total, ctc, rnd)
        test_errors(total, ctc, tmp)
        test_help(total, ctc)
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
