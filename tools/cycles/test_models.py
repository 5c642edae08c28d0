#!/usr/bin/env python3
"""test_models.py - tests of the cycle models, the log parser, the
calibration table and the plugin's RISC-V features.

Each group prints PASS/FAIL; the last line is "N passed, N failed".  The
expected cycle counts below were worked out by hand from the rules in
docs/cycles.md (the arithmetic is written next to each figure); none is
produced by calling the model under test.
"""
import copy
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import calib  # noqa: E402
import models  # noqa: E402
import suite  # noqa: E402


class Group:
    def __init__(self, total, name):
        self.total, self.name, self.fails, self.checks = total, name, [], 0

    def check(self, ok, what):
        self.checks += 1
        if not ok:
            self.fails.append(what)

    def eq(self, got, want, what):
        self.check(abs(got - want) < 1e-9, "%s: got %s, want %s" % (what, got, want))

    def end(self):
        if not self.fails and self.checks:
            suite.emit("PASS %s (%d checks)" % (self.name, self.checks))
            self.total.passed += 1
        else:
            for f in self.fails[:6]:
                suite.emit("  check failed: " + f)
            suite.emit("FAIL %s (%d of %d checks failed)" % (self.name, len(self.fails), self.checks))
            self.total.failed += 1


# one histogram exercised by both Armv6-M models
V6M = {
    "adds": {"count": 10},
    "ldr": {"count": 3, "lit": 1},
    "strb": {"count": 2},
    "push": {"count": 1, "regs": 5},
    "pop": {"count": 1, "regs": 5, "taken": 1},       # pop {r4-r7, pc}
    "bne": {"count": 4, "taken": 3},
    "bl": {"count": 1, "taken": 1},
    "muls": {"count": 2},
}


def test_v6m(total):
    g = Group(total, "models: Cortex-M0 and M0+ rules on a hand-made histogram")
    # M0: adds 10*1 = 10; ldr 3*2 = 6; strb 2*2 = 4; push 1+5 = 6;
    #     pop 1+5 + 2 (taken) = 8; bne 4 + 3*2 = 10; bl 2 + 2 = 4; muls 2*1 = 2
    #     total 10+6+4+6+8+10+4+2 = 50
    cyc, bd = models.estimate("cortex-m0", V6M)
    g.eq(cyc, 50, "M0 total")
    g.eq(bd["taken"], 10, "M0 taken penalty (5 taken x 2)")
    # M0 with the small multiplier: muls 2*32 = 64 instead of 2 -> 112
    g.eq(models.estimate("cortex-m0", V6M, {"mul": 32})[0], 112, "M0 mul=32")
    # M0+: taken penalty 1: pop 7, bne 4+3 = 7, bl 2+1 = 3 -> 10+6+4+6+7+7+3+2 = 45
    g.eq(models.estimate("cortex-m0plus", V6M)[0], 45, "M0+ total")
    # the model must not alter its input
    before = copy.deepcopy(V6M)
    models.estimate("cortex-m0", V6M)
    g.check(V6M == before, "histogram modified")
    g.end()


V7M = {
    "add.w": {"count": 5},
    "ldr": {"count": 4, "pipe_ld": 2},
    "str": {"count": 2},
    "mla": {"count": 1},
    "umull": {"count": 1},
    "umlal": {"count": 1},
    "ldm.w": {"count": 1, "regs": 4},
    "b": {"count": 2, "taken": 2},
    "ldr.w": {"count": 1, "agu": 1},
    "itt": {"count": 1},
    "addne": {"count": 2},
}


def test_v7m(total):
    g = Group(total, "models: Cortex-M3 and M4 rules on a hand-made histogram")
    # M3: add.w 5; ldr 4*2 - 2 (pipelined) = 6; str 2*1 = 2; mla 2; umull 4;
    #     umlal 6; ldm 1+4 = 5; b 2 + 2*2 = 6; ldr.w 2 + 1 (agu) = 3; itt 0;
    #     addne 2 -> 5+6+2+2+4+6+5+6+3+0+2 = 41
    g.eq(models.estimate("cortex-m3", V7M)[0], 41, "M3 total")
    # M4: the multiplies are single-cycle: 41 - (2-1) - (4-1) - (6-1) = 32
    g.eq(models.estimate("cortex-m4", V7M)[0], 32, "M4 total")
    # M3 with the TRM's upper bounds for every long multiply (5 and 7): 41 + 1 + 1 = 43
    g.eq(models.estimate("cortex-m3", V7M, {"umull": 5, "umlal": 7})[0], 43, "M3 long multiplies at 5/7")
    # P = 3: two taken branches cost 2 more -> 34 on the M4
    g.eq(models.estimate("cortex-m4", V7M, {"P": 3})[0], 34, "M4 P=3")
    g.end()


RV = {
    "lw": {"count": 3, "use1": 2, "use2": 1},
    "lbu": {"count": 2, "use1": 1, "use2": 1},
    "mul": {"count": 2, "use1": 1, "use3": 1},
    "add": {"count": 10, "use1": 5},
    "bne": {"count": 4, "taken": 3, "bmiss": 1, "bmiss1": 2},
    "divu": {"count": 1},
    "sw": {"count": 2},
}


def test_rv32(total):
    g = Group(total, "models: RV32IMC (E31-class) rules on a hand-made histogram")
    # base: 3+2+2+10+4+1+2 = 24 instructions
    # lw (latency 2): first use at distance 1 stalls 1 -> 2*1; at distance 2: 0
    # lbu (latency 3): distance 1 -> 2, distance 2 -> 1: 2 + 1 = 3
    # mul (latency 5): distance 1 -> 4, distance 3 -> 2: 6
    # add: latency 1, no stall; bne: 1 misprediction * 3 = 3
    # divu: 33 - 1 = 32 extra
    # total 24 + 2 + 3 + 6 + 3 + 32 = 70
    cyc, bd = models.estimate("rv32imc", RV)
    g.eq(cyc, 70, "RV32 total")
    g.eq(bd.get("ld_use", 0), 5, "load-use stalls")
    g.eq(bd.get("mul_use", 0), 6, "multiply-use stalls")
    # 1-bit predictor column: 2 mispredictions -> 70 + 3 = 73
    g.eq(models.estimate("rv32imc", RV, {"bpred": 1})[0], 73, "RV32 bpred=1")
    g.end()


def test_errors(total):
    g = Group(total, "models: cores without a model and bad parameters are refused")
    for core in ("xtensa-lx106", "cortex-m7", "z80"):
        try:
            models.estimate(core, {"nop": {"count": 1}})
            g.check(False, "%s: no exception" % core)
        except models.NoModel as e:
            g.check(core in str(e), "%s: message %r" % (core, str(e)))
    try:
        models.estimate("cortex-m4", {}, {"no_such_param": 1})
        g.check(False, "unknown parameter accepted")
    except KeyError:
        g.check(True, "")
    g.check(models.estimate("rv32imc", {})[0] == 0, "empty histogram is 0 cycles")
    g.end()


def test_arm_names(total):
    g = Group(total, "models: Arm mnemonic normalisation")
    cases = [("bne.w", "b"), ("bls", "b"), ("bl", "bl"), ("mls", "mls"), ("itte", "it"), ("ldr.w", "ldr"),
             ("addne", "add"), ("adcs", "adcs"), ("lsls", "lsls"), ("umlal", "umlal"), ("teq.w", "teq"),
             ("movhi", "mov"), ("bics", "bics"), ("blx", "blx")]
    for m, want in cases:
        g.check(models.arm_base(m) == want, "%s -> %s, want %s" % (m, models.arm_base(m), want))
    g.end()


LOG = """\
ctplug: region=0 insns=7 taken=1 ld_insns=0 st_insns=0 loads=0 stores=0 extra_mem=0 vt=0 pc_hash=1 mem_hash=2
ctplug: region=0 hist adds=4 ldr=2 bne=1
ctplug: region=0 feat adds count=4
ctplug: region=0 feat ldr count=2 pipe_ld=1
ctplug: region=0 feat bne count=1 taken=1
ctplug: region=1 insns=3 taken=0 ld_insns=0 st_insns=0 loads=0 stores=0 extra_mem=0 vt=0 pc_hash=3 mem_hash=4
ctplug: region=1 hist mov=3
some other qemu line
ctplug: total_insns=99 regions=2
"""


def test_log(total):
    g = Group(total, "models: regions_from_log (feat lines, hist fallback)")
    regs = models.regions_from_log(LOG)
    g.check(len(regs) == 2, "two regions, got %d" % len(regs))
    if len(regs) == 2:
        r0, r1 = regs
        g.check(r0["insns"] == 7 and r0["summary"]["taken"] == 1, "region 0 summary %r" % r0)
        g.check(r0["hist"] == {"adds": {"count": 4}, "ldr": {"count": 2, "pipe_ld": 1},
                               "bne": {"count": 1, "taken": 1}}, "region 0 hist %r" % r0["hist"])
        g.check(r1["hist"] == {"mov": {"count": 3}} and r1["insns"] == 3, "region 1 %r" % r1)
        # M0 on region 0: adds 4 + ldr 2*2 + bne 1 + 2 = 11
        g.eq(models.estimate("cortex-m0", r0["hist"])[0], 11, "M0 on parsed region 0")
    g.end()


def test_calibration(total):
    g = Group(total, "calib: committed data reproduce the committed table, within the stated bounds")
    errs = calib.check()
    g.check(errs == [], "; ".join(errs))
    cores = set(p["core"] for p in calib.POINTS if p["kind"] == "cal")
    g.check(cores == {"cortex-m0", "cortex-m0plus", "cortex-m3", "cortex-m4", "rv32imc"},
            "cores with calibration points: %s" % sorted(cores))
    # negative control: a changed rule must be noticed
    saved = dict(models._M0)
    try:
        models._M0["ld"] = 3.0
        g.check(calib.check() != [], "check() did not notice a changed M0 load cost")
    finally:
        models._M0.clear()
        models._M0.update(saved)
    g.check(calib.check() == [], "check() after restoring the rule")
    g.end()


# A tiny RV32 program for qemu-riscv32 (user mode): the region holds a load
# used by the next instruction, a multiply used three instructions later
# and a loop whose branch is taken 4 times and then falls through.
RV_PROG = r"""
    .text
    .globl _start
    .globl ct_begin, ct_end
    .type ct_begin, @function
ct_begin:
    ret
    .size ct_begin, .-ct_begin
    .type ct_end, @function
ct_end:
    addi t6, zero, 1
    ret
    .size ct_end, .-ct_end
    .type _start, @function
_start:
    addi sp, sp, -16
    sw zero, 0(sp)
    call ct_begin
    lw a1, 0(sp)
    add a2, a1, a1
    mul a3, a2, a2
    addi t0, zero, 1
    addi t1, zero, 2
    add a4, a3, a3
    addi t2, zero, 5
1:  addi t2, t2, -1
    bnez t2, 1b
    call ct_end
    li a0, 0
    li a7, 93
    ecall
    .size _start, .-_start
"""


def test_plugin_riscv(total):
    g = Group(total, "ctplug: RISC-V use distances and predictor features (qemu-riscv32)")
    tools = ["gcc", "riscv64-unknown-elf-gcc", "qemu-riscv32"]
    missing = [t for t in tools if not shutil.which(t)]
    if missing:
        g.check(False, "missing tools: %s" % " ".join(missing))
        g.end()
        return
    with tempfile.TemporaryDirectory() as tmp:
        so = os.path.join(tmp, "ctplug.so")
        cc = subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", "-o", so,
                             os.path.join(ROOT, "tools", "qemu", "ctplug.c")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        g.check(cc.returncode == 0, "plugin build: %s" % cc.stdout.decode()[-400:])
        src = os.path.join(tmp, "p.S")
        with open(src, "w") as f:
            f.write(RV_PROG)
        elf = os.path.join(tmp, "p.elf")
        cc = subprocess.run(["riscv64-unknown-elf-gcc", "-march=rv32imc", "-mabi=ilp32", "-nostdlib",
                             "-static", "-o", elf, src], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        g.check(cc.returncode == 0, "program build: %s" % cc.stdout.decode()[-400:])
        if g.fails:
            g.end()
            return
        log = os.path.join(tmp, "log")
        run = subprocess.run(["qemu-riscv32", "-plugin", so + ",mode=trace,mem=off,feat=on",
                              "-d", "plugin", "-D", log, elf],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
        g.check(run.returncode == 0, "qemu exit %d: %s" % (run.returncode, run.stdout.decode()[-300:]))
        with open(log) as fh:
            regs = models.regions_from_log(fh.read())
        g.check(len(regs) == 1, "regions: %d" % len(regs))
        if regs:
            h = regs[0]["hist"]
            # lw a1 is read by the very next add: use1 = 1
            g.check(h.get("lw", {}).get("use1") == 1, "lw features %r" % h.get("lw"))
            # mul a3 is read three instructions later: use3 = 1
            g.check(h.get("mul", {}).get("use3") == 1, "mul features %r" % h.get("mul"))
            # bnez: taken 4 times (T T T T N).  Fresh 2-bit counters start
            # at strongly-not-taken: misses at T, T, then N -> 3; 1-bit
            # last-outcome counters: misses at the first T and at N -> 2.
            b = h.get("bnez", {})
            g.check(b.get("count") == 5 and b.get("taken") == 4, "bnez counts %r" % b)
            g.check(b.get("bmiss") == 3 and b.get("bmiss1") == 2, "bnez predictor %r" % b)
            # the call into ct_end is a first-time direct jump: one miss
            g.check(h.get("jal", {}).get("bmiss") == 1, "jal %r" % h.get("jal"))
            # lw add mul addi addi add addi (7), 5 x (addi bnez) (10), call ct_end (1)
            g.check(regs[0]["insns"] == 18, "insns %d, want 18" % regs[0]["insns"])
    g.end()


def main():
    total = suite.Result()
    for t in (test_v6m, test_v7m, test_rv32, test_errors, test_arm_names, test_log, test_calibration,
              test_plugin_riscv):
        t(total)
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
