#!/usr/bin/env python3
"""gen_rsa_cases.py -o OUT [--seed S] - known answers for the rsa layer.

Python's integers are the oracle: keys are made here from primes found by
trial division and 8 Miller-Rabin rounds (random.Random(seed), so the same seed
gives the same file), and every answer is computed with pow() and hashlib,
which share nothing with the library. The cases become a C table (OUT.c,
OUT.h) that tests/unit/test_rsa.c runs on every target.

Keys (struct vec_rsa_key): n, e, d, p, q (p > q), dp, dq, qinv as
big-endian bytes of their own lengths, for 1024 bits (e = 65537), 2048
bits (e = 65537 and e = 3) and 3072 bits (a random odd 32-bit e; 4096-bit
keys are left to the Wycheproof files and the OpenSSL test: their primes
take Python seconds); the top two bits of every prime are set, so n has
exactly the stated bits. Each key has a public-operation answer (in, out =
in^e mod n) for a random in < n.

Signatures (struct vec_rsa_sig), per key and hash (SHA-256, SHA-384,
SHA-512; the message is "ctcrypto rsa <key> <hash>"):
  PKCS1  RSASSA-PKCS1-v1_5 (deterministic: sig = EM^d mod n)
  PSS    RSASSA-PSS with MGF1 of the same hash and the salt given (salt
         lengths 0, the digest size and the largest the key allows, in
         turn), and one with an MGF1 hash other than the message's (salt
         of the digest size, or the largest if that is less)
Standard library only.
"""
import argparse
import hashlib
import os
import random
import sys

HASHES = [("sha256", 2, 32), ("sha384", 3, 48), ("sha512", 4, 64)]
DIGESTINFO = {
    "sha256": bytes.fromhex("3031300d060960864801650304020105000420"),
    "sha384": bytes.fromhex("3041300d060960864801650304020205000430"),
    "sha512": bytes.fromhex("3051300d060960864801650304020305000440"),
}
SMALL_PRIMES = [p for p in range(3, 2000) if all(p % d for d in range(2, int(p ** 0.5) + 1))]


def is_probable_prime(n, rng, rounds=8):
    for sp in SMALL_PRIMES:
        if n % sp == 0:
            return n == sp
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def prime(bits, e, rng):
    """the first probable prime c >= a random start (top two bits set, odd)
    with gcd(e, c - 1) = 1; the candidates of a window of 4096 odd numbers
    are sieved by the small primes first"""
    while True:
        start = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        width = 4096
        alive = bytearray([1]) * width          # candidate start + 2 i
        for sp in SMALL_PRIMES:
            r = start % sp
            # start + 2 i = 0 mod sp  <=>  i = -r / 2 mod sp
            i = (-r * pow(2, -1, sp)) % sp
            alive[i::sp] = bytes(len(range(i, width, sp)))
        for i in range(width):
            c = start + 2 * i
            if c.bit_length() != bits:
                break
            if alive[i] and gcd(e, c - 1) == 1 and is_probable_prime(c, rng):
                return c


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def make_key(bits, e, rng):
    while True:
        p = prime(bits // 2, e, rng)
        q = prime(bits - bits // 2, e, rng)
        if p == q:
            continue
        if p < q:
            p, q = q, p
        n = p * q
        if n.bit_length() != bits:
            continue
        lam = (p - 1) * (q - 1) // gcd(p - 1, q - 1)
        d = pow(e, -1, lam)
        return dict(bits=bits, n=n, e=e, d=d, p=p, q=q, dp=d % (p - 1), dq=d % (q - 1),
                    qinv=pow(q, -1, p))


def i2b(x, length=None):
    if length is None:
        length = max(1, (x.bit_length() + 7) // 8)
    return x.to_bytes(length, "big")


def mgf1(seed, length, hname):
    out = b""
    c = 0
    while len(out) < length:
        out += hashlib.new(hname, seed + c.to_bytes(4, "big")).digest()
        c += 1
    return out[:length]


def pkcs1_sig(key, hname, mhash):
    k = (key["bits"] + 7) // 8
    t = DIGESTINFO[hname] + mhash
    em = b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t
    return i2b(pow(int.from_bytes(em, "big"), key["d"], key["n"]), k)


def pss_sig(key, hname, mgfname, mhash, salt):
    k = (key["bits"] + 7) // 8
    em_bits = key["bits"] - 1
    em_len = (em_bits + 7) // 8
    hlen = len(mhash)
    h = hashlib.new(hname, b"\x00" * 8 + mhash + salt).digest()
    db = b"\x00" * (em_len - len(salt) - hlen - 2) + b"\x01" + salt
    masked = bytes(a ^ b for a, b in zip(db, mgf1(h, len(db), mgfname)))
    masked = bytes([masked[0] & (0xff >> (8 * em_len - em_bits))]) + masked[1:]
    em = masked + h + b"\xbc"
    return i2b(pow(int.from_bytes(em, "big"), key["d"], key["n"]), k)


def c_bytes(name, b):
    lines = ["static const uint8_t %s[%d] = {" % (name, len(b))]
    for i in range(0, len(b), 16):
        lines.append("    " + ", ".join("0x%02x" % x for x in b[i:i + 16]) + ",")
    lines.append("};")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--seed", type=int, default=8017)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    specs = [(1024, 65537), (2048, 65537), (2048, 3),
             (3072, (rng.getrandbits(31) * 2 + 1) | 0x80000001)]
    keys = [make_key(bits, e, rng) for bits, e in specs]
    base = os.path.basename(a.out)
    cmd = "tools/gen_rsa_cases.py -o %s --seed %d" % (base, a.seed)
    head = "/* Generated by: %s. Do not edit. */\n" % cmd
    c = [head, '#include "%s.h"\n' % base]
    krows, srows = [], []
    for ki, key in enumerate(keys):
        k = (key["bits"] + 7) // 8
        m = rng.randrange(2, key["n"])
        vals = {"n": i2b(key["n"]), "e": i2b(key["e"]), "d": i2b(key["d"], k),
                "p": i2b(key["p"]), "q": i2b(key["q"]), "dp": i2b(key["dp"]), "dq": i2b(key["dq"]),
                "qinv": i2b(key["qinv"]), "pub_in": i2b(m, k), "pub_out": i2b(pow(m, key["e"], key["n"]), k)}
        fields = []
        for f, v in vals.items():
            c.append(c_bytes("k%d_%s" % (ki, f), v))
            fields.append(".%s = k%d_%s, .%s_len = %d" % (f, ki, f, f, len(v)))
        krows.append("    { .bits = %d, %s }," % (key["bits"], ", ".join(fields)))
        em_len = (key["bits"] - 1 + 7) // 8
        for hi, (hname, hid, hlen) in enumerate(HASHES):
            msg = ("ctcrypto rsa %d %s" % (ki, hname)).encode()
            mhash = hashlib.new(hname, msg).digest()
            sig = pkcs1_sig(key, hname, mhash)
            name = "s%d_%s_pkcs1" % (ki, hname)
            c.append(c_bytes(name + "_h", mhash))
            c.append(c_bytes(name, sig))
            srows.append("    { .key = %d, .pss = 0, .hash_id = %d, .mgf_id = 0, .hash = %s_h, "
                         ".hash_len = %d, .salt = NULL, .salt_len = 0, .sig = %s, .sig_len = %d },"
                         % (ki, hid, name, hlen, name, len(sig)))
            smax = em_len - hlen - 2
            for si, (slen, mgf) in enumerate([([0, hlen, smax][(ki + hi) % 3], hname),
                                              (min(hlen, smax), HASHES[(hi + 1) % 3][0])]):
                salt = bytes(rng.getrandbits(8) for _ in range(slen))
                sig = pss_sig(key, hname, mgf, mhash, salt)
                name = "s%d_%s_pss%d" % (ki, hname, si)
                c.append(c_bytes(name + "_salt", salt if salt else b"\x00"))
                c.append(c_bytes(name, sig))
                mgf_id = [h[1] for h in HASHES if h[0] == mgf][0]
                srows.append("    { .key = %d, .pss = 1, .hash_id = %d, .mgf_id = %d, .hash = %s_h, "
                             ".hash_len = %d, .salt = %s_salt, .salt_len = %d, .sig = %s, .sig_len = %d },"
                             % (ki, hid, mgf_id, "s%d_%s_pkcs1" % (ki, hname), hlen, name, slen,
                                name, len(sig)))
    c.append("\nconst struct vec_rsa_key vec_rsa_key[] = {")
    c.extend(krows)
    c.append("};\nconst size_t vec_rsa_key_count = %d;\n" % len(keys))
    c.append("const struct vec_rsa_sig vec_rsa_sig[] = {")
    c.extend(srows)
    c.append("};\nconst size_t vec_rsa_sig_count = %d;\n" % len(srows))
    kf = "".join("    const uint8_t *%s;\n    size_t %s_len;\n" % (f, f) for f in
                 ["n", "e", "d", "p", "q", "dp", "dq", "qinv", "pub_in", "pub_out"])
    h = [head, "#ifndef VEC_RSA_H\n#define VEC_RSA_H\n\n#include <stddef.h>\n#include <stdint.h>\n",
         "struct vec_rsa_key {\n    int bits;\n%s};\n" % kf,
         "struct vec_rsa_sig {\n    int key, pss, hash_id, mgf_id;\n"
         "    const uint8_t *hash;\n    size_t hash_len;\n    const uint8_t *salt;\n    size_t salt_len;\n"
         "    const uint8_t *sig;\n    size_t sig_len;\n};\n",
         "extern const struct vec_rsa_key vec_rsa_key[];\nextern const size_t vec_rsa_key_count;\n"
         "extern const struct vec_rsa_sig vec_rsa_sig[];\nextern const size_t vec_rsa_sig_count;\n",
         "#endif\n"]
    with open(a.out + ".h", "w") as f:
        f.write("\n".join(h))
    with open(a.out + ".c", "w") as f:
        f.write("\n".join(c) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
