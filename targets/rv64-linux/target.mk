# rv64-linux: 64-bit RISC-V Linux (rv64gc), Debian's cross gcc, run under
# qemu-user. Here to test the RV64 constant-time leaves.
TARGET_KIND   := linux-user
TARGET_CC     := riscv64-linux-gnu-gcc
TARGET_CROSS  := riscv64-linux-gnu-
TARGET_CFLAGS :=
TARGET_LDFLAGS := -static
TARGET_RUN    := qemu-riscv64
TARGET_SCALE_SHIFT := 0
# the trace checker (make ct-trace): the divisions and remainders
TARGET_VT     := div:divu:rem:remu:divw:divuw:remw:remuw
