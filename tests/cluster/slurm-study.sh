#!/usr/bin/env bash
# The Slurm leg of issue 13 (.ci/run): start a one-node cluster, submit
# tests/study/smoke.study through `sbatch` (`gpusim study --emit slurm`), wait for the
# array, collect, and check that its CSV is byte-identical to the sequential run's and
# to the GNU parallel run's; stop the cluster. Prints SKIPPED with the reason (and
# exits 0) where Slurm, munge or GNU parallel is missing; never a silent pass.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
GPUSIM=$BUILD/gpusim
OUT=$BUILD/slurm-study
STUDY=tests/study/smoke.study
export GPUSIM_SLURM_DIR=${GPUSIM_SLURM_DIR:-/tmp/gpusim-slurm}
export SLURM_CONF=$GPUSIM_SLURM_DIR/slurm.conf
if ! command -v parallel >/dev/null 2>&1; then
    echo "slurm-study: SKIPPED: GNU parallel is not installed"; exit 0
fi
rc=0
bash tests/cluster/start-slurm.sh || rc=$?
if [ "$rc" = 77 ]; then echo "slurm-study: SKIPPED (see above)"; exit 0; fi
if [ "$rc" != 0 ]; then echo "slurm-study: FAIL: the cluster did not start"; exit 1; fi
trap 'bash tests/cluster/stop-slurm.sh' EXIT
rm -rf "$OUT"
"$GPUSIM" study "$STUDY" --run --out "$OUT/seq" >/dev/null 2>&1
"$GPUSIM" study "$STUDY" --emit parallel --out "$OUT/par" |
    parallel -j2 --halt now,fail=1 2>/dev/null
"$GPUSIM" study "$STUDY" --emit slurm --partition debug --time 00:10:00 --mem 1G \
    --out "$OUT/slurm" > "$OUT/smoke.sbatch"
job=$(sbatch --parsable "$OUT/smoke.sbatch")
echo "slurm-study: submitted array job $job"
for _ in $(seq 1 300); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 1
done
if [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; then
    echo "slurm-study: FAIL: array job $job still queued after 300 s"; squeue; exit 1
fi
for leg in seq par slurm; do
    if ! "$GPUSIM" study "$STUDY" --collect "$OUT/$leg" >/dev/null; then
        echo "slurm-study: FAIL: the $leg leg's results are incomplete"
        cat "$OUT"/slurm/slurm-*.out 2>/dev/null | tail -20
        exit 1
    fi
done
cmp "$OUT/seq/smoke.csv" "$OUT/par/smoke.csv"
cmp "$OUT/seq/smoke.csv" "$OUT/slurm/smoke.csv"
echo "slurm-study: ok: sbatch --array, GNU parallel and sequential CSVs are byte-identical"
