#!/usr/bin/env python3
"""gen_vectors.py - turn test-vector files into C tables.

The same vector tests run on the host and inside bare-metal images that have
no file system, so vectors become constant C arrays. Python standard library
only.

  gen_vectors.py rsp FILE --name NAME --fields F:TYPE,... [--section] -o OUT
  gen_vectors.py wycheproof FILE --name NAME --fields F:TYPE,...
                 [--group-fields F:TYPE,...] -o OUT

rsp         NIST CAVP response files: "NAME = value" records separated by
            blank lines, "[...]" section headers, "#" comments.
wycheproof  Wycheproof JSON: testGroups[].tests[]; --group-fields reads
            fields of the enclosing group (dotted paths reach into objects,
            e.g. publicKey.uncompressed).
TYPE        hex     bytes given in hex -> pointer + NAME_len
            int     decimal integer -> int64_t
            str     text -> const char *
            result  Wycheproof "valid"/"acceptable"/"invalid" -> 1/2/0
            flags   list of strings -> one comma-separated const char *
--section   (rsp) store the last section header, without brackets, as
            `section` (const char *).
--filter K=V  keep only records whose field K (as text) equals V; may be
            repeated.
--slice A:B keep records A..B-1 (Python slice, after --filter): splits a
            large file over several test programs (small flash images).

OUT.c and OUT.h are written. OUT.h declares
    struct NAME { ...fields... };
    extern const struct NAME NAME[];
    extern const size_t NAME_count;
A field name that is not a C identifier is rewritten (e.g. "tcId" stays,
"a-b" becomes "a_b"). Equal byte strings are stored once. The files say
how they were generated.
"""
import argparse
import json
import os
import re
import sys

TYPES = ("hex", "int", "str", "result", "flags")
RESULTS = {"invalid": 0, "valid": 1, "acceptable": 2}


class VecError(Exception):
    pass


def parse_fields(spec):
    out = []
    if not spec:
        return out
    for item in spec.split(","):
        if ":" not in item:
            raise VecError("field %r needs a type (one of %s)" % (item, ", ".join(TYPES)))
        name, typ = item.rsplit(":", 1)
        if typ not in TYPES:
            raise VecError("field %r: unknown type %r" % (name, typ))
        out.append((name, typ))
    return out


def c_ident(name):
    s = re.sub(r"[^A-Za-z0-9_]", "_", name.split(".")[-1] if "." in name else name)
    if not s or s[0].isdigit():
        s = "_" + s
    return s


def read_rsp(path, want_section):
    """-> list of dicts (field -> text value)"""
    records, cur, section = [], {}, None
    with open(path, "r", encoding="latin-1") as f:
        for raw in f:
            line = raw.strip()
            if not line:
                if cur:
                    records.append(cur)
                    cur = {}
                continue
            if line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                if cur:
                    records.append(cur)
                    cur = {}
                section = line[1:-1].strip()
                continue
            if "=" not in line:
                raise VecError("%s: cannot read line %r" % (path, line))
            k, v = line.split("=", 1)
            k, v = k.strip(), v.strip()
            if k in cur:
                # a repeated key starts a new record (files without blank lines)
                records.append(cur)
                cur = {}
            cur[k] = v
            if want_section:
                cur["section"] = section if section is not None else ""
    if cur:
        records.append(cur)
    return records


def lookup(obj, dotted):
    for part in dotted.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def read_wycheproof(path, group_fields):
    with open(path, "r", encoding="utf-8") as f:
        doc = json.load(f)
    if "testGroups" not in doc:
        raise VecError("%s: no testGroups (not a Wycheproof file?)" % path)
    records = []
    for g in doc["testGroups"]:
        gvals = {}
        for name, _ in group_fields:
            gvals[name] = lookup(g, name)
        for t in g.get("tests", []):
            r = dict(t)
            r.update(gvals)
            records.append(r)
    declared = doc.get("numberOfTests")
    if declared is not None and declared != len(records):
        raise VecError("%s: numberOfTests says %d, found %d" % (path, declared, len(records)))
    return records


def convert(value, typ, where):
    if value is None:
        raise VecError("%s: missing" % where)
    if typ == "hex":
        if not isinstance(value, str) or not re.fullmatch(r"[0-9a-fA-F]*", value) or len(value) % 2:
            raise VecError("%s: not an even-length hex string: %r" % (where, value))
        return bytes.fromhex(value)
    if typ == "int":
        if isinstance(value, bool):
            raise VecError("%s: boolean where an integer was expected" % where)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value.strip()):
            return int(value)
        raise VecError("%s: not an integer: %r" % (where, value))
    if typ == "str":
        if not isinstance(value, str):
            raise VecError("%s: not a string: %r" % (where, value))
        return value
    if typ == "result":
        if value not in RESULTS:
            raise VecError("%s: unknown result %r" % (where, value))
        return RESULTS[value]
    if typ == "flags":
        if not isinstance(value, list):
            raise VecError("%s: not a list: %r" % (where, value))
        return ",".join(str(v) for v in value)
    raise VecError("unknown type " + typ)


def c_string(s):
    out = []
    for ch in s.encode("utf-8"):
        c = chr(ch)
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif 32 <= ch < 127 and c != "?":
            out.append(c)
        else:
            out.append("\\%03o" % ch)
    return '"' + "".join(out) + '"'


def c_bytes(b):
    if not b:
        return "{ 0 }"
    lines = []
    for i in range(0, len(b), 16):
        lines.append("    " + ", ".join("0x%02x" % x for x in b[i:i + 16]) + ",")
    return "{\n" + "\n".join(lines) + "\n}"


def generate(records, fields, name, out, command, source):
    base = os.path.basename(out)
    guard = re.sub(r"[^A-Za-z0-9]", "_", base).upper() + "_H"
    idents = [(f, t, c_ident(f)) for f, t in fields]
    seen = set()
    for _, _, ci in idents:
        if ci in seen:
            raise VecError("two fields map to the C name %r" % ci)
        seen.add(ci)
    head = ("/* Generated by: %s\n * from %s. Do not edit. */\n" % (command, source))
    h = [head, "#ifndef %s\n#define %s\n\n#include <stddef.h>\n#include <stdint.h>\n" % (guard, guard),
         "struct %s {" % name]
    for f, t, ci in idents:
        if t == "hex":
            h.append("    const uint8_t *%s;\n    size_t %s_len;" % (ci, ci))
        elif t == "int":
            h.append("    int64_t %s;" % ci)
        elif t == "result":
            h.append("    int %s; /* 0 invalid, 1 valid, 2 acceptable */" % ci)
        else:
            h.append("    const char *%s;" % ci)
    h.append("};\n")
    h.append("extern const struct %s %s[];\nextern const size_t %s_count;\n" % (name, name, name))
    h.append("#endif\n")

    c = [head, '#include "%s.h"\n' % base]
    rows = []
    # equal byte strings share one array (a Wycheproof group's key is
    # repeated in every record of the group)
    arrays = {}
    for i, r in enumerate(records):
        vals = []
        for f, t, ci in idents:
            v = convert(r.get(f), t, "%s record %d field %s" % (source, i, f))
            if t == "hex":
                arr = arrays.get(v)
                if arr is None:
                    arr = "%s_%d_%s" % (name, i, ci)
                    arrays[v] = arr
                    c.append("static const uint8_t %s[%d] = %s;" % (arr, max(1, len(v)), c_bytes(v)))
                vals.append(".%s = %s, .%s_len = %d" % (ci, arr, ci, len(v)))
            elif t == "int":
                vals.append(".%s = %dLL" % (ci, v) if v >= 0 else ".%s = (%dLL)" % (ci, v))
            elif t == "result":
                vals.append(".%s = %d" % (ci, v))
            else:
                vals.append(".%s = %s" % (ci, c_string(v)))
        rows.append("    { " + ", ".join(vals) + " },")
    c.append("\nconst struct %s %s[] = {" % (name, name))
    c.extend(rows if rows else ["    { 0 },"])
    c.append("};\n\nconst size_t %s_count = %d;\n" % (name, len(records)))
    with open(out + ".h", "w") as f:
        f.write("\n".join(h))
    with open(out + ".c", "w") as f:
        f.write("\n".join(c))


def main(argv=None):
    ap = argparse.ArgumentParser(description="test vectors -> C tables")
    ap.add_argument("format", choices=["rsp", "wycheproof"])
    ap.add_argument("file")
    ap.add_argument("--name", required=True)
    ap.add_argument("--fields", required=True)
    ap.add_argument("--group-fields", default="")
    ap.add_argument("--section", action="store_true")
    ap.add_argument("--filter", action="append", default=[])
    ap.add_argument("--slice", default="")
    ap.add_argument("-o", "--out", required=True, help="output path without .c/.h")
    a = ap.parse_args(argv)
    try:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", a.name):
            raise VecError("--name must be a C identifier")
        fields = parse_fields(a.fields)
        gfields = parse_fields(a.group_fields)
        if a.format == "rsp":
            if gfields:
                raise VecError("--group-fields is for wycheproof files")
            records = read_rsp(a.file, a.section)
            if a.section:
                fields = fields + [("section", "str")]
        else:
            records = read_wycheproof(a.file, gfields)
            fields = fields + gfields
        for flt in a.filter:
            if "=" not in flt:
                raise VecError("--filter needs K=V")
            k, v = flt.split("=", 1)
            records = [r for r in records if str(r.get(k)) == v]
        if a.slice:
            m = re.fullmatch(r"(\d*):(\d*)", a.slice)
            if not m:
                raise VecError("--slice needs START:END")
            records = records[int(m.group(1) or 0):
                              int(m.group(2)) if m.group(2) else None]
        cmd = "tools/gen_vectors.py " + " ".join(
            x if re.fullmatch(r"[A-Za-z0-9_.,:/=+-]+", x) else "'%s'" % x
            for x in (argv if argv is not None else sys.argv[1:]))
        generate(records, fields, a.name, a.out, cmd, a.file)
    except (VecError, OSError, ValueError) as e:
        sys.stderr.write("gen_vectors: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
