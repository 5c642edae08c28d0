# cortex-m3: bare metal, arm-none-eabi-gcc, Thumb-2 (Armv7-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m3 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
# bare-metal images: runtime, linker script, emulator, variable-time insns
TARGET_BM_SRCS := targets/cortex-m/startup.c targets/cortex-m/semihost.c
TARGET_BM_LDFLAGS := -T targets/cortex-m/cortexm.ld
TARGET_QEMU   := qemu-system-arm -M mps2-an385 $(EMU_SEMIHOSTING) -kernel
TARGET_VT     := udiv:sdiv:umull:smull:umlal:smlal
# UMULL/UMLAL terminate early: the compiler's long multiply is variable time
TARGET_VTMUL  := 1
TARGET_CORE   := cortex-m3
# clang (CC=clang): its own target triple; the GNU cross linker and libgcc
ifneq ($(findstring clang,$(CC)),)
TARGET_CFLAGS := --target=thumbv7m-none-eabi -mcpu=cortex-m3 -mfloat-abi=soft
TARGET_LIBGCC := $(shell arm-none-eabi-gcc -mthumb -mcpu=cortex-m3 -print-libgcc-file-name)
TARGET_BM_LDFLAGS += --ld-path=$(shell command -v arm-none-eabi-ld)
endif
