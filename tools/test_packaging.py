#!/usr/bin/env python3
"""test_packaging.py - the library as another project uses it.

tests/packaging/consumer.c is built outside the tree, six ways:
  host        make install + pkg-config; CMake add_subdirectory; CMake
              install + find_package(ctcrypto)
  Cortex-M4   the same three with arm-none-eabi-gcc (make TARGET=cortex-m4
              install; CMake with cmake/toolchain-cortex-m4.cmake), linked
              with the emulated board's start-up and semihosting, run under
              QEMU
each at the profile it names (host fast, Cortex-M4 small). Every program
must print SHA-256("abc") as Python's hashlib computes it, the P-256 public
key and the deterministic ECDSA signature of RFC 6979 A.2.5 (SHA-256,
"sample"), a verified signature and a rejected changed one, and a build
line with the profile it was configured with.
Builds go to a temporary directory; nothing is written in the tree.
The last line is "N passed, N failed".
"""
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONSUMER = os.path.join(ROOT, "tests", "packaging")
TOOLCHAIN_M4 = os.path.join(ROOT, "cmake", "toolchain-cortex-m4.cmake")

# RFC 6979 A.2.5: the P-256 key and the SHA-256 signature of "sample"
RFC_PUB = ("04"
           "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
           "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299")
RFC_SIG = ("efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
           "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")


def sh(cmd, cwd=ROOT, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


class Failed(Exception):
    pass


def must(cmd, what, **kw):
    rc, out = sh(cmd, **kw)
    if rc != 0:
        raise Failed("%s failed (%s):\n%s" % (what, " ".join(cmd), out[-3000:]))
    return out


def img_info():
    """The emulated Cortex-M4 board's compiler flags and QEMU command
    (make info-img: targets/cortex-m4/target.mk)."""
    out = must(["make", "--no-print-directory", "-s", "TARGET=cortex-m4", "PROFILE=small",
                "info-img"], "make info-img")
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def cmake_build(tmp, name, src, args):
    bdir = os.path.join(tmp, name)
    must(["cmake", "-S", src, "-B", bdir] + args, "cmake configure " + name)
    must(["cmake", "--build", bdir, "-j2"], "cmake build " + name)
    return bdir


def check_output(out, profile):
    """-> the problems of one consumer's output"""
    got = {}
    for line in out.splitlines():
        k, _, v = line.partition(" ")
        got[k] = v.strip()
    want = {"sha256": hashlib.sha256(b"abc").hexdigest(), "pub": RFC_PUB, "sig": RFC_SIG,
            "verify": "ok", "tampered": "rejected"}
    bad = ["%s: %r, want %r" % (k, got.get(k), v) for k, v in want.items() if got.get(k) != v]
    if "profile=" + profile not in got.get("info", ""):
        bad.append("info: %r does not say profile=%s" % (got.get("info"), profile))
    return bad


def main():
    total = suite.Result()

    def record(ok, text, detail=""):
        suite.emit(("PASS " if ok else "FAIL ") + text)
        if not ok and detail:
            for line in detail.splitlines()[-25:]:
                suite.emit("      " + line)
        if ok:
            total.passed += 1
        else:
            total.failed += 1

    missing = [t for t in ("cmake", "pkg-config", "arm-none-eabi-gcc", "qemu-system-arm")
               if not shutil.which(t)]
    if missing:
        record(False, "packaging: missing tools %s (tools/deps.sh installs them)" % " ".join(missing))
        suite.emit(total.line())
        return 1
    img = img_info()
    qemu = shlex.split(img["QEMU"])
    emu = ["targets/cortex-m/startup.c", "targets/cortex-m/semihost.c"]
    emu_flags = ["-ffreestanding", "-Os", "-DCONSUMER_BAREMETAL=1", "-Itargets/common"]
    m4_flags = ["-mthumb", "-mcpu=cortex-m4", "-mfloat-abi=soft"]
    m4_link = ["-nostdlib", "-T", "targets/cortex-m/cortexm.ld", "-Wl,--gc-sections",
               "-Wl,--no-warn-rwx-segments", "-lgcc"]

    def run_host(exe):
        return must([exe], "run " + exe)

    def run_m4(elf):
        return must(qemu + [elf], "run under QEMU " + elf)

    with tempfile.TemporaryDirectory() as tmp:
        def pkgconfig(prefix):
            env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib", "pkgconfig"),
                       PKG_CONFIG_LIBDIR=os.path.join(prefix, "lib", "pkgconfig"))
            out = must(["pkg-config", "--cflags", "--libs", "ctcrypto"], "pkg-config", env=env)
            return shlex.split(out)

        def make_install(name, margs):
            prefix = os.path.join(tmp, name + "-prefix")
            must(["make", "--no-print-directory", "-s", "-j2"] + margs +
                 ["BUILD=" + os.path.join(tmp, name + "-build"), "PREFIX=" + prefix, "install"],
                 "make install " + name)
            return prefix

        def way_make_host():
            flags = pkgconfig(make_install("make-host", ["TARGET=host", "PROFILE=fast"]))
            exe = os.path.join(tmp, "consumer-make-host")
            must(["cc", "-std=c99", "-O2", "tests/packaging/consumer.c"] + flags + ["-o", exe],
                 "cc with pkg-config flags")
            return run_host(exe), "fast"

        def way_make_m4():
            flags = pkgconfig(make_install("make-m4", ["TARGET=cortex-m4", "PROFILE=small"]))
            elf = os.path.join(tmp, "consumer-make-m4.elf")
            must(["arm-none-eabi-gcc"] + m4_flags + emu_flags + ["tests/packaging/consumer.c"] +
                 emu + flags + m4_link + ["-o", elf], "arm-none-eabi-gcc with pkg-config flags")
            return run_m4(elf), "small"

        def way_sub_host():
            b = cmake_build(tmp, "sub-host", CONSUMER, ["-DCTC_SOURCE=" + ROOT])
            return run_host(os.path.join(b, "consumer")), "fast"

        def way_sub_m4():
            b = cmake_build(tmp, "sub-m4", CONSUMER, ["-DCTC_SOURCE=" + ROOT,
                                                      "-DCMAKE_TOOLCHAIN_FILE=" + TOOLCHAIN_M4,
                                                      "-DCTC_PROFILE=small", "-DCONSUMER_EMU=" + ROOT])
            return run_m4(os.path.join(b, "consumer")), "small"

        def cmake_install(name, args):
            b = cmake_build(tmp, name + "-lib", ROOT, args)
            prefix = os.path.join(tmp, name + "-prefix")
            must(["cmake", "--install", b, "--prefix", prefix], "cmake --install " + name)
            return prefix

        def way_find_host():
            prefix = cmake_install("find-host", [])
            b = cmake_build(tmp, "find-host", CONSUMER, ["-DCMAKE_PREFIX_PATH=" + prefix])
            return run_host(os.path.join(b, "consumer")), "fast"

        def way_find_m4():
            prefix = cmake_install("find-m4", ["-DCMAKE_TOOLCHAIN_FILE=" + TOOLCHAIN_M4,
                                               "-DCTC_PROFILE=small"])
            b = cmake_build(tmp, "find-m4", CONSUMER, ["-DCMAKE_PREFIX_PATH=" + prefix,
                                                       "-DCMAKE_TOOLCHAIN_FILE=" + TOOLCHAIN_M4,
                                                       "-DCONSUMER_EMU=" + ROOT])
            return run_m4(os.path.join(b, "consumer")), "small"

        ways = [("host, make install + pkg-config", way_make_host),
                ("host, CMake add_subdirectory", way_sub_host),
                ("host, CMake install + find_package", way_find_host),
                ("Cortex-M4, make install + pkg-config (QEMU)", way_make_m4),
                ("Cortex-M4, CMake add_subdirectory (QEMU)", way_sub_m4),
                ("Cortex-M4, CMake install + find_package (QEMU)", way_find_m4)]
        for name, fn in ways:
            try:
                out, profile = fn()
            except Failed as e:
                record(False, "packaging %s" % name, str(e))
                continue
            bad = check_output(out, profile)
            record(not bad, "packaging %s: %s" % (
                name, "SHA-256, RFC 6979 key and signature, verify/reject as expected (%s)"
                % profile if not bad else "wrong output"), "\n".join(bad + ["output:", out]))
    suite.emit(total.line())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
