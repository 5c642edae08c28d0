#!/usr/bin/env python3
"""run_programs.py [--run PREFIX] PROG... - run test programs (optionally
under an emulator such as qemu-aarch64) and print the combined
"N passed, N failed" line. Exit status 1 if anything failed."""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", default="", help="command prefix (emulator)")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("progs", nargs="+")
    a = ap.parse_args()
    total = suite.Result()
    for prog in a.progs:
        cmd = shlex.split(a.run) + [prog]
        total.add(suite.run_program(cmd, name=os.path.basename(prog),
                                    timeout=a.timeout))
    suite.emit(total.line())
    return 1 if total.failed or not total.passed else 0


if __name__ == "__main__":
    sys.exit(main())
