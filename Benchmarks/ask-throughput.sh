#!/usr/bin/env bash
# Measures `listomat ask --dry-run --json` in batch mode as a whole process: utterances per
# second, start-up included. The store is the first test corpus's fixture; the input cycles
# through both test corpora's utterances (every intent, state and resolution band) until it
# has LINES lines.
#
# Usage: Benchmarks/ask-throughput.sh [LINES]   (default 100000; needs python3)
set -euo pipefail

lines=${1:-100000}
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/Tests/ListIntentsTests/Corpus"

echo "== Building listomat (release) in $root/.build"
(cd "$root" && swift build -c release --product listomat)
listomat="$(cd "$root" && swift build -c release --show-bin-path)/listomat"

work=$(mktemp -d "${TMPDIR:-/tmp}/listomat-ask-throughput.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$listomat" import "$corpus/fixture_en.json" --data-dir "$work/data" > /dev/null
python3 "$root/Benchmarks/utterance-input.py" "$corpus" "$lines" "$work/input.txt"

run() { "$listomat" ask --dry-run --json --data-dir "$work/data" < "$work/input.txt" > "$work/output.jsonl"; }
run
test "$(wc -l < "$work/output.jsonl")" -eq "$lines" || { echo "expected $lines answers"; exit 1; }

# Median of 5 timed runs (after the warm-up run above).
seconds=$(python3 - "$listomat" "$work" <<'PY'
import statistics, subprocess, sys, time
listomat, work = sys.argv[1], sys.argv[2]
times = []
for _ in range(5):
    with open(f"{work}/input.txt", "rb") as stdin:
        start = time.perf_counter()
        subprocess.run([listomat, "ask", "--dry-run", "--json", "--data-dir", f"{work}/data"],
                       stdin=stdin, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
print(statistics.median(times))
PY
)
python3 -c "import sys; s=float(sys.argv[1]); n=int(sys.argv[2]); print(f'{n} utterances in {s*1000:.0f} ms (median of 5): {n/s:,.0f} utterances per second')" "$seconds" "$lines"
