#!/usr/bin/env python3
"""report_charts.py - the charts of docs/PERFORMANCE.md, drawn from the
report's JSON (tools/report.py) with matplotlib (Debian:
python3-matplotlib), as SVG.

  report_charts.py RESULTS.json OUT_DIR [CORE...]

  perf-composite.svg  the "TLS handshake crypto" composites per core and
                      library (estimated cycles, -O2 and -Os)
  perf-<core>.svg     left: the headline operations of one core, per
                      library and build (estimated cycles, or instructions
                      where the core has no timing model), logarithmic
                      scale; right: speed against flash per operation and
                      library (-O2 and -Os), the trade-off of a firmware
Prints "drew <name>" per chart.
"""
import json
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

HEADLINE = [("ec", "p256 public key k G"), ("ec", "p256 ECDSA sign"),
            ("ec", "p256 ECDSA verify"), ("ec", "p256 ECDH (with peer check)"),
            ("ec", "p384 ECDSA sign"), ("ec", "p384 ECDSA verify"),
            ("rsa", "RSA-2048 public"), ("rsa", "RSA-2048 private (CRT)")]


def series_of(rows):
    """(impl, profile) pairs in order: ctcrypto first"""
    keys = report.ordered((r["impl"], r["profile"]) for r in rows)
    return sorted(keys, key=lambda k: (k[0] != "ctcrypto", k[0], k[1] != "fast"))


def bars(ax, labels, series, value):
    width = 0.8 / max(1, len(series))
    for i, s in enumerate(series):
        xs = [j + i * width for j in range(len(labels))]
        ys = [value(lab, s) or 0 for lab in labels]
        ax.bar(xs, ys, width, label="%s %s" % (s[0], report.PROFILE_OPT.get(s[1], s[1])))
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(labels))])
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
    ax.legend(fontsize=7)


def main():
    data = json.load(open(sys.argv[1]))
    out_dir, cores = sys.argv[2], sys.argv[3:]
    records = report.measured(data["records"])
    comps = [c for c in report.composites(records) if c[1] in cores]
    if comps:
        names = report.ordered(c[0] for c in comps)
        fig, axes = plt.subplots(len(names), 1, figsize=(9, 3.6 * len(names)), squeeze=False)
        for ax, name in zip(axes[:, 0], names):
            rows = [c for c in comps if c[0] == name]
            labels = [c for c in cores if any(r[1] == c for r in rows)]
            series = report.ordered(sorted(((r[3], r[2]) for r in rows),
                                           key=lambda k: (k[0] != "ctcrypto", k[0], k[1] != "fast")))
            val = {(r[1], r[3], r[2]): r[4] / 1e6 for r in rows}
            bars(ax, labels, series, lambda lab, s: val.get((lab, s[0], s[1])))
            ax.set_ylabel("million cycles (estimated)")
            ax.set_title(name + ": estimated cycles per core (lower is faster)", fontsize=10)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, "perf-composite.svg"))
        plt.close(fig)
        print("drew composite.svg")
    for core in cores:
        rows = [r for r in records if r["platform"] == core and (r["group"], r["op"]) in HEADLINE]
        if not rows:
            continue
        key = "cycles_est" if any(r.get("cycles_est") for r in rows) else "insns"
        labels = [op for g, op in HEADLINE if any(r["op"] == op for r in rows)]
        series = series_of(rows)
        val = {(r["op"], r["impl"], r["profile"]): r.get(key) for r in rows}
        fig, (ax, sc) = plt.subplots(1, 2, figsize=(14, 4.6),
                                     gridspec_kw={"width_ratios": [3, 2]})
        bars(ax, labels, series, lambda lab, s: val.get((lab, s[0], s[1])))
        ax.set_yscale("log")
        unit = "cycles (estimated)" if key == "cycles_est" else "instructions (exact)"
        ax.set_ylabel(unit)
        ax.set_title("%s: headline operations (lower is faster)" % core, fontsize=10)
        for s in series:
            pts = [(r["flash"], r[key], r["op"]) for r in rows
                   if (r["impl"], r["profile"]) == s and r.get("flash") and r.get(key)]
            if pts:
                sc.scatter([p[0] / 1024 for p in pts], [p[1] for p in pts], s=18,
                           label="%s %s" % (s[0], report.PROFILE_OPT.get(s[1], s[1])))
                for x, y, op in pts:
                    sc.annotate(op.replace(" (with peer check)", ""), (x / 1024, y),
                                fontsize=5, xytext=(2, 2), textcoords="offset points")
        sc.set_yscale("log")
        sc.set_xlabel("flash of the operation alone (KiB)")
        sc.set_ylabel(unit)
        sc.set_title("%s: speed against flash (lower left is better)" % core, fontsize=10)
        sc.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, "perf-%s.svg" % core))
        plt.close(fig)
        print("drew %s.svg" % core)
    return 0


if __name__ == "__main__":
    sys.exit(main())
