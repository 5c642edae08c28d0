#!/usr/bin/env python3
"""ct_host.py --checker valgrind|msan - the host constant-time checks.

Builds tests/ct/ct_poison.c with the checker's hooks, once with the assembly
leaves and once with CTC_NO_ASM=1 (on x86-64 with BMI2 and ADX, under
valgrind, also with -mbmi2 -madx: valgrind's CPUID hides ADX, so the
run-time choice would never reach the mp layer's MULX row there), runs
every case in its own process under the checker, and requires:
  - every negative control (kind "leaky") to be reported;
  - no other case to be reported.
One line per case and build; the last line is "N passed, N failed".
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(checker, extra):
    cc = "clang" if checker == "msan" else "gcc"
    args = ["make", "--no-print-directory", "-s", "-j2", "TARGET=host",
            "CC=" + cc, "CT_CHECK=" + checker] + extra + ["ct-prog", "info"]
    p = subprocess.run(args, cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        return None, out
    for line in out.splitlines():
        if line.startswith("TARGET=") and "BUILD=" in line:
            return os.path.join(ROOT, line.split("BUILD=")[1].strip(),
                                "tests", "ct_poison"), out
    return None, out


def run_case(checker, prog, case):
    """Return (reported, detail)."""
    if checker == "valgrind":
        cmd = ["valgrind", "-q", "--error-exitcode=99", "--track-origins=no",
               prog, case]
        env = None
    else:
        cmd = [prog, case]
        env = dict(os.environ, MSAN_OPTIONS="exitcode=99")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=600)
    err = p.stderr.decode("utf-8", "replace")
    ran = ("ran " + case) in p.stdout.decode("utf-8", "replace")
    if checker == "valgrind":
        reported = p.returncode == 99 and (
            "uninitialised" in err or "depends on" in err)
    else:
        reported = p.returncode == 99 and "MemorySanitizer" in err
    if not reported and (p.returncode != 0 or not ran):
        return None, "exit status %d without a report:\n%s" % (p.returncode, err)
    first = ""
    for line in err.splitlines():
        if "uninitialised" in line or "MemorySanitizer:" in line:
            first = line.split("==", 2)[-1].strip()
            break
    return reported, first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", choices=["valgrind", "msan"], required=True)
    a = ap.parse_args()
    total = suite.Result()
    builds = [("asm", []), ("noasm", ["NO_ASM=1"])]
    if a.checker == "valgrind" and {"bmi2", "adx"} <= suite.cpu_flags():
        # valgrind's CPUID hides ADX, so the x86-64 mp layer picks its MUL
        # row at run time under valgrind; this build has the MULX/ADX row
        # from the compiler's flags, which valgrind executes and checks
        builds.append(("asm-mulx-row", ["CFLAGS=-mbmi2 -madx",
                                        "BUILD=build/host-gcc-ct-valgrind-mulx"]))
    for name, extra in builds:
        label = "ct-%s/%s" % (a.checker, name)
        prog, log = build(a.checker, extra)
        if prog is None:
            suite.emit("FAIL %s: build failed\n%s" % (label, log))
            total.failed += 1
            continue
        # asked under the checker: what the CPU reports can differ there
        info = subprocess.run((["valgrind", "-q"] if a.checker == "valgrind" else [])
                              + [prog, "--info"], stdout=subprocess.PIPE)
        suite.emit("# %s: %s" % (label, " / ".join(info.stdout.decode().split("\n")).strip(" /")))
        listing = subprocess.run([prog, "--list"], stdout=subprocess.PIPE,
                                 check=True).stdout.decode().split("\n")
        cases = [l.split() for l in listing if l.strip()]
        if not any(kind == "leaky" for _, kind in cases):
            suite.emit("FAIL %s: no negative control in the program" % label)
            total.failed += 1
        for case, kind in cases:
            if kind == "leaky-trace":
                # e.g. a secret division: valgrind and MemorySanitizer do
                # not look at instruction timing; the trace checker does
                continue
            want = kind == "leaky"
            reported, detail = run_case(a.checker, prog, case)
            if reported is None:
                ok, verdict = False, "crashed: " + detail
            elif want:
                ok = reported
                verdict = ("negative control caught: " + detail) if ok else \
                    "negative control NOT caught"
            else:
                ok = not reported
                verdict = "no report" if ok else ("LEAK reported: " + detail)
            suite.emit("%s %s %s (%s)" % ("PASS" if ok else "FAIL", label, case, verdict))
            if ok:
                total.passed += 1
            else:
                total.failed += 1
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
