"""targets.py - the target list of the tools, read from targets/*/target.mk.

Every directory targets/<name>/ with a target.mk is a target. From its
top-level assignments (those outside ifeq/ifneq blocks) come:
  TARGET_KIND       host | linux-user | baremetal
  TARGET_CC         the default (gcc) compiler
  TARGET_CROSS      binutils prefix (objdump, nm)
  TARGET_VT         the core's variable-time instructions
  TARGET_VARIANTS   optional: "label:VAR=value ..." builds of one target
                    that differ in code generation (armv7a-linux: A32 and
                    Thumb-2); a target without it is one build
A target.mk that selects flags for clang (`findstring clang,$(CC)`) is
built with clang too, and so is the host; LLVM 14 has no Xtensa back end,
and the Linux cross targets have no clang section.

Build = one (target, variant, compiler) combination:
  label     e.g. "host-clang", "armv7a-linux-thumb", "cortex-m0-clang"
  margs     make arguments selecting it (TARGET=, CC=, variant variables)
  arch      x86 | aarch64 | arm | riscv | xtensa (check_codegen.classify)
  objdump   the binutils objdump that reads its objects
"""
import fcntl
import os
import platform
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS_DIR = os.path.join(ROOT, "targets")
PROFILES = ("small", "fast")   # -Os, -O2
PROFILE_OPT = {"small": "-Os", "fast": "-O2"}

_ASSIGN = re.compile(r"^([A-Z_][A-Z0-9_]*)\s*(:=|\?=|=)\s*(.*?)\s*$")


class Build:
    def __init__(self, target, label, margs, arch, cross, kind, compiler, vt):
        self.target, self.label, self.margs = target, label, margs
        self.arch, self.cross, self.kind, self.compiler = arch, cross, kind, compiler
        self.vt = vt  # the core's variable-time instructions (TARGET_VT)
        self._dirs = {}

    @property
    def objdump(self):
        return self.cross + "objdump"

    @property
    def nm(self):
        return self.cross + "nm"

    def build_dir(self, profile):
        """The Makefile's own build directory for this build and profile,
        the one `make TARGET=... PROFILE=... check` uses (asked of `make
        info` once): tools/build_all.py and tools/check_codegen_lib.py
        build the library there, and make test's unit suites of the same
        configuration find it built (or build it for them)."""
        if profile not in self._dirs:
            p = subprocess.run(["make", "--no-print-directory", "-s"] + self.margs +
                               ["PROFILE=" + profile, "info"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.decode("utf-8", "replace")
            m = re.search(r" BUILD=(\S+)", out)
            if p.returncode != 0 or not m:
                raise RuntimeError("make info for %s %s: %s" % (self.label, profile, out[-500:]))
            self._dirs[profile] = m.group(1)
        return self._dirs[profile]

    def make(self, profile, goals, extra=()):
        """Run make for this build and profile in build_dir(profile),
        holding that directory's lock (make_lib_locked below takes the same
        one). -> (return code, output)"""
        bdir = self.build_dir(profile)
        with dir_lock(bdir):
            p = subprocess.run(["make", "--no-print-directory", "-s", "-j2"] + self.margs +
                               ["PROFILE=" + profile, "BUILD=" + bdir] + list(extra) + list(goals),
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return p.returncode, p.stdout.decode("utf-8", "replace")

    def __repr__(self):
        return "Build(%s)" % self.label


class dir_lock:
    """An exclusive lock on one build directory (a file beside it): two
    programs that may build the library in the same directory at once
    (make test's suites) build it one after the other."""

    def __init__(self, bdir):
        self.path = os.path.join(ROOT, bdir.rstrip("/") + ".lock")

    def __enter__(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        self.f.close()


def make_lib_locked(cmd):
    """For a `make VAR=... GOAL` command line (optionally behind `env
    X=...`): build that configuration's library first, holding the lock of
    its build directory, so that the command itself then only reads it.
    -> None, or the output of a failed library build"""
    if "make" not in cmd:
        return None
    i = cmd.index("make")
    args = [a for a in cmd[i + 1:] if a.startswith("-") or "=" in a]
    env = dict(os.environ, **dict(a.split("=", 1) for a in cmd[1:i])) if cmd[:1] == ["env"] else None
    p = subprocess.run(["make", "--no-print-directory", "-s"] + [a for a in args if "=" in a] +
                       ["info"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    m = re.search(r" BUILD=(\S+)", p.stdout.decode("utf-8", "replace"))
    if p.returncode != 0 or not m:
        return None     # not a library build (the command reports for itself)
    with dir_lock(m.group(1)):
        p = subprocess.run(["make"] + args + ["lib"], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return None if p.returncode == 0 else p.stdout.decode("utf-8", "replace")


def read_target_mk(path):
    """Top-level variable assignments of one target.mk."""
    out, depth = {}, 0
    with open(path) as f:
        for line in f:
            s = line.split("#", 1)[0].strip()
            if re.match(r"^(ifeq|ifneq|ifdef|ifndef)\b", s):
                depth += 1
            elif s == "endif":
                depth -= 1
            elif depth == 0:
                m = _ASSIGN.match(s)
                if m:
                    out[m.group(1)] = m.group(3)
    return out, open(path).read()


def _arch(cross):
    """The architecture family from the binutils prefix (the host: this
    machine)."""
    p = cross or platform.machine()
    for key, arch in (("x86_64", "x86"), ("aarch64", "aarch64"), ("arm", "arm"),
                      ("riscv", "riscv"), ("xtensa", "xtensa")):
        if p.startswith(key):
            return arch
    raise ValueError("unknown architecture for %r" % p)


def target_names():
    """The targets, the host first."""
    return sorted((d for d in os.listdir(TARGETS_DIR)
                   if os.path.isfile(os.path.join(TARGETS_DIR, d, "target.mk"))),
                  key=lambda d: (d != "host", d))


def builds(compilers=("gcc", "clang")):
    """Every build of every target, in the order of target_names()."""
    out = []
    for t in target_names():
        v, text = read_target_mk(os.path.join(TARGETS_DIR, t, "target.mk"))
        kind, cc, cross = v.get("TARGET_KIND", ""), v.get("TARGET_CC", ""), v.get("TARGET_CROSS", "")
        variants = [(None, [])]
        if v.get("TARGET_VARIANTS"):
            variants = []
            for item in v["TARGET_VARIANTS"].split():
                name, assign = item.split(":", 1)
                variants.append((name, assign.split(",")))
        has_clang = kind == "host" or "findstring clang" in text
        for comp in compilers:
            if comp == "clang" and not has_clang:
                continue
            for name, assigns in variants:
                label = t + ("-" + name if name else "")
                margs = ["TARGET=" + t] + assigns
                if kind == "host":
                    label += "-" + comp
                    margs.append("CC=" + comp)
                elif comp == "clang":
                    label += "-clang"
                    margs.append("CC=clang")
                vt = set(x for x in v.get("TARGET_VT", "").split(":") if x)
                out.append(Build(t, label, margs, _arch(cross), cross, kind, comp, vt))
    return out


def codegen_builds():
    """What the disassembly checks read: gcc for every target and variant,
    clang on the host. (clang on the bare-metal cores is left to the trace
    checker: it clamps a do-while loop's trip count to max(n, 1) with a
    forward branch on the public n, which the hot-loop check cannot tell
    from a secret branch.)"""
    return [b for b in builds() if b.compiler == "gcc" or b.kind == "host"]


def kind(t):
    """TARGET_KIND of target t: host | linux-user | baremetal"""
    return read_target_mk(os.path.join(TARGETS_DIR, t, "target.mk"))[0].get("TARGET_KIND", "")


def baremetal():
    return [t for t in target_names() if kind(t) == "baremetal"]


def linux_user():
    """The Linux targets run under qemu-user (aarch64-linux, ...)."""
    return [t for t in target_names() if kind(t) == "linux-user"]


def trace_targets():
    """The targets that `make ct-trace` runs on (the Makefile's rule for
    each kind): the bare-metal cores under qemu-system, the Linux targets
    under qemu-user."""
    return [t for t in target_names() if kind(t) in ("baremetal", "linux-user")]


if __name__ == "__main__":
    for b in builds():
        print("%-22s %-8s %-8s %s" % (b.label, b.arch, b.compiler, " ".join(b.margs)))
