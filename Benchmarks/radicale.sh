# Sourced by the sync benchmarks (sync-timing.sh, vdirsyncer-timing.sh), which define py, tmp,
# pids, port and wait_port: starts Radicale from .venv on a free loopback port (set in rport),
# user ada with password bench, its collections in $tmp/radicale, and waits for it.
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
