#!/usr/bin/env python3
"""check_codegen_mp.py - the codegen checks of the multi-precision layer.

For every target of tools/check_codegen.py, at -Os and -O2, with the
library's own flags (plus the same no-vectorise/no-unroll flags, so that
loops are read rolled):

1. Products. tools/check_codegen.py records, as a test, what
   (uint64_t)a * b and (uint32_t)a * b compile to on every target
   (MUL_EXPECT there). The mp layer's choice (MP_MUL_HALVES in
   src/mp/mp_word.h) must follow that record: 16-bit halves where the
   64-bit product is a call (Cortex-M0: __aeabi_lmul; Xtensa lx106:
   __muldi3) or an instruction with data-dependent timing (Cortex-M3:
   UMULL), the compiler's product elsewhere.

2. The mp objects (src/mp/*.c and the assembly leaves, built by make):
   - no call to anything outside the library's own mp_ functions and the
     ct_ buffer helpers (ct_limbs_*, ct_mem_*, ct_zeroize): no word-level
     ct_ helper (they are forced inline), no compiler helper (__aeabi_*,
     __muldi3, __udivsi3, ...), no libc;
   - the hot loops (STRICT) have no call at all and no forward conditional
     branch: their only conditional branches are loop back-edges on public
     counts. A forward branch to just behind an unconditional backward jump
     is a back-edge too (compilers rotate loops whose body is too long for
     a short backward branch, e.g. Thumb-1's 256 bytes);
   - every function in the objects is classified (STRICT, COMPOSITE or
     VARTIME), so new code cannot slip past.
   COMPOSITE functions may branch on public sizes; their secret data flow
   is judged by valgrind, MemorySanitizer and the emulator trace checker.

3. Cortex-M3: no UMULL, UMLAL, SMULL or SMLAL anywhere in the mp objects
   (their timing depends on the operands there).

Negative controls (must be flagged): mp_mla_c built with
CTC_MP_MUL_HALVES=0 on Cortex-M0 (a call to __aeabi_lmul) and on
Cortex-M3 (UMULL); mp_add built with CTC_MP_CARRY_ARITH=0 on Xtensa (a
branch for every carry).

Options: --targets T,T  --verbose. The last line is "N passed, N failed".
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_codegen as cg  # noqa: E402
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Targets where the 64-bit product instruction is not constant time
# (Cortex-M3 TRM: UMULL 3-5 cycles, UMLAL 4-7, early termination).
VARIABLE_TIME_PRODUCT = {"cortex-m3"}

STRICT = {
    "mp_add", "mp_sub", "mp_add_cond", "mp_sub_cond", "mp_add_limb", "mp_sub_limb",
    "mp_lt", "mp_eq", "mp_is_zero", "mp_shl", "mp_shr", "mp_cmov", "mp_cswap",
    "mp_mla_c", "mp_mla2_c", "mp_mont_step_c", "mp_sqr_diag_c", "mp_mont_ninv",
    "mp_divsteps", "mp_update_fg", "mp_update_de", "mp_digits_add_cond", "mp_digits_sub",
    "mp_clz_limb", "mp_clz", "mp_recip", "mp_div2by1", "mp_submul",
}
COMPOSITE = {
    "mp_copy", "mp_zero", "mp_set_limb", "mp_mul", "mp_sqr", "mp_sqr_rows_c", "mp_mod", "mp_mod_add",
    "mp_mod_sub", "mp_mod_neg", "mp_montmul", "mp_montmul_steps", "mp_montmul_steps_c", "mp_montsqr", "mp_mont_redc", "mp_mont_redc_c",
    "mp_mont_final_sub", "mp_to_mont", "mp_from_mont", "mp_mont_R2", "mp_mont_R2_bits", "mp_exp",
    "mp_exp_bits", "mp_exp_window", "mp_inv", "mp_inv_fermat", "mp_inv_steps",
    "mp_to_digits", "mp_from_digits", "mp_digits_normalize", "mp_digits_neg_mask",
    "mp_from_be", "mp_to_be", "mp_to_be_all", "mp_shift_secret",
    # radix 2^52 (x86-64): loops and switches on public sizes and positions
    "mp_exp2_52", "mp52_amm2", "mp52_amm2_c", "mp52_amm_c", "mp52_lookup", "mp52_rr",
    "mp52_from_limbs", "mp52_to_limbs", "mp52_amm2_ifma", "mp52_lookup_ifma",
    "mp52_normalize_ifma", "mp52_normalize_c",
}
VARTIME = {
    "mp_bitlen_vartime", "mp_exp_vartime", "mp_inv_vartime", "mp_bit_vartime",
    "mp_expv_window", "mp_div2k_mod_vartime", "mp_strip_twos_vartime", "mp_is_zero_vartime", "mp_lt_vartime",
    # x86-64: what CPUID reports decides which row runs (public, not data)
    "mp_x86_mulx_detect", "mp_x86_mulx_allow", "mp_x86_ifma_detect", "mp_x86_ifma_allow",
    # square-and-multiply over the bits of a public exponent (RSA's e): the
    # branches follow e only, the products are constant time in the base
    # and the modulus (tests/ct cases mp_exp_pubexp, mp_leaky_exp_pubexp)
    "mp_exp_pubexp",
}
ASM = {"mp_mla_asm", "mp_mla_asm_mulx", "mp_mla2_asm", "mp_mont_step_asm", "mp_montmul_steps_asm",
       "mp_mont_redc_asm",
       "mp_sqr_diag_asm", "mp_sqr_rows_asm", "mp_limbs_lookup_asm"}

# check_codegen.py's targets. (clang for the bare-metal cores is left to
# the trace checker: clang clamps the trip count of a do-while loop to
# max(n, 1) with a forward branch on the public n, which this reading of
# the disassembly cannot tell from a secret branch.)
TARGETS = cg.TARGETS
# functions that must exist in every build (the others may be inlined)
REQUIRED_STRICT = {"mp_add", "mp_sub", "mp_lt", "mp_mla_c", "mp_mont_step_c",
                   "mp_divsteps", "mp_update_fg", "mp_update_de"}

# (ctc_cpu_features: the library's one CPU-feature query, src/common/cpu.c;
# mp52_: the radix-2^52 functions of the mp layer, src/mp/mp_exp52.c)
ALLOWED_CALL = re.compile(r"^(mp_\w+|mp52_\w+|ct_limbs_\w+|ct_mem_\w+|ct_zeroize|ctc_cpu_features)$")
CALL_RELOCS = re.compile(r"^R_(X86_64_PLT32|AARCH64_CALL26|AARCH64_JUMP26|ARM_CALL|"
                         r"ARM_THM_CALL|ARM_JUMP24|ARM_THM_JUMP24|RISCV_CALL|"
                         r"RISCV_CALL_PLT|XTENSA_ASM_EXPAND)$")
LONG_MUL = {"umull", "umlal", "smull", "smlal", "umull.w", "umlal.w", "smull.w", "smlal.w"}


def objdump_for(margs):
    return cg.OBJDUMP[[a.split("=")[1] for a in margs if a.startswith("TARGET=")][0]]


def called_symbols(insns):
    """Symbols called from a function (from the call relocations, which
    objdump -dr prints as lines of their own)."""
    out = set()
    for _, mnem, ops, _ in insns:
        if CALL_RELOCS.match(mnem):
            sym = ops.split()[0] if ops.split() else ""
            sym = re.split(r"[+-]0x", sym)[0]
            if sym and not sym.startswith(".text"):
                out.add(sym)
    return out


# the branch helpers are check_codegen's
real_insns = cg.real_insns
jump_target = cg.jump_target
rotated_exit = cg.rotated_exit
forward_branches = cg.forward_branches
is_jump = cg.is_jump


def functions_of(dis):
    return sorted(set(re.findall(r"^[0-9a-f]+ <([A-Za-z_][A-Za-z0-9_]*)>:$", dis, re.M)))


def build_mp_objects(margs, opt, extra_cflags=""):
    """Build the library's mp objects with `make` (OPT, no vectorising or
    unrolling) in a directory of its own; returns their list."""
    info = subprocess.run(["make", "--no-print-directory", "-s"] + margs + ["info"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    cc = info.stdout.decode().split(" CC=")[1].split(" BUILD=")[0]
    novec = ("-fno-vectorize -fno-slp-vectorize -fno-unroll-loops" if "clang" in cc
             else "-fno-tree-vectorize -fno-unroll-loops")
    label = "-".join(a.split("=")[1] for a in margs) + opt + extra_cflags.replace(" ", "")
    bdir = os.path.join("build", "codegen-mp", re.sub(r"[^A-Za-z0-9_.-]", "_", label))
    # the mp objects only (the rest of the library is not read here)
    goals = []
    for sub in ("mp", os.path.join("mp", "arch")):
        for f in sorted(os.listdir(os.path.join(ROOT, "src", sub))):
            if f.endswith((".c", ".S")):
                goals.append(os.path.join(bdir, "src", sub, f[:-2] + ".o"))
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2"] + margs +
                       ["OPT=" + opt, "BUILD=" + bdir, "CFLAGS=" + novec + " " + extra_cflags] +
                       goals, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        return None, p.stdout.decode("utf-8", "replace")
    objs = []
    for d in (os.path.join(ROOT, bdir, "src", "mp"), os.path.join(ROOT, bdir, "src", "mp", "arch")):
        objs += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".o")]
    return objs, None


def disassemble(margs, obj):
    d = subprocess.run([objdump_for(margs), "-dr", "--no-show-raw-insn", obj],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return d.stdout.decode("utf-8", "replace")


def check_objects(label, arch, margs, objs):
    """-> (problems, counts) over all mp objects of one build."""
    problems, seen = [], set()
    n_strict = 0
    long_mul = []
    for obj in objs:
        dis = disassemble(margs, obj)
        for fn in functions_of(dis):
            insns = cg.function_insns(dis, fn)
            seen.add(fn)
            calls = called_symbols(insns)
            bad_calls = sorted(c for c in calls if not ALLOWED_CALL.match(c))
            if label in VARIABLE_TIME_PRODUCT:
                lm = [l for _, m, _, l in real_insns(insns) if m.lower() in LONG_MUL]
                if lm:
                    long_mul.append("%s uses long multiplies (variable-time on %s): %s"
                                    % (fn, label, lm[0]))
            if fn in ASM:
                if calls:
                    problems.append("%s (assembly leaf) calls %s" % (fn, ", ".join(sorted(calls))))
                continue
            if fn in STRICT:
                n_strict += 1
                any_call = [l for a, m, o, l in real_insns(insns)
                            if cg.classify(arch, m, o) == "call"]
                fwd = forward_branches(arch, insns)
                if any_call or calls:
                    problems.append("%s (hot loop) calls %s" % (fn, ", ".join(sorted(calls)) or any_call[0]))
                if fwd:
                    problems.append("%s (hot loop) has %d forward branch(es): %s"
                                    % (fn, len(fwd), fwd[0]))
            elif fn in COMPOSITE or fn in VARTIME:
                if bad_calls:
                    problems.append("%s calls %s" % (fn, ", ".join(bad_calls)))
            else:
                problems.append("%s is not classified (STRICT, COMPOSITE or VARTIME)" % fn)
    missing = sorted(REQUIRED_STRICT - seen)
    if missing:
        problems.append("hot loops not found: " + ", ".join(missing))
    problems += long_mul
    return problems, n_strict


def library_choice(margs, extra=""):
    """MP_MUL_HALVES and MP_CARRY_ARITH as the library build sees them."""
    info = subprocess.run(["make", "--no-print-directory", "-s"] + margs + ["info"],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = info.stdout.decode()
    cc = text.split(" CC=")[1].split(" BUILD=")[0]
    cflags = text.split("CFLAGS=")[1].splitlines()[0]
    p = subprocess.run(cc.split() + cflags.split() + extra.split() + ["-E", "-dM", "-x", "c",
                       os.path.join(ROOT, "src", "mp", "mp_word.h")],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    d = dict(re.findall(r"^#define (CTC_MP_\w+) (\d+)", p.stdout.decode(), re.M))
    return int(d.get("CTC_MP_MUL_HALVES", -1)), int(d.get("CTC_MP_CARRY_ARITH", -1))


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
            for d in list(detail)[:8]:
                suite.emit("      " + d)
        if ok:
            total.passed += 1
        else:
            total.failed += 1

    for label, margs, arch in TARGETS:
        if only and label not in only:
            continue
        base = label.replace("-clang", "") if label.startswith(("cortex", "rv32")) else label
        # 1. products: the library's choice against the recorded codegen
        halves, carry_arith = library_choice(margs)
        product64 = cg.MUL_EXPECT[base][0]
        need_halves = product64.startswith("call") or base in VARIABLE_TIME_PRODUCT
        record(halves == (1 if need_halves else 0),
               "mul %s: the mp layer builds products %s ((uint64_t)a*b is %s%s)"
               % (label, "from 16-bit halves" if halves == 1 else "with the compiler's product",
                  "a call to " + product64[5:] if product64.startswith("call") else product64,
                  ", variable-time there" if base in VARIABLE_TIME_PRODUCT else ""))
        # 2. and 3. the mp objects
        for opt in ("-Os", "-O2"):
            objs, err = build_mp_objects(margs, opt)
            if objs is None:
                record(False, "mp codegen %s %s: build failed" % (label, opt), err.splitlines()[-5:])
                continue
            problems, n_strict = check_objects(base, arch, margs, objs)
            record(not problems, "mp codegen %s %s: %d hot loops without calls or forward "
                   "branches, no helper calls%s%s"
                   % (label, opt, n_strict,
                      ", no long multiplies" if base in VARIABLE_TIME_PRODUCT else "",
                      "" if not problems else " - %d problem(s)" % len(problems)), problems)
        # negative controls
        controls = []
        if label == "cortex-m0":
            controls.append(("-DCTC_MP_MUL_HALVES=0", "mp_mla_c", "call __aeabi_lmul"))
        if label == "cortex-m3":
            controls.append(("-DCTC_MP_MUL_HALVES=0", "mp_mla_c", "long multiplies"))
        if label == "xtensa-lx106":
            controls.append(("-DCTC_MP_CARRY_ARITH=0", "mp_add", "forward branch"))
        for flags, fn, what in controls:
            objs, err = build_mp_objects(margs, "-Os", flags)
            if objs is None:
                record(False, "mp codegen %s negative control %s: build failed" % (label, flags),
                       err.splitlines()[-5:])
                continue
            problems, _ = check_objects(label, arch, margs, objs)
            hit = [p for p in problems if p.startswith(fn + " ")]
            record(bool(hit), "mp codegen %s -Os %s negative control: %s %s"
                   % (label, flags, fn, ("flagged (" + hit[0][:90] + ")") if hit else "NOT flagged"))
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
