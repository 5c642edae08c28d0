# cortex-m0: bare metal, arm-none-eabi-gcc, Thumb-1 (Armv6-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m0 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
