#!/usr/bin/env python3
"""emu_bench.py - benchmarks on an emulated core: exact instruction counts,
estimated cycles and stack per operation.

  emu_bench.py --qemu 'QEMU ARGS -kernel' --core CORE [--label L]
               [--json FILE] IMAGE...

Each image is a benchmark built with bench/harness_emu.c: every result is a
BENCH line and two regions (iters = 1 and iters = k + 1; for a long
operation with k = 1, iters = 0 and 1), after one unmeasured run. The
image runs once under QEMU with the plugin in trace mode with per-mnemonic
features (tools/qemu/ctplug.c, feat=on):
  instructions per operation = (insns(second) - insns(first)) / k  (exact)
  estimated cycles           = (model(hist 2) - model(hist 1)) / k      (estimate)
The cycle model of the core comes from tools/cycles/models.py; a core
without a model gets no cycle column (said so in the table). Cycles are
estimates from a per-core timing model, never measurements.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ct_trace  # noqa: E402  (plugin_path)

REG = re.compile(r"^ctplug: region=(\d+) (insns=.*)$")
FEAT = re.compile(r"^ctplug: region=(\d+) feat (\S+) (.*)$")


def load_model(core):
    """-> (estimate function or None, reason)"""
    try:
        sys.path.insert(0, os.path.join(HERE, "cycles"))
        import models  # noqa: F401
    except ImportError:
        return None, "no cycle models in this tree"
    try:
        models.estimate(core, {})
    except (KeyError, ValueError, NotImplementedError) as e:
        return None, "no cycle model for %s (%s)" % (core, e)
    return (lambda hist: models.estimate(core, hist)[0]), ""


PROF = re.compile(r"^ctplug: region=(\d+) prof ([0-9a-f]+) (\d+)$")


def parse_log(path, prof=None):
    """-> (regions, per-region mnemonic features); with prof a dict, also
    fills prof[region][pc] = executions (the plugin's prof=on lines)"""
    regions, hists = [], {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = REG.match(line)
            if m:
                regions.append(dict(x.split("=", 1) for x in m.group(2).split()))
                continue
            m = FEAT.match(line)
            if m:
                r = int(m.group(1))
                counters = {k: int(v) for k, v in (x.split("=", 1) for x in m.group(3).split())}
                hists.setdefault(r, {})[m.group(2)] = counters
                continue
            if prof is not None:
                m = PROF.match(line)
                if m:
                    # one address may have been translated more than once
                    d = prof.setdefault(int(m.group(1)), {})
                    pc = int(m.group(2), 16)
                    d[pc] = d.get(pc, 0) + int(m.group(3))
    return regions, hists


def run_plugin(qemu, image, timeout=3600, prof=None):
    """Run an image once under QEMU with the plugin in trace mode with
    per-mnemonic features (and, with prof a dict, the per-address profile
    into it). -> (program output, regions, per-region features); a non-zero
    exit status raises RuntimeError."""
    plugin = ct_trace.plugin_path()
    args = ",mode=trace,mem=off,feat=on,vt=none" + (",prof=on" if prof is not None else "")
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        cmd = shlex.split(qemu) + [image, "-plugin", plugin + args, "-d", "plugin", "-D", log]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout)
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            raise RuntimeError("%s: exit status %d\n%s%s" % (image, p.returncode, out[-1500:],
                                                             p.stderr.decode()[-1500:]))
        regions, hists = parse_log(log, prof)
    return out, regions, hists


def run_image(qemu, image, timeout=3600):
    out, regions, hists = run_plugin(qemu, image, timeout)
    results, info, k, cur = [], [], 0, None
    for line in out.splitlines():
        if line.startswith("# "):
            info.append(line[2:])
        elif line.startswith("BENCH "):
            group, name, impl, nbytes, reps = line[6:].split("|")
            cur = {"group": group, "op": name, "impl": impl, "bytes": int(nbytes),
                   "reps": int(reps), "r1": k, "r2": k + 1}
            k += 2
        elif line.startswith("STACK ") and cur is not None:
            cur["stack"] = int(line.split()[1])
            results.append(cur)
            cur = None
    if k != len(regions):
        raise RuntimeError("%s: %d regions for %d results" % (image, len(regions), k // 2))
    for r in results:
        i1, i2 = int(regions[r["r1"]]["insns"]), int(regions[r["r2"]]["insns"])
        # constant-time code runs the same instructions in every iteration;
        # code that branches on its data (the plain-c baselines) may not:
        # then the mean is reported and marked
        r["insns"] = (i2 - i1) / r["reps"]
        r["varies"] = (i2 - i1) % r["reps"] != 0
        r["hist1"], r["hist2"] = hists.get(r["r1"], {}), hists.get(r["r2"], {})
    return info, results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--core", required=True)
    ap.add_argument("--label", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("images", nargs="+")
    a = ap.parse_args()
    model, why = load_model(a.core)
    rows = []
    for image in a.images:
        info, results = run_image(a.qemu, image)
        for line in info:
            print("# " + line)
        for r in results:
            r["bench"] = os.path.splitext(os.path.basename(image))[0]
            if model:
                r["cycles_est"] = (model(r["hist2"]) - model(r["hist1"])) / r["reps"]
            rows.append(r)
    print("\n%s (instructions: exact, from QEMU; cycles: %s)" % (
        a.label or a.core, "estimated with the %s timing model (tools/cycles)" % a.core
        if model else why))
    print("%-34s %-10s %12s %14s %10s %8s" % ("operation", "impl", "insns/op", "est.cycles/op",
                                              "cyc/byte", "stack B"))
    for r in rows:
        cyc = r.get("cycles_est")
        print("%-34s %-10s %12s %14s %10s %8d" % (
            r["op"], r["impl"], ("~%.1f" if r["varies"] else "%d") % r["insns"],
            "%.0f" % cyc if cyc is not None else "-",
            "%.2f" % (cyc / r["bytes"]) if cyc is not None and r["bytes"] else "-", r["stack"]))
    out = []
    for r in rows:
        j = {"target": a.label or a.core, "core": a.core, "bench": r["bench"],
             "group": r["group"], "op": r["op"],
             "impl": r["impl"], "bytes": r["bytes"], "insns": r["insns"], "stack": r["stack"],
             "insns_vary": r["varies"]}
        if r.get("cycles_est") is not None:
            j["cycles_est"] = round(r["cycles_est"], 1)
        out.append(j)
        print("JSON " + json.dumps(j, sort_keys=True))
    if a.json:
        with open(a.json, "w") as f:
            for j in out:
                f.write(json.dumps(j, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
