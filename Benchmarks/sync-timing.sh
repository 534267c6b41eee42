#!/usr/bin/env bash
# Times `listomat sync` against real CalDAV servers on loopback (issue 12's numbers):
#   - a sync with nothing to do, N items on the server (median of 11 runs);
#   - the first sync of a new device that finds M items on the server (a pull; on Xandikos
#     they are committed straight into its git store, as it has no whole-calendar upload);
#   - the first sync that sends N items to the server (a push: bounded by the server).
# Servers: Radicale and Xandikos from .venv (docs/testing.md), in a temporary folder.
#
# Usage: Benchmarks/sync-timing.sh [BIN] [N] [M]
#   BIN defaults to .build/release/listomat (swift build -c release --product listomat),
#   N to 1000, M to 10000.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/sync-common.sh
bin=$(realpath "${1:-.build/release/listomat}")
n=${2:-1000}
m=${3:-10000}

# A device: its own data and config folders, syncing with URL as ada.
device() {  # name url
    mkdir -p "$tmp/$1/config/listomat"
    printf '[sync]\nurl = "%s"\nusername = "ada"\npassword_env = "BENCH_PASSWORD"\n' "$2" > "$tmp/$1/config/listomat/config.toml"
}
run() {  # name args…
    local name=$1; shift
    XDG_CONFIG_HOME="$tmp/$name/config" BENCH_PASSWORD=bench "$bin" --data-dir "$tmp/$name/data" "$@"
}
items_json() {  # list count
    "$py" -c 'import json,sys; print(json.dumps([{"name": sys.argv[1], "items": [{"name": "item %d" % i, "done": False} for i in range(int(sys.argv[2]))]}]))' "$1" "$2"
}

# Two new devices' first syncs against SERVER at URL after the big list arrived there: the
# first meets the server's cold caches (AFTER says how it arrived), the second finds ITEMS.
new_devices() {
    local server=$1 url=$2 after=$3 items=$4 start
    device "$server-warm" "$url"
    start=$(ms)
    run "$server-warm" sync > /dev/null
    echo "first sync of the first new device after the $after: $(( $(ms) - start )) ms"
    device "$server-b" "$url"
    start=$(ms)
    run "$server-b" sync > /dev/null
    echo "first sync of a new device finding $items items on the server: $(( $(ms) - start )) ms"
    echo "  ($(run "$server-b" lists | tr '\n' ';'))"
}

bench_server() {  # kind url
    local kind=$1 url=$2
    echo "== $kind"
    device "$kind-a" "$url"
    items_json Groceries "$n" > "$tmp/items.json"
    run "$kind-a" import "$tmp/items.json" > /dev/null
    local start; start=$(ms)
    run "$kind-a" sync > /dev/null
    echo "first sync sending $n items: $(( $(ms) - start )) ms"
    run "$kind-a" sync > /dev/null   # takes in the server's new sync token
    local times=()
    for _ in $(seq 11); do
        start=$(ms); run "$kind-a" sync > /dev/null; times+=($(( $(ms) - start )))
    done
    echo "sync with nothing to do, $n items: median $(printf '%s\n' "${times[@]}" | median) ms (runs: ${times[*]})"
}

# Radicale, with a password.
start_radicale
bench_server radicale "http://127.0.0.1:$rport/"

# The pull: M to-dos put on the server in one upload (Radicale takes a whole calendar in one
# PUT), read once so the server's own cache is warm, then a new device's first sync.
"$py" - "$m" > "$tmp/big.ics" <<'PY'
import sys, uuid
m = int(sys.argv[1])
out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "X-WR-CALNAME:Big"]
for i in range(m):
    out += ["BEGIN:VTODO", f"UID:{uuid.uuid4()}", "DTSTAMP:20261123T000000Z", f"SUMMARY:item {i}",
            "STATUS:NEEDS-ACTION", f"X-APPLE-SORT-ORDER:{i}", "END:VTODO"]
print("\r\n".join(out + ["END:VCALENDAR", ""]))
PY
start=$(ms)
curl -sf -o /dev/null -u ada:bench -X PUT -H "Content-Type: text/calendar" --data-binary @"$tmp/big.ics" "http://127.0.0.1:$rport/ada/big/"
echo "(Radicale taking $m to-dos in one whole-calendar PUT, its fastest way in: $(( $(ms) - start )) ms)"
new_devices radicale "http://127.0.0.1:$rport/" "upload of $m (the server's caches cold)" "$m + $n"
# Radicale goes on working for a while after a big upload: stopped, so it does not slow Xandikos.
kill "${pids[0]}" 2>/dev/null || true

# Xandikos (no password: it takes Basic authentication only over its own TLS).
xport=$(port)
"$py" -m xandikos serve -l 127.0.0.1 -p "$xport" -d "$tmp/xandikos" --state-dir "$tmp/xandikos-state" --defaults \
    --current-user-principal /ada/ > "$tmp/xandikos.log" 2>&1 &
pids+=($!)
wait_port "$xport"
bench_server xandikos "http://127.0.0.1:$xport/"

# The pull from Xandikos: it has no whole-calendar upload, so M to-dos are committed straight
# into the git repository behind a list device A made (Xandikos serves what its repository's
# HEAD holds), read once by a new device so the server's own index is warm (as for Radicale),
# then another new device's first sync.
run xandikos-a new Big "seed item" > /dev/null
run xandikos-a sync > /dev/null
collection=$(dirname "$(grep -rl "seed item" "$tmp/xandikos" --include='*.ics' | head -1)")
"$py" - "$collection" "$m" <<'PY'
import os, sys, uuid
collection, m = sys.argv[1], int(sys.argv[2])
for i in range(m):
    uid = str(uuid.uuid4())
    with open(os.path.join(collection, uid + ".ics"), "w", newline="") as f:
        f.write("\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", f"UID:{uid}",
                             "DTSTAMP:20261123T000000Z", f"SUMMARY:item {i}", "STATUS:NEEDS-ACTION",
                             f"X-APPLE-SORT-ORDER:{i}", "END:VTODO", "END:VCALENDAR", ""]))
PY
(cd "$collection" && git add -A . > /dev/null && git -c user.name=bench -c user.email=bench@localhost commit -qm "bench: $m to-dos")
new_devices xandikos "http://127.0.0.1:$xport/" "commit of $m (the server's index cold)" "$m + $((n + 1))"
