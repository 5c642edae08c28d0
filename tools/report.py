#!/usr/bin/env python3
"""report.py - the benchmark report (`make bench`): one driver for every
benchmark, every platform and every generated benchmark document.

  report.py [--quick] [--cores c1,c2] [--profiles fast,small]
            [--no-docs] [--json FILE]

1. host: every bench/bench_*.c is built for the host (gcc -O2, the default
   build) and run; each benchmark times ctcrypto and its peers (OpenSSL,
   mbedTLS, BearSSL: Debian's -dev packages) in the same process, one after
   the other, min/mean/max over batches. Nothing else runs meanwhile.
   Then mbedTLS 3.6, p256-m and wolfSSL 5.7, built for the host from the
   Debian source packages the cores' peers come from (tools/peers.py
   host_records), each timed by its own program with the same harness.
   --quick: shorter batches (CTC_BENCH_QUICK=1), host only.
2. emulated cores (tools/targets.py's bare-metal list, or --cores): every
   benchmark built into a bare-metal image per core and profile (-O2 and
   -Os) and run under QEMU with the counting plugin (tools/emu_bench.py):
   exact instructions, cycles estimated with the core's timing model
   (tools/cycles; an estimate, never a measurement), stack high-water.
   These run two at a time (the counts do not depend on the load).
3. output: progress and a table per platform on the terminal, every record
   as JSON in build/report/results.json, and (unless --no-docs)
   docs/PERFORMANCE.md with charts (docs/perf-*.svg, drawn by
   tools/report_charts.py with Debian's python3-matplotlib) and one
   docs/<group>-bench.md per benchmark group.

Benchmarks are found by their group names (the first argument of
bench_run): a new family's bench/bench_<x>.c adds its rows and its
document without a change here. The report fails loudly (exit status 1,
the reason printed) when a benchmark builds or runs badly, when one gives
no result on a platform, or when a peer is missing from a host benchmark
without a line saying why.
"""
import argparse
import collections
import concurrent.futures
import datetime
import glob
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import peers  # noqa: E402
import size_report  # noqa: E402
import targets  # noqa: E402
import tls_emu  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "cycles"))
import calib  # noqa: E402

ROOT = os.path.dirname(HERE)
OUT_DIR = os.path.join("build", "report")
PROFILE_OPT = targets.PROFILE_OPT
# the host peers, in column order (the impl names the benchmarks print)
PEERS = [("openssl", "OpenSSL"), ("mbedtls", "mbedTLS"), ("bearssl", "BearSSL"),
         ("wolfssl", "wolfSSL"), ("mbedtls-3.6", "mbedTLS 3.6"), ("p256-m", "p256-m"),
         ("wolfssl-5.7", "wolfSSL 5.7"), ("openssl-1shot", "OpenSSL one-shot"),
         ("openssl-sw", "OpenSSL, no AES-NI")]
# the peers built from Debian source packages for the host too
# (tools/peers.py host_records; Debian 12's -dev packages are mbedTLS 2.28
# and no p256-m), timed in their own processes
HOST_SRC_PEERS = ("mbedtls", "p256m", "wolfssl")
# what the documents call a group (a group without an entry is named by
# its own name)
GROUP_TITLES = {
    "ct": "constant-time core", "hash": "hashes, HMAC, HKDF, DRBG", "mp": "multi-precision",
    "ec": "P-256 and P-384", "rsa": "RSA", "aes": "AES and its modes",
}
# "TLS handshake crypto": what a client spends in a handshake with an ECDHE
# P-256 key exchange and a P-256 or P-384 certificate chain (one ephemeral
# key, one shared secret, the server's signature and one chain signature);
# the P-256 variant has a P-256 chain signature (p256-m has no P-384), the
# RSA variant an RSA-2048 one
COMPOSITES = [
    ("TLS handshake crypto (ECDSA chain)",
     [("ec", "p256 public key k G"), ("ec", "p256 ECDH (with peer check)"),
      ("ec", "p256 ECDSA verify"), ("ec", "p384 ECDSA verify")]),
    ("TLS handshake crypto (P-256 chain)",
     [("ec", "p256 public key k G"), ("ec", "p256 ECDH (with peer check)"),
      ("ec", "p256 ECDSA verify"), ("ec", "p256 ECDSA verify")]),
    ("TLS handshake crypto (RSA-2048 chain)",
     [("ec", "p256 public key k G"), ("ec", "p256 ECDH (with peer check)"),
      ("ec", "p256 ECDSA verify"), ("rsa", "RSA-2048 public")]),
]
CLOCKS_MHZ = (64, 240)
# the speed targets (bench/targets.txt), checked against every run
TARGETS_FILE = os.path.join("bench", "targets.txt")
TARGET_METRICS = ("cycles <=", "cycles/byte <=", "stack <=", "flash <=")
# the P-256-only build of the small profile (tools/check_p256_only.py's
# configuration: no P-384, no SHA-384/512, no SHA-224), on this core and profile: its
# image (tests/size/p256.c: key generation, sign, verify, ECDH, SHA-256,
# HMAC-DRBG) and its P-256 benchmark rows, named "... (P-256-only build)"
P256_ONLY = ("cortex-m4", "small")
P256_ONLY_CFLAGS = "-DCTC_EC_P384=0 -DCTC_SHA512=0 -DCTC_SHA224=0"
P256_ONLY_SUFFIX = " (P-256-only build)"
P256_ONLY_IMAGE = "P-256-only image: keygen, sign, verify, ECDH, SHA-256, HMAC-DRBG"
# built twice: linked as usual, and with link-time optimisation (LTO=1:
# library, image and harness compiled and linked with -flto), whose rows
# and image are named so
P256_ONLY_LTO_SUFFIX = " (P-256-only build, LTO=1)"
P256_ONLY_LTO_IMAGE = P256_ONLY_IMAGE + " (LTO=1)"
# the AES trade-off (docs/aes.md): on every core and profile the opt-in
# table cores (AES_TABLE=..., NOT constant time) are built too, and these
# rows of bench_aes measured, beside the constant-time core of the main
# build; the flash and RAM are those of the AES_TRADEOFF_IMAGE of
# tests/size/op.c
AES_TABLE_VARIANTS = ("flash", "unrolled", "ram", "sbox")
AES_TRADEOFF_OPS = ("AES-128 key schedule", "AES-128 encrypt 1 block", "AES-128-CTR 4 KiB",
                    "AES-128-GCM encrypt 4 KiB")
AES_TRADEOFF_IMAGE = "AES-128-GCM encrypt 4 KiB"
AES_TABLE_LAYERS = ("src/ct", "src/common", "src/aes")
# the cores whose bare-metal image holds a whole mbedTLS handshake
# (tools/tls_emu.py): each core and profile of the run that is one of them
# also runs the TLS 1.2 and 1.3 handshakes, stock against ctcrypto
TLS_CORES = ("cortex-m4", "cortex-m0", "rv32imc", "xtensa-lx106")
# every peer's impl name, on the host and on the emulated cores
PEER_IMPLS = set(p for p, _ in PEERS) | {"p256-m"}
# the emulated cores' peers (tools/peers.py), in column order, with the
# impl name their benchmarks print
EMU_PEERS = [("mbedtls", "mbedtls"), ("p256m", "p256-m"), ("wolfssl", "wolfssl"),
             ("bearssl", "bearssl")]


class ReportError(Exception):
    pass


START = time.time()


def elapsed():
    """' (at N s)': where a stage starts, counted from the report's start"""
    return " (at %.0f s)" % (time.time() - START)


def log(msg):
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def benches():
    return sorted(os.path.splitext(os.path.basename(p))[0]
                  for p in glob.glob(os.path.join(ROOT, "bench", "bench_*.c")))


def make(args, what):
    p = subprocess.run(["make", "--no-print-directory", "-s"] + args, cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        raise ReportError("%s: make %s failed:\n%s" % (what, " ".join(args), out[-3000:]))
    return out


# ---- collecting --------------------------------------------------------------

def parse_host(text, bench):
    """The JSON lines and '# ' lines of one host benchmark's output."""
    rows, info = [], []
    for line in text.splitlines():
        if line.startswith("JSON "):
            r = json.loads(line[5:])
            r.update(platform="host", profile="fast", bench=bench)
            rows.append(r)
        elif line.startswith("# "):
            info.append(line[2:])
    return rows, info


def run_host(quick, build):
    """-> (records, info lines per benchmark)"""
    names = benches()
    make(["-j2", "BUILD=" + build] + ["%s/bench/%s" % (build, b) for b in names], "host build")
    env = dict(os.environ)
    if quick:
        env["CTC_BENCH_QUICK"] = "1"
    records, infos = [], {}
    for i, b in enumerate(names):
        log("host [%d/%d] %s%s" % (i + 1, len(names), b, elapsed()))
        p = subprocess.Popen([os.path.join(ROOT, build, "bench", b)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        lines = []
        for raw in p.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            lines.append(line)
            if not line.startswith("JSON ") and line.strip():
                log("  " + line)
        if p.wait() != 0:
            raise ReportError("host %s: exit status %d:\n%s" % (b, p.returncode,
                                                                "\n".join(lines[-30:])))
        rows, info = parse_host("\n".join(lines), b)
        if not rows:
            raise ReportError("host %s: no results" % b)
        records += rows
        infos[b] = info
    for i, lib in enumerate(HOST_SRC_PEERS):
        log("host peers [%d/%d] %s (Debian source package, built here)%s"
            % (i + 1, len(HOST_SRC_PEERS), lib, elapsed()))
        for r in peers.host_records(lib, quick, log=log):
            if r.get("error"):
                log("  not measured: " + r["error"])
                records.append({"platform": "host", "profile": "fast", "impl": r["impl"],
                                "library": lib, "version": r.get("version", ""),
                                "missing": True, "reason": r["error"]})
            else:
                r.update(platform="host", profile="fast", bench="peer_" + lib)
                log("  %-40s %s" % (r["op"], fmt_ns(host_value(r))))
                records.append(r)
    return records, infos


def bench_rows(build):
    """The records tools/emu_bench.py wrote for the images of `build`."""
    with open(os.path.join(ROOT, build, "results", "bench.json")) as f:
        return [json.loads(line) for line in f]


def run_emu(core, profile, with_peers=True):
    """One core and profile: every benchmark image under QEMU.
    -> (records, build info lines, seconds)"""
    t0 = time.time()
    build = os.path.join(OUT_DIR, "%s-%s" % (core, profile))
    text = make(["-j1", "TARGET=" + core, "PROFILE=" + profile, "BUILD=" + build, "bench-run"],
                "%s %s" % (core, PROFILE_OPT[profile]))
    info = sorted(set(l[2:] for l in text.splitlines() if l.startswith("# ctcrypto")))
    sizes = run_sizes(core, profile, build)
    records = []
    for r in bench_rows(build):
        r.update(platform=core, profile=profile)
        # the size goes beside the first of ctcrypto's rows of the
        # operation (the aes rows are named by their core: ct-sw)
        sz = sizes.pop((r["group"], r["op"]), None) if r["impl"] not in PEER_IMPLS else None
        if sz:
            r["flash"] = sz["text"] + sz["rodata"] + sz["data"]
            r["size"] = sz
        records.append(r)
    if sizes:
        raise ReportError("%s %s: tests/size/op.c names operations that no benchmark has: %s"
                          % (core, PROFILE_OPT[profile], sorted(sizes)))
    if (core, profile) == P256_ONLY:
        records += run_p256_only(core, profile)
    for v in AES_TABLE_VARIANTS:
        records += run_aes_table(core, profile, v)
    if with_peers:
        records += run_peers(core, profile)
    return records, info, time.time() - t0


def run_aes_table(core, profile, variant):
    """One table core (AES_TABLE=variant) on one core and profile: the
    AES_TRADEOFF_OPS rows of bench_aes as impl "table-<variant>" (marked
    "aes_variant", kept out of the per-core tables), the trade-off image's
    sizes beside its row."""
    build = os.path.join(OUT_DIR, "%s-%s-aes-%s" % (core, profile, variant))
    # the library of these builds is the layers AES stands on and AES
    # itself (the rest does not change with AES_TABLE, and needs no
    # second compilation)
    srcs = sorted(p for d in AES_TABLE_LAYERS for p in
                  glob.glob(os.path.join(d, "*.c")) + glob.glob(os.path.join(d, "*.S")) +
                  glob.glob(os.path.join(d, "arch", "*.c")) +
                  glob.glob(os.path.join(d, "arch", "*.S")))
    args = ["TARGET=" + core, "PROFILE=" + profile, "BUILD=" + build, "AES_TABLE=" + variant,
            "LIB_SRCS=" + " ".join(srcs)]
    make(["-j1", "BENCHES=bench_aes"] + args + ["bench-run"],
         "%s %s AES_TABLE=%s" % (core, PROFILE_OPT[profile], variant))
    _, _, bdir = size_report.info(args)
    sizes = run_sizes(core, profile, build, args, groups={"aes"})
    records = []
    for r in bench_rows(bdir):
        if r["op"] not in AES_TRADEOFF_OPS:
            continue
        r.update(platform=core, profile=profile, impl="table-" + variant,
                 aes_variant=variant)
        sz = sizes.get(("aes", r["op"]))
        if sz:
            r["flash"] = sz["text"] + sz["rodata"] + sz["data"]
            r["size"] = sz
        records.append(r)
    if len(records) != len(AES_TRADEOFF_OPS):
        raise ReportError("%s %s AES_TABLE=%s: %d of the %d trade-off rows" % (
            core, PROFILE_OPT[profile], variant, len(records), len(AES_TRADEOFF_OPS)))
    return records


def run_p256_only(core, profile):
    """The P-256-only build (P256_ONLY), linked as usual and with LTO=1:
    bench_ec's P-256 rows and the image of tests/size/p256.c minus
    tests/size/none.c, for each."""
    records = []
    for suffix, image, extra in ((P256_ONLY_SUFFIX, P256_ONLY_IMAGE, []),
                                 (P256_ONLY_LTO_SUFFIX, P256_ONLY_LTO_IMAGE, ["LTO=1"])):
        args = ["TARGET=" + core, "PROFILE=" + profile,
                "BUILD=" + os.path.join(OUT_DIR, "%s-%s-p256%s" % (core, profile,
                                                                 "-lto" if extra else "")),
                "CFLAGS=" + P256_ONLY_CFLAGS] + extra
        make(["-j1", "BENCHES=bench_ec"] + args + ["bench-run"],
             "%s %s P-256 only %s" % (core, PROFILE_OPT[profile], " ".join(extra)))
        _, _, build = size_report.info(args)
        for r in bench_rows(build):
            if r["impl"] in PEER_IMPLS or not r["op"].startswith("p256 "):
                continue
            r.update(platform=core, profile=profile, op=r["op"] + suffix)
            records.append(r)
        try:
            base, _ = size_report.image_size(core, args, build,
                                             os.path.join(ROOT, "tests", "size", "none.c"))
            size, _ = size_report.image_size(core, args, build,
                                             os.path.join(ROOT, "tests", "size", "p256.c"))
        except subprocess.CalledProcessError as e:
            raise ReportError("%s %s: the P-256-only image %s failed to link: %s"
                              % (core, PROFILE_OPT[profile], " ".join(extra), e))
        records.append({"platform": core, "profile": profile, "bench": "bench_ec", "group": "ec",
                        "op": image,
                        "impl": "ctcrypto", "flash": size - base, "size_only": True})
    return records


def run_peers(core, profile):
    """The peers of tools/peers.py on one core and profile (fetched into
    build/peers once, built with the target's compiler and flags, measured
    the same way). A peer that cannot be fetched or built is one record
    with "missing" and the reason."""
    try:
        v = peers.target_vars(core, profile)
    except peers.PeerError as e:
        return [{"platform": core, "profile": profile, "impl": impl, "missing": True,
                 "reason": str(e)} for _, impl in EMU_PEERS]
    out = []
    for lib, impl in EMU_PEERS:
        for r in peers.peer_records(lib, core, profile, v, log=lambda s: None):
            if r.get("error"):
                out.append({"platform": core, "profile": profile, "impl": impl,
                            "library": lib, "version": r.get("version", ""),
                            "missing": True, "reason": r["error"]})
                continue
            r.update(platform=core, profile=profile, bench="peer_" + lib)
            out.append(r)
    return out


def run_tls(core, profile, tls):
    """The whole handshakes on one core and profile (tools/tls_emu.py).
    -> (records, seconds); a failed build, handshake or check fails the
    report."""
    t0 = time.time()
    tree, version, certs_c = tls
    try:
        recs = tls_emu.run_one(core, profile, tree, version, certs_c, out=lambda m: None)
    except (tls_emu.ToolError, OSError, subprocess.SubprocessError, RuntimeError) as e:
        raise ReportError("TLS handshake, %s %s: %s" % (core, PROFILE_OPT[profile], e))
    return recs, time.time() - t0


# tests/size/op.c's input and output buffers (not the library's RAM)
SIZE_OP_BUFFERS = ("b", "o", "k", "t", "len")


def size_ops():
    """tests/size/op.c's list: [(number, group, benchmark operation)]"""
    with open(os.path.join(ROOT, "tests", "size", "op.c")) as f:
        text = f.read()
    return [(int(n), g, op) for n, g, op in re.findall(r'X\((\d+), "([^"]+)", "([^"]+)"', text)]


def run_sizes(core, profile, build, args=None, groups=None):
    """Link tests/size/op.c once per operation (of `groups`, default all)
    against the library built in `build` with make arguments `args`
    (--gc-sections, as the Makefile links images) and subtract
    tests/size/none.c. -> {(group, op): {"text": B, "rodata": B, "data": B,
    "bss": B}}"""
    args = args or ["TARGET=" + core, "PROFILE=" + profile, "BUILD=" + build]
    cc, _, bdir = size_report.info(args)
    img = {}
    for line in make(args + ["info-img"], "%s info-img" % core).splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            img[k] = v
    cross = targets.read_target_mk(os.path.join(targets.TARGETS_DIR, core, "target.mk"))[0] \
        .get("TARGET_CROSS", "")

    def link(src, defines, name):
        elf = os.path.join(bdir, "size-" + name + ".elf")
        cmd = (shlex.split(cc) + shlex.split(img["IMG_CFLAGS"]) + defines + [src] +
               shlex.split(img["EMU_SRCS"]) + [os.path.join(bdir, "libctcrypto.a")] +
               shlex.split(img["IMG_LDFLAGS"]) + ["-lgcc", "-o", elf])
        p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise ReportError("%s %s: size image %s failed to link:\n%s" % (
                core, PROFILE_OPT[profile], name, p.stdout.decode()[-2000:]))
        return list(size_report.sections(cross, elf).values())[0]

    size_dir = os.path.join(ROOT, "tests", "size")
    base = link(os.path.join(size_dir, "none.c"), [], "none")
    out = {}
    for n, g, op in size_ops():
        if groups and g not in groups:
            continue
        v = link(os.path.join(size_dir, "op.c"), ["-DSIZE_OP=%d" % n], "op%d" % n)
        sz = {k: v[k] - base[k] for k in ("text", "rodata", "data", "bss")}
        # RAM: .data and .bss less op.c's own input and output buffers
        # (what the library and the caller's key or context take)
        nm = subprocess.run([cross + "nm", "-S", os.path.join(bdir, "size-op%d.elf" % n)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
        bufs = sum(int(f[1], 16) for f in (l.split() for l in nm.splitlines())
                   if len(f) == 4 and f[2] in "bBdD" and f[3] in SIZE_OP_BUFFERS)
        sz["ram"] = sz["data"] + sz["bss"] - bufs
        out[(g, op)] = sz
    return out


def validate(records, platforms, names):
    """Every benchmark gave results on every platform it ran on, and every
    host benchmark that has a peer column names the peer or says why it is
    missing. Raises ReportError with every problem found."""
    problems = []
    for plat in platforms:
        got = set(r.get("bench") or "" for r in records if r["platform"] == plat)
        for b in names:
            if b not in got:
                problems.append("%s: no result from %s" % (plat, b))
    for r in records:
        # a peer that could not be fetched or built is a record with
        # "missing" set: it must say why
        if r.get("missing"):
            if not str(r.get("reason") or "").strip():
                problems.append("%s: peer %s is missing and says not why" % (
                    r.get("platform"), r.get("impl")))
            continue
        for key in ("group", "op", "impl"):
            if not r.get(key):
                problems.append("%s: a record without %s: %r" % (r.get("platform"), key, r))
        if r["platform"] == "host" and host_value(r) is None:
            problems.append("host: %s/%s/%s has no time" % (r.get("group"), r.get("op"),
                                                            r.get("impl")))
        if r["platform"] != "host" and "insns" not in r and not r.get("size_only"):
            problems.append("%s: %s/%s/%s has no instruction count" % (
                r["platform"], r.get("group"), r.get("op"), r.get("impl")))
    if problems:
        raise ReportError("the results are incomplete:\n  " + "\n  ".join(problems))


# ---- targets ---------------------------------------------------------------------

def load_targets(path=None):
    """bench/targets.txt -> [dict(group, platform, profile, op, impl, metric,
    peer, bound, what)]; a malformed line raises ReportError."""
    path = path or os.path.join(ROOT, TARGETS_FILE)
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split(" | ")]
            if len(fields) != 8:
                raise ReportError("%s:%d: %d fields, want 8" % (path, n, len(fields)))
            group, plat, prof, op, impl, metric, bound, what = fields
            peer = None
            m = re.match(r"^vs (\S+) >=$", metric)
            if m:
                peer = m.group(1)
                if plat != "host":
                    raise ReportError("%s:%d: a 'vs' target is for the host" % (path, n))
            elif metric not in TARGET_METRICS:
                raise ReportError("%s:%d: unknown metric %r" % (path, n, metric))
            if prof not in PROFILE_OPT:
                raise ReportError("%s:%d: unknown profile %r" % (path, n, prof))
            try:
                bound = float(bound)
            except ValueError:
                raise ReportError("%s:%d: bound %r is not a number" % (path, n, bound))
            out.append({"group": group, "platform": plat, "profile": prof, "op": op,
                        "impl": impl, "metric": metric, "peer": peer, "bound": bound,
                        "what": what})
    return out


def target_value(t, records):
    """The measured value of target t in this run's records, or None."""
    def row(impl):
        m = [r for r in measured(records) if (r["platform"], r["profile"], r["group"], r["op"],
                                              r["impl"]) ==
             (t["platform"], t["profile"], t["group"], t["op"], impl)]
        return m[0] if m else None
    r = row(t["impl"])
    if r is None:
        return None
    if t["peer"]:
        p = row(t["peer"])
        ours, theirs = host_value(r), host_value(p) if p else None
        return theirs / ours if ours and theirs else None
    if t["metric"] == "stack <=":
        return r.get("stack")
    if t["metric"] == "flash <=":
        return r.get("flash")
    cyc = r.get("cycles_est")
    if cyc is None:
        return None
    if t["metric"] == "cycles/byte <=":
        return cyc / r["bytes"] if r.get("bytes") else None
    return cyc


def check_targets(targets_, records, platforms, profiles, full):
    """-> [(target, value)] for the targets on this run's platforms and
    profiles. In a full run a target without its row raises ReportError."""
    out, problems = [], []
    for t in targets_:
        if t["platform"] not in platforms or t["profile"] not in profiles:
            continue
        v = target_value(t, records)
        if v is None and full:
            problems.append("%s %s: %s/%s/%s%s gave no value" % (
                t["platform"], PROFILE_OPT[t["profile"]], t["group"], t["op"], t["impl"],
                " against " + t["peer"] if t["peer"] else ""))
        out.append((t, v))
    if problems:
        raise ReportError("targets without a result (bench/targets.txt):\n  " +
                          "\n  ".join(problems))
    return out


def target_met(t, v):
    if v is None:
        return None
    return v >= t["bound"] if t["peer"] else v <= t["bound"]


def fmt_target(t, v):
    if v is None:
        return "-"
    if t["peer"]:
        return "%.2fx" % v
    if t["metric"] == "cycles/byte <=":
        return "%.1f" % v
    return fmt_int(v)


def target_table(checked, groups=None):
    """Markdown: the targets of this run, measured against their bounds."""
    rows = [(t, v) for t, v in checked if not groups or t["group"] in groups]
    if not rows:
        return []
    out = ["| target | platform | build | measured | bound | met |",
           "|---|---|---|---:|---:|---|"]
    for t, v in rows:
        if t["peer"]:
            unit = "x %s" % t["peer"]
            bound = ">= %sx %s" % (("%g" % t["bound"]), t["peer"])
        else:
            unit = {"cycles <=": "cycles (est.)", "cycles/byte <=": "cycles/byte (est.)",
                    "stack <=": "bytes of stack", "flash <=": "bytes of flash"}[t["metric"]]
            bound = "<= %s %s" % (fmt_int(t["bound"]) if t["bound"] >= 1000 else
                                  "%g" % t["bound"], unit)
        met = target_met(t, v)
        out.append("| %s | %s | %s | %s | %s | %s |" % (
            t["what"], t["platform"], PROFILE_OPT[t["profile"]], fmt_target(t, v), bound,
            "-" if met is None else ("yes" if met else "**no**")))
    return out


# ---- formatting ----------------------------------------------------------------

def host_value(r):
    """The figure a host row is read by: the minimum over batches, or for
    sampled operations (key generation: random by nature) the median."""
    return r.get("median", r.get("min"))


def fmt_ns(v):
    if v is None:
        return "-"
    if v >= 1e6:
        return "%.2f ms" % (v / 1e6)
    if v >= 1e3:
        return "%.1f µs" % (v / 1e3)
    return "%.1f ns" % v


def fmt_int(v):
    if v is None:
        return "-"
    return "{:,}".format(int(round(v))).replace(",", " ")


def fmt_ratio(peer, ours):
    if not peer or not ours:
        return "-"
    return "%.2f" % (peer / ours)


def ordered(seq):
    out = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


def host_tables(records, groups=None):
    """Markdown: per group, operation x implementation (min time) and the
    ratio of each peer to ctcrypto (above 1: ctcrypto is faster)."""
    host = [r for r in records if r["platform"] == "host"]
    out = []
    for g in ordered(r["group"] for r in host):
        if groups and g not in groups:
            continue
        rows = [r for r in host if r["group"] == g]
        impls = ordered(r["impl"] for r in rows)
        peers = [p for p, _ in PEERS if p in impls]
        ours = [i for i in impls if i not in peers]
        # each peer against the implementation ctcrypto picks on this
        # machine ("ctcrypto", or the last one measured: AES-NI in the aes
        # group), a
        # software peer ("-sw": OpenSSL without AES-NI) against the
        # constant-time software core (the first)
        main = "ctcrypto" if "ctcrypto" in ours else ours[-1]
        pairs = [(p, ours[0] if p.endswith("-sw") else main) for p in peers]
        out += ["### %s (`%s`)" % (GROUP_TITLES.get(g, g), g), "",
                "| operation |" + "".join(" %s |" % i for i in ours + peers) +
                "".join(" %s / %s |" % (dict(PEERS)[p], o) for p, o in pairs),
                "|---|" + "---:|" * (len(ours) + len(peers) + len(pairs))]
        for op in ordered(r["op"] for r in rows):
            d = {r["impl"]: r for r in rows if r["op"] == op}
            cells = [fmt_ns(host_value(d[i])) if i in d else "-" for i in ours + peers]
            cells += [fmt_ratio(host_value(d[p]) if p in d else None,
                                host_value(d[o]) if o in d else None) for p, o in pairs]
            out.append("| %s | %s |" % (op, " | ".join(cells)))
        out.append("")
    return out


# the groups of PERFORMANCE.md's per-core tables (the internals, ct and
# mp, are in their own documents)
CORE_TABLE_SKIP = {"ct", "mp"}


def emu_table_per_core(records, core, profile):
    """Markdown: one core and profile; per operation ctcrypto's
    instructions, cycles, stack and flash, then each peer's cycles and the
    ratio peer / ctcrypto (above 1: ctcrypto is faster)."""
    rows = [r for r in records if r["platform"] == core and r["profile"] == profile and
            not r.get("missing") and r["group"] not in CORE_TABLE_SKIP and
            not r.get("aes_variant")]
    if not rows:
        return []
    key = "cycles_est" if any(r.get("cycles_est") is not None for r in rows) else "insns"
    what = "cycles (est.)" if key == "cycles_est" else "insns"
    ours = [r for r in rows if r["impl"] not in PEER_IMPLS]
    peer_impls = [impl for _, impl in EMU_PEERS if any(r["impl"] == impl for r in rows)]
    out = ["| group | operation | impl | insns | cycles (est.) | stack B | flash B |" +
           "".join(" %s %s | %s / ctcrypto |" % (p, what, p) for p in peer_impls),
           "|---|---|---|---:|---:|---:|---:|" + "---:|---:|" * len(peer_impls)]
    done = set()
    for r in ours:
        cells = [r["group"], r["op"], r["impl"],
                 ("~" if r.get("insns_vary") else "") + fmt_int(r.get("insns")),
                 fmt_int(r.get("cycles_est")), fmt_int(r.get("stack")), fmt_int(r.get("flash"))]
        first = (r["group"], r["op"]) not in done
        done.add((r["group"], r["op"]))
        for p in peer_impls:
            m = [x for x in rows if x["impl"] == p and (x["group"], x["op"]) ==
                 (r["group"], r["op"])] if first else []
            cells.append(fmt_int(m[0].get(key)) if m else "-")
            cells.append(fmt_ratio(m[0].get(key), r.get(key)) if m else "-")
        out.append("| " + " | ".join(cells) + " |")
    # what only the peers measure (a randomised-nonce signature, a key
    # generation row of their own)
    for g, op in ordered((x["group"], x["op"]) for x in rows if x["impl"] in peer_impls):
        if (g, op) in done:
            continue
        cells = [g, op, "-", "-", "-", "-", "-"]
        for p in peer_impls:
            m = [x for x in rows if x["impl"] == p and (x["group"], x["op"]) == (g, op)]
            cells += [fmt_int(m[0].get(key)) if m else "-", "-"]
        out.append("| " + " | ".join(cells) + " |")
    return out


def peer_notes(records, core):
    """One line per peer of a core: version and configuration, or why it
    is missing."""
    out, seen = [], set()
    for r in records:
        if r["platform"] != core or r["impl"] not in PEER_IMPLS:
            continue
        if not r.get("missing") and not r.get("library"):
            continue    # a Debian -dev peer: its benchmark's info line names it
        k = (r["impl"], r.get("missing", False), r["profile"] if r.get("missing") else "")
        if k in seen:
            continue
        seen.add(k)
        if r.get("missing"):
            out.append("- %s (%s): not measured: %s" % (r["impl"], PROFILE_OPT[r["profile"]],
                                                         r["reason"]))
        else:
            out.append("- %s %s: %s" % (r.get("library", r["impl"]), r.get("version", ""),
                                        r.get("config", "")))
    return out


def measured(records):
    """The records with numbers (not the missing peers' reasons)."""
    return [r for r in records if not r.get("missing")]


def emu_table_per_group(records, group, cores, profile):
    """Markdown: one group, one profile, every core side by side."""
    rows = [r for r in measured(records) if r["group"] == group and r["profile"] == profile and
            r["platform"] in cores and not r.get("aes_variant")]
    cores = [c for c in cores if any(r["platform"] == c for r in rows)]
    if not rows:
        return []
    out = ["| operation | impl |" + "".join(" %s insns | %s cycles (est.) |" % (c, c)
                                             for c in cores),
           "|---|---|" + "---:|---:|" * len(cores)]
    for op, impl in ordered((r["op"], r["impl"]) for r in rows):
        cells = []
        for c in cores:
            m = [r for r in rows if r["platform"] == c and (r["op"], r["impl"]) == (op, impl)]
            r = m[0] if m else {}
            cells.append(("~" if r.get("insns_vary") else "") + fmt_int(r.get("insns")))
            cells.append(fmt_int(r.get("cycles_est")))
        out.append("| %s | %s | %s |" % (op, impl, " | ".join(cells)))
    stack = ["| core | largest stack (bytes) | operation |", "|---|---:|---|"]
    for c in cores:
        mine = [x for x in rows if x["platform"] == c and x["impl"] not in PEER_IMPLS]
        if mine:
            r = max(mine, key=lambda x: x.get("stack") or 0)
            stack.append("| %s | %s | %s |" % (c, fmt_int(r.get("stack")), r["op"]))
    return out + [""] + stack


def aes_tradeoff_table(records, cores):
    """Markdown: per core and profile, the constant-time core of the main
    build (ct-sw) and each table core (AES_TABLE=...): constant time or
    not, flash and RAM of the AES-128-GCM image, cycles of the key
    schedule and of one block, cycles per byte of CTR and GCM."""
    rows = [r for r in measured(records) if r["platform"] in cores and r["group"] == "aes" and
            r["op"] in AES_TRADEOFF_OPS and (r["impl"] == "ct-sw" or r.get("aes_variant"))]
    if not rows:
        return []
    out = ["| core | build | AES core | constant time | flash B | RAM B | key schedule | "
           "1 block | CTR cycles/byte | GCM cycles/byte |",
           "|---|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for c in cores:
        for prof in ("fast", "small"):
            mine = [r for r in rows if (r["platform"], r["profile"]) == (c, prof)]
            key = "cycles_est" if any(r.get("cycles_est") is not None for r in mine) \
                else "insns"
            for impl in ordered(r["impl"] for r in mine):
                d = {r["op"]: r for r in mine if r["impl"] == impl}
                img = d.get(AES_TRADEOFF_IMAGE, {}).get("size")

                def per(op, nbytes=False):
                    r = d.get(op)
                    if not r or r.get(key) is None:
                        return "-"
                    if nbytes:
                        return "%.1f" % (r[key] / r["bytes"]) if r.get("bytes") else "-"
                    return fmt_int(r[key])
                out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    c, PROFILE_OPT[prof], impl, "no" if impl.startswith("table") else "yes",
                    fmt_int(img["text"] + img["rodata"]) if img else "-",
                    fmt_int(img["ram"]) if img else "-",
                    per("AES-128 key schedule"), per("AES-128 encrypt 1 block"),
                    per("AES-128-CTR 4 KiB", True), per("AES-128-GCM encrypt 4 KiB", True)))
    return out


AES_TRADEOFF_NOTE = (
    "The constant-time core of the default build (`ct-sw`: the 32-bit bitsliced core on these "
    "targets) and the opt-in table cores "
    "(`AES_TABLE=flash|unrolled|ram|sbox`, built for this table; **not constant time**, "
    "docs/aes.md), each measured in its own build on every core. Cycles: estimated "
    "(instructions where the core has no model), AES-128. Flash: `.text` and read-only data "
    "of an image that calls AES-128-GCM encryption alone (key schedule, core, CTR, GHASH, "
    "GCM; `tests/size/op.c`) minus an empty image; RAM: the image's `.data` and `.bss` "
    "without the test's own buffers: the caller's `ctc_aes_key` (the round keys) and the "
    "RAM core's tables. GCM's GHASH is the constant-time one in every build.")


def composites(records):
    """-> [(composite name, platform, profile, impl, value, unit, parts)]
    for every platform/profile/impl that has every part."""
    out = []
    records = measured(records)
    plats = ordered((r["platform"], r["profile"]) for r in records)
    for name, parts in COMPOSITES:
        for plat, prof in plats:
            rows = [r for r in records if (r["platform"], r["profile"]) == (plat, prof)]
            key = "min" if plat == "host" else "cycles_est"
            for impl in ordered(r["impl"] for r in rows):
                vals = []
                for g, op in parts:
                    m = [r for r in rows if (r["group"], r["op"], r["impl"]) == (g, op, impl)]
                    if not m or m[0].get(key) is None:
                        break
                    vals.append(m[0][key])
                if len(vals) == len(parts):
                    out.append((name, plat, prof, impl, sum(vals),
                                "ns" if plat == "host" else "cycles (est.)", vals))
    return out


def composite_tables(comps):
    out = []
    for name, parts in COMPOSITES:
        rows = [c for c in comps if c[0] == name]
        if not rows:
            continue
        out += ["#### %s" % name, "",
                "Parts: " + ", ".join("%s `%s`" % (g, op) for g, op in parts) + ".", "",
                "| platform | build | library | total | " +
                " | ".join("ms at %d MHz" % f for f in CLOCKS_MHZ) + " | against ctcrypto |",
                "|---|---|---|---:|" + "---:|" * len(CLOCKS_MHZ) + "---:|"]
        for _, plat, prof, impl, total, unit, _ in rows:
            base = [c[4] for c in rows if c[1:3] == (plat, prof) and c[3] == "ctcrypto"]
            if plat == "host":
                cells = [fmt_ns(total)] + ["-"] * len(CLOCKS_MHZ)
            else:
                cells = [fmt_int(total) + " cycles (est.)"] + \
                    ["%.1f" % (total / (f * 1e3)) for f in CLOCKS_MHZ]
            cells.append("%.2fx" % (total / base[0]) if base else "-")
            out.append("| %s | %s | %s | %s |" % (plat, PROFILE_OPT.get(prof, prof), impl,
                                                   " | ".join(cells)))
        out.append("")
    return out


def terminal_summary(records, comps):
    lines = []
    host = [r for r in records if r["platform"] == "host"]
    if host:
        lines.append("host (min time per operation; ratio = peer / ctcrypto, above 1: "
                     "ctcrypto faster)")
        for g in ordered(r["group"] for r in host):
            for op in ordered(r["op"] for r in host if r["group"] == g):
                d = {r["impl"]: host_value(r) for r in host if (r["group"], r["op"]) == (g, op)}
                base = d.get("ctcrypto")
                peers = ["%s %s (%s)" % (p, fmt_ns(d[p]), fmt_ratio(d[p], base))
                         for p, _ in PEERS if p in d]
                main = " ".join("%s %s" % (i, fmt_ns(v)) for i, v in d.items()
                                if i not in dict(PEERS))
                lines.append("  %-5s %-40s %s  %s" % (g, op[:40], main, "  ".join(peers)))
    for c in comps:
        name, plat, prof, impl, total, unit, _ = c
        lines.append("%s, %s %s, %s: %s" % (name, plat, PROFILE_OPT.get(prof, prof), impl,
                                           fmt_ns(total) if plat == "host" else
                                           fmt_int(total) + " cycles (est.)"))
    return lines


# ---- documents -------------------------------------------------------------------

def git_describe():
    p = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return p.stdout.decode().strip() or "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def doc_header(title, meta):
    return ["# " + title, "",
            "Generated by `make bench` (`tools/report.py`) at commit `%s` on %s; do not edit."
            % (meta["commit"], meta["date"]), ""]


def model_error(core):
    """The calibration of core's cycle model (tools/cycles/calib.py): a
    phrase with the range of model / published hardware cycles over its
    calibration points, or None where the core has no model."""
    rs = [ratio for p, _, _, ratio in calib.evaluate(core=core) if p["kind"] == "cal"]
    if not rs:
        return None
    return ("model / hardware %.3f .. %.3f on %d published measurement%s" % (
        min(rs), max(rs), len(rs), "" if len(rs) == 1 else "s"))


def model_lines(cores):
    """One line per core: its cycle model's calibration, or that it has none."""
    out = []
    for c in cores:
        e = model_error(c)
        out.append("- %s: %s" % (c, ("cycles estimated, " + e) if e else
                                 "no cycle model: instructions only"))
    return out


def estimate_note():
    return ("Emulated cores: instructions per operation are exact (QEMU with the counting "
            "plugin, `tools/qemu/ctplug.c`); cycles are **estimates** from the per-core "
            "timing models of `tools/cycles` (calibration and error: `docs/cycles.md`), "
            "never measurements; a core without a model has no cycle column. Stack: the "
            "painted high-water mark of the operation. Flash: code, read-only data and "
            "initialised data of an image that calls only that operation "
            "(`tests/size/op.c`, `--gc-sections`) minus an image that calls nothing. "
            "`~`: the instruction count varies between iterations (code that branches on "
            "its data: the plain-C baselines).")


def host_note(meta):
    return ("Host: %s (%s, %d CPUs). gcc -O2, the default build; the minimum time per "
            "operation over batches (min/mean/max in the JSON), the libraries one after the "
            "other in the same process; key generation, random by nature, is the median "
            "CPU time over one key per sample. Ratios: peer time / ctcrypto time (above 1: "
            "ctcrypto is faster)." % (meta["cpu"], meta["machine"], meta["cpus"]))


TARGETS_NOTE = ("The project's speed targets (`bench/targets.txt`), each against this run's "
                "row: estimated cycles on the emulated cores, and on the host the peer's time "
                "divided by ctcrypto's (ctcrypto's throughput against the peer's).")


def write_docs(records, infos, meta, cores, charts, doc_dir, tls_recs=(), checked=()):
    written = []
    comps = composites(records)
    doc = doc_header("Performance", meta)
    doc += ["Every number here comes from one run of `make bench`; the JSON of every result "
            "is in `build/report/results.json` after the run. Per family: " +
            ", ".join("[`%s`](%s-bench.md)" % (g, g)
                      for g in ordered(r["group"] for r in measured(records))) + ".", ""]
    if checked:
        doc += ["## Targets", "", TARGETS_NOTE, ""] + target_table(checked) + [""]
        tc = ordered(t["platform"] for t, _ in checked if t["platform"] != "host")
        if tc:
            doc += ["The cycle models' calibration (docs/cycles.md):", ""] + model_lines(tc) + [""]
    doc += ["## TLS handshake crypto", ""]
    if tls_recs:
        doc += ["### Whole handshakes on the emulated cores", "",
                "A complete TLS 1.2 and TLS 1.3 handshake between an mbedTLS %s client and "
                "server in one bare-metal image (ECDHE P-256, an ECDSA P-256 chain, "
                "AES-128-GCM), once with stock mbedTLS and once with ctcrypto underneath "
                "(`tools/tls_emu.py`; per side, what its handshake steps execute; details, "
                "profiles and stack in [tls-handshake.md](tls-handshake.md), configuration in "
                "docs/tls.md)." % meta.get("tls_mbedtls", ""), ""]
        doc += tls_emu.summary_lines(tls_recs)
    elif meta.get("tls_missing"):
        doc += ["### Whole handshakes on the emulated cores", "",
                "Not measured in this run: %s." % meta["tls_missing"], ""]
    doc += ["### Sums of a handshake's operations", "",
            "The sums below add up the public-key operations of a client's handshake, "
            "from the benchmarks' rows, for every library that has them.", ""]
    doc += composite_tables(comps)
    if "composite.svg" in charts:
        doc += ["![composite per core](perf-composite.svg)", ""]
    if any(r["platform"] == "host" for r in records):
        doc += ["## Host", "", host_note(meta), ""]
        for b, lines in sorted(infos.items()):
            doc += ["`%s`: %s" % (b, "; ".join(lines)) if lines else "`%s`" % b, ""]
        doc += ["Built here from Debian source packages (`tools/peers.py`, "
                "`docs/peers.md`), each timed in its own process:", ""]
        doc += peer_notes(records, "host") + [""]
        doc += host_tables(records)
    if cores:
        doc += ["## Emulated cores", "", estimate_note(), ""]
        for c in cores:
            if not any(r["platform"] == c for r in records):
                continue
            doc += ["### %s" % c, ""]
            doc += ["`%s`" % i for i in meta["emu_info"].get(c, [])] + [""]
            e = model_error(c)
            doc += ["Cycle model: %s." % ("estimates, " + e if e else "none (instructions only)"),
                    ""]
            doc += ["Peers (built from Debian's source packages for this core with the "
                    "same compiler and flags, `docs/peers.md`):", ""] + peer_notes(records, c) + [""]
            for prof in ("fast", "small"):
                t = emu_table_per_core(records, c, prof)
                if t:
                    doc += ["#### %s, gcc %s" % (c, PROFILE_OPT[prof]), ""] + t + [""]
            if "%s.svg" % c in charts:
                doc += ["![%s](perf-%s.svg)" % (c, c), ""]
    path = os.path.join(doc_dir, "PERFORMANCE.md")
    with open(path, "w") as f:
        f.write("\n".join(doc))
    written.append(path)
    if tls_recs:
        path = os.path.join(doc_dir, "tls-handshake.md")
        tls_emu.write_doc(path, tls_recs, meta["tls_mbedtls"])
        written.append(path)
    for g in ordered(r["group"] for r in measured(records)):
        d = doc_header("Benchmarks: %s" % GROUP_TITLES.get(g, g), meta)
        d += ["The `%s` rows of [PERFORMANCE.md](PERFORMANCE.md), all cores side by side." % g,
              ""]
        t = target_table(checked, {g})
        if t:
            d += ["## Targets", "", TARGETS_NOTE, ""] + t + [""]
            tc = ordered(x["platform"] for x, _ in checked
                         if x["group"] == g and x["platform"] != "host")
            if tc:
                d += ["The cycle models' calibration (docs/cycles.md):", ""] + \
                    model_lines(tc) + [""]
        if any(r["platform"] == "host" and r["group"] == g for r in records):
            d += ["## Host", "", host_note(meta), ""] + host_tables(records, {g})
        for prof in ("fast", "small"):
            t = emu_table_per_group(records, g, cores, prof)
            if t:
                d += ["## Emulated cores, gcc %s" % PROFILE_OPT[prof], "", estimate_note(), ""]
                d += ["Cycle models:", ""] + model_lines(cores) + [""]
                d += t + [""]
        if g == "aes":
            t = aes_tradeoff_table(records, cores)
            if t:
                d += ["## The AES cores side by side", "", AES_TRADEOFF_NOTE, ""] + t + [""]
        path = os.path.join(doc_dir, "%s-bench.md" % g)
        with open(path, "w") as f:
            f.write("\n".join(d))
        written.append(path)
    return written


def draw_charts(json_path, cores, doc_dir):
    """tools/report_charts.py under a Python that has matplotlib (Debian's
    python3-matplotlib is for /usr/bin/python3). -> names drawn, or a
    reason."""
    for py in (sys.executable, "/usr/bin/python3"):
        if not py or not os.path.exists(py):
            continue
        ok = subprocess.run([py, "-c", "import matplotlib"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).returncode == 0
        if ok:
            p = subprocess.run([py, os.path.join(HERE, "report_charts.py"), json_path,
                                doc_dir] + cores, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.decode("utf-8", "replace")
            if p.returncode != 0:
                raise ReportError("charts: tools/report_charts.py failed:\n" + out[-2000:])
            return [l.split()[1] for l in out.splitlines() if l.startswith("drew ")], ""
    return [], "no Python with matplotlib (Debian: python3-matplotlib)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="host only, short batches")
    ap.add_argument("--cores", default="", help="comma-separated bare-metal cores "
                    "(default: every one; 'none' for the host only)")
    ap.add_argument("--profiles", default="fast,small")
    ap.add_argument("--no-host", action="store_true")
    ap.add_argument("--no-docs", action="store_true")
    ap.add_argument("--no-tls", action="store_true",
                    help="leave out the whole handshakes (tools/tls_emu.py)")
    ap.add_argument("--json", default=os.path.join(OUT_DIR, "results.json"))
    a = ap.parse_args()
    t0 = time.time()
    all_cores = targets.baremetal()
    if a.quick or a.cores == "none":
        cores = []
    elif a.cores:
        cores = [c for c in a.cores.split(",") if c]
        bad = [c for c in cores if c not in all_cores]
        if bad:
            raise SystemExit("report: unknown core(s) %s; one of %s" % (bad, all_cores))
    else:
        cores = all_cores
    profiles = [p for p in a.profiles.split(",") if p]
    meta = {"commit": git_describe(), "date": datetime.date.today().isoformat(),
            "cpu": cpu_model(), "machine": platform.machine(), "cpus": os.cpu_count() or 0,
            "quick": a.quick, "cores": cores, "profiles": profiles, "emu_info": {}}
    records, infos, tls_recs = [], {}, []
    try:
        if not a.no_host:
            recs, infos = run_host(a.quick, os.path.join(OUT_DIR, "host"))
            records += recs
        jobs = [(c, p) for c in cores for p in profiles]
        tls_jobs = [] if a.no_tls else [(c, p) for c, p in jobs if c in TLS_CORES]
        if jobs:
            # the peers' sources are fetched and unpacked once, here, before
            # two builds at a time would unpack the same tree at once (a
            # failure is remembered and becomes each core's reason)
            for lib, _ in EMU_PEERS:
                try:
                    peers.fetch(peers.LIBS[lib][0], ROOT)
                except peers.PeerError:
                    pass
            tls = None
            if tls_jobs:
                try:
                    tls = tls_emu.prepare()
                    meta["tls_mbedtls"] = tls[1]
                except (tls_emu.ToolError, OSError, subprocess.SubprocessError) as e:
                    meta["tls_missing"] = str(e)
                    log("TLS handshakes: not measured: %s" % e)
                    tls_jobs = []
            total = len(jobs) + len(tls_jobs)
            log("emulated cores: %d builds (%s; %s)%s, two at a time" % (
                len(jobs), ", ".join(cores), ", ".join(PROFILE_OPT[p] for p in profiles),
                "; and the TLS handshakes on %d of them" % len(tls_jobs) if tls_jobs else ""))
            with concurrent.futures.ThreadPoolExecutor(2) as ex:
                futs = {ex.submit(run_emu, c, p): ("bench", c, p) for c, p in jobs}
                futs.update({ex.submit(run_tls, c, p, tls): ("tls", c, p) for c, p in tls_jobs})
                done = 0
                for fut in concurrent.futures.as_completed(futs):
                    kind, c, p = futs[fut]
                    done += 1
                    if kind == "tls":
                        recs, secs = fut.result()
                        log("  [%d/%d] %s %s, TLS 1.2 and 1.3 handshakes: %d sides (%.0f s)"
                            % (done, total, c, PROFILE_OPT[p], len(recs), secs))
                        tls_recs += recs
                        continue
                    recs, info, secs = fut.result()
                    log("  [%d/%d] %s %s: %d results (%.0f s)" % (done, total, c,
                                                                  PROFILE_OPT[p], len(recs), secs))
                    records += recs
                    meta["emu_info"].setdefault(c, [])
                    meta["emu_info"][c] = sorted(set(meta["emu_info"][c]) | set(info))
        plats = (["host"] if not a.no_host else []) + cores
        validate(records, plats, benches())
        full = (not a.no_host and not a.quick and cores == all_cores and
                sorted(profiles) == sorted(PROFILE_OPT))
        checked = check_targets(load_targets(), records, plats, profiles, full)
        comps = composites(records)
        meta["elapsed_s"] = round(time.time() - t0, 1)
        os.makedirs(os.path.dirname(os.path.join(ROOT, a.json)), exist_ok=True)
        with open(os.path.join(ROOT, a.json), "w") as f:
            json.dump({"meta": meta, "host_info": infos, "records": records,
                       "tls_records": tls_recs}, f, indent=1, sort_keys=True)
        log("")
        for line in terminal_summary(records, comps):
            log(line)
        for t, v in checked:
            met = target_met(t, v)
            log("target: %s, %s %s: %s (%s %g) %s" % (
                t["what"], t["platform"], PROFILE_OPT[t["profile"]], fmt_target(t, v),
                t["metric"].replace("vs ", "x "), t["bound"],
                "-" if met is None else ("met" if met else "NOT MET")))
        if tls_recs:
            log("whole handshakes, stock mbedTLS %s / ctcrypto underneath:" % meta["tls_mbedtls"])
            for line in tls_emu.summary_lines(tls_recs)[2:]:
                if line.strip() and not line.startswith("|---"):
                    log("  " + line.strip("| ").replace(" | ", "  "))
        if not a.no_docs and not a.quick:
            # a full run (host, every core, both profiles) writes docs/; a
            # partial one its own copy under build/report/docs
            doc_dir = os.path.join(ROOT, "docs") if full else \
                os.path.join(ROOT, OUT_DIR, "docs")
            os.makedirs(doc_dir, exist_ok=True)
            charts, why = draw_charts(os.path.join(ROOT, a.json), cores, doc_dir)
            if why:
                log("charts: none drawn: " + why)
            for p in write_docs(records, infos, meta, cores, charts, doc_dir, tls_recs,
                                checked):
                log("wrote " + os.path.relpath(p, ROOT))
    except ReportError as e:
        sys.stderr.write("report: FAILED: %s\n" % e)
        return 1
    log("results: %s; elapsed %.0f s" % (a.json, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
