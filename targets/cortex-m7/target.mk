# cortex-m7: bare metal, arm-none-eabi-gcc, Thumb-2 (Armv7E-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m7 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
# bare-metal images: runtime, linker script, emulator, variable-time insns
TARGET_BM_SRCS := targets/cortex-m/startup.c targets/cortex-m/semihost.c
TARGET_BM_LDFLAGS := -T targets/cortex-m/cortexm.ld
TARGET_QEMU   := qemu-system-arm -M mps2-an500 $(EMU_SEMIHOSTING) -kernel
TARGET_VT     := udiv:sdiv
TARGET_CORE   := cortex-m7
# clang (CC=clang): its own target triple; the GNU cross linker and libgcc
ifneq ($(findstring clang,$(CC)),)
TARGET_CFLAGS := --target=thumbv7em-none-eabi -mcpu=cortex-m7 -mfloat-abi=soft
TARGET_LIBGCC := $(shell arm-none-eabi-gcc -mthumb -mcpu=cortex-m7 -print-libgcc-file-name)
TARGET_BM_LDFLAGS += --ld-path=$(shell command -v arm-none-eabi-ld)
endif
