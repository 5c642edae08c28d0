#!/usr/bin/env python3
"""calib.py - compare the cycle models with published hardware cycle counts.

  calib.py                  the calibration table (all cores), offline
  calib.py --core C         only core C
  calib.py --json           the table as JSON
  calib.py --sensitivity    ratios when one model parameter changes
  calib.py --check          recompute and compare with data/expected.json
                            (model cycles and the stated bounds); exit 1 on
                            any difference
  calib.py --write-expected rewrite data/expected.json from the current models
  calib.py import NAME LOG [key=value ...]
                            store the regions of a ctplug feat=on log as
                            data/NAME.json (the key=value pairs are kept as
                            build notes)

Each point pairs one region of a histogram measured here under QEMU (the
plugin's per-mnemonic counts, stored in data/*.json) with a cycle count that
its authors measured on a real board and published.  Nothing in the models
was fitted to these points; docs/cycles.md explains how each point was built
and where each published number is written.  Model figures are estimates.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import models  # noqa: E402

DATA = os.path.join(HERE, "data")

# Published figures.  kind: "cal" = calibration point, "check" = shown but
# not part of the residual bound (different compiler, or board with wait
# states).  per: the region covers `per` units of the published figure.
JNK_README_CM0 = ("jnk0le/cortexm-AES README.md at 011057d6, section "
                  "'implementations': 'on 0ws cortex-m0'")
JNK_README_TAB = ("jnk0le/cortexm-AES README.md at 011057d6 (same figures at 6f953423), "
                  "table 'Base ciphers performance (in cycles per block)'")
KO_README = ("Ko-/aes-armcortexm README.md at 5d4a37da, column 'Speed M4 (cycles)'; "
             "STM32F407 at 24 MHz, 0 wait states, 4096-byte average")
EMILL_README = "Emill/P256-Cortex-M4 README.md; nRF52840 at 64 MHz, ICACHE on, gcc -O2"
PORNIN_README = ("pornin/x25519-cm0 README.md at 75a53f27: '3229950 clock cycles (measured on "
                 "an Atmel SAM D20 Xplained Pro board, clocked at 8 MHz)'")
GIMLI_LOG = ("AsmOptC-RiscV/Assembly-Optimized-C-RiscV Gimli/crypto_hash/bench.log at "
             "6ba0e52b ('.S took 2123 cycles', 'C-ref took 2251 cycles'); SiFive "
             "HiFive1-class board (rv32imac per gcc.mk), min of 20 warm runs")

POINTS = [
    # --- Cortex-M0 ---------------------------------------------------------
    dict(core="cortex-m0", kind="cal", name="AES-128 encrypt, CM0_sBOX (jnk0le)",
         data="m0_jnk0le_sbox", region=0, per=1, published=1666, source=JNK_README_CM0),
    dict(core="cortex-m0", kind="cal", name="AES-128 encrypt, CM0_FASTMULsBOX (jnk0le)",
         data="m0_jnk0le_fastmul", region=0, per=1, published=1624, source=JNK_README_CM0),
    # --- Cortex-M0+ ---------------------------------------------------------
    dict(core="cortex-m0plus", kind="cal", name="X25519 (pornin x25519-cm0)",
         data="m0plus_pornin_x25519", region=0, per=1, published=3229950, source=PORNIN_README),
    # --- Cortex-M3: STM32F1, 0 wait states ---------------------------------
    dict(core="cortex-m3", kind="cal", name="AES-128 key expansion, CM3_1T (jnk0le)",
         data="m3_jnk0le_cm3_1t", region=0, per=1, published=302, source=JNK_README_TAB + ", STM32F1 0ws"),
    dict(core="cortex-m3", kind="cal", name="AES-128 encrypt, CM3_1T (jnk0le)",
         data="m3_jnk0le_cm3_1t", region=1, per=1, published=657, source=JNK_README_TAB + ", STM32F1 0ws"),
    dict(core="cortex-m3", kind="cal", name="AES-192 encrypt, CM3_1T (jnk0le)",
         data="m3_jnk0le_cm3_1t", region=2, per=1, published=779, source=JNK_README_TAB + ", STM32F1 0ws"),
    dict(core="cortex-m3", kind="cal", name="AES-256 encrypt, CM3_1T (jnk0le)",
         data="m3_jnk0le_cm3_1t", region=3, per=1, published=901, source=JNK_README_TAB + ", STM32F1 0ws"),
    # --- Cortex-M4: the nine points the model was checked with first -------
    dict(core="cortex-m4", kind="cal", name="P-256 keygen (Emill asm)",
         data="m4_emill_p256", region=0, per=1, published=327000, source=EMILL_README),
    dict(core="cortex-m4", kind="cal", name="P-256 ECDSA sign (Emill asm)",
         data="m4_emill_p256", region=1, per=1, published=375000, source=EMILL_README),
    dict(core="cortex-m4", kind="cal", name="P-256 ECDSA verify (Emill asm)",
         data="m4_emill_p256", region=2, per=1, published=976000, source=EMILL_README),
    dict(core="cortex-m4", kind="cal", name="P-256 ECDH shared secret (Emill asm)",
         data="m4_emill_p256", region=3, per=1, published=906000, source=EMILL_README),
    dict(core="cortex-m4", kind="cal", name="AES-128 key expansion, T-table (Ko-)",
         data="m4_ko_aes1", region=0, per=1, published=244.9, source=KO_README),
    dict(core="cortex-m4", kind="cal", name="AES-128 single block, T-table (Ko-)",
         data="m4_ko_aes1", region=1, per=1, published=634.7, source=KO_README),
    dict(core="cortex-m4", kind="cal", name="AES-128-CTR per 16 B, T-table (Ko-)",
         data="m4_ko_aes2", region=1, per=256, published=527.9, source=KO_README),
    dict(core="cortex-m4", kind="cal", name="AES-128 key expansion, bitsliced (Ko-)",
         data="m4_ko_aes3", region=0, per=1, published=1021.9, source=KO_README),
    dict(core="cortex-m4", kind="cal", name="AES-128-CTR per 16 B, bitsliced (Ko-)",
         data="m4_ko_aes3", region=1, per=256, published=1616.6, source=KO_README),
    dict(core="cortex-m4", kind="cal", name="AES-128 key expansion, CM3_1T (jnk0le)",
         data="m4_jnk0le_cm3_1t", region=0, per=1, published=305, source=JNK_README_TAB + ", STM32F4 0ws"),
    dict(core="cortex-m4", kind="cal", name="AES-128 encrypt, CM3_1T (jnk0le)",
         data="m4_jnk0le_cm3_1t", region=1, per=1, published=669, source=JNK_README_TAB + ", STM32F4 0ws"),
    dict(core="cortex-m4", kind="cal", name="AES-192 encrypt, CM3_1T (jnk0le)",
         data="m4_jnk0le_cm3_1t", region=2, per=1, published=793, source=JNK_README_TAB + ", STM32F4 0ws"),
    dict(core="cortex-m4", kind="cal", name="AES-256 encrypt, CM3_1T (jnk0le)",
         data="m4_jnk0le_cm3_1t", region=3, per=1, published=917, source=JNK_README_TAB + ", STM32F4 0ws"),
    # --- RV32IMC (SiFive E31-class) ----------------------------------------
    dict(core="rv32imc", kind="cal", name="Gimli permutation, RV32I asm (AsmOptC)",
         data="rv32_gimli", region=2, per=1, published=2123, source=GIMLI_LOG),
    dict(core="rv32imc", kind="check", name="Gimli permutation, C reference, gcc 12 -O3",
         data="rv32_gimli", region=5, per=1, published=2251, source=GIMLI_LOG),
]

# Bounds the calibration points of each core stay within (ratio model /
# published); stated in docs/cycles.md and checked by --check.
BOUNDS = {
    "cortex-m0": (0.95, 1.05),
    "cortex-m0plus": (0.95, 1.05),
    "cortex-m3": (0.95, 1.05),
    "cortex-m4": (0.92, 1.05),
    "rv32imc": (0.95, 1.05),
}


def load(name, cache={}):
    if name not in cache:
        with open(os.path.join(DATA, name + ".json")) as fh:
            d = json.load(fh)
        cache[name] = d["regions"] if isinstance(d, dict) else d
    return cache[name]


def evaluate(params=None, core=None):
    """[(point, insns/unit, model cycles/unit, ratio), ...] for the points"""
    rows = []
    for p in POINTS:
        if core and p["core"] != core:
            continue
        regs = load(p["data"])
        r = [x for x in regs if x["region"] == p["region"]][0]
        prm = (params or {}).get(p["core"]) if params else None
        cyc, _ = models.estimate(p["core"], r["hist"], prm)
        ins = models.insns(r["hist"])
        rows.append((p, ins / p["per"], cyc / p["per"], cyc / p["per"] / p["published"]))
    return rows


def table(rows):
    out = ["%-14s %-5s %-46s %11s %11s %11s %6s" % ("core", "kind", "code", "published", "insns",
                                                     "model", "ratio")]
    for p, ins, cyc, ratio in rows:
        out.append("%-14s %-5s %-46s %11.1f %11.1f %11.1f %6.3f" % (
            p["core"], p["kind"], p["name"], p["published"], ins, cyc, ratio))
    cores = []
    for p, _, _, _ in rows:
        if p["core"] not in cores:
            cores.append(p["core"])
    for c in cores:
        rs = [ratio for p, _, _, ratio in rows if p["core"] == c and p["kind"] == "cal"]
        if rs:
            out.append("%-14s calibration points: %d, ratio min %.3f max %.3f mean %.3f (bound %.2f..%.2f)" % (
                c, len(rs), min(rs), max(rs), sum(rs) / len(rs), BOUNDS[c][0], BOUNDS[c][1]))
    return "\n".join(out)


SENSITIVITY = [
    ("cortex-m0", {"P": 1}), ("cortex-m0", {"P": 3}), ("cortex-m0", {"ld": 1}),
    ("cortex-m0", {"mul": 32}),
    ("cortex-m0plus", {"P": 2}), ("cortex-m0plus", {"mul": 32}), ("cortex-m0plus", {"ld": 1}),
    ("cortex-m3", {"P": 1}), ("cortex-m3", {"P": 3}), ("cortex-m3", {"agu": 0}),
    ("cortex-m3", {"ld_pipe": 0}), ("cortex-m3", {"st": 2}),
    ("cortex-m4", {"P": 1}), ("cortex-m4", {"P": 3}), ("cortex-m4", {"agu": 0}),
    ("rv32imc", {"miss": 2}), ("rv32imc", {"miss": 4}), ("rv32imc", {"bpred": 1}),
    ("rv32imc", {"lw": 3}),
]


def sensitivity():
    lines = []
    for core, prm in SENSITIVITY:
        rows = evaluate({core: prm}, core)
        lines.append("%-14s %-14s %s" % (core, ",".join("%s=%g" % kv for kv in prm.items()),
                                         " ".join("%.3f" % r for _, _, _, r in rows)))
    base = []
    for core in BOUNDS:
        base.append("%-14s %-14s %s" % (core, "as shipped", " ".join("%.3f" % r for _, _, _, r in evaluate(None, core))))
    return "\n".join(base + lines)


def expected_now():
    return [dict(data=p["data"], region=p["region"], core=p["core"], kind=p["kind"],
                 model=round(cyc, 1), ratio=round(ratio, 4))
            for p, _, cyc, ratio in evaluate()]


def check():
    """0 if the recomputed table equals data/expected.json and every
    calibration point is within its core's bound; messages otherwise"""
    errs = []
    with open(os.path.join(DATA, "expected.json")) as fh:
        exp = json.load(fh)
    now = expected_now()
    if len(now) != len(exp["points"]):
        errs.append("number of points: %d now, %d expected" % (len(now), len(exp["points"])))
    for a, b in zip(now, exp["points"]):
        if (a["data"], a["region"], a["core"]) != (b["data"], b["region"], b["core"]):
            errs.append("point order differs: %s vs %s" % (a, b))
        elif abs(a["model"] - b["model"]) > 0.05:
            errs.append("%s region %d: model %.1f, expected %.1f" % (a["data"], a["region"], a["model"], b["model"]))
    for p, _, _, ratio in evaluate():
        lo, hi = BOUNDS[p["core"]]
        if p["kind"] == "cal" and not lo <= ratio <= hi:
            errs.append("%s: ratio %.3f outside %.2f..%.2f" % (p["name"], ratio, lo, hi))
    return errs


def do_import(name, log, notes):
    with open(log) as fh:
        regs = models.regions_from_log(fh.read())
    keep = [dict(region=r["region"], insns=r["insns"], hist=r["hist"]) for r in regs]
    with open(os.path.join(DATA, name + ".json"), "w") as fh:
        json.dump(dict(name=name, notes=notes, regions=keep), fh, indent=1, sort_keys=True)
        fh.write("\n")
    print("%s: %d regions" % (name, len(keep)))


def main(argv):
    if argv[:1] == ["import"]:
        if len(argv) < 3:
            sys.exit(__doc__)
        do_import(argv[1], argv[2], dict(a.split("=", 1) for a in argv[3:]))
        return 0
    core = None
    if "--core" in argv:
        core = argv[argv.index("--core") + 1]
    if "--sensitivity" in argv:
        print(sensitivity())
        return 0
    if "--check" in argv:
        errs = check()
        for e in errs:
            print("calib: " + e)
        print("calib: %s" % ("OK" if not errs else "%d differences" % len(errs)))
        return 1 if errs else 0
    if "--write-expected" in argv:
        with open(os.path.join(DATA, "expected.json"), "w") as fh:
            json.dump(dict(note="written by calib.py --write-expected; checked by calib.py --check",
                           bounds=BOUNDS, points=expected_now()), fh, indent=1)
            fh.write("\n")
        return 0
    rows = evaluate(None, core)
    if "--json" in argv:
        json.dump([dict(p, insns=ins, model=cyc, ratio=r) for p, ins, cyc, r in rows], sys.stdout, indent=1)
        print()
    else:
        print(table(rows))
        print("(model figures are estimates; see docs/cycles.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
