# armv7a-linux: 32-bit Arm Linux (armhf), Debian's cross gcc, run under
# qemu-user. ARM_ISA=arm (default) builds A32 code, ARM_ISA=thumb Thumb-2
# (Debian's default for armhf); the ct leaves differ between the two.
ARM_ISA       ?= arm
TARGET_KIND   := linux-user
TARGET_CC     := arm-linux-gnueabihf-gcc
TARGET_CROSS  := arm-linux-gnueabihf-
TARGET_CFLAGS := -march=armv7-a+fp -m$(ARM_ISA)
TARGET_LDFLAGS := -static
TARGET_RUN    := qemu-arm
TARGET_SCALE_SHIFT := 0
TARGET_VARIANT := -$(ARM_ISA)
# the builds the tools make of this target (tools/targets.py): label:VAR=value
TARGET_VARIANTS := a32:ARM_ISA=arm thumb:ARM_ISA=thumb
# the trace checker (make ct-trace): the divisions, as on AArch64 (Armv7-A
# has no divider in A32 and Thumb-2 here: they are calls of libgcc's
# branching routines, which the checker sees as control flow)
TARGET_VT     := udiv:sdiv
