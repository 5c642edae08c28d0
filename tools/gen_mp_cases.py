#!/usr/bin/env python3
"""gen_mp_cases.py -o OUT [--seed S] - known-answer cases for the mp layer.

Python's integers are the oracle: every expected result below is computed
here with Python's own arithmetic (+, -, *, %, pow), which shares nothing
with the library. The cases become a C table (OUT.c, OUT.h) that
tests/unit/test_mp_vectors.c runs on every target, bare-metal ones included
(so the table is kept to a few tens of KiB and the costly cases are few).

Numbers are big-endian byte strings; a number's byte length fixes its limb
count on the target (ceil(8 len / limb bits)), so lengths that are not
multiples of 4 or 8 exercise partial top limbs. Standard library only.

Operations (struct mp_case .op):
  ADD   x = a + b (len(x) = len(a) + 1, a and b the same length)
  SUB   x = (a - b) mod 256^len(a), y = the borrow (1 byte)
  MUL   x = a * b
  SQR   x = a * a
  MOD   x = a mod n
  MODADD / MODSUB / MODNEG   x = a + b, a - b, -a mod n (a, b < n)
  MONT  x = a * b mod n through Montgomery form (n odd); y = R^2 mod n for
        32-bit limbs, z = R^2 mod n for 64-bit limbs (R = 2^(w * limbs))
  EXP   x = a^e mod n (n odd; b holds e)
  INV   x = a^-1 mod n (n odd), flag = 1, or flag = 0 when gcd(a, n) != 1
  INVP  x = a^-1 mod n for a prime n (Fermat and safegcd agree)
"""
import argparse
import os
import random
import sys

OPS = ["ADD", "SUB", "MUL", "SQR", "MOD", "MODADD", "MODSUB", "MODNEG",
       "MONT", "EXP", "INV", "INVP"]

# bytes of the sizes every operation visits; 1..9 cover partial limbs of
# both limb sizes, the others the sizes the library serves
SMALL = [1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17]
LARGE = [24, 32, 33, 48, 64, 66, 128, 256]


def to_bytes(v, length):
    return v.to_bytes(length, "big")


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.cases = []

    def num(self, length, kind=None):
        """A number of `length` bytes with an edge-case shape."""
        r = self.r
        top = 256 ** length
        if kind is None:
            kind = r.randrange(12)
        if kind == 0:
            return 0
        if kind == 1:
            return 1
        if kind == 2:
            return top - 1                          # all ones
        if kind == 3:
            return 1 << r.randrange(8 * length)     # one bit
        if kind == 4:
            return top - 1 - (1 << r.randrange(8 * length))
        if kind == 5:
            return (1 << (8 * length - 1))          # top bit only
        if kind == 6:
            return r.randrange(top) >> r.randrange(8 * length)   # short
        return r.randrange(top)

    def odd_modulus(self, length):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            n = 256 ** length - 1                   # all ones
        elif k == 1:
            n = (1 << (8 * length - 1)) + 1          # 10...01
        elif k == 2 and length > 1:
            n = r.randrange(256 ** (length - 1), 256 ** length)  # full top byte
        else:
            n = r.randrange(256 ** length)
        n |= 1
        return max(n, 3)

    def below(self, n):
        r = self.r
        k = r.randrange(8)
        if k == 0:
            return 0
        if k == 1:
            return 1 % n
        if k == 2:
            return n - 1
        return r.randrange(n)

    def add(self, op, length_a, a, b=None, b_len=0, n=None, n_len=0, x=None,
            x_len=0, y=None, y_len=0, z=None, z_len=0, flag=0):
        self.cases.append((op, (a, length_a), (b, b_len), (n, n_len), (x, x_len),
                           (y, y_len), (z, z_len), flag))

    # ---- operations ------------------------------------------------------

    def gen_addsub(self):
        for length in SMALL + LARGE[:5]:
            for _ in range(2):
                a, b = self.num(length), self.num(length)
                self.add("ADD", length, a, b, length, x=a + b, x_len=length + 1)
                d = a - b
                self.add("SUB", length, a, b, length, x=d % 256 ** length,
                         x_len=length, y=1 if d < 0 else 0, y_len=1)
        # carries through every limb
        for length in (8, 64):
            a = 256 ** length - 1
            self.add("ADD", length, a, 1, length, x=a + 1, x_len=length + 1)
            self.add("SUB", length, 0, 1, length, x=a, x_len=length, y=1, y_len=1)

    def gen_mul(self):
        sizes = SMALL + LARGE
        for la in sizes:
            lb = self.r.choice(sizes)
            a, b = self.num(la), self.num(lb)
            self.add("MUL", la, a, b, lb, x=a * b, x_len=la + lb)
            self.add("SQR", la, a, x=a * a, x_len=2 * la)
        for length in (32, 512):                      # 256 and 4096 bits
            a = self.num(length, 7)
            b = self.num(length, 7)
            self.add("MUL", length, a, b, length, x=a * b, x_len=2 * length)
        a = 256 ** 64 - 1
        self.add("SQR", 64, a, x=a * a, x_len=128)

    def gen_mod(self):
        for ln in SMALL + LARGE:
            la = self.r.choice([ln, ln + 1, 2 * ln, max(1, ln - 1)])
            n = self.num(ln) or 1
            a = self.num(la)
            self.add("MOD", la, a, n=n, n_len=ln, x=a % n, x_len=ln)
        # a = n and a = 2n - 1
        for ln in (4, 32):
            n = self.odd_modulus(ln)
            self.add("MOD", ln, n, n=n, n_len=ln, x=0, x_len=ln)
            self.add("MOD", 2 * ln, 2 * n - 1, n=n, n_len=ln, x=n - 1, x_len=ln)
        # 4096 bits reduced by 2048 bits (an RSA CRT step)
        n = self.odd_modulus(256)
        a = self.num(512, 7)
        self.add("MOD", 512, a, n=n, n_len=256, x=a % n, x_len=256)

    def gen_modarith(self):
        for ln in SMALL + LARGE[:6]:
            n = self.num(ln) or 1
            a, b = self.below(n), self.below(n)
            self.add("MODADD", ln, a, b, ln, n, ln, x=(a + b) % n, x_len=ln)
            self.add("MODSUB", ln, a, b, ln, n, ln, x=(a - b) % n, x_len=ln)
            self.add("MODNEG", ln, a, n=n, n_len=ln, x=(-a) % n, x_len=ln)

    @staticmethod
    def r2(n, length, limb_bits):
        limbs = (8 * length + limb_bits - 1) // limb_bits
        return pow(2, 2 * limb_bits * limbs, n)

    def gen_mont(self):
        for ln in SMALL + LARGE:
            n = self.odd_modulus(ln)
            a, b = self.below(n), self.below(n)
            self.add("MONT", ln, a, b, ln, n, ln, x=a * b % n, x_len=ln,
                     y=self.r2(n, ln, 32), y_len=ln, z=self.r2(n, ln, 64), z_len=ln)

    def gen_exp(self):
        plan = [(ln, el) for ln in SMALL for el in (1, ln)]
        plan += [(32, 32), (48, 48), (64, 3), (128, 3), (256, 3), (256, 256),
                 (384, 3), (512, 3), (128, 17)]
        for ln, el in plan:
            n = self.odd_modulus(ln)
            a = self.num(ln)                       # any value, not reduced
            if el == 3:
                e = 65537
            else:
                e = self.num(el)
            self.add("EXP", ln, a, e, el, n, ln, x=pow(a, e, n), x_len=ln)
        # e = 0 and 1, and a 17-bit exponent on 1024 bits
        for e, el in ((0, 1), (1, 4), (0x1ffff, 3)):
            ln = 16 if e != 0x1ffff else 128
            n = self.odd_modulus(ln)
            a = self.num(ln)
            self.add("EXP", ln, a, e, el, n, ln, x=pow(a, e, n), x_len=ln)

    def gen_inv(self):
        for ln in SMALL + LARGE:
            n = self.odd_modulus(ln)
            a = self.below(n)
            if self.r.randrange(4) == 0 and n % 3 != 0 and n * 3 < 256 ** ln:
                n *= 3                              # share the factor 3
                a = (3 * self.r.randrange(n // 3)) % n
            try:
                x = pow(a, -1, n)
                flag = 1
            except ValueError:
                x, flag = 0, 0
            self.add("INV", ln, a, n=n, n_len=ln, x=x, x_len=ln, flag=flag)

    def is_prime(self, n):
        if n < 2:
            return False
        for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
            if n % p == 0:
                return n == p
        d, s = n - 1, 0
        while d % 2 == 0:
            d //= 2
            s += 1
        for _ in range(40):
            a = self.r.randrange(2, n - 1)
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

    def prime(self, bits):
        while True:
            p = self.r.getrandbits(bits) | (1 << (bits - 1)) | 1
            if self.is_prime(p):
                return p

    def gen_invp(self):
        primes = [(2 ** 255 - 19, 32),
                  (2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1, 32),      # P-256 p
                  (2 ** 384 - 2 ** 128 - 2 ** 96 + 2 ** 32 - 1, 48),      # P-384 p
                  (2 ** 521 - 1, 66), (2 ** 127 - 1, 16), (2 ** 61 - 1, 8)]
        for bits in (5, 13, 31, 32, 64, 96, 160, 512, 1024):
            primes.append((self.prime(bits), (bits + 7) // 8))
        for p, ln in primes:
            for _ in range(2):
                a = self.below(p)
                x = pow(a, -1, p) if a else 0
                self.add("INVP", ln, a, n=p, n_len=ln, x=x, x_len=ln, flag=1 if a else 0)

    def run(self):
        self.gen_addsub()
        self.gen_mul()
        self.gen_mod()
        self.gen_modarith()
        self.gen_mont()
        self.gen_exp()
        self.gen_inv()
        self.gen_invp()


def c_bytes(b):
    lines = []
    for i in range(0, len(b), 16):
        lines.append("    " + ", ".join("0x%02x" % x for x in b[i:i + 16]) + ",")
    return "{\n" + "\n".join(lines) + "\n}" if b else "{ 0 }"


def write(cases, out, command):
    name = os.path.basename(out)
    head = "/* Generated by: %s\n * Do not edit. */\n" % command
    h = [head,
         "#ifndef %s_H\n#define %s_H\n" % (name.upper(), name.upper()),
         "#include <stddef.h>\n#include <stdint.h>\n",
         "enum { %s };\n" % ", ".join("MPC_%s" % op for op in OPS),
         "struct mp_case {",
         "    int op;",
         "    const uint8_t *a, *b, *n, *x, *y, *z;",
         "    size_t a_len, b_len, n_len, x_len, y_len, z_len;",
         "    int flag;",
         "};\n",
         "extern const struct mp_case %s[];" % name,
         "extern const size_t %s_count;\n" % name,
         "#endif\n"]
    c = [head, '#include "%s.h"\n' % name]
    rows = []
    for i, (op, *nums, flag) in enumerate(cases):
        fields = []
        lens = []
        for tag, (v, length) in zip("abnxyz", nums):
            if v is None:
                fields.append("0")
                lens.append("0")
                continue
            arr = "c%d%s" % (i, tag)
            c.append("static const uint8_t %s[%d] = %s;" % (arr, max(1, length),
                                                          c_bytes(to_bytes(v, length))))
            fields.append(arr)
            lens.append(str(length))
        rows.append("    { MPC_%s, %s, %s, %d }," % (op, ", ".join(fields), ", ".join(lens), flag))
    c.append("\nconst struct %s %s[] = {" % ("mp_case", name))
    c.extend(rows)
    c.append("};\n\nconst size_t %s_count = %d;\n" % (name, len(cases)))
    with open(out + ".h", "w") as f:
        f.write("\n".join(h))
    with open(out + ".c", "w") as f:
        f.write("\n".join(c))


def main(argv=None):
    ap = argparse.ArgumentParser(description="mp known-answer cases -> C table")
    ap.add_argument("-o", "--out", required=True, help="output path without .c/.h")
    ap.add_argument("--seed", type=int, default=20240607)
    a = ap.parse_args(argv)
    name = os.path.basename(a.out)
    if not name.isidentifier():
        sys.stderr.write("gen_mp_cases: the output name must be a C identifier\n")
        return 1
    g = Gen(a.seed)
    g.run()
    write(g.cases, a.out, "tools/gen_mp_cases.py --seed %d -o %s" % (a.seed, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
