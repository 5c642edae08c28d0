#!/usr/bin/env python3
"""emu_run.py --qemu 'QEMU ARGS... -kernel' IMAGE... - run bare-metal test
images under QEMU and print the combined "N passed, N failed" line.

Each image prints the runner's lines through semihosting and exits with its
status (127 on a fault, 124 on timeout). stdin is closed for QEMU (the
semihosting console is a chardev on stdio, which needs a readable stdin:
/dev/null)."""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("images", nargs="+")
    a = ap.parse_args()
    total = suite.Result()
    for img in a.images:
        cmd = shlex.split(a.qemu) + [img]
        total.add(suite.run_program(cmd, name=os.path.basename(img), timeout=a.timeout))
    suite.emit(total.line())
    return 1 if total.failed or not total.passed else 0


if __name__ == "__main__":
    sys.exit(main())
