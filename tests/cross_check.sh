#!/usr/bin/env bash
# Cross-host determinism check (DESIGN.md sections 1 and 9).
#
# Rebuilds gpusim with several compilers, optimisation levels and targets and
# runs every golden case tests/golden/NAME.args; each build's output must equal
# NAME.stats byte for byte, so every digest is identical across:
#   clang -O0, gcc -O3, gcc -m32 (SSE math), and, under qemu-user, static
#   builds for big-endian 64-bit s390x, big-endian 32-bit PowerPC, 64-bit
#   Arm (aarch64) and 64-bit RISC-V. A build whose toolchain is missing is an
#   error, not a skip: .ci/run installs them (clang gcc-multilib qemu-user and
#   gcc-<target>-linux-gnu with libc6-dev-<arch>-cross for each target).
set -u
cd "$(dirname "$0")/.."

fail=0
passed=0

build() {   # name, then make variables
    local name=$1; shift
    echo "cross-check: building $name"
    if ! make -s BUILD="build-x-$name" "$@" "build-x-$name/gpusim" >"build-x-$name.log" 2>&1; then
        echo "cross-check: FAIL: build $name failed:"; tail -n 30 "build-x-$name.log"
        fail=$((fail + 1)); return 1
    fi
}

run_goldens() {   # name, then the runner prefix (e.g. qemu-s390x)
    local name=$1; shift
    local args stats out
    for args in tests/golden/*.args; do
        stats="${args%.args}.stats"
        # shellcheck disable=SC2046
        if ! out=$("$@" "build-x-$name/gpusim" $(grep -v '^#' "$args")); then
            echo "cross-check: FAIL: $name: $args exited non-zero"; fail=$((fail + 1)); continue
        fi
        if [ "$out" != "$(cat "$stats")" ]; then
            echo "cross-check: FAIL: $name: $args differs from $stats:"
            diff <(printf '%s\n' "$out") "$stats" | head -n 20
            fail=$((fail + 1))
        else
            passed=$((passed + 1))
        fi
    done
    # README "Reports": a run's samples and the report of fixed inputs, byte for byte
    if "$@" "build-x-$name/gpusim" --workload vectoradd -gs_sample_cycles 100 \
        --samples-csv "build-x-$name/vadd.samples.csv" >/dev/null 2>&1 &&
        cmp -s "build-x-$name/vadd.samples.csv" tests/report/vadd-100.samples.csv; then
        passed=$((passed + 1))
    else
        echo "cross-check: FAIL: $name: vectoradd's samples differ from tests/report/vadd-100.samples.csv"
        fail=$((fail + 1))
    fi
    if "$@" "build-x-$name/gpusim" report tests/report/inputs/smoke.csv \
        tests/report/inputs/synthetic.csv tests/report/inputs/vadd.samples.csv \
        tests/report/inputs/perfect.samples.csv > "build-x-$name/report.html" &&
        cmp -s "build-x-$name/report.html" tests/report/golden.html; then
        passed=$((passed + 1))
    else
        echo "cross-check: FAIL: $name: the report differs from tests/report/golden.html"
        fail=$((fail + 1))
    fi
}

if build clang-O0 CC=clang CFLAGS="-O0 -g"; then run_goldens clang-O0; fi
if build gcc-O3 CC=gcc CFLAGS="-O3"; then run_goldens gcc-O3; fi
if build gcc-m32 CC=gcc CFLAGS="-O2 -m32 -msse2 -mfpmath=sse" LDFLAGS=-m32 TEST_LIBS="-lm"; then
    run_goldens gcc-m32
fi
# Static cross builds run under qemu-user: target triplet, then qemu's name.
for cross in s390x:s390x powerpc:ppc aarch64:aarch64 riscv64:riscv64; do
    target=${cross%%:*}
    if build "$target" CC="$target-linux-gnu-gcc" AR="$target-linux-gnu-ar" CFLAGS="-O2" \
        LDFLAGS=-static; then
        run_goldens "$target" "qemu-${cross##*:}"
    fi
done

echo "cross-check: $passed passed, $fail failed"
[ "$fail" -eq 0 ]
