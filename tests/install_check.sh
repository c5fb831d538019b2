#!/usr/bin/env bash
# make install / make uninstall (issue 21, packaging; .ci/run calls this): install into a
# temporary prefix, check that no header shadows a system one, build the embedding examples
# with `pkg-config --cflags --libs gpusim` only and run them (timing_embed must print what
# the installed gpusim prints), render the man page, then
# uninstall and require the prefix to be empty. Usage: tests/install_check.sh [BUILD]
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
prefix=$(mktemp -d /tmp/gpusim-prefix-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
make -s BUILD="$build" PREFIX="$prefix" install
for h in limits.h stdint.h string.h stdio.h math.h; do
    if [ -e "$prefix/include/$h" ] || [ -e "$prefix/include/gpusim/$h" ]; then
        echo "install-check: FAIL: $h installed, it shadows the system header"; exit 1
    fi
done
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -pedantic -Werror -o "$prefix/vectoradd_embed" \
    examples/embed/vectoradd_embed.c $(pkg-config --cflags --libs gpusim)
"$prefix/vectoradd_embed"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -pedantic -Werror -o "$prefix/timing_embed" \
    examples/embed/timing_embed.c $(pkg-config --cflags --libs gpusim)
"$prefix/timing_embed" 2>/dev/null > "$prefix/embed.out"
"$prefix/bin/gpusim" --config tiny 2>/dev/null | cmp -s - "$prefix/embed.out" ||
    { echo "install-check: FAIL: timing_embed differs from gpusim --config tiny"; exit 1; }
rm "$prefix/vectoradd_embed" "$prefix/timing_embed" "$prefix/embed.out"
"$prefix/bin/gpusim" --version
MANWIDTH=80 man -l "$prefix/share/man/man1/gpusim.1" 2>/dev/null | grep -q "gs_launch_inst_limit"
make -s BUILD="$build" PREFIX="$prefix" uninstall
left=$(find "$prefix" -mindepth 1 | head -n 5)
if [ -n "$left" ]; then
    echo "install-check: FAIL: make uninstall left:"; echo "$left"; exit 1
fi
echo "install-check: install, pkg-config build, man page and uninstall passed"
