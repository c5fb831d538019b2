#!/usr/bin/env bash
# Regenerate examples/report/ (README "Reports"; `make example-report`): the report of
# the smoke study (tests/study/smoke.study) and of a bfs run sampled every 2000 cycles,
# and, where Chromium is installed, its screenshots: report.png (the whole page) and
# study.png (the study's first figure, shown in README "Running studies").
set -eu
cd "$(dirname "$0")/../.."
GPUSIM=${GPUSIM:-build/gpusim}
out=examples/report
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$GPUSIM" study tests/study/smoke.study --run --out "$work/smoke" --quiet > /dev/null 2>&1
"$GPUSIM" --workload bfs -gs_sample_cycles 2000 --samples-csv "$out/bfs.samples.csv" --quiet \
    > /dev/null 2>&1
"$GPUSIM" report --title "gpusim report: the smoke study and a bfs run" --results "$work/smoke" \
    tests/study/smoke.study "$out/bfs.samples.csv" --out "$out/report.html"
"$GPUSIM" report --title "gpusim report: the smoke study" --results "$work/smoke" \
    tests/study/smoke.study --out "$work/study.html"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "make_example: no chromium: screenshots not regenerated"
    exit 0
fi
shot() {   # shot HTML PNG WIDTH HEIGHT
    case $1 in /*) page=$1 ;; *) page=$PWD/$1 ;; esac
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --force-color-profile=srgb --window-size="$3,$4" --screenshot="$2" "file://$page" \
        > /dev/null 2>&1
    [ -s "$2" ] || { echo "make_example: chromium wrote no $2" >&2; exit 1; }
}
shot "$out/report.html" "$out/report.png" 1000 4400
shot "$work/study.html" "$out/study.png" 1000 630
echo "make_example: wrote $out/report.html, report.png, study.png, bfs.samples.csv"
