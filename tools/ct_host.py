#!/usr/bin/env python3
"""ct_host.py --checker valgrind|msan - the host constant-time checks.

Builds tests/ct/ct_poison.c with the checker's hooks in every shipped host
configuration: both profiles (PROFILE=fast -O2, PROFILE=small -Os), both
limb sizes (64, and LIMB=32), with the assembly leaves and with the C twins
(NO_ASM=1; RSA exponent blinding is on in the 32-bit-limb builds,
CTC_RSA_EXP_BLIND's default there, and off in the others); under valgrind on x86-64 with BMI2 and ADX also with -mbmi2
-madx (valgrind's CPUID hides ADX, so the run-time choice would never reach
the mp layer's MULX row there). Under the checker
  - every negative control of a kind the checker claims
    (tools/ct_claims.py) must be reported: each runs in its own process;
  - no "real" case may be reported: they run one after the other in one
    process (a checker's start-up and its translation of the library are
    paid once, not once per case); where that process reports anything,
    exits badly or does not run them all, each of them runs again in its
    own process, and those runs give the verdicts. The cases are the same
    code on the same secrets either way, and a report in the shared
    process (the first one: valgrind folds repeats of an error,
    MemorySanitizer stops at it) already sends every case to its own run.
Options: --builds WORD[,WORD]  only the builds whose label has one of them
         --results DIR         one JSON-lines file per build (ct_matrix.py)
One line per case and build; the last line is "N passed, N failed".
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ct_claims  # noqa: E402
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def builds_for(checker):
    """[(label, make arguments)] of the configurations to check."""
    out = []
    for prof, opt in (("fast", "O2"), ("small", "Os")):
        for limb in ("64", "32"):
            for asm in ("asm", "noasm"):
                extra = ["PROFILE=" + prof]
                if limb == "32":
                    extra.append("LIMB=32")
                if asm == "noasm":
                    extra.append("NO_ASM=1")
                out.append(("%s/-%s/limb%s" % (asm, opt, limb), extra))
    if checker == "valgrind" and {"bmi2", "adx"} <= suite.cpu_flags():
        # valgrind's CPUID hides ADX, so the x86-64 mp layer picks its MUL
        # row at run time under valgrind; this build has the MULX/ADX row
        # from the compiler's flags, which valgrind executes and checks
        out.append(("asm-mulx-row/-O2/limb64", ["CFLAGS=-mbmi2 -madx",
                                                 "BUILD=build/host-gcc-ct-valgrind-mulx"]))
    return out


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


def checker_cmd(checker, prog, cases):
    if checker == "valgrind":
        return ["valgrind", "-q", "--error-exitcode=99", "--track-origins=no",
                prog] + list(cases), None
    return [prog] + list(cases), dict(os.environ, MSAN_OPTIONS="exitcode=99")


def is_report(checker, rc, err):
    if checker == "valgrind":
        return rc == 99 and ("uninitialised" in err or "depends on" in err)
    return rc == 99 and "MemorySanitizer" in err


def run_case(checker, prog, case):
    """Return (reported, detail)."""
    cmd, env = checker_cmd(checker, prog, [case])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=600)
    err = p.stderr.decode("utf-8", "replace")
    ran = ("ran " + case) in p.stdout.decode("utf-8", "replace").splitlines()
    reported = is_report(checker, p.returncode, err)
    if not reported and (p.returncode != 0 or not ran):
        return None, "exit status %d without a report:\n%s" % (p.returncode, err)
    first = ""
    for line in err.splitlines():
        if "uninitialised" in line or "MemorySanitizer:" in line:
            first = line.split("==", 2)[-1].strip()
            break
    return reported, first


def run_together(checker, prog, cases):
    """Run the cases in one process. -> True when it exited 0, reported
    nothing and ran every one of them (every verdict: no report), else a
    line saying why not (each case then runs alone)."""
    cmd, env = checker_cmd(checker, prog, cases)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=3600)
    err = p.stderr.decode("utf-8", "replace")
    ran = set(l[4:] for l in p.stdout.decode("utf-8", "replace").splitlines()
              if l.startswith("ran "))
    missing = [c for c in cases if c not in ran]
    if p.returncode == 0 and not missing and not is_report(checker, p.returncode, err):
        return True
    at = ""
    for line in err.splitlines():
        if line.startswith("case "):
            at = line[5:]
        elif "uninitialised" in line or "MemorySanitizer:" in line:
            break
    return ("exit status %d, %d of %d cases ran, last case started: %s"
            % (p.returncode, len(cases) - len(missing), len(cases), at or "none"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", choices=["valgrind", "msan"], required=True)
    ap.add_argument("--builds", default="")
    ap.add_argument("--results", default=os.path.join(ROOT, "build", "ct-results"))
    a = ap.parse_args()
    total = suite.Result()
    builds = builds_for(a.checker)
    if a.builds:
        builds = [b for b in builds if any(w in b[0] for w in a.builds.split(","))]
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
        if not any(ct_claims.expectation(a.checker, kind) for _, kind in cases):
            suite.emit("FAIL %s: no negative control in the program" % label)
            total.failed += 1
        records = []
        # the cases that must not be reported, in one process
        quiet = [case for case, kind in cases if ct_claims.expectation(a.checker, kind) is False]
        together = run_together(a.checker, prog, quiet) if quiet else False
        if together is not True and quiet:
            suite.emit("# %s: the %d cases run together were not all clean (%s): "
                       "each runs alone" % (label, len(quiet), together))
        # the shared run's own negative control: a negative control placed
        # among real cases must make the shared run fail
        leaky = [case for case, kind in cases if ct_claims.expectation(a.checker, kind)]
        if quiet and leaky:
            mixed = quiet[:2] + leaky[:1] + quiet[2:4]
            caught = run_together(a.checker, prog, mixed)
            ok = caught is not True
            suite.emit("%s %s shared-run control (%s run among %s: %s)" % (
                "PASS" if ok else "FAIL", label, leaky[0], ", ".join(quiet[:4]),
                ("caught: " + caught) if ok else "NOT caught"))
            if ok:
                total.passed += 1
            else:
                total.failed += 1
        for case, kind in cases:
            want = ct_claims.expectation(a.checker, kind)
            if want is None:
                # a kind this checker does not claim (tools/ct_claims.py):
                # e.g. a secret division under valgrind; not run, not counted
                continue
            if want is False and together is True:
                reported, detail = False, ""
            else:
                reported, detail = run_case(a.checker, prog, case)
            if reported is None:
                ok, verdict = False, "crashed: " + detail
            elif want:
                ok = reported
                verdict = ("negative control caught: " + detail) if ok else \
                    "negative control NOT caught"
            else:
                ok = not reported
                verdict = ("no report" + (" (run with the other %d)" % (len(quiet) - 1)
                                          if together is True else "")) if ok else \
                    ("LEAK reported: " + detail)
            suite.emit("%s %s %s (%s)" % ("PASS" if ok else "FAIL", label, case, verdict))
            if ok:
                total.passed += 1
            else:
                total.failed += 1
            build_name, opt, limb = name.split("/")
            records.append({"checker": a.checker, "config": "host " + name, "case": case,
                            "target": "host", "opt": opt, "cc": "clang" if a.checker == "msan" else "gcc",
                            "build": build_name.replace("noasm", "C twins") + (
                                " LIMB=32" if limb == "limb32" else ""),
                            "kind": kind, "ok": ok, "leak": bool(reported),
                            "expect_leak": want, "detail": detail if reported else ""})
        if a.results:
            suite.write_results(os.path.join(a.results, "%s-%s.jsonl" % (
                a.checker, name.replace("/", "_").replace("-", ""))), records)
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
