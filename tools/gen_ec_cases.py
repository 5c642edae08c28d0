#!/usr/bin/env python3
"""gen_ec_cases.py -o OUT [--seed S] - known answers for the ec layer.

Python's integers are the oracle: points are added and multiplied here in
affine coordinates with Python's own arithmetic (pow for inverses), which
shares nothing with the library, for P-256 and P-384 (the curve constants
come from tools/gen_ec_consts.py). The cases become a C table (OUT.c, OUT.h)
that tests/unit/test_ec_curves.c runs on every target.

Kinds (struct vec_ec .kind):
  PUB     pub = priv * G for boundary and random private keys (1, 2, 3,
          n - 1, n - 2, (n - 1) / 2, 2^k, windows that repeat, the small
          profile ladder's edges (2^bits - n + v, n / 2^i + v), k = 2d mod n
          for small d (the Jacobian formulas' boundary), random)
  RFC     RFC 6979 appendix A.2.5 (P-256) and A.2.6 (P-384): the private
          key x and the nonce k of the RFC for the hash `hash` and message
          `msg` ("sample", "test"); r = x(kG) mod n and s = k^-1 (e + r x)
          mod n are computed here from them
  ECDH    shared = x(priv * peer) for the boundary and random keys
  KEYGEN  priv = (c mod (n - 1)) + 1 and pub = priv * G for the random
          bytes rnd (FIPS 186-5 A.2.1)
Standard library only.
"""
import argparse
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_ec_consts  # noqa: E402

# RFC 6979 A.2.5 / A.2.6: private keys and nonces (k), as printed there
RFC = {
    "p256": ("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721", {
        ("sha224", "sample"): "103F90EE9DC52E5E7FB5132B7033C63066D194321491862059967C715985D473",
        ("sha256", "sample"): "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60",
        ("sha384", "sample"): "09F634B188CEFD98E7EC88B1AA9852D734D0BC272F7D2A47DECC6EBEB375AAD4",
        ("sha512", "sample"): "5FA81C63109BADB88C1F367B47DA606DA28CAD69AA22C4FE6AD7DF73A7173AA5",
        ("sha224", "test"): "669F4426F2688B8BE0DB3A6BD1989BDAEFFF84B649EEB84F3DD26080F667FAA7",
        ("sha256", "test"): "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0",
        ("sha384", "test"): "16AEFFA357260B04B1DD199693960740066C1A8F3E8EDD79070AA914D361B3B8",
        ("sha512", "test"): "6915D11632ACA3C40D5D51C08DAF9C555933819548784480E93499000D9F0B7F",
    }),
    "p384": ("6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D8"
             "96D5724E4C70A825F872C9EA60D2EDF5", {
                 ("sha224", "sample"): "A4E4D2F0E729EB786B31FC20AD5D849E304450E0AE8E3E341134A5C1AFA03CAB"
                                       "8083EE4E3C45B06A5899EA56C51B5879",
                 ("sha256", "sample"): "180AE9F9AEC5438A44BC159A1FCB277C7BE54FA20E7CF404B490650A8ACC414E"
                                       "375572342863C899F9F2EDF9747A9B60",
                 ("sha384", "sample"): "94ED910D1A099DAD3254E9242AE85ABDE4BA15168EAF0CA87A555FD56D10FBCA"
                                       "2907E3E83BA95368623B8C4686915CF9",
                 ("sha512", "sample"): "92FC3C7183A883E24216D1141F1A8976C5B0DD797DFA597E3D7B32198BD35331"
                                       "A4E966532593A52980D0E3AAA5E10EC3",
                 ("sha224", "test"): "18FA39DB95AA5F561F30FA3591DC59C0FA3653A80DAFFA0B48D1A4C6DFCBFF6E"
                                     "3D33BE4DC5EB8886A8ECD093F2935726",
                 ("sha256", "test"): "0CFAC37587532347DC3389FDC98286BBA8C73807285B184C83E62E26C401C0FA"
                                     "A48DD070BA79921A3457ABFF2D630AD7",
                 ("sha384", "test"): "015EE46A5BF88773ED9123A5AB0807962D193719503C527B031B4C2D225092AD"
                                     "A71F4A459BC0DA98ADB95837DB8312EA",
                 ("sha512", "test"): "3780C4F67CB15518B6ACAE34C9F83568D2E12E47DEAB6C50A4E4EE5319D1E8CE"
                                     "0E2CC8A136036DC4B9C00E6888F66B6C",
             }),
}
HASH_ID = {"sha224": 1, "sha256": 2, "sha384": 3, "sha512": 4}  # ctcrypto/hash.h


class Curve:
    def __init__(self, name):
        c = gen_ec_consts.CURVES[name]
        self.name, self.bits = name, c["bits"]
        self.p, self.n, self.b = c["p"], c["n"], c["b"]
        self.G = (c["gx"], c["gy"])
        self.nbytes = self.bits // 8

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        p = self.p
        if P[0] == Q[0]:
            if (P[1] + Q[1]) % p == 0:
                return None
            lam = (3 * P[0] * P[0] - 3) * pow(2 * P[1], -1, p) % p
        else:
            lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
        x = (lam * lam - P[0] - Q[0]) % p
        return (x, (lam * (P[0] - x) - P[1]) % p)

    def mul(self, k, P):
        R = None
        for bit in bin(k)[2:] if k > 0 else "":
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R

    def enc(self, P):
        return b"\x04" + P[0].to_bytes(self.nbytes, "big") + P[1].to_bytes(self.nbytes, "big")

    def sign(self, x, k, h):
        e = int.from_bytes(h[:self.nbytes], "big") % self.n   # bits2int, whole bytes
        r = self.mul(k, self.G)[0] % self.n
        s = pow(k, -1, self.n) * (e + r * x) % self.n
        return r.to_bytes(self.nbytes, "big") + s.to_bytes(self.nbytes, "big")


def cases(seed):
    rnd = random.Random(seed)
    out = []
    for name in ("p256", "p384"):
        C = Curve(name)
        n = C.n
        # the boundary scalars of the Jacobian additions (docs/ec.md): k =
        # 2 d mod n for a last Booth digit d in [-16, 16], powers of 32,
        # 2^bits mod n (the top table row)
        boundary = [4, 6, 16, 30, 32, 33, 34, 64, 1024, n - 3, n - 4, n - 16,
                    n - 30, n - 32, n - 33, 2 ** C.bits % n, 2 ** (C.bits - 5), 2 ** 250 + 2 ** 5]
        # the edges of PROFILE=small's ladder (src/ec/ec_ladder.c): where
        # k' = s + n turns into s + 2n (s = 2^bits - n), the fold at
        # 2^(bits - 1) and n - 2^(bits - 1), and n / 2^i, whose scalars
        # have ladder prefixes next to n, n - 1 and (n - 1) / 2
        ladder = ([2 ** C.bits - n + v for v in (-2, -1, 0, 1, 2)]
                  + [2 ** (C.bits - 1) + v for v in (-2, -1, 1)]
                  + [n - 2 ** (C.bits - 1) + v for v in (-1, 0, 1)]
                  + [n // 2 ** i + v for i in (1, 2, 3) for v in (-1, 1, 2)])
        boundary += ladder
        keys = [1, 2, 3, n - 1, n - 2, (n - 1) // 2, 2 ** (C.bits - 1), 2 ** 128 + 1,
                int("10" * (C.bits // 8), 16),           # repeating windows
                int("ff" * (C.bits // 8), 16) % n] + boundary
        keys += [rnd.randrange(1, n) for _ in range(6)]
        for k in keys:
            out.append(dict(curve=name, kind="PUB", priv=k.to_bytes(C.nbytes, "big"),
                            pub=C.enc(C.mul(k, C.G))))
        x_hex, ks = RFC[name]
        x = int(x_hex, 16)
        for (hname, msg), k_hex in sorted(ks.items()):
            h = hashlib.new(hname, msg.encode()).digest()
            out.append(dict(curve=name, kind="RFC", hash=HASH_ID[hname], msg=msg.encode(),
                            priv=x.to_bytes(C.nbytes, "big"), pub=C.enc(C.mul(x, C.G)),
                            sig=C.sign(x, int(k_hex, 16), h)))
        for d in [1, 2, 3, n - 1, n - 2] + boundary:
            q = rnd.randrange(1, n)
            Q = C.mul(q, C.G)
            out.append(dict(curve=name, kind="ECDH", priv=d.to_bytes(C.nbytes, "big"),
                            pub=C.enc(Q), shared=C.mul(d, Q)[0].to_bytes(C.nbytes, "big")))
        for _ in range(4):
            d, q = rnd.randrange(1, n), rnd.randrange(1, n)
            Q = C.mul(q, C.G)
            out.append(dict(curve=name, kind="ECDH", priv=d.to_bytes(C.nbytes, "big"),
                            pub=C.enc(Q), shared=C.mul(d, Q)[0].to_bytes(C.nbytes, "big")))
        for ln in (C.nbytes + 8, C.nbytes + 16, C.nbytes + 32):
            r = bytes(rnd.randrange(256) for _ in range(ln))
            d = int.from_bytes(r, "big") % (n - 1) + 1
            out.append(dict(curve=name, kind="KEYGEN", rnd=r, priv=d.to_bytes(C.nbytes, "big"),
                            pub=C.enc(C.mul(d, C.G))))
    return out


def c_bytes(b):
    return "{ %s }" % ", ".join("0x%02x" % x for x in b) if b else "{ 0 }"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--seed", type=int, default=6979)
    a = ap.parse_args()
    cs = cases(a.seed)
    fields = ["priv", "pub", "sig", "shared", "msg", "rnd"]
    name = os.path.basename(a.out)
    with open(a.out + ".h", "w") as f:
        f.write("/* Generated by: python3 tools/gen_ec_cases.py -o %s (seed %d). */\n" % (name, a.seed))
        f.write("#ifndef VEC_EC_H\n#define VEC_EC_H\n#include <stddef.h>\n#include <stdint.h>\n")
        f.write("enum { VEC_EC_PUB, VEC_EC_RFC, VEC_EC_ECDH, VEC_EC_KEYGEN };\n")
        f.write("struct vec_ec {\n    int curve; /* 256 or 384 */\n    int kind;\n    int hash;\n")
        for fl in fields:
            f.write("    const uint8_t *%s;\n    size_t %s_len;\n" % (fl, fl))
        f.write("};\nextern const struct vec_ec vec_ec[];\nextern const size_t vec_ec_count;\n#endif\n")
    with open(a.out + ".c", "w") as f:
        f.write("/* Generated by: python3 tools/gen_ec_cases.py -o %s (seed %d). */\n" % (name, a.seed))
        f.write('#include "%s.h"\n' % name)
        for i, c in enumerate(cs):
            for fl in fields:
                if fl in c:
                    f.write("static const uint8_t c%d_%s[%d] = %s;\n" % (i, fl, len(c[fl]), c_bytes(c[fl])))
        f.write("const struct vec_ec vec_ec[] = {\n")
        for i, c in enumerate(cs):
            parts = ["%s" % c["curve"][1:], "VEC_EC_" + c["kind"], str(c.get("hash", 0))]
            for fl in fields:
                parts += (["c%d_%s" % (i, fl), str(len(c[fl]))] if fl in c else ["NULL", "0"])
            f.write("    { %s },\n" % ", ".join(parts))
        f.write("};\nconst size_t vec_ec_count = %d;\n" % len(cs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
