# rv32imc: bare metal RV32IMC, riscv64-unknown-elf-gcc (rv32im/ilp32 multilib).
TARGET_KIND   := baremetal
TARGET_CC     := riscv64-unknown-elf-gcc
TARGET_CROSS  := riscv64-unknown-elf-
TARGET_CFLAGS := -march=rv32imc -mabi=ilp32 -mcmodel=medlow
TARGET_LDFLAGS :=
TARGET_RUN    :=
# bare-metal images: runtime, linker script, emulator (a hart restricted to
# RV32IMC + Zicsr/Zifencei), variable-time insns
TARGET_BM_SRCS := targets/rv32imc/start.S targets/rv32imc/semihost.c
TARGET_BM_LDFLAGS := -T targets/rv32imc/virt.ld
TARGET_QEMU   := qemu-system-riscv32 -M virt -bios none -cpu rv32,a=false,f=false,d=false $(EMU_SEMIHOSTING) -kernel
TARGET_VT     := div:divu:rem:remu
TARGET_CORE   := rv32imc
# clang (CC=clang): its own target triple; the GNU cross linker and libgcc
ifneq ($(findstring clang,$(CC)),)
TARGET_CFLAGS := --target=riscv32-unknown-elf -march=rv32imc -mabi=ilp32 -mcmodel=medlow
TARGET_LIBGCC := $(shell riscv64-unknown-elf-gcc -march=rv32imc -mabi=ilp32 -print-libgcc-file-name)
TARGET_BM_LDFLAGS += --ld-path=$(shell command -v riscv64-unknown-elf-ld) -Wl,-m,elf32lriscv
endif
