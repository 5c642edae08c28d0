#!/usr/bin/env python3
"""test_ctc.py - tests of the command-line tool `ctc` (cli/ctc.c).

Builds it (`make ctc`, host), then compares what it prints with Python's
hashlib and hmac (HKDF written out from RFC 5869 with hmac), on files,
standard input and several files at once, and checks that bad input gives
one line on standard error and a non-zero exit status. The elliptic-curve
commands: RFC 6979 A.2.5 known answers, every error path (crafted key files
and signatures), and OpenSSL 3 (`openssl`, required: its absence is a
failure) both ways for every curve `ctc --version` lists: keys made and
converted by openssl signed here and verified there and the reverse for
SHA-256/384/512, keygen files read back by openssl, SubjectPublicKeyInfo
bytes, ECDH.
The AES commands: aes-cbc and aes-ctr against `openssl enc` and cmac against
`openssl mac` both ways, aes-gcm and aes-ccm against Wycheproof's cases and
round trips (and Python's cryptography module when it is installed),
tampered inputs, every error path.
One line per test group; the last line is "N passed, N failed". Arguments
are make variables for the build (`test_ctc.py CC=clang SANITIZE=1`).
"""
import hashlib
import hmac
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

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


def build(make_args):
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2", "TARGET=host"]
                       + make_args + ["ctc", "info"], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
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
                                                "pub", "keygen", "ecdsa-sign", "ecdsa-verify",
                                                "ecdh", "--priv-file", "--pub-file",
                                                "--peer-file", "--sig-file", "--sig-out",
                                                "--p1363", "--format", "--type", "--curve",
                                                "Curves built in", "prime256v1",
                                                "rsa-keygen", "rsa-pub", "rsa-sign", "rsa-verify",
                                                "rsa-encrypt", "rsa-decrypt", "--scheme",
                                                "--bits", "--salt-len", "implicit rejection",
                                                "aes-gcm", "aes-ccm", "aes-cbc", "aes-ctr",
                                                "cmac", "--nonce", "--aad", "--iv",
                                                "--tag-len", "--encrypt", "--decrypt",
                                                "Exit status"]), "%s: %r" % (arg, out[:80]))
        g.check(all(len(line) <= 80 for line in out.splitlines()),
                "%s: a line longer than 80 characters" % arg)
    rc, out, err = run(ctc, ["--version"])
    g.check(rc == 0 and "ctcrypto" in out and "sha224/sha256:" in out and "curves: p256" in out
            and "\nrsa: 1024 to " in out,
            "version: %r" % out)
    g.end()



# ---- elliptic curves ----------------------------------------------------------

# what the tests know of each curve ctc may have (`ctc --version` lists those built in)
CURVES = {
    "p256": dict(std="P-256", ossl="prime256v1", size=32, oid="2a8648ce3d030107",
                 n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551),
    "p384": dict(std="P-384", ossl="secp384r1", size=48, oid="2b81040022",
                 n=int("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF"
                       "581A0DB248B0A77AECEC196ACCC52973", 16)),
}
EC_HASHES = ["sha256", "sha384", "sha512"]
OID_EC_PUBLIC_KEY = "2a8648ce3d0201"

# RFC 6979 A.2.5 (P-256): key, public key, SHA-256 signatures of "sample" and
# "test" (the values of tests/unit/test_ec.c)
A25_X = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"
A25_U = ("04" "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
         "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")
A25_SIGS = [
    (b"sample", "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
     "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"),
    (b"test", "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
     "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"),
]


def run_raw(ctc, args, stdin=b""):
    p = subprocess.run([ctc] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def ossl(args, stdin=b""):
    p = subprocess.run(["openssl"] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        head = bytes([tag, n])
    elif n < 0x100:
        head = bytes([tag, 0x81, n])
    else:
        head = bytes([tag, 0x82, n >> 8, n & 0xff])
    return head + content


def der_int(v):
    b = v.to_bytes((v.bit_length() + 8) // 8, "big") if v else b"\0"
    return tlv(0x02, b)


def sec1_der(priv, pub=None, oid=None, version=1):
    body = der_int(version) + tlv(0x04, priv)
    if oid is not None:
        body += tlv(0xa0, tlv(0x06, oid))
    if pub is not None:
        body += tlv(0xa1, tlv(0x03, b"\0" + pub))
    return tlv(0x30, body)


def pkcs8_der(inner, oid, version=0, alg=bytes.fromhex(OID_EC_PUBLIC_KEY), attrs=None,
              pub=None):
    body = der_int(version) + tlv(0x30, tlv(0x06, alg) + tlv(0x06, oid)) + tlv(0x04, inner)
    if attrs is not None:
        body += tlv(0xa0, attrs)
    if pub is not None:
        body += tlv(0x81, b"\0" + pub)
    return tlv(0x30, body)


def spki_der(pub, oid):
    return tlv(0x30, tlv(0x30, tlv(0x06, bytes.fromhex(OID_EC_PUBLIC_KEY)) + tlv(0x06, oid))
               + tlv(0x03, b"\0" + pub))


def pem(label, der):
    import base64
    b = base64.b64encode(der).decode()
    return ("-----BEGIN %s-----\n%s\n-----END %s-----\n" % (
        label, "\n".join(b[i:i + 64] for i in range(0, len(b), 64)), label)).encode()


def sig_der(r, s):
    return tlv(0x30, der_int(r) + der_int(s))


def built_curves(ctc):
    rc, out, err = run(ctc, ["--version"])
    for line in out.splitlines():
        if line.startswith("curves: "):
            return [c.strip() for c in line[8:].split(",")]
    return []


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def read(path):
    with open(path, "rb") as f:
        return f.read()


def ossl_pub_point(keyfile, size):
    """the uncompressed point of a key file, as openssl sees it"""
    rc, der = ossl(["pkey", "-in", keyfile, "-pubout", "-outform", "DER"])
    return der[-(2 * size + 1):].hex() if rc == 0 else "openssl failed"


def test_ec_known(total, ctc, tmp):
    g = Group(total, "ctc pub/ecdsa-sign/ecdsa-verify = RFC 6979 A.2.5 (P-256)")
    rc, out, err = run(ctc, ["pub", "--curve", "p256", "--priv", A25_X])
    g.check(rc == 0 and out == A25_U.lower() + "\n" and err == "", "pub: %r %r" % (out, err))
    for name in ["P-256", "prime256v1", "secp256r1", "P256"]:
        rc, out, err = run(ctc, ["pub", "--curve", name, "--priv", A25_X.lower()])
        g.check(rc == 0 and out == A25_U.lower() + "\n", "--curve %s: %r" % (name, err))
    comp = ("03" if int(A25_U[-2:], 16) & 1 else "02") + A25_U[2:66]
    rc, out, err = run(ctc, ["pub", "--curve", "p256", "--priv", A25_X, "--compressed"])
    g.check(rc == 0 and out == comp.lower() + "\n", "compressed: %r" % out)
    for pubhex in (A25_U, comp):
        rc, out, err = run(ctc, ["pub", "--curve", "p256", "--pub", pubhex])
        g.check(rc == 0 and out == A25_U.lower() + "\n", "pub --pub %s: %r" % (pubhex[:4], out))
    for msg, r, s in A25_SIGS:
        raw = (r + s).lower()
        der = sig_der(int(r, 16), int(s, 16)).hex()
        rc, out, err = run(ctc, ["ecdsa-sign", "--curve", "p256", "--hash", "sha256",
                                 "--priv", A25_X, "--msg", msg.hex(), "--p1363"])
        g.check(rc == 0 and out == raw + "\n", "%s p1363: %r %r" % (msg, out, err))
        rc, out, err = run(ctc, ["ecdsa-sign", "--curve", "p256", "--priv", A25_X,
                                 "--msg", msg.hex()])
        g.check(rc == 0 and out == der + "\n", "%s der (default hash): %r" % (msg, out))
        mfile = write(os.path.join(tmp, "a25.msg"), msg)
        sfile = os.path.join(tmp, "a25.sig")
        rc, out, err = run(ctc, ["ecdsa-sign", "--curve", "p256", "--hash", "sha256",
                                 "--priv", A25_X, "--in", mfile, "--sig-out", sfile])
        g.check(rc == 0 and out == "" and read(sfile).hex() == der, "%s --in/--sig-out" % msg)
        rc, out, err = run(ctc, ["ecdsa-sign", "--curve", "p256", "--priv", A25_X, "--in", "-"],
                           stdin=msg)
        g.check(rc == 0 and out == der + "\n", "%s --in -: %r" % (msg, out))
        for pubhex in (A25_U, comp):
            for sig, extra in ((der, []), (raw, ["--p1363"])):
                rc, out, err = run(ctc, ["ecdsa-verify", "--curve", "p256", "--hash", "sha256",
                                         "--pub", pubhex, "--msg", msg.hex(), "--sig", sig]
                                   + extra)
                g.check(rc == 0 and out == "OK\n" and err == "", "verify %s %r: %d %r"
                        % (msg, extra, rc, err))
        rc, out, err = run(ctc, ["ecdsa-verify", "--curve", "p256", "--pub", A25_U,
                                 "--in", mfile, "--sig-file", sfile])
        g.check(rc == 0, "verify --in --sig-file: %r" % err)
        rc, out, err = run(ctc, ["ecdsa-sign", "--curve", "p256", "--priv", A25_X, "--in", mfile,
                                 "--p1363", "--sig-out", sfile])
        g.check(rc == 0 and read(sfile).hex() == raw, "%s --p1363 --sig-out" % msg)
        rc, out, err = run(ctc, ["ecdsa-verify", "--curve", "p256", "--pub", A25_U, "--p1363",
                                 "--in", "-", "--sig-file", sfile], stdin=msg)
        g.check(rc == 0, "verify --p1363 --sig-file, --in -: %r" % err)
    g.end()


def ossl_keys(tmp, cname, count):
    """count keys from openssl genpkey, each in the forms openssl writes"""
    info = CURVES[cname]
    keys = []
    for i in range(count):
        base = os.path.join(tmp, "%s-o%d" % (cname, i))
        forms = {"pkcs8.pem": base + ".pkcs8.pem"}
        ossl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:" + info["std"],
              "-out", forms["pkcs8.pem"]])
        for form, args in (("sec1.pem", ["ec"]), ("sec1.der", ["ec", "-outform", "DER"]),
                           # (openssl 3.0's pkey -outform DER writes SEC1)
                           ("pkcs8.der", ["pkcs8", "-topk8", "-nocrypt", "-outform", "DER"]),
                           ("sec1-compressed.pem", ["ec", "-conv_form", "compressed"]),
                           ("sec1-nopub.pem", ["ec", "-no_public"])):
            forms[form] = base + "." + form
            ossl(args + ["-in", forms["pkcs8.pem"], "-out", forms[form]])
        pub = base + ".pub.pem"
        ossl(["pkey", "-in", forms["pkcs8.pem"], "-pubout", "-out", pub])
        keys.append((forms, pub, ossl_pub_point(forms["pkcs8.pem"], info["size"])))
    # openssl ecparam -genkey: an EC PARAMETERS block before the key
    ep = os.path.join(tmp, "%s-ecparam.pem" % cname)
    ossl(["ecparam", "-name", info["ossl"], "-genkey", "-out", ep])
    keys.append(({"ecparam.pem": ep}, None, ossl_pub_point(ep, info["size"])))
    return keys


def test_ec_openssl_sign(total, ctc, tmp, cname, keys):
    g = Group(total, "ctc ecdsa vs openssl, %s, sha256/384/512, both ways (PKCS#8, SEC1, PEM, "
              "DER key files)" % CURVES[cname]["std"])
    msg = write(os.path.join(tmp, "msg.bin"), b"The quick brown fox " * 50)
    bad = write(os.path.join(tmp, "msg2.bin"), b"The quick brown fox " * 49)
    sig = os.path.join(tmp, "sig.der")
    for forms, pub, point in keys:
        for form, path in sorted(forms.items()):
            rc, out, err = run(ctc, ["pub", "--priv-file", path])
            g.check(rc == 0 and out == point + "\n", "pub %s: %r %r" % (form, out, err))
            rc, out, err = run(ctc, ["pub", "--curve", cname, "--priv-file", path])
            g.check(rc == 0 and out == point + "\n", "pub --curve %s: %r" % (form, err))
        if pub is None:
            continue
        files = sorted(forms.values())
        for i, alg in enumerate(EC_HASHES):
            key = files[(i + len(EC_HASHES) * keys.index((forms, pub, point))) % len(files)]
            # ctc signs, openssl verifies
            rc, out, err = run(ctc, ["ecdsa-sign", "--hash", alg, "--priv-file", key,
                                     "--in", msg, "--sig-out", sig])
            rc2, o2 = ossl(["dgst", "-" + alg, "-verify", pub, "-signature", sig, msg])
            g.check(rc == 0 and rc2 == 0 and b"Verified OK" in o2,
                    "%s %s: ctc sign %d %r, openssl verify %d" % (alg, key, rc, err, rc2))
            rc2, o2 = ossl(["dgst", "-" + alg, "-verify", pub, "-signature", sig, bad])
            g.check(rc2 != 0, "%s: openssl accepted another message" % alg)
            # deterministic: the same signature from the hex key and from --msg
            rc, out, err = run(ctc, ["ecdsa-sign", "--curve", cname, "--hash", alg, "--priv-file",
                                     key, "--msg", read(msg).hex()])
            g.check(rc == 0 and out == read(sig).hex() + "\n", "%s determinism" % alg)
            # openssl signs, ctc verifies (DER file, hex, P1363)
            ossl(["dgst", "-" + alg, "-sign", forms["pkcs8.pem"], "-out", sig, msg])
            rc, out, err = run(ctc, ["ecdsa-verify", "--hash", alg, "--pub-file", pub,
                                     "--in", msg, "--sig-file", sig])
            g.check(rc == 0 and out == "OK\n", "%s: ctc verify of openssl: %d %r" % (alg, rc, err))
            rc, out, err = run(ctc, ["ecdsa-verify", "--hash", alg, "--pub-file", pub,
                                     "--in", bad, "--sig-file", sig])
            g.check(rc == 1 and "does not verify" in err,
                    "%s other message: %d %r" % (alg, rc, err))
            other = [h for h in EC_HASHES if h != alg][0]
            rc, out, err = run(ctc, ["ecdsa-verify", "--hash", other, "--pub-file", pub,
                                     "--in", msg, "--sig-file", sig])
            g.check(rc == 1, "%s verified as %s: %d" % (alg, other, rc))
            d = read(sig)
            rc, out, err = run(ctc, ["ecdsa-verify", "--curve", cname, "--hash", alg, "--pub",
                                     point, "--msg", read(msg).hex(), "--sig", d.hex()])
            g.check(rc == 0, "%s hex: %d %r" % (alg, rc, err))
            r, s = sig_from_der(d)
            size = CURVES[cname]["size"]
            raw = r.to_bytes(size, "big") + s.to_bytes(size, "big")
            rc, out, err = run(ctc, ["ecdsa-verify", "--hash", alg, "--pub-file", pub,
                                     "--in", msg, "--sig", raw.hex(), "--p1363"])
            g.check(rc == 0, "%s p1363: %d %r" % (alg, rc, err))
    # what openssl writes and ctc refuses: explicit parameters, another algorithm
    first = keys[0][0]["pkcs8.pem"]
    explicit = os.path.join(tmp, "explicit.pem")
    ossl(["ec", "-in", first, "-param_enc", "explicit", "-out", explicit])
    ed = os.path.join(tmp, "ed25519.pem")
    ossl(["genpkey", "-algorithm", "ed25519", "-out", ed])
    for path, text in ((explicit, "explicit curve parameters are not supported "
                                  "(named curves only)"),
                       (ed, "not an EC key (algorithm OID 1.3.101.112)")):
        rc, out, err = run(ctc, ["pub", "--priv-file", path])
        g.check(rc == 1 and err == "ctc: %s: %s\n" % (path, text) and out == "",
                "%s: %d %r" % (path, rc, err))
    g.end()


def sig_from_der(d):
    """(r, s) of a DER signature written by openssl (short lengths)"""
    assert d[0] == 0x30
    i = 2 if d[1] < 0x80 else 3
    lr = d[i + 1]
    r = int.from_bytes(d[i + 2:i + 2 + lr], "big")
    j = i + 2 + lr
    ls = d[j + 1]
    return r, int.from_bytes(d[j + 2:j + 2 + ls], "big")


def test_ec_keygen(total, ctc, tmp, cname):
    info = CURVES[cname]
    g = Group(total, "ctc keygen %s: openssl pkey reads every type and format, same public key"
              % info["std"])
    seen = set()
    for typ in ["pkcs8", "sec1"]:
        for fmt in ["pem", "der"]:
            for n in range(2):
                path = os.path.join(tmp, "kg-%s-%s-%d.%s" % (cname, typ, n, fmt))
                rc, out, err = run(ctc, ["keygen", "--curve", cname, "--type", typ, "--format",
                                         fmt, "--out", path])
                g.check(rc == 0 and out == "" and err == "", "keygen %s %s: %r" % (typ, fmt, err))
                g.check(os.stat(path).st_mode & 0o777 == 0o600, "mode of %s" % path)
                inform = ["-inform", "DER"] if fmt == "der" else []
                rc2, _ = ossl(["pkey", "-in", path, "-noout"] + inform)
                g.check(rc2 == 0, "openssl pkey -noout %s %s" % (typ, fmt))
                rc2, _ = ossl(["pkey", "-in", path, "-check", "-noout"] + inform)
                g.check(rc2 == 0, "openssl pkey -check %s %s" % (typ, fmt))
                # what openssl writes back is the same file (the same DER)
                if typ == "pkcs8":
                    rc2, again = ossl(["pkcs8", "-topk8", "-nocrypt", "-in", path, "-outform",
                                       fmt.upper()] + inform)
                else:
                    rc2, again = ossl(["ec", "-in", path, "-outform", fmt.upper()] + inform)
                g.check(rc2 == 0 and again == read(path), "openssl rewrites %s %s identically"
                        % (typ, fmt))
                rc, out, err = run(ctc, ["pub", "--priv-file", path])
                g.check(rc == 0 and out.strip() == ossl_pub_point(path, info["size"]),
                        "pub of %s %s: %r" % (typ, fmt, out))
                seen.add(read(path))
    # an existing file is replaced and made private
    path = write(os.path.join(tmp, "kg-existing.pem"), b"old")
    os.chmod(path, 0o644)
    rc, out, err = run(ctc, ["keygen", "--curve", cname, "--out", path])
    g.check(rc == 0 and os.stat(path).st_mode & 0o777 == 0o600 and
            read(path).startswith(b"-----BEGIN PRIVATE KEY-----\n"), "existing file: %r" % err)
    rc, out, err = run_raw(ctc, ["keygen", "--curve", cname])
    g.check(rc == 0 and out.startswith(b"-----BEGIN PRIVATE KEY-----\n") and
            all(len(l) <= 64 for l in out.splitlines()), "default: %r" % out[:40])
    stdin_key = write(os.path.join(tmp, "kg-stdout.pem"), out)
    rc2, _ = ossl(["pkey", "-in", stdin_key, "-noout"])
    g.check(rc2 == 0, "default output read by openssl")
    g.check(len(seen) == 8, "8 keys, all different")
    g.end()


def test_ec_spki(total, ctc, tmp, cname, keys):
    info = CURVES[cname]
    g = Group(total, "ctc pub SubjectPublicKeyInfo %s = openssl's, both ways" % info["std"])
    for forms, pub, point in keys:
        if pub is None:
            continue
        key = forms["sec1.der"]
        rc, want_der = ossl(["pkey", "-pubin", "-in", pub, "-outform", "DER"])
        for fmt in ["pem", "der"]:
            out_path = os.path.join(tmp, "spki." + fmt)
            rc, out, err = run(ctc, ["pub", "--priv-file", key, "--out", out_path, "--format", fmt])
            g.check(rc == 0 and out == "", "pub --out %s: %r" % (fmt, err))
            want = read(pub) if fmt == "pem" else want_der
            g.check(read(out_path) == want, "%s bytes = openssl's" % fmt)
            inform = ["-inform", "DER"] if fmt == "der" else []
            rc2, der = ossl(["pkey", "-pubin", "-in", out_path, "-outform", "DER"] + inform)
            g.check(rc2 == 0 and der == want_der, "openssl pkey -pubin reads our %s" % fmt)
        rc, out, err = run_raw(ctc, ["pub", "--curve", cname, "--pub", point, "--format", "der"])
        g.check(rc == 0 and out == want_der, "pub --pub --format der on stdout")
        # openssl's files into ctc: PEM, DER, compressed point
        der_path = write(os.path.join(tmp, "o-spki.der"), want_der)
        comp_path = os.path.join(tmp, "o-spki-c.pem")
        ossl(["ec", "-pubin", "-in", pub, "-pubout", "-conv_form", "compressed", "-out", comp_path])
        for path in (pub, der_path, comp_path):
            rc, out, err = run(ctc, ["pub", "--pub-file", path])
            g.check(rc == 0 and out == point + "\n", "pub --pub-file %s: %r" % (path, err))
    g.end()


def test_ec_ecdh(total, ctc, tmp, cname, keys):
    info = CURVES[cname]
    g = Group(total, "ctc ecdh %s = openssl pkeyutl -derive, both ways" % info["std"])
    real = [k for k in keys if k[1] is not None]
    kg = os.path.join(tmp, "ecdh-kg.pem")
    run(ctc, ["keygen", "--curve", cname, "--out", kg])
    kg_pub = os.path.join(tmp, "ecdh-kg.pub.pem")
    run(ctc, ["pub", "--priv-file", kg, "--out", kg_pub])
    parties = [(k[0]["pkcs8.pem"], k[0]["sec1.der"], k[1], k[2]) for k in real]
    parties.append((kg, kg, kg_pub, ossl_pub_point(kg, info["size"])))
    for i, (a_key, a_key2, a_pub, a_point) in enumerate(parties):
        b_key, b_key2, b_pub, b_point = parties[(i + 1) % len(parties)]
        rc2, want = ossl(["pkeyutl", "-derive", "-inkey", a_key, "-peerkey", b_pub])
        want = want.hex()
        rc, out, err = run(ctc, ["ecdh", "--priv-file", a_key, "--peer-file", b_pub])
        g.check(rc2 == 0 and rc == 0 and out == want + "\n", "A-B files: %r %r" % (out, err))
        rc, out, err = run(ctc, ["ecdh", "--priv-file", b_key2, "--peer", a_point])
        g.check(rc == 0 and out == want + "\n", "B-A hex peer: %r" % err)
        comp = ("03" if int(a_point[-2:], 16) & 1 else "02") + a_point[2:2 + 2 * info["size"]]
        rc, out, err = run(ctc, ["ecdh", "--curve", cname, "--priv-file", b_key, "--peer", comp])
        g.check(rc == 0 and out == want + "\n", "compressed peer: %r" % err)
        rc2, want2 = ossl(["pkeyutl", "-derive", "-inkey", b_key, "-peerkey", a_pub])
        g.check(rc2 == 0 and want2.hex() == want, "openssl B-A")
        rc, out, err = run(ctc, ["ecdh", "--peer-file", a_pub, "--priv-file", b_key2])
        g.check(rc == 0 and out == want + "\n", "peer file first: %r" % err)
    g.end()


def test_ec_errors(total, ctc, tmp, curves):
    g = Group(total, "ctc ec errors: exit status, one line on stderr, nothing on stdout")
    P = ["--curve", "p256"]
    U = A25_U
    N = CURVES["p256"]["n"]
    X = bytes.fromhex(A25_X)
    Ub = bytes.fromhex(U)
    oid = bytes.fromhex(CURVES["p256"]["oid"])
    off = U[:-2] + "%02x" % (int(U[-2:], 16) ^ 1)
    msg = b"sample".hex()
    good_der = sig_der(int(A25_SIGS[0][1], 16), int(A25_SIGS[0][2], 16))
    raw = bytes.fromhex(A25_SIGS[0][1] + A25_SIGS[0][2])
    V = ["ecdsa-verify"] + P + ["--pub", U, "--msg", msg]
    f = lambda name, data: write(os.path.join(tmp, "bad-" + name), data)  # noqa: E731
    other_pub = bytes.fromhex(run(ctc, ["pub"] + P + ["--priv", "01" * 32])[1].strip())
    k1 = os.path.join(tmp, "good-sec1.pem")
    write(k1, pem("EC PRIVATE KEY", sec1_der(X, Ub, oid)))
    missing = os.path.join(tmp, "no-such-file")
    cases = [
        # usage
        (["pub"], 2, "pub: needs --priv or --priv-file"),
        (["pub", "--priv", A25_X], 2, "needs --curve"),
        (["pub"] + P + ["--priv", A25_X, "--priv-file", k1], 2, "exclude each other"),
        (["pub"] + P + ["--priv", A25_X, "--pub", U], 2, "takes one key"),
        (["pub", "--curve", "p999", "--priv", A25_X], 2, "unknown curve 'p999'"),
        (["pub"] + P + ["--priv", A25_X, "--compressed", "--format", "pem"], 2, "--compressed"),
        (["pub"] + P + ["--priv", A25_X, "--format", "xml"], 2, "unknown --format: xml"),
        (["pub"] + P + ["--priv", A25_X, "--msg", "00"], 2, "pub: takes no --msg"),
        (["pub"] + P + ["--priv", A25_X, "-a", "sha256"], 2, "pub: takes no --alg"),
        (["pub"] + P + ["--priv", A25_X, "file"], 2, "takes no file arguments"),
        (["pub"] + P + ["--priv"], 2, "missing value after --priv"),
        (["hash", "--curve", "p256"], 2, "hash takes no --curve"),
        (["keygen"], 2, "keygen: needs --curve"),
        (["keygen"] + P + ["--type", "pkcs1"], 2, "unknown --type: pkcs1"),
        (["keygen"] + P + ["--format", "txt"], 2, "unknown --format"),
        (["keygen"] + P + ["--priv", A25_X], 2, "keygen: takes no --priv"),
        (["ecdsa-sign"] + P + ["--priv", A25_X], 2, "needs --msg or --in"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "00", "--in", k1], 2, "exclude"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "00", "--hash", "md5"], 2,
         "unknown --hash"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "00", "--peer", U], 2, "takes no --peer"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "00", "--sig", "00"], 2,
         "takes no --sig"),
        (["ecdsa-verify"] + P + ["--pub", U, "--msg", msg], 2, "needs --sig or --sig-file"),
        (V + ["--sig", "00", "--hash", "sha1"], 2, "unknown --hash"),
        (["ecdsa-verify"] + P + ["--msg", msg, "--sig", "00"], 2, "needs --pub or --pub-file"),
        (["ecdh"] + P + ["--priv", A25_X], 2, "needs --peer or --peer-file"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", U, "--peer-file", k1], 2, "exclude"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", U, "--p1363"], 2, "takes no --p1363"),
        # bad input: hex, lengths, ranges, files
        (["pub"] + P + ["--priv", "zz" * 32], 1, "--priv: not a hex string (bad digit)"),
        (["pub"] + P + ["--priv", "0" * 63], 1, "--priv: not a hex string (odd"),
        (["pub"] + P + ["--priv", "00" * 31], 1, "is 32 bytes, not 31"),
        (["pub"] + P + ["--priv", "00" * 33], 1, "is 32 bytes, not 33"),
        (["pub"] + P + ["--priv", "00" * 32], 1, "--priv: out of range for P-256"),
        (["pub"] + P + ["--priv", "%064x" % N], 1, "out of range"),
        (["pub"] + P + ["--priv", "ff" * 32], 1, "out of range"),
        (["pub"] + P + ["--pub", U[:-2]], 1, "is 65 or 33 bytes (SEC1), not 64"),
        (["pub"] + P + ["--pub", "05" + U[2:]], 1, "not a SEC1 point"),
        (["pub"] + P + ["--pub", off], 1, "--pub: not a point of P-256"),
        (["pub", "--priv-file", missing], 1, missing + ": No such file"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "0"], 1, "--msg: not a hex"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--in", missing], 1, "No such file"),
        (["ecdsa-sign"] + P + ["--priv", "00" * 32, "--msg", "00"], 1, "out of range"),
        (["ecdsa-sign"] + P + ["--priv", A25_X, "--msg", "00", "--sig-out",
                               os.path.join(missing, "x")], 1, "No such file"),
        (["keygen"] + P + ["--out", os.path.join(missing, "k.pem")], 1, "No such file"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", off], 1, "--peer: not a point of P-256"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", U + "00"], 1, "not 66"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", "04"], 1, "not 1"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", "0x"], 1, "--peer: not a hex"),
        (["ecdh"] + P + ["--priv", A25_X, "--peer", "02" + "ff" * 32], 1, "not a point"),
        (["ecdh"] + P + ["--priv", "00" * 32, "--peer", U], 1, "out of range"),
        # ecdsa-verify: parse errors are 2, an invalid signature is 1
        (V + ["--sig", "zz"], 2, "--sig: not a hex string"),
        (V + ["--sig", "0"], 2, "--sig: not a hex string"),
        (["ecdsa-verify"] + P + ["--pub", off, "--msg", msg, "--sig", good_der.hex()], 2,
         "not a point of P-256"),
        (["ecdsa-verify"] + P + ["--pub", U[:-2], "--msg", msg, "--sig", good_der.hex()], 2,
         "not 64"),
        (["ecdsa-verify"] + P + ["--pub", "zz", "--msg", msg, "--sig", good_der.hex()], 2,
         "--pub: not a hex"),
        (["ecdsa-verify"] + P + ["--pub", U, "--msg", "x", "--sig", good_der.hex()], 2,
         "--msg: not a hex"),
        (["ecdsa-verify"] + P + ["--pub", U, "--in", missing, "--sig", good_der.hex()], 2,
         "No such file"),
        (["ecdsa-verify"] + P + ["--pub-file", missing, "--msg", msg, "--sig", "00"], 2,
         "No such file"),
        (["ecdsa-verify"] + P + ["--pub-file", k1, "--msg", msg, "--sig", "00"], 2,
         "a private key, not a public key"),
        (V + ["--sig-file", missing], 2, "No such file"),
        (["ecdsa-verify", "--curve", "p999", "--pub", U, "--msg", msg, "--sig", "00"], 2,
         "unknown curve"),
        (V + ["--sig", good_der.hex(), "--in", k1], 2, "exclude"),
        (["ecdsa-verify"] + P + ["--pub", U, "--msg", "00", "--sig", good_der.hex()], 1,
         "invalid signature (does not verify)"),
        (V + ["--sig", "00", "--p1363"], 1, "invalid signature (1 bytes; a P1363 signature "
         "for P-256 is 64)"),
        (V + ["--sig", raw[:-1].hex(), "--p1363"], 1, "(63 bytes"),
        (V + ["--sig", (raw + b"\0").hex(), "--p1363"], 1, "(65 bytes"),
        (V + ["--sig", good_der.hex(), "--p1363"], 1, "invalid signature ("),
        (V + ["--sig", raw.hex()], 1, "not strict DER"),
        (V + ["--sig", ""], 1, "not strict DER"),
        (V + ["--sig", good_der[:-1].hex()], 1, "not strict DER"),
        (V + ["--sig", (good_der + b"\0").hex()], 1, "not strict DER"),
        (V + ["--sig", (b"\x30\x81" + good_der[1:]).hex()], 1, "not strict DER"),
        (V + ["--sig", sig_der(0, 1).hex()], 1, "r or s is 0"),
        (V + ["--sig", sig_der(int(A25_SIGS[0][1], 16), N).hex()], 1, "r or s"),
        (V + ["--sig", sig_der(1 << 256, 1).hex()], 1, "invalid signature"),
        (V + ["--sig", tlv(0x30, tlv(0x02, b"\0\x01") + der_int(1)).hex()], 1, "not strict DER"),
        (V + ["--sig", (b"\0" * 64).hex(), "--p1363"], 1, "r or s is 0"),
        (V + ["--sig-file", f("empty.sig", b"")], 1, "not strict DER"),
    ]
    # key files: --priv-file gives 1, the same as --pub-file of ecdsa-verify gives 2
    p384_oid = bytes.fromhex(CURVES["p384"]["oid"])
    kcases = [
        ("empty", b"", "not a key file (neither PEM nor DER)"),
        ("text", b"hello\n", "not a key file"),
        ("noend.pem", pem("PRIVATE KEY", b"\0" * 30)[:-25], "no END line"),
        ("badchar.pem", pem("PRIVATE KEY", pkcs8_der(sec1_der(X, Ub), oid)).replace(b"M", b"*", 1),
         "not base64"),
        ("badlen.pem", b"-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----\n",
         "multiple of 4"),
        ("afterpad.pem", b"-----BEGIN PRIVATE KEY-----\nMA==MA==\n-----END PRIVATE KEY-----\n",
         "after the '='"),
        ("encrypted.pem", pem("ENCRYPTED PRIVATE KEY", b"\x30\x00"),
         "encrypted private keys are not supported"),
        ("headers.pem", b"-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
         b"DEK-Info: AES-128-CBC,00\n\nMAA=\n-----END EC PRIVATE KEY-----\n", "PEM headers"),
        ("label.pem", pem("CERTIFICATE", b"\x30\x00"), "PEM label 'CERTIFICATE' is not a private"),
        ("pubkey.pem", pem("PUBLIC KEY", spki_der(Ub, oid)), "a public key, not a private key"),
        ("trunc.der", sec1_der(X, Ub, oid)[:-1], "malformed DER"),
        ("trunc2.der", pkcs8_der(sec1_der(X, Ub), oid)[:40], "malformed DER"),
        ("trailing.der", sec1_der(X, Ub, oid) + b"\0", "malformed DER"),
        ("extra-field.der", tlv(0x30, sec1_der(X, Ub, oid)[2:] + tlv(0x04, b"")),
         "unexpected field"),
        ("ber-length.der", b"\x30\x81" + sec1_der(X, None, oid)[1:], "malformed DER"),
        ("sec1-v2.der", sec1_der(X, Ub, oid, version=2), "unsupported ECPrivateKey version"),
        ("pkcs8-v2.der", pkcs8_der(sec1_der(X, Ub), oid, version=2),
         "unsupported PrivateKeyInfo version"),
        ("short.der", sec1_der(X[1:], None, oid), "the private key is 31 bytes, P-256 takes 32"),
        ("long.pem", pem("PRIVATE KEY", pkcs8_der(sec1_der(b"\0" + X), oid)), "33 bytes"),
        ("zero.der", sec1_der(b"\0" * 32, None, oid), "the private key is out of range"),
        ("n.der", sec1_der(N.to_bytes(32, "big"), None, oid), "out of range"),
        ("wrongpub.pem", pem("EC PRIVATE KEY", sec1_der(X, other_pub, oid)),
         "the public key in the file is not the private key's"),
        ("offpub.der", sec1_der(X, bytes.fromhex(off), oid),
         "the public key in the file is not a valid point"),
        ("p8wrongpub.der", pkcs8_der(sec1_der(X, None), oid, version=1, pub=other_pub),
         "is not the private key's"),
        ("p8twopubs.der", pkcs8_der(sec1_der(X, Ub), oid, version=1, pub=other_pub),
         "the two public keys in the file differ"),
        ("p8v0pub.der", pkcs8_der(sec1_der(X, Ub), oid, version=0, pub=Ub),
         "a public key in a version 0"),
        ("k1.der", sec1_der(X, None, bytes.fromhex("2b8104000a")),
         "unknown curve OID 1.3.132.0.10"),
        ("noparams.der", sec1_der(X, Ub), "no curve in the key"),
        ("explicit.der", tlv(0x30, der_int(1) + tlv(0x04, X) + tlv(0xa0, tlv(0x30, der_int(1)))),
         "explicit curve parameters are not supported"),
        ("p8explicit.der", tlv(0x30, der_int(0) + tlv(0x30, tlv(0x06, bytes.fromhex(
            OID_EC_PUBLIC_KEY)) + tlv(0x30, der_int(1))) + tlv(0x04, sec1_der(X, Ub))),
         "explicit curve parameters"),
        ("p8mismatch.der", pkcs8_der(sec1_der(X, Ub, bytes.fromhex("2b8104000a")), oid),
         "the curve of the ECPrivateKey differs"),
        ("ed25519.der", pkcs8_der(sec1_der(X), oid, alg=bytes.fromhex("2b6570")),
         "not an EC key (algorithm OID 1.3.101.112)"),
        ("big.pem", b"-" * (64 * 1024 + 1), "too large (more than 65536 bytes)"),
    ]
    if "p384" not in curves:
        kcases.append(("p384.der", sec1_der(b"\x01" * 48, None, p384_oid),
                       "curve P-384 is not built in (this build has: p256)"))
        cases.append((["pub", "--curve", "p384", "--priv", "01" * 48], 2,
                      "curve p384 is not built in (this build has: p256)"))
        cases.append((["ecdh", "--curve", "P-384", "--priv-file", k1, "--peer", U], 2,
                      "curve P-384 is not built in"))
        cases.append((["ecdsa-verify", "--curve", "secp384r1", "--pub", U, "--msg", msg,
                       "--sig", "00"], 2, "curve secp384r1 is not built in"))
    else:
        # a P-384 key where P-256 is asked for
        k384 = os.path.join(tmp, "k384.pem")
        run(ctc, ["keygen", "--curve", "p384", "--out", k384])
        cases.append((["pub", "--curve", "p256", "--priv-file", k384], 1,
                      "a P-384 key, but --curve is p256"))
    for name, data, text in kcases:
        path = f(name, data)
        cases.append((["pub", "--priv-file", path], 1, (path + ": ", text)))
        cases.append((["ecdsa-sign", "--priv-file", path, "--msg", "00"], 1, text))
        cases.append((["ecdh", "--priv-file", path, "--peer", U, "--curve", "p256"], 1, text))
    pcases = [
        ("spki-empty", b"", "not a key file"),
        ("spki-priv.pem", pem("PRIVATE KEY", pkcs8_der(sec1_der(X, Ub), oid)),
         "a private key, not a public key"),
        ("spki-label.pem", pem("CERTIFICATE", b"\x30\x00"), "PEM label 'CERTIFICATE' is not a "
         "public key"),
        ("spki-trunc.der", spki_der(Ub, oid)[:-1], "malformed DER (SubjectPublicKeyInfo)"),
        ("spki-trailing.der", spki_der(Ub, oid) + b"\0", "malformed DER"),
        ("spki-off.der", spki_der(bytes.fromhex(off), oid), "not a point of the curve"),
        ("spki-short.der", spki_der(Ub[:-1], oid), "wrong length"),
        ("spki-k1.pem", pem("PUBLIC KEY", spki_der(Ub, bytes.fromhex("2b8104000a"))),
         "unknown curve OID 1.3.132.0.10"),
        ("spki-explicit.der", tlv(0x30, tlv(0x30, tlv(0x06, bytes.fromhex(OID_EC_PUBLIC_KEY))
                                            + tlv(0x30, der_int(1))) + tlv(0x03, b"\0" + Ub)),
         "explicit curve parameters"),
        ("spki-rsa.der", tlv(0x30, tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010101"))
                                       + b"\x05\x00") + tlv(0x03, b"\0" + Ub)),
         "not an EC key (algorithm OID 1.2.840.113549.1.1.1)"),
    ]
    if "p384" not in curves:
        pcases.append(("spki-p384.der", spki_der(b"\x04" + b"\x01" * 96, p384_oid),
                       "curve P-384 is not built in"))
    for name, data, text in pcases:
        path = f(name, data)
        cases.append((["pub", "--pub-file", path], 1, (path + ": ", text)))
        cases.append((["ecdh", "--priv", A25_X, "--curve", "p256", "--peer-file", path], 1, text))
        cases.append((["ecdsa-verify", "--pub-file", path, "--msg", msg, "--sig",
                       good_der.hex()], 2, text))
    for args, status, text in cases:
        rc, out, err = run(ctc, args)
        lines = err.splitlines()
        ok = (rc == status and len(lines) == 1 and lines[0].startswith("ctc: ")
              and all(t in lines[0] for t in (text if isinstance(text, tuple) else (text,)))
              and out == "")
        g.check(ok, "%r: exit %d (want %d), stdout %r, stderr %r" % (args, rc, status, out, err))
    # accepted variants: PKCS#8 v2 with its [1] public key, attributes, SEC1 with
    # [0] inside PKCS#8, DER and PEM without a public key, CRLF line ends
    for name, data in [
            ("p8v2.der", pkcs8_der(sec1_der(X, Ub), oid, version=1, pub=Ub)),
            ("p8attrs.der", pkcs8_der(sec1_der(X, Ub), oid, attrs=tlv(0x30, b""))),
            ("p8params.der", pkcs8_der(sec1_der(X, Ub, oid), oid)),
            ("p8compressed.der", pkcs8_der(sec1_der(X, bytes.fromhex(
                run(ctc, ["pub"] + P + ["--priv", A25_X, "--compressed"])[1].strip())), oid)),
            ("sec1nopub.der", sec1_der(X, None, oid)),
            ("crlf.pem", pem("EC PRIVATE KEY", sec1_der(X, Ub, oid)).replace(b"\n", b"\r\n")),
            ("lead.pem", b"comment line\n" + pem("EC PRIVATE KEY", sec1_der(X, Ub, oid)))]:
        rc, out, err = run(ctc, ["pub", "--priv-file", f(name, data)])
        g.check(rc == 0 and out == U.lower() + "\n", "%s: %d %r" % (name, rc, err))
    rc, out, err = run(ctc, ["pub", "--pub-file", f("spki-c.der", spki_der(bytes.fromhex(
        run(ctc, ["pub"] + P + ["--priv", A25_X, "--compressed"])[1].strip()), oid))])
    g.check(rc == 0 and out == U.lower() + "\n", "compressed SPKI: %r" % err)
    g.end()


# ---- RSA ----------------------------------------------------------------------

RSA_HASHES = ["sha256", "sha384", "sha512"]
OID_RSA = "2a864886f70d010101"


def der_parse(der):
    """[(tag, content)] of the elements of der (definite lengths only)"""
    out, i = [], 0
    while i < len(der):
        tag, n = der[i], der[i + 1]
        i += 2
        if n & 0x80:
            k = n & 0x7f
            n = int.from_bytes(der[i:i + k], "big")
            i += k
        out.append((tag, der[i:i + n]))
        i += n
    return out


def rsa_ints(pkcs1_der):
    """the integers of a PKCS#1 RSAPrivateKey (version, n, e, d, p, q, dp, dq, qinv)"""
    (tag, body), = der_parse(pkcs1_der)
    return [int.from_bytes(c, "big") for t, c in der_parse(body)]


def rsa_priv_der(v):
    return tlv(0x30, b"".join(der_int(x) for x in v))


def rsa_pub_der(n, e):
    return tlv(0x30, der_int(n) + der_int(e))


def rsa_spki_der(n, e, alg=None):
    alg = alg if alg is not None else tlv(0x30, tlv(0x06, bytes.fromhex(OID_RSA)) + b"\x05\x00")
    return tlv(0x30, alg + tlv(0x03, b"\0" + rsa_pub_der(n, e)))


def rsa_pkcs8_der(priv, version=0):
    alg = tlv(0x30, tlv(0x06, bytes.fromhex(OID_RSA)) + b"\x05\x00")
    return tlv(0x30, der_int(version) + alg + tlv(0x04, priv))


def rsa_keys(tmp):
    """one openssl key in every form openssl writes, one ctc key and its public key"""
    k = {}
    b = os.path.join(tmp, "rsa-o")
    k["o.pkcs8.pem"] = b + ".pkcs8.pem"
    ossl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
          "-out", k["o.pkcs8.pem"]])
    for form, args in (("o.pkcs8.der", ["pkcs8", "-topk8", "-nocrypt", "-outform", "DER"]),
                       ("o.pkcs1.pem", ["rsa", "-traditional"]),
                       ("o.pkcs1.der", ["rsa", "-traditional", "-outform", "DER"]),
                       ("o.spki.pem", ["pkey", "-pubout"]),
                       ("o.spki.der", ["pkey", "-pubout", "-outform", "DER"]),
                       ("o.rsapub.pem", ["rsa", "-RSAPublicKey_out"]),
                       ("o.rsapub.der", ["rsa", "-RSAPublicKey_out", "-outform", "DER"])):
        k[form] = b + "." + form[2:]
        ossl(args + ["-in", k["o.pkcs8.pem"], "-out", k[form]])
    return k


def test_rsa_keygen(total, ctc, tmp, keys):
    g = Group(total, "ctc rsa-keygen: openssl pkey -check reads every type and format, "
              "rewrites them identically")
    for bits, typ, fmt in ((2048, "pkcs8", "pem"), (2048, "pkcs1", "der"),
                           (3072, "pkcs1", "pem"), (2048, "pkcs8", "der")):
        path = os.path.join(tmp, "rsa-kg-%d-%s.%s" % (bits, typ, fmt))
        rc, out, err = run(ctc, ["rsa-keygen", "--bits", str(bits), "--type", typ,
                                 "--format", fmt, "--out", path])
        g.check(rc == 0 and out == "" and err == "", "%d %s %s: %d %r" % (bits, typ, fmt, rc, err))
        g.check(os.path.exists(path) and os.stat(path).st_mode & 0o777 == 0o600,
                "%s: mode 0600" % path)
        inform = ["-inform", "DER"] if fmt == "der" else []
        rc2, text = ossl(["pkey", "-check", "-noout", "-text"] + inform + ["-in", path])
        g.check(rc2 == 0 and ("Private-Key: (%d bit, 2 primes)" % bits).encode() in text
                and b"publicExponent: 65537" in text,
                "openssl pkey -check %s: %d %r" % (path, rc2, text[:60]))
        # (openssl 3.0's pkey -outform DER writes PKCS#1)
        again = (["rsa", "-traditional"] if typ == "pkcs1" else
                 ["pkcs8", "-topk8", "-nocrypt"] if fmt == "der" else ["pkey"]) + inform + [
            "-in", path, "-outform", fmt.upper()]
        rc2, back = ossl(again)
        g.check(rc2 == 0 and back == read(path), "openssl rewrites %s identically" % path)
        if fmt == "pem":
            g.check(read(path).startswith(b"-----BEGIN %s-----\n" % (
                b"PRIVATE KEY" if typ == "pkcs8" else b"RSA PRIVATE KEY")), "%s label" % path)
    # the default: 2048 bits, PEM PKCS#8 on standard output
    rc, out, err = run_raw(ctc, ["rsa-keygen"])
    p = write(os.path.join(tmp, "rsa-kg-stdout.pem"), out)
    rc2, text = ossl(["pkey", "-check", "-noout", "-text", "-in", p])
    g.check(rc == 0 and out.startswith(b"-----BEGIN PRIVATE KEY-----\n") and rc2 == 0
            and b"(2048 bit, 2 primes)" in text, "default keygen: %d %r" % (rc, err))
    keys["c.pkcs8.pem"] = p
    keys["c.spki.pem"] = os.path.join(tmp, "rsa-c.spki.pem")
    ossl(["pkey", "-in", p, "-pubout", "-out", keys["c.spki.pem"]])
    # two keys differ
    g.check(read(p) != read(os.path.join(tmp, "rsa-kg-2048-pkcs8.pem")), "two keys differ")
    g.end()


def test_rsa_pub(total, ctc, tmp, keys):
    g = Group(total, "ctc rsa-pub: SubjectPublicKeyInfo and PKCS#1 public keys = openssl's "
              "bytes, from every key form")
    want = {("spki", "pem"): read(keys["o.spki.pem"]), ("spki", "der"): read(keys["o.spki.der"]),
            ("pkcs1", "pem"): read(keys["o.rsapub.pem"]),
            ("pkcs1", "der"): read(keys["o.rsapub.der"])}
    out_path = os.path.join(tmp, "rsa-pub.out")
    for src, opt in (("o.pkcs8.pem", "--key"), ("o.pkcs1.der", "--key"), ("o.pkcs8.der", "--pub"),
                     ("o.spki.der", "--pub"), ("o.rsapub.pem", "--pub")):
        for (typ, fmt), w in sorted(want.items()):
            rc, out, err = run_raw(ctc, ["rsa-pub", opt, keys[src], "--type", typ,
                                         "--format", fmt])
            g.check(rc == 0 and out == w and err == "", "%s %s %s %s: %d %r"
                    % (opt, src, typ, fmt, rc, err))
    # the defaults (SPKI, PEM) into a file
    rc, out, err = run_raw(ctc, ["rsa-pub", "--key", keys["o.pkcs1.pem"], "--out", out_path])
    g.check(rc == 0 and out == b"" and read(out_path) == want[("spki", "pem")],
            "defaults: %d %r" % (rc, err))
    # a ctc key: openssl pkey -pubout's bytes
    rc, out, err = run_raw(ctc, ["rsa-pub", "--key", keys["c.pkcs8.pem"]])
    g.check(rc == 0 and out == read(keys["c.spki.pem"]), "ctc key: %d %r" % (rc, err))
    g.end()


def test_rsa_sign(total, ctc, tmp, keys):
    g = Group(total, "ctc rsa-sign/rsa-verify vs openssl dgst and pkeyutl, PKCS#1 v1.5 and "
              "PSS, sha256/384/512, both ways, every key form")
    msg = write(os.path.join(tmp, "rsa-msg.bin"), b"The quick brown fox " * 60)
    other = write(os.path.join(tmp, "rsa-msg2.bin"), b"The quick brown fox " * 59)
    data = read(msg)
    sig = os.path.join(tmp, "rsa.sig")
    osig = os.path.join(tmp, "rsa-o.sig")
    priv_forms = ["o.pkcs8.pem", "o.pkcs8.der", "o.pkcs1.pem", "o.pkcs1.der", "c.pkcs8.pem"]
    pub_forms = ["o.spki.pem", "o.spki.der", "o.rsapub.pem", "o.rsapub.der", "o.pkcs8.pem",
                 "o.pkcs1.der"]
    i = 0
    for alg in RSA_HASHES:
        for scheme in ("pkcs1", "pss"):
            pss = ["-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest"] \
                if scheme == "pss" else []
            # ctc signs, openssl verifies (dgst; pkeyutl on the digest)
            kf = priv_forms[i % len(priv_forms)]
            pub = keys["c.spki.pem" if kf.startswith("c.") else "o.spki.pem"]
            i += 1
            rc, out, err = run(ctc, ["rsa-sign", "--key", keys[kf], "--hash", alg,
                                     "--scheme", scheme, "--in", msg, "--out", sig])
            g.check(rc == 0 and out == "" and err == "" and len(read(sig)) == 256,
                    "%s %s %s: sign %d %r" % (alg, scheme, kf, rc, err))
            rc2, _ = ossl(["dgst", "-" + alg, "-verify", pub, "-signature", sig] + pss + [msg])
            g.check(rc2 == 0, "%s %s %s: openssl dgst -verify" % (alg, scheme, kf))
            dg = write(os.path.join(tmp, "rsa-digest.bin"), hashlib.new(alg, data).digest())
            rc2, _ = ossl(["pkeyutl", "-verify", "-pubin", "-inkey", pub, "-in", dg, "-sigfile",
                           sig, "-pkeyopt", "digest:" + alg] + [x.replace("-sigopt", "-pkeyopt")
                                                                for x in pss])
            g.check(rc2 == 0, "%s %s %s: openssl pkeyutl -verify" % (alg, scheme, kf))
            rc2, _ = ossl(["dgst", "-" + alg, "-verify", pub, "-signature", sig] + pss + [other])
            g.check(rc2 != 0, "%s %s: openssl accepted another message" % (alg, scheme))
            if scheme == "pkcs1":
                # deterministic: the same bytes as openssl's
                rc2, want = ossl(["dgst", "-" + alg, "-sign", keys[kf]] + [msg]
                                 if not kf.endswith(".der") else
                                 ["dgst", "-" + alg, "-sign", keys[kf], "-keyform", "DER", msg])
                g.check(rc2 == 0 and want == read(sig), "%s pkcs1 %s: = openssl's bytes"
                        % (alg, kf))
            else:
                # randomized salt: two signatures differ
                rc, s2, err = run_raw(ctc, ["rsa-sign", "--key", keys[kf], "--hash", alg,
                                            "--scheme", "pss"], stdin=data)
                g.check(rc == 0 and len(s2) == 256 and s2 != read(sig), "pss salt is fresh")
            # openssl signs, ctc verifies with every public key form
            ossl(["dgst", "-" + alg, "-sign", keys["o.pkcs8.pem"], "-out", osig] + pss + [msg])
            for pf in pub_forms:
                rc, out, err = run(ctc, ["rsa-verify", "--pub", keys[pf], "--hash", alg,
                                         "--scheme", scheme, "--sig", osig, "--in", msg])
                g.check(rc == 0 and out == "OK\n" and err == "",
                        "%s %s %s: ctc verify of openssl: %d %r" % (alg, scheme, pf, rc, err))
            # the message on standard input (the default)
            rc, out, err = run(ctc, ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", alg,
                                     "--scheme", scheme, "--sig", osig], stdin=data)
            g.check(rc == 0 and out == "OK\n", "%s %s: stdin: %d %r" % (alg, scheme, rc, err))
            # what must not verify: exit 1, one line
            s = read(osig)
            flipped = write(os.path.join(tmp, "rsa-flip.sig"), s[:100] + bytes([s[100] ^ 1])
                            + s[101:])
            for what, args, text in (
                    ("another message", ["--sig", osig, "--in", other], "does not verify"),
                    ("a flipped bit", ["--sig", flipped, "--in", msg], "does not verify"),
                    ("another hash", ["--sig", osig, "--in", msg, "--hash",
                                      "sha512" if alg != "sha512" else "sha256"],
                     "does not verify"),
                    ("the other scheme", ["--sig", osig, "--in", msg, "--scheme",
                                          "pss" if scheme == "pkcs1" else "pkcs1"],
                     "does not verify"),
                    # (the signature may exceed the other modulus)
                    ("another key", ["--sig", osig, "--in", msg, "--pub", keys["c.spki.pem"]],
                     "invalid signature")):
                a = ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", alg,
                     "--scheme", scheme] + args
                rc, out, err = run(ctc, a)
                g.check(rc == 1 and out == "" and len(err.splitlines()) == 1 and text in err,
                        "%s %s %s: %d %r %r" % (alg, scheme, what, rc, out, err))
    # PSS with another salt length than the digest's is refused (openssl's -1 max)
    ossl(["dgst", "-sha256", "-sign", keys["o.pkcs8.pem"], "-out", osig, "-sigopt",
          "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:max", msg])
    rc, out, err = run(ctc, ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", "sha256",
                             "--scheme", "pss", "--sig", osig, "--in", msg])
    g.check(rc == 1 and "does not verify" in err, "pss saltlen max: %d %r" % (rc, err))
    # ... and accepted with --salt-len max or auto (and 222, its value for 2048 bits)
    for sl in ("max", "auto", "222"):
        rc, out, err = run(ctc, ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", "sha256",
                                 "--scheme", "pss", "--salt-len", sl, "--sig", osig, "--in", msg])
        g.check(rc == 0 and out == "OK\n", "pss --salt-len %s: %d %r" % (sl, rc, err))
    rc, out, err = run(ctc, ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", "sha256",
                             "--scheme", "pss", "--salt-len", "221", "--sig", osig, "--in", msg])
    g.check(rc == 1 and "does not verify" in err, "pss --salt-len 221: %d %r" % (rc, err))
    # ctc signs with other salt lengths, openssl verifies with the same (and auto)
    for sl, osl in (("0", "0"), ("max", "max"), ("20", "20"), ("digest", "digest")):
        rc, out, err = run(ctc, ["rsa-sign", "--key", keys["o.pkcs8.pem"], "--hash", "sha512",
                                 "--scheme", "pss", "--salt-len", sl, "--in", msg, "--out", sig])
        for v in (osl, "auto"):
            rc2, _ = ossl(["dgst", "-sha512", "-verify", keys["o.spki.pem"], "-signature", sig,
                           "-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:" + v,
                           msg])
            g.check(rc == 0 and rc2 == 0, "ctc pss --salt-len %s, openssl saltlen %s: %d %r"
                    % (sl, v, rc, err))
        rc, out, err = run(ctc, ["rsa-verify", "--pub", keys["o.spki.pem"], "--hash", "sha512",
                                 "--scheme", "pss", "--salt-len", sl, "--sig", sig, "--in", msg])
        g.check(rc == 0 and out == "OK\n", "ctc verify --salt-len %s: %d %r" % (sl, rc, err))
        if sl == "0":
            # a salt of 0 bytes: deterministic
            rc, s2, err = run_raw(ctc, ["rsa-sign", "--key", keys["o.pkcs8.pem"], "--hash",
                                        "sha512", "--scheme", "pss", "--salt-len", "0", "--in",
                                        msg])
            g.check(rc == 0 and s2 == read(sig), "pss salt 0 is deterministic")
    # the signature on standard output, the message from a file
    rc, out, err = run_raw(ctc, ["rsa-sign", "--key", keys["o.pkcs1.pem"], "--hash", "sha256",
                                 "--in", msg])
    rc2, want = ossl(["dgst", "-sha256", "-sign", keys["o.pkcs8.pem"], msg])
    g.check(rc == 0 and out == want, "signature on stdout: %d %r" % (rc, err))
    # a 1024-bit public key verifies (private keys need 2048 bits)
    k1024 = os.path.join(tmp, "rsa-1024.pem")
    ossl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", k1024])
    ossl(["pkey", "-in", k1024, "-pubout", "-out", k1024 + ".pub"])
    ossl(["dgst", "-sha256", "-sign", k1024, "-out", osig, msg])
    rc, out, err = run(ctc, ["rsa-verify", "--pub", k1024 + ".pub", "--hash", "sha256",
                             "--sig", osig, "--in", msg])
    g.check(rc == 0 and out == "OK\n", "1024-bit verify: %d %r" % (rc, err))
    keys["1024"] = k1024
    keys["1024.pub"] = k1024 + ".pub"
    g.end()


def test_rsa_encrypt(total, ctc, tmp, keys):
    g = Group(total, "ctc rsa-encrypt/rsa-decrypt vs openssl pkeyutl, OAEP sha256/384/512 "
              "and PKCS#1 v1.5, both ways; implicit rejection = the draft's (Python)")
    ct = os.path.join(tmp, "rsa.ct")
    pt = os.path.join(tmp, "rsa.pt")
    rnd = random.Random(8017)
    for scheme, alg in (("oaep", "sha256"), ("oaep", "sha384"), ("oaep", "sha512"),
                        ("pkcs1", None)):
        if scheme == "oaep":
            hl = hashlib.new(alg).digest_size
            most = 256 - 2 * hl - 2
            opts = ["-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:" + alg,
                    "-pkeyopt", "rsa_mgf1_md:" + alg]
            cargs = ["--scheme", "oaep", "--hash", alg] if alg != "sha256" else []
        else:
            most = 256 - 11
            opts = ["-pkeyopt", "rsa_padding_mode:pkcs1"]
            cargs = ["--scheme", "pkcs1"]
        for n in (1, 17, most):
            m = bytes(rnd.getrandbits(8) for _ in range(n))
            # ctc encrypts (standard input to standard output), openssl decrypts
            rc, c, err = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.spki.pem"]] + cargs,
                                 stdin=m)
            g.check(rc == 0 and len(c) == 256 and err == "", "%s %s %d: encrypt %d %r"
                    % (scheme, alg, n, rc, err))
            write(ct, c)
            rc2, back = ossl(["pkeyutl", "-decrypt", "-inkey", keys["o.pkcs8.pem"], "-in", ct]
                             + opts)
            g.check(rc2 == 0 and back == m, "%s %s %d: openssl decrypt" % (scheme, alg, n))
            # openssl encrypts, ctc decrypts (files)
            src = write(os.path.join(tmp, "rsa.msg"), m)
            ossl(["pkeyutl", "-encrypt", "-pubin", "-inkey", keys["o.spki.pem"], "-in", src,
                  "-out", ct] + opts)
            rc, out, err = run_raw(ctc, ["rsa-decrypt", "--key", keys["o.pkcs1.der"], "--in",
                                         ct, "--out", pt] + cargs)
            g.check(rc == 0 and out == b"" and err == "" and read(pt) == m
                    and os.stat(pt).st_mode & 0o777 == 0o600,
                    "%s %s %d: ctc decrypt of openssl: %d %r" % (scheme, alg, n, rc, err))
            os.unlink(pt)
        # one byte too many: refused, nothing written
        rc, out, err = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.rsapub.der"]] + cargs,
                               stdin=b"x" * (most + 1))
        g.check(rc == 1 and out == b"" and ("at most %d" % most) in err,
                "%s %s too long: %d %r" % (scheme, alg, rc, err))
        # the empty message
        rc, c, err = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.pkcs8.pem"]] + cargs)
        rc2, out, err2 = run_raw(ctc, ["rsa-decrypt", "--key", keys["o.pkcs8.pem"]] + cargs,
                                 stdin=c)
        g.check(rc == 0 and rc2 == 0 and out == b"", "%s empty: %d %d %r" % (scheme, rc, rc2,
                                                                             err2))
    # OAEP failures: exit 1, one line, nothing written (not even the --out file)
    m = b"attack at dawn"
    rc, c, err = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.spki.pem"]], stdin=m)
    for what, args, data in (("wrong hash", ["--hash", "sha384"], c),
                             ("another key", ["--key", keys["c.pkcs8.pem"]], c),
                             ("a flipped bit", [], c[:200] + bytes([c[200] ^ 4]) + c[201:]),
                             ("a PKCS#1 v1.5 ciphertext", [], None)):
        if data is None:
            rc, data, err = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.spki.pem"],
                                          "--scheme", "pkcs1"], stdin=m)
        a = ["rsa-decrypt", "--out", pt] + (args if "--key" in args else
                                            ["--key", keys["o.pkcs8.pem"]] + args)
        rc, out, err = run_raw(ctc, a, stdin=data)
        want = "decryption failed"
        if "--key" in args:
            # the other key is random: the ciphertext may not be below its
            # modulus (a public range check with its own message)
            _, mod = ossl(["rsa", "-in", keys["c.pkcs8.pem"], "-noout", "-modulus"])
            n_c = int(mod.decode().strip().split("=", 1)[1], 16)
            if int.from_bytes(data, "big") >= n_c:
                want = "the ciphertext is not below the modulus"
        g.check(rc == 1 and out == b"" and err == "ctc: rsa-decrypt: %s\n" % want
                and not os.path.exists(pt), "OAEP %s: %d %r" % (what, rc, err))
    # PKCS#1 v1.5: valid and invalid paddings, each = the draft's reference
    # (tools/gen_rsa_ir.py, Python integers), never an error
    import gen_rsa_ir
    v = rsa_ints(read(keys["o.pkcs1.der"]))
    n, e, d = v[1], v[2], v[3]
    synth = 0
    for i in range(6):
        if i < 2:
            c = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.spki.pem"], "--scheme", "pkcs1"],
                        stdin=bytes([i]) * (10 + i))[1]
        elif i < 4:
            c = run_raw(ctc, ["rsa-encrypt", "--pub", keys["o.spki.pem"]], stdin=m)[1]
        else:
            c = pow(rnd.randrange(n), e, n).to_bytes(256, "big")
        want = gen_rsa_ir.decrypt(n, d, c)
        rc, out, err = run_raw(ctc, ["rsa-decrypt", "--key", keys["o.pkcs8.der"], "--scheme",
                                     "pkcs1"], stdin=c)
        g.check(rc == 0 and want is not None and out == want[0] and err == "",
                "pkcs1 ciphertext %d: %d %r (synthetic: %r)" % (i, rc, err, want and want[1]))
        synth += bool(want and want[1])
        if i == 0:
            g.check(out == b"\0" * 10, "pkcs1 valid message")
    g.check(synth >= 4, "synthetic messages tested: %d" % synth)
    g.end()


def test_rsa_errors(total, ctc, tmp, keys):
    g = Group(total, "ctc RSA errors: one line on stderr, the documented exit status, "
              "nothing on stdout")
    f = lambda name, data: write(os.path.join(tmp, "rsa-bad-" + name), data)  # noqa: E731
    missing = os.path.join(tmp, "no-such-file")
    msg = f("msg", b"message")
    sig = os.path.join(tmp, "rsa-err.sig")
    ossl(["dgst", "-sha256", "-sign", keys["o.pkcs8.pem"], "-out", sig, msg])
    v = rsa_ints(read(keys["o.pkcs1.der"]))
    ver, n, e, d, p, q, dp, dq, qinv = v
    ec = os.path.join(tmp, "rsa-bad-ec.pem")
    ossl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", ec])
    ecpub = os.path.join(tmp, "rsa-bad-ec.pub.pem")
    ossl(["pkey", "-in", ec, "-pubout", "-out", ecpub])
    enc = os.path.join(tmp, "rsa-bad-enc.pem")
    ossl(["pkey", "-in", keys["o.pkcs8.pem"], "-aes128", "-passout", "pass:x", "-out", enc])
    cert = os.path.join(tmp, "rsa-bad-cert.pem")
    ossl(["req", "-x509", "-new", "-key", keys["o.pkcs8.pem"], "-subj", "/CN=x", "-days", "1",
          "-out", cert])
    good = rsa_priv_der(v)
    # bad key files: (name, data, message part); as --key (exit 1) and --pub (exit 2)
    priv_cases = [
        ("garbage", b"hello world\n", "not a key file"),
        ("empty", b"", "not a key file"),
        ("trailing.der", good + b"\0", "malformed DER"),
        ("truncated.der", good[:-1], "malformed DER"),
        ("cut.der", good[:4], "malformed DER"),
        ("notder", b"\x02\x01\x00", "not a key file"),
        ("truncated.pem", pem("RSA PRIVATE KEY", good)[:200], "malformed PEM"),
        ("label.pem", pem("DSA PRIVATE KEY", good), "PEM label is not an RSA key"),
        ("pq.der", rsa_priv_der([0, n, e, d, p + 2, q, dp, dq, qinv]), "p q is not n"),
        ("d.der", rsa_priv_der([0, n, e, d + 2, p, q, dp, dq, qinv]), "d does not agree"),
        ("qinv.der", rsa_priv_der([0, n, e, d, p, q, dp, dq, qinv + 1]), "qinv, dp or dq"),
        ("version.der", rsa_priv_der([1, n, e, d, p, q, dp, dq, qinv]), "unsupported key version"),
        ("p8version.der", rsa_pkcs8_der(good, 1), "unsupported key version"),
        ("negative.der", tlv(0x30, der_int(0) + der_int(n) + der_int(e) + tlv(0x02, b"\xff")
                             + b"".join(der_int(x) for x in (p, q, dp, dq, qinv))),
         "negative integer"),
    ]
    pub_cases = [
        ("neven.der", rsa_pub_der(n + 1, e), "the modulus is even"),
        ("eeven.der", rsa_spki_der(n, 65538), "the public exponent is even"),
        ("eone.der", rsa_spki_der(n, 1), "the public exponent is 1"),
        ("elarge.der", rsa_spki_der(n, 1 << 32 | 1), "2^32 or more"),
        ("n512.der", rsa_spki_der((1 << 511) | 1, 65537), "unsupported key size"),
        ("alg.der", rsa_spki_der(n, e, tlv(0x30, tlv(0x06, bytes.fromhex(OID_RSA)))),
         "not an RSA key"),
    ]
    cases = []
    for name, data, text in priv_cases:
        path = f(name, data)
        cases.append((["rsa-sign", "--key", path, "--hash", "sha256", "--in", msg], 1,
                      (path + ": ", text)))
        cases.append((["rsa-verify", "--pub", path, "--hash", "sha256", "--sig", sig, "--in",
                       msg], 2, (path + ": ", text)))
    for name, data, text in pub_cases:
        path = f(name, data)
        cases.append((["rsa-encrypt", "--pub", path, "--in", msg], 1, (path + ": ", text)))
        cases.append((["rsa-verify", "--pub", path, "--hash", "sha256", "--sig", sig, "--in",
                       msg], 2, (path + ": ", text)))
    for path, text in ((ec, "not an RSA key"), (enc, "encrypted private keys"),
                       (cert, "a certificate, not a key"), (missing, "No such file"),
                       (keys["1024"], "unsupported private key size (2048 to 4096 bits)")):
        cases.append((["rsa-decrypt", "--key", path, "--in", msg], 1, (path + ": ", text)))
    for path, text in ((ecpub, "not an RSA key"), (cert, "a certificate"),
                       (missing, "No such file")):
        cases.append((["rsa-verify", "--pub", path, "--hash", "sha256", "--sig", sig, "--in",
                       msg], 2, (path + ": ", text)))
        cases.append((["rsa-encrypt", "--pub", path, "--in", msg], 1, (path + ": ", text)))
    for form in ("o.spki.pem", "o.rsapub.der"):
        cases.append((["rsa-sign", "--key", keys[form], "--hash", "sha256", "--in", msg], 1,
                      "a public key, not a private key"))
    K = keys["o.pkcs8.pem"]
    P = keys["o.spki.pem"]
    cases += [
        (["rsa-sign", "--hash", "sha256", "--in", msg], 2, "needs --key"),
        (["rsa-sign", "--key", K, "--in", msg], 2, "needs --hash"),
        (["rsa-sign", "--key", K, "--hash", "sha224", "--in", msg], 2, "unknown --hash"),
        (["rsa-sign", "--key", K, "--hash", "md5", "--in", msg], 2, "unknown --hash"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--scheme", "oaep"], 2,
         "unknown --scheme (pkcs1 or pss): oaep"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--in", missing], 1, "No such file"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--curve", "p256"], 2,
         "rsa-sign: takes no --curve"),
        (["rsa-sign", "--key", K, "--hash", "sha256", msg], 2, "takes no file arguments"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--in", msg, "--out",
          os.path.join(missing, "x")], 1, "No such file"),
        (["rsa-verify", "--hash", "sha256", "--sig", sig, "--in", msg], 2, "needs --pub"),
        (["rsa-verify", "--pub", P, "--sig", sig, "--in", msg], 2, "needs --hash"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--in", msg], 2, "needs --sig"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", missing, "--in", msg], 2,
         "No such file"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", sig, "--in", missing], 2,
         "No such file"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", "-", "--in", "-"], 2,
         "two inputs from standard input"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", "-"], 2,
         "two inputs from standard input"),
        (["rsa-sign", "--key", "-", "--hash", "sha256"], 2, "two inputs from standard input"),
        (["rsa-decrypt", "--key", "-", "--in", "-"], 2, "two inputs from standard input"),
        (["rsa-encrypt", "--pub", "-"], 2, "two inputs from standard input"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--scheme", "x", "--sig", sig], 2,
         "unknown --scheme"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--out", sig, "--sig", sig], 2,
         "takes no --out"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", f("short.sig", b"\1" * 255),
          "--in", msg], 1, "invalid signature (255 bytes; this key's are 256)"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", f("long.sig", b"\1" * 600),
          "--in", msg], 1, "invalid signature (600 bytes; this key's are 256)"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", f("big.sig", b"\xff" * 256),
          "--in", msg], 1, "invalid signature (not below the modulus)"),
        (["rsa-verify", "--pub", keys["1024"], "--hash", "sha256", "--sig", sig, "--in", msg],
         2, "unsupported private key size (2048 to 4096 bits; a smaller key's public key"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--salt-len", "20"], 2,
         "--salt-len is for --scheme pss"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--scheme", "pss", "--salt-len", "auto"],
         2, "unknown --salt-len (digest, max or a number of bytes): auto"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--scheme", "pss", "--salt-len", "-1"],
         2, "unknown --salt-len"),
        (["rsa-sign", "--key", K, "--hash", "sha256", "--scheme", "pss", "--salt-len", "223",
          "--in", msg], 1, "a salt of 223 bytes does not fit a 2048-bit key with this hash "
         "(at most 222)"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--scheme", "pss", "--salt-len", "x",
          "--sig", sig], 2, "unknown --salt-len (digest, max, auto or a number of bytes): x"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--salt-len", "auto", "--sig", sig], 2,
         "--salt-len is for --scheme pss"),
        (["rsa-verify", "--pub", P, "--hash", "sha256", "--scheme", "pss", "--salt-len", "223",
          "--sig", sig, "--in", msg], 2, "too small for PSS with this hash and salt length"),
        (["rsa-encrypt", "--pub", P, "--salt-len", "20"], 2, "takes no --salt-len"),
        (["hash", "--salt-len", "20"], 2, "takes no --salt-len"),
        (["rsa-verify", "--pub", keys["1024.pub"], "--hash", "sha512", "--scheme", "pss", "--sig",
          f("s128.sig", b"\1" * 128), "--in", msg], 2, "too small for PSS"),
        (["rsa-encrypt", "--in", msg], 2, "needs --pub"),
        (["rsa-encrypt", "--pub", P, "--scheme", "pss"], 2, "unknown --scheme (oaep or pkcs1)"),
        (["rsa-encrypt", "--pub", P, "--scheme", "pkcs1", "--hash", "sha256"], 2,
         "--hash is for --scheme oaep"),
        (["rsa-encrypt", "--pub", P, "--hash", "sha1"], 2, "unknown --hash"),
        (["rsa-encrypt", "--pub", P, "--in", missing], 1, "No such file"),
        (["rsa-encrypt", "--pub", keys["1024.pub"], "--hash", "sha512", "--in", msg], 1,
         "too small for OAEP"),
        (["rsa-encrypt", "--pub", P, "--sig", sig], 2, "takes no --sig"),
        (["rsa-decrypt", "--in", msg], 2, "needs --key"),
        (["rsa-decrypt", "--key", K, "--in", msg], 1, "the ciphertext is 7 bytes; this key's "
         "are 256"),
        (["rsa-decrypt", "--key", K, "--in", f("big.ct", b"\xff" * 256)], 1,
         "not below the modulus"),
        (["rsa-decrypt", "--key", K, "--scheme", "pkcs1", "--in", f("big.ct", b"\xff" * 256)],
         1, "not below the modulus"),
        (["rsa-decrypt", "--key", K, "--scheme", "pkcs1", "--hash", "sha256"], 2,
         "--hash is for --scheme oaep"),
        (["rsa-decrypt", "--key", K, "--in", missing], 1, "No such file"),
        (["rsa-decrypt", "--key", K, "--bits", "2048"], 2, "takes no --bits"),
        (["rsa-keygen", "--bits", "1024"], 2, "--bits 1024: an even number of bits, 2048 to"),
        (["rsa-keygen", "--bits", "2047"], 2, "an even number of bits"),
        (["rsa-keygen", "--bits", "8192"], 2, "an even number of bits"),
        (["rsa-keygen", "--bits", "2k"], 2, "an even number of bits"),
        (["rsa-keygen", "--bits", "-2048"], 2, "an even number of bits"),
        (["rsa-keygen", "--bits", ""], 2, "an even number of bits"),
        (["rsa-keygen", "--type", "sec1"], 2, "unknown --type (pkcs8 or pkcs1): sec1"),
        (["rsa-keygen", "--format", "txt"], 2, "unknown --format (pem or der): txt"),
        (["rsa-keygen", "--key", K], 2, "takes no --key"),
        (["rsa-keygen", "--out", os.path.join(missing, "k.pem")], 1, "No such file"),
        (["rsa-keygen", "--bits"], 2, "missing value after --bits"),
        (["rsa-pub"], 2, "needs --key FILE or --pub FILE"),
        (["rsa-pub", "--key", K, "--pub", P], 2, "--key and --pub exclude each other"),
        (["rsa-pub", "--key", P], 1, "a public key, not a private key"),
        (["rsa-pub", "--pub", missing], 1, "No such file"),
        (["rsa-pub", "--pub", P, "--type", "pkcs8"], 2, "unknown --type (spki or pkcs1): pkcs8"),
        (["rsa-pub", "--pub", P, "--format", "txt"], 2, "unknown --format (pem or der): txt"),
        (["rsa-pub", "--pub", P, "--hash", "sha256"], 2, "rsa-pub: takes no --hash"),
        (["rsa-pub", "--pub", P, "--out", os.path.join(missing, "p")], 1, "No such file"),
    ]
    for args, status, text in cases:
        rc, out, err = run(ctc, args)
        lines = err.splitlines()
        ok = (rc == status and len(lines) == 1 and lines[0].startswith("ctc: ")
              and all(t in lines[0] for t in (text if isinstance(text, tuple) else (text,)))
              and out == "")
        g.check(ok, "%r: exit %d (want %d), stdout %r, stderr %r" % (args, rc, status, out, err))
    # the key from standard input, the signature from standard input
    rc, out, err = run_raw(ctc, ["rsa-sign", "--key", "-", "--hash", "sha256", "--in", msg],
                           stdin=read(keys["o.pkcs1.der"]))
    g.check(rc == 0 and out == read(sig), "--key -: %d %r" % (rc, err))
    rc, out, err = run(ctc, ["rsa-verify", "--pub", P, "--hash", "sha256", "--sig", "-",
                             "--in", msg], stdin=read(sig))
    g.check(rc == 0 and out == "OK\n", "--sig -: %d %r" % (rc, err))
    # accepted variants: CRLF line ends, text before the PEM block, PKCS#8 from parts
    for name, data in (("crlf.pem", pem("RSA PRIVATE KEY", good).replace(b"\n", b"\r\n")),
                       ("lead.pem", b"comment\n" + pem("PRIVATE KEY", rsa_pkcs8_der(good))),
                       ("p8.der", rsa_pkcs8_der(good))):
        rc, out, err = run(ctc, ["rsa-sign", "--key", f(name, data), "--hash", "sha256",
                                 "--in", msg, "--out", os.path.join(tmp, "rsa-v.sig")])
        g.check(rc == 0 and read(os.path.join(tmp, "rsa-v.sig")) == read(sig),
                "%s: %d %r" % (name, rc, err))
    g.end()


# ---- AES ----------------------------------------------------------------------

AES_SIZES = [0, 1, 15, 16, 17, 4096]
AES_KEYS = [16, 24, 32]
BIG = 5 << 20              # the large input, streamed through a pipe
WYCHEPROOF = os.path.join(ROOT, "tests", "vectors", "wycheproof")


def aes_ref():
    """Python's cryptography module's AESGCM and AESCCM if it is installed
    (tools/deps.sh does not install it: without it the AEAD commands are
    checked with Wycheproof's known answers and round trips only)."""
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM
    except ImportError:
        return None
    return AESGCM, AESCCM


def ctc_bytes(ctc, args, stdin=b""):
    """(exit status, stdout bytes, stderr text), the input through a pipe"""
    p = subprocess.run([ctc] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=300)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def clean_dir(path):
    """an empty directory for --out files (what a failure leaves is checked)"""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def test_aes_openssl(total, ctc, tmp, rnd):
    g = Group(total, "ctc aes-cbc/aes-ctr = openssl enc, both ways, AES-128/192/256, sizes "
              "0 to 4096 and 5 MiB through a pipe")
    for mode in ("cbc", "ctr"):
        for klen in AES_KEYS:
            cipher = "-aes-%d-%s" % (8 * klen, mode)
            for n in AES_SIZES:
                key, iv = os.urandom(klen), os.urandom(16)
                msg = bytes(rnd.getrandbits(8) for _ in range(n))
                pt = write(os.path.join(tmp, "aes.pt"), msg)
                rc, ct = ossl(["enc", cipher, "-K", key.hex(), "-iv", iv.hex(), "-in", pt])
                g.check(rc == 0, "openssl enc %s %d: %d" % (cipher, n, rc))
                args = ["--key", key.hex(), "--iv", iv.hex()]
                # ctc encrypts = openssl's ciphertext (file to file, pipe to pipe)
                out = os.path.join(tmp, "aes.ct")
                rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "-e", "--in", pt, "--out", out] + args)
                g.check(rc == 0 and o == b"" and err == "" and read(out) == ct,
                        "%s %d: ctc -e file = openssl: %d %r" % (cipher, n, rc, err))
                rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "--encrypt"] + args, stdin=msg)
                g.check(rc == 0 and o == ct, "%s %d: ctc -e pipe = openssl: %d %r"
                        % (cipher, n, rc, err))
                # ctc decrypts openssl's ciphertext; openssl decrypts ctc's
                rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "-d"] + args, stdin=ct)
                g.check(rc == 0 and o == msg, "%s %d: ctc -d of openssl: %d %r"
                        % (cipher, n, rc, err))
                rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "--decrypt", "--in", out,
                                             "--out", os.path.join(tmp, "aes.back")] + args)
                g.check(rc == 0 and read(os.path.join(tmp, "aes.back")) == msg,
                        "%s %d: ctc -d file: %d %r" % (cipher, n, rc, err))
                rc, o = ossl(["enc", "-d", cipher, "-K", key.hex(), "-iv", iv.hex(),
                                   "-in", out])
                g.check(rc == 0 and o == msg, "%s %d: openssl -d of ctc: %d" % (cipher, n, rc))
            # several MiB: more than one 64 KiB buffer, through pipes both ways
            key, iv = os.urandom(klen), os.urandom(16)
            big = os.urandom(BIG + 5)
            pt = write(os.path.join(tmp, "aes.big"), big)
            rc, ct = ossl(["enc", cipher, "-K", key.hex(), "-iv", iv.hex(), "-in", pt])
            args = ["--key", key.hex(), "--iv", iv.hex()]
            rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "-e"] + args, stdin=big)
            g.check(rc == 0 and o == ct, "%s big: ctc -e = openssl: %d %r" % (cipher, rc, err))
            rc, o, err = ctc_bytes(ctc, ["aes-" + mode, "-d"] + args, stdin=ct)
            g.check(rc == 0 and o == big, "%s big: ctc -d of openssl: %d %r" % (cipher, rc, err))
    # CTR: the whole 16-byte block is the counter (the carry crosses every byte)
    key = os.urandom(16)
    msg = os.urandom(200000)
    pt = write(os.path.join(tmp, "aes.pt"), msg)
    for iv in ("ff" * 16, "00" * 8 + "ff" * 8, "ff" * 15 + "00", "00" * 12 + "fffffff0"):
        rc, ct = ossl(["enc", "-aes-128-ctr", "-K", key.hex(), "-iv", iv, "-in", pt])
        rc, o, err = ctc_bytes(ctc, ["aes-ctr", "-e", "--key", key.hex(), "--iv", iv],
                               stdin=msg)
        g.check(rc == 0 and o == ct, "ctr carry, iv %s: %d %r" % (iv, rc, err))
    g.end()


def test_cmac_openssl(total, ctc, tmp, rnd):
    g = Group(total, "ctc cmac = openssl mac CMAC, AES-128/192/256, sizes 0 to 4096, several "
              "files, standard input, 5 MiB through a pipe")
    big = os.urandom(BIG + 7)
    for klen in AES_KEYS:
        key = os.urandom(klen)
        cipher = "AES-%d-CBC" % (8 * klen)
        paths = []
        for n in AES_SIZES + [BIG + 7]:
            data = big if n == BIG + 7 else bytes(rnd.getrandbits(8) for _ in range(n))
            path = write(os.path.join(tmp, "cmac%d.bin" % n), data)
            paths.append(path)
            rc, want = ossl(["mac", "-cipher", cipher, "-macopt", "hexkey:" + key.hex(),
                                  "-in", path, "CMAC"])
            want = want.decode().strip().lower()
            g.check(rc == 0 and len(want) == 32, "openssl mac %s %d: %d" % (cipher, n, rc))
            rc, out, err = run(ctc, ["cmac", "--key", key.hex(), path])
            g.check(rc == 0 and out == "%s  %s\n" % (want, path) and err == "",
                    "%s %d: %d %r %r" % (cipher, n, rc, out, err))
            if n in (17, BIG + 7):
                rc, out, err = run(ctc, ["cmac", "-k", key.hex().upper()], stdin=data)
                g.check(rc == 0 and out == "%s  -\n" % want, "%s %d stdin: %d %r"
                        % (cipher, n, rc, out))
        # several files: one line each, in order
        rc, out, err = run(ctc, ["cmac", "--key", key.hex()] + paths[:4])
        g.check(rc == 0 and len(out.splitlines()) == 4
                and [line.split("  ")[1] for line in out.splitlines()] == paths[:4],
                "several files: %r" % out)
    g.end()


def wycheproof(name):
    import json
    with open(os.path.join(WYCHEPROOF, name)) as f:
        return json.load(f)["testGroups"]


def test_aead_known(total, ctc, tmp):
    g = Group(total, "ctc aes-gcm/aes-ccm = Wycheproof's AES-GCM and AES-CCM cases, both "
              "ways (modified tags exit 1, bad nonce and tag sizes exit 2)")
    out = os.path.join(tmp, "aead.out")
    for mode, name in (("gcm", "aes_gcm_test.json"), ("ccm", "aes_ccm_test.json")):
        for grp in wycheproof(name):
            tag_len = grp["tagSize"] // 8
            for t in grp["tests"]:
                what = "%s tcId %d" % (mode, t["tcId"])
                args = ["aes-" + mode, "--key", t["key"], "--nonce", t["iv"]]
                if t["aad"]:
                    args += ["--aad", t["aad"]]
                if mode == "ccm":
                    args += ["--tag-len", str(tag_len)]
                msg, ct = bytes.fromhex(t["msg"]), bytes.fromhex(t["ct"] + t["tag"])
                nl = len(t["iv"]) // 2
                bad_size = (nl == 0 if mode == "gcm" else
                            not 7 <= nl <= 13 or tag_len % 2 or not 4 <= tag_len <= 16)
                if bad_size:
                    for d in ("-e", "-d"):
                        rc, o, err = ctc_bytes(ctc, args + [d], stdin=ct if d == "-d" else msg)
                        g.check(rc == 2 and o == b"" and len(err.splitlines()) == 1,
                                "%s %s: exit %d (want 2) %r" % (what, d, rc, err))
                    continue
                if t["result"] == "valid":
                    rc, o, err = ctc_bytes(ctc, args + ["-e"], stdin=msg)
                    g.check(rc == 0 and o == ct, "%s -e: %d %r" % (what, rc, err))
                rc, o, err = ctc_bytes(ctc, args + ["-d"], stdin=ct)
                if t["result"] == "valid":
                    g.check(rc == 0 and o == msg, "%s -d: %d %r" % (what, rc, err))
                else:
                    g.check(rc == 1 and o == b"" and "authentication failed" in err,
                            "%s -d (invalid): %d %r" % (what, rc, err))
                    if os.path.exists(out):
                        os.unlink(out)
                    rc, o, err = ctc_bytes(ctc, args + ["-d", "--out", out], stdin=ct)
                    g.check(rc == 1 and not os.path.exists(out),
                            "%s -d --out (invalid): %d, file left" % (what, rc))
    g.end()


def test_aead(total, ctc, tmp, rnd):
    ref = aes_ref()
    g = Group(total, "ctc aes-gcm/aes-ccm: round trips, AES-128/192/256, sizes 0 to 4096 and "
              "5 MiB through a pipe, the random-nonce layout%s"
              % (", = Python cryptography's AESGCM/AESCCM" if ref else
                 " (Python cryptography not installed: no differential)"))
    for mode in ("gcm", "ccm"):
        for klen in AES_KEYS:
            for n in AES_SIZES + [BIG]:
                key = os.urandom(klen)
                nonce = os.urandom(12 if mode == "gcm" or n == BIG else 7 + n % 7)
                aad = os.urandom(n % 20)
                tag_len = 16 if mode == "gcm" else 4 + 2 * (n % 7)
                msg = os.urandom(n)
                args = ["aes-" + mode, "--key", key.hex()]
                if aad:
                    args += ["--aad", aad.hex()]
                if mode == "ccm":
                    args += ["--tag-len", str(tag_len)]
                what = "%s AES-%d %d bytes" % (mode, 8 * klen, n)
                # with --nonce: ciphertext || tag
                rc, ct, err = ctc_bytes(ctc, args + ["-e", "--nonce", nonce.hex()], stdin=msg)
                g.check(rc == 0 and len(ct) == n + tag_len, "%s -e: %d %r" % (what, rc, err))
                if ref:
                    want = (ref[0](key).encrypt(nonce, msg, aad) if mode == "gcm"
                            else ref[1](key, tag_len).encrypt(nonce, msg, aad))
                    g.check(ct == want, "%s: ctc -e = cryptography" % what)
                rc, o, err = ctc_bytes(ctc, args + ["-d", "--nonce", nonce.hex()], stdin=ct)
                g.check(rc == 0 and o == msg, "%s -d: %d %r" % (what, rc, err))
                # without --nonce: a fresh 12-byte nonce in front, read back by -d
                rc, ct1, err = ctc_bytes(ctc, args + ["-e"], stdin=msg)
                rc2, ct2, err = ctc_bytes(ctc, args + ["-e"], stdin=msg)
                g.check(rc == 0 and rc2 == 0 and len(ct1) == 12 + n + tag_len
                        and ct1[:12] != ct2[:12], "%s random nonce: %d %r" % (what, rc, err))
                rc, o, err = ctc_bytes(ctc, args + ["-d"], stdin=ct1)
                g.check(rc == 0 and o == msg, "%s -d random nonce: %d %r" % (what, rc, err))
                rc, o, err = ctc_bytes(ctc, args + ["-d", "--nonce", ct1[:12].hex()],
                                       stdin=ct1[12:])
                g.check(rc == 0 and o == msg, "%s layout nonce || ct || tag: %d" % (what, rc))
                if ref:
                    back = (ref[0](key).decrypt(ct1[:12], ct1[12:], aad) if mode == "gcm"
                            else ref[1](key, tag_len).decrypt(ct1[:12], ct1[12:], aad))
                    g.check(back == msg, "%s: cryptography decrypts the layout" % what)
                # files both ways
                if n == 4096:
                    pt = write(os.path.join(tmp, "aead.pt"), msg)
                    ctf, back = os.path.join(tmp, "aead.ct"), os.path.join(tmp, "aead.back")
                    rc, o, err = ctc_bytes(ctc, args + ["-e", "--in", pt, "--out", ctf])
                    rc2, o2, err2 = ctc_bytes(ctc, args + ["-d", "--in", ctf, "--out", back])
                    g.check(rc == 0 and rc2 == 0 and o == o2 == b"" and read(back) == msg
                            and os.stat(back).st_mode & 0o777 == 0o600,
                            "%s files: %d %d %r %r" % (what, rc, rc2, err, err2))
    g.end()


def test_aes_tamper(total, ctc, tmp):
    g = Group(total, "ctc AES: a modified tag, ciphertext, nonce or AAD, a bad padding: "
              "exit 1, no output file, nothing on standard output")
    d = clean_dir(os.path.join(tmp, "tamper"))
    out = os.path.join(d, "out")
    keep = write(os.path.join(d, "keep"), b"old contents")

    def refused(what, args, data, text):
        rc, o, err = ctc_bytes(ctc, args, stdin=data)
        g.check(rc == 1 and o == b"" and len(err.splitlines()) == 1 and text in err,
                "%s (stdout): %d %d bytes %r" % (what, rc, len(o), err))
        rc, o, err = ctc_bytes(ctc, args + ["--out", out], stdin=data)
        g.check(rc == 1 and os.listdir(d) == ["keep"], "%s (--out): %d, %r left"
                % (what, rc, os.listdir(d)))
        rc, o, err = ctc_bytes(ctc, args + ["--out", keep], stdin=data)
        g.check(rc == 1 and read(keep) == b"old contents" and os.listdir(d) == ["keep"],
                "%s: an existing --out file was changed" % what)

    for mode in ("gcm", "ccm"):
        key, aad = os.urandom(16), os.urandom(5)
        for n in (0, 17, 4096, BIG):
            msg = os.urandom(n)
            args = ["aes-" + mode, "--key", key.hex(), "--aad", aad.hex()]
            rc, ct, err = ctc_bytes(ctc, args + ["-e"], stdin=msg)
            what = "%s %d bytes" % (mode, n)
            for pos, name in ((len(ct) - 1, "tag"), (5, "nonce"), (12, "ciphertext")):
                if name == "ciphertext" and n == 0:
                    continue
                bad = bytearray(ct)
                bad[pos] ^= 0x80
                refused("%s, a flipped %s bit" % (what, name), args + ["-d"], bytes(bad),
                        "authentication failed")
            refused("%s, another AAD" % what, ["aes-" + mode, "--key", key.hex(), "-d"], ct,
                    "authentication failed")
            refused("%s, truncated" % what, args + ["-d"], ct[:-1], "")
        refused("%s, shorter than the nonce" % mode, args + ["-d"], b"\0" * 11, "too short")
        refused("%s, shorter than the tag" % mode, args + ["-d", "--nonce", "00" * 12],
                b"\0" * 15, "too short")
    # CBC: a last block whose padding is wrong, a length that is not whole blocks
    key, iv = os.urandom(32), os.urandom(16)
    args = ["aes-cbc", "-d", "--key", key.hex(), "--iv", iv.hex()]
    pt = write(os.path.join(tmp, "aes.pad"), os.urandom(BIG) + b"\x00" * 16)
    rc, ct = ossl(["enc", "-aes-256-cbc", "-nopad", "-K", key.hex(), "-iv", iv.hex(),
                        "-in", pt])
    refused("cbc padding byte 0", args, ct, "bad padding")
    pt = write(os.path.join(tmp, "aes.pad"), b"\x01" * 14 + b"\x02\x03")
    rc, ct = ossl(["enc", "-aes-256-cbc", "-nopad", "-K", key.hex(), "-iv", iv.hex(),
                        "-in", pt])
    refused("cbc padding 03 02", args, ct, "bad padding")
    pt = write(os.path.join(tmp, "aes.pad"), b"\x11" * 32)
    rc, ct = ossl(["enc", "-aes-256-cbc", "-nopad", "-K", key.hex(), "-iv", iv.hex(),
                        "-in", pt])
    refused("cbc padding 17", args, ct, "bad padding")
    refused("cbc 17 bytes", args, b"\0" * 17, "whole number of 16-byte blocks")
    refused("cbc empty", args, b"", "whole number of 16-byte blocks")
    g.end()


def test_aes_errors(total, ctc, tmp):
    g = Group(total, "ctc AES errors: bad key, nonce, IV and tag lengths and missing "
              "arguments exit 2, one line on stderr, nothing on stdout")
    missing = os.path.join(tmp, "no-such-file")
    k16, iv = "00" * 16, "00" * 16
    cases = []
    for cmd in ("aes-gcm", "aes-ccm", "aes-cbc", "aes-ctr"):
        extra = ["--iv", iv] if cmd in ("aes-cbc", "aes-ctr") else []
        for d in ("-e", "-d"):
            for klen in (0, 1, 15, 17, 23, 25, 31, 33, 64):
                cases.append(([cmd, d, "--key", "00" * klen] + extra, 2,
                              "--key is %d bytes; AES takes 16, 24 or 32" % klen))
            cases += [
                ([cmd, d] + extra, 2, "needs --key"),
                ([cmd, d, "--key", "0"] + extra, 2, "--key: not a hex string"),
                ([cmd, d, "--key", "zz" * 16] + extra, 2, "--key: not a hex string"),
                ([cmd, d, "--key", k16, "--salt", "00"] + extra, 2, "takes no --salt"),
                ([cmd, d, "--key", k16, "file"] + extra, 2, "takes no file arguments"),
                ([cmd, d, "--key", k16, "--in", missing] + extra, 1, "No such file"),
                ([cmd, d, "--key", k16, "--out", os.path.join(missing, "o")] + extra, 1,
                 "No such file"),
            ]
        cases += [
            ([cmd, "--key", k16] + extra, 2, "needs -e (encrypt) or -d (decrypt)"),
            ([cmd, "-e", "-d", "--key", k16] + extra, 2, "-e and -d exclude each other"),
            ([cmd, "-e", "--key"], 2, "missing value after --key"),
        ]
    for cmd in ("aes-cbc", "aes-ctr"):
        for d in ("-e", "-d"):
            cases += [
                ([cmd, d, "--key", k16], 2, "needs --iv"),
                ([cmd, d, "--key", k16, "--iv", ""], 2, "--iv is 0 bytes; it takes 16"),
                ([cmd, d, "--key", k16, "--iv", "00" * 15], 2, "--iv is 15 bytes"),
                ([cmd, d, "--key", k16, "--iv", "00" * 17], 2, "--iv is 17 bytes"),
                ([cmd, d, "--key", k16, "--iv", "0x" * 16], 2, "--iv: not a hex string"),
                ([cmd, d, "--key", k16, "--iv", iv, "--nonce", "00" * 12], 2,
                 "takes no --nonce"),
                ([cmd, d, "--key", k16, "--iv", iv, "--aad", "00"], 2, "takes no --aad"),
                ([cmd, d, "--key", k16, "--iv", iv, "--tag-len", "16"], 2,
                 "takes no --tag-len"),
            ]
    for d in ("-e", "-d"):
        cases += [
            (["aes-gcm", d, "--key", k16, "--nonce", ""], 2, "--nonce is empty"),
            (["aes-gcm", d, "--key", k16, "--nonce", "123"], 2, "--nonce: not a hex"),
            (["aes-gcm", d, "--key", k16, "--aad", "xy"], 2, "--aad: not a hex"),
            (["aes-gcm", d, "--key", k16, "--iv", iv], 2, "takes no --iv"),
            (["aes-gcm", d, "--key", k16, "--tag-len", "12"], 2, "takes no --tag-len"),
        ]
        for nl in (0, 1, 6, 14, 16):
            cases.append((["aes-ccm", d, "--key", k16, "--nonce", "00" * nl], 2,
                          "--nonce is %d bytes; CCM takes 7 to 13" % nl))
        for tl in ("0", "2", "3", "5", "15", "17", "18", "x", "", "-4", "16k"):
            cases.append((["aes-ccm", d, "--key", k16, "--tag-len", tl], 2,
                          "--tag-len must be 4, 6, 8, 10, 12, 14 or 16"))
        cases.append((["aes-ccm", d, "--key", k16, "--iv", iv], 2, "takes no --iv"))
    cases += [
        (["cmac"], 2, "needs --key"),
        (["cmac", "--key", "00" * 15], 2, "--key is 15 bytes"),
        (["cmac", "--key", "0"], 2, "--key: not a hex string"),
        (["cmac", "--key", k16, "-e"], 2, "takes no --encrypt"),
        (["cmac", "--key", k16, "--in", "x"], 2, "takes no --in"),
        (["cmac", "--key", k16, missing], 1, "No such file"),
        (["cmac", "--key", k16, tmp], 1, "read error"),
    ]
    for args, status, text in cases:
        rc, out, err = run(ctc, args)
        lines = err.splitlines()
        ok = (rc == status and len(lines) == 1 and lines[0].startswith("ctc: ")
              and text in lines[0] and out == "")
        g.check(ok, "%r: exit %d (want %d), stdout %r, stderr %r" % (args, rc, status, out, err))
    # CCM's limits: the nonce's length field, the in-memory cap
    rc, out, err = run(ctc, ["aes-ccm", "-e", "--key", k16, "--nonce", "00" * 13],
                       stdin=b"\0" * 65536)
    g.check(rc == 1 and "65536 bytes of text is too long for a 13-byte nonce" in err
            and out == "", "ccm 13-byte nonce, 65536 bytes: %d %r" % (rc, err))
    rc, out, err = run(ctc, ["aes-ccm", "-e", "--key", k16, "--nonce", "00" * 13],
                       stdin=b"\0" * 65535)
    g.check(rc == 0 and len(out) > 0, "ccm 13-byte nonce, 65535 bytes: %d %r" % (rc, err))
    rc, out, err = run(ctc, ["aes-ccm", "-e", "--key", k16, "--nonce", "00" * 7],
                       stdin=b"\0" * ((64 << 20) + 1))
    g.check(rc == 1 and "too large" in err and "64 MiB" in err and out == "",
            "ccm over 64 MiB: %d %r" % (rc, err))
    # a good file among missing ones: its line is still printed
    good = write(os.path.join(tmp, "cmac-good"), b"abc")
    rc, out, err = run(ctc, ["cmac", "--key", k16, missing, good])
    g.check(rc == 1 and len(out.splitlines()) == 1 and len(err.splitlines()) == 1,
            "cmac mixed files: %d %r %r" % (rc, out, err))
    g.end()


def main():
    total = suite.Result()
    # extra make variables from the command line, e.g. CC=clang SANITIZE=1
    ctc, log = build(sys.argv[1:])
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
        curves = built_curves(ctc)
        g = Group(total, "ctc curves built in, openssl present")
        g.check("p256" in curves and all(c in CURVES for c in curves), "curves: %r" % curves)
        g.check(shutil.which("openssl") is not None,
                "openssl is not installed (tools/deps.sh installs it)")
        g.end()
        test_ec_known(total, ctc, tmp)
        test_ec_errors(total, ctc, tmp, curves)
        if shutil.which("openssl") is not None:
            for cname in curves:
                keys = ossl_keys(tmp, cname, 2)
                test_ec_openssl_sign(total, ctc, tmp, cname, keys)
                test_ec_keygen(total, ctc, tmp, cname)
                test_ec_spki(total, ctc, tmp, cname, keys)
                test_ec_ecdh(total, ctc, tmp, cname, keys)
            t0 = time.time()
            keys = rsa_keys(tmp)
            test_rsa_keygen(total, ctc, tmp, keys)
            test_rsa_pub(total, ctc, tmp, keys)
            test_rsa_sign(total, ctc, tmp, keys)
            test_rsa_encrypt(total, ctc, tmp, keys)
            test_rsa_errors(total, ctc, tmp, keys)
            suite.emit("(RSA part: %.1f s)" % (time.time() - t0))
            t0 = time.time()
            test_aes_openssl(total, ctc, tmp, rnd)
            test_cmac_openssl(total, ctc, tmp, rnd)
            test_aead_known(total, ctc, tmp)
            test_aead(total, ctc, tmp, rnd)
            test_aes_tamper(total, ctc, tmp)
            test_aes_errors(total, ctc, tmp)
            suite.emit("(AES part: %.1f s)" % (time.time() - t0))
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
