#!/usr/bin/env python3
"""check_codegen.py - the codegen check.

Compiles tests/codegen/hot_loop.c with the library's own flags for every
target at -Os and -O2 and reads the disassembly of each function:
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

# (label, make arguments, architecture family)
TARGETS = [
    ("host-gcc", ["TARGET=host", "CC=gcc"], "x86"),
    ("host-clang", ["TARGET=host", "CC=clang"], "x86"),
    ("aarch64-linux", ["TARGET=aarch64-linux"], "aarch64"),
    ("armv7a-linux-a32", ["TARGET=armv7a-linux", "ARM_ISA=arm"], "arm"),
    ("armv7a-linux-thumb", ["TARGET=armv7a-linux", "ARM_ISA=thumb"], "arm"),
    ("rv64-linux", ["TARGET=rv64-linux"], "riscv"),
    ("cortex-m0", ["TARGET=cortex-m0"], "arm"),
    ("cortex-m3", ["TARGET=cortex-m3"], "arm"),
    ("cortex-m4", ["TARGET=cortex-m4"], "arm"),
    ("cortex-m7", ["TARGET=cortex-m7"], "arm"),
    ("rv32imc", ["TARGET=rv32imc"], "riscv"),
    ("xtensa-lx106", ["TARGET=xtensa-lx106"], "xtensa"),
]

ARM_COND = re.compile(r"^b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.n|\.w)?$")
RV_BRANCH = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez",
             "bgez", "bltz", "bgtz", "bgt", "ble", "bgtu", "bleu"}
XT_BRANCH = re.compile(r"^b(eq|ne|lt|ge|ltu|geu|eqz|nez|ltz|gez|eqi|nei|lti|gei|"
                       r"ltui|geui|any|none|all|nall|bc|bs|bci|bsi)(\.n|\.w\d+)?$")


def classify(arch, mnem, ops):
    """-> 'call', 'cbranch' or None"""
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
    objdump = "objdump"
    for a in margs:
        if a.startswith("TARGET="):
            t = a.split("=")[1]
            objdump = {"host": "objdump", "aarch64-linux": "aarch64-linux-gnu-objdump",
                       "armv7a-linux": "arm-linux-gnueabihf-objdump",
                       "rv64-linux": "riscv64-linux-gnu-objdump",
                       "rv32imc": "riscv64-unknown-elf-objdump",
                       "xtensa-lx106": "xtensa-lx106-elf-objdump"}.get(t, "arm-none-eabi-objdump")
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
