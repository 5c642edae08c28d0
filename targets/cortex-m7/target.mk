# cortex-m7: bare metal, arm-none-eabi-gcc, Thumb-2 (Armv7E-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m7 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
