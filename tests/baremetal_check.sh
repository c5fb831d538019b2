#!/usr/bin/env bash
# Bare metal in CI (issue 21 item 6; README "Bare metal"): build the bare-metal programs
# (`make baremetal`: examples/baremetal/ on QEMU's RISC-V `virt`, riscv64 and riscv32
# soft-float, and the Cortex-M3 mps2-an385 with RAM capped at 256 KiB), run each under
# qemu-system with semihosting, and compare every job's statistics, line for line, with
# what the x86-64 gpusim prints for the same job: tests/golden/NAME.stats, and for the
# `tiny` job `gpusim --config tiny`. Prints each program's time under QEMU and its memory
# figures. Usage: bash tests/baremetal_check.sh [BUILD_DIR [--require]]   (default build);
# a missing QEMU or cross compiler is a SKIP line, or a failure with --require (CI).
set -u
cd "$(dirname "$0")/.."
build=${1:-build}
require=${2:-}
gpusim=$build/gpusim
[ -x "$gpusim" ] || { echo "baremetal: $gpusim is not built (make all)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$gpusim" --config tiny > "$work/expected-tiny" 2>/dev/null ||
    { echo "baremetal: FAIL: gpusim --config tiny"; exit 1; }

failed=0
# name : qemu command : ELF
programs="riscv64-virt:qemu-system-riscv64 -machine virt -bios none
riscv32-virt:qemu-system-riscv32 -machine virt -bios none
cortex-m3-mps2:qemu-system-arm -machine mps2-an385 -cpu cortex-m3"
while IFS=: read -r name qemu; do
    elf=$build/baremetal/$name.elf
    set -- $qemu
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "baremetal: SKIP $name ($1 not installed)"
        [ "$require" = --require ] && failed=1
        continue
    fi
    if ! make -s BUILD="$build" "$elf" > "$work/$name.build" 2>&1; then
        cat "$work/$name.build"; echo "baremetal: FAIL: $name does not build"; failed=1; continue
    fi
    start=$(date +%s)
    timeout 900 $qemu -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -kernel "$elf" > "$work/$name.out" 2>&1
    rc=$?
    seconds=$(( $(date +%s) - start ))
    if [ $rc -ne 0 ]; then
        tail -5 "$work/$name.out"; echo "baremetal: FAIL: $name exited $rc"; failed=1; continue
    fi
    jobs=0; bad=0
    for job in $(sed -n 's/^== job \(.*\)$/\1/p' "$work/$name.out"); do
        sed -n "/^== job $job\$/,/^== end $job:/p" "$work/$name.out" | sed '1d;$d' > "$work/got"
        if [ "$job" = tiny ]; then want=$work/expected-tiny; else want=tests/golden/$job.stats; fi
        if ! cmp -s "$work/got" "$want"; then
            echo "baremetal: FAIL: $name job $job differs from $want:"
            diff "$want" "$work/got" | head -5
            bad=1
        fi
        jobs=$((jobs + 1))
    done
    grep -q '^== done: 0 failed$' "$work/$name.out" || bad=1
    if [ $bad -ne 0 ] || [ $jobs -eq 0 ]; then
        failed=1
    else
        echo "baremetal: ok: $name: $jobs jobs equal x86-64's, ${seconds} s under QEMU"
    fi
    sed -n 's/^\(gpusim .* bare metal: .*\)$/  \1/p; s/^== end \([^:]*\): status 0, \(.*\)$/  \1: \2/p' \
        "$work/$name.out"
done <<< "$programs"
exit $failed
