# aarch64-linux: 64-bit Arm Linux, Debian's cross gcc, run under qemu-user.
TARGET_KIND   := linux-user
TARGET_CC     := aarch64-linux-gnu-gcc
TARGET_CROSS  := aarch64-linux-gnu-
TARGET_CFLAGS :=
TARGET_LDFLAGS := -static
# -cpu max: every optional instruction qemu models, among them the Armv8
# AES/PMULL and SHA-2/SHA-512 ones the library picks at run time (and the
# tests assert are in use when the CPU reports them); qemu-user's default
# model is the same "max" (qemu 7.2), named here so that no version's
# default can silently hide them.
TARGET_RUN    := qemu-aarch64 -cpu max
TARGET_SCALE_SHIFT := 0
# the trace checker (make ct-trace, docs/constant-time.md): the divisions
# are the variable-time instructions; the multiplies are among the
# instructions Arm lists as data-independent under PSTATE.DIT (UDIV and
# SDIV are not), so they are not flagged
TARGET_VT     := udiv:sdiv
