# Sourced by the sync benchmarks (sync-timing.sh, vdirsyncer-timing.sh), from the package's
# root: a temporary folder ($tmp) removed at exit with the servers started ($pids), the Python
# of .venv ($py), a free loopback port, waiting for one, milliseconds and a median; and
# Radicale started with user ada (password bench), its collections in $tmp/radicale.
py=.venv/bin/python
tmp=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT

port() { "$py" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.05; done; echo "server on $1 did not start" >&2; exit 1; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Radicale on a free port (set in rport), waited for.
start_radicale() {
    rport=$(port)
    mkdir -p "$tmp/radicale"
    echo "ada:bench" > "$tmp/radicale/users"
    cat > "$tmp/radicale/config" <<CONF
[server]
hosts = 127.0.0.1:$rport
[auth]
type = htpasswd
htpasswd_filename = $tmp/radicale/users
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = $tmp/radicale/collections
[rights]
type = owner_only
[logging]
level = error
CONF
    "$py" -m radicale --config "$tmp/radicale/config" > "$tmp/radicale/log" 2>&1 &
    pids+=($!)
    wait_port "$rport"
}
