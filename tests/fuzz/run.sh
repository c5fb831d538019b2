#!/usr/bin/env bash
# Run each fuzz harness for FUZZ_SECONDS (issue 20; `make fuzz` builds them and calls this).
# Usage: tests/fuzz/run.sh BUILD_DIR SECONDS [NAME...]
# Seeds come from the project's own inputs (tests/, examples/, gen/). Each harness
# keeps what it finds new in BUILD_DIR/corpus/NAME and writes any crashing,
# leaking or slow input to BUILD_DIR/findings/NAME-*. Exit 1 on any finding.
# A per-input time limit of 10 s makes a slow input a finding too (defect 7's
# kind: a 17-line workload took 70 s to refuse).
set -u
cd "$(dirname "$0")/../.."
build=$1; seconds=$2; shift 2
names=${*:-config icnt ptx trace workload study}

seed_dirs() {   # name -> folders and files of seed inputs
    case $1 in
        config) echo gen/presets examples/configs tests/bad-config tests/configs/published/*/ ;;
        icnt) find tests -name '*.icnt' ;;
        ptx) echo examples/kernels tests/ptx/exec tests/ptx ;;
        workload) echo examples/workloads tests/workload/run-bad tests/workload ;;
        study) echo examples/studies tests/study tests/study/bad ;;
        trace) echo "$build/seeds/trace" ;;
    esac
}

# A trace seed is the kernel list, a "====" line, then a kernel trace (fuzz_trace.c).
mkdir -p "$build/seeds/trace"
for d in tests/trace/*/; do
    list="$d/kernelslist.g"
    kernel=$(ls "$d"/*.traceg 2>/dev/null | head -n 1)
    [ -f "$list" ] && [ -n "$kernel" ] || continue
    { head -c 4096 "$list"; printf '\n====\n'; head -c 60000 "$kernel"; } \
        > "$build/seeds/trace/$(basename "$d")"
done

fail=0
for name in $names; do
    bin="$build/fuzz_$name"
    corpus="$build/corpus/$name"
    mkdir -p "$corpus" "$build/findings"
    seeds=()
    for s in $(seed_dirs "$name"); do
        if [ -d "$s" ]; then
            tmp="$build/seeds/$name-$(echo "$s" | tr '/' '_')"
            mkdir -p "$tmp"
            find "$s" -maxdepth 1 -type f -size -64k -exec cp {} "$tmp/" \;
            seeds+=("$tmp")
        elif [ -f "$s" ]; then
            mkdir -p "$build/seeds/$name-files" && cp "$s" "$build/seeds/$name-files/"
        fi
    done
    [ -d "$build/seeds/$name-files" ] && seeds+=("$build/seeds/$name-files")
    log="$build/fuzz_$name.log"
    echo "fuzz: $name for ${seconds} s (log $log)"
    if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$build/findings/$name-" \
        "$corpus" "${seeds[@]}" > "$log" 2>&1; then
        echo "fuzz: FAIL: $name found an input that breaks a promise:"
        grep -E "ERROR|fuzz oracle|Test unit written|SUMMARY" "$log" | head -n 20
        fail=1
    fi
    grep -E "^Done" "$log" | sed "s/^/fuzz: $name: /"
done
exit $fail
