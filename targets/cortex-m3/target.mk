# cortex-m3: bare metal, arm-none-eabi-gcc, Thumb-2 (Armv7-M), soft float.
TARGET_KIND   := baremetal
TARGET_CC     := arm-none-eabi-gcc
TARGET_CROSS  := arm-none-eabi-
TARGET_CFLAGS := -mthumb -mcpu=cortex-m3 -mfloat-abi=soft
TARGET_LDFLAGS :=
TARGET_RUN    :=
