#!/usr/bin/env python3
"""check_codegen.py - the codegen check.

Compiles tests/codegen/hot_loop.c with the library's own flags for every
target of tools/targets.py (codegen_builds) at -Os and -O2 and reads the
disassembly of each function:
  codegen_cond_sub        must make no call and have no conditional branch
                          other than backward ones (the loops' back-edges,
                          which depend only on the public length);
  codegen_leaky_cond_sub  negative control: must be flagged.
A second negative control builds with FORCE_INLINE=0 (plain `static inline`)
at -Os for Thumb-2 (cortex-m4): there the compiler stops inlining the asm
helpers and calls them, and the check must flag it. The same build for the
other targets is reported for information (docs/inlining.md).

Options: --targets T,T  --verbose (print the disassembly of flagged code)
One line per check; the last line is "N passed, N failed".
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402
import targets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "tests", "codegen", "hot_loop.c")
MUL_SRC = os.path.join(ROOT, "tests", "codegen", "mul.c")

# What gcc 12 / clang 14 emit for (uint64_t)a * b and (uint32_t)a * b with
# 32-bit a, b (the same at -Os and -O2), recorded as a test: a change of
# compiler that changes it must be looked at. "call X" is a call to a
# compiler helper (whose timing nobody promises), anything else is the
# multiply instruction. Cortex-M3's UMULL terminates early (variable time);
# Cortex-M0 has no long multiply; lx106 has no high-half multiply and
# Debian's libgcc for it has no __muldi3 at all.
MUL_EXPECT = {
    "host-gcc": ("imul", "imul"), "host-clang": ("imul", "imul"),
    "aarch64-linux": ("umull", "mul"),
    "armv7a-linux-a32": ("umull", "mul"), "armv7a-linux-thumb": ("umull", "mul"),
    "rv64-linux": ("mul", "mulw"),
    "cortex-m0": ("call __aeabi_lmul", "mul"), "cortex-m3": ("umull", "mul"),
    "cortex-m4": ("umull", "mul"), "cortex-m7": ("umull", "mul"),
    "rv32imc": ("mulhu", "mul"), "xtensa-lx106": ("call __muldi3", "mull"),
}
MUL_INSN = re.compile(r"^(i?mul\w*|umull|smull|mulhu|mulh|mull|muls|mul|mulw|mul16u)$")

# (label, make arguments, architecture family), from targets/*/target.mk
TARGETS = [(b.label, b.margs, b.arch) for b in targets.codegen_builds()]
OBJDUMP = {b.target: b.objdump for b in targets.builds()}

ARM_COND = re.compile(r"^b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.n|\.w)?$")
RV_BRANCH = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez",
             "bgez", "bltz", "bgtz", "bgt", "ble", "bgtu", "bleu"}
# Arm: a conditional return or call (A32 conditional execution, or inside a
# Thumb-2 IT block) is a conditional branch too
ARM_COND_XFER = re.compile(r"^(bx|blx|bl|pop|ldm\w*|ldr|mov)(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.n|\.w)?$")
XT_BRANCH = re.compile(r"^b(eq|ne|lt|ge|ltu|geu|eqz|nez|ltz|gez|eqi|nei|lti|gei|"
                       r"ltui|geui|any|none|all|nall|bc|bs|bci|bsi)(\.n|\.w\d+)?$")


def arm_cond_xfer(mnem, ops):
    """-> 'call' or 'cbranch' for an Arm conditional call, return or jump
    that is not a plain b<cond> (None otherwise)"""
    m = ARM_COND_XFER.match(mnem.lower())
    if not m:
        return None
    op = m.group(1)
    if op in ("bl", "blx"):
        return "call"
    # ldr/mov write their first operand; pop/ldm may load pc from the list
    writes = ops.split(",")[0] if op in ("ldr", "mov") else ops.split(";")[0]
    if op == "bx" or re.search(r"\bpc\b", writes):
        return "cbranch"
    return None


def classify(arch, mnem, ops):
    """-> 'call', 'cbranch' or None. A conditional call (Arm bl<cond>) is a
    'call' here: conditional_call() tells it apart."""
    m = mnem.lower()
    if arch == "x86":
        if m.startswith("call"):
            return "call"
        if m.startswith("j") and not m.startswith("jmp"):
            return "cbranch"
    elif arch == "aarch64":
        if m in ("bl", "blr"):
            return "call"
        if m.startswith("b.") or m in ("cbz", "cbnz", "tbz", "tbnz"):
            return "cbranch"
    elif arch == "arm":
        if m in ("bl", "blx"):
            return "call"
        if ARM_COND.match(m) or m in ("cbz", "cbnz"):
            return "cbranch"
        return arm_cond_xfer(m, ops)
    elif arch == "riscv":
        o = ops.replace(" ", "")
        if m in ("call", "tail") or (m == "jal" and not o.startswith("zero,")) or \
                (m == "jalr" and not o.startswith("zero")):
            return "call"
        if m in RV_BRANCH:
            return "cbranch"
    elif arch == "xtensa":
        if m.startswith("call"):
            return "call"
        if XT_BRANCH.match(m):
            return "cbranch"
    return None


def function_insns(dis, name):
    """Instructions of one function: list of (addr, mnemonic, operands, line)."""
    out, inside = [], False
    for line in dis.splitlines():
        if line.startswith("Disassembly of section"):
            inside = False
            continue
        h = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if h:
            sym = h.group(1)
            if sym.startswith(".L") or sym.startswith("$"):
                continue  # local label inside a function (RISC-V objdump)
            inside = sym == name
            continue
        if not inside:
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            out.append((int(m.group(1), 16), m.group(2), m.group(3), line.strip()))
        elif line.strip().startswith("R_") or "R_" in line:
            # relocation line (objdump -r): attach to the previous insn
            if out:
                a, mn, ops, ln = out[-1]
                out[-1] = (a, mn, ops + " " + line.strip(), ln + "  " + line.strip())
    return out


def analyse(arch, insns):
    calls, fwd, back = [], [], []
    for addr, mnem, ops, line in insns:
        kind = classify(arch, mnem, ops)
        if kind == "call":
            calls.append(line)
        elif kind == "cbranch":
            t = re.search(r"\b([0-9a-f]+) <", ops)
            target = int(t.group(1), 16) if t else None
            if target is not None and target <= addr:
                back.append(line)
            else:
                fwd.append(line)
    return calls, fwd, back


def conditional_call(arch, mnem, ops):
    """A call that is taken only on a condition (Arm bl<cond>, blx<cond>)."""
    return arch == "arm" and arm_cond_xfer(mnem, ops) == "call"


def is_jump(arch, mnem):
    """An unconditional direct jump."""
    m = mnem.lower()
    if arch == "x86":
        return m.startswith("jmp")
    if arch == "aarch64":
        return m == "b"
    if arch == "arm":
        return m in ("b", "b.n", "b.w")
    if arch == "riscv":
        return m in ("j", "c.j")
    if arch == "xtensa":
        return m in ("j", "j.l")
    return False


def jump_target(ops):
    t = re.search(r"\b([0-9a-f]+) <", ops)
    return int(t.group(1), 16) if t else None


def real_insns(insns):
    """Without the relocation lines of objdump -r."""
    return [i for i in insns if not i[1].startswith("R_")]


def is_padding(mnem, ops):
    """Alignment padding between functions' blocks (never executed)."""
    m = mnem.lower()
    return (m.startswith("nop") or m in (".byte", ".short", ".word", "ill", "int3", "cs", "data16")
            or (m == "xchg" and ops.replace(" ", "") == "%ax,%ax"))


def rotated_exit(arch, ins, k, target):
    """ins[k] branches forward to `target`: is it the exit of a loop whose
    back-edge is the unconditional backward jump just before `target`
    (with no other branch in between)? Compilers rotate loops whose body is
    too long for a short backward branch (Thumb-1: 256 bytes) into
    `b<!cond> exit; b top; exit:`, and test some loops at the top; either
    way the branch only decides the loop's trip count, as a back-edge does."""
    addr = ins[k][0]
    for j in range(k + 1, len(ins)):
        a2, m2, o2, _ = ins[j]
        if a2 >= target:
            return False
        if is_jump(arch, m2):
            u = jump_target(o2)
            if u is None or u > addr:
                return False
            # the target follows the jump, maybe after alignment padding
            for a3, m3, o3, _ in ins[j + 1:]:
                if a3 == target:
                    return True
                if not is_padding(m3, o3):
                    return False
            return False
        if classify(arch, m2, o2) is not None:
            return False
    return False


def forward_branches(arch, insns):
    """Forward conditional branches that are not rotated loop exits."""
    ins = real_insns(insns)
    bad = []
    for k, (addr, mnem, ops, line) in enumerate(ins):
        if classify(arch, mnem, ops) != "cbranch":
            continue
        target = jump_target(ops)
        if target is not None and target <= addr:
            continue  # back-edge
        if target is not None and rotated_exit(arch, ins, k, target):
            continue
        bad.append(line)
    return bad


def compile_and_disassemble(margs, opt, extra=(), src=SRC):
    info = subprocess.run(["make", "--no-print-directory", "-s"] + margs +
                          ["OPT=" + opt] + list(extra) + ["info"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = info.stdout.decode()
    cc = cflags = None
    for line in text.splitlines():
        if line.startswith("TARGET=") and " CC=" in line:
            cc = line.split(" CC=")[1].split(" BUILD=")[0]
        if line.startswith("CFLAGS="):
            cflags = line[len("CFLAGS="):]
    if cc is None or cflags is None:
        return None, "make info failed: " + text
    outdir = os.path.join(ROOT, "build", "codegen")
    os.makedirs(outdir, exist_ok=True)
    obj = os.path.join(outdir, "%s%s%s.o" % ("-".join(a.split("=")[1] for a in margs),
                                             opt, "".join(extra).replace("=", "")))
    # Auto-vectorised and runtime-unrolled loops (x86-64 and AArch64 at -O2;
    # clang unrolls by 4) get a prologue or remainder that branches on the
    # public length to pick a loop; from the disassembly alone that cannot be
    # told apart from a secret branch, so the check reads rolled scalar loops.
    # The code as shipped is judged by valgrind and MemorySanitizer (which
    # follow the data) and by the emulator trace checker.
    novec = (["-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"]
             if "clang" in cc else ["-fno-tree-vectorize", "-fno-unroll-loops"])
    if src != SRC:
        obj = obj[:-2] + "-" + os.path.basename(src)[:-2] + ".o"
    cmd = shlex.split(cc) + shlex.split(cflags) + novec + ["-c", src, "-o", obj]
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        return None, "compile failed: %s\n%s" % (" ".join(cmd), p.stdout.decode())
    objdump = OBJDUMP[[a.split("=")[1] for a in margs if a.startswith("TARGET=")][0]]
    d = subprocess.run([objdump, "-dr", "--no-show-raw-insn", obj],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return d.stdout.decode(), None


def verdict(arch, dis, fn):
    insns = function_insns(dis, fn)
    if not insns:
        return None, "function %s not found" % fn
    calls, fwd, back = analyse(arch, insns)
    desc = "%d insns, %d calls, %d forward and %d backward conditional branches" % (
        len(insns), len(calls), len(fwd), len(back))
    clean = not calls and not fwd
    return clean, desc, calls + fwd


# Where gcc 12.2 at -Os outlines ct_ helpers unless they are forced inline
# (measured; see docs/inlining.md): with the assembly leaves on Cortex-M0
# (four-instruction select) and Xtensa (six-instruction less-than), and with
# the C twins on Thumb-2 (Cortex-M4). There the FORCE_INLINE=0 build is a
# negative control and must be flagged. Elsewhere the result is reported.
EXPECT_OUTLINED = {("cortex-m0", "asm"), ("xtensa-lx106", "asm"), ("cortex-m4", "C twins")}


def mul_kind(arch, dis, fn):
    """-> 'call SYMBOL' or the first multiply mnemonic of the function"""
    insns = function_insns(dis, fn)
    for addr, mnem, ops, line in insns:
        if classify(arch, mnem, ops) == "call":
            m = re.search(r"R_\S+\s+(\S+?)(?:[-+]0x[0-9a-f]+)?$", ops)
            t = re.search(r"<([^>+]+)", ops)
            if m or t:
                return "call " + (m.group(1) if m else t.group(1))
            # an indirect call through a literal (Xtensa -mlongcalls): the
            # helper is named by a relocation in the literal pool
            helpers = sorted(set(re.findall(r"R_\S+\s+(__\w+)", dis)))
            return "call " + (helpers[0] if len(helpers) == 1 else ops)
    best = None
    for addr, mnem, ops, line in insns:
        if MUL_INSN.match(mnem.lower().split(".")[0]):
            mn = mnem.lower().split(".")[0]
            if arch == "arm" and mn == "muls":
                mn = "mul"  # the flag-setting 16-bit encoding: same multiply
            if fn.endswith("64") and mn in ("mulhu", "umull", "imul", "mul", "mull"):
                best = best or mn
                if mn in ("mulhu", "umull"):
                    return mn
            elif best is None:
                best = mn
    return best or "none"


def functions(dis):
    return sorted(set(re.findall(r"^[0-9a-f]+ <(codegen_[a-z_]+)>:$", dis, re.M)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    only = set(a.targets.split(",")) if a.targets else None
    total = suite.Result()

    def record(ok, text, detail=()):
        suite.emit(("PASS " if ok else "FAIL ") + text)
        if not ok or a.verbose:
            for d in list(detail)[:6]:
                suite.emit("      " + d)
        if ok:
            total.passed += 1
        else:
            total.failed += 1

    def judge(arch, dis):
        """-> (clean functions, flagged functions with details, leaky verdicts)"""
        clean, flagged, leaky = [], [], []
        for fn in functions(dis):
            ok, desc, detail = verdict(arch, dis, fn)
            if "leaky" in fn:
                leaky.append((fn, ok, desc, detail))
            elif ok:
                clean.append(fn)
            else:
                flagged.append((fn, desc, detail))
        return clean, flagged, leaky

    for label, margs, arch in TARGETS:
        if only and label not in only:
            continue
        for opt in ("-Os", "-O2"):
            # what a 32x32 multiply becomes
            dis, err = compile_and_disassemble(margs, opt, src=MUL_SRC)
            if dis is None:
                record(False, "mul %s %s: %s" % (label, opt, err))
            else:
                got = (mul_kind(arch, dis, "codegen_mul64"), mul_kind(arch, dis, "codegen_mul32"))
                want = MUL_EXPECT.get(label)
                record(got == want, "mul %s %s: (uint64_t)a*b -> %s; (uint32_t)a*b -> %s%s" % (
                    label, opt, got[0], got[1], "" if got == want else
                    " (recorded: %s; %s)" % want if want else " (nothing recorded)"))
            dis, err = compile_and_disassemble(margs, opt)
            if dis is None:
                record(False, "codegen %s %s: %s" % (label, opt, err))
                continue
            clean, flagged, leaky = judge(arch, dis)
            detail = []
            for fn, desc, d in flagged:
                detail.append("%s: %s" % (fn, desc))
                detail.extend("  " + x for x in d[:3])
            record(not flagged and len(clean) >= 6,
                   "codegen %s %s: %d hot loops without calls or forward branches%s"
                   % (label, opt, len(clean),
                      "" if not flagged else ", %d flagged" % len(flagged)), detail)
            for fn, ok, desc, d in leaky:
                record(not ok, "codegen %s %s negative control %s %s (%s)"
                       % (label, opt, fn, "flagged" if not ok else "NOT flagged", desc))
            if not leaky:
                record(False, "codegen %s %s: negative control missing" % (label, opt))
        # without forced inlining, with the assembly leaves and the C twins
        for leaves, extra in (("asm", ("FORCE_INLINE=0",)), ("C twins", ("FORCE_INLINE=0", "NO_ASM=1"))):
            dis, err = compile_and_disassemble(margs, "-Os", extra)
            if dis is None:
                record(False, "codegen %s -Os %s: %s" % (label, " ".join(extra), err))
                continue
            clean, flagged, leaky = judge(arch, dis)
            names = ", ".join(fn for fn, _, _ in flagged)
            calls = sorted(set(x.split()[-1] for _, _, d in flagged for x in d
                               if "R_" in x))
            text = "codegen %s -Os FORCE_INLINE=0 %s: %d of %d hot loops call helpers%s%s" % (
                label, leaves, len(flagged), len(flagged) + len(clean),
                (" (" + names + ")") if names else "",
                (" -> " + " ".join(calls)) if calls else "")
            if (label, leaves) in EXPECT_OUTLINED:
                record(bool(flagged), text + " [negative control]")
            else:
                suite.emit("# " + text + " [information]")
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
