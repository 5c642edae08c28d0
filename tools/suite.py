"""suite.py - run test programs and sum their results (used by the tools).

Every test program ends its output with a line "N passed, N failed". A
program that exits non-zero without reporting a failure, that prints no such
line, or that times out counts as one failed group.
"""
import re
import subprocess
import sys
import time

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed\s*$")


class Result:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def add(self, other):
        self.passed += other.passed
        self.failed += other.failed

    def line(self):
        return "%d passed, %d failed" % (self.passed, self.failed)


def cpu_flags():
    """The host CPU's feature flags from /proc/cpuinfo (empty elsewhere)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def emit(line, out=sys.stdout):
    out.write(line + "\n")
    out.flush()


def run_program(cmd, name=None, timeout=3600, indent="", cwd=None, env=None,
                quiet_pass=False, sink=None):
    """Run one program that follows the runner protocol; echo its lines
    (its own summary line is replaced by ours) and return a Result."""
    name = name or " ".join(cmd)
    res = Result()
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=timeout, cwd=cwd, env=env)
        out = p.stdout.decode("utf-8", "replace").splitlines()
        rc = p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace").splitlines()
        out.append("timed out after %d s" % timeout)
        rc = None
    except OSError as e:
        out = ["cannot run: %s" % e]
        rc = None
    summary = None
    for line in out:
        m = SUMMARY.match(line)
        if m:
            summary = (int(m.group(1)), int(m.group(2)))
            continue
        if quiet_pass and line.startswith("PASS "):
            continue
        emit(indent + line, sink or sys.stdout)
    if summary:
        res.passed, res.failed = summary
    if rc != 0 and res.failed == 0:
        res.failed += 1
        emit("%sFAIL %s (exit status %s, %.1f s)" % (indent, name, rc, time.time() - t0),
             sink or sys.stdout)
    elif summary is None:
        res.failed += 1
        emit("%sFAIL %s (no summary line)" % (indent, name), sink or sys.stdout)
    return res


def commit_id(cwd=None):
    """The checked-out commit (short), with '+dirty' for uncommitted changes
    to tracked files; 'unknown' outside a git checkout."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=cwd,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              check=True).stdout.decode().strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_results(path, records):
    """Write a checker's per-case records as JSON lines (tools/ct_matrix.py
    reads them), each with the commit it was made from."""
    import json
    import os
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    commit = commit_id(os.path.dirname(os.path.abspath(path)))
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        for r in records:
            f.write(json.dumps(dict(r, commit=commit), sort_keys=True) + "\n")
    os.replace(tmp, path)
