#!/usr/bin/env python3
"""models.py - estimated core cycles from per-mnemonic instruction histograms.

Every number this module returns is an ESTIMATE: QEMU counts instructions
exactly but does not emulate time.  The models turn the histogram that the
plugin tools/qemu/ctplug.c prints with feat=on (one per ct_begin/ct_end
region) into core cycles, using only the instruction timings that the core
vendors publish, with zero wait states, no caches and no bus contention.
docs/cycles.md gives the rules with their sources, the calibration against
published hardware cycle counts, and what the models do not cover.

API (Python 3 standard library only):
  regions_from_log(text) -> [{"region": n, "insns": n, "hist": {...},
                              "summary": {...}}, ...]
      parse a plugin log (-d plugin -D FILE); hist maps the disassembled
      mnemonic to its counters: {"ldr.w": {"count": 12, "pipe_ld": 3}, ...}
  estimate(core, hist, params=None) -> (cycles, breakdown)
      core: one of CORES; params overrides entries of default_params(core);
      breakdown maps a rule name to the cycles it contributed.
      Raises NoModel for a core without a model (e.g. "xtensa-lx106").
  default_params(core) -> dict

Command line:  models.py CORE LOGFILE [k=v ...]   prints one line per region.
"""
import re
import sys

CORES = ("cortex-m0", "cortex-m0plus", "cortex-m3", "cortex-m4", "rv32imc")
NOT_MODELLED = {
    "xtensa-lx106": (
        "no published instruction timings: neither Cadence nor Espressif "
        "publish the lx106 pipeline (load-use, taken-branch, MUL16/MULL "
        "latencies, IRAM/flash-cache fetch), and no cycle count of public "
        "code measured on an ESP8266 with code in IRAM was found to check a "
        "model against; see docs/cycles.md"),
    "cortex-m7": (
        "dual-issue core with branch prediction, caches and TCM banking; the "
        "TRM publishes no per-instruction table a histogram model could use; "
        "see docs/cycles.md"),
}


class NoModel(ValueError):
    """raised by estimate() for a core that has no model"""


# ---------------------------------------------------------------------------
# plugin log

_SUMMARY = re.compile(r"ctplug: region=(\d+) insns=(\d+)(.*)$")
_FEAT = re.compile(r"ctplug: region=(\d+) feat (\S+) (.*)$")
_HIST = re.compile(r"ctplug: region=(\d+) hist (.*)$")


def regions_from_log(text):
    """Regions of a ctplug log, in region order.

    Uses the "feat" lines (feat=on) when present, else the "hist" lines
    (hist=on, counts only); "insns" comes from the region's summary line, or
    is the sum of the counts when the log has no summary line."""
    regs = {}

    def reg(n):
        return regs.setdefault(int(n), {"region": int(n), "insns": None, "hist": {},
                                        "summary": {}, "_src": None})

    for line in text.splitlines():
        m = _FEAT.match(line)
        if m:
            r = reg(m.group(1))
            if r["_src"] == "hist":
                r["hist"], r["_src"] = {}, None
            r["_src"] = "feat"
            r["hist"][m.group(2)] = {k: int(v) for k, v in (x.split("=", 1) for x in m.group(3).split())}
            continue
        m = _HIST.match(line)
        if m:
            r = reg(m.group(1))
            if r["_src"] == "feat":
                continue
            r["_src"] = "hist"
            for x in m.group(2).split():
                k, v = x.rsplit("=", 1)
                r["hist"][k] = {"count": int(v)}
            continue
        m = _SUMMARY.match(line)
        if m:
            r = reg(m.group(1))
            r["insns"] = int(m.group(2))
            r["summary"] = {k: (int(v) if v.isdigit() else v)
                            for k, v in (x.split("=", 1) for x in m.group(3).split())}
    out = []
    for n in sorted(regs):
        r = regs[n]
        del r["_src"]
        if r["insns"] is None:
            r["insns"] = sum(f.get("count", 0) for f in r["hist"].values())
        out.append(r)
    return out


def insns(hist):
    return sum(f.get("count", 0) for f in hist.values())


# ---------------------------------------------------------------------------
# Arm: mnemonic classes (Thumb/Thumb-2 text as QEMU prints it)

_CONDS = "eq ne cs hs cc lo mi pl vs vc hi ls ge lt gt le al".split()
_KNOWN = set("""b bl blx bx cbz cbnz tbb tbh ldr ldrb ldrh ldrsb ldrsh ldrd ldrex ldrexb ldrexh
str strb strh strd strex strexb strexh ldm ldmia ldmdb ldmfd stm stmia stmdb stmea stmfd push pop
mov movs mvn mvns movw movt add adds adc adcs sub subs sbc sbcs rsb rsbs and ands orr orrs orn eor eors
bic bics lsl lsls lsr lsrs asr asrs ror rors rrx cmp cmn tst teq mul muls mla mls umull smull umlal
smlal umaal sdiv udiv uxtb uxth sxtb sxth ubfx sbfx bfi bfc clz rev rev16 revsh rbit nop it adr
vmov vldr vstr vldm vstmia vldmia vstm vpush vpop vmrs vmsr uadd8 usub8 sel uxtab uxtah
sxtab sxtah ssat usat qadd qsub smulbb smlabb smulwb smlalbb pld dmb dsb isb cpsid cpsie
mrs msr svc bkpt wfi wfe sev yield""".split())


def arm_base(m):
    """"ldr.w" -> "ldr", "addne" -> "add", "bls" -> "b", "itte" -> "it"."""
    m = m.split(".")[0]
    if re.fullmatch(r"it[te]{0,3}", m):
        return "it"
    if m in _KNOWN:
        return m
    for suf in _CONDS:
        if m.endswith(suf) and len(m) > len(suf):
            b = m[:-len(suf)]
            if b in _KNOWN or b.rstrip("s") in _KNOWN:
                return b
    return m


def arm_class(b):
    if b == "bl":
        return "bl"
    if b in ("b", "blx", "bx", "cbz", "cbnz"):
        return "branch"
    if b in ("tbb", "tbh"):
        return "tbb"
    if b == "it":
        return "it"
    if b in ("ldrd", "strd"):
        return "ldrd"
    if re.match(r"(ldm|stm|push|pop|vldm|vstm|vpush|vpop)", b):
        return "multi"
    if b.startswith("ldr") or b in ("vldr", "pld", "ldaex"):
        return "ld"
    if b.startswith("str") or b == "vstr":
        return "st"
    if b == "vmov":
        return "vmov"
    if b in ("sdiv", "udiv"):
        return "div"
    if b in ("mul", "muls"):
        return "mul"
    if b in ("mla", "mls"):
        return "mla"
    if b in ("umull", "smull"):
        return "lmul"
    if b in ("umlal", "smlal", "umaal"):
        return "lmla"
    if b in ("mrs", "msr", "dmb", "dsb", "isb"):
        return "sys"
    if b in ("wfi", "wfe"):
        return "wait"
    return "alu"


# ---------------------------------------------------------------------------
# Cortex-M0 / M0+ (Armv6-M)

_M0 = dict(P=2.0, mul=1.0, ld=2.0, st=2.0, bl=2.0, sys=4.0, wait=2.0)
_M0PLUS = dict(P=1.0, mul=1.0, ld=2.0, st=2.0, bl=2.0, sys=3.0, wait=2.0)


def _v6m_cycles(hist, p):
    bd = {}

    def add(k, v):
        if v:
            bd[k] = bd.get(k, 0.0) + v

    for mn, f in hist.items():
        c = f.get("count", 0)
        b = arm_base(mn)
        k = arm_class(b)
        if k == "bl":
            add("branch", p["bl"] * c)
        elif k == "mul":
            add("mul", p["mul"] * c)
        elif k == "ld":
            add("ld", p["ld"] * c)
        elif k == "st":
            add("st", p["st"] * c)
        elif k == "multi":
            add("multi", c + f.get("regs", 0))
        elif k == "sys":
            add("sys", p["sys"] * c)
        elif k == "wait":
            add("sys", p["wait"] * c)
        elif k == "branch":
            add("branch", c)
        else:
            add("alu", c)
        add("taken", p["P"] * f.get("taken", 0))
    return sum(bd.values()), bd


# ---------------------------------------------------------------------------
# Cortex-M4 (the calibrated model, unchanged) and Cortex-M3 (Armv7-M)

_M4 = dict(it=0.0, ld=2.0, ld_pipe=1.0, st_pipe=0.0, st=1.0, ldrd=3.0, multi_base=1.0,
           div=7.0, tbb=3.0, P=2.0, lit=0.0, agu=1.0, stro=0.0)
_M3 = dict(_M4, mla=2.0, umull=4.0, smull=5.0, umlal=6.0, smlal=7.0)


def _v7m_cycles(hist, p, m3):
    bd = {}

    def add(k, v):
        if v:
            bd[k] = bd.get(k, 0.0) + v

    for mn, f in hist.items():
        c = f.get("count", 0)
        b = arm_base(mn)
        k = arm_class(b)
        if k in ("mul", "sys", "wait"):
            k = "alu"
        if not m3 and k in ("mla", "lmul", "lmla"):
            k = "alu"                              # single cycle on the M4
        if k in ("alu", "branch", "bl"):
            add("branch" if k != "alu" else "alu", c)
        elif k == "it":
            add("it", p["it"] * c)
        elif k == "ld":
            add("ld", p["ld"] * c - p["ld_pipe"] * f.get("pipe_ld", 0) - p["st_pipe"] * f.get("pipe_st", 0))
        elif k == "st":
            add("st", p["st"] * c)
        elif k == "ldrd":
            add("ldrd", p["ldrd"] * c)
        elif k == "multi":
            add("multi", p["multi_base"] * c + f.get("regs", 0))
        elif k == "vmov":
            add("vmov", max(c, f.get("regs", 0)))
        elif k == "div":
            add("div", p["div"] * c)
        elif k == "tbb":
            add("tbb", p["tbb"] * c)
        elif k == "mla":
            add("mul", p["mla"] * c)
        elif k in ("lmul", "lmla"):
            add("mul", p[b] * c if b in p else p["umlal"] * c)
        add("taken", p["P"] * f.get("taken", 0))
        add("lit", p["lit"] * f.get("lit", 0))
        add("agu", p["agu"] * f.get("agu", 0))
        add("stro", p["stro"] * f.get("after_stro", 0))
    return sum(bd.values()), bd


# ---------------------------------------------------------------------------
# RV32IMC: SiFive E31-class 5-stage in-order pipeline

_RV_LOADS_W = ("lw",)
_RV_LOADS_SUB = ("lb", "lbu", "lh", "lhu")
_RV_MUL = ("mul", "mulh", "mulhu", "mulhsu")
_RV_DIV = ("div", "divu", "rem", "remu")
_RV_CSR = ("csrr", "csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci", "rdcycle",
           "rdinstret", "rdtime", "rdcycleh", "rdinstreth", "rdtimeh")
_RV = dict(lw=2.0, lsub=3.0, mul=5.0, csr=3.0, div=33.0, miss=3.0, bpred=2.0)


def _rv_latency(mn, p):
    m = mn.split(".")[-1] if mn.startswith("c.") else mn
    if m in _RV_LOADS_W:
        return p["lw"], "ld_use"
    if m in _RV_LOADS_SUB:
        return p["lsub"], "ld_use"
    if m in _RV_MUL:
        return p["mul"], "mul_use"
    if m in _RV_CSR:
        return p["csr"], "csr_use"
    return 1.0, None


def _rv32_cycles(hist, p):
    bd = {}

    def add(k, v):
        if v:
            bd[k] = bd.get(k, 0.0) + v

    miss_key = "bmiss1" if p["bpred"] == 1 else "bmiss"
    for mn, f in hist.items():
        c = f.get("count", 0)
        add("base", c)
        m = mn[2:] if mn.startswith("c.") else mn
        if m in _RV_DIV:
            add("div", (p["div"] - 1.0) * c)
        lat, key = _rv_latency(mn, p)
        if key:
            for d in (1, 2, 3, 4):
                add(key, max(0.0, lat - d) * f.get("use%d" % d, 0))
        add("mispredict", p["miss"] * f.get(miss_key, 0))
    return sum(bd.values()), bd


# ---------------------------------------------------------------------------

_DEFAULTS = {"cortex-m0": _M0, "cortex-m0plus": _M0PLUS, "cortex-m3": _M3,
             "cortex-m4": _M4, "rv32imc": _RV}


def default_params(core):
    if core in NOT_MODELLED:
        raise NoModel("%s: no cycle model: %s" % (core, NOT_MODELLED[core]))
    if core not in _DEFAULTS:
        raise NoModel("unknown core %r (modelled: %s)" % (core, ", ".join(CORES)))
    return dict(_DEFAULTS[core])


def estimate(core, hist, params=None):
    """Estimated cycles of one region: (cycles, breakdown).  See the module
    docstring; the figure is an estimate, not a measurement."""
    p = default_params(core)
    for k, v in (params or {}).items():
        if k not in p:
            raise KeyError("%s: unknown parameter %r (known: %s)" % (core, k, ", ".join(sorted(p))))
        p[k] = float(v)
    if core in ("cortex-m0", "cortex-m0plus"):
        return _v6m_cycles(hist, p)
    if core in ("cortex-m3", "cortex-m4"):
        return _v7m_cycles(hist, p, core == "cortex-m3")
    return _rv32_cycles(hist, p)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    core, log = argv[0], argv[1]
    params = dict(a.split("=", 1) for a in argv[2:])
    with open(log) as fh:
        regs = regions_from_log(fh.read())
    for r in regs:
        cyc, bd = estimate(core, r["hist"], params)
        n = r["insns"]
        print("region %d: insns=%d est_cycles=%.0f (cpi %.3f, estimate)  %s" % (
            r["region"], n, cyc, cyc / max(1, n),
            " ".join("%s=%.0f" % kv for kv in sorted(bd.items()))))


if __name__ == "__main__":
    main(sys.argv[1:])
