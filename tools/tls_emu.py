#!/usr/bin/env python3
"""tls_emu.py - the TLS handshake on an emulated core: stock mbedTLS 3.6
against mbedTLS with ctcrypto underneath, in estimated cycles (make
bench-tls; docs/tls.md "The handshake on a microcontroller").

  tls_emu.py [--cores cortex-m4] [--profiles small] [--offline] [--doc docs/tls-handshake.md]

1. mbedTLS from Debian's source package (tools/peers.py's fetch); if it
   cannot be had, says why and exits 1.
2. Certificates made by the openssl command into the build directory,
   two chains (ECDSA P-256 and RSA-2048, each signed with SHA-256: a CA
   and a server certificate for localhost, the server's key, a copy of
   the server certificate with its signature's last byte flipped),
   written as DER arrays into a generated tls_certs.c there.
3. For each core and profile, two images of bench/tls_handshake.c:
   "stock" (mbedTLS with integrations/mbedtls/baremetal_config.h) and
   "ctcrypto" (the same plus ctc_mbedtls_config.h, the glue with its RSA
   fallback, mbedTLS's rsa.c compiled again and renamed as tls.py does,
   and ctcrypto's library built by its own make with CTC_RSA_MAX_BITS =
   RSA_MAX_BITS: make install into the build directory). mbedTLS's sources get the target's library flags
   (peers.target_vars, peers.lib_flags) and newlib's memcpy family as the
   peer benchmark does (peers.libc_memfuncs).
4. Each image runs once under QEMU with the plugin (emu_bench.run_plugin:
   the per-mnemonic features for the cycle model, and the per-address
   profile): every mbedtls_ssl_handshake_step call is one region; the
   regions of each side are summed. The profile is grouped by the object
   file each address was linked from (the linker map). The tool fails if
   a handshake did not complete, its checks (peer chain verified,
   application data both ways) did not hold, or the tampered certificate
   was not refused.
Writes build/tls-emu/results.json (one record per core, profile, variant,
version and side) and the generated markdown file.
"""
import argparse
import bisect
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import emu_bench  # noqa: E402
import peers  # noqa: E402
import tls  # noqa: E402

OUT = os.path.join(ROOT, "build", "tls-emu")
GLUE_DIR = os.path.join(ROOT, "integrations", "mbedtls")
CONFIG = os.path.join(GLUE_DIR, "baremetal_config.h")
GLUE_SRCS = ["ctc_mbedtls.c", "ctc_mbedtls_sha2.c", "ctc_mbedtls_aes.c", "ctc_mbedtls_gcm.c",
             "ctc_psa_p256.c", "ctc_mbedtls_rsa.c"]
PROGRAM = os.path.join("bench", "tls_handshake.c")
VARIANTS = ("stock", "ctcrypto")
# the handshakes of one image, as the program labels them: the TLS version,
# and "-rsa" for the RSA-2048 certificate chain (the ECDSA P-256 one
# otherwise)
VERSIONS = ("1.2", "1.3", "1.2-rsa", "1.3-rsa")


def chain_of(ver):
    """the certificate chain of a handshake label"""
    return "RSA-2048" if ver.endswith("-rsa") else "ECDSA P-256"
# the largest RSA key ctcrypto takes in the image (the chain's RSA-2048):
# it sizes the RSA key structs and scratch on the stack (docs/rsa.md);
# larger keys go to the glue's fallback, mbedTLS's own RSA on the heap
RSA_MAX_BITS = 2048
CLOCKS_MHZ = (64, 240)
GOAL = 5
GOAL_AT = ("cortex-m4", "small")

# the linked objects of each group of the profile (mbedTLS's archive
# members, the glue's, ctcrypto's by its source directory)
MBEDTLS_PK = {"bignum", "bignum_core", "bignum_mod", "bignum_mod_raw", "ecp", "ecp_curves",
              "ecp_curves_new", "ecdsa", "ecdh", "constant_time", "psa_util", "rsa",
              "rsa_alt_helpers"}
MBEDTLS_HASH = {"sha256", "sha512", "md", "hmac_drbg", "hkdf", "psa_crypto_hash"}
MBEDTLS_SYM = {"aes", "gcm", "cipher", "cipher_wrap", "psa_crypto_aead", "psa_crypto_cipher",
               "block_cipher"}
CTC_PK_DIRS = ("ec", "mp", "ct", "asn1", "rsa")


class ToolError(Exception):
    pass


def run(cmd, what, cwd=ROOT, timeout=1800):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, timeout=timeout)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        raise ToolError("%s failed (exit %d): %s" % (what, p.returncode, out[-2500:]))
    return out


def get_mbedtls(offline=False):
    """-> (tree, Debian version); ToolError saying why when the source
    package cannot be had."""
    try:
        return peers.fetch("mbedtls", ROOT, offline)
    except peers.PeerError as e:
        raise ToolError("the mbedTLS source package is not available: %s" % e)


# ---- certificates ---------------------------------------------------------------

def c_array(name, data):
    lines = ["const unsigned char %s[] = {" % name]
    for i in range(0, len(data), 12):
        lines.append("    " + " ".join("0x%02x," % b for b in data[i:i + 12]))
    lines.append("};")
    lines.append("const size_t %s_len = %d;" % (name, len(data)))
    return "\n".join(lines) + "\n"


def make_chain(d, prefix, keyargs, label):
    """One chain made fresh by the openssl command in d: a CA, a server
    certificate for localhost signed by it with SHA-256, the server's key
    and the server certificate with the last byte of its signature
    flipped (openssl verify must refuse it). -> the four DER strings."""
    j = lambda x: os.path.join(d, prefix + x)  # noqa: E731
    run(["openssl", "req", "-x509"] + keyargs + ["-keyout", j("ca.key"), "-out", j("ca.pem"),
         "-days", "3650", "-subj", "/CN=ctcrypto bench CA " + label, "-sha256"],
        "openssl CA " + label)
    run(["openssl", "req"] + keyargs + ["-keyout", j("srv.key"), "-out", j("srv.csr"),
         "-subj", "/CN=localhost"], "openssl server key " + label)
    with open(j("srv.ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n")
    run(["openssl", "x509", "-req", "-in", j("srv.csr"), "-CA", j("ca.pem"), "-CAkey", j("ca.key"),
         "-CAcreateserial", "-out", j("srv.pem"), "-days", "3650", "-sha256",
         "-extfile", j("srv.ext")], "openssl server certificate " + label)

    def der(args):
        p = subprocess.run(["openssl"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0 or not p.stdout:
            raise ToolError("openssl %s failed: %s" % (" ".join(args), p.stderr.decode()[-500:]))
        return p.stdout
    ca = der(["x509", "-in", j("ca.pem"), "-outform", "DER"])
    srv = der(["x509", "-in", j("srv.pem"), "-outform", "DER"])
    key = der(["pkey", "-in", j("srv.key"), "-outform", "DER"])
    bad = bytearray(srv)
    bad[-1] ^= 0x01                 # the last byte of the signature BIT STRING
    with open(j("bad.der"), "wb") as f:
        f.write(bad)
    p = subprocess.run(["openssl", "verify", "-CAfile", j("ca.pem"), j("bad.der")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode == 0:
        raise ToolError("openssl verify accepts the tampered %s certificate" % label)
    return ca, srv, key, bytes(bad)


def make_certs(d):
    """The two chains (ECDSA P-256 and RSA-2048, each: CA, server
    certificate and key, tampered copy), made fresh by the openssl
    command; -> tls_certs.c"""
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    chains = [("tls_", make_chain(d, "", ["-newkey", "ec", "-pkeyopt",
                                          "ec_paramgen_curve:P-256", "-nodes"], "P-256")),
              ("tls_rsa_", make_chain(d, "rsa-", ["-newkey", "rsa:2048", "-nodes"],
                                      "RSA-2048"))]
    src = os.path.join(d, "tls_certs.c")
    with open(src, "w") as f:
        f.write("/* generated by tools/tls_emu.py from certificates the openssl command made;\n"
                " * not committed, never edited by hand */\n#include <stddef.h>\n\n")
        for pre, (ca, srv, key, bad) in chains:
            for name, data in (("ca_der", ca), ("srv_der", srv), ("srv_key_der", key),
                               ("bad_der", bad)):
                f.write(c_array(pre + name, data))
    return src


# ---- building -------------------------------------------------------------------

def digest(paths, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def compile_all(jobs, deps):
    """jobs: [(command, object, what)], the source being the argument
    before -o; an object is rebuilt when its command, its source or the
    content of deps changed (-j2 at most)."""
    key = digest(deps)

    def one(job):
        cmd, o, what = job
        stamp = o + ".cmd"
        line = " ".join(cmd) + "\n" + key + " " + digest([cmd[cmd.index("-o") - 1]])
        if os.path.exists(o) and os.path.exists(stamp) and open(stamp).read() == line:
            return
        run(cmd, what)
        with open(stamp, "w") as f:
            f.write(line)
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        for f in [ex.submit(one, j) for j in jobs]:
            f.result()


def rename_memfuncs(cross, objs):
    """mbedTLS's (and the glue's) memcpy family go to the toolchain's C
    library copies, as in the peer benchmark (docs/peers.md)"""
    for o in objs:
        run([cross + "objcopy"] + [x for f in peers.MEMFUNCS
                                   for x in ("--redefine-sym", "%s=peer_%s" % (f, f))] + [o],
            "objcopy " + os.path.basename(o))


def build_ctcrypto(core, profile, d):
    """ctcrypto's library for the core, by its own make (make install into
    d), with RSA up to RSA_MAX_BITS (in its own build directory, beside d,
    since the flag is not in make's default one). -> (archive, the
    pkg-config Cflags' definitions, which carry CTC_RSA_MAX_BITS to the
    glue)"""
    run(["nice", "make", "--no-print-directory", "-s", "-j2", "TARGET=" + core,
         "PROFILE=" + profile, "CFLAGS=-DCTC_RSA_MAX_BITS=%d" % RSA_MAX_BITS,
         "BUILD=" + os.path.relpath(os.path.join(os.path.dirname(d), "ctcrypto-build"), ROOT),
         "PREFIX=" + d, "install"], "ctcrypto make install", timeout=3600)
    pc = open(os.path.join(d, "lib", "pkgconfig", "ctcrypto.pc")).read()
    m = re.search(r"^Cflags:(.*)$", pc, re.M)
    defs = [f for f in shlex.split(m.group(1) if m else "") if f.startswith("-D")]
    return os.path.join(d, "lib", "libctcrypto.a"), defs


def build_image(tree, v, core, profile, variant, certs_c, ctc):
    d = os.path.join(OUT, "%s-%s" % (core, profile), variant)
    objdir = os.path.join(d, "obj")
    os.makedirs(objdir, exist_ok=True)
    cc = shlex.split(v["CC"])
    cross = cc[0][:-3] if cc[0].endswith("gcc") else ""
    flags = peers.lib_flags(v)
    inc = ["-I" + os.path.join(tree, "include"), "-I" + os.path.join(tree, "library"),
           '-DMBEDTLS_CONFIG_FILE="%s"' % CONFIG]
    deps = [CONFIG]
    if variant == "ctcrypto":
        inc += ["-I" + GLUE_DIR, "-I" + os.path.join(ctc[2], "include"),
                '-DMBEDTLS_USER_CONFIG_FILE="ctc_mbedtls_config.h"'] + ctc[1]
        deps += [os.path.join(GLUE_DIR, x) for x in ("ctc_mbedtls_config.h", "sha256_alt.h",
                                                       "sha512_alt.h", "aes_alt.h", "gcm_alt.h",
                                                       "rsa_alt.h")]
    srcs = sorted(glob.glob(os.path.join(tree, "library", "*.c")))
    if len(srcs) < 50:
        raise ToolError("mbedTLS's library/ is missing from the source package")
    jobs, objs = [], []
    for s in srcs:
        o = os.path.join(objdir, os.path.basename(s)[:-2] + ".o")
        jobs.append((["nice"] + cc + flags + inc + peers.SHIMS + ["-c", s, "-o", o], o,
                     "compiling " + os.path.basename(s)))
        objs.append(o)
    glue = []
    if variant == "ctcrypto":
        for g in GLUE_SRCS:
            o = os.path.join(objdir, "glue_" + g[:-2] + ".o")
            jobs.append((["nice"] + cc + flags + ["-Wall", "-Wextra", "-Werror"] + inc +
                         peers.SHIMS + ["-c", os.path.join(GLUE_DIR, g), "-o", o], o,
                         "compiling " + g))
            glue.append(o)
    t0 = time.time()
    compile_all(jobs, deps)
    if variant == "ctcrypto":
        # the RSA fallback: mbedTLS's rsa.c again, renamed (tls.py)
        glue += tls.build_rsa_fallback(tree, ["nice"] + cc + flags + peers.SHIMS, objdir,
                                       cross, inc)
    # renamed copies, so that a cached object is never renamed twice
    ren = []
    for o in objs + glue:
        r = o[:-2] + ".r.o"
        shutil.copy(o, r)
        ren.append(r)
    rename_memfuncs(cross, ren)
    mem, memobjs = peers.libc_memfuncs(cc, flags, cross, d)
    if not memobjs:
        o = os.path.join(objdir, "peer_libc.o")
        run(cc + flags + ["-c", os.path.join("bench", "peers", "peer_libc.c"), "-o", o],
            "compiling peer_libc.c")
        memobjs = [o]
    archives = {}
    for name, members in (("mbedtls", ren[:len(objs)] + memobjs), ("ctcglue", ren[len(objs):])):
        if not members:
            continue
        a = os.path.join(d, "lib%s.a" % name)
        if os.path.exists(a):
            os.remove(a)
        run([cross + "ar", "rcs", a] + members, "ar " + name)
        archives[name] = a
    if variant == "ctcrypto":
        # the _ALT macros took mbedTLS's own versions out (as tls.py checks
        # on the host): the image can only link the glue's
        defined = set(run([cross + "nm", "--defined-only", archives["mbedtls"]], "nm").split())
        left = [x for x in tls.GLUE_SYMBOLS if x in defined]
        if left:
            raise ToolError("mbedTLS's archive still defines %s" % ", ".join(left))
    img = os.path.join(d, "tls_handshake.elf")
    # the glue, mbedTLS and ctcrypto refer to each other: one group
    link = ["-Wl,--start-group", archives.get("ctcglue"), archives["mbedtls"],
            ctc[0] if variant == "ctcrypto" else None, "-Wl,--end-group"]
    img_flags = shlex.split(v["IMG_CFLAGS"])
    run(cc + img_flags + inc + peers.SHIMS +
        (["-DTLS_BENCH_CTCRYPTO"] if variant == "ctcrypto" else []) +
        [PROGRAM, certs_c] + shlex.split(v["EMU_SRCS"]) + [x for x in link if x] +
        shlex.split(v["IMG_LDFLAGS"]) + shlex.split(v["TARGET_LIBGCC"]) +
        ["-Wl,-Map," + img[:-4] + ".map", "-o", img], "linking " + variant)
    return img, mem, time.time() - t0


# ---- measuring ------------------------------------------------------------------

_MAPIN = re.compile(r"^ (\.text\S*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)\s*$")


def text_owners(mapfile):
    """-> sorted [(start, end, owner)] of the code input sections of the
    image (owner: 'archive(member)' or the object's path), from the map"""
    out, started, sec = [], False, None
    with open(mapfile) as f:
        for line in f:
            if not started:
                started = line.startswith("Linker script and memory map")
                continue
            m = re.match(r"^ (\.\S+)", line)
            if m:
                sec = m.group(1)
            mm = re.match(r"^ (?:\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)\s*$", line)
            if mm and sec and sec.startswith(".text"):
                a, n = int(mm.group(1), 16), int(mm.group(2), 16)
                if n:
                    out.append((a, a + n, mm.group(3)))
            elif line.strip() and not line.startswith(" "):
                sec = None
    out.sort()
    return out


def symbols(nm, img):
    """-> sorted [(address, name)] of the functions (Thumb bit cleared)"""
    out = []
    for line in run([nm, "--defined-only", "-n", img], "nm").splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in "tTwW":
            out.append((int(p[0], 16) & ~1, p[2]))
    out.sort()
    return out


_CTC_DIRS = {}


def ctc_dir(member):
    """the directory of src/ an object of ctcrypto's archive is built from
    (its C file or an assembly file under arch/)"""
    if not _CTC_DIRS:
        for top in os.listdir(os.path.join(ROOT, "src")):
            for dirpath, _, files in os.walk(os.path.join(ROOT, "src", top)):
                for f in files:
                    if f.endswith((".c", ".S", ".s")):
                        _CTC_DIRS.setdefault(f.rsplit(".", 1)[0], top)
    return _CTC_DIRS.get(member, "")


def pk_share(r):
    """the share of a side's instructions in public-key code (mbedTLS's
    and ctcrypto's with the glue)"""
    return sum(n for g, n in r["groups"].items() if g.startswith("public key")) / r["insns"]


def group_of(owner):
    """the profile's group of one linked object"""
    m = re.search(r"lib(\w+)\.a\(([^)]+)\)$", owner)
    if not m:
        return "program and runtime"
    lib, member = m.group(1), re.sub(r"(\.r)?\.o$", "", m.group(2))
    if member.startswith("lib_a-") or member == "peer_libc":
        return "memcpy/memset"
    if lib == "ctcglue":
        # the RSA fallback (fb_*) is mbedTLS's own RSA code
        return {"glue_ctc_mbedtls": "public key: ctcrypto", "glue_ctc_psa_p256": "public key: ctcrypto",
                "glue_ctc_mbedtls_rsa": "public key: ctcrypto", "fb_rsa": "public key: mbedTLS",
                "fb_constant_time": "public key: mbedTLS", "glue_ctc_mbedtls_sha2": "hash"}.get(
            member, "symmetric")
    if lib == "ctcrypto":
        top = ctc_dir(member)
        if top in CTC_PK_DIRS:
            return "public key: ctcrypto"
        return {"hash": "hash", "aes": "symmetric"}.get(top, "other ctcrypto")
    if member in MBEDTLS_PK:
        return "public key: mbedTLS"
    if member in MBEDTLS_HASH:
        return "hash"
    if member in MBEDTLS_SYM:
        return "symmetric"
    if member.startswith("ssl"):
        return "TLS"
    if member.startswith(("x509", "asn1", "oid", "pk")):
        return "X.509, ASN.1, pk"
    if member.startswith("psa"):
        return "PSA"
    return "other mbedTLS"


def lookup(table, addr):
    i = bisect.bisect_right(table, (addr, float("inf"), "")) - 1
    if i >= 0 and table[i][0] <= addr < table[i][1]:
        return table[i][2]
    return "?"


def measure(v, img, variant, core, profile, version_deb):
    model, why = emu_bench.load_model(v["TARGET_CORE"])
    prof = {}
    out, regions, hists = emu_bench.run_plugin(v["TARGET_QEMU"], img, prof=prof)
    lines = out.splitlines()
    hs = [l.split() for l in lines if l.startswith("HS ")]
    fails = [l for l in lines if l.startswith("FAIL")]
    if fails or "DONE" not in lines:
        raise ToolError("%s: the program failed: %s" % (img, " / ".join(fails or lines[-5:])))
    if len(hs) != len(regions):
        raise ToolError("%s: %d regions for %d handshake steps" % (img, len(regions), len(hs)))
    for ver in VERSIONS:
        if not any(l.startswith("OK %s " % ver) for l in lines):
            raise ToolError("%s: TLS %s: no OK line" % (img, ver))
        if not any(l.startswith("REJECTED %s " % ver) for l in lines):
            raise ToolError("%s: TLS %s: the tampered certificate was not refused" % (img, ver))
    heap = [l.split() for l in lines if l.startswith("HEAP ")]
    if not heap:
        raise ToolError("%s: no HEAP line" % img)
    cross = shlex.split(v["CC"])[0][:-3]
    owners = text_owners(img[:-4] + ".map")
    syms = symbols(cross + "nm", img)
    sym_tab = [(a, syms[i + 1][0] if i + 1 < len(syms) else a + (1 << 30), n)
               for i, (a, n) in enumerate(syms)]
    size = {}
    for lib in ("mbedtls", "ctcglue", "ctcrypto"):
        t, r = peers.linked_size(img[:-4] + ".map", "lib%s.a" % lib)
        if t or r:
            size[lib] = {"text": t, "rodata": r}
    recs = []
    for ver in VERSIONS:
        for side in ("client", "server"):
            idx = [i for i, h in enumerate(hs) if h[1] == ver and h[2] == side]
            insns = sum(int(regions[i]["insns"]) for i in idx)
            cyc = sum(model(hists.get(i, {})) for i in idx) if model else None
            groups, funcs = {}, {}
            for i in idx:
                for pc, n in prof.get(i, {}).items():
                    g = group_of(lookup(owners, pc))
                    groups[g] = groups.get(g, 0) + n
                    f = lookup(sym_tab, pc)
                    funcs[f] = funcs.get(f, 0) + n
            prof_total = sum(groups.values())
            if prof_total != insns:
                raise ToolError("%s: the profile counts %d instructions, the regions %d"
                                % (img, prof_total, insns))
            r = {"core": core, "profile": profile, "opt": v["OPT"], "variant": variant,
                 "tls": ver, "side": side, "steps": len(idx), "insns": insns,
                 "stack": max(int(hs[i][4]) for i in idx), "groups": groups,
                 "top": sorted(funcs.items(), key=lambda x: -x[1])[:12],
                 "size": size, "mbedtls_version": version_deb,
                 "heap": int(heap[0][1]), "arena": int(heap[0][2]),
                 "suite": [l.split()[2] for l in lines if l.startswith("OK %s " % ver)][0],
                 "rejected": [l for l in lines if l.startswith("REJECTED %s " % ver)][0]}
            if cyc is not None:
                r["cycles_est"] = round(cyc)
                r["pk_cycles_share_note"] = "shares are of instructions"
            else:
                r["cycles_note"] = why
            recs.append(r)
    return recs


# ---- report ---------------------------------------------------------------------

def fmt_m(x):
    return "%.2f M" % (x / 1e6)


def doc_keys(recs):
    """(core, profile, opt) of the records, Cortex-M4 at -Os first (the
    goal is set there)."""
    return sorted({(r["core"], r["profile"], r["opt"]) for r in recs},
                  key=lambda k: (k[0] != "cortex-m4", k[0], k[1] != "small"))


def summary_lines(recs):
    """The summary table (markdown lines): per core, optimisation level and
    version, each side's stock and ctcrypto figure and their ratio."""
    L = ["Per side, stock / ctcrypto: estimated cycles (instructions on a core without a "
         "cycle model), and the ratio.", "",
         "| core | opt | TLS | client stock | client ctcrypto | ratio | server stock "
         "| server ctcrypto | ratio |", "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for core, profile, opt in doc_keys(recs):
        sub = [r for r in recs if r["core"] == core and r["profile"] == profile]
        modelled = all(r.get("cycles_est") for r in sub)
        for ver in VERSIONS:
            row = ["%s" % core, opt, ver]
            for side in ("client", "server"):
                s = [x for x in sub if x["tls"] == ver and x["side"] == side
                     and x["variant"] == "stock"]
                t = [x for x in sub if x["tls"] == ver and x["side"] == side
                     and x["variant"] == "ctcrypto"]
                if not s or not t:
                    row += ["-", "-", "-"]
                    continue
                k = "cycles_est" if modelled else "insns"
                row += [fmt_m(s[0][k]) + ("" if modelled else " insns"),
                        fmt_m(t[0][k]) + ("" if modelled else " insns"),
                        "%.2fx" % (s[0][k] / t[0][k])]
            L.append("| " + " | ".join(row) + " |")
    L.append("")
    return L


def write_doc(path, recs, version):
    pk = pk_share
    L = ["# The TLS handshake on an emulated microcontroller",
         "",
         "Generated by `make bench` (`tools/report.py`) or `make bench-tls` (`tools/tls_emu.py`); do not edit. What runs "
         "and how it is configured: [tls.md](tls.md), \"The handshake on a microcontroller\".",
         "",
         "mbedTLS %s (Debian source package), `integrations/mbedtls/baremetal_config.h`; "
         "ctcrypto: the same plus `ctc_mbedtls_config.h` and the glue. ECDHE P-256, "
         "AES-128-GCM, SHA-256; the server authenticated by an ECDSA P-256 certificate chain "
         "(CA + server; rows TLS 1.2 and 1.3) or by an RSA-2048 one (rows 1.2-rsa and 1.3-rsa: "
         "PKCS#1 v1.5 in TLS 1.2, PSS in TLS 1.3; in the ctcrypto image RSA-2048 is ctcrypto's "
         "through `MBEDTLS_RSA_ALT`, built with `CTC_RSA_MAX_BITS` = %d). One full handshake "
         "per version and chain between an mbedTLS client and server in one image; per side "
         "the sum of its "
         "`mbedtls_ssl_handshake_step` calls. Instructions are exact (QEMU); cycles are "
         "estimates of the core's timing model (`tools/cycles/models.py`, zero wait states); "
         "milliseconds are those cycles at the clock. Public key: the share of the side's "
         "instructions executed in the public-key objects (stock: bignum, ecp, ecdsa, ecdh, rsa "
         "and their helpers; ctcrypto: ctcrypto's ec/mp/ct/asn1/rsa objects and the ECC and RSA "
         "glue, plus whatever mbedTLS ECP/bignum/RSA code still runs, the RSA fallback's too). "
         "Stack: the deepest `mbedtls_ssl_handshake_step` "
         "call of the side (painting); the heap is a static arena, not in it." % (version,
                                                                                  RSA_MAX_BITS),
         ""]
    keys = doc_keys(recs)
    L += ["## Summary", ""] + summary_lines(recs)
    for core, profile, opt in keys:
        sub = [r for r in recs if r["core"] == core and r["profile"] == profile]
        L += ["## %s %s" % (core, opt), ""]
        L += ["| TLS | side | variant | est. cycles | ms @ %d MHz | ms @ %d MHz | instructions "
              "| public key | public-key est. cycles | stack B |" % CLOCKS_MHZ,
              "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for ver in VERSIONS:
            for side in ("client", "server"):
                for var in VARIANTS:
                    r = [x for x in sub if x["tls"] == ver and x["side"] == side
                         and x["variant"] == var]
                    if not r:
                        continue
                    r = r[0]
                    c = r.get("cycles_est")
                    L.append("| %s | %s | %s | %s | %s | %s | %s | %.1f%% | %s | %d |" % (
                        ver, side, var, fmt_m(c) if c else "-",
                        "%.1f" % (c / CLOCKS_MHZ[0] / 1e3) if c else "-",
                        "%.1f" % (c / CLOCKS_MHZ[1] / 1e3) if c else "-",
                        fmt_m(r["insns"]), 100 * pk(r),
                        fmt_m(c * pk(r)) if c else "-", r["stack"]))
        L.append("")
        modelled = all(r.get("cycles_est") for r in sub)
        m = (lambda r: r["cycles_est"]) if modelled else (lambda r: r["insns"])  # noqa: E731
        what = "estimated cycles" if modelled else (
            "instructions: no cycle model for %s" % core)
        L += ["Stock against ctcrypto (ratio of %s; the public-key part "
              "apportioned by its share of instructions):" % what, "",
              "| TLS | side | whole handshake | public-key crypto |", "|---|---|---:|---:|"]
        ratio = {}
        for ver in VERSIONS:
            for side in ("client", "server"):
                a = [x for x in sub if x["tls"] == ver and x["side"] == side]
                s = [x for x in a if x["variant"] == "stock"]
                t = [x for x in a if x["variant"] == "ctcrypto"]
                if s and t:
                    s, t = s[0], t[0]
                    ratio[ver, side] = (m(s) * pk(s)) / (m(t) * pk(t))
                    L.append("| %s | %s | %.2fx | %.2fx |" % (
                        ver, side, m(s) / m(t), ratio[ver, side]))
        L.append("")
        if (core, profile) == GOAL_AT:
            L += ["Goal (set for Cortex-M4 at -Os): the client's handshake crypto at least %dx "
                  "cheaper than stock mbedTLS (the public-key ratio above):" % GOAL, ""]
            for ver in VERSIONS:
                if (ver, "client") in ratio:
                    q = ratio[ver, "client"]
                    L.append("* TLS %s (%s chain): %.2fx, %s" % (
                        ver, chain_of(ver), q, "met" if q >= GOAL else "not met"))
            L.append("")
        L += ["Where the instructions go (share of the side's instructions per group of "
              "linked objects):", ""]
        gs = sorted({g for r in sub for g in r["groups"]})
        L += ["| TLS | side | variant | " + " | ".join(gs) + " |",
              "|---|---|---|" + "---:|" * len(gs)]
        for r in sub:
            L.append("| %s | %s | %s | " % (r["tls"], r["side"], r["variant"]) +
                     " | ".join("%.1f%%" % (100.0 * r["groups"].get(g, 0) / r["insns"])
                                for g in gs) + " |")
        L.append("")
        L += ["Code linked into the image (bytes of .text + .rodata, from the linker map; "
              "the memcpy family left out), and the highest byte of the allocator's "
              "arena used over all runs of the image (both versions, the tampered-certificate "
              "runs too; painting):", "",
              "| variant | mbedTLS | glue | ctcrypto | total | heap high-water (arena) |",
              "|---|---:|---:|---:|---:|---:|"]
        for var in VARIANTS:
            r = [x for x in sub if x["variant"] == var]
            if not r:
                continue
            sz = r[0]["size"]
            cell = lambda k: ("%d + %d" % (sz[k]["text"], sz[k]["rodata"])  # noqa: E731
                              if k in sz else "-")
            tot = sum(x["text"] + x["rodata"] for x in sz.values())
            L.append("| %s | %s | %s | %s | %d | %d of %d |" % (
                var, cell("mbedtls"), cell("ctcglue"), cell("ctcrypto"), tot, r[0]["heap"],
                r[0]["arena"]))
        L.append("")
        L += ["The functions with the most instructions, TLS 1.2 client:", ""]
        for var in VARIANTS:
            r = [x for x in sub if x["variant"] == var and x["tls"] == "1.2"
                 and x["side"] == "client"]
            if r:
                L.append("* %s: " % var + ", ".join(
                    "`%s` %.1f%%" % (f, 100.0 * n / r[0]["insns"]) for f, n in r[0]["top"][:8]))
        L.append("")
        ok = sorted({(r["tls"], r["suite"], r["rejected"]) for r in sub})
        L += ["Checked in every run: both ends finished the handshake, the client verified the "
              "server's chain (verify result 0), version and cipher suite as configured, one "
              "application-data record each way arrived intact; and the server certificate with "
              "one bit of its signature flipped was refused (program output):", ""]
        for ver, suite, rej in ok:
            p = rej.split()
            L.append("* TLS %s: %s; tampered certificate: -0x%04x "
                     "(MBEDTLS_ERR_X509_CERT_VERIFY_FAILED), verify flags 0x%x" % (
                         ver, suite, int(p[2]), int(p[3])))
        L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def prepare(offline=False):
    """mbedTLS's tree and Debian version, and the certificates' C file
    (once per run, before any image is built)."""
    tree, version = get_mbedtls(offline)
    os.makedirs(OUT, exist_ok=True)
    return tree, version, make_certs(os.path.join(OUT, "certs"))


def say(msg):
    print(msg, flush=True)


def run_one(core, profile, tree, version, certs_c, out=say):
    """Both variants' images for one core and profile, built and run: the
    records of every version and side (ToolError when anything fails)."""
    try:
        v = peers.target_vars(core, profile)
    except peers.PeerError as e:
        raise ToolError(str(e))
    cdir = os.path.join(OUT, "%s-%s" % (core, profile), "ctcrypto-install")
    lib, defs = build_ctcrypto(core, profile, cdir)
    recs = []
    for var in VARIANTS:
        img, mem, dt = build_image(tree, v, core, profile, var, certs_c, (lib, defs, cdir))
        out("%s %s %s: built in %.0f s; running under QEMU" % (core, profile, var, dt))
        t1 = time.time()
        rs = measure(v, img, var, core, profile, version)
        for r in rs:
            r["memfuncs"] = mem
            out("  TLS %s %-6s %-8s %12s insns %14s est. cycles  public key %5.1f%%"
                "  stack %d" % (r["tls"], r["side"], var, r["insns"],
                                r.get("cycles_est", "-"), 100.0 * pk_share(r), r["stack"]))
        out("  (%.0f s)" % (time.time() - t1))
        recs += rs
    return recs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cores", default="cortex-m4")
    ap.add_argument("--profiles", default="small", help="small (-Os), fast (-O2), or both")
    ap.add_argument("--offline", action="store_true", help="use only what is already fetched")
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "tls-handshake.md"))
    ap.add_argument("--report-only", action="store_true",
                    help="write the document from build/tls-emu/results.json, run nothing")
    a = ap.parse_args(argv)
    t0 = time.time()
    if a.report_only:
        try:
            with open(os.path.join(OUT, "results.json")) as f:
                recs = [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError) as e:
            print("tls_emu: FAILED: no results to report: %s" % e, file=sys.stderr)
            return 1
        if not recs:
            print("tls_emu: FAILED: build/tls-emu/results.json is empty", file=sys.stderr)
            return 1
        write_doc(a.doc, recs, recs[0]["mbedtls_version"])
        print("wrote %s" % os.path.relpath(a.doc, ROOT))
        return 0
    try:
        tree, version, certs_c = prepare(a.offline)
        recs = []
        for core in [c for c in a.cores.split(",") if c]:
            for profile in [p for p in a.profiles.split(",") if p]:
                recs += run_one(core, profile, tree, version, certs_c)
    except (ToolError, OSError, subprocess.SubprocessError, RuntimeError) as e:
        print("tls_emu: FAILED: %s" % e, file=sys.stderr)
        return 1
    with open(os.path.join(OUT, "results.json"), "w") as f:
        for r in recs:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    write_doc(a.doc, recs, version)
    print("wrote %s and %s (%.0f s)" % (os.path.relpath(os.path.join(OUT, "results.json"), ROOT),
                                       os.path.relpath(a.doc, ROOT), time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
