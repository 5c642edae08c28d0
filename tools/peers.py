#!/usr/bin/env python3
"""peers.py - the comparison libraries on the emulated cores: fetched,
built and measured when the report is made, never committed.

  peers.py [--cores cortex-m4,...] [--profiles fast,small]
           [--libs mbedtls,p256m,bearssl,wolfssl] [--offline]

1. Fetch. Each peer comes from a Debian source package (Debian 13
   "trixie": mbedtls, which carries p256-m as 3rdparty/p256-m; bearssl;
   wolfssl). A scratch apt configuration under build/peers/apt has its own
   sources.list (one deb-src line), lists, cache and status file, so the
   machine's own apt configuration and state are never read for sources
   nor written. `apt-get source --download-only` fetches the .dsc and the
   tarballs into build/peers/src; the upstream (.orig) tarball is unpacked
   with tar (Debian's patches are not applied: the code measured is the
   upstream release). The exact Debian version is recorded.
2. Build. For each core and profile: the target's compiler and flags from
   targets/<core>/target.mk (through `make info-img`), -Os or -O2, a
   minimal configuration written here (see docs/peers.md), linked with
   bench/harness_emu.c and the emulated runtime, so that tools/emu_bench.py
   runs the images unchanged.
3. Measure. tools/emu_bench.py's run_image and the core's cycle model:
   instructions are exact, cycles are estimates of the model.
   Results: build/<core>/results/peers.json (one JSON record per line: the
   shape of bench.json plus "library", "version", "config", "profile");
   a peer that could not be fetched or built is one record with "error"
   saying why, and the run goes on.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import emu_bench  # noqa: E402
import targets  # noqa: E402

SUITE = "trixie"
DEB_SRC = ("deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
           "http://deb.debian.org/debian %s main\n")
# where each source package may come from, first choice first: mbedtls and
# wolfssl only from trixie (the 3.6 line and wolfSSL 5.7 are what is
# compared); bearssl's upstream is 0.6 in both releases, so bookworm's
# source package serves when a mirror lacks trixie's files
PACKAGE_SUITES = {"bearssl": (SUITE, "bookworm")}
PEER_DIR = os.path.join("build", "peers")

# library -> Debian source package, subdirectory of the unpacked tree
LIBS = {
    "mbedtls": ("mbedtls", ""),
    "p256m": ("mbedtls", "3rdparty/p256-m/p256-m"),
    "bearssl": ("bearssl", ""),
    "wolfssl": ("wolfssl", ""),
}


class PeerError(Exception):
    """A peer that cannot be fetched or built; the message says why
    (version: the source package's, when known)."""

    def __init__(self, msg, version=""):
        Exception.__init__(self, msg)
        self.version = version


# ---- fetching ---------------------------------------------------------------

def apt_options(base):
    """apt-get options that keep everything under base (build/peers/apt)."""
    return ["-o", "Dir::Etc::sourcelist=" + os.path.join(base, "sources.list"),
            "-o", "Dir::Etc::sourceparts=" + os.path.join(base, "sources.list.d"),
            "-o", "Dir::Etc::preferences=" + os.path.join(base, "preferences"),
            "-o", "Dir::Etc::preferencesparts=" + os.path.join(base, "preferences.d"),
            "-o", "Dir::State::Lists=" + os.path.join(base, "lists"),
            "-o", "Dir::State::status=" + os.path.join(base, "status"),
            "-o", "Dir::Cache=" + os.path.join(base, "cache"),
            "-o", "Debug::NoLocking=1",
            "-o", "APT::Sandbox::User=root",
            "-o", "Acquire::Retries=1"]


def apt_setup(root, offline=False, suite=SUITE):
    """Write the scratch apt configuration for one Debian release and
    (unless offline, or already done in this tree) run apt-get update with
    it. -> base directory."""
    base = os.path.abspath(os.path.join(root, PEER_DIR, "apt" if suite == SUITE else "apt-" + suite))
    for d in ("lists/partial", "cache/archives/partial", "sources.list.d", "preferences.d"):
        os.makedirs(os.path.join(base, d), exist_ok=True)
    with open(os.path.join(base, "sources.list"), "w") as f:
        f.write(DEB_SRC % suite)
    open(os.path.join(base, "status"), "a").close()
    stamp = os.path.join(base, "updated")
    if offline or os.path.exists(stamp):
        return base
    if not shutil.which("apt-get"):
        raise PeerError("apt-get is not installed")
    p = subprocess.run(["apt-get", "-q"] + apt_options(base) + ["update"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, timeout=600)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0 or re.search(r"^(W|E): ", out, re.M):
        raise PeerError("apt-get update (deb-src %s) failed: %s" % (suite, last_lines(out)))
    open(stamp, "w").close()
    return base


def package_suite(root, package):
    """The Debian release a fetched source package came from."""
    try:
        with open(os.path.join(root, PEER_DIR, "src", package, "suite")) as f:
            return f.read().strip()
    except OSError:
        return SUITE


def last_lines(text, n=3):
    return " / ".join(x.strip() for x in text.strip().splitlines()[-n:])


_FETCHED = {}


def fetch(package, root, offline=False):
    """Download and unpack a Debian source package (once per tree; a failure
    is remembered for the rest of the run). -> (source directory, Debian
    version). Raises PeerError."""
    key = (os.path.abspath(root), package, offline)
    if key not in _FETCHED:
        try:
            _FETCHED[key] = _fetch(package, root, offline)
        except PeerError as e:
            _FETCHED[key] = e
    if isinstance(_FETCHED[key], PeerError):
        raise _FETCHED[key]
    return _FETCHED[key]


def _fetch(package, root, offline):
    src = os.path.abspath(os.path.join(root, PEER_DIR, "src", package))
    os.makedirs(src, exist_ok=True)
    dscs = sorted(glob.glob(os.path.join(src, "%s_*.dsc" % package)))
    if not dscs:
        if offline:
            raise PeerError("source package %s not downloaded (offline)" % package)
        errors = []
        for suite in PACKAGE_SUITES.get(package, (SUITE,)):
            try:
                base = apt_setup(root, suite=suite)
            except PeerError as e:
                errors.append(str(e))
                continue
            p = subprocess.run(["apt-get", "-q"] + apt_options(base) +
                               ["source", "--download-only", package],
                               cwd=src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, timeout=900)
            out = p.stdout.decode("utf-8", "replace")
            dscs = sorted(glob.glob(os.path.join(src, "%s_*.dsc" % package)))
            if p.returncode == 0 and dscs:
                with open(os.path.join(src, "suite"), "w") as f:
                    f.write(suite + "\n")
                break
            errors.append("apt-get source %s (%s) failed: %s" % (package, suite, last_lines(out)))
            dscs = []
        if not dscs:
            raise PeerError("; ".join(errors))
    dsc = open(dscs[-1]).read()
    m = re.search(r"^Version:\s*(\S+)", dsc, re.M)
    if not m:
        raise PeerError("%s: no Version in %s" % (package, dscs[-1]))
    version = m.group(1)
    tree = os.path.join(src, "tree")
    if not os.path.isdir(tree):
        origs = [x for x in glob.glob(os.path.join(src, "%s_*.orig.tar.*" % package))
                 if not x.endswith(".asc")]
        if not origs:
            raise PeerError("%s %s: no .orig tarball downloaded" % (package, version), version)
        tmp = tree + ".tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        with tarfile.open(origs[0]) as t:
            if hasattr(tarfile, "data_filter"):
                t.extractall(tmp, filter="data")
            else:
                t.extractall(tmp)
        tops = os.listdir(tmp)
        if len(tops) != 1:
            raise PeerError("%s: unexpected layout of %s" % (package, origs[0]), version)
        os.replace(os.path.join(tmp, tops[0]), tree)
        os.rmdir(tmp)
    return tree, version


# ---- building -----------------------------------------------------------------

VARS = ("CC", "LIB_CFLAGS", "IMG_CFLAGS", "IMG_LDFLAGS", "EMU_SRCS", "TARGET_LIBGCC",
        "TARGET_QEMU", "TARGET_CORE", "TARGET_KIND", "B", "OPT", "CCNAME")


def target_vars(core, profile):
    """The compiler, flags, runtime and emulator of a target, as the
    Makefile computes them (make's own values, not a copy)."""
    # a recipe is expanded after every makefile has been read
    ev = "peers-vars: ; @:" + "".join("$(info PEERVAR %s=$(%s))" % (v, v) for v in VARS)
    env = _make_env()
    p = subprocess.run(["make", "--no-print-directory", "-s", "TARGET=" + core,
                        "PROFILE=" + profile, "--eval", ev, "peers-vars"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        raise PeerError("make TARGET=%s: %s" % (core, last_lines(out)))
    v = {}
    for line in out.splitlines():
        if line.startswith("PEERVAR "):
            k, _, val = line[8:].partition("=")
            v[k] = val.strip()
    if v.get("TARGET_KIND") != "baremetal":
        raise PeerError("%s is not an emulated bare-metal target" % core)
    return v


def lib_flags(v):
    """The library's code-generation flags for the target (LIB_CFLAGS
    without ctcrypto's warnings, language level, include paths and
    defines): e.g. -O2 -g -ffunction-sections -fdata-sections -mthumb
    -mcpu=cortex-m4 -mfloat-abi=soft -ffreestanding."""
    return [f for f in shlex.split(v["LIB_CFLAGS"])
            if not f.startswith(("-W", "-std=", "-I", "-D"))]


SHIMS = ["-idirafter", os.path.join(ROOT, "bench", "peers", "include"),
         "-idirafter", os.path.join(ROOT, "targets", "common", "include")]


def mbedtls_spec(tree):
    cfg = os.path.join(ROOT, "bench", "peers", "mbedtls_config.h")
    inc = ["-I" + os.path.join(tree, "include"), "-I" + os.path.join(tree, "library"),
           '-DMBEDTLS_CONFIG_FILE="%s"' % cfg]
    srcs = [os.path.join(tree, "library", x + ".c") for x in (
        "bignum", "bignum_core", "constant_time", "ecp", "ecp_curves", "ecdsa", "ecdh",
        "asn1parse", "asn1write", "md", "sha256", "sha512", "hmac_drbg", "platform",
        "platform_util", "memory_buffer_alloc")]
    return inc, srcs


def wolfssl_spec(tree):
    inc = ["-I" + tree, "-I" + os.path.join(ROOT, "bench", "peers", "wolfssl"),
           "-DWOLFSSL_USER_SETTINGS"]
    # the three SP back ends: the settings select one, the others are empty
    srcs = [os.path.join(tree, "wolfcrypt", "src", x + ".c") for x in (
        "ecc", "sp_int", "sp_cortexm", "sp_armthumb", "sp_c32", "sha256", "sha512", "hash",
        "random", "memory", "wolfmath", "wc_port")]
    return inc, srcs


# BearSSL's own flag per core (its src/config.h): BR_ARMEL_CORTEXM_GCC, which
# it documents for Cortex-M0/M0+/M1/M3 (inline Thumb assembly, and BR_LOMUL:
# the 15-bit code, whose products fit in a MUL, for cores whose 32x32->64
# product is slow or not constant time); BR_LOMUL alone on lx106, which has
# no 32x32->64 multiply; the defaults (the 31-bit code) on the others
BEARSSL_FLAGS = {"cortex-m0": ["-DBR_ARMEL_CORTEXM_GCC=1"],
                 "cortex-m3": ["-DBR_ARMEL_CORTEXM_GCC=1"],
                 "xtensa-lx106": ["-DBR_LOMUL=1"]}


def bearssl_spec(tree, core):
    inc = ["-I" + os.path.join(tree, "inc"), "-I" + os.path.join(tree, "src")]
    inc += BEARSSL_FLAGS.get(core, [])
    srcs = []
    for d in ("ec", "int"):
        srcs += sorted(glob.glob(os.path.join(tree, "src", d, "*.c")))
    srcs += sorted(x for x in glob.glob(os.path.join(tree, "src", "codec", "*.c"))
                   if "pem" not in os.path.basename(x))
    srcs += [os.path.join(tree, "src", x) for x in (
        "hash/sha2small.c", "hash/sha2big.c", "hash/dig_oid.c", "hash/dig_size.c",
        "mac/hmac.c", "rand/hmac_drbg.c")]
    if len(srcs) < 60:
        raise PeerError("bearssl: src/ec, src/int or src/codec missing from the source package")
    return inc, srcs


LIB_INFO = {
    "mbedtls": {
        "bench": "bench/peer_mbedtls.c",
        "config": "bench/peers/mbedtls_config.h: BIGNUM, ECP (SECP256R1, SECP384R1, "
                  "NIST_OPTIM; window and fixed-point comb at defaults), ECDSA (+DETERMINISTIC), "
                  "ECDH, ASN1, MD, SHA-256/384/512, HMAC_DRBG, PLATFORM_MEMORY with "
                  "MEMORY_BUFFER_ALLOC (12 KiB static arena), HAVE_ASM on Arm; "
                  "upstream .orig source, Debian patches not applied; "
                  "RNG: deterministic xorshift",
    },
    "wolfssl": {
        "bench": "bench/peer_wolfssl.c",
        "config": "bench/peers/wolfssl/user_settings.h: wolfCrypt only, no heap, ECC P-256/P-384 "
                  "with SP math (WOLFSSL_SP_MATH, HAVE_SP_ECC, SP_384, ECC_TIMING_RESISTANT), "
                  "SP assembly: sp_cortexm.c on Cortex-M3/M4/M7 (no UMAAL on M3), "
                  "sp_armthumb.c on Cortex-M0, sp_c32.c on RV32 and lx106, sp_x86_64.c with "
                  "sp_x86_64_asm.S and cpuid.c (MULX/ADX chosen at run time) on the host; "
                  "WOLFSSL_SP_SMALL at -Os; "
                  "SHA-256/384/512; upstream .orig source; RNG: deterministic xorshift "
                  "(CUSTOM_RAND_GENERATE_BLOCK)",
    },
    "bearssl": {
        "bench": "bench/peer_bearssl.c",
        "config": "BearSSL's own defaults (br_ec_get_default, br_ecdsa_*_raw_get_default) "
                  "with its documented core flag: BR_ARMEL_CORTEXM_GCC on Cortex-M0/M3 "
                  "(so p256_m15, prime_i15, ECDSA i15), BR_LOMUL on lx106 (the same 15-bit "
                  "code), none elsewhere (p256_m31, prime_i31, ECDSA i31); no heap; "
                  "upstream .orig source (0.6), Debian patches not applied; RFC 6979 "
                  "signing; keygen RNG: deterministic xorshift",
    },
    "p256m": {
        "bench": "bench/peer_p256m.c",
        "config": "p256-m.c as shipped in mbedTLS 3.6 (3rdparty/p256-m; its Arm asm "
                  "where the core has it; mbedtls_platform_zeroize from platform_util.c, "
                  "headers with bench/peers/mbedtls_config.h); "
                  "RNG: deterministic xorshift",
    },
}


MEMFUNCS = ("memcpy", "memmove", "memset", "memcmp")


def libc_memfuncs(cc, flags, cross, objdir):
    """memcpy, memmove, memset, memcmp for the peers: the toolchain's own C
    library's (newlib's objects from the multilib libc.a that the flags
    select, renamed to peer_*) when it has one whose four objects stand
    alone; else none (bench/peers/peer_libc.c is used).
    -> (description, objects)"""
    p = subprocess.run(cc + flags + ["-print-file-name=libc.a"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    libc = p.stdout.decode().strip()
    fallback = ("bench/peers/peer_libc.c (word-wise C; the toolchain has no C library)", [])
    if not os.path.isabs(libc) or not os.path.isfile(libc):
        return fallback
    d = os.path.join(objdir, "libc")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    members = ["lib_a-%s.o" % f for f in MEMFUNCS]
    p = subprocess.run([cross + "ar", "x", os.path.abspath(libc)] + members, cwd=d,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    objs = [os.path.join(d, m) for m in members]
    if p.returncode != 0 or not all(os.path.isfile(o) for o in objs):
        return fallback
    for f, o in zip(MEMFUNCS, objs):
        nm = subprocess.run([cross + "nm", o], stdout=subprocess.PIPE).stdout.decode().split()
        # exactly one symbol, the function itself, defined here
        if nm[-2:] != ["T", f] or " U " in " ".join(nm) or len(nm) != 3:
            return fallback
        subprocess.run([cross + "objcopy", "--redefine-sym", "%s=peer_%s" % (f, f), o],
                       check=True)
    return "the toolchain's C library (%s, renamed to peer_*)" % os.path.realpath(libc), objs


def run_cmd(cmd, what):
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        out = p.stdout.decode("utf-8", "replace")
        raise PeerError("%s failed: %s" % (what, last_lines(out, 6)))


def peer_sources(lib, tree, core):
    """The include flags and source files of one peer for one target (a
    bare-metal core, or "host"). Raises PeerError if a file is missing."""
    if lib == "wolfssl":
        inc, srcs = wolfssl_spec(tree)
        # one SP back end per target: the core's (the settings select it,
        # the others compile empty), on the host the x86-64 assembly
        if core == "host":
            srcs = [x for x in srcs if os.path.basename(x) not in
                    ("sp_cortexm.c", "sp_armthumb.c", "sp_c32.c")]
            srcs += [os.path.join(tree, x) for x in HOST_EXTRA["wolfssl"]]
    elif lib == "bearssl":
        inc, srcs = bearssl_spec(tree, core)
    else:
        inc, srcs = mbedtls_spec(tree)
    if lib == "p256m":
        pdir = os.path.join(tree, LIBS["p256m"][1])
        # the file's body is compiled only for mbedTLS's PSA driver
        inc = ["-I" + pdir, "-DMBEDTLS_PSA_P256M_DRIVER_ENABLED"] + inc
        srcs = [os.path.join(pdir, "p256-m.c"),
                os.path.join(tree, "library", "platform_util.c")]
    for x in srcs:
        if not os.path.isfile(x):
            raise PeerError("%s: %s is missing from the source package"
                            % (lib, os.path.relpath(x, ROOT)))
    return inc, srcs


def build_image(lib, tree, core, profile, v, outdir):
    """Compile the peer's sources with the target's flags into an archive,
    link the peer benchmark with the emulated runtime. -> image path."""
    inc, srcs = peer_sources(lib, tree, core)
    objdir = os.path.join(outdir, lib, "obj")
    os.makedirs(objdir, exist_ok=True)
    cc = shlex.split(v["CC"])
    flags = lib_flags(v)
    cross = cc[0][:-3] if cc[0].endswith("gcc") else ""
    objs = []
    for s in srcs:
        o = os.path.join(objdir, os.path.basename(s)[:-2] + ".o")
        run_cmd(cc + flags + inc + SHIMS + ["-c", s, "-o", o],
                "%s: compiling %s" % (lib, os.path.basename(s)))
        # the peer's memcpy/memset/... calls go to bench/peers/peer_libc.c
        run_cmd([cross + "objcopy"] + [x for f in MEMFUNCS
                                       for x in ("--redefine-sym", "%s=peer_%s" % (f, f))] +
                [o], "%s: objcopy %s" % (lib, os.path.basename(o)))
        objs.append(o)
    mem, memobjs = libc_memfuncs(cc, flags, cross, objdir)
    if not memobjs:
        o = os.path.join(objdir, "peer_libc.o")
        run_cmd(cc + flags + ["-c", os.path.join("bench", "peers", "peer_libc.c"), "-o", o],
                "%s: compiling peer_libc.c" % lib)
        memobjs = [o]
    objs += memobjs
    with open(os.path.join(outdir, lib, "memfuncs"), "w") as f:
        f.write(mem)
    ar = os.path.join(outdir, lib, "lib%s.a" % lib)
    if os.path.exists(ar):
        os.remove(ar)
    run_cmd([cross + "ar", "rcs", ar] + objs, "%s: ar" % lib)
    img = os.path.join(outdir, lib, "peer_%s.elf" % lib)
    img_flags = [f for f in shlex.split(v["IMG_CFLAGS"])]
    run_cmd(cc + img_flags + ["-DBENCH_HOST=0", "-Ibench"] + inc + SHIMS +
            [LIB_INFO[lib]["bench"], "bench/harness_emu.c"] + shlex.split(v["EMU_SRCS"]) +
            [ar] + shlex.split(v["IMG_LDFLAGS"]) + shlex.split(v["TARGET_LIBGCC"]) +
            ["-Wl,-Map," + img[:-4] + ".map", "-o", img], "%s: linking the benchmark image" % lib)
    return img


# ---- measuring ----------------------------------------------------------------

_MAPSEC = re.compile(r"^ (\.\S+)(?:\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+))?\s*$")
_MAPCONT = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)\s*$")


def linked_size(mapfile, archive):
    """Bytes of code (.text*, .literal*) and read-only data (.rodata*,
    .srodata*) that the image links from the peer's archive, after
    --gc-sections (the linker map's memory map; memcpy and friends, from
    the C library or bench/peers/peer_libc.c, left out). -> (text, rodata)"""
    text = rodata = 0
    started, sec = False, None
    with open(mapfile) as f:
        for line in f:
            if not started:
                started = line.startswith("Linker script and memory map")
                continue
            m = _MAPSEC.match(line)
            if m:
                sec = m.group(1)
                if m.group(2) is None:
                    continue
                size, src = int(m.group(3), 16), m.group(4)
            else:
                m = _MAPCONT.match(line)
                if not m or sec is None:
                    sec = None if line.strip() and not line.startswith(" ") else sec
                    continue
                size, src = int(m.group(2), 16), m.group(3)
            if (os.path.basename(archive) + "(" not in src or "(peer_libc.o)" in src
                    or "(lib_a-" in src):
                continue
            if sec.startswith((".text", ".literal")):
                text += size
            elif sec.startswith((".rodata", ".srodata")):
                rodata += size
    return text, rodata


def measure(lib, version, core, profile, v, img):
    model, why = emu_bench.load_model(v["TARGET_CORE"])
    _, results = emu_bench.run_image(v["TARGET_QEMU"], img)
    with open(os.path.join(os.path.dirname(img), "memfuncs")) as f:
        mem = f.read()
    text, rodata = linked_size(img[:-4] + ".map", "lib%s.a" % lib)
    label = "%s %s %s" % (core, v["OPT"], v["CCNAME"])
    out = []
    for r in results:
        j = {"target": label, "core": v["TARGET_CORE"], "group": r["group"], "op": r["op"],
             "impl": r["impl"], "bytes": r["bytes"], "insns": r["insns"], "stack": r["stack"],
             "insns_vary": r["varies"], "library": lib, "version": version,
             "config": LIB_INFO[lib]["config"], "profile": profile, "opt": v["OPT"],
             "lib_text": text, "lib_rodata": rodata, "memfuncs": mem}
        if model:
            j["cycles_est"] = round((model(r["hist2"]) - model(r["hist1"])) / r["reps"], 1)
        else:
            j["cycles_note"] = why
        out.append(j)
    return out


def error_record(lib, core, profile, v, reason, version=""):
    v = v or {}
    return {"target": "%s %s %s" % (core, v.get("OPT", ""), v.get("CCNAME", "")),
            "core": core, "library": lib, "version": version, "profile": profile,
            "opt": v.get("OPT", ""),
            "config": LIB_INFO.get(lib, {}).get("config", ""), "error": reason}


def peer_records(lib, core, profile, v, offline=False, log=print, root=ROOT):
    """Fetch, build and measure one peer on one core and profile. Never
    raises for a missing or broken peer: -> list of records (one with
    "error" if it could not be measured)."""
    version = ""
    try:
        if lib not in LIBS:
            raise PeerError("unknown peer %r (known: %s)" % (lib, ", ".join(sorted(LIBS))))
        package = LIBS[lib][0]
        tree, version = fetch(package, root, offline)
        if lib not in LIB_INFO:
            raise PeerError("%s %s fetched; no bare-metal build of it here yet"
                            % (package, version), version)
        outdir = os.path.join(ROOT, PEER_DIR, "%s-%s" % (core, profile))
        t0 = time.time()
        img = build_image(lib, tree, core, profile, v, outdir)
        log("  %-8s %-14s %-6s built in %.0f s, running under QEMU"
            % (lib, core, profile, time.time() - t0))
        t0 = time.time()
        recs = measure(lib, version, core, profile, v, img)
        log("  %-8s %-14s %-6s %d results in %.0f s"
            % (lib, core, profile, len(recs), time.time() - t0))
        return recs
    except PeerError as e:
        return [error_record(lib, core, profile, v, str(e), e.version or version)]
    except (RuntimeError, subprocess.SubprocessError, OSError) as e:
        return [error_record(lib, core, profile, v, "%s: %s" % (type(e).__name__, str(e)[-600:]),
                             version)]


# ---- the host ----------------------------------------------------------------
# The same peers built from the same source packages for the host, so that
# the host table has mbedTLS 3.6 (Debian 12's -dev package is 2.28), p256-m
# and wolfSSL beside OpenSSL. Their benchmark programs are the emulated
# cores' (bench/peer_<lib>.c) built with bench/harness.c: timed as the
# host's own benchmarks are, in their own process, one library at a time.
HOST_IMPLS = {"mbedtls": "mbedtls-3.6", "p256m": "p256-m", "wolfssl": "wolfssl-5.7",
              "bearssl": "bearssl-src"}
HOST_EXTRA = {"wolfssl": ["wolfcrypt/src/sp_x86_64.c", "wolfcrypt/src/sp_x86_64_asm.S",
                          "wolfcrypt/src/cpuid.c"]}


def host_vars():
    """The host's compiler and library flags, from the Makefile (TARGET=host,
    PROFILE=fast), without -ffreestanding: the peers are hosted programs
    there."""
    ev = "peers-vars: ; @:" + "".join("$(info PEERVAR %s=$(%s))" % (x, x)
                                      for x in ("CC", "LIB_CFLAGS", "B"))
    p = subprocess.run(["make", "--no-print-directory", "-s", "TARGET=host", "PROFILE=fast",
                        "--eval", ev, "peers-vars"], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, env=_make_env())
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        raise PeerError("make TARGET=host: %s" % last_lines(out))
    v = {}
    for line in out.splitlines():
        if line.startswith("PEERVAR "):
            k, _, val = line[8:].partition("=")
            v[k] = val.strip()
    v["flags"] = [f for f in lib_flags(v) if f != "-ffreestanding"]
    return v


def _make_env():
    """The environment for a make that reads a target's defaults, not the
    variables of a make that runs this (its command-line assignments come
    through MAKEFLAGS and the environment)."""
    drop = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"}
    assigns = os.environ.get("MAKEFLAGS", "").partition(" -- ")[2]
    drop.update(re.findall(r"(?:^|(?<=[^\\]) )([A-Za-z_][A-Za-z0-9_]*)=", assigns))
    return {k: x for k, x in os.environ.items() if k not in drop}


def host_records(lib, quick=False, offline=False, log=print, root=ROOT):
    """Fetch, build and time one peer on the host. -> records in the shape
    of the host benchmarks' JSON lines (impl HOST_IMPLS[lib], plus library,
    version, config), or one record with "error"."""
    version = ""
    impl = HOST_IMPLS.get(lib, lib)
    try:
        if lib not in LIB_INFO:
            raise PeerError("no build of %r here (known: %s)" % (lib, ", ".join(sorted(LIB_INFO))))
        tree, version = fetch(LIBS[lib][0], root, offline)
        v = host_vars()
        try:
            inc, srcs = peer_sources(lib, tree, "host")
        except PeerError as e:
            raise PeerError(str(e), version)
        t0 = time.time()
        outdir = os.path.join(ROOT, PEER_DIR, "host", lib)
        objdir = os.path.join(outdir, "obj")
        os.makedirs(objdir, exist_ok=True)
        cc = shlex.split(v["CC"])
        objs = []
        # an object is rebuilt when its source, a configuration header in
        # bench/peers or the command changed (a second run reuses them)
        cfg = max(os.path.getmtime(x) for x in glob.glob(os.path.join(
            ROOT, "bench", "peers", "**", "*.h"), recursive=True))
        todo = []
        for x in srcs:
            o = os.path.join(objdir, os.path.basename(x).rsplit(".", 1)[0] + ".o")
            cmd = cc + v["flags"] + inc + ["-c", x, "-o", o]
            stamp = o + ".cmd"
            fresh = (os.path.exists(o) and os.path.getmtime(o) >= max(os.path.getmtime(x), cfg)
                     and os.path.exists(stamp) and open(stamp).read() == " ".join(cmd))
            if not fresh:
                todo.append((cmd, x, stamp))
            objs.append(o)

        def compile_one(job):
            cmd, x, stamp = job
            run_cmd(cmd, "%s: compiling %s" % (lib, os.path.basename(x)))
            with open(stamp, "w") as f:
                f.write(" ".join(cmd))
        # nothing is timed while the peer compiles: use every core
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as ex:
            for _ in ex.map(compile_one, todo):
                pass
        ar = os.path.join(outdir, "lib%s.a" % lib)
        if os.path.exists(ar):
            os.remove(ar)
        run_cmd(["ar", "rcs", ar] + objs, "%s: ar" % lib)
        exe = os.path.join(outdir, "peer_%s" % lib)
        run_cmd(cc + v["flags"] + ["-DBENCH_HOST=1", "-Ibench"] + inc +
                [LIB_INFO[lib]["bench"], "bench/harness.c", ar, "-Wl,--gc-sections", "-o", exe],
                "%s: linking the host benchmark" % lib)
        log("  %-8s host built in %.0f s, timing" % (lib, time.time() - t0))
        env = dict(os.environ)
        if quick:
            env["CTC_BENCH_QUICK"] = "1"
        p = subprocess.run([exe], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=1800)
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            raise PeerError("%s: the host benchmark exited with %d: %s"
                            % (lib, p.returncode, last_lines(out, 6)), version)
        recs = []
        for line in out.splitlines():
            if line.startswith("JSON "):
                r = json.loads(line[5:])
                r.update(impl=impl, library=lib, version=version,
                         config=LIB_INFO[lib]["config"] + "; host: " + " ".join(v["flags"]))
                recs.append(r)
        if not recs:
            raise PeerError("%s: the host benchmark printed no results" % lib, version)
        return recs
    except PeerError as e:
        return [{"library": lib, "impl": impl, "version": e.version or version, "error": str(e)}]
    except (RuntimeError, subprocess.SubprocessError, OSError, ValueError) as e:
        return [{"library": lib, "impl": impl, "version": version,
                 "error": "%s: %s" % (type(e).__name__, str(e)[-600:])}]


def write_results(path, recs, libs):
    """Replace the records of the libraries just run in path (one JSON
    record per line), keeping those of the others."""
    keep = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if r.get("library") not in libs:
                    keep.append(r)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        for r in keep + recs:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    os.replace(path + ".tmp", path)


def print_table(recs):
    print("%-14s %-6s %-9s %-34s %14s %14s %8s %14s" % (
        "core", "opt", "library", "operation", "insns/op", "est.cycles/op", "stack B",
        "image code+ro"))
    for r in recs:
        if "error" in r:
            print("%-14s %-6s %-9s %s" % (r["core"], r.get("opt", ""), r["library"],
                                          "not measured: " + r["error"][:300]))
            continue
        cyc = r.get("cycles_est")
        print("%-14s %-6s %-9s %-34s %14s %14s %8d %14s" % (
            r["core"], r["opt"], r["library"], r["op"],
            ("~%.1f" if r["insns_vary"] else "%d") % r["insns"],
            "%.0f" % cyc if cyc is not None else "-", r["stack"],
            "%d+%d" % (r["lib_text"], r["lib_rodata"])))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cores", default="cortex-m4",
                    help="comma-separated bare-metal targets, or 'all' (tools/targets.py)")
    ap.add_argument("--profiles", default="fast", help="fast (-O2), small (-Os), or both")
    ap.add_argument("--libs", default="mbedtls,p256m,bearssl,wolfssl")
    ap.add_argument("--offline", action="store_true", help="use only what is already fetched")
    a = ap.parse_args(argv)
    cores = targets.baremetal() if a.cores == "all" else [c for c in a.cores.split(",") if c]
    profiles = [p for p in a.profiles.split(",") if p]
    libs = [x for x in a.libs.split(",") if x]
    t0 = time.time()
    every = []
    n, total = 0, len(cores) * len(profiles)
    for core in cores:
        for profile in profiles:
            n += 1
            print("[%d/%d] %s %s" % (n, total, core, profile), flush=True)
            try:
                v = target_vars(core, profile)
            except PeerError as e:
                recs = [error_record(x, core, profile, None, str(e)) for x in libs]
                every += recs
                continue
            recs = []
            for lib in libs:
                recs += peer_records(lib, core, profile, v, a.offline,
                                     log=lambda s: print(s, flush=True))
            write_results(os.path.join(ROOT, v["B"], "results", "peers.json"), recs, libs)
            every += recs
    print()
    print("instructions: exact, from QEMU (~: the mean; the count differs between "
          "iterations); cycles: estimates of tools/cycles/models.py (a core-cycle model, "
          "not a board measurement); image code+ro: bytes of the library linked into that "
          "benchmark image (all its operations)")
    print_table(every)
    seen = []
    for r in every:
        if r.get("version") and (r["library"], r["version"]) not in seen:
            seen.append((r["library"], r["version"]))
    for lib, version in seen:
        print("%s: Debian source package %s %s (%s); configuration: docs/peers.md" % (
            lib, LIBS[lib][0], version, package_suite(ROOT, LIBS[lib][0])))
    print("elapsed %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
