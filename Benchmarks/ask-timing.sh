#!/usr/bin/env bash
# Times a single `listomat ask` as a whole process (start-up, building the assistant, opening
# the store, the request, exit) on a store of 1,000 lists ("List 1" … "List 1000", one item
# each): a change ("add apples to list 17", kept) and a question ("what's on list 17").
# The assistant's cache of compiled sentences goes to a temporary XDG_CACHE_HOME; the warm-up
# runs write it, so the runs timed read it (as every `ask` after the first does).
#
# Usage: Benchmarks/ask-timing.sh [LISTOMAT] [RUNS]
#   LISTOMAT: the binary to time (default: a release build of this checkout, built first);
#   e.g. .build-install/release/listomat for the static build scripts/install.sh makes:
#   swift build -c release --scratch-path .build-install -Xswiftc -static-executable -debug-info-format none \
#       -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# Needs hyperfine and python3.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
listomat=${1:-}
runs=${2:-40}
if [ -z "$listomat" ]; then
    (cd "$root" && swift build -c release --product listomat)
    listomat="$(cd "$root" && swift build -c release --show-bin-path)/listomat"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/listomat-ask-timing.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 -c '
import json, sys
json.dump([{"name": f"List {n}", "items": [{"name": "a", "done": False}]} for n in range(1, 1001)], open(sys.argv[1], "w"))
' "$work/lists.json"
"$listomat" import "$work/lists.json" --data-dir "$work/data" >/dev/null

export XDG_CACHE_HOME="$work/cache"
hyperfine -N --warmup 5 --runs "$runs" \
    "$listomat ask 'add apples to list 17' --data-dir $work/data --yes" \
    "$listomat ask \"what's on list 17\" --data-dir $work/data" \
    "$listomat --help"
