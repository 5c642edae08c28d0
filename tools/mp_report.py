#!/usr/bin/env python3
"""mp_report.py - the multi-precision benchmark report, docs/mp-bench.md.

Runs bench/bench_mp.c
  - on the host (gcc -O2, the default build; on a CPU with BMI2 and ADX,
    where that build runs the MULX/ADX row, also the MUL row alone), with OpenSSL's BN and mbedTLS's bignum in the
    same run: minimum time per operation of 5 batches of ~200 ms;
  - on the emulated cores (make TARGET=... bench-run): exact instructions
    per operation and estimated cycles from the core's timing model
    (tools/cycles; Cortex-M7 and Xtensa lx106 have none).
and writes the tables, the ratios to the peers and the Fermat against
safegcd comparison to docs/mp-bench.md (or -o FILE).

  mp_report.py [--cores c1,c2,...] [--no-host] [-o FILE]
Standard library only.
"""
import argparse
import collections
import json
import os
import platform
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORES = ["cortex-m0", "cortex-m3", "cortex-m4", "cortex-m7", "rv32imc", "xtensa-lx106"]


def make(args, capture=True):
    p = subprocess.run(["make", "--no-print-directory", "-s"] + args, cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        sys.stderr.write(out)
        raise SystemExit("make %s failed" % " ".join(args))
    return out


def json_lines(text):
    out = []
    for line in text.splitlines():
        if line.startswith("JSON "):
            out.append(json.loads(line[5:]))
    return out


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def host_run(extra, build):
    make(["-j2", "BUILD=" + build] + extra + [build + "/bench/bench_mp"])
    p = subprocess.run([os.path.join(ROOT, build, "bench", "bench_mp")], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=True)
    text = p.stdout.decode()
    info = [l[2:] for l in text.splitlines() if l.startswith("# ")]
    return json_lines(text), info


def emu_run(core):
    others = " ".join(os.path.splitext(f)[0] for f in sorted(os.listdir(os.path.join(ROOT, "bench")))
                      if f.startswith("bench_") and f.endswith(".c") and f != "bench_mp.c")
    text = make(["TARGET=" + core, "bench-run", "BENCH_HOST_ONLY=" + others])
    info = [l[2:] for l in text.splitlines() if l.startswith("# ctcrypto")]
    return json_lines(text), info


def fmt_ns(v):
    if v is None:
        return "-"
    if v >= 1e6:
        return "%.2f ms" % (v / 1e6)
    if v >= 1e3:
        return "%.1f µs" % (v / 1e3)
    return "%.0f ns" % v


def fmt_int(v):
    if v is None:
        return "-"
    return "{:,}".format(int(round(v))).replace(",", " ")


def host_table(rows):
    by = collections.OrderedDict()
    for r in rows:
        by.setdefault(r["op"], {})[r["impl"]] = r["min"]
    out = ["| operation | ctcrypto | OpenSSL | mbedTLS | OpenSSL / ctcrypto | mbedTLS / ctcrypto |",
           "|---|---:|---:|---:|---:|---:|"]
    for op, d in by.items():
        o, s, m = d.get("ctcrypto"), d.get("openssl"), d.get("mbedtls")
        out.append("| %s | %s | %s | %s | %s | %s |" % (
            op, fmt_ns(o), fmt_ns(s), fmt_ns(m),
            "%.2f" % (s / o) if s and o else "-", "%.2f" % (m / o) if m and o else "-"))
    return out, by


def emu_table(results):
    """results: {core: rows}"""
    cores = [c for c in CORES if c in results]
    ops = []
    for c in cores:
        for r in results[c]:
            if r["op"] not in ops:
                ops.append(r["op"])
    head = "| operation |" + "".join(" %s insns | %s cycles (est.) |" % (c, c) for c in cores)
    out = [head, "|---|" + "---:|---:|" * len(cores)]
    for op in ops:
        cells = []
        for c in cores:
            r = [x for x in results[c] if x["op"] == op]
            if r:
                cells.append(fmt_int(r[0].get("insns")))
                cells.append(fmt_int(r[0].get("cycles_est")) if r[0].get("cycles_est") else "-")
            else:
                cells += ["-", "-"]
        out.append("| %s | %s |" % (op, " | ".join(cells)))
    return out


def fermat_vs_safegcd(host_by, emu):
    out = ["| size | host: safegcd | host: Fermat | Fermat / safegcd |" +
           "".join(" %s: safegcd | %s: Fermat | ratio |" % (c, c) for c in sorted(emu)),
           "|---|---:|---:|---:|" + "---:|---:|---:|" * len(emu)]
    for bits in (256, 384, 2048, 3072, 4096):
        sg = host_by.get("inv secret (safegcd) %d" % bits, {}).get("ctcrypto")
        fe = host_by.get("inv secret (Fermat) %d" % bits, {}).get("ctcrypto")
        cells = [fmt_ns(sg), fmt_ns(fe), "%.1f" % (fe / sg) if sg and fe else "-"]
        for c in sorted(emu):
            def get(op):
                r = [x for x in emu[c] if x["op"] == op]
                return (r[0].get("cycles_est") or r[0].get("insns")) if r else None
            a, b = get("inv secret (safegcd) %d" % bits), get("inv secret (Fermat) %d" % bits)
            cells += [fmt_int(a), fmt_int(b), "%.1f" % (b / a) if a and b else "-"]
        out.append("| %d | %s |" % (bits, " | ".join(cells)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cores", default=",".join(CORES))
    ap.add_argument("--no-host", action="store_true")
    ap.add_argument("-o", "--out", default=os.path.join(ROOT, "docs", "mp-bench.md"))
    a = ap.parse_args()
    cores = [c for c in a.cores.split(",") if c]
    doc = ["# Multi-precision benchmarks", "",
           "Generated by `python3 tools/mp_report.py` (bench/bench_mp.c); do not edit.",
           "Design, algorithms and the reading of these numbers: `docs/mp.md`.", ""]
    host_by = {}
    if not a.no_host:
        rows, info = host_run([], "build/mp-report-host")
        table, host_by = host_table(rows)
        doc += ["## Host, default build (gcc -O2)", "",
                "Machine: %s (%s, %d CPUs, shared with other work: a few per cent of noise). "
                "Minimum of 5 batches of about 200 ms; the three libraries run one after the "
                "other in the same process. Ratios above 1: ctcrypto is faster."
                % (cpu_model(), platform.machine(), os.cpu_count() or 0), ""]
        doc += ["`" + i + "`" for i in info]
        doc += [""] + table + [""]
        cpu = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""
        if re.search(r"\bbmi2\b", cpu) and re.search(r"\badx\b", cpu):
            rows2, info2 = host_run(["CFLAGS=-DCTC_MP_X86_CPUID=0"], "build/mp-report-host-mulrow")
            table2, _ = host_table(rows2)
            doc += ["## Host, MUL row only (`make CFLAGS=-DCTC_MP_X86_CPUID=0`)", "",
                    "What x86-64 CPUs without BMI2 or ADX run: the default build above "
                    "chooses the MULX/ADX row at run time where CPUID reports both.", ""]
            doc += ["`" + i + "`" for i in info2]
            doc += [""] + table2 + [""]
    emu = {}
    for c in cores:
        rows, info = emu_run(c)
        emu[c] = rows
    if emu:
        doc += ["## Emulated cores (gcc -O2)", "",
                "Instructions per operation are exact (QEMU plugin, `tools/qemu/ctplug.c`); "
                "cycles are estimates from the per-core timing models of `tools/cycles` "
                "(`docs/cycles.md`), never measurements; Cortex-M7 and Xtensa lx106 have no "
                "model. The full-length exponentiations and Fermat inversion are not run above "
                "2048 bits there.", ""]
        doc += emu_table(emu) + [""]
    if host_by or emu:
        doc += ["## Constant-time inversion: safegcd against Fermat", "",
                "Same modulus and value (odd modulus, top bit set); Fermat is A^(N-2) by the "
                "secret-exponent exponentiation, whose cost does not depend on N being prime. "
                "Emulated columns are estimated cycles (instructions where there is no model).",
                ""]
        doc += fermat_vs_safegcd(host_by, {c: emu[c] for c in emu}) + [""]
    with open(a.out, "w") as f:
        f.write("\n".join(doc))
    print("wrote", os.path.relpath(a.out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
