# aarch64-linux: 64-bit Arm Linux, Debian's cross gcc, run under qemu-user.
TARGET_KIND   := linux-user
TARGET_CC     := aarch64-linux-gnu-gcc
TARGET_CROSS  := aarch64-linux-gnu-
TARGET_CFLAGS :=
TARGET_LDFLAGS := -static
TARGET_RUN    := qemu-aarch64
TARGET_SCALE_SHIFT := 0
