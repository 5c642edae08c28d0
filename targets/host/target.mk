# host: the build machine itself (x86-64 or AArch64 Linux), gcc or clang.
TARGET_KIND   := host
TARGET_CC     := gcc
TARGET_CROSS  :=
TARGET_CFLAGS :=
TARGET_LDFLAGS :=
TARGET_RUN    :=
