#!/bin/bash
# The real TUI's memory on one list of 100,000 items: `listomat` at 200x50 in tmux on a copy of
# the TUIBenchmarks fixture (run `swift package benchmark --target TUIBenchmarks --filter
# 'First frame.*'` first: it builds $TMPDIR/listomat-benchmark-fixtures/one-list-100k-*), its
# VmRSS and VmHWM (peak) after start (the first ticks load the assistant for suggestions),
# End, space, u, and leaving and re-entering the list in the lists pane.
#
# Usage: Benchmarks/tui-memory.sh [LISTOMAT]   (default: .build/release/listomat)
set -euo pipefail
BIN=$(realpath "${1:-.build/release/listomat}")
FIXTURE=$(ls -d "${TMPDIR:-/tmp}"/listomat-benchmark-fixtures/one-list-100k-* 2>/dev/null | grep -v partial | head -1)
[ -n "$FIXTURE" ] || { echo "no one-list-100k fixture: run the TUI benchmarks first" >&2; exit 1; }
DATA=$(mktemp -d "${TMPDIR:-/tmp}/listomat-memory-XXXXXX")
SOCKET=listomat-memory-$$
trap 'tmux -L $SOCKET kill-server 2>/dev/null || true; rm -rf "$DATA"' EXIT
cp -r "$FIXTURE"/. "$DATA/"
tmux -L $SOCKET new-session -d -x 200 -y 50 -e LANG=C.UTF-8 -e TERM=xterm-256color "'$BIN' --data-dir '$DATA'; sleep 30"
memory() {
    sleep "${2:-2}"
    local pid
    pid=$(pgrep -f -- "$BIN --data-dir $DATA" | tail -1)
    echo "$1: $(grep -E '^(VmRSS|VmHWM)' /proc/"$pid"/status | tr -s ' \t' ' ' | tr '\n' ' ')"
}
memory "started" 4
tmux -L $SOCKET send-keys -t 0 Enter End; memory "End"
tmux -L $SOCKET send-keys -t 0 Space; memory "space"
tmux -L $SOCKET send-keys -t 0 u; memory "u"
tmux -L $SOCKET send-keys -t 0 Escape j k; memory "j, k in the lists"
tmux -L $SOCKET send-keys -t 0 q
