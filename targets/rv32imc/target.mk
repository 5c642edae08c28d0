# rv32imc: bare metal RV32IMC, riscv64-unknown-elf-gcc (rv32im/ilp32 multilib).
TARGET_KIND   := baremetal
TARGET_CC     := riscv64-unknown-elf-gcc
TARGET_CROSS  := riscv64-unknown-elf-
TARGET_CFLAGS := -march=rv32imc -mabi=ilp32 -mcmodel=medlow
TARGET_LDFLAGS :=
TARGET_RUN    :=
