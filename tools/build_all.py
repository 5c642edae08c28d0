#!/usr/bin/env python3
"""build_all.py - cross-build the library for every target and profile with
-Werror, and check that each archive needs nothing from outside itself (no
libc, no compiler helper such as a division routine): every undefined symbol
of every object must be defined by another object of the same archive.
One line per build; the last line is "N passed, N failed"."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["host", "aarch64-linux", "armv7a-linux", "rv64-linux", "cortex-m0",
           "cortex-m3", "cortex-m4", "cortex-m7", "rv32imc", "xtensa-lx106"]
CROSS = {"host": "", "aarch64-linux": "aarch64-linux-gnu-",
         "armv7a-linux": "arm-linux-gnueabihf-", "rv64-linux": "riscv64-linux-gnu-",
         "cortex-m0": "arm-none-eabi-", "cortex-m3": "arm-none-eabi-",
         "cortex-m4": "arm-none-eabi-", "cortex-m7": "arm-none-eabi-",
         "rv32imc": "riscv64-unknown-elf-", "xtensa-lx106": "xtensa-lx106-elf-"}


def make(args):
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2"] + args,
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def build_dir(args):
    rc, out = make(args + ["info"])
    for line in out.splitlines():
        if "BUILD=" in line:
            return os.path.join(ROOT, line.split("BUILD=")[1].strip())
    raise RuntimeError(out)


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
    builds = []
    for t in TARGETS:
        for prof in ("fast", "small"):
            builds.append(["TARGET=" + t, "PROFILE=" + prof])
        if t in ("host", "cortex-m0", "cortex-m3", "cortex-m4", "cortex-m7", "rv32imc"):
            for prof in ("fast", "small"):
                builds.append(["TARGET=" + t, "CC=clang", "PROFILE=" + prof])
        if t == "armv7a-linux":
            builds.append(["TARGET=armv7a-linux", "ARM_ISA=thumb"])
    for args in builds:
        label = " ".join(args)
        # a build directory of its own: other suites build the default ones
        args = args + ["BUILD=build/all/" + "-".join(x.split("=")[1] for x in args)]
        rc, out = make(args + ["lib"])
        if rc != 0:
            suite.emit("FAIL build %s\n%s" % (label, out))
            total.failed += 1
            continue
        t = args[0].split("=")[1]
        lib = os.path.join(build_dir(args), "libctcrypto.a")
        ext = external_symbols(CROSS[t] + "nm", lib)
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
