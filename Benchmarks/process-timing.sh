#!/usr/bin/env bash
# Builds listomat as scripts/install.sh does (release, one static executable) and times whole
# processes side by side with Taskwarrior and todo.txt-cli when they are installed (see
# process-timing.py for what runs and how).
#
# Usage: Benchmarks/process-timing.sh [RUNS] [SIZES] [LIST_SIZE]
#   RUNS: timed rounds (default 30, after 3 warm-up rounds)
#   SIZES: comma-separated item counts (default 1000,10000,100000)
#   LIST_SIZE: items per list (default 1000; 100000 with a size of 100000: one list)
# Set LISTOMAT=/path/to/listomat to time that binary instead of building one.
set -euo pipefail

runs=${1:-30}
sizes=${2:-1000,10000,100000}
list_size=${3:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)

if [[ -z "${LISTOMAT:-}" ]]; then
    echo "== Building listomat (release, static) in $root/.build-install" >&2
    (cd "$root" && swift build -c release --scratch-path "$root/.build-install" \
        -Xswiftc -static-executable -debug-info-format none \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors >&2)
    LISTOMAT="$root/.build-install/release/listomat"
fi
command -v task >/dev/null || echo "(Taskwarrior is not installed: apt-get install -y taskwarrior)" >&2
exec python3 "$root/Benchmarks/process-timing.py" "$LISTOMAT" --runs "$runs" --sizes "$sizes" --list-size "$list_size"
