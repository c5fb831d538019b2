#!/usr/bin/env bash
# Stop what tests/cluster/start-slurm.sh started: slurmd and slurmctld (by their pid
# files in $GPUSIM_SLURM_DIR), then munged (by its pid file). Safe to run twice.
DIR=${GPUSIM_SLURM_DIR:-/tmp/gpusim-slurm}
for daemon in slurmd slurmctld; do
    if [ -s "$DIR/$daemon.pid" ]; then
        kill "$(cat "$DIR/$daemon.pid")" 2>/dev/null || true
        rm -f "$DIR/$daemon.pid"
    fi
done
for pidfile in /run/munge/munged.pid /var/run/munge/munged.pid; do
    if [ -s "$pidfile" ]; then
        kill "$(cat "$pidfile")" 2>/dev/null || true
        break
    fi
done
echo "stop-slurm: stopped"
