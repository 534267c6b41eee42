#!/usr/bin/env bash
# Times whole `listomat` processes (start-up, argument parsing, opening the store, the work,
# exit) on a store of 10,000 items:
#   - `listomat show Groceries`: prints the 1,000-item list (output goes to /dev/null);
#   - `listomat add Groceries ITEM`: adds one item at the end of that list.
# The store is made by `listomat import` of a generated List-o-Mat JSON file: "Groceries"
# with 1,000 items, and nine more lists of 1,000 items each (the same shape as the
# ListStoreBenchmarks fixture).
#
# Every `add` run keeps its item, so the store grows by one item per run, warm-up included:
# with the settings below it ends at 10,055 items (Groceries at 1,055). That is too little to
# matter at this size; `show` runs first, on exactly 1,000 items.
#
# Uses hyperfine when it is installed (Debian: apt-get install -y hyperfine), else a plain
# timing loop in Python. Needs python3 either way (to write the JSON and print the numbers).
#
# Usage: Benchmarks/process-timing.sh [RUNS]   (RUNS defaults to 50; 5 warm-up runs first)
set -euo pipefail

runs=${1:-50}
warmup=5
root=$(cd "$(dirname "$0")/.." && pwd)

echo "== Building listomat (release) in $root/.build"
(cd "$root" && swift build -c release --product listomat)
listomat="$(cd "$root" && swift build -c release --show-bin-path)/listomat"

work=$(mktemp -d "${TMPDIR:-/tmp}/listomat-process-timing.XXXXXX")
trap 'rm -rf "$work"' EXIT
data="$work/data"

echo "== Preparing a store of 10,000 items in $data"
python3 - "$work/fixture.json" <<'EOF'
import json, sys

def items(prefix, count):
    return [{"name": f"{prefix} item {n}", "done": n % 3 == 0} for n in range(1, count + 1)]

lists = [{"name": "Groceries", "items": items("grocery", 1000)}]
lists += [{"name": f"Backlog {n}", "items": items(f"backlog {n}", 1000)} for n in range(1, 10)]
with open(sys.argv[1], "w") as f:
    json.dump(lists, f)
EOF
"$listomat" import "$work/fixture.json" --data-dir "$data"

# Prints mean, median and min (in ms) of the runs in hyperfine's JSON export.
summarize() {
    python3 - "$1" <<'EOF'
import json, statistics, sys

for result in json.load(open(sys.argv[1]))["results"]:
    times = [t * 1000 for t in result["times"]]
    print(f"{result['command']}\n  runs {len(times)}: mean {statistics.mean(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms, min {min(times):.2f} ms")
EOF
}

# time_command NAME COMMAND...: times COMMAND, writing the runs to $work/NAME.json.
time_command() {
    local name=$1
    shift
    echo
    echo "== $name"
    if command -v hyperfine >/dev/null; then
        local command
        command=$(printf '%q ' "$@")
        hyperfine -N --warmup "$warmup" --runs "$runs" --export-json "$work/$name.json" "${command% }"
    else
        echo "(hyperfine is not installed; timing with a Python loop)"
        python3 - "$warmup" "$runs" "$work/$name.json" "$@" <<'EOF'
import json, subprocess, sys, time

warmup, runs, out, command = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
times = []
for n in range(warmup + runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    if n >= warmup:
        times.append(time.perf_counter() - start)
json.dump({"results": [{"command": " ".join(command), "times": times}]}, open(out, "w"))
EOF
    fi
    summarize "$work/$name.json"
}

time_command show "$listomat" show Groceries --data-dir "$data"
time_command add "$listomat" add Groceries timing-item --data-dir "$data"

echo
echo "== Afterwards (each add run kept its item):"
"$listomat" lists --data-dir "$data" | grep '^Groceries'
