# toolchain-cortex-m4.cmake - an example toolchain file for a Cortex-M4
# (Armv7E-M, soft float) with Debian's arm-none-eabi-gcc:
#
#   cmake -S . -B build-m4 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-cortex-m4.cmake \
#         -DCTC_PROFILE=small
#
# For another core, change -mcpu (cortex-m0, cortex-m3, cortex-m7) or use
# the flags of that core's targets/<core>/target.mk (TARGET_CFLAGS). A
# part with the FPU enabled uses -mfloat-abi=hard -mfpu=fpv4-sp-d16 in both
# the library and the firmware.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar)
set(CMAKE_RANLIB arm-none-eabi-ranlib)
set(CMAKE_C_FLAGS_INIT "-mthumb -mcpu=cortex-m4 -mfloat-abi=soft")
set(CMAKE_ASM_FLAGS_INIT "-mthumb -mcpu=cortex-m4 -mfloat-abi=soft")
# a bare-metal compiler cannot link a test program without a start-up
# file: try-compile a static library instead
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# find_package(ctcrypto) also where it was installed outside a sysroot
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
