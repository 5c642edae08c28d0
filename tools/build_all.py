#!/usr/bin/env python3
"""build_all.py - cross-build the library for every target and profile with
-Werror, and check that each archive needs nothing from outside itself (no
libc, no compiler helper such as a division routine): every undefined symbol
of every object must be defined by another object of the same archive.
The builds are those of tools/targets.py (every target of targets/*/target.mk
and its variants, with gcc and, where the target supports it, clang), each
in the Makefile's own build directory of that configuration (shared with
make test's unit suites, under a lock: targets.Build.make), which
tools/check_codegen_lib.py then disassembles.
One line per build; the last line is "N passed, N failed"."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402
import targets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def external_symbols(nm, lib):
    out = subprocess.run([nm, "-A", lib], stdout=subprocess.PIPE,
                         check=True).stdout.decode()
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1]
        if kind == "U":
            undefined.add(name)
        elif kind not in ("w", "v"):
            defined.add(name)
    return sorted(undefined - defined)


def main():
    total = suite.Result()
    for b in targets.builds():
        for prof in targets.PROFILES:
            label = " ".join(b.margs + ["PROFILE=" + prof])
            rc, out = b.make(prof, ["lib"])
            if rc != 0:
                suite.emit("FAIL build %s\n%s" % (label, out))
                total.failed += 1
                continue
            lib = os.path.join(ROOT, b.build_dir(prof), "libctcrypto.a")
            ext = external_symbols(b.nm, lib)
            if ext:
                suite.emit("FAIL build %s: needs symbols from outside the library: %s"
                           % (label, " ".join(ext)))
                total.failed += 1
            else:
                suite.emit("PASS build %s (-Werror; self-contained)" % label)
                total.passed += 1
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
