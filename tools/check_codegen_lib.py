#!/usr/bin/env python3
"""check_codegen_lib.py - the disassembly check of the library objects.

For every build of tools/targets.py's codegen_builds() (gcc on every target
and variant, clang on the host) and both profiles (small = -Os, fast =
-O2) it builds the library as tools/build_all.py does (same directories,
the Makefile's build directory of each, same flags: the code as shipped), runs
objdump -dr on every object of src/ and judges every function.

Which functions are constant time: every function defined in the library
whose name does not end in _vartime (the naming rule of the conventions),
static ones included; compiler clones (name.part.N, .constprop.N, .isra.N,
.cold, ...) belong to their base name. Rules for each of them:
  - no division instruction, no call to a division helper;
  - no instruction the core lists as variable-time (TARGET_VT in
    targets/<core>/target.mk: Cortex-M3's long multiplies);
  - calls (tail calls included) only to constant-time functions defined in
    the library: a call to a _vartime function, to a compiler helper or to
    anything outside the library is flagged;
  - conditional branches: backward ones (loop back-edges, and forward exits
    of rotated loops, see check_codegen.rotated_exit) are accepted; a
    forward conditional branch or a jump table only in a function listed in
    src/ct_public.txt, which says why the data it branches on is public;
    an indirect call, and a call to a _vartime function, also only in a
    function listed for it.
The list must stay exact: an entry whose function exists in no build, or
that allows something no build of the function needs, fails the check.

The ct.h helpers are forced inline and exist in no library object:
tests/codegen/ct_helpers.c instantiates each as a function ctw_<name>; every
CT_INLINE helper of src/ct/ct.h must have one, and each must be
straight-line (no forward branch, no call, no division).

Negative controls, judged as unlisted constant-time functions: the
functions of tests/ct/leaky.c and tests/codegen/mul.c, each with the verdict
declared for it in CONTROLS below, and ct_helpers.c built with
-DCTW_INJECT_BRANCH=1 (an early return in ct_cond_from_bit).

What it cannot see: whether the data a listed function branches on is
public (it trusts the list's reasons; valgrind, MemorySanitizer and the
trace checker follow the data), backward branches on secrets (a secret
loop count), and secret-dependent addresses.

Options: --targets L,L (labels of tools/targets.py)  --profiles small,fast
--verbose (list every function). One line per check; the last line is
"N passed, N failed".
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_codegen as cg  # noqa: E402
import suite  # noqa: E402
import targets  # noqa: E402

ROOT = targets.ROOT
LIST_FILE = os.path.join(ROOT, "src", "ct_public.txt")
CT_H = os.path.join(ROOT, "src", "ct", "ct.h")
HELPERS_SRC = os.path.join(ROOT, "tests", "codegen", "ct_helpers.c")
CONTROL_SRCS = [os.path.join(ROOT, "tests", "ct", "leaky.c"),
                os.path.join(ROOT, "tests", "codegen", "mul.c")]

# What the list may allow a function (src/ct_public.txt, second column).
ALLOWS = {"branch", "indirect", "vartime"}

# The rules; a violation of one of them is a "finding" of that kind.
BRANCH = "branch"              # forward conditional branch or jump table
INDIRECT = "indirect-call"     # call through a register
VARTIME = "vartime-call"       # call to a _vartime function
HELPER = "helper-call"         # call to a symbol the library does not define
DIVISION = "division"          # division instruction or division helper
VT_INSN = "variable-time"      # an instruction in the core's TARGET_VT
# what each permission of the list lifts
LIFTS = {"branch": BRANCH, "indirect": INDIRECT, "vartime": VARTIME}

# The negative controls: function -> the rule that must fire on every build,
# or one of:
#   ACCEPTED     no rule may fire (the check must not cry wolf);
#   PRODUCT      what (uint64_t)a * b of 32-bit operands compiles to, per
#                target, from check_codegen.MUL_EXPECT and TARGET_VT: a
#                helper call where it is a call (Cortex-M0 __aeabi_lmul,
#                Xtensa __muldi3), variable-time where the instruction is
#                in TARGET_VT (Cortex-M3 UMULL), accepted elsewhere;
#   NOT_CLAIMED  a leak the disassembly cannot show (a secret-indexed load,
#                a secret loop count = a backward branch): reported, not
#                judged.
# Every leaky_* function of tests/ct/leaky.c must be declared here.
ACCEPTED, PRODUCT, NOT_CLAIMED = "accepted", "product", "not claimed"
CONTROLS = {
    "leaky_memcmp": BRANCH,        # early exit at the first difference
    "leaky_branch": BRANCH,        # if (secret & 1)
    "leaky_div": DIVISION,         # x / (secret | 1)
    "leaky_table": NOT_CLAIMED,    # secret-indexed load
    "leaky_borrow_branch": BRANCH, # if (borrow of A - B)
    "leaky_skip_zero": BRANCH,     # work only for non-zero digits
    "leaky_loop_count": NOT_CLAIMED,  # while (x) x >>= 1: a back-edge
    "leaky_umull": PRODUCT,        # (uint64_t)a * b of secrets
    "codegen_mul64": PRODUCT,      # (uint64_t)a * b
    "codegen_mul32": ACCEPTED,     # (uint32_t)a * b: fixed latency everywhere
}
INJECTED = "ctw_ct_cond_from_bit"  # flagged in the -DCTW_INJECT_BRANCH=1 build

DIV_INSN = {
    "x86": re.compile(r"^i?div[bwlq]?$"),
    "aarch64": re.compile(r"^[su]div$"),
    "arm": re.compile(r"^[su]div(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)?(\.w)?$"),
    "riscv": re.compile(r"^(div|divu|divw|divuw|rem|remu|remw|remuw)$"),
    "xtensa": re.compile(r"^(quou|quos|remu|rems)$"),
}
DIV_HELPER = re.compile(r"^__(aeabi_u?(idiv|idivmod|ldivmod)|u?(div|mod)[sdt]i3|u?divmod[sdt]i4)$")
# gcc's clones: name.part.0, name.constprop.0, ...; '$' instead of '.' on
# targets whose assembler does not take dots in names (Xtensa)
CLONE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*?)(([.$](part|constprop|isra|cold|lto_priv|localalias)"
                   r"([.$]\d+)?)+)$")


def base_name(sym):
    m = CLONE.match(sym)
    return m.group(1) if m else sym


# ---- the list ----------------------------------------------------------------

def read_list(path=LIST_FILE):
    """-> ({name: (allows set, reason, line number)}, [errors])"""
    entries, errors = {}, []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            s = line.rstrip("\n")
            if not s.strip() or s.lstrip().startswith("#"):
                continue
            parts = s.split(None, 2)
            if len(parts) < 3:
                errors.append("%s:%d: want 'name  allows  reason': %r" % (path, no, s))
                continue
            name, allows, reason = parts
            al = set(allows.split(","))
            if not al <= ALLOWS:
                errors.append("%s:%d: %s: unknown permission(s) %s (known: %s)"
                              % (path, no, name, ",".join(sorted(al - ALLOWS)),
                                 ",".join(sorted(ALLOWS))))
            if name in entries:
                errors.append("%s:%d: %s listed twice" % (path, no, name))
            if name.endswith("_vartime"):
                errors.append("%s:%d: %s is _vartime: not constant time, nothing to list"
                              % (path, no, name))
            entries[name] = (al, reason.strip(), no)
    return entries, errors


def ct_helpers(path=CT_H):
    """The names of the CT_INLINE helpers defined in ct.h."""
    with open(path) as f:
        text = f.read()
    return sorted(set(re.findall(r"^CT_INLINE\s+[^(;]*?\b(\w+)\s*\(", text, re.M)))


# ---- objdump ---------------------------------------------------------------

class Func:
    """One function symbol of one object: instructions as check_codegen
    reads them ((addr, mnemonic, operands, line); relocation lines are
    entries whose mnemonic is R_...)."""

    def __init__(self, name, obj, section):
        self.name, self.obj, self.section = name, obj, section
        self.insns = []


def parse_objdump(text):
    """objdump -t -dr of one or more objects -> ([Func] in order,
    {object: ({function: (section, value)}, {undefined symbols})})."""
    funcs = []
    objs = {}   # obj -> (fsyms {name: (section, value)}, undefined set)
    obj = None
    cur = None
    section = None
    in_symtab = False
    for line in text.splitlines():
        m = re.match(r"^(\S.*):\s+file format\s", line)
        if m:
            obj = m.group(1)
            objs[obj] = ({}, set())
            cur, section, in_symtab = None, None, False
            continue
        if line.startswith("SYMBOL TABLE:"):
            in_symtab = True
            continue
        if in_symtab:
            sm = re.match(r"^([0-9a-f]+) (.{7}) (\S+)\s+([0-9a-f]+)\s+(.*)$", line)
            if sm:
                flags, sec, name = sm.group(2), sm.group(3), sm.group(5).strip()
                if sec == "*UND*":
                    objs[obj][1].add(name)
                elif ("F" in flags or ("g" in flags and sec.startswith(".text"))) and \
                        not name.startswith((".L", "$")):
                    objs[obj][0][name] = (sec, int(sm.group(1), 16))
                continue
            if not line.strip():
                continue
            in_symtab = False
        m = re.match(r"^Disassembly of section (\S+):$", line)
        if m:
            section, cur = m.group(1), None
            continue
        h = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if h:
            sym = h.group(1)
            if obj is not None and sym in objs[obj][0]:
                cur = Func(sym, obj, section)
                funcs.append(cur)
            continue  # a local label (.L..., RISC-V) stays inside the function
        if cur is None:
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            cur.insns.append((int(m.group(1), 16), m.group(2), m.group(3).strip(), line.strip()))
    return funcs, objs


def disassemble(objdump, paths):
    p = subprocess.run([objdump, "-t", "-dr", "--no-show-raw-insn"] + paths,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.stdout.decode("utf-8", "replace")


# ---- judging one function --------------------------------------------------------

def indirect_jump(arch, mnem, ops):
    m = mnem.lower()
    o = ops.replace(" ", "")
    if arch == "x86":
        return (m.startswith("jmp") and "*" in ops) or (m == "notrack" and "jmp" in ops)
    if arch == "aarch64":
        return m == "br"
    if arch == "arm":
        # (bx lr, mov pc, lr and ldr pc, [sp], #4 are returns)
        return m in ("tbb", "tbh") or (m == "bx" and o != "lr") or \
            (m.split(".")[0] in ("mov", "ldr", "add") and o.startswith("pc,")
             and o not in ("pc,lr",) and "[sp]" not in o)
    if arch == "riscv":
        o = o.split("#")[0]
        return (m in ("jr", "c.jr") and o != "ra") or \
            (m == "jalr" and o.startswith("zero,") and "(ra)" not in o and not o.endswith(",ra"))
    if arch == "xtensa":
        return m in ("jx", "jx.n")
    return False


class Facts:
    """What one function does, as the rules see it."""

    def __init__(self):
        self.n_insns = 0
        self.fwd = []        # forward conditional branches and jump tables
        self.back = 0
        self.calls = []      # (target symbol, line)
        self.icalls = []     # indirect calls
        self.div = []        # division instructions
        self.vt = []         # TARGET_VT instructions
        self.objects = set()  # the objects defining the function (static names may repeat)


def reloc_target(relocs, resolve):
    """The function a branch's relocations point at, or None."""
    for rtype, sym in relocs:
        if rtype in ("R_RISCV_RELAX", "R_XTENSA_SLOT0_ALT") or sym == "*ABS*":
            continue
        t = resolve(sym)
        if t is not None:
            return t
    return None


def analyse(arch, fn, resolve, vt=()):
    """Facts of a Func. resolve(symbol) -> the function a relocation symbol
    names ('name', or None for a local label / data), fn.name for itself."""
    f = Facts()
    # real instructions with their relocations
    ins, rel = [], []
    for a, m, o, l in fn.insns:
        if m.startswith("R_"):
            if rel:
                sym = o.split()[0] if o.split() else ""
                rel[-1].append((m, sym))
        else:
            ins.append((a, m, o, l))
            rel.append([])
    f.n_insns = len(ins)
    # for rotated_exit(): a Thumb-1 far jump (bl to a label of this
    # function, no relocation) is an unconditional jump
    plain = [(a, "b" if arch == "arm" and m == "bl" and not rel[i] and
              re.search(r"<%s\+0x[0-9a-f]+>" % re.escape(fn.name), o) else m, o, l)
             for i, (a, m, o, l) in enumerate(ins)]
    pending = {}        # Xtensa: register -> callee (l32r with R_XTENSA_ASM_EXPAND)
    consumed = set()    # RISC-V: the jalr/jr of an auipc call pair
    me = base_name(fn.name)
    vt = set(vt)
    for k, (addr, mnem, ops, line) in enumerate(ins):
        m = mnem.lower()
        mb = m.split(".")[0]
        if DIV_INSN[arch].match(m):
            f.div.append(line)
        elif m in vt or mb in vt:
            f.vt.append(line)
        if arch == "riscv" and m == "auipc" and any(r in ("R_RISCV_CALL", "R_RISCV_CALL_PLT")
                                                    for r, _ in rel[k]):
            t = reloc_target(rel[k], resolve)
            f.calls.append((t or "?", line))
            consumed.add(k + 1)
            continue
        if arch == "xtensa" and m == "l32r":
            for r, sym in rel[k]:
                if r == "R_XTENSA_ASM_EXPAND":
                    pending[ops.split(",")[0].strip()] = resolve(sym) or sym
            continue
        if k in consumed:
            continue
        kind = cg.classify(arch, m, ops)
        ext = reloc_target(rel[k], resolve)
        nm = re.search(r"<([^>+]+)>", ops)
        named = resolve(nm.group(1)) if nm else None
        if ext is not None and ext == fn.name:
            ext = None  # a branch inside the function (Xtensa relocates those)
        if kind == "call" and arch == "arm" and ext is None and not rel[k] and \
                re.search(r"<%s\+0x[0-9a-f]+>" % re.escape(fn.name), ops):
            # Thumb-1 far jump: a bl to a label of this function (gcc saves
            # lr first), an unconditional jump
            continue
        if kind == "call":
            if arch == "xtensa" and m.startswith("callx"):
                reg = ops.split(",")[0].strip()
                if reg in pending:
                    f.calls.append((pending.pop(reg), line))
                else:
                    f.icalls.append(line)
            elif ext is not None:
                f.calls.append((ext, line))
            elif named is not None and named != fn.name:
                f.calls.append((named, line))  # resolved by the assembler
            elif cg.jump_target(ops) is not None and not (arch == "x86" and "*" in ops):
                f.calls.append(("?", line))    # a direct call to an unknown place
            else:
                f.icalls.append(line)
            if cg.conditional_call(arch, m, ops):
                f.fwd.append(line)
            continue
        if kind == "cbranch":
            if ext is not None:
                # to another function: a conditional tail call, or a jump to
                # this function's own cold part; either way a forward branch
                if base_name(ext) != me:
                    f.calls.append((ext, line))
                f.fwd.append(line)
                continue
            target = cg.jump_target(ops)
            if target is not None and target <= addr:
                f.back += 1
            elif target is not None and cg.rotated_exit(arch, plain, k, target):
                f.back += 1
            else:
                f.fwd.append(line)
            continue
        if cg.is_jump(arch, m):
            if ext is not None and base_name(ext) != me:
                f.calls.append((ext, line))  # tail call
            continue
        if indirect_jump(arch, m, ops):
            reg = ops.split(",")[0].strip()
            if arch == "xtensa" and reg in pending:
                f.calls.append((pending.pop(reg), line))  # a long tail call
            else:
                f.fwd.append(line + "  (indirect jump)")
    return f


def resolver(objs, obj, library):
    """resolve(symbol) for relocations in `obj`: a function name, or None."""
    fsyms, undef = objs[obj]
    by_section = {}
    for name, (sec, val) in fsyms.items():
        by_section.setdefault(sec, []).append((val, name))

    def resolve(sym):
        m = re.match(r"^(.*?)(?:([+-])0x([0-9a-f]+))?$", sym)
        name = m.group(1)
        off = int(m.group(3), 16) * (-1 if m.group(2) == "-" else 1) if m.group(3) else 0
        if name.startswith((".L", "$")) or not name:
            return None
        if name in fsyms:
            return name
        if name in by_section:
            cands = sorted(by_section[name])
            for val, fname in reversed(cands):
                if val <= max(off, off + 4, 0):
                    return fname
            return cands[0][1]
        if name in undef:
            return name
        return None

    return resolve


def findings(arch, facts, library, vt_core=()):
    """-> [(rule, detail)] for one function's Facts (no list applied)."""
    out = []
    for line in facts.div:
        out.append((DIVISION, "division: " + line))
    for line in facts.vt:
        out.append((VT_INSN, "variable-time instruction: " + line))
    for target, line in facts.calls:
        b = base_name(target)
        if DIV_HELPER.match(target):
            out.append((DIVISION, "calls division helper %s: %s" % (target, line)))
        elif b not in library:
            out.append((HELPER, "calls %s (not a library function): %s" % (target, line)))
        elif b.endswith("_vartime"):
            out.append((VARTIME, "calls %s: %s" % (target, line)))
    for line in facts.icalls:
        out.append((INDIRECT, "indirect call: " + line))
    for line in facts.fwd:
        out.append((BRANCH, "forward branch: " + line))
    return out


def merge(facts_list):
    f = Facts()
    for x in facts_list:
        f.n_insns += x.n_insns
        f.fwd += x.fwd
        f.back += x.back
        f.calls += x.calls
        f.icalls += x.icalls
        f.div += x.div
        f.vt += x.vt
    return f


def judge_objects(build, text):
    """objdump text of a set of objects -> ({base name: Facts}, library set)"""
    funcs, objs = parse_objdump(text)
    library = set(base_name(n) for fs, _ in objs.values() for n in fs)
    per, where = {}, {}
    for fn in funcs:
        res = resolver(objs, fn.obj, library)
        per.setdefault(base_name(fn.name), []).append(analyse(build.arch, fn, res, build.vt))
        where.setdefault(base_name(fn.name), set()).add(fn.obj)
    facts = {b: merge(v) for b, v in per.items()}
    for b, objs_of in where.items():
        facts[b].objects = objs_of
    return facts, library


# ---- building ------------------------------------------------------------------------

_INFO = {}


def make_info(build, profile):
    """CC and the library's CFLAGS of a build (make info), asked once."""
    key = (build.label, profile)
    if key not in _INFO:
        _INFO[key] = _make_info(build, profile)
    return _INFO[key]


def _make_info(build, profile):
    rc, out = build.make(profile, ["info"])
    cc = cflags = None
    for line in out.splitlines():
        if line.startswith("TARGET=") and " CC=" in line:
            cc = line.split(" CC=")[1].split(" BUILD=")[0]
        if line.startswith("CFLAGS="):
            cflags = line[len("CFLAGS="):]
    return cc, cflags, out


def compile_one(build, profile, src, tag, extra=()):
    """src with the library's flags into <build dir>/codegen-lib/."""
    cc, cflags, out = make_info(build, profile)
    if cc is None or cflags is None:
        return None, "make info failed: " + out
    outdir = os.path.join(ROOT, build.build_dir(profile), "codegen-lib")
    os.makedirs(outdir, exist_ok=True)
    obj = os.path.join(outdir, os.path.basename(src)[:-2] + tag + ".o")
    cmd = (shlex.split(cc) + shlex.split(cflags) +
           ["-I" + os.path.join(ROOT, "tests", "ct"), "-I" + os.path.join(ROOT, "tests", "support")] +
           list(extra) + ["-c", src, "-o", obj])
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        return None, "compile failed: %s\n%s" % (" ".join(cmd), p.stdout.decode("utf-8", "replace"))
    return obj, None


def library_objects(build, profile):
    """the objects of the library's current sources (an object left in the
    build directory by a source that was renamed or removed is not read)"""
    d = os.path.join(ROOT, build.build_dir(profile), "src")
    out = []
    for o in sorted(glob.glob(os.path.join(d, "**", "*.o"), recursive=True)):
        rel = os.path.relpath(o, d)[:-2]
        if any(os.path.exists(os.path.join(ROOT, "src", rel + ext)) for ext in (".c", ".S")):
            out.append(o)
    return out


def expected_product(build):
    want = cg.MUL_EXPECT.get(build.label, ("?", "?"))[0]
    if want.startswith("call"):
        return HELPER, want
    if want in build.vt:
        return VT_INSN, want
    return ACCEPTED, want


# ---- main --------------------------------------------------------------------------

def meta(b, opt, case, kind, ok, leak, expect_leak, group=None):
    """one result for the constant-time matrix (tools/ct_matrix.py)"""
    r = {"checker": "codegen", "target": b.label, "cc": b.compiler, "opt": opt,
         "build": "asm", "case": case, "kind": kind, "ok": ok, "leak": leak,
         "expect_leak": expect_leak}
    if group:
        r["group"] = group
    return r


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="")
    ap.add_argument("--profiles", default=",".join(targets.PROFILES))
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--results", default=os.path.join(ROOT, "build", "ct-results"),
                    help="one JSON-lines file per build here (tools/ct_matrix.py)")
    a = ap.parse_args(argv)
    rows = []
    only = set(a.targets.split(",")) if a.targets else None
    profiles = a.profiles.split(",")
    total = suite.Result()
    t0 = time.time()

    def record(ok, text, detail=()):
        suite.emit(("PASS " if ok else "FAIL ") + text)
        if not ok or a.verbose:
            for d in list(detail)[:12]:
                suite.emit("      " + d)
            if len(detail) > 12:
                suite.emit("      ... and %d more" % (len(detail) - 12))
        if ok:
            total.passed += 1
        else:
            total.failed += 1

    entries, errors = read_list()
    record(not errors, "list %s: %d entries, well-formed" % (os.path.relpath(LIST_FILE, ROOT),
                                                                len(entries)), errors)
    helpers = ct_helpers()
    seen = set()               # base names defined in some build
    needed = {}                # name -> set of permissions some build needed
    counts = []
    builds = [b for b in targets.codegen_builds() if not only or b.label in only]
    if only and len(builds) != len(only):
        record(False, "unknown build label(s): %s" % ", ".join(
            sorted(only - set(b.label for b in builds))))
    for b in builds:
        for prof in profiles:
            opt = targets.PROFILE_OPT[prof]
            where = "%s %s" % (b.label, opt)
            # 1. the library
            rc, out = b.make(prof, ["lib"])
            if rc != 0:
                record(False, "lib %s: build failed" % where, out.splitlines()[-8:])
                continue
            objs = library_objects(b, prof)
            facts, library = judge_objects(b, disassemble(b.objdump, objs))
            problems, n_listed, n_ct, n_vt = [], 0, 0, 0
            for name in sorted(facts):
                f = facts[name]
                if name.endswith("_vartime"):
                    n_vt += 1
                    continue
                n_ct += 1
                seen.add(name)
                allows = entries[name][0] if name in entries else set()
                if name in entries and len(f.objects) > 1:
                    problems.append("%s: listed, but defined in %d objects (%s): the entry is "
                                    "ambiguous" % (name, len(f.objects), ", ".join(
                                        sorted(os.path.relpath(o, ROOT) for o in f.objects))))
                fs = findings(b.arch, f, library)
                if any(LIFTS.get(p) == r for r, _ in fs for p in allows):
                    n_listed += 1
                for perm, rule in LIFTS.items():
                    if any(r == rule for r, _ in fs):
                        needed.setdefault(name, set()).add(perm)
                bad = [(r, d) for r, d in fs if not any(LIFTS.get(p) == r for p in allows)]
                if bad:
                    rules = sorted(set(r for r, _ in bad))
                    problems.append("%s: %s%s" % (name, ", ".join(rules),
                                                  "" if name in entries else
                                                  " (not in src/ct_public.txt)"
                                                  if any(r in LIFTS.values() for r in rules) else ""))
                    problems.extend("    " + d for _, d in bad[:3])
                if a.verbose:
                    suite.emit("      %-36s %4d insns %3d fwd %3d back %3d calls%s" % (
                        name, f.n_insns, len(f.fwd), f.back, len(f.calls),
                        "  [listed: %s]" % ",".join(sorted(allows)) if allows else ""))
                layer = sorted(os.path.relpath(o, ROOT).split(os.sep) for o in f.objects)[0]
                rows.append(meta(b, opt, name, "real", not bad, bool(bad), False,
                                 group=layer[layer.index("src") + 1] if "src" in layer else "other"))
            counts.append((where, n_ct, n_listed, n_vt))
            record(not problems, "lib %s: %d constant-time functions checked (%d of them "
                   "branch on public data as src/ct_public.txt allows), %d _vartime ones skipped%s"
                   % (where, n_ct, n_listed, n_vt,
                      "" if not problems else " - %d flagged" % sum(1 for p in problems
                                                                    if not p.startswith(" "))),
                   problems)

            # the test objects, two compilers at a time
            # (-fno-ipa-icf: gcc would fold wrappers with identical bodies
            # into a jump to one of them, ctw_ct_limb_ne -> ctw_ct_u64_ne)
            noicf = [] if b.compiler == "clang" else ["-fno-ipa-icf"]
            make_info(b, prof)
            jobs = [(HELPERS_SRC, "", noicf), (HELPERS_SRC, "-inject", noicf + ["-DCTW_INJECT_BRANCH=1"])]
            jobs += [(src, "", []) for src in CONTROL_SRCS]
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
                done = [f.result() for f in [ex.submit(compile_one, b, prof, *j) for j in jobs]]
            (hobj, err), (iobj, ierr), controls = done[0], done[1], done[2:]

            # 2. the ct.h helpers, out of line
            if hobj is None:
                record(False, "ct helpers %s: %s" % (where, err))
            else:
                hf, _ = judge_objects(b, disassemble(b.objdump, [hobj]))
                wrappers = set(n[4:] for n in hf if n.startswith("ctw_"))
                missing = sorted(h for h in helpers if h not in wrappers)
                bad = []
                for n in sorted(hf):
                    fs = [d for r, d in findings(b.arch, hf[n], set())]
                    if fs:
                        bad.append("%s: %s" % (n, fs[0]))
                    rows.append(meta(b, opt, n, "real", not fs, bool(fs), False, group="ct"))
                record(not missing and not bad,
                       "ct helpers %s: %d of %d CT_INLINE helpers of src/ct/ct.h out of line, "
                       "straight-line, no calls%s"
                       % (where, len(helpers) - len(missing), len(helpers),
                          " (plus %d assembly leaves)" % len(wrappers - set(helpers))
                          if wrappers - set(helpers) else ""),
                       ["no wrapper in tests/codegen/ct_helpers.c: " + h for h in missing] + bad)
            if iobj is None:
                record(False, "ct helpers %s negative control: %s" % (where, ierr))
            else:
                hf, _ = judge_objects(b, disassemble(b.objdump, [iobj]))
                fs = [d for r, d in findings(b.arch, hf[INJECTED], set())] if INJECTED in hf else []
                rows.append(meta(b, opt, "codegen_leaky_" + INJECTED, "leaky", bool(fs), bool(fs),
                                 True))
                record(bool(fs), "ct helpers %s negative control: %s with an early return %s"
                       % (where, INJECTED, ("flagged (%s)" % fs[0]) if fs else "NOT flagged"))

            # 3. the negative controls
            cfacts, clib = {}, set()
            for src, (cobj, err) in zip(CONTROL_SRCS, controls):
                if cobj is None:
                    record(False, "control %s %s: %s" % (os.path.basename(src), where, err))
                    continue
                f2, l2 = judge_objects(b, disassemble(b.objdump, [cobj]))
                cfacts.update(f2)
                clib |= l2
            undeclared = sorted(n for n in cfacts if n.startswith("leaky_") and n not in CONTROLS)
            for n in undeclared:
                record(False, "control %s %s: no expected verdict declared in CONTROLS "
                       "(tools/check_codegen_lib.py)" % (n, where))
            for n, want in CONTROLS.items():
                if n not in cfacts:
                    record(False, "control %s %s: not found in the controls' objects" % (n, where))
                    continue
                fs = findings(b.arch, cfacts[n], set())
                rules = sorted(set(r for r, _ in fs))
                first = fs[0][1] if fs else ""
                if want == NOT_CLAIMED:
                    suite.emit("# control %s %s: not claimed (invisible in the disassembly); "
                               "rules fired: %s" % (n, where, ", ".join(rules) or "none"))
                    continue
                how = ""
                if want == PRODUCT:
                    want, insn = expected_product(b)
                    how = " ((uint64_t)a*b is %s here)" % insn
                # the kind of tests/ct/cases.def (ct_claims.py) for the matrix
                kind = {PRODUCT: "leaky-vtmul", DIVISION: "leaky-div",
                        ACCEPTED: "real"}.get(CONTROLS[n], "leaky")
                if want == ACCEPTED:
                    rows.append(meta(b, opt, n, kind, not fs, bool(fs), False, group="controls"))
                    record(not fs, "control %s %s: accepted as constant time%s%s"
                           % (n, where, how, "" if not fs else " - but flagged: " + first))
                else:
                    hit = [d for r, d in fs if r == want]
                    rows.append(meta(b, opt, n, kind, bool(hit), bool(hit), True))
                    record(bool(hit), "control %s %s: %s%s"
                           % (n, where, ("flagged %s (%s)" % (want, hit[0])) if hit else
                              "NOT flagged %s (rules fired: %s)" % (want, ", ".join(rules) or "none"),
                              how))

    # 4. the list is exact (only meaningful over every build)
    if only or set(profiles) != set(targets.PROFILES):
        suite.emit("# list exactness not judged (not every build was checked)")
    else:
        stale = sorted(n for n in entries if n not in seen)
        record(not stale, "list: every entry names a function of some build%s"
               % ("" if not stale else " - %d stale" % len(stale)),
               ["%s (src/ct_public.txt:%d) exists in no build" % (n, entries[n][2]) for n in stale])
        unneeded = []
        for n, (allows, _, no) in sorted(entries.items()):
            if n in seen:
                extra = allows - needed.get(n, set())
                if extra:
                    unneeded.append("%s (src/ct_public.txt:%d) allows %s, which no build needs"
                                    % (n, no, ",".join(sorted(extra))))
        record(not unneeded, "list: every permission is needed by some build%s"
               % ("" if not unneeded else " - %d unneeded" % len(unneeded)), unneeded)
    if a.results and rows:
        by = {}
        for r in rows:
            by.setdefault((r["target"], r["cc"], r["opt"]), []).append(r)
        for (t, cc, opt), rs in by.items():
            suite.write_results(os.path.join(a.results, "codegen-%s-%s%s.jsonl" % (
                t, cc, opt.replace("-", ""))), rs)
    suite.emit("# %d builds in %.1f s" % (len(counts), time.time() - t0))
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
