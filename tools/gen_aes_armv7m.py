#!/usr/bin/env python3
"""gen_aes_armv7m.py - the fixsliced AES rounds in Armv7 assembly,
src/aes/arch/aes_armv7.S.

  gen_aes_armv7m.py [-o FILE]

The assembly does what the C function aes_ct32_rounds_c of
src/aes/aes_ct32.c does (its C twin, compared by tests/unit/test_aes.c):

    q ^= rk[0..7]
    for r in 1 .. rounds - 1:
        SubBytes(q); MixColumns_(r mod 4)(q); q ^= rk[8 r .. 8 r + 7]
    SubBytes(q); q ^= rk[8 rounds .. 8 rounds + 7]

on the eight bitsliced words of two blocks. SubBytes is the gate list of
aes_sbox in aes_ct32.c, read from that file, so the two cannot drift apart;
this program orders the gates (a greedy list schedule that keeps few
values live, the best of TRIALS randomised runs), allocates the values to
the fourteen registers r0-r12 and lr (Belady's rule: when a register is
needed, the value used furthest ahead leaves, a value already in memory
first) and keeps the state and the values that do not fit in the stack
frame (from 47 reloads and 40 stores in the circuit's own order to 25 and
24, the eight loads of the inputs and stores of the outputs included). MixColumns is written here, one
word at a time with the round key folded in, using the barrel shifter for
the rotations of fixslicing (see aes_mix_columns_t1 in aes_ct32.c): with
y a word rotated right by 8 bits, the rotation of every byte lane of y
right by s bits is

    ror(x, s) ^ (ror(x ^ ror(x, 8), s) & m_s),   m_s = (0xff >> s) * 0x01010101,

three instructions. Only AND, EOR, MVN, shifts, loads and stores at fixed
frame offsets are used on data; the branches depend on the round counter
only. Unified syntax: the same text assembles for Thumb-2 (Cortex-M3, M4,
M7) and A32. Python only; tools/test_tools.py checks that the committed
file is this program's output.
"""
import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SRC = os.path.join(ROOT, "src", "aes", "aes_ct32.c")
OUT = os.path.join(ROOT, "src", "aes", "arch", "aes_armv7.S")

REGS = ["r%d" % i for i in range(13)] + ["lr"]

# the frame: Q[0..7] the state, then the spill slots, then four words
Q_OFF = 0


def sbox_gates():
    """The gates of aes_sbox in aes_ct32.c: (dst, op, a, b, inverted)."""
    with open(SRC) as f:
        text = f.read()
    m = re.search(r"static void aes_sbox\(uint32_t q\[8\]\)\n\{(.*?)\n\}\n", text, re.S)
    if not m:
        raise SystemExit("aes_sbox not found in " + SRC)
    body = m.group(1)
    ins = dict(re.findall(r"(u\d) = q\[(\d)\]", body))
    outs = dict((v, k) for k, v in re.findall(r"q\[(\d)\] = (s\d);", body))
    gates = []
    for line in body.splitlines():
        g = re.match(r"\s*(\w+) = (~\()?(\w+) ([&^]) (\w+)\)?;\s*$", line)
        if g:
            gates.append((g.group(1), g.group(4), g.group(3), g.group(5), bool(g.group(2))))
    if len(ins) != 8 or len(outs) != 8 or len(gates) != 128:
        raise SystemExit("unexpected aes_sbox: %d inputs, %d outputs, %d gates"
                         % (len(ins), len(outs), len(gates)))
    return ({u: int(i) for u, i in ins.items()}, {s: int(i) for s, i in outs.items()}, gates)


class Alloc:
    """Straight-line register allocation of the S-box circuit."""

    def __init__(self, ins, outs, gates, spill_base):
        self.gates = gates
        self.outs = outs
        self.end = len(gates)
        self.uses = {}
        for g, (d, _, a, b, _) in enumerate(gates):
            self.uses.setdefault(a, []).append(g)
            self.uses.setdefault(b, []).append(g)
        for s in outs:
            self.uses.setdefault(s, []).append(self.end)
        self.reg_of = {}
        self.val_in = {r: None for r in REGS}
        self.mem_of = {u: Q_OFF + 4 * i for u, i in ins.items()}   # clean copies
        self.spill_base = spill_base
        self.free_slots = []
        self.nslots = 0
        self.code = []
        self.loads = self.stores = 0

    def next_use(self, v, g):
        for u in self.uses.get(v, []):
            if u >= g:
                return u
        return 1 << 30

    def slot(self):
        if self.free_slots:
            self.free_slots.sort()
            return self.free_slots.pop(0)
        s = self.spill_base + 4 * self.nslots
        self.nslots += 1
        return s

    def get_reg(self, g, protect):
        for r in REGS:
            if self.val_in[r] is None:
                return r
        best = None
        for r in REGS:
            if r in protect:
                continue
            v = self.val_in[r]
            key = (self.next_use(v, g), v in self.mem_of)
            if best is None or key > best[0]:
                best = (key, r)
        r = best[1]
        v = self.val_in[r]
        if v not in self.mem_of:
            self.mem_of[v] = self.slot()
            self.code.append("str     %s, [sp, #%d]" % (r, self.mem_of[v]))
            self.stores += 1
        del self.reg_of[v]
        self.val_in[r] = None
        return r

    def load(self, v, g, protect):
        r = self.get_reg(g, protect)
        self.code.append("ldr     %s, [sp, #%d]" % (r, self.mem_of[v]))
        self.loads += 1
        self.reg_of[v] = r
        self.val_in[r] = v
        return r

    def kill(self, v, g):
        """v is not used after gate g: free its register and its slot"""
        if self.next_use(v, g + 1) < (1 << 30):
            return None
        r = self.reg_of.pop(v, None)
        if r is not None:
            self.val_in[r] = None
        m = self.mem_of.pop(v, None)
        if m is not None and m >= self.spill_base:
            self.free_slots.append(m)
        return r

    def run(self):
        for g, (d, op, a, b, inv) in enumerate(self.gates):
            ra = self.reg_of.get(a) or self.load(a, g, set())
            rb = self.reg_of.get(b) or self.load(b, g, {ra})
            freed = [r for r in (self.kill(a, g), self.kill(b, g)) if r is not None]
            rd = freed[0] if freed else self.get_reg(g, {ra, rb})
            self.code.append("%s     %s, %s, %s" % ("eor" if op == "^" else "and", rd, ra, rb))
            if inv:
                self.code.append("mvn     %s, %s" % (rd, rd))
            self.reg_of[d] = rd
            self.val_in[rd] = d
        # the outputs into the state words (every input is dead by now)
        for s, i in sorted(self.outs.items(), key=lambda x: x[1]):
            r = self.reg_of.get(s)
            if r is None:
                r = self.load(s, self.end, set())
            self.code.append("str     %s, [sp, #%d]" % (r, Q_OFF + 4 * i))
            self.stores += 1
        return self.code


def schedule(ins, outs, gates, rng, noise):
    """A topological order of the gates: greedily the ready gate after
    which the fewest values stay live (its operands' last uses first), ties
    and near-ties broken at random (noise), then the original order."""
    remaining = {}
    for (d, _, a, b, _) in gates:
        remaining[a] = remaining.get(a, 0) + 1
        remaining[b] = remaining.get(b, 0) + 1
    avail = set(ins)
    left = list(range(len(gates)))
    order = []
    while left:
        best = None
        for i in left:
            d, _, a, b, _ = gates[i]
            if a in avail and b in avail:
                die = sum(1 for v in set((a, b))
                          if remaining[v] == (2 if a == b else 1) and v not in outs)
                sc = die + rng.random() * noise - 0.001 * i
                if best is None or sc > best[0]:
                    best = (sc, i)
        i = best[1]
        d, _, a, b, _ = gates[i]
        left.remove(i)
        order.append(gates[i])
        avail.add(d)
        remaining[a] -= 1
        remaining[b] -= 1
    return order


# The search: TRIALS orders from a fixed seed (Python's random.Random is
# the same on every Python 3), the one whose allocation costs least (a
# reload counted as two cycles, a store as one: Cortex-M4) is kept.
TRIALS = 1000
SEED = 1
NOISE = 1.5


def best_sbox(ins, outs, gates, spill_base):
    rng = random.Random(SEED)
    best = None
    for trial in range(TRIALS):
        order = schedule(ins, outs, gates, rng, NOISE if trial else 0.0)
        al = Alloc(ins, outs, order, spill_base)
        al.run()
        cost = 2 * al.loads + al.stores
        if best is None or cost < best[0]:
            best = (cost, al)
    return best[1]


# MixColumns variants: t -> (s1, s2), the lane rotations of rows r + 1 and
# r + 2 after t skipped ShiftRows (0: none)
MIX = {0: (0, 0), 1: (2, 4), 2: (4, 0), 3: (6, 4)}
MASK = {2: 0x3f3f3f3f, 4: 0x0f0f0f0f, 6: 0x03030303}


def mix(t):
    """MixColumns with offsets t and the round key at [rkp], rkp advanced by
    32 bytes. Registers: r0 rkp, r1 M1, r2 M2, r3 t7, r4 x7 or r1_7, r5 the
    t of the previous word and r9 the current one by turns, r6 x, r7 u, r8 r1, r10 v, r11 out, r12 the key word."""
    s1, s2 = MIX[t]
    c = []
    # a byte repeated four times: a Thumb-2 modified immediate, else a literal
    masks = [(r, MASK[x]) for r, x in (("r1", s1), ("r2", s2)) if x]
    if masks:
        c.append("#if defined(__thumb2__)")
        c.extend("mov     %s, #0x%08x" % rm for rm in masks)
        c.append("#else")
        c.extend("ldr     %s, =0x%08x" % rm for rm in masks)
        c.append("#endif")

    def r1_of(x, dst):
        """r1 = lanes of ror(x, 8) rotated by s1; returns its operand text"""
        if not s1:
            return "%s, ror #8" % x
        c.append("eor     r7, %s, %s, ror #8" % (x, x))
        c.append("and     r7, r1, r7, ror #%d" % s1)
        c.append("eor     %s, r7, %s, ror #%d" % (dst, x, s1))
        return dst

    def word(i, x, r1, t, tprev):
        # out = r1 ^ xtime(t)[i] ^ Q2(ror(t, 16)) ^ rk[i]
        src = {0: "r3", 1: tprev, 2: tprev, 3: tprev, 4: tprev, 5: tprev,
               6: tprev, 7: tprev}[i]
        if s1:
            c.append("eor     r11, %s, %s" % (r1, src))
        else:
            c.append("eor     r11, %s, %s" % (src, r1))
        if i in (1, 3, 4):
            c.append("eor     r11, r11, r3")
        if s2:
            c.append("eor     r10, %s, %s, ror #8" % (t, t))
            c.append("and     r10, r2, r10, ror #%d" % (s2 + 8))
            c.append("eor     r11, r11, r10")
            c.append("eor     r11, r11, %s, ror #%d" % (t, s2 + 8))
        else:
            c.append("eor     r11, r11, %s, ror #16" % t)
        c.append("ldr     r12, [r0], #4")
        c.append("eor     r11, r11, r12")
        c.append("str     r11, [sp, #%d]" % (Q_OFF + 4 * i))

    # word 7 first: t7 is xtime's carry into words 0, 1, 3 and 4
    c.append("ldr     r4, [sp, #%d]" % (Q_OFF + 28))
    r1_7 = r1_of("r4", "r8")
    if s1:
        c.append("eor     r3, r4, r8")
        c.append("mov     r4, r8")
        r1_7 = "r4"
    else:
        c.append("eor     r3, r4, r4, ror #8")
        r1_7 = "r4, ror #8"
    # t of word i in r9 or r5 by turns: the other holds t of word i - 1
    for i in range(7):
        tr, tp = ("r9", "r5") if i % 2 == 0 else ("r5", "r9")
        c.append("ldr     r6, [sp, #%d]" % (Q_OFF + 4 * i))
        r1 = r1_of("r6", "r8")
        c.append("eor     %s, r6, %s" % (tr, r1))
        word(i, "r6", r1, tr, tp)
    word(7, None, r1_7, "r3", "r9" if 6 % 2 == 0 else "r5")
    return c


HEADER = """/* Generated by: python3 tools/gen_aes_armv7m.py. Do not edit.
 *
 * aes_armv7.S - the fixsliced AES rounds of the constant-time 32-bit core
 * on 32-bit Arm with Thumb-2 or A32 (Cortex-M3, M4, M7; Armv7-A), aes_impl.h:
 *
 *   void aes_ct32_rounds_asm(uint32_t q[8], const uint32_t *rk,
 *                            unsigned rounds);
 *
 * Its C twin is aes_ct32_rounds_c (aes_ct32.c), compared on random states
 * and keys by tests/unit/test_aes.c. The state lives in the stack frame
 * (Q[i] at [sp, #4 i]); SubBytes is the Boyar-Peralta circuit of aes_sbox
 * with its values allocated to r0-r12 and lr (%(loads)d reloads, %(stores)d
 * spills and stores, %(slots)d spill slots); MixColumns reads and writes one
 * state word at a time, with the round key folded in. Data go through
 * AND, EOR, MVN and the barrel shifter only, at fixed addresses; the
 * branches depend on the round counter (public). The frame is wiped before
 * the return. Not built with PROFILE=small: 2.3 KB of code that the C
 * rounds do in less (docs/aes.md).
 */
#include "ctcrypto/config.h"

#if defined(__arm__) && (defined(__thumb2__) || !defined(__thumb__)) \\
    && !CTC_NO_ASM && CTC_AES && !CTC_PROFILE_SMALL

        .syntax unified
#if defined(__thumb__)
        .thumb
#define AES_FUNC .thumb_func
#else
        .arm
#define AES_FUNC
#endif

        .section .text.aes_ct32_rounds_asm,"ax",%%progbits
        .globl  aes_ct32_rounds_asm
        .type   aes_ct32_rounds_asm,%%function
        .p2align 2
        AES_FUNC
aes_ct32_rounds_asm:
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out", default=OUT)
    a = ap.parse_args()
    ins, outs, gates = sbox_gates()
    al = best_sbox(ins, outs, gates, Q_OFF + 32)
    sbox = al.code
    nslots = al.nslots
    ctl = Q_OFF + 32 + 4 * nslots
    QP, END, RKP, TT = ctl, ctl + 4, ctl + 8, ctl + 12
    frame = ctl + 16
    if (frame + 36) % 8:
        frame += 4                     # 9 registers pushed: keep sp 8-aligned
    L = []

    def e(s):
        L.append("        " + s if s and not s.endswith(":") and s[0] != "#" else s)

    e("push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}")
    e("sub     sp, sp, #%d" % frame)
    e("str     r0, [sp, #%d]" % QP)
    e("add     r3, r1, r2, lsl #5")
    e("str     r3, [sp, #%d]" % END)
    e("/* AddRoundKey 0 into the frame */")
    e("ldm     r0, {r4, r5, r6, r7, r8, r9, r10, r11}")
    for i in range(8):
        e("ldr     r3, [r1], #4")
        e("eor     r%d, r%d, r3" % (4 + i, 4 + i))
    e("mov     r3, sp")
    e("stm     r3, {r4, r5, r6, r7, r8, r9, r10, r11}")
    e("str     r1, [sp, #%d]" % RKP)
    e("movs    r2, #1")
    e("str     r2, [sp, #%d]" % TT)
    L.append(".Laes_round:")
    e("/* SubBytes */")
    for s in sbox:
        e(s)
    e("/* the last round has no MixColumns; else the variant of round mod 4 */")
    e("ldr     r0, [sp, #%d]" % RKP)
    e("ldr     r1, [sp, #%d]" % END)
    e("cmp     r0, r1")
    e("beq     .Laes_last")
    e("ldr     r2, [sp, #%d]" % TT)
    e("adds    r3, r2, #1")
    e("and     r3, r3, #3")
    e("str     r3, [sp, #%d]" % TT)
    e("cmp     r2, #1")
    e("beq     .Laes_mix1")
    e("cmp     r2, #2")
    e("beq     .Laes_mix2")
    e("cmp     r2, #3")
    e("beq     .Laes_mix3")
    for t in (0, 1, 2, 3):
        L.append(".Laes_mix%d:" % t)
        e("/* MixColumns, offsets %d, and AddRoundKey */" % t)
        for s in mix(t):
            e(s)
        e("str     r0, [sp, #%d]" % RKP)
        e("b       .Laes_round")
        e(".ltorg")
    L.append(".Laes_last:")
    e("/* the last AddRoundKey, into q; then the frame is wiped */")
    e("mov     r3, sp")
    e("ldm     r3, {r4, r5, r6, r7, r8, r9, r10, r11}")
    for i in range(8):
        e("ldr     r3, [r0], #4")
        e("eor     r%d, r%d, r3" % (4 + i, 4 + i))
    e("ldr     r1, [sp, #%d]" % QP)
    e("stm     r1, {r4, r5, r6, r7, r8, r9, r10, r11}")
    e("movs    r2, #0")
    e("movs    r3, #0")
    for off in range(0, frame - 7, 8):
        e("strd    r2, r3, [sp, #%d]" % off)
    if frame % 8:
        e("str     r2, [sp, #%d]" % (frame - 4))
    e("add     sp, sp, #%d" % frame)
    e("pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}")
    e(".size   aes_ct32_rounds_asm, .-aes_ct32_rounds_asm")
    L.append("")
    L.append("#endif")
    L.append("")
    L.append("#if defined(__ELF__)")
    L.append("        .section .note.GNU-stack,\"\",%progbits")
    L.append("#endif")
    text = HEADER % {"loads": al.loads, "stores": al.stores, "slots": nslots} \
        + "\n".join(L) + "\n"
    with open(a.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
