# xtensa-lx106: bare metal ESP8266 core (call0 ABI), xtensa-lx106-elf-gcc.
# No libc, and Debian's libgcc for it has no division helpers.
TARGET_KIND   := baremetal
TARGET_CC     := xtensa-lx106-elf-gcc
TARGET_CROSS  := xtensa-lx106-elf-
TARGET_CFLAGS := -mlongcalls
TARGET_LDFLAGS :=
TARGET_RUN    :=
