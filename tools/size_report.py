#!/usr/bin/env python3
"""size_report.py - code size per module and per target, and what forced
inlining costs.

  size_report.py [--out-dir docs] [--targets T,T]

Builds the library for every target at -Os and -O2 (gcc) into build/size/,
and reports:
  1. docs/size.md: .text/.rodata/.data/.bss of every library object per
     target and optimisation level; and the size of linked bare-metal images
     that use one family (tests/size/<family>.c) minus an image that uses
     nothing (tests/size/none.c).
  2. docs/inlining.md: .text of the library plus the representative hot
     loops (tests/codegen/hot_loop.c) with the ct_ helpers forced inline
     (FORCE_INLINE=1, the default) and left to the compiler
     (FORCE_INLINE=0), for the assembly leaves and for the C twins
     (NO_ASM=1), at -Os and -O2; and whether the compiler called any helper
     out of line.
Both files are generated: they say so and are never edited by hand.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import targets as _targets  # noqa: E402

# the one target list (tools/targets.py, from targets/*/target.mk): the
# bare-metal cores first, then the Linux targets, the host last
_ALL = _targets.target_names()
BAREMETAL = _targets.baremetal()
TARGETS = BAREMETAL + [t for t in _ALL if t not in BAREMETAL and t != "host"] + ["host"]
CROSS = {t: _targets.read_target_mk(os.path.join(_targets.TARGETS_DIR, t, "target.mk"))[0]
         .get("TARGET_CROSS", "") for t in _ALL}


def make(args, what):
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2"] + args + what,
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise RuntimeError("make %s %s failed:\n%s" % (" ".join(args), " ".join(what),
                                                       p.stdout.decode()[-3000:]))
    return p.stdout.decode()


def info(args):
    out = make(args, ["info"])
    cc = cflags = build = None
    for line in out.splitlines():
        if line.startswith("TARGET=") and " CC=" in line:
            cc = line.split(" CC=")[1].split(" BUILD=")[0]
            build = line.split(" BUILD=")[1].strip()
        if line.startswith("CFLAGS="):
            cflags = line[len("CFLAGS="):]
    return cc, cflags, os.path.join(ROOT, build)


def sections(cross, path):
    """-> {object: {text, rodata, data, bss}} using readelf section sizes"""
    out = subprocess.run([cross + "readelf", "-S", "-W", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode()
    res, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^File: (?:.*\()?([^()]+?)\)?$", line.strip())
        if m:
            cur = res.setdefault(os.path.basename(m.group(1)), dict(text=0, rodata=0, data=0, bss=0))
            continue
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+\S+\s+\S+\s+([0-9a-f]+)\s", line)
        if not m:
            continue
        if cur is None:
            cur = res.setdefault(os.path.basename(path), dict(text=0, rodata=0, data=0, bss=0))
        name, size = m.group(1), int(m.group(3), 16)
        for key, prefixes in (("text", (".text", ".literal")), ("rodata", (".rodata", ".srodata")),
                              ("data", (".data", ".sdata")), ("bss", (".bss", ".sbss"))):
            if name == prefixes[0] or any(name.startswith(p + ".") or name == p for p in prefixes):
                cur[key] += size
    return res


def lib_sizes(target, opt, extra=()):
    prof = "small" if opt == "-Os" else "fast"
    args = ["TARGET=" + target, "PROFILE=" + prof, "OPT=" + opt] + list(extra)
    args.append("BUILD=build/size/%s%s%s" % (target, opt, "".join(extra).replace("=", "")))
    make(args, ["lib"])
    cc, cflags, build = info(args)
    return args, cc, cflags, build, sections(CROSS[target], os.path.join(build, "libctcrypto.a"))


def hot_loop_text(target, cc, cflags, build):
    obj = os.path.join(build, "hot_loop.o")
    subprocess.run(shlex.split(cc) + shlex.split(cflags) +
                   ["-c", os.path.join(ROOT, "tests", "codegen", "hot_loop.c"), "-o", obj],
                   check=True, cwd=ROOT)
    s = sections(CROSS[target], obj)
    text = sum(v["text"] for v in s.values())
    nm = subprocess.run([CROSS[target] + "nm", obj], stdout=subprocess.PIPE).stdout.decode()
    outlined = sorted(set(l.split()[-1] for l in nm.splitlines()
                          if re.search(r" [tT] ct_", l)))
    return text, outlined


def image_size(target, args, build, src):
    """text+rodata+data of a bare-metal image built from tests/size/<src>."""
    cc, cflags, _ = info(args)
    out = make(args, ["info-img"])
    img_cflags = img_ldflags = emu_srcs = None
    for line in out.splitlines():
        if line.startswith("IMG_CFLAGS="):
            img_cflags = line[len("IMG_CFLAGS="):]
        elif line.startswith("IMG_LDFLAGS="):
            img_ldflags = line[len("IMG_LDFLAGS="):]
        elif line.startswith("EMU_SRCS="):
            emu_srcs = line[len("EMU_SRCS="):]
    elf = os.path.join(build, os.path.splitext(os.path.basename(src))[0] + ".elf")
    cmd = (shlex.split(cc) + shlex.split(img_cflags) + [src] + shlex.split(emu_srcs) +
           [os.path.join(build, "libctcrypto.a")] + shlex.split(img_ldflags) + ["-lgcc", "-o", elf])
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        sys.stderr.write(p.stdout.decode("utf-8", "replace"))
        raise subprocess.CalledProcessError(p.returncode, cmd)
    s = sections(CROSS[target], elf)
    v = list(s.values())[0]
    return v["text"] + v["rodata"] + v["data"], v["bss"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "docs"))
    ap.add_argument("--targets", default="")
    a = ap.parse_args()
    targets = a.targets.split(",") if a.targets else TARGETS
    cmdline = "python3 tools/size_report.py" + (" --targets " + a.targets if a.targets else "")
    gcc = subprocess.run(["arm-none-eabi-gcc", "-dumpversion"], stdout=subprocess.PIPE).stdout.decode().strip()

    # ---- sizes per module ------------------------------------------------------
    size_md = ["# Code size per module and per target", "",
               "Generated by `%s`; do not edit. gcc (arm-none-eabi-gcc %s and the" % (cmdline, gcc),
               "other Debian 12 cross compilers), `PROFILE=small` for -Os and `PROFILE=fast` for -O2,",
               "default options (assembly leaves, forced inlining). Bytes; `.text` includes Xtensa",
               "literal pools. Sizes of sections as compiled, before the linker drops unused functions.", ""]
    families = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "size"))
                      if f.endswith(".c") and f != "none.c")
    image_rows = []
    for t in targets:
        for opt in ("-Os", "-O2"):
            args, cc, cflags, build, s = lib_sizes(t, opt)
            size_md.append("## %s %s" % (t, opt))
            size_md.append("")
            size_md.append("| object | .text | .rodata | .data | .bss |")
            size_md.append("|---|---:|---:|---:|---:|")
            tot = dict(text=0, rodata=0, data=0, bss=0)
            for obj in sorted(s):
                v = s[obj]
                for k in tot:
                    tot[k] += v[k]
                size_md.append("| %s | %d | %d | %d | %d |" % (obj, v["text"], v["rodata"], v["data"], v["bss"]))
            size_md.append("| **all** | **%d** | **%d** | **%d** | **%d** |" % (
                tot["text"], tot["rodata"], tot["data"], tot["bss"]))
            size_md.append("")
            if t in BAREMETAL:
                base, _ = image_size(t, args, build, os.path.join(ROOT, "tests", "size", "none.c"))
                for f in families:
                    sz, bss = image_size(t, args, build, os.path.join(ROOT, "tests", "size", f))
                    image_rows.append((f[:-2], t, opt, sz - base, base))
    size_md.append("## Linked images that use one family")
    size_md.append("")
    size_md.append("Flash bytes (.text + .rodata + .data) of a bare-metal image that calls the family's")
    size_md.append("functions listed in `tests/size/<family>.c`, minus the same image calling nothing")
    size_md.append("(`tests/size/none.c`: startup, semihosting console, runner output); `--gc-sections`.")
    size_md.append("")
    size_md.append("| family | target | opt | family bytes | baseline image |")
    size_md.append("|---|---|---|---:|---:|")
    for fam, t, opt, d, base in image_rows:
        size_md.append("| %s | %s | %s | %d | %d |" % (fam, t, opt, d, base))
    size_md.append("")

    # ---- forced inlining -----------------------------------------------------------
    inl = ["# What forcing the ct_ helpers inline costs", "",
           "Generated by `%s`; do not edit." % cmdline, "",
           "`.text` bytes of the library plus the representative hot loops of",
           "`tests/codegen/hot_loop.c` (a conditional subtract, add, compare, swap, equality and",
           "select over n limbs, as a bignum module would write them), with the word helpers",
           "forced inline (`FORCE_INLINE=1`, the default: `always_inline`) and left to the",
           "compiler (`FORCE_INLINE=0`: plain `static inline`), with the assembly leaves and with",
           "the C twins (`NO_ASM=1`). *Outlined* lists the helpers the compiler emitted as",
           "functions of their own (each call to them is a call per limb).", "",
           "| target | opt | leaves | forced | not forced | cost of forcing | outlined when not forced |",
           "|---|---|---|---:|---:|---:|---|"]
    for t in targets:
        for opt in ("-Os", "-O2"):
            for leaves, extra in (("asm", ()), ("C twins", ("NO_ASM=1",))):
                texts, outl = [], []
                for fi in ("1", "0"):
                    args, cc, cflags, build, s = lib_sizes(t, opt, extra + ("FORCE_INLINE=" + fi,))
                    lib_text = sum(v["text"] for v in s.values())
                    hl, outlined = hot_loop_text(t, cc, cflags, build)
                    texts.append(lib_text + hl)
                    outl.append(outlined)
                if leaves == "asm" and t in ("host",):
                    pass
                inl.append("| %s | %s | %s | %d | %d | %+d | %s |" % (
                    t, opt, leaves, texts[0], texts[1], texts[0] - texts[1],
                    ", ".join(outl[1]) if outl[1] else "none"))
    inl.append("")
    os.makedirs(a.out_dir, exist_ok=True)
    with open(os.path.join(a.out_dir, "size.md"), "w") as f:
        f.write("\n".join(size_md))
    with open(os.path.join(a.out_dir, "inlining.md"), "w") as f:
        f.write("\n".join(inl))
    print("wrote %s and %s" % (os.path.join(a.out_dir, "size.md"), os.path.join(a.out_dir, "inlining.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
