# cortex-m0: bare metal, arm-none-eabi-gcc, Thumb-1 (Armv6-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m0 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
# bare-metal images: runtime, linker script, emulator, variable-time insns
TARGET_BM_SRCS := targets/cortex-m/startup.c targets/cortex-m/semihost.c
TARGET_BM_LDFLAGS := -T targets/cortex-m/cortexm.ld -Wl,--defsym=__flash_size=256K -Wl,--defsym=__ram_size=64K
TARGET_QEMU   := qemu-system-arm -M lm3s6965evb -cpu cortex-m0 $(EMU_SEMIHOSTING) -kernel
TARGET_VT     := 
# the compiler's 32x32->64 product is a call to libgcc's __aeabi_lmul, whose
# path depends on the operands (found by the trace checker: leaky_umull)
TARGET_VTMUL  := 1
TARGET_CORE   := cortex-m0
# clang (CC=clang): its own target triple; the GNU cross linker and libgcc
ifneq ($(findstring clang,$(CC)),)
TARGET_CFLAGS := --target=thumbv6m-none-eabi -mcpu=cortex-m0 -mfloat-abi=soft
TARGET_LIBGCC := $(shell arm-none-eabi-gcc -mthumb -mcpu=cortex-m0 -print-libgcc-file-name)
TARGET_BM_LDFLAGS += --ld-path=$(shell command -v arm-none-eabi-ld)
endif
