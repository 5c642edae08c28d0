# xtensa-lx106: bare metal ESP8266 core (call0 ABI), xtensa-lx106-elf-gcc.
# No libc, and Debian's libgcc for it has no division helpers.
TARGET_KIND   := baremetal
TARGET_CC     := xtensa-lx106-elf-gcc
TARGET_CROSS  := xtensa-lx106-elf-
TARGET_CFLAGS := -mlongcalls
TARGET_LDFLAGS :=
TARGET_RUN    :=
# bare-metal images: runtime, linker script, emulator, variable-time insns
# (lx106 has no divider; its software division shows up as control flow)
TARGET_BM_SRCS := targets/xtensa-lx106/start.S targets/xtensa-lx106/simcall.c targets/xtensa-lx106/libgcc_extra.c
TARGET_BM_LDFLAGS := -T targets/xtensa-lx106/sim.ld
TARGET_QEMU   := qemu-system-xtensa -M sim -cpu lx106 -display none -monitor none -serial none -semihosting -kernel
TARGET_VT     := quou:quos:remu:rems
TARGET_CORE   := xtensa-lx106
