"""ct_claims.py - which constant-time checker claims which kind of leak.

One table for the checkers (ct_host.py, ct_trace.py) and the matrix
(ct_matrix.py). The kinds are those of tests/ct/cases.def (ct_cases.h):
  real         library code: no checker may report it;
  leaky        a secret branch, a secret-indexed load, an early exit, a
               branch on a carry, work skipped for zero digits, a secret
               loop count: every checker must report it;
  leaky-div    a division by a secret;
  leaky-vtmul  the compiler's 32x32->64-bit product of secrets.
"""

KINDS = ("real", "leaky", "leaky-div", "leaky-vtmul")

# checker -> the negative-control kinds it must catch. A kind a checker
# does not claim is not run by it (and not counted).
#  valgrind: follows values, not instructions: blind to timing of division
#            and multiplication;
#  msan:     checks branches, addresses and divisors (it reports a
#            poisoned divisor), not multiplications;
#  trace:    every kind; leaky-vtmul is a leak only where the core's long
#            multiply is variable time or a branching routine (--vtmul),
#            and must pass as constant time elsewhere.
CLAIMS = {
    "valgrind": {"leaky"},
    "msan": {"leaky", "leaky-div"},
    "trace": {"leaky", "leaky-div", "leaky-vtmul"},
}


def expectation(checker, kind, vtmul_leaks=False):
    """True: the checker must report the case; False: it must not;
    None: the checker does not claim this kind (the case is not run)."""
    if kind == "real":
        return False
    if kind not in CLAIMS[checker]:
        return None
    if kind == "leaky-vtmul":
        return bool(vtmul_leaks)
    return True
