#!/usr/bin/env python3
"""hash_report.py - the hash family's measurements, written to
docs/hash-numbers.md (generated; do not edit by hand).

  hash_report.py [--no-host] [--no-emu] [--targets T,T] [--out FILE]

host: builds bench/bench_hash.c for the host and runs it (OpenSSL, mbedTLS
      and BearSSL in the same process, timed interleaved; cycles per byte
      from the measured core clock);
emu:  builds the same benchmark for every bare-metal core at -Os and -O2 and
      runs it under QEMU (tools/emu_bench.py: exact instructions, cycles
      estimated with the core's timing model where one exists, stack);
both: the code size of the family's objects per core (-Os and -O2).
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["cortex-m0", "cortex-m3", "cortex-m4", "cortex-m7", "rv32imc", "xtensa-lx106"]
CROSS = {"cortex-m0": "arm-none-eabi-", "cortex-m3": "arm-none-eabi-",
         "cortex-m4": "arm-none-eabi-", "cortex-m7": "arm-none-eabi-",
         "rv32imc": "riscv64-unknown-elf-", "xtensa-lx106": "xtensa-lx106-elf-", "host": ""}


def make(*args):
    p = subprocess.run(["make", "--no-print-directory", "-s", "-j2"] + list(args), cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise RuntimeError("make %s failed:\n%s" % (" ".join(args), p.stdout.decode()[-3000:]))
    return p.stdout.decode()


def build_dir(*args):
    for line in make(*(list(args) + ["info"])).splitlines():
        if "BUILD=" in line:
            return os.path.join(ROOT, line.split("BUILD=")[1].strip())
    raise RuntimeError("no BUILD= from make info")


def run_host():
    d = build_dir("TARGET=host")
    make("TARGET=host", os.path.relpath(os.path.join(d, "bench", "bench_hash"), ROOT))
    p = subprocess.run([os.path.join(d, "bench", "bench_hash")], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=1800)
    out = p.stdout.decode()
    if p.returncode != 0:
        raise RuntimeError(out[-2000:])
    rows = [json.loads(l[5:]) for l in out.splitlines() if l.startswith("JSON ")]
    info = [l[2:] for l in out.splitlines() if l.startswith("# ")]
    return rows, info


def run_emu(target, prof):
    others = [os.path.basename(f)[:-2] for f in glob.glob(os.path.join(ROOT, "bench", "bench_*.c"))
              if not f.endswith("bench_hash.c")]
    args = ["TARGET=" + target, "PROFILE=" + prof]
    out = make(*(args + ["bench-run", "BENCH_HOST_ONLY=" + " ".join(others)]))
    with open(os.path.join(build_dir(*args), "results", "bench.json")) as f:
        rows = [json.loads(l) for l in f if l.strip()]
    info = [l[2:] for l in out.splitlines() if l.startswith("# ctcrypto")]
    return rows, info[0] if info else ""


def sizes(target, prof):
    """text + rodata bytes of each hash object (gc-able sections included)"""
    d = build_dir("TARGET=" + target, "PROFILE=" + prof)
    make("TARGET=" + target, "PROFILE=" + prof, "lib")
    res = {}
    for obj in sorted(glob.glob(os.path.join(d, "src", "hash", "*.o")) +
                      glob.glob(os.path.join(d, "src", "hash", "arch", "*.o"))):
        p = subprocess.run([CROSS[target] + "size", "-A", obj], stdout=subprocess.PIPE)
        total = 0
        for line in p.stdout.decode().splitlines():
            parts = line.split()
            if len(parts) >= 2 and (parts[0].startswith(".text") or parts[0].startswith(".rodata")
                                    or parts[0].startswith(".literal")):
                total += int(parts[1])
        res[os.path.basename(obj)[:-2]] = total
    return res


def fmt_host(rows, info):
    md = ["## Host", ""]
    md += ["- `%s`" % i for i in info]
    md += ["",
           "Minimum over 9 interleaved batches of about 100 ms each (`bench/bench_hash.c`);",
           "cycles per byte = that time x the core clock measured by the benchmark.", "",
           "| operation | impl | ns/op | MB/s | cycles/byte |", "|---|---|---:|---:|---:|"]
    for r in rows:
        mbs = r["bytes"] * 1e3 / r["min"] if r["bytes"] else 0
        md.append("| %s | %s | %.1f | %s | %s |" % (
            r["op"], r["impl"], r["min"], "%.1f" % mbs if mbs else "-",
            "%.2f" % r["cycles_per_byte"] if r.get("cycles_per_byte") else "-"))
    return md


def fmt_emu(data, infos, targets):
    md = ["## Emulated cores", "",
          "Instructions are exact (QEMU plugin); cycles are *estimates* from the core's",
          "timing model (`tools/cycles`, `docs/cycles.md`: zero wait states, no caches);",
          "Cortex-M7 and Xtensa lx106 have no model, so only instructions are given.", ""]
    md += ["- `%s`" % infos[k] for k in sorted(infos) if infos[k]]
    md.append("")
    for prof, opt in (("small", "-Os"), ("fast", "-O2")):
        md.append("### %s (`PROFILE=%s`), gcc: cycles per byte (instructions per byte)" % (opt, prof))
        md.append("")
        md.append("| operation | " + " | ".join(targets) + " |")
        md.append("|---|" + "---:|" * len(targets))
        ops = []
        for t in targets:
            for r in data[(t, prof)]:
                if r["op"] not in ops:
                    ops.append(r["op"])
        for op in ops:
            cells = []
            for t in targets:
                hit = [r for r in data[(t, prof)] if r["op"] == op]
                if not hit:
                    cells.append("")
                    continue
                r = hit[0]
                c = r.get("cycles_est")
                if r["bytes"]:
                    cells.append("%s (%.1f)" % ("%.1f" % (c / r["bytes"]) if c is not None else "-",
                                                r["insns"] / r["bytes"]))
                else:
                    cells.append("%s cyc (%d insns)" % ("%.0f" % c if c is not None else "-",
                                                        r["insns"]))
            md.append("| %s | %s |" % (op, " | ".join(cells)))
        md.append("")
        md.append("Stack per operation (bytes): " + ", ".join(
            "%s %d" % (t, max(r["stack"] for r in data[(t, prof)])) for t in targets) + ".")
        md.append("")
    return md


def fmt_sizes(sz, targets):
    md = ["## Code size", "",
          "`.text` + `.rodata` (+ `.literal` on Xtensa) of each object of `src/hash`, in",
          "bytes, before the linker drops unused functions (an image that uses only",
          "SHA-256 links `sha256.o`, `hash_cpu.o` and parts of `hash.o`).", ""]
    for prof, opt in (("small", "-Os"), ("fast", "-O2")):
        objs = sorted({o for t in targets for o in sz[(t, prof)]})
        md.append("### %s" % opt)
        md.append("")
        md.append("| object | " + " | ".join(targets) + " |")
        md.append("|---|" + "---:|" * len(targets))
        for o in objs:
            md.append("| %s | %s |" % (o, " | ".join(str(sz[(t, prof)].get(o, "")) for t in targets)))
        md.append("| **all** | %s |" % " | ".join(str(sum(sz[(t, prof)].values())) for t in targets))
        md.append("")
    return md


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-host", action="store_true")
    ap.add_argument("--no-emu", action="store_true")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "hash-numbers.md"))
    a = ap.parse_args()
    targets = a.targets.split(",")
    md = ["# Hash family: measured numbers", "",
          "Generated by `python3 tools/hash_report.py`; do not edit. What the numbers",
          "mean and how they were obtained: `docs/hash.md`.", ""]
    if not a.no_host:
        rows, info = run_host()
        md += fmt_host(rows, info) + [""]
    if not a.no_emu:
        data, infos = {}, {}
        for t in targets:
            for prof in ("small", "fast"):
                data[(t, prof)], infos[(t, prof)] = run_emu(t, prof)
        md += fmt_emu(data, infos, targets)
    sz = {}
    for t in targets:
        for prof in ("small", "fast"):
            sz[(t, prof)] = sizes(t, prof)
    md += fmt_sizes(sz, targets)
    with open(a.out, "w") as f:
        f.write("\n".join(md) + "\n")
    print("wrote " + a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
