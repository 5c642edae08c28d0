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

on the eight bitsliced words of two blocks; two more entries serve the
counter loop (aes_ct32_encrypt2_ctr_asm and aes_ct32_ctr_run_asm, twins
aes_ct32_encrypt2_ctr_c and aes_ct32_ctr_run_c): the counter words put
in before the rounds, the transposition back, the alignment and (for a
run) the XOR with the text after them. The state stays in r4-r11
from one round to the next, and each round (SubBytes, MixColumns and
AddRoundKey) is one block of straight-line code allocated as a whole:
the values go to the fourteen registers r0-r12 and lr (Belady's rule:
when a register is needed, the value used furthest ahead leaves, one
already in memory first: a round-key word, a mask constant or a value
spilled before) and to the stack frame only when those run out, so that
SubBytes's outputs reach MixColumns in registers. SubBytes is the gate
list of aes_sbox_lin in aes_ct32.c (the S-box without its constant 0x63,
which the round keys hold), read from src/aes/aes_sbox_circuit.h, where
it is written once for the bitsliced cores, so the two cannot
drift apart; this program orders the gates (a greedy list schedule that
keeps few values live, the best of TRIALS randomised runs, judged by the
cost of the whole round, then improved by LOCAL random moves of one gate
each, kept when the round costs no more). MixColumns is written here as gates, one word
at a time with the round key folded in, using the barrel shifter for the
rotations of fixslicing (see aes_mix_columns_t1 in aes_ct32.c): with
y a word rotated right by 8 bits, the rotation of every byte lane of y
right by s bits is

    ror(x, s) ^ (ror(x ^ ror(x, 8), s) & m_s),   m_s = (0xff >> s) * 0x01010101,

three instructions. Only AND, EOR, shifts, loads and stores at fixed
frame offsets are used on data; the branches depend on the round key
pointer only (the loop runs four rounds per pass, with the MixColumns of
round mod 4 = 1, 2, 3, 0, and leaves after the SubBytes of the last). Unified syntax: the same text assembles for Thumb-2 (Cortex-M3, M4,
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
SRC = os.path.join(ROOT, "src", "aes", "aes_sbox_circuit.h")
OUT = os.path.join(ROOT, "src", "aes", "arch", "aes_armv7.S")

REGS = ["r%d" % i for i in range(13)] + ["lr"]


def sbox_gates():
    """The gates of the S-box circuit (aes_sbox_circuit.h, aes_ct32.c's
    aes_sbox_lin): (dst, op, a, b, None, inverted)."""
    with open(SRC) as f:
        text = f.read()
    m = re.search(r"AES_SBOX_FN void AES_SBOX_NAME\(AES_SBOX_W q\[8\]\)\n\{(.*?)\n\}\n", text, re.S)
    if not m:
        raise SystemExit("the S-box function not found in " + SRC)
    body = m.group(1)
    ins = dict(re.findall(r"(u\d) = q\[(\d)\]", body))
    outs = dict((v, k) for k, v in re.findall(r"q\[(\d)\] = (s\d);", body))
    gates = []
    for line in body.splitlines():
        g = re.match(r"\s*(\w+) = (~\()?(\w+) ([&^]) (\w+)\)?;\s*$", line)
        if g:
            gates.append((g.group(1), "eor" if g.group(4) == "^" else "and",
                          g.group(3), g.group(5), None, bool(g.group(2))))
    nlines = len(re.findall(r"^\s*\w+ = .*[&^].*;\s*$", body, re.M))
    if len(ins) != 8 or len(outs) != 8 or len(gates) != nlines:
        raise SystemExit("unexpected aes_sbox_lin: %d inputs, %d outputs, %d gates"
                         % (len(ins), len(outs), len(gates)))
    return ({u: int(i) for u, i in ins.items()}, {s: int(i) for s, i in outs.items()}, gates)


# The eight state words live in these registers from one round to the next
# (Q[i] in CAN[i]: the order of LDM/STM).
CAN = ["r%d" % (4 + i) for i in range(8)]

# the frame: control words, then the spill slots
QP, END, RKP, MODE, RK1, LO, BASEK = 0, 4, 8, 12, 16, 20, 24
SPILL_BASE = BASEK + 32
# MODE: 0 for aes_ct32_rounds_asm, the number of rounds for
# aes_ct32_encrypt2_ctr_asm, RUN + the number of rounds for
# aes_ct32_ctr_run_asm
RUN = 0x100


def is_const(v):
    return v.startswith("C")


def is_key(v):
    return v.startswith("K")


class Alloc:
    """Straight-line register allocation of one block of gates

        (dst, op, a, b, shift, inverted)   op 'eor' or 'and'; shift None or
                                           ('ror' | 'lsr' | 'lsl', n) on b

    over r0-r12 and lr, Belady's rule for eviction (the value used
    furthest ahead leaves, a value already in memory first). Values named
    C<hex> are constants (made again by MOV when needed, never stored),
    K<i> the round key's word i (loaded from [RKP + 4 i], RKP being the
    frame word at RKP, itself a value), everything else lives in a
    register or in a spill slot of the frame. A block starts from the
    state another block left (copy()), so that the values of one round
    stay in registers across its SubBytes and MixColumns."""

    def __init__(self):
        self.reg_of = {}
        self.val_in = {r: None for r in REGS}
        self.mem_of = {"RKP": RKP}
        self.free_slots = []
        self.nslots = 0
        self.code = []
        self.loads = self.stores = self.moves = 0
        self.gates = []
        self.uses = {}
        self.end = 0
        self.hint = {}
        self.touch = {}

    def copy(self):
        c = Alloc()
        c.reg_of = dict(self.reg_of)
        c.val_in = dict(self.val_in)
        c.mem_of = dict(self.mem_of)
        c.free_slots = list(self.free_slots)
        c.nslots = self.nslots
        c.touch = dict(self.touch)
        return c

    def prepare(self, gates, live_out, hint=None):
        """gates to run; live_out: the values wanted after the block"""
        self.gates = gates
        self.end = len(gates)
        self.uses = {}
        self.hint = hint or {}
        for g, (d, _, a, b, _, _) in enumerate(gates):
            for v in (a, b):
                self.uses.setdefault(v, []).append(g)
                if is_key(v):
                    self.uses.setdefault("RKP", []).append(g)
        for v in live_out:
            self.uses.setdefault(v, []).append(self.end)

    def next_use(self, v, g):
        for u in self.uses.get(v, []):
            if u >= g:
                return u
        return 1 << 30

    def clean(self, v):
        return v in self.mem_of or is_const(v) or is_key(v)

    def slot(self):
        if self.free_slots:
            self.free_slots.sort()
            return self.free_slots.pop(0)
        s = SPILL_BASE + 4 * self.nslots
        self.nslots += 1
        return s

    def evict(self, r):
        v = self.val_in[r]
        if not self.clean(v):
            self.mem_of[v] = self.slot()
            self.code.append("str     %s, [sp, #%d]" % (r, self.mem_of[v]))
            self.stores += 1
        del self.reg_of[v]
        self.val_in[r] = None

    def get_reg(self, g, protect, want=None):
        if want is not None and self.val_in[want] is None:
            return want
        # a free register, the one touched longest ago first (so that a
        # load can move up to an earlier one: pair_loads)
        free = [r for r in REGS if self.val_in[r] is None]
        if free:
            return min(free, key=lambda r: (r in CAN, self.touch.get(r, -1)))
        best = None
        for r in REGS:
            if r in protect:
                continue
            v = self.val_in[r]
            key = (self.next_use(v, g), self.clean(v))
            if best is None or key > best[0]:
                best = (key, r)
        self.evict(best[1])
        return best[1]

    def load(self, v, g, protect):
        if is_key(v):
            rp = self.reg_of.get("RKP") or self.load("RKP", g, protect)
            protect = set(protect) | {rp}
        r = self.get_reg(g, protect, self.hint.get(v))
        if is_const(v):
            c = int(v[1:], 16)
            self.code += ["#if defined(__thumb2__)", "mov     %s, #0x%08x" % (r, c),
                          "#else", "ldr     %s, =0x%08x" % (r, c), "#endif"]
            self.moves += 1
        elif is_key(v):
            self.code.append("ldr     %s, [%s, #%d]" % (r, rp, 4 * int(v[1:])))
            self.loads += 1
        else:
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
        if m is not None and m >= SPILL_BASE:
            self.free_slots.append(m)
        return r

    def run(self):
        for g, (d, op, a, b, sh, inv) in enumerate(self.gates):
            ra = self.reg_of.get(a) or self.load(a, g, set())
            rb = self.reg_of.get(b) or self.load(b, g, {ra})
            freed = [r for r in (self.kill(a, g), self.kill(b, g)) if r is not None]
            want = self.hint.get(d)
            if want is not None and (self.val_in[want] is None or want in freed):
                rd = want
            elif freed:
                rd = freed[0]
            else:
                rd = self.get_reg(g, {ra, rb}, want)
            text = "%s     %s, %s, %s" % (op, rd, ra, rb)
            if sh:
                text += ", %s #%d" % sh
            self.code.append(text)
            for r in (ra, rb, rd):
                self.touch[r] = len(self.code)
            if inv:
                self.code.append("mvn     %s, %s" % (rd, rd))
            self.reg_of[d] = rd
            self.val_in[rd] = d
        return self.code

    def place(self, targets):
        """move the values to their registers (targets: value -> register);
        every other value is dead"""
        for r, v in list(self.val_in.items()):
            if v is not None and v not in targets:
                self.val_in[r] = None
                del self.reg_of[v]
        pending = {v: t for v, t in targets.items() if self.reg_of.get(v) != t}
        while True:
            moved = False
            for v, t in list(pending.items()):
                if v in self.reg_of and self.val_in[t] is None:
                    s = self.reg_of[v]
                    self.code.append("mov     %s, %s" % (t, s))
                    self.moves += 1
                    self.val_in[s] = None
                    self.val_in[t] = v
                    self.reg_of[v] = t
                    del pending[v]
                    moved = True
            if moved:
                continue
            regs = [v for v in pending if v in self.reg_of]
            if not regs:
                break
            # a cycle: one value to a free register outside the targets
            v = regs[0]
            tmp = [r for r in REGS if self.val_in[r] is None and r not in targets.values()][0]
            s = self.reg_of[v]
            self.code.append("mov     %s, %s" % (tmp, s))
            self.moves += 1
            self.val_in[s] = None
            self.val_in[tmp] = v
            self.reg_of[v] = tmp
        for v, t in pending.items():
            self.code.append("ldr     %s, [sp, #%d]" % (t, self.mem_of[v]))
            self.loads += 1
            self.val_in[t] = v
            self.reg_of[v] = t
        self.mem_of = {"RKP": RKP}
        self.free_slots = []

    def cost(self):
        return load_cycles(pair_loads(self.code)) + self.stores + self.moves


def schedule(ins, outs, gates, rng, noise):
    """A topological order of the gates: greedily the ready gate after
    which the fewest values stay live (its operands' last uses first), ties
    and near-ties broken at random (noise), then the original order."""
    remaining = {}
    for (d, _, a, b, _, _) in gates:
        remaining[a] = remaining.get(a, 0) + 1
        remaining[b] = remaining.get(b, 0) + 1
    avail = set(ins)
    left = list(range(len(gates)))
    order = []
    while left:
        best = None
        for i in left:
            d, _, a, b, _, _ = gates[i]
            if a in avail and b in avail:
                die = sum(1 for v in set((a, b))
                          if remaining[v] == (2 if a == b else 1) and v not in outs)
                sc = die + rng.random() * noise - 0.001 * i
                if best is None or sc > best[0]:
                    best = (sc, i)
        i = best[1]
        d, _, a, b, _, _ = gates[i]
        left.remove(i)
        order.append(gates[i])
        avail.add(d)
        remaining[a] -= 1
        remaining[b] -= 1
    return order


# The search: TRIALS orders of the S-box from a fixed seed (Python's
# random.Random is the same on every Python 3); each is allocated from the
# state in CAN and followed by the four MixColumns variants and the last
# round's placement, and the order whose whole round costs least (a load
# counted as two cycles, a store or move as one: Cortex-M4) is kept.
TRIALS = 1000
SEED = 1
NOISE = 1.5
# Then a local search from the best of them: LOCAL times (the same random
# generator), one gate moves to a random place between the gates that
# make its operands and the first gate that uses it, and the new order is
# kept when the round costs no more.
LOCAL = 8000

# MixColumns variants: t -> (s1, s2), the lane rotations of rows r + 1 and
# r + 2 after t skipped ShiftRows (0: none)
MIX = {0: (0, 0), 1: (2, 4), 2: (4, 0), 3: (6, 4)}
MASK = {2: 0x3f3f3f3f, 4: 0x0f0f0f0f, 6: 0x03030303}
# MixColumns reads state word 7 first (t7 is xtime's carry into words 0,
# 1, 3 and 4), then words 0 to 6


def mix_gates(t, q):
    """MixColumns with offsets t and AddRoundKey as gates; q[i] the value of
    state word i; returns (gates, outputs, chains: the partial sums of each
    output word, which are best kept in that word's register). With y a word rotated right by 8
    bits, the rotation of every byte lane of y right by s bits is
    ror(x, s) ^ (ror(x ^ ror(x, 8), s) & m_s), m_s = (0xff >> s) * 0x01010101:
    out_i = r1_i ^ t_(i-1) [^ t7] ^ (t_i with its lanes rotated by s2) ^ rk_i,
    t_i = x_i ^ r1_i, r1_i = lanes of ror(x_i, 8) rotated by s1."""
    s1, s2 = MIX[t]
    G = []
    n = [0]
    m1 = "C%08x" % MASK[s1] if s1 else None
    m2 = "C%08x" % MASK[s2] if s2 else None

    def g(op, a, b, sh=None):
        n[0] += 1
        d = "m%d_%d" % (t, n[0])
        G.append((d, op, a, b, sh, False))
        return d

    def r1_of(x):
        """(value, shift) whose shifted value is the lanes of ror(x, 8)
        rotated by s1"""
        if not s1:
            return (x, ("ror", 8))
        u = g("eor", x, x, ("ror", 8))
        u = g("and", m1, u, ("ror", s1))
        return (g("eor", u, x, ("ror", s1)), None)

    outs = [None] * 8
    chains = [[] for _ in range(8)]

    def word(i, r1, tc, src):
        ch = chains[i]
        if r1[1] is None:
            ch.append(g("eor", r1[0], src))
        else:
            ch.append(g("eor", src, r1[0], r1[1]))
        if i in (1, 3, 4):
            ch.append(g("eor", ch[-1], t7))
        if s2:
            v = g("eor", tc, tc, ("ror", 8))
            v = g("and", m2, v, ("ror", s2 + 8))
            ch.append(g("eor", ch[-1], v))
            ch.append(g("eor", ch[-1], tc, ("ror", s2 + 8)))
        else:
            ch.append(g("eor", ch[-1], tc, ("ror", 16)))
        ch.append(g("eor", ch[-1], "K%d" % i))
        outs[i] = ch[-1]

    r17 = r1_of(q[7])
    t7 = g("eor", q[7], r17[0], r17[1])
    tprev = t7
    for i in range(7):
        r1 = r1_of(q[i])
        ti = g("eor", q[i], r1[0], r1[1])
        word(i, r1, ti, tprev)
        tprev = ti
    word(7, r17, t7, tprev)
    return G, outs, chains


def build_round(ins, outs, order):
    """the S-box in this order, then the four MixColumns variants and the
    last round's placement, each from the S-box's final state"""
    q_in = {i: u for u, i in ins.items()}
    q_out = {i: s for s, i in outs.items()}
    sb = Alloc()
    for i in range(8):
        sb.reg_of[q_in[i]] = CAN[i]
        sb.val_in[CAN[i]] = q_in[i]
    sb.prepare(order, list(outs), {s: CAN[i] for s, i in outs.items()})
    sb.run()
    mixes = {}
    for t in (0, 1, 2, 3):
        m = sb.copy()
        gates, mo, chains = mix_gates(t, q_out)
        m.prepare(gates, mo + ["RKP"], {v: CAN[i] for i in range(8) for v in chains[i]})
        m.run()
        rp = m.reg_of.get("RKP") or m.load("RKP", m.end, set())
        m.code.append("add     %s, %s, #32" % (rp, rp))
        m.code.append("str     %s, [sp, #%d]" % (rp, RKP))
        m.stores += 1
        # Z for the next round's SubBytes: set when it is the last round
        rx = [x for x in REGS if m.val_in[x] is None][0]
        m.code.append("ldr     %s, [sp, #%d]" % (rx, END))
        m.code.append("cmp     %s, %s" % (rp, rx))
        m.loads += 1
        m.place({mo[i]: CAN[i] for i in range(8)})
        mixes[t] = m
    last = sb.copy()
    last.place({q_out[i]: CAN[i] for i in range(8)})
    return sb, mixes, last


LDR = re.compile(r"ldr     (\w+), \[(\w+), #(\d+)\]$")
REG = re.compile(r"\b(r\d+|lr|sp)\b")


def load_cycles(code):
    """Cortex-M4's cycles of the loads of a straight-line block: 2 each, 1
    directly after a single load whose result is not its address
    (docs/cycles.md)"""
    c = 0
    prev = None
    for line in code:
        m = LDR.match(line)
        if m or line.startswith("ldr "):
            c += 1 if prev is not None and prev != (m.group(2) if m else None) else 2
        prev = None
        if line.startswith("ldr ") or m:
            d = REG.findall(line)
            prev = d[0] if d else None
    return c


def pair_loads(code):
    """the block with loads moved up to directly after an earlier load
    (the second of two loads in a row takes one cycle on Cortex-M4): a
    load [base, #k] to X moves over lines that do not name X, do not
    write its base and do not store to its address; kept where the
    block's load cycles drop"""
    code = list(code)
    changed = True
    while changed:
        changed = False
        for p in range(1, len(code)):
            m = LDR.match(code[p])
            if not m:
                continue
            x, base = m.group(1), m.group(2)
            for q in range(p - 1, -1, -1):
                line = code[q]
                if line.startswith("#") or line.endswith(":"):
                    break
                regs = REG.findall(line)
                mq = LDR.match(line)
                if mq and x not in regs and mq.group(1) != base:
                    if q == p - 1:
                        break          # already after a load
                    c2 = code[:q + 1] + [code[p]] + code[q + 1:p] + code[p + 1:]
                    if load_cycles(c2) < load_cycles(code):
                        code = c2
                        changed = True
                    break
                if x in regs:
                    break
                if regs and regs[0] == base and not line.startswith("str"):
                    break
                if line.startswith("str") and line.endswith("[%s, #%s]" % (base, m.group(3))):
                    break
                if line.startswith("cmp") or line.startswith("add"):
                    break
    return code


def round_cost(sb, mixes, last):
    """cycles of spills and moves in one AES-128 pass: rounds 1..9 take
    t = 1, 2, 3, 0, 1, 2, 3, 0, 1"""
    return (10 * sb.cost() + 3 * mixes[1].cost() + 2 * (mixes[2].cost()
            + mixes[3].cost() + mixes[0].cost()) + last.cost())


def move_gate(order, rng):
    """order with one gate moved to a random place after the gates that
    make its operands and before the first gate that uses its output"""
    o = list(order)
    g = o.pop(rng.randrange(len(o)))
    d, _, a, b, _, _ = g
    lo, hi = 0, len(o)
    for k, x in enumerate(o):
        if x[0] in (a, b):
            lo = k + 1
        if d in (x[2], x[3]) and k < hi:
            hi = k
    if lo > hi:
        return None
    o.insert(rng.randint(lo, hi), g)
    return o


def best_round(ins, outs, gates):
    rng = random.Random(SEED)
    best = None
    for trial in range(TRIALS):
        order = schedule(ins, outs, gates, rng, NOISE if trial else 0.0)
        r = build_round(ins, outs, order)
        cost = round_cost(*r)
        if best is None or cost < best[0]:
            best = (cost, order, r)
    cost, order, r = best
    for _ in range(LOCAL):
        o = move_gate(order, rng)
        if o is None:
            continue
        r2 = build_round(ins, outs, o)
        c = round_cost(*r2)
        if c <= cost:
            cost, order, r = c, o, r2
    return r


HEADER = """/* Generated by: python3 tools/gen_aes_armv7m.py. Do not edit.
 *
 * aes_armv7.S - the fixsliced AES rounds of the constant-time 32-bit core
 * on 32-bit Arm with Thumb-2 or A32 (Cortex-M3, M4, M7; Armv7-A), aes_impl.h:
 *
 *   void aes_ct32_rounds_asm(uint32_t q[8], const uint32_t *rk,
 *                            unsigned rounds);
 *   void aes_ct32_encrypt2_ctr_asm(const uint32_t *rk, unsigned rounds,
 *                                  uint32_t q[8], const uint32_t base[8],
 *                                  uint32_t w0, uint32_t w1);
 *   void aes_ct32_ctr_run_asm(const uint32_t *rk, unsigned rounds,
 *                             const uint32_t base[8], uint32_t lo,
 *                             uint8_t *out, const uint8_t *in, size_t npass);
 *
 * Their C twins are aes_ct32_rounds_c, aes_ct32_encrypt2_ctr_c and
 * aes_ct32_ctr_run_c (aes_ct32.c), compared on random states, keys and
 * texts by tests/unit/test_aes.c; the three share the rounds and pick
 * their tail by a mode word in the frame (public). The state lives in r4-r11 from one
 * round to the next; each round (SubBytes, the Boyar-Peralta circuit of
 * aes_sbox_lin, whose constant 0x63 the round keys hold, then MixColumns
 * with the offsets of round mod 4 and the round key folded in) is one
 * straight-line block whose values are allocated to r0-r12 and lr,
 * spilling to the stack frame where they do not fit
 * (SubBytes: %(loads)d reloads and %(stores)d stores; MixColumns 0-3: %(mloads)s loads,
 * the round key's eight included, and %(stores_m)s stores; %(slots)d spill slots).
 * Data go through AND, EOR and the barrel shifter only, at fixed
 * addresses; the branches depend on the round key pointer (public). The frame
 * is wiped before
 * the return. Not built with PROFILE=small: 4.5 KB of code that the C
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
        .globl  aes_ct32_encrypt2_ctr_asm
        .type   aes_ct32_encrypt2_ctr_asm,%%function
        .globl  aes_ct32_ctr_run_asm
        .type   aes_ct32_ctr_run_asm,%%function
        .p2align 2
        AES_FUNC
aes_ct32_rounds_asm:
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out", default=OUT)
    a = ap.parse_args()
    ins, outs, gates = sbox_gates()
    sb, mixes, last = best_round(ins, outs, gates)
    nslots = max([sb.nslots, last.nslots] + [m.nslots for m in mixes.values()])
    frame = SPILL_BASE + 4 * nslots
    if (frame + 36) % 8:
        frame += 4                     # 9 registers pushed: keep sp 8-aligned
    L = []

    def e(s):
        L.append("        " + s if s and not s.endswith(":") and s[0] != "#" else s)

    regs = "{%s}" % ", ".join(CAN)

    def const(r, c):
        L.append("#if defined(__thumb2__)")
        e("mov     %s, #0x%08x" % (r, c))
        L.append("#else")
        e("ldr     %s, =0x%08x" % (r, c))
        L.append("#endif")

    def inject():
        """r4-r11 ^= w0 (r0) and w1 (r3) in bits 6 and 7 of every byte lane"""
        const("r12", 0x40404040)
        const("lr", 0x80808080)
        for i in range(8):
            for (w, m, k) in (("r0", "r12", 6), ("r3", "lr", 7)):
                n = (i - k) % 32
                e("and     r2, %s, %s%s" % (m, w, ", ror #%d" % n if n else ""))
                e("eor     %s, %s, r2" % (CAN[i], CAN[i]))

    # aes_ct32_rounds_asm(q, rk, rounds): the state from q; MODE 0 (q gets
    # the state as the rounds leave it)
    e("push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}")
    e("sub     sp, sp, #%d" % frame)
    e("str     r0, [sp, #%d]" % QP)
    e("add     r2, r1, r2, lsl #5")
    e("str     r2, [sp, #%d]" % END)
    e("movs    r3, #0")
    e("str     r3, [sp, #%d]" % MODE)
    e("ldm     r0, %s" % regs)
    e("b       .Laes_ark0")
    e(".size   aes_ct32_rounds_asm, .-aes_ct32_rounds_asm")
    L.append("")
    # aes_ct32_encrypt2_ctr_asm(rk, rounds, q, base, w0, w1): the state is
    # base with w0 and w1 in bits 6 and 7 of every byte lane (word i takes
    # w0 rotated right by i - 6 bits and w1 by i - 7, mod 32); MODE is the
    # number of rounds (nonzero: q gets the state transposed back to words
    # and aligned)
    e(".p2align 2")
    e("AES_FUNC")
    L.append("aes_ct32_encrypt2_ctr_asm:")
    e("push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}")
    e("sub     sp, sp, #%d" % frame)
    e("str     r2, [sp, #%d]" % QP)
    e("str     r1, [sp, #%d]" % MODE)
    e("add     r2, r0, r1, lsl #5")
    e("str     r2, [sp, #%d]" % END)
    e("mov     r1, r0")
    e("ldm     r3, %s" % regs)
    e("ldr     r0, [sp, #%d]" % (frame + 36))
    e("ldr     r3, [sp, #%d]" % (frame + 40))
    inject()
    e("ldr     r2, [sp, #%d]" % END)
    L.append(".Laes_ark0:")
    e("/* AddRoundKey 0: the state in r4-r11 from here on */")
    for half in (0, 1):
        e("ldm     r1!, {r0, r3, r12, lr}")
        for k, rr in enumerate(("r0", "r3", "r12", "lr")):
            e("eor     %s, %s, %s" % (CAN[4 * half + k], CAN[4 * half + k], rr))
    e("b       .Laes_start")
    e(".size   aes_ct32_encrypt2_ctr_asm, .-aes_ct32_encrypt2_ctr_asm")
    L.append("")
    # aes_ct32_ctr_run_asm(rk, rounds, base, lo, out, in, npass): npass
    # passes of aes_ct32_encrypt2_ctr_asm with w0, w1 = the byte reversals
    # of lo + 2k and lo + 2k + 1 (mod 2^32), each XORed with 32 bytes of in
    # into out (word-aligned; LDM and STM)
    e(".p2align 2")
    e("AES_FUNC")
    L.append("aes_ct32_ctr_run_asm:")
    e("push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}")
    e("sub     sp, sp, #%d" % frame)
    e("add     r12, r1, #%d" % RUN)
    e("str     r12, [sp, #%d]" % MODE)
    e("add     r1, r0, r1, lsl #5")
    e("str     r1, [sp, #%d]" % END)
    e("str     r3, [sp, #%d]" % LO)
    e("/* base ^ round key 0, once per run, to the frame */")
    e("ldm     r2, %s" % regs)
    for i in range(8):
        e("ldr     r3, [r0], #4")
        e("eor     %s, %s, r3" % (CAN[i], CAN[i]))
    e("str     r0, [sp, #%d]" % RK1)
    e("add     r2, sp, #%d" % BASEK)
    e("stm     r2, %s" % regs)
    L.append(".Laes_pass:")
    e("ldr     r1, [sp, #%d]" % LO)
    e("add     r2, sp, #%d" % BASEK)
    e("ldm     r2, %s" % regs)
    e("add     r2, r1, #2")
    e("str     r2, [sp, #%d]" % LO)
    e("rev     r0, r1")
    e("add     r3, r1, #1")
    e("rev     r3, r3")
    inject()
    e("ldr     r1, [sp, #%d]" % RK1)
    e("ldr     r2, [sp, #%d]" % END)
    L.append(".Laes_start:")
    e("str     r1, [sp, #%d]" % RKP)
    e("cmp     r1, r2")
    # Four rounds per pass of the loop, round r running the MixColumns of
    # r mod 4 (1, 2, 3, 0): no dispatch. Z, set by the compare of the round
    # key pointer with its end before each SubBytes (whose EOR, AND, MOV,
    # MVN, loads and stores keep the flags), says the round is the last.
    L.append(".Laes_round:")
    for t in (1, 2, 3, 0):
        e("/* round r = %d mod 4: SubBytes */" % t)
        for s in pair_loads(sb.code):
            e(s)
        e("beq     .Laes_last")
        e("/* MixColumns, offsets %d, and AddRoundKey; Z for the next round */" % t)
        for s in pair_loads(mixes[t].code):
            e(s)
        if t == 0:
            e("b       .Laes_round")
            e(".ltorg")
        else:
            L.append("#if !defined(__thumb2__)")
            e("b       .Laes_pool%d" % t)
            e(".ltorg")
            L.append(".Laes_pool%d:" % t)
            L.append("#endif")
    L.append(".Laes_last:")
    # The tail works on the registers where SubBytes left the state words
    # (Q[i] in R[i]; the six others are free): no moves but where the
    # state is stored to q in order (LDM/STM order: r4-r11)
    q_out = {i: v for v, i in outs.items()}
    R = [sb.reg_of[q_out[i]] for i in range(8)]
    free = [r for r in REGS if sb.val_in[r] is None]
    assert len(free) == 6
    e("/* the last AddRoundKey; q[i] in %s */" % ", ".join(R))
    e("ldr     %s, [sp, #%d]" % (free[0], RKP))
    k4 = free[1:5]
    for half in (0, 1):
        e("ldm     %s%s, {%s}" % (free[0], "!" if half == 0 else "", ", ".join(k4)))
        for k in range(4):
            e("eor     %s, %s, %s" % (R[4 * half + k], R[4 * half + k], k4[k]))
    md, t, c = free[0], free[1], free[2]
    e("ldr     %s, [sp, #%d]" % (md, MODE))
    e("cmp     %s, #0" % md)
    e("beq     .Laes_store")
    e("/* MODE: the transposition back to words (SWAPMOVE of aes_pack) */")
    for (n, m, pairs) in ((1, 0x55555555, ((0, 1), (2, 3), (4, 5), (6, 7))),
                          (2, 0x33333333, ((0, 2), (1, 3), (4, 6), (5, 7))),
                          (4, 0x0f0f0f0f, ((0, 4), (1, 5), (2, 6), (3, 7)))):
        const(c, m)
        for (i, j) in pairs:
            a_, b_ = R[i], R[j]
            e("eor     %s, %s, %s, lsr #%d" % (t, b_, a_, n))
            e("and     %s, %s, %s" % (t, t, c))
            e("eor     %s, %s, %s" % (b_, b_, t))
            e("eor     %s, %s, %s, lsl #%d" % (a_, a_, t, n))
    e("/* ShiftRows^2 for 10 and 14 rounds: rows 1 and 3 of columns c, c + 2 */")
    e("tst     %s, #2" % md)
    e("beq     .Laes_aligned")
    const(c, 0xff00ff00)
    for i in range(4):
        e("eor     %s, %s, %s" % (t, R[i], R[i + 4]))
        e("and     %s, %s, %s" % (t, t, c))
        e("eor     %s, %s, %s" % (R[i], R[i], t))
        e("eor     %s, %s, %s" % (R[i + 4], R[i + 4], t))
    L.append(".Laes_aligned:")
    e("cmp     %s, #%d" % (md, RUN))
    e("blo     .Laes_store")
    e("/* RUN: out = in ^ the key stream (words 0..3 of block 0 in q[0, 2, 4, 6]), the next pass */")
    pin, pout, d4 = free[0], free[1], free[2:6]
    e("ldr     %s, [sp, #%d]" % (pin, frame + 40))
    e("ldr     %s, [sp, #%d]" % (pout, frame + 36))
    for half in (0, 1):
        e("ldm     %s!, {%s}" % (pin, ", ".join(d4)))
        for k in range(4):
            e("eor     %s, %s, %s" % (d4[k], d4[k], R[2 * k + half]))
        e("stm     %s!, {%s}" % (pout, ", ".join(d4)))
    e("str     %s, [sp, #%d]" % (pin, frame + 40))
    e("str     %s, [sp, #%d]" % (pout, frame + 36))
    e("ldr     %s, [sp, #%d]" % (d4[0], frame + 44))
    e("subs    %s, %s, #1" % (d4[0], d4[0]))
    e("str     %s, [sp, #%d]" % (d4[0], frame + 44))
    e("bne     .Laes_pass")
    e("b       .Laes_wipe")
    L.append(".Laes_store:")
    e("/* the state to q in order */")
    for s in last.code:
        e(s)
    e("ldr     r1, [sp, #%d]" % QP)
    e("stm     r1, %s" % regs)
    L.append(".Laes_wipe:")
    e("movs    r2, #0")
    e("movs    r3, #0")
    for off in range(0, frame - 7, 8):
        e("strd    r2, r3, [sp, #%d]" % off)
    if frame % 8:
        e("str     r2, [sp, #%d]" % (frame - 4))
    e("add     sp, sp, #%d" % frame)
    e("pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}")
    e(".ltorg")
    e(".size   aes_ct32_ctr_run_asm, .-aes_ct32_ctr_run_asm")
    L.append("")
    L.append("#endif")
    L.append("")
    L.append("#if defined(__ELF__)")
    L.append("        .section .note.GNU-stack,\"\",%progbits")
    L.append("#endif")
    text = HEADER % {"loads": sb.loads, "stores": sb.stores, "slots": nslots,
                     "mloads": ", ".join("%d" % mixes[t].loads for t in range(4)),
                     "stores_m": ", ".join("%d" % mixes[t].stores for t in range(4))} \
        + "\n".join(L) + "\n"
    with open(a.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
