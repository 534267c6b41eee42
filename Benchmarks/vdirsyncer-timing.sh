#!/usr/bin/env bash
# Compares a sync with nothing to do: `listomat sync` against `vdirsyncer sync`, both on the
# same calendar of N to-dos on a CalDAV server on loopback (the sync issue's goal: ListOMat's
# no-change sync at most 0.15x vdirsyncer's). Wall time of the whole process, 11 runs each,
# the two clients taking turns so that a busy machine slows both alike.
#
# vdirsyncer is set up as its docs say: a `caldav` storage for the server, a `filesystem`
# storage with fileext ".ics", `vdirsyncer discover`, one initial sync (and one more), then
# the timed syncs, which only check for changes.
#
# Install vdirsyncer outside the project's .venv, e.g.:
#   python3 -m venv /tmp/vdir && /tmp/vdir/bin/pip install vdirsyncer
#
# Usage: Benchmarks/vdirsyncer-timing.sh VDIRSYNCER [BIN] [N] [SERVERS]
#   VDIRSYNCER: the vdirsyncer executable (e.g. /tmp/vdir/bin/vdirsyncer);
#   BIN defaults to .build/release/listomat, N to 1000,
#   SERVERS to "radicale xandikos" (from .venv, as in sync-timing.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/sync-common.sh
vdir=$(realpath "${1:?usage: $0 VDIRSYNCER [BIN] [N] [SERVERS]}")
bin=$(realpath "${2:-.build/release/listomat}")
n=${3:-1000}
servers=${4:-radicale xandikos}
range() { sort -n | awk 'NR==1{lo=$1} {hi=$1} END {print lo "-" hi}'; }

echo "listomat $("$bin" --version) ($(git rev-parse --short HEAD)), $("$vdir" --version)"
"$py" -m pip list 2>/dev/null | grep -i -E '^(radicale|xandikos) ' || true

run() {  # name args…
    local name=$1; shift
    XDG_CONFIG_HOME="$tmp/$name/config" BENCH_PASSWORD=bench "$bin" --data-dir "$tmp/$name/data" "$@"
}

bench_server() {  # kind url [username password]
    local kind=$1 url=$2 user=${3:-} pass=${4:-}
    echo "== $kind"
    # ListOMat: N items imported, sent, then synced once more to take in the new sync token.
    mkdir -p "$tmp/$kind-lm/config/listomat"
    {
        printf '[sync]\nurl = "%s"\n' "$url"
        [ -n "$user" ] && printf 'username = "%s"\npassword_env = "BENCH_PASSWORD"\n' "$user"
    } > "$tmp/$kind-lm/config/listomat/config.toml"
    "$py" -c 'import json,sys; print(json.dumps([{"name": "Groceries", "items": [{"name": "item %d" % i, "done": False} for i in range(int(sys.argv[1]))]}]))' "$n" > "$tmp/items.json"
    run "$kind-lm" import "$tmp/items.json" > /dev/null
    local start; start=$(ms)
    run "$kind-lm" sync > /dev/null
    echo "(first sync sending $n items: $(( $(ms) - start )) ms)"
    run "$kind-lm" sync > /dev/null

    # vdirsyncer: every collection on the server, into a vdir of .ics files.
    mkdir -p "$tmp/$kind-vd/cals"
    {
        printf '[general]\nstatus_path = "%s/status/"\n\n' "$tmp/$kind-vd"
        printf '[pair bench]\na = "server"\nb = "local"\ncollections = ["from a"]\n\n'
        printf '[storage server]\ntype = "caldav"\nurl = "%s"\n' "$url"
        [ -n "$user" ] && printf 'username = "%s"\npassword = "%s"\n' "$user" "$pass"
        printf '\n[storage local]\ntype = "filesystem"\npath = "%s/cals/"\nfileext = ".ics"\n' "$tmp/$kind-vd"
    } > "$tmp/$kind-vd/config"
    local vd=("$vdir" -c "$tmp/$kind-vd/config")
    { yes || true; } | "${vd[@]}" discover > "$tmp/$kind-vd/discover.log" 2>&1 || { cat "$tmp/$kind-vd/discover.log"; exit 1; }
    start=$(ms)
    "${vd[@]}" sync > "$tmp/$kind-vd/sync.log" 2>&1 || { cat "$tmp/$kind-vd/sync.log"; exit 1; }
    echo "(vdirsyncer's first sync, fetching the $n items: $(( $(ms) - start )) ms;" \
         "$(find "$tmp/$kind-vd/cals" -name '*.ics' | wc -l) .ics files)"
    "${vd[@]}" sync > /dev/null 2>&1

    local lm=() vs=()
    for _ in $(seq 11); do
        start=$(ms); run "$kind-lm" sync > /dev/null; lm+=($(( $(ms) - start )))
        start=$(ms); "${vd[@]}" sync > "$tmp/$kind-vd/last.log" 2>&1; vs+=($(( $(ms) - start )))
    done
    local lmm vsm
    lmm=$(printf '%s\n' "${lm[@]}" | median)
    vsm=$(printf '%s\n' "${vs[@]}" | median)
    echo "listomat sync, nothing to do, $n items: median $lmm ms, range $(printf '%s\n' "${lm[@]}" | range) ms (runs: ${lm[*]})"
    echo "vdirsyncer sync, nothing to do, $n items: median $vsm ms, range $(printf '%s\n' "${vs[@]}" | range) ms (runs: ${vs[*]})"
    echo "ratio of the medians, listomat / vdirsyncer: $(awk -v a="$lmm" -v b="$vsm" 'BEGIN {printf "%.3f", a / b}')"
    echo "(vdirsyncer's last sync said: $(tr '\n' ' ' < "$tmp/$kind-vd/last.log"))"
}

for server in $servers; do
    case $server in
    radicale)
        start_radicale
        bench_server radicale "http://127.0.0.1:$rport/" ada bench
        kill "${pids[-1]}" 2>/dev/null || true   # stopped, so it does not slow the next server
        ;;
    xandikos)
        # No password: Xandikos takes Basic authentication only over its own TLS.
        xport=$(port)
        "$py" -m xandikos serve -l 127.0.0.1 -p "$xport" -d "$tmp/xandikos" --state-dir "$tmp/xandikos-state" --defaults \
            --current-user-principal /ada/ > "$tmp/xandikos.log" 2>&1 &
        pids+=($!)
        wait_port "$xport"
        bench_server xandikos "http://127.0.0.1:$xport/"
        ;;
    esac
done
