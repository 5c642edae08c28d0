#!/usr/bin/env python3
"""ct_trace.py - the emulator trace checker for constant time.

  ct_trace.py --qemu 'QEMU ARGS [-kernel]' --image ELF --nm NM [--vt a:b]
              [--label TEXT] [--seed S] [--randoms R] [--results FILE]

Runs the trace harness (tests/ct/ct_trace.c) once under QEMU with the
plugin tools/qemu/ctplug.c in trace mode: a bare-metal image under
qemu-system (--qemu ends with -kernel) or a static Linux program under
qemu-user (--qemu 'qemu-aarch64 -cpu max'); the harness prints the same
lines either way, on semihosting or on stdout. Every case runs with its
generator's structured secrets and R pseudo-random ones drawn from seed S
(at least 8 in all; the seed is printed and, given back with --seed or
CT_SEED=, reproduces every secret). For each case all runs must have
  - the same executed-address sequence (and instruction count),
  - the same data-address sequence (address, size, read/write),
  - no instruction whose latency depends on its operands (--vt: division
    everywhere; on Cortex-M3 also UMULL/SMULL/UMLAL/SMLAL).
Cases of kind "real" must pass; negative controls must be caught
(tools/ct_claims.py): "leaky-vtmul" (the compiler's 32x32->64 product of
secrets) where --vtmul 1 says so (default: where --vt lists a long
multiply), and it must pass as constant time elsewhere. On any difference the first divergence is printed, with the
function symbol and the disassembly, from a second run of that case only
in which the plugin compares the two traces as they run (diverge=) and
writes only the lines around the difference. --results appends one JSON line per case.
One line per case; the last line is "N passed, N failed".
"""
import argparse
import bisect
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import struct
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ct_claims  # noqa: E402
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REG = re.compile(r"^ctplug: region=(\d+) (insns=.*)$")
CONFIG_MAGIC = 0x43545247            # ct_trace_config[0] in tests/ct/ct_trace.c
CONFIG_DEFAULT = (CONFIG_MAGIC, 0x5eed0001, 4, 0)
LONG_MULTIPLIES = {"umull", "smull", "umlal", "smlal"}


def patch_image(src, dst, seed, randoms, only=0):
    """Copy the image with ct_trace_config set to (seed, randoms, only):
    only = 1 + the index of the one case to run, 0 for every case."""
    with open(src, "rb") as f:
        data = bytearray(f.read())
    old = struct.pack("<4I", *CONFIG_DEFAULT)
    at = data.find(old)
    if at < 0 or data.find(old, at + 1) >= 0:
        raise SystemExit("ct_trace: ct_trace_config not found exactly once in " + src)
    data[at:at + 16] = struct.pack("<4I", CONFIG_MAGIC, seed, randoms, only)
    with open(dst, "wb") as f:
        f.write(data)
    # qemu-user runs only an executable file (qemu-system reads any)
    shutil.copymode(src, dst)


def plugin_path():
    """Build the plugin (host gcc) if it is missing or older than its source."""
    src = os.path.join(ROOT, "tools", "qemu", "ctplug.c")
    out = os.path.join(ROOT, "build", "qemu", "ctplug.so")
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        tmp = out + ".tmp"
        subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", tmp, src], check=True)
        os.replace(tmp, out)
    return out


def qemu_command(qemu, image, pargs, log):
    """The QEMU command line: the plugin and its log first, then the image.
    qemu-system takes the image after -kernel (TARGET_QEMU ends with it);
    qemu-user takes the program last, since what follows it are the
    program's own arguments."""
    cmd = shlex.split(qemu)
    tail = [image]
    if cmd and cmd[-1] == "-kernel":
        cmd.pop()
        tail = ["-kernel", image]
    return cmd + ["-plugin", pargs, "-d", "plugin", "-D", log] + tail


def run(qemu, image, pargs, log, timeout):
    cmd = qemu_command(qemu, image, pargs, log)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       stdin=subprocess.DEVNULL, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def parse_regions(log):
    regions = []
    with open(log) as f:
        for line in f:
            m = REG.match(line.strip())
            if m:
                kv = dict(x.split("=", 1) for x in m.group(2).split())
                regions.append(kv)
    return regions


class Symbols:
    def __init__(self, nm, image):
        out = subprocess.run([nm, "-n", image], stdout=subprocess.PIPE).stdout.decode()
        self.addrs, self.names = [], []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "tTwW":
                self.addrs.append(int(f[0], 16) & ~1)
                self.names.append(f[2])

    def name(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        if i < 0:
            return "?"
        return "%s+0x%x" % (self.names[i], pc - self.addrs[i])


def read_divergence(path):
    """The plugin's diverge= output -> (index of the first difference or
    None, region 0's lines, region K's lines; both from index start), start"""
    at, start, out, cur = None, 0, {}, None
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("# diverge "):
                v = line.split()[2]
                at = None if v == "none" else int(v)
            elif line.startswith("# region "):
                cur = out.setdefault(len(out), [])
            elif cur is not None:
                cur.append(line.rstrip("\n"))
    if at is not None:
        start = max(0, at - 8)
    return at, out.get(0, []), out.get(1, []), start


def first_divergence(at, ta, tb, start, syms, label_b, ctx=3):
    """Lines showing the first difference at trace line `at`; ta, tb: the
    two runs' lines from line `start` on (read_divergence)."""
    if at is None:
        return []

    def fmt(line):
        if line is None:
            return "<end of run>"
        if line.startswith("    "):
            return "   data " + line.strip()
        f = line.split(None, 1)
        try:
            pc = int(f[0], 16)
        except ValueError:
            return line
        return "%-28s %s" % (syms.name(pc), f[1] if len(f) > 1 else "")

    out = ["      first divergence at trace line %d (secret 0 vs secret %d):" % (at, label_b)]
    for k in range(max(start, at - ctx), min(at + 2, start + max(len(ta), len(tb)))):
        a = ta[k - start] if k - start < len(ta) else None
        b = tb[k - start] if k - start < len(tb) else None
        mark = "!" if a != b else " "
        out.append("     %s %-60s | %s" % (mark, fmt(a)[:60], fmt(b)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--image", required=True)
    ap.add_argument("--nm", required=True)
    ap.add_argument("--vt", default="")
    ap.add_argument("--label", default="")
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--seed", default=os.environ.get("CT_SEED", ""),
                    help="seed of the random secrets (default: a new one, printed)")
    ap.add_argument("--randoms", type=int, default=int(os.environ.get("CT_RANDOMS", "4") or 4),
                    help="random secrets per case, besides the structured ones")
    ap.add_argument("--results", default="", help="write JSON lines here")
    ap.add_argument("--meta", default="", help="k=v;k=v fields added to each JSON line")
    ap.add_argument("--vtmul", type=int, default=-1,
                    help="1: the compiler's 32x32->64 product is not constant time on this "
                         "core (default: where --vt lists a long multiply)")
    a = ap.parse_args()
    seed = int(a.seed, 0) if a.seed else random.SystemRandom().getrandbits(32)
    vt_names = set(a.vt.split(":")) if a.vt else set()
    meta = dict(kv.split("=", 1) for kv in a.meta.split(";") if kv)
    vtmul_leaks = bool(vt_names & LONG_MULTIPLIES) if a.vtmul < 0 else bool(a.vtmul)
    label = a.label or os.path.basename(a.image)
    total = suite.Result()
    plugin = plugin_path()
    base = "%s,mode=trace,mem=on" % plugin
    if a.vt:
        base += ",vt=" + a.vt
    else:
        base += ",vt=none"   # this core has no variable-time instruction listed

    records = []
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, os.path.basename(a.image))
        patch_image(a.image, image, seed, a.randoms)
        log = os.path.join(tmp, "log")
        suite.emit("# ct-trace %s: seed %d (CT_SEED=%d reproduces), %d random secrets per case"
                   % (label, seed, seed, a.randoms))
        rc, out, err = run(a.qemu, image, base, log, a.timeout)
        lines = out.splitlines()
        cases = [l.split()[1:5] for l in lines if l.startswith("CT-CASE ")]
        done = any(l.startswith("CT-DONE ") for l in lines)
        config_ok = ("CT-CONFIG %d %d" % (seed, a.randoms)) in lines
        regions = parse_regions(log) if os.path.exists(log) else []
        want = sum(int(c[3]) for c in cases)
        if rc != 0 or not done or not config_ok or len(regions) != want or not cases:
            suite.emit("FAIL ct-trace %s: harness run failed (status %s, %d cases, %d of %d regions, "
                       "config %s)\n%s%s" % (label, rc, len(cases), len(regions), want,
                                              "read" if config_ok else "NOT read", out[-2000:],
                                              err[-2000:]))
            suite.emit("0 passed, 1 failed")
            return 1
        syms = Symbols(a.nm, image)
        lo = 0
        for index, (name, kind, gen, count) in enumerate(cases):
            count = int(count)
            runs = regions[lo:lo + count]
            insns = [int(r["insns"]) for r in runs]
            cf_same = len(set((r["pc_hash"], r["insns"]) for r in runs)) == 1
            mem_same = len(set(r["mem_hash"] for r in runs)) == 1
            vt = max(int(r["vt"]) for r in runs)
            leak = not cf_same or not mem_same or vt > 0
            what = []
            if not cf_same:
                what.append("control flow differs (insns %s)" % "/".join(map(str, insns)))
            if not mem_same:
                what.append("data addresses differ")
            if vt:
                what.append("%d variable-time instruction(s)" % vt)
            expect_leak = ct_claims.expectation("trace", kind, vtmul_leaks)
            ok = leak == expect_leak
            if not expect_leak:
                text = ("constant time: %d insns, same pc and data-address sequences for %d secrets"
                        % (insns[0], count)) if ok else "LEAK: " + "; ".join(what)
                if kind != "real" and ok:
                    text = "not a leak on this core: " + text
            else:
                text = ("negative control caught: " + "; ".join(what)) if ok else \
                    "negative control NOT caught (%d insns, identical traces for %d secrets)" % (
                        insns[0], count)
            suite.emit("%s ct-trace %s %s (%s)" % ("PASS" if ok else "FAIL", label, name, text))
            if ok:
                total.passed += 1
            else:
                total.failed += 1
            records.append({**meta, "checker": "trace", "config": label, "case": name, "kind": kind,
                            "gen": gen, "secrets": count, "seed": seed, "ok": ok, "leak": leak,
                            "expect_leak": expect_leak, "detail": "; ".join(what)})
            # show where it diverges: always for unexpected leaks, briefly
            # for the negative controls
            if leak and (not cf_same or not mem_same) and a.show:
                diff_at = next(v for v in range(1, count)
                               if (runs[v]["pc_hash"], runs[v]["insns"], runs[v]["mem_hash"]) !=
                               (runs[0]["pc_hash"], runs[0]["insns"], runs[0]["mem_hash"]))
                # the second run executes this case only (its regions are
                # numbered from 0); the plugin compares run diff_at with
                # run 0 as it goes, writes the lines around the first
                # difference and stops there
                tfile = os.path.join(tmp, "trace")
                one = os.path.join(tmp, "one-" + os.path.basename(a.image))
                patch_image(a.image, one, seed, a.randoms, index + 1)
                run(a.qemu, one, base + ",trace=%s,diverge=%d" % (tfile, diff_at),
                    os.path.join(tmp, "log2"), a.timeout)
                if os.path.exists(tfile):
                    at, ta, tb, start = read_divergence(tfile)
                    if at is None:
                        suite.emit("      (the second run of this case showed no difference)")
                    for l in first_divergence(at, ta, tb, start, syms, diff_at,
                                              1 if ok else max(a.show, 4)):
                        suite.emit(l)
                    os.remove(tfile)
                if not ok:
                    suite.emit("      reproduce: make <same variables> ct-trace CT_SEED=%d" % seed)
            lo += count
    if a.results:
        suite.write_results(a.results, records)
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
