#!/usr/bin/env python3
"""testall.py - the whole test suite (what `make test` and .ci/run run).

Runs every suite below, the longest first; each prints one line per test group and
its own "N passed, N failed". The last line printed here is the total.
  --list            list the suites
  --only WORD[,..]  run the suites whose name contains one of the words
  --jobs N          run N suites at once (default 2); a suite's output is
                    printed when it ends, whole
  --target T        only target T's suites (make TARGET=T test), with
  --make-args '...' extra make arguments for them (PROFILE=, OPT=, CC=)
"""
import argparse
import io
import json
import os
import queue
import shlex
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402
import targets  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable or "python3"


def mk(*args):
    return ["make", "--no-print-directory", "-s", "-j2"] + list(args)


# the target lists come from targets/*/target.mk (tools/targets.py)
BAREMETAL = targets.baremetal()
TRACE_TARGETS = targets.trace_targets()
# the qemu-user builds (gcc; armv7a-linux: A32 and Thumb-2), by label
QEMU_USER = [b for b in targets.builds(("gcc",)) if b.kind == "linux-user"]


def target_suites(target, make_args):
    """The suites of one target (make TARGET=... test)."""
    extra = shlex.split(make_args)
    cmds = [mk("TARGET=" + target, *extra, "check")]
    if target in TRACE_TARGETS:
        cmds.append(mk("TARGET=" + target, *extra, "ct-trace"))
    return [(("unit + ct-trace " if target in TRACE_TARGETS else "unit ") + target, cmds)]


def qemu_user_unit(label, margs):
    """A qemu-user build's unit tests, then the trace checker on the same
    build directory (one suite: no two suites make the same files)."""
    return ("unit + ct-trace " + label, [mk(*margs, "check"), mk(*margs, "ct-trace")])


# the qemu-user builds whose C twins (NO_ASM=1, -O2) the unit tests run
QEMU_USER_UNIT_TWINS = ("aarch64-linux", "armv7a-linux-a32")


def qemu_user_trace_only():
    """The trace checker on the qemu-user builds the unit suites do not
    build: -Os with the assembly leaves, the C twins at -Os (and at -O2
    where no unit suite runs them), FORCE_INLINE=0 at -Os; the same
    configurations as on the bare-metal cores (gcc only: the Linux cross
    targets have no clang section)."""
    out = []
    for b in QEMU_USER:
        for name, margs, profs in (("", [], ("small",)),
                                   (" C twins", ["NO_ASM=1"], ("small", "fast")),
                                   (" FORCE_INLINE=0", ["FORCE_INLINE=0"], ("small",))):
            for prof in profs:
                if name == " C twins" and prof == "fast" and b.label in QEMU_USER_UNIT_TWINS:
                    continue
                out.append(("ct-trace " + b.label + name + (" -Os" if prof == "small" else " -O2"),
                            mk(*b.margs, "PROFILE=" + prof, *margs, "ct-trace")))
    return out


# the AES tests, for the builds that change only the AES core
AES_UNIT = "test_aes test_aes_modes"
AES_HOST = "test_aes_openssl test_aes_modes_openssl"
# RSA exponent blinding with 64-bit limbs (CTC_RSA_EXP_BLIND=1, the
# default with 32-bit ones only): the RSA unit and OpenSSL tests
RSA_UNIT = "test_rsa test_rsa_enc test_rsa_keys test_rsa_wycheproof_2048 test_rsa_enc_wycheproof"
RSA_HOST = "test_rsa_openssl test_rsa_enc_openssl test_rsa_keys_openssl"
AES_TABLES = ("flash", "unrolled", "ram", "sbox")

# (name, command)
SUITES = [
    # the main configuration runs the OpenSSL differential tests at their
    # full counts (tests/host/diff_scale.h), the other ones on a tenth
    ("unit host gcc", ["env", "CTC_DIFF_FULL=1"] + mk("TARGET=host", "CC=gcc", "check")),
    ("unit host gcc -Os", mk("TARGET=host", "CC=gcc", "PROFILE=small", "check")),
    ("unit host gcc C twins", mk("TARGET=host", "CC=gcc", "NO_ASM=1", "check")),
    ("unit host gcc 32-bit limbs", mk("TARGET=host", "CC=gcc", "LIMB=32", "check")),
    # the Cortex-M0/M3 and Xtensa C paths (16-bit-half products, carries
    # from bit formulas) at host speed, OpenSSL comparison included
    ("unit host gcc 32-bit limbs, 16x16 products, bit-formula carries",
     mk("TARGET=host", "CC=gcc", "LIMB=32", "NO_ASM=1", "BUILD=build/host-gcc-limb32-halves",
        "CFLAGS=-DCTC_MP_MUL_HALVES=1 -DCTC_MP_CARRY_ARITH=1", "check")),
    ("unit host gcc volatile barrier", mk("TARGET=host", "CC=gcc", "BARRIER=volatile", "check")),
] + [
    # the table-based AES cores (CTC_AES_TABLE, not constant time): the AES
    # unit and OpenSSL differential tests alone, each variant on the host,
    # the T-tables in flash on Cortex-M4 too (the five from clean build
    # directories, one at a time: 178 s, 117 s of CPU, about 35 s each)
    ("unit host gcc AES table " + v, mk("TARGET=host", "CC=gcc", "AES_TABLE=" + v,
                                        "UNIT_TESTS=" + AES_UNIT, "HOST_TESTS=" + AES_HOST, "check"))
    for v in AES_TABLES
] + [
    ("unit cortex-m4 -O2 AES table flash", mk("TARGET=cortex-m4", "PROFILE=fast", "AES_TABLE=flash",
                                             "UNIT_TESTS=" + AES_UNIT, "check")),
] + [
    ("unit host clang", mk("TARGET=host", "CC=clang", "check")),
    ("unit host clang C twins", mk("TARGET=host", "CC=clang", "NO_ASM=1", "check")),
    # every host unit and differential test under AddressSanitizer and
    # UndefinedBehaviorSanitizer, any report fatal
    ("unit host clang ASan+UBSan", mk("TARGET=host", "CC=clang", "SANITIZE=1", "check")),
] + [
    # the qemu-user targets: unit tests and the trace checker (-O2), the
    # assembly leaves and, for AArch64 and A32, the C twins
    qemu_user_unit(b.label + " (qemu-user)", b.margs) for b in QEMU_USER
] + [
    qemu_user_unit(b.label + " C twins", b.margs + ["NO_ASM=1"])
    for b in QEMU_USER if b.label in QEMU_USER_UNIT_TWINS
] + [
    ("ct-valgrind", [PY, "tools/ct_host.py", "--checker", "valgrind"]),
    ("ct-msan", [PY, "tools/ct_host.py", "--checker", "msan"]),
    ("check-codegen", [PY, "tools/check_codegen.py"]),
    ("check-codegen lib", [PY, "tools/check_codegen_lib.py"]),
    ("check-codegen mp", [PY, "tools/check_codegen_mp.py"]),
] + [
    # every bare-metal core under QEMU: unit tests and the trace checker,
    # at -Os (PROFILE=small) and -O2 (PROFILE=fast), gcc
    # (one suite per build directory, so that no two suites build the same
    # files at once)
    ("unit + ct-trace " + t + (" -Os" if prof == "small" else " -O2"),
     [mk("TARGET=" + t, "PROFILE=" + prof, "check"),
      mk("TARGET=" + t, "PROFILE=" + prof, "ct-trace")])
    for t in BAREMETAL for prof in ("small", "fast")
] + [
    # link-time optimisation (LTO=1: library, tests and harness compiled and
    # linked with -flto), the smallest images' configuration: what the
    # linker's cross-module inlining makes of the code is judged again
    ("unit + ct-trace " + t + " -Os LTO",
     [mk("TARGET=" + t, "PROFILE=small", "LTO=1", "check"),
      mk("TARGET=" + t, "PROFILE=small", "LTO=1", "ct-trace")])
    for t in BAREMETAL
] + [
    # PROFILE=small with k G on the comb and its 1 KiB table instead of the
    # ladder (CTC_EC_SMALL_COMB=1, ctcrypto/config.h): the unit tests
    # (test_ec_mul: k G against the ladder's k P of G at the fold's edges)
    # and the trace checker on the comb's key generation and signing
    ("unit + ct-trace cortex-m4 -Os small comb",
     [mk("TARGET=cortex-m4", "PROFILE=small", "CFLAGS=-DCTC_EC_SMALL_COMB=1",
         "BUILD=build/m4-small-comb", "check"),
      mk("TARGET=cortex-m4", "PROFILE=small", "CFLAGS=-DCTC_EC_SMALL_COMB=1",
         "BUILD=build/m4-small-comb", "ct-trace")]),
] + [
    # clang where it can build for the core (LLVM 14 has no Xtensa back end)
    ("unit + ct-trace " + t + " clang" + (" -Os" if prof == "small" else " -O2"),
     [mk("TARGET=" + t, "CC=clang", "PROFILE=" + prof, "check"),
      mk("TARGET=" + t, "CC=clang", "PROFILE=" + prof, "ct-trace")])
    for t in BAREMETAL if t != "xtensa-lx106" for prof in ("small", "fast")
] + [
    # the C twins (NO_ASM=1: what a core without an assembly leaf runs) and
    # the build that lets the compiler decide on inlining (FORCE_INLINE=0),
    # judged by the trace checker on every core, both optimisation levels,
    # gcc and clang (their unit tests: the asm builds above test every
    # leaf against its C twin)
    ("ct-trace " + t + " " + name + (" clang" if cc else "") + (" -Os" if prof == "small" else " -O2"),
     mk("TARGET=" + t, "PROFILE=" + prof, *(["CC=clang"] if cc else []), *margs, "ct-trace"))
    for name, margs, profs in (("C twins", ["NO_ASM=1"], ("small", "fast")),
                               ("FORCE_INLINE=0", ["FORCE_INLINE=0"], ("small",)))
    for t in BAREMETAL for cc in ((False, True) if t != "xtensa-lx106" else (False,))
    for prof in profs
] + qemu_user_trace_only() + [
    # RSA exponent blinding with 64-bit limbs (the AVX-512 IFMA path's
    # longer exponents too): its unit and OpenSSL differential tests (with
    # 32-bit limbs it is the default, in every suite of those builds)
    ("unit host gcc RSA exponent blinding",
     mk("TARGET=host", "CC=gcc", "BUILD=build/host-gcc-rsa-exp-blind",
        "CFLAGS=-DCTC_RSA_EXP_BLIND=1", "UNIT_TESTS=" + RSA_UNIT, "HOST_TESTS=" + RSA_HOST,
        "check")),
] + [
    ("build-all", [PY, "tools/build_all.py"]),
    ("tools", [PY, "tools/test_tools.py"]),
    ("P-256-only image", [PY, "tools/check_p256_only.py"]),
    ("cycles", [PY, "tools/cycles/test_models.py"]),
    ("ctc command-line tool", [PY, "tools/test_ctc.py"]),
    # make install + pkg-config, CMake add_subdirectory and find_package,
    # host and Cortex-M4 (docs/integration.md)
    ("packaging", [PY, "tools/test_packaging.py"]),
    # ctcrypto under mbedTLS 3.6 (fetched from Debian's source package;
    # a fetch that fails prints SKIP and counts nothing): mbedTLS's own
    # test suites and handshakes with OpenSSL over 127.0.0.1 (docs/tls.md)
    ("tls: mbedTLS 3.6 with ctcrypto", [PY, "tools/tls.py"]),
]


# where the machine has BMI2 and ADX, the default x86-64 build runs the mp
# layer's MULX/ADX row (chosen at run time): also build that row in at
# compile time, and build the MUL row alone (what CPUs without them run)
if {"bmi2", "adx"} <= suite.cpu_flags():
    SUITES.insert(2, ("unit host gcc MULX/ADX at compile time", mk(
        "TARGET=host", "CC=gcc", "BUILD=build/host-gcc-mulx", "CFLAGS=-mbmi2 -madx", "check")))
    SUITES.insert(3, ("unit host gcc MUL row (CTC_MP_X86_CPUID=0)", mk(
        "TARGET=host", "CC=gcc", "BUILD=build/host-gcc-mulrow", "CFLAGS=-DCTC_MP_X86_CPUID=0",
        "check")))


# what each suite took, for the order in which they start: the last run's
# times on this machine (build/suite-times.json), else these rough figures
# (seconds on 2 cores, two suites at once) for the long ones; any other
# suite counts as short. Only the order depends on them.
TIMES_FILE = os.path.join(ROOT, "build", "suite-times.json")
LONG_SUITES = {"ct-valgrind": 300, "ct-msan": 300, "check-codegen lib": 350,
               "check-codegen mp": 380, "build-all": 240,
               "tls: mbedTLS 3.6 with ctcrypto": 300, "unit host gcc": 280}


def load_times():
    try:
        with open(TIMES_FILE) as f:
            return {k: float(v) for k, v in json.load(f).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def expected_secs(name, times):
    if name in times:
        return times[name]
    if name in LONG_SUITES:
        return LONG_SUITES[name]
    # a bare-metal core's unit tests and trace checker: a few minutes
    return 200 if name.startswith("unit + ct-trace") else 60


def save_times(times, measured):
    times = dict(times, **measured)
    try:
        os.makedirs(os.path.dirname(TIMES_FILE), exist_ok=True)
        with open(TIMES_FILE + ".tmp", "w") as f:
            json.dump(times, f, indent=0, sort_keys=True)
        os.replace(TIMES_FILE + ".tmp", TIMES_FILE)
    except OSError:
        pass


# suites that build more than the library in the same directory: never two
# of them at once (the library itself is built under the directory's lock,
# targets.make_lib_locked: build-all and check-codegen lib build it in the
# directories of the unit suites)
SHARED_DIRS = {
    "unit host gcc": "build/host-gcc-fast-O2",
    "ctc command-line tool": "build/host-gcc-fast-O2",
}


def run_scheduled(chosen, order, jobs):
    """Start the suites in `order` on `jobs` threads; a suite whose build
    directory (SHARED_DIRS) is in use by a running one waits, and the next
    one in order starts instead. -> a queue of (index, run_one's result)
    in the order the suites end."""
    pending = list(order)
    busy = set()
    lock = threading.Condition()
    finished = queue.Queue()

    def worker():
        while True:
            with lock:
                while True:
                    if not pending:
                        return
                    pick = next((i for i in pending
                                 if SHARED_DIRS.get(chosen[i][0]) not in busy), None)
                    if pick is not None:
                        break
                    lock.wait()
                pending.remove(pick)
                key = SHARED_DIRS.get(chosen[pick][0])
                if key:
                    busy.add(key)
            try:
                result = run_one(*chosen[pick])
            except Exception as e:  # a suite's crash is its failure, not the runner's
                res = suite.Result()
                res.failed += 1
                result = (res, "FAIL %s: the runner failed: %r\n" % (chosen[pick][0], e), 0.0)
            with lock:
                busy.discard(key)
                lock.notify_all()
            finished.put((pick, result))

    for _ in range(jobs):
        threading.Thread(target=worker, daemon=True).start()
    return finished


def run_one(name, cmds):
    """cmds: one command, or a list of commands run one after the other"""
    buf = io.StringIO()
    t0 = time.time()
    if cmds and isinstance(cmds[0], str):
        cmds = [cmds]
    res = suite.Result()
    for cmd in cmds:
        # the library first, under its directory's lock: build-all and
        # check-codegen lib build the same directories (targets.Build.make)
        err = targets.make_lib_locked(cmd)
        if err:
            buf.write("# the library of %s did not build:\n%s" % (" ".join(cmd), err[-3000:]))
        res.add(suite.run_program(cmd, name=name, cwd=ROOT, sink=buf))
    return res, buf.getvalue(), time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--target", default="", help="only this target's suites")
    ap.add_argument("--make-args", default="", help="extra make arguments (--target)")
    a = ap.parse_args()
    chosen = target_suites(a.target, a.make_args) if a.target else SUITES
    if a.only:
        words = a.only.split(",")
        chosen = [s for s in SUITES if any(w in s[0] for w in words)]
    if a.list:
        for name, cmds in chosen:
            if cmds and isinstance(cmds[0], str):
                cmds = [cmds]
            print("%-40s %s" % (name, " ; ".join(" ".join(c) for c in cmds)))
        return 0
    # the same build directory must not be made by two suites at once:
    # suites are independent here (each uses its own variant directory)
    full = not a.only and not a.target
    results = os.path.join(ROOT, "build", "ct-results")
    if full and os.path.isdir(results):
        # the constant-time matrix of this run only
        shutil.rmtree(results)
    total = suite.Result()
    t_start = time.time()
    # the longest suites start first (the last minutes then do not run one
    # long suite alone on one core); each suite's output is printed, whole,
    # when it ends
    times = load_times()
    order = sorted(range(len(chosen)), key=lambda i: -expected_secs(chosen[i][0], times))
    finished = run_scheduled(chosen, order, max(1, a.jobs))
    measured = {}
    for k in range(len(chosen)):
        i, (res, text, secs) = finished.get()
        name = chosen[i][0]
        measured[name] = round(secs, 1)
        suite.emit("== %s (%.1f s; %d of %d, %.0f s in): %s" % (
            name, secs, k + 1, len(chosen), time.time() - t_start, res.line()))
        sys.stdout.write(text)
        sys.stdout.flush()
        total.add(res)
    save_times(times, measured)
    if full:
        # the matrix of this run's constant-time results (make ct-matrix
        # copies it into docs/)
        p = subprocess.run([PY, os.path.join(ROOT, "tools", "ct_matrix.py"),
                            "--out", os.path.join(ROOT, "build", "constant-time-matrix.md")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        suite.emit("# constant-time matrix: build/constant-time-matrix.md%s"
                   % ("" if p.returncode == 0 else " NOT written: " + p.stdout.decode()[-500:]))
    suite.emit("# total time %.1f s" % (time.time() - t_start))
    suite.emit(total.line())
    return 1 if total.failed or not total.passed else 0


if __name__ == "__main__":
    sys.exit(main())
