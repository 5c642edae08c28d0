# ctcrypto - the build.
#
#   make                      build the library for TARGET (default: host)
#   make test                 install what is missing, run the whole test suite
#   make bench                install what is missing, run every benchmark on
#                             the host and the emulated cores and the TLS
#                             handshakes (bench-tls) on the cores that hold
#                             them, write docs/PERFORMANCE.md and the other
#                             generated documents (QUICK=1: the host table
#                             only; CORES=cortex-m4,...: those cores only)
#   make bench-run            the benchmarks of TARGET alone, printed
#   make bench-peers          mbedTLS, p256-m, wolfSSL on the emulated cores
#                             (fetched into build/peers; CORES=, PEER_PROFILES=)
#   make check                build and run the unit tests for TARGET
#   make ct-valgrind          constant-time check under valgrind (host)
#   make ct-msan              constant-time check under MemorySanitizer (host)
#   make check-codegen        disassembly checks, every target: the hot loops
#                             and the library objects (check-codegen-lib)
#   make build-all            cross-build the library for every target
#   make install              headers, libctcrypto.a and a pkg-config file under
#                             $(DESTDIR)$(PREFIX) (PREFIX=/usr/local); CMake
#                             builds: CMakeLists.txt (docs/integration.md)
#   make test-tls             ctcrypto under mbedTLS 3.6 (fetched into build/peers,
#                             built in build/tls): mbedTLS's test suites and
#                             handshakes with openssl over 127.0.0.1 (docs/tls.md)
#   make bench-tls            the TLS 1.2 and 1.3 handshake on an emulated core,
#                             stock mbedTLS 3.6 against ctcrypto underneath
#                             (TLS_CORES=, TLS_PROFILES=) -> docs/tls-handshake.md
#
# Variables (all overridable):
#   TARGET   host | aarch64-linux | armv7a-linux | rv64-linux | cortex-m0 |
#            cortex-m3 | cortex-m4 | cortex-m7 | rv32imc | xtensa-lx106
#   PROFILE  fast (-O2) | small (-Os, smaller tables and rolled loops)
#   CC, CFLAGS, OPT            compiler, extra flags, optimisation level
#   NO_ASM=1                   C twins instead of the assembly leaves
#   FORCE_INLINE=0             let the compiler decide on inlining
#   LIMB=32                    32-bit limbs on a 64-bit host
#   BARRIER=volatile           the volatile fallback of the optimisation barrier
#   CT_CHECK=valgrind|msan     build with the constant-time checker hooks
#   LTO=1                      link-time optimisation: the library (fat objects)
#                              and every image and program compiled and linked
#                              with -flto, as a firmware build that uses it
#   SANITIZE=1                 AddressSanitizer + UndefinedBehaviorSanitizer
#                              (host; every report is fatal)
#   AES_TABLE=flash|unrolled|ram|sbox
#                              a table-based AES core, NOT constant time
#                              (CTC_AES_TABLE, include/ctcrypto/config.h)

TARGET  ?= host
PROFILE ?= fast
NO_ASM  ?= 0
FORCE_INLINE ?= 1
LIMB    ?=
BARRIER ?=
CT_CHECK ?=
SANITIZE ?= 0
AES_TABLE ?=
LTO     ?= 0

TARGETS := $(patsubst targets/%/target.mk,%,$(wildcard targets/*/target.mk))

ifeq ($(wildcard targets/$(TARGET)/target.mk),)
$(error unknown TARGET '$(TARGET)'; one of: $(TARGETS))
endif
TARGET_SCALE_SHIFT := 0
TARGET_VARIANT :=
TARGET_BM_SRCS :=
TARGET_QEMU :=
TARGET_VT :=
TARGET_VTMUL :=
TARGET_CORE :=
TARGET_LIBGCC := -lgcc
# QEMU's Arm and RISC-V semihosting console on stdout (targets/*/target.mk)
EMU_SEMIHOSTING := -display none -monitor none -serial none -chardev stdio,id=sh0 \
                   -semihosting-config enable=on,target=native,chardev=sh0
include targets/$(TARGET)/target.mk
# The unit tests' random iterations (TR_ITERS, tests/support/runner.h) are
# a quarter of the host's on the emulated bare-metal cores: the same
# checks, edge values and official vectors in full, fewer random samples
# of code the host runs at full count (22 bare-metal builds in make test).
ifeq ($(TARGET_KIND),baremetal)
TARGET_SCALE_SHIFT := 2
endif

ifeq ($(origin CC),default)
CC := $(TARGET_CC)
endif
ifeq ($(origin AR),default)
AR := $(TARGET_CROSS)ar
endif
OBJDUMP ?= $(TARGET_CROSS)objdump
SIZE    ?= $(TARGET_CROSS)size
NM      ?= $(TARGET_CROSS)nm
PYTHON  ?= python3

ifeq ($(PROFILE),small)
OPT ?= -Os
PROFILE_DEFS := -DCTC_PROFILE_SMALL=1
else ifeq ($(PROFILE),fast)
OPT ?= -O2
PROFILE_DEFS := -DCTC_PROFILE_SMALL=0
else
$(error PROFILE must be fast or small)
endif

# ---- variant flags and the build directory ---------------------------------
CCNAME  := $(notdir $(firstword $(CC)))
VARIANT := $(TARGET_VARIANT)
DEFS    := -DCTC_TARGET_NAME='"$(TARGET)$(TARGET_VARIANT)"' $(PROFILE_DEFS)
ifeq ($(NO_ASM),1)
DEFS    += -DCTC_NO_ASM=1
VARIANT := $(VARIANT)-noasm
endif
ifeq ($(FORCE_INLINE),0)
DEFS    += -DCTC_FORCE_INLINE=0
VARIANT := $(VARIANT)-noinline
endif
ifeq ($(BARRIER),volatile)
DEFS    += -DCTC_BARRIER_VOLATILE=1
VARIANT := $(VARIANT)-volbar
endif
ifneq ($(LIMB),)
DEFS    += -DCTC_LIMB_BITS=$(LIMB)
VARIANT := $(VARIANT)-limb$(LIMB)
endif
ifneq ($(AES_TABLE),)
AES_TABLE_flash := 1
AES_TABLE_unrolled := 2
AES_TABLE_ram := 3
AES_TABLE_sbox := 4
ifeq ($(AES_TABLE_$(AES_TABLE)),)
$(error AES_TABLE must be flash, unrolled, ram or sbox)
endif
DEFS    += -DCTC_AES_TABLE=$(AES_TABLE_$(AES_TABLE))
VARIANT := $(VARIANT)-aestable-$(AES_TABLE)
endif
SAN_FLAGS :=
ifeq ($(CT_CHECK),valgrind)
DEFS    += -DCTC_CT_CHECK=1
VARIANT := $(VARIANT)-vg
else ifeq ($(CT_CHECK),msan)
DEFS    += -DCTC_CT_CHECK=2
SAN_FLAGS := -fsanitize=memory -fno-omit-frame-pointer \
             $(shell $(CC) -fno-sanitize-memory-param-retval -fsanitize=memory -x c -c -o /dev/null /dev/null 2>/dev/null && echo -fno-sanitize-memory-param-retval)
VARIANT := $(VARIANT)-msan
else ifneq ($(CT_CHECK),)
$(error CT_CHECK must be valgrind or msan)
endif
ifeq ($(SANITIZE),1)
ifneq ($(CT_CHECK),)
$(error SANITIZE=1 does not combine with CT_CHECK)
endif
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
VARIANT := $(VARIANT)-asan-ubsan
endif

# -fno-aggressive-loop-optimizations: with the whole program in view gcc 12
# bounds mp_mul's row loop by the pointer overflow that an impossible
# 2^30-limb operand would cause and stops the build with a warning
# ("iteration 1073741823 invokes undefined behavior", Cortex-M0 RSA tests);
# without that inference the loop is compiled as written, and the P-256
# image of tools/check_p256_only.py is the same size
LTO_FLAGS :=
ifeq ($(LTO),1)
LTO_FLAGS := -flto -ffat-lto-objects -fno-aggressive-loop-optimizations
VARIANT := $(VARIANT)-lto
else ifneq ($(LTO),0)
$(error LTO must be 0 or 1)
endif

empty :=
space := $(empty) $(empty)
OPTNAME := $(subst -,,$(subst $(space),,$(OPT)))
BUILD ?= build/$(TARGET)-$(CCNAME)-$(PROFILE)-$(OPTNAME)$(VARIANT)
B := $(BUILD)
# vector tables (C made from test-vector files) are the same for every
# target and profile: generated once, here, and compiled in each build
VEC := build/vectors

WARN    := -std=c99 -Wall -Wextra -Werror -Wshadow -Wcast-qual -Wstrict-prototypes
BASE_CFLAGS := $(WARN) $(OPT) -g -ffunction-sections -fdata-sections \
               $(TARGET_CFLAGS) $(SAN_FLAGS) $(LTO_FLAGS) -Iinclude -Isrc $(DEFS)
# the library needs no libc on any target: -ffreestanding keeps the compiler
# from turning loops into memset/memcpy calls (tools/build_all.py checks)
LIB_CFLAGS  := $(BASE_CFLAGS) -ffreestanding -Wconversion $(CFLAGS)
TEST_CFLAGS := $(BASE_CFLAGS) -Itests/support -DTR_SCALE_SHIFT=$(TARGET_SCALE_SHIFT) $(CFLAGS)
LDFLAGS_ALL := $(TARGET_LDFLAGS) $(SAN_FLAGS) -Wl,--gc-sections $(LDFLAGS)

# ---- what the families add (mk/*.mk) ----------------------------------------
# Each family may have a fragment mk/<family>.mk that adds to these:
#   VECTORS += vec_x                  a C table made by tools/gen_vectors.py;
#   VEC_ARGS_vec_x := FORMAT FILE ... its arguments (without --name and -o);
#   TEST_VECTORS_test_y := vec_x ...  tables linked into tests/unit/test_y.c
#                                     (include "vec_x.h");
#   BENCH_LIBS_bench_z := -l...       peers linked into bench/bench_z.c;
#   HOST_TEST_LIBS_test_w := -l...    libraries for tests/host/test_w.c.
# tests/host/test_*.c are host-only tests (differential against OpenSSL).
# (the fragments are included at the end of this file, so they can use
# every variable defined here and add rules of their own)
VECTORS :=

# ---- the library -------------------------------------------------------------
LIB_SRCS := $(sort $(wildcard src/*/*.c src/*/*/*.c src/*/*.S src/*/*/*.S))
LIB_OBJS := $(patsubst %.S,$(B)/%.o,$(LIB_SRCS:%.c=$(B)/%.o))
LIB      := $(B)/libctcrypto.a

.PHONY: all lib check test bench bench-run bench-peers deps deps-bench ct-valgrind ct-msan \
        check-codegen check-codegen-lib build-all test-tls bench-tls clean info info-img ct-prog ct-trace ct-matrix \
        install
all: lib
lib: $(LIB)

# rebuild everything when the flags change
$(B)/.flags: FORCE
	@mkdir -p $(B)
	@echo '$(LIB_CFLAGS) | $(TEST_CFLAGS) | $(LDFLAGS_ALL)' | cmp -s - $@ || echo '$(LIB_CFLAGS) | $(TEST_CFLAGS) | $(LDFLAGS_ALL)' > $@
FORCE:

$(B)/src/%.o: src/%.c $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -MMD -MP -c $< -o $@

$(B)/src/%.o: src/%.S $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# ---- vector tables ---------------------------------------------------------------
# $(call vec_gen,NAME,COMMAND): COMMAND (a generator, given -o last) writes
# NAME.h and NAME.c in a directory of its own, and both move into $(VEC),
# the .c last (it is the target): two suites running at once may make the
# same table, and neither compiles a half-written one
vec_gen = @mkdir -p $(VEC) && echo '$(2) -o $(VEC)/$(1)' && t=$$(mktemp -d $(VEC)/.tmp-XXXXXX) && \
    { $(2) -o $$t/$(1) && mv -f $$t/$(1).h $(VEC)/$(1).h && mv -f $$t/$(1).c $(VEC)/$(1).c; \
      rc=$$?; rm -rf $$t; exit $$rc; }

.SECONDEXPANSION:
$(VEC)/%.c: tools/gen_vectors.py $$(word 2,$$(VEC_ARGS_$$*))
	@test -n "$(VEC_ARGS_$*)" || { echo "no VEC_ARGS_$* in mk/*.mk" >&2; exit 1; }
	$(call vec_gen,$*,$(PYTHON) tools/gen_vectors.py $(VEC_ARGS_$*) --name $*)

$(B)/vectors/%.o: $(VEC)/%.c $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -ffreestanding -c $< -o $@

.PRECIOUS: $(VEC)/%.c

# ---- test programs (host and qemu-user targets) -------------------------------
RUNNER_SRCS := tests/support/runner.c tests/support/port_host.c
UNIT_TESTS  := $(patsubst tests/unit/%.c,%,$(sort $(wildcard tests/unit/test_*.c)))
UNIT_BINS   := $(UNIT_TESTS:%=$(B)/tests/%)
HOST_TESTS  := $(patsubst tests/host/%.c,%,$(sort $(wildcard tests/host/test_*.c)))
HOST_BINS   := $(HOST_TESTS:%=$(B)/host-tests/%)

# the runner is compiled once per build, not once per test program
RUNNER_OBJS := $(RUNNER_SRCS:%.c=$(B)/support/%.o)
$(B)/support/%.o: %.c $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -MMD -MP -c $< -o $@

$(B)/tests/%: tests/unit/%.c $(RUNNER_OBJS) $(LIB) $(B)/.flags $$(addprefix $(B)/vectors/,$$(addsuffix .o,$$(TEST_VECTORS_$$*)))
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -I$(VEC) -MMD -MP $< $(filter %.o,$^) $(LIB) $(LDFLAGS_ALL) -o $@

$(B)/host-tests/%: tests/host/%.c $(RUNNER_OBJS) $(LIB) $(B)/.flags $$(addprefix $(B)/vectors/,$$(addsuffix .o,$$(TEST_VECTORS_$$*)))
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Itests/unit -I$(VEC) -MMD -MP $< $(filter %.o,$^) $(LIB) $(LDFLAGS_ALL) $(HOST_TEST_LIBS_$*) -o $@

ifeq ($(TARGET_KIND),baremetal)
# ---- bare-metal images, run under QEMU ------------------------------------------
EMU_SRCS    := targets/common/emu_common.c tests/support/runner.c $(TARGET_BM_SRCS)
IMG_CFLAGS  := $(TEST_CFLAGS) -ffreestanding -Itargets/common/include -Itargets/common
IMG_LDFLAGS := -nostdlib $(TARGET_BM_LDFLAGS) -Wl,--gc-sections \
               -Wl,--no-warn-rwx-segments $(LDFLAGS)
UNIT_IMAGES := $(UNIT_TESTS:%=$(B)/images/%.elf)
# the start-up code, semihosting and the runner: compiled once per build
EMU_OBJS    := $(patsubst %.S,$(B)/emu/%.o,$(EMU_SRCS:%.c=$(B)/emu/%.o))
$(B)/emu/%.o: %.c $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(IMG_CFLAGS) -MMD -MP -c $< -o $@
$(B)/emu/%.o: %.S $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(IMG_CFLAGS) -MMD -MP -c $< -o $@

$(B)/images/%.elf: tests/unit/%.c $(EMU_OBJS) $(LIB) $(B)/.flags $$(addprefix $(B)/vectors/,$$(addsuffix .o,$$(TEST_VECTORS_$$*)))
	@mkdir -p $(dir $@)
	$(CC) $(IMG_CFLAGS) -I$(VEC) -MMD -MP $< $(filter %.o,$^) $(LIB) $(IMG_LDFLAGS) $(TARGET_LIBGCC) -o $@

check: $(UNIT_IMAGES)
	@$(PYTHON) tools/emu_run.py --qemu '$(TARGET_QEMU)' $(UNIT_IMAGES)
else ifeq ($(TARGET_KIND)$(CT_CHECK),host)
check: $(UNIT_BINS) $(HOST_BINS)
	@$(PYTHON) tools/run_programs.py $(UNIT_BINS) $(HOST_BINS)
else
check: $(UNIT_BINS)
	@$(PYTHON) tools/run_programs.py --run '$(TARGET_RUN)' $(UNIT_BINS)
endif

# ---- constant-time checkers on the host --------------------------------------
CT_PROG := $(B)/tests/ct_poison

# every tests/ct/*.c: the host harness, the case registry, the cases
CT_CASE_SRCS := $(filter-out tests/ct/ct_poison.c tests/ct/ct_trace.c,$(sort $(wildcard tests/ct/*.c)))
CT_HDRS := tests/ct/cases.def $(wildcard tests/ct/*.h)
# each checker run writes one JSON line per case here (tools/ct_matrix.py)
CT_RESULTS := build/ct-results
# how the matrix names this build's leaves and inlining
CT_BUILD_NAME := $(if $(filter 1,$(NO_ASM)),C twins,asm)$(if $(filter 0,$(FORCE_INLINE)), FORCE_INLINE=0,)$(if $(LIMB), LIMB=$(LIMB),)

$(B)/tests/ct_poison: tests/ct/ct_poison.c $(CT_CASE_SRCS) $(CT_HDRS) $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Itests/ct -MMD -MP tests/ct/ct_poison.c $(CT_CASE_SRCS) $(LIB) $(LDFLAGS_ALL) -o $@

ct-prog: $(CT_PROG)

ifeq ($(TARGET_KIND),baremetal)
# the trace checker's image: every case, its generator's secrets (tests/ct/ct_trace.c)
CT_TRACE_IMAGE := $(B)/images/ct_trace.elf

$(CT_TRACE_IMAGE): tests/ct/ct_trace.c $(CT_CASE_SRCS) $(CT_HDRS) $(EMU_OBJS) $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(IMG_CFLAGS) -Itests/ct tests/ct/ct_trace.c $(CT_CASE_SRCS) $(EMU_OBJS) $(LIB) $(IMG_LDFLAGS) $(TARGET_LIBGCC) -o $@

CT_TRACE_QEMU := $(TARGET_QEMU)
else ifeq ($(TARGET_KIND),linux-user)
# the same harness as a static Linux program under qemu-user (stdout, the
# markers in ct_trace.c itself; TARGET_LDFLAGS links it statically, as the
# unit tests are, so no dynamic loader runs and every address is fixed)
CT_TRACE_IMAGE := $(B)/tests/ct_trace

$(CT_TRACE_IMAGE): tests/ct/ct_trace.c $(CT_CASE_SRCS) $(CT_HDRS) $(RUNNER_OBJS) $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -DCT_TRACE_HOSTED=1 -Itests/ct -Itargets/common tests/ct/ct_trace.c $(CT_CASE_SRCS) $(RUNNER_OBJS) $(LIB) $(LDFLAGS_ALL) -o $@

CT_TRACE_QEMU := $(TARGET_RUN)
endif

ifneq ($(CT_TRACE_IMAGE),)
ct-trace: $(CT_TRACE_IMAGE)
	@$(PYTHON) tools/ct_trace.py --qemu '$(CT_TRACE_QEMU)' --image $(CT_TRACE_IMAGE) \
	    --nm $(NM) --vt '$(TARGET_VT)' --vtmul $(if $(TARGET_VTMUL),$(TARGET_VTMUL),0) --label '$(TARGET) $(OPT) $(CCNAME)$(VARIANT)' \
	    --results $(CT_RESULTS)/trace-$(notdir $(B)).jsonl \
	    --meta 'target=$(TARGET)$(TARGET_VARIANT);opt=$(OPT);cc=$(CCNAME);build=$(CT_BUILD_NAME)'
else
ct-trace:
	@echo "ct-trace runs on the bare-metal targets (TARGET=cortex-m0 ... xtensa-lx106) and the qemu-user ones (aarch64-linux, armv7a-linux, rv64-linux)" >&2
	@exit 2
endif

ct-valgrind:
	@$(PYTHON) tools/ct_host.py --checker valgrind

ct-msan:
	@$(PYTHON) tools/ct_host.py --checker msan

# the hot loops (tests/codegen/hot_loop.c), then every function of the
# library objects against src/ct_public.txt (tools/check_codegen_lib.py)
check-codegen:
	@$(PYTHON) tools/check_codegen.py; s=$$?; $(PYTHON) tools/check_codegen_lib.py && exit $$s

check-codegen-lib:
	@$(PYTHON) tools/check_codegen_lib.py

# docs/constant-time-matrix.md from the results of the last `make test`
# (build/ct-results, written by the checkers); fails if any result failed
ct-matrix:
	@$(PYTHON) tools/ct_matrix.py --require --out docs/constant-time-matrix.md
	@echo "wrote docs/constant-time-matrix.md"

build-all:
	@$(PYTHON) tools/build_all.py

test-tls:
	@$(PYTHON) tools/tls.py

# ---- the whole suite, benchmarks, dependencies --------------------------------
deps:
	@sh tools/deps.sh

deps-bench:
	@sh tools/deps.sh bench

# TARGET=host (default): everything; another TARGET: that target's suites
test: deps
	@$(PYTHON) tools/testall.py $(if $(filter-out host,$(TARGET)),--target $(TARGET) \
	    --make-args '$(strip $(if $(filter command line,$(origin PROFILE)),PROFILE=$(PROFILE)) \
	    $(if $(filter command line,$(origin OPT)),OPT="$(OPT)") $(if $(filter command line,$(origin CC)),CC=$(CC)) \
	    $(if $(filter command line,$(origin NO_ASM)),NO_ASM=$(NO_ASM)))')

BENCHES    := $(patsubst bench/%.c,%,$(sort $(wildcard bench/bench_*.c)))
BENCH_BINS := $(BENCHES:%=$(B)/bench/%)

$(B)/bench/%: bench/%.c bench/harness.c bench/harness.h $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -Ibench $< bench/harness.c $(LIB) $(LDFLAGS_ALL) $(BENCH_LIBS_$*) -o $@

QUICK ?=
CORES ?=
# (a bare-metal TARGET= on its own selects that core)
bench: deps-bench
	@$(PYTHON) tools/report.py $(if $(filter 1,$(QUICK)),--quick) \
	    $(if $(CORES),--cores $(CORES),$(if $(filter baremetal,$(TARGET_KIND)),--cores $(TARGET)))

ifeq ($(TARGET_KIND),baremetal)
# on the emulated cores: exact instruction counts, estimated cycles, stack
# (benchmarks listed in BENCH_HOST_ONLY, e.g. by a mk/ fragment, are skipped)
BENCH_HOST_ONLY ?=
BENCH_IMAGES := $(patsubst %,$(B)/images/%.elf,$(filter-out $(BENCH_HOST_ONLY),$(BENCHES)))

$(B)/images/bench_%.elf: bench/bench_%.c bench/harness_emu.c bench/harness.h $(EMU_SRCS) $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(IMG_CFLAGS) -DBENCH_HOST=0 -Ibench $< bench/harness_emu.c $(EMU_SRCS) $(LIB) $(IMG_LDFLAGS) $(TARGET_LIBGCC) -o $@

bench-run: $(BENCH_IMAGES)
	@mkdir -p $(B)/results
	@$(PYTHON) tools/emu_bench.py --qemu '$(TARGET_QEMU)' --core $(TARGET_CORE) \
	    --label '$(TARGET) $(OPT) $(CCNAME)' --json $(B)/results/bench.json $(BENCH_IMAGES)
else
bench-run: $(BENCH_BINS)
	@for b in $(BENCH_BINS); do $(TARGET_RUN) $$b || exit 1; done
endif

# the peer libraries on the emulated cores, fetched from Debian source
# packages into build/peers and measured like bench-run (tools/peers.py,
# docs/peers.md); CORES=cortex-m4,... (default: every bare-metal target),
# PEER_PROFILES=fast,small, PEER_LIBS=mbedtls,p256m,bearssl,wolfssl
comma := ,
CORES         ?= all
PEER_PROFILES ?= fast,small
PEER_LIBS     ?= mbedtls,p256m,bearssl,wolfssl
bench-peers:
	@$(PYTHON) tools/peers.py --cores '$(subst $(space),$(comma),$(strip $(CORES)))' \
	    --profiles '$(PEER_PROFILES)' --libs '$(PEER_LIBS)'

# the handshake on an emulated core (tools/tls_emu.py, docs/tls.md "The
# handshake on a microcontroller"): mbedTLS fetched as for bench-peers,
# built in build/tls-emu; TLS_CORES=cortex-m4, TLS_PROFILES=small (-Os)
TLS_CORES    ?= cortex-m4
TLS_PROFILES ?= small
bench-tls:
	@$(PYTHON) tools/tls_emu.py --cores '$(subst $(space),$(comma),$(strip $(TLS_CORES)))' \
	    --profiles '$(TLS_PROFILES)'

# ---- install ------------------------------------------------------------------
# the headers, the archive and ctcrypto.pc (cmake/ctcrypto.pc.in, which the
# CMake install fills in too); the pkg-config Cflags carry the build's
# CTC_* definitions, so a program sees the configuration the library has
PREFIX  ?= /usr/local
DESTDIR ?=
CTC_VERSION := $(shell sed -n 's/^\#define CTC_VERSION "\(.*\)"/\1/p' include/ctcrypto/common.h)
PC_DEFS := $(strip $(filter -DCTC_%,$(filter-out -DCTC_TARGET_NAME=%,$(DEFS) $(CFLAGS))))
install: $(LIB)
	install -d $(DESTDIR)$(PREFIX)/include/ctcrypto $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/ctcrypto/*.h $(DESTDIR)$(PREFIX)/include/ctcrypto/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|lib|' -e 's|@VERSION@|$(CTC_VERSION)|' \
	    -e 's|@DEFS@|$(PC_DEFS)|' cmake/ctcrypto.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ctcrypto.pc

info:
	@echo "TARGET=$(TARGET) CC=$(CC) BUILD=$(B)"
	@echo "CFLAGS=$(LIB_CFLAGS)"

info-img:
	@echo "IMG_CFLAGS=$(IMG_CFLAGS)"
	@echo "IMG_LDFLAGS=$(IMG_LDFLAGS)"
	@echo "EMU_SRCS=$(EMU_SRCS)"
	@echo "QEMU=$(TARGET_QEMU)"

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(RUNNER_OBJS:.o=.d) $(EMU_OBJS:.o=.d) $(UNIT_BINS:=.d) $(HOST_BINS:=.d) $(UNIT_IMAGES:.elf=.d)

-include $(sort $(wildcard mk/*.mk))
