# gpusim build. `make` builds build/gpusim and build/libgpusim.a; `make test`
# runs every test; `make run` runs the main job. See README.md for the rest.
# Only cc, make and python3 are needed; python3 only for regen/check-gen/test.

CC      ?= cc
# The library's layers, lowest first (DESIGN.md section 2; make check-layers).
LIB_DIRS = base fp mem core mech ptx exec trace host sim
PYTHON  ?= python3
PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
AR      ?= ar
# `make V=1` shows full commands.
ifeq ($(V),1)
Q =
else
Q = @
endif

# Warnings as errors, C99, pedantic (DESIGN.md section 11). Deterministic
# floating point: no contraction of a*b+c into fma (DESIGN.md section 4).
WARN    = -Wall -Wextra -Werror -pedantic -Wshadow -Wstrict-prototypes \
          -Wmissing-prototypes -Wpointer-arith -Wwrite-strings -Wundef -Wvla \
          -Wcast-qual -Wformat=2
CSTD    = -std=c99
CFLAGS  ?= -O2 -g
FPFLAGS = -ffp-contract=off
ALL_CFLAGS = $(CSTD) $(WARN) $(FPFLAGS) $(CFLAGS) -Isrc -Itables -MMD -MP

LIB_SRC  = $(sort $(wildcard $(foreach d,$(LIB_DIRS),src/$(d)/*.c) tables/*.c))
PORT_SRC = src/port/port_hosted.c
CLI_SRC  = src/main.c $(sort $(wildcard src/cli/*.c))
TEST_LIBS ?= -lm
TEST_SRC = $(sort $(wildcard tests/unit/*.c))

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PORT_OBJ = $(PORT_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BIN = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all run test embed-check unit-tests check-layers regen check-gen ptx bench install uninstall clean \
        freestanding baremetal baremetal-check cross-check sanitize valgrind fuzz fuzz-build man unity portability bench-functional bench-compare help

all: $(BUILD)/gpusim $(BUILD)/libgpusim.a

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/libgpusim.a: $(LIB_OBJ) $(PORT_OBJ)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $^

$(BUILD)/gpusim: $(CLI_OBJ) $(BUILD)/libgpusim.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libgpusim.a

$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h $(BUILD)/libgpusim.a
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit $(LDFLAGS) -o $@ $< $(filter %.o,$^) \
	    $(BUILD)/libgpusim.a $(TEST_LIBS)

# Unit tests of CLI pieces link those objects too.
$(BUILD)/tests/352-cli-trace-io: $(BUILD)/obj/src/cli/cli_trace_io.o

unit-tests: $(TEST_BIN)

# The main job on the embedded default configuration and workload.
run: $(BUILD)/gpusim
	./$(BUILD)/gpusim

test: all unit-tests check-layers unity embed-check repro-smoke repro-000-small repro-001-small \
      repro-002-small repro-003-green-small
	$(PYTHON) tests/run_tests.py --build $(BUILD)

# The embedding examples (README "Embedding"), built against the library the way an
# embedder builds them: the host API's vectorAdd, and a whole timing run through the public
# run API (sim/run.h) whose streamed lines must equal `gpusim --config tiny`'s stdout.
.PHONY: embed-check
embed-check: $(BUILD)/gpusim $(BUILD)/libgpusim.a
	@mkdir -p $(BUILD)/examples
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $(BUILD)/examples/vectoradd_embed \
	  examples/embed/vectoradd_embed.c $(BUILD)/libgpusim.a
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $(BUILD)/examples/timing_embed \
	  examples/embed/timing_embed.c $(BUILD)/libgpusim.a
	@$(BUILD)/examples/vectoradd_embed > /dev/null
	@$(BUILD)/gpusim --config tiny 2>/dev/null > $(BUILD)/examples/tiny.expected
	@$(BUILD)/examples/timing_embed 2>/dev/null | cmp -s - $(BUILD)/examples/tiny.expected && \
	  echo "embed-check: vectoradd_embed ok; timing_embed prints what gpusim --config tiny prints" || \
	  { echo "embed-check: FAIL: timing_embed differs from gpusim --config tiny"; exit 1; }

# A tiny study end to end (README "Running studies"): sequential, GNU parallel (SKIPPED
# with its reason where it is not installed), collect, and --check against the golden.
.PHONY: repro-smoke
repro-smoke: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_smoke.py --build $(BUILD)

# Seed 000's experiment grid (README "Reproducing seed 000"): repro-000 runs the full grid
# at SIZE (paper, the default, or small), JOBS at a time (GNU parallel when above 1);
# repro-000-small, part of `make test`, the reduced grid checked against its golden table.
SIZE ?= paper
JOBS ?= 1
.PHONY: repro-000 repro-000-small
repro-000: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_000.py --build $(BUILD) --size $(SIZE) --jobs $(JOBS)
repro-000-small: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_000.py --build $(BUILD) --small

# Seed 001's (README "Reproducing seed 001"), the same way: repro-001 [SIZE=] [JOBS=], and
# repro-001-small in `make test`.
.PHONY: repro-001 repro-001-small
repro-001: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_001.py --build $(BUILD) --size $(SIZE) --jobs $(JOBS)
repro-001-small: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_001.py --build $(BUILD) --small

# Seed 002's (README "Reproducing seed 002"), the same way: repro-002 [SIZE=] [JOBS=], and
# repro-002-small in `make test`.
.PHONY: repro-002 repro-002-small
repro-002: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_002.py --build $(BUILD) --size $(SIZE) --jobs $(JOBS)
repro-002-small: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_002.py --build $(BUILD) --small

# Seed 003's GREEN experiment (README "Reproducing seed 003's GREEN"), the same way:
# repro-003-green [SIZE=] [JOBS=], and repro-003-green-small in `make test`.
.PHONY: repro-003-green repro-003-green-small
repro-003-green: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_003_green.py --build $(BUILD) --size $(SIZE) --jobs $(JOBS)
repro-003-green-small: $(BUILD)/gpusim
	$(PYTHON) tests/study/repro_003_green.py --build $(BUILD) --small

# README "Reports": the example report and its screenshots (examples/report/), and the
# headless-Chromium check of a rendered report (.ci/run; SKIPPED without chromium).
.PHONY: example-report render-check
example-report: $(BUILD)/gpusim
	GPUSIM=$(BUILD)/gpusim bash examples/report/make_example.sh
render-check: $(BUILD)/gpusim
	$(PYTHON) tests/report/render_check.py --gpusim $(BUILD)/gpusim

# One-way layers (DESIGN.md section 2): names any #include against the order.
check-layers:
	$(Q)$(PYTHON) tests/check_layers.py

# Regenerate tables/ from gen/ (python3, standard library only).
regen:
	$(PYTHON) gen/generate.py --out tables

# Regenerate into a temporary folder and fail on any difference.
check-gen:
	@tmp=$$(mktemp -d) && $(PYTHON) gen/generate.py --out $$tmp && \
	  diff -r $$tmp tables && rm -rf $$tmp && echo "check-gen: tables/ matches gen/"

# Installation (README "Installing"): the binary, the library, its headers under
# include/gpusim/ (none shadows a system header: the generated limits are gs_limits.h),
# pkg-config's gpusim.pc (written for PREFIX) and the man page gpusim(1), generated by
# `gpusim --man` from the --help text and the option table. DESTDIR and PREFIX are honoured; `make uninstall`
# removes exactly these files, then the folders they leave empty.
INSTALL_ROOT    = $(DESTDIR)$(PREFIX)
INSTALL_HEADERS = $(sort $(wildcard $(foreach d,$(LIB_DIRS),src/$(d)/*.h))) src/gpusim.h src/port/port.h \
                  $(sort $(wildcard tables/*.h))
INSTALLED_FILES = bin/gpusim lib/libgpusim.a lib/pkgconfig/gpusim.pc share/man/man1/gpusim.1 \
                  $(patsubst tables/%,include/gpusim/%,$(patsubst src/%,include/gpusim/%,\
                  $(INSTALL_HEADERS)))
INSTALLED_DIRS  = $(sort $(dir $(filter include/gpusim/%/,$(dir $(INSTALLED_FILES))))) \
                  include/gpusim/ include/ lib/pkgconfig/ lib/ bin/ share/man/man1/ share/man/ \
                  share/

$(BUILD)/gpusim.1: $(BUILD)/gpusim
	./$(BUILD)/gpusim --man > $@

man: $(BUILD)/gpusim.1

install: all $(BUILD)/gpusim.1
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/lib/pkgconfig $(INSTALL_ROOT)/share/man/man1
	install -m 755 $(BUILD)/gpusim $(INSTALL_ROOT)/bin/gpusim
	install -m 644 $(BUILD)/libgpusim.a $(INSTALL_ROOT)/lib/libgpusim.a
	@printf '%s\n' 'prefix=$(PREFIX)' 'exec_prefix=$${prefix}' 'libdir=$${exec_prefix}/lib' \
	  'includedir=$${prefix}/include' '' 'Name: gpusim' \
	  'Description: deterministic whole-GPU timing simulator (library)' \
	  "Version: $$(sed -n 's/^#define GS_VERSION_STRING \"\(.*\)\"/\1/p' src/gpusim.h)" \
	  'Cflags: -I$${includedir}/gpusim' 'Libs: -L$${libdir} -lgpusim' \
	  > $(INSTALL_ROOT)/lib/pkgconfig/gpusim.pc
	install -m 644 $(BUILD)/gpusim.1 $(INSTALL_ROOT)/share/man/man1/gpusim.1
	for h in $(INSTALL_HEADERS); do \
	  to=$${h#src/}; to=$${to#tables/}; \
	  install -D -m 644 $$h $(INSTALL_ROOT)/include/gpusim/$$to || exit 1; done

uninstall:
	rm -f $(addprefix $(INSTALL_ROOT)/,$(INSTALLED_FILES))
	for d in $(INSTALLED_DIRS); do \
	  [ -d $(INSTALL_ROOT)/$$d ] && rmdir --ignore-fail-on-non-empty $(INSTALL_ROOT)/$$d; done; true

# The unity build (issue 21 item 4): src/all.c must list exactly the library's sources
# (LIB_SRC, then the hosted port), compile as one translation unit with the project's
# warnings, and give a gpusim whose golden run matches.
$(BUILD)/unity/all.o: src/all.c $(LIB_SRC) $(PORT_SRC)
	@mkdir -p $(dir $@)
	@listed=$$(sed -n 's|^#include "\(.*\.c\)"$$|\1|p' src/all.c | \
	  sed 's|^\([a-z]*/\)|src/\1|; s|^\([^/]*\)$$|tables/\1|'); \
	  want="$(LIB_SRC) $(PORT_SRC)"; \
	  if [ "$$(printf '%s\n' $$listed | sort)" != "$$(printf '%s\n' $$want | sort)" ]; then \
	    echo "unity: src/all.c does not list exactly the library's sources:"; \
	    echo "  listed: $$(echo $$listed)"; echo "  wanted: $$want"; exit 1; fi
	@$(if $(Q),echo "  CC      src/all.c (unity)")
	$(Q)$(CC) $(ALL_CFLAGS) -c src/all.c -o $@

$(BUILD)/unity/gpusim: $(CLI_OBJ) $(BUILD)/unity/all.o
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/unity/all.o

unity: $(BUILD)/unity/gpusim
	@$(BUILD)/unity/gpusim $$(grep -v '^#' tests/golden/default.args) 2>/dev/null | \
	  cmp -s - tests/golden/default.stats && \
	  echo "unity: src/all.c builds; its gpusim prints tests/golden/default.stats" || \
	  { echo "unity: FAIL: the unity build's gpusim differs from tests/golden/default.stats"; exit 1; }

# Format-string and type portability (issue 21 item 3): the unity build with the project's
# warnings as errors under each 32- and 64-bit bare-metal compiler present (uint32_t is
# `unsigned long` under newlib and picolibc on 32-bit targets); an absent one is a SKIP line.
PORTABILITY_TARGETS = arm-none-eabi-gcc:-mcpu=cortex-m3:-mthumb \
                      arm-none-eabi-gcc:-mcpu=cortex-m4:-mthumb \
                      riscv64-unknown-elf-gcc:--specs=picolibc.specs \
                      riscv64-unknown-elf-gcc:--specs=picolibc.specs:-march=rv32imac:-mabi=ilp32
portability:
	@for t in $(PORTABILITY_TARGETS); do \
	  cc=$${t%%:*}; flags=$$(echo $${t#*:} | tr ':' ' '); \
	  if ! command -v $$cc >/dev/null 2>&1; then echo "portability: SKIP $$cc $$flags (not installed)"; continue; fi; \
	  $$cc $$flags $(CSTD) $(WARN) $(FPFLAGS) -O2 -Isrc -Itables -c src/all.c -o /dev/null || \
	    { echo "portability: FAIL: $$cc $$flags"; exit 1; }; \
	  echo "portability: ok: $$cc $$flags"; done

# Compile the library freestanding and link it with nothing but the bare-metal port
# (src/port/port_freestanding.c: memcpy, memset, ..., the panic) and a stub board
# (tests/freestanding/board.c): proof that the library has no hidden libc or malloc use.
FREE_OBJ = $(LIB_SRC:%.c=$(BUILD)/free/%.o)
$(BUILD)/free/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-FREE $<")
	$(Q)$(CC) $(CSTD) $(WARN) $(FPFLAGS) -O2 -ffreestanding -fno-builtin -Isrc -Itables -c $< -o $@
freestanding: $(FREE_OBJ) src/port/port_freestanding.c tests/freestanding/board.c
	$(CC) $(CSTD) $(WARN) -O2 -ffreestanding -fno-builtin -nostdlib -static -Isrc -Itables \
	  -Wl,-e,gs_freestanding_entry -o $(BUILD)/freestanding.elf \
	  -fno-tree-loop-distribute-patterns src/port/port_freestanding.c \
	  tests/freestanding/board.c $(FREE_OBJ) -lgcc
	@echo "freestanding: library links with only the port functions"

# Bare metal (issue 21 item 6; README "Bare metal"): examples/baremetal/main.c with the
# unity build, the bare-metal port and the semihosting board, for QEMU's RISC-V `virt`
# (riscv64; riscv32 soft-float) and the Cortex-M3 mps2-an385 (RAM capped at 256 KiB by its
# linker script). No C library: -nostdlib and libgcc. tests/baremetal_check.sh runs them.
BM_CFLAGS = $(CSTD) $(WARN) $(FPFLAGS) -O2 -ffreestanding -fno-builtin \
            -fno-tree-loop-distribute-patterns -DGS_PORT_FREESTANDING -Isrc -Itables
BM_SRC = src/all.c src/port/port_freestanding.c examples/baremetal/semihost.c \
         examples/baremetal/main.c
BM_DEPS = $(BM_SRC) $(LIB_SRC) $(wildcard src/*/*.h tables/*.h) examples/baremetal/*.ld \
          examples/baremetal/*.S
$(BUILD)/baremetal/riscv64-virt.elf: $(BM_DEPS)
	@mkdir -p $(dir $@)
	riscv64-unknown-elf-gcc --specs=picolibc.specs -march=rv64imac -mabi=lp64 -mcmodel=medany $(BM_CFLAGS) \
	  -nostdlib -static -Wl,--no-warn-rwx-segments -T examples/baremetal/riscv-virt.ld -o $@ \
	  examples/baremetal/start-riscv.S $(BM_SRC) -lgcc
$(BUILD)/baremetal/riscv32-virt.elf: $(BM_DEPS)
	@mkdir -p $(dir $@)
	riscv64-unknown-elf-gcc --specs=picolibc.specs -march=rv32imac -mabi=ilp32 -mcmodel=medany $(BM_CFLAGS) \
	  -nostdlib -static -Wl,--no-warn-rwx-segments -T examples/baremetal/riscv-virt.ld -o $@ \
	  examples/baremetal/start-riscv.S $(BM_SRC) -lgcc
$(BUILD)/baremetal/cortex-m3-mps2.elf: $(BM_DEPS)
	@mkdir -p $(dir $@)
	arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -DGS_BM_SMALL_RAM $(BM_CFLAGS) \
	  -nostdlib -static -T examples/baremetal/mps2-an385.ld -o $@ \
	  examples/baremetal/start-cortexm.S $(BM_SRC) -lgcc
baremetal: $(BUILD)/baremetal/riscv64-virt.elf $(BUILD)/baremetal/riscv32-virt.elf \
           $(BUILD)/baremetal/cortex-m3-mps2.elf
baremetal-check: all
	bash tests/baremetal_check.sh $(BUILD) $(if $(REQUIRE),--require)

# Rebuild the golden runs with other compilers/targets and compare digests
# (.ci/run calls this; needs clang, gcc-multilib, a cross compiler, qemu-user).
cross-check:
	bash tests/cross_check.sh

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize:
	$(MAKE) BUILD=$(BUILD)-san CFLAGS="-O1 -g $(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" test

# The golden runs under valgrind's memcheck (uninitialised reads, leaks).
valgrind: $(BUILD)/gpusim
	bash tests/valgrind_check.sh $(BUILD)/gpusim

# Fuzz every parser with clang's libFuzzer under ASan+UBSan (tests/fuzz; issue 20):
# make fuzz FUZZ_SECONDS=N runs each harness N seconds (default 60); any crash, sanitizer
# report, broken diagnostic promise (tests/fuzz/fuzz_common.h) or input slower than 10 s
# fails, with the input in $(FUZZ_BUILD)/findings. FUZZ_NAMES picks harnesses.
FUZZ_CC      ?= clang
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_NAMES   ?= config icnt ptx trace workload study
FUZZ_SAN     = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  = $(CSTD) $(WARN) $(FPFLAGS) -O1 -g $(FUZZ_SAN) -Isrc -Itables -Itests/fuzz
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) $(PORT_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_CLI_OBJ = $(CLI_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_EXTRA) -MMD -MP -c $< -o $@

# main.c holds the CLI's file and diagnostic helpers; libFuzzer brings its own main.
$(FUZZ_BUILD)/obj/src/main.o: FUZZ_EXTRA = -Dmain=gpusim_cli_main -Wno-missing-prototypes

$(FUZZ_BUILD)/fuzz_study: tests/fuzz/fuzz_study.c tests/fuzz/fuzz_common.h $(FUZZ_LIB_OBJ) \
                          $(FUZZ_CLI_OBJ)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_CLI_OBJ) $(FUZZ_LIB_OBJ) -lm

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h $(FUZZ_LIB_OBJ)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB_OBJ) -lm

fuzz-build: $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)

fuzz: fuzz-build
	bash tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_NAMES)

ptx:
	$(MAKE) -C examples ptx

bench: all
	$(PYTHON) bench/run_bench.py --build $(BUILD)

# Old and new builds side by side, interleaved: make bench-compare OLD=<rev>
OLD ?= HEAD
bench-compare:
	$(PYTHON) bench/compare.py --old $(OLD)

# Functional executor and PTX loader speed (bench/functional_speed.c).
bench-functional: $(BUILD)/libgpusim.a
	$(CC) -std=c99 -O2 -Isrc -Itables -o $(BUILD)/functional_speed bench/functional_speed.c \
	  $(BUILD)/libgpusim.a
	./$(BUILD)/functional_speed

# gpusim against real-hardware cycle counts: every trace set in ../shared/traces with a `gt`
# file (H100 PCIe measurements) on the h100 preset, a100 for reference (README "Correlation";
# TRACES=DIR for another folder). Not part of `make test`.
TRACES ?= ../shared/traces
.PHONY: correlate
correlate: all
	$(PYTHON) bench/correlate.py --build $(BUILD) --traces $(TRACES)

# The workload-suite table in README.md (between the suite-table markers):
# every suite workload at its small size on gtx480 under the timing model.
.PHONY: suite-table
suite-table: all
	$(PYTHON) bench/suite_table.py --build $(BUILD)

clean:
	rm -rf $(BUILD)

help:
	@echo "targets: all run test check-layers regen check-gen freestanding cross-check sanitize valgrind"
	@echo "         ptx bench correlate suite-table example-report render-check install"
	@echo "         uninstall clean repro-smoke repro-000 repro-000-small repro-001 repro-001-small"
	@echo "         repro-002 repro-002-small repro-003-green repro-003-green-small"

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(PORT_OBJ:.o=.d) $(TEST_BIN:=.d)
