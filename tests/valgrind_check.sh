#!/usr/bin/env bash
# Run every golden case under valgrind memcheck: any invalid access,
# uninitialised read or leak fails (DESIGN.md standards). Usage:
#   tests/valgrind_check.sh build/gpusim
# The last case's valgrind output is left in build/valgrind.log.
set -u
cd "$(dirname "$0")/.."
gpusim=${1:-build/gpusim}
# the log of each case goes beside the binary, in its build folder (not a fixed /tmp path
# that two checkouts on one machine would share)
log="$(dirname "$gpusim")/valgrind.log"
fail=0
passed=0
for args in tests/golden/*.args; do
    # shellcheck disable=SC2046
    if valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
         "$gpusim" $(grep -v '^#' "$args") > /dev/null 2> "$log"; then
        passed=$((passed + 1))
    else
        echo "valgrind: FAIL: $args"; head -n 30 "$log"; fail=$((fail + 1))
    fi
done
echo "valgrind: $passed passed, $fail failed"
[ "$fail" -eq 0 ]
