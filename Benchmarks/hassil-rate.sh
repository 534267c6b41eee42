#!/usr/bin/env bash
# Batch throughput of ListOMat's sentence matching against hassil's (Home Assistant's template
# matcher, https://github.com/home-assistant/hassil), on the same utterance lines.
#
# - ListOMat: `listomat ask --dry-run --json` (release build) reading LINES lines from stdin, as
#   ask-throughput.sh runs it: the whole process, start-up and answers included.
# - hassil: `hassil.recognize(line, intents)` for each line, in one Python process; only the loop is
#   timed (the interpreter, the import and the loading of the YAML are not).
#
# The hassil intents are made from our own English templates (Sources/ListIntents/Resources/en/
# language.yaml): the sentences of AddTasks, SearchForNotebookItems, SetTaskAttribute,
# DeleteTasks, DeleteTaskList and CreateTaskList, word for word (the syntax is the same family:
# (a|b), [opt], {list:slot}, <rule>), with fixed slots, the expansion rules, and the padding
# words as hassil skip_words. {list:…} is a values list of the fixture's list names; {item:…},
# {items:…} and {text:…} are wildcards (ListOMat reads them as free text and resolves them later).
# hassil gets no app-name invocations and none of the other intents; it still tries every line.
#
# The store and the input are those of ask-throughput.sh: the first test corpus's fixture, and
# LINES lines cycling through both test corpora's utterances.
#
# Usage: Benchmarks/hassil-rate.sh [LINES]        (default 20000)
# Environment: LISTOMAT (a listomat binary to time instead of building one: the release
#              build of Benchmarks/.build, or a static install),
#              RUNS (timed runs of each, the median is reported; default 3),
#              HASSIL_VERSION (pip version pin, e.g. 3.12.1; default the newest),
#              KEEP_YAML (a path to keep a copy of the generated hassil YAML at).
# Needs python3 with venv and pip, and PyPI.
set -euo pipefail

lines=${1:-20000}
runs=${RUNS:-3}
[[ $lines =~ ^[1-9][0-9]*$ ]] || { echo "LINES must be a positive number, not “$lines”" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a positive number, not “$runs”" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/Tests/ListIntentsTests/Corpus"
language="$root/Sources/ListIntents/Resources/en/language.yaml"

work=$(mktemp -d "${TMPDIR:-/tmp}/listomat-hassil-rate.XXXXXX")
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ -n ${LISTOMAT:-} ]]; then
  listomat=$LISTOMAT
  echo "== listomat: $listomat (LISTOMAT; not built)"
else
  echo "== Building listomat (release) in $root/.build"
  (cd "$root" && swift build -c release --product listomat)
  listomat="$(cd "$root" && swift build -c release --show-bin-path)/listomat"
fi

echo "== Installing hassil${HASSIL_VERSION:+ $HASSIL_VERSION} into a virtual environment in $work"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "hassil${HASSIL_VERSION:+==$HASSIL_VERSION}"
python="$work/venv/bin/python"
echo "hassil $("$python" -c 'import importlib.metadata as m; print(m.version("hassil"))'), $("$python" --version)"

# The store and the input lines, as ask-throughput.sh makes them.
"$listomat" import "$corpus/fixture_en.json" --data-dir "$work/data" > /dev/null
python3 "$root/Benchmarks/utterance-input.py" "$corpus" "$lines" "$work/input.txt"

# The hassil intents, from our templates (PyYAML comes with hassil).
"$python" - "$language" "$corpus/fixture_en.json" "$work/intents.yaml" <<'PY'
import json, sys, yaml
language_file, fixture, out = sys.argv[1:4]
language = yaml.safe_load(open(language_file, encoding="utf-8"))
subset = ["AddTasks", "SearchForNotebookItems", "SetTaskAttribute", "DeleteTasks", "DeleteTaskList", "CreateTaskList"]

def data(entries):
    """Our sentences (strings, or groups with fixed slots) as hassil's data blocks."""
    plain = [e for e in entries if isinstance(e, str)]
    blocks = [{"sentences": plain}] if plain else []
    for group in (e for e in entries if not isinstance(e, str)):
        block = {"sentences": list(group["sentences"])}
        if group.get("slots"):
            block["slots"] = dict(group["slots"])
        blocks.append(block)
    return blocks

intents = {name: {"data": data(language["intents"][name]["sentences"])} for name in subset}
document = {
    "language": "en",
    "intents": intents,
    "lists": {
        "list": {"values": [l["name"] for l in json.load(open(fixture, encoding="utf-8"))]},
        "item": {"wildcard": True},
        "items": {"wildcard": True},
        "text": {"wildcard": True},
    },
    "expansion_rules": dict(language["rules"]),
    "skip_words": list(language["skip"]["prefixes"]) + list(language["skip"]["suffixes"]),
}
with open(out, "w", encoding="utf-8") as f:
    yaml.safe_dump(document, f, allow_unicode=True, sort_keys=False)
templates = sum(len(b["sentences"]) for i in intents.values() for b in i["data"])
print(f"hassil intents: {len(intents)} intents, {templates} sentence templates, "
      f"{len(language['rules'])} expansion rules, {len(document['lists']['list']['values'])} list names")
PY
if [[ -n ${KEEP_YAML:-} ]]; then cp "$work/intents.yaml" "$KEEP_YAML"; echo "hassil YAML kept at $KEEP_YAML"; fi

echo "== listomat ask --dry-run --json: $lines lines, median of $runs runs (after one warm-up run)"
"$listomat" ask --dry-run --json --data-dir "$work/data" < "$work/input.txt" > "$work/output.jsonl"
test "$(wc -l < "$work/output.jsonl")" -eq "$lines" || { echo "listomat: expected $lines answers" >&2; exit 1; }
listomat_rate=$(python3 - "$listomat" "$work" "$lines" "$runs" <<'PY'
import statistics, subprocess, sys, time
listomat, work, n, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
times = []
for _ in range(runs):
    with open(f"{work}/input.txt", "rb") as stdin:
        start = time.perf_counter()
        subprocess.run([listomat, "ask", "--dry-run", "--json", "--data-dir", f"{work}/data"],
                       stdin=stdin, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
s = statistics.median(times)
print(f"listomat: {n} utterances in {s * 1000:.0f} ms: {n / s:,.0f} utterances per second", file=sys.stderr)
print(n / s)
PY
)

echo "== hassil recognize: $lines lines, median of $runs runs (after one warm-up pass over the distinct lines)"
hassil_rate=$("$python" - "$work/intents.yaml" "$work/input.txt" "$runs" <<'PY'
import statistics, sys, time
from hassil import Intents, recognize
intents_file, input_file, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(intents_file, encoding="utf-8") as f:
    intents = Intents.from_yaml(f)
lines = open(input_file, encoding="utf-8").read().splitlines()
distinct = list(dict.fromkeys(lines))
matched = sum(recognize(line, intents) is not None for line in distinct)  # warm-up (caches)
times = []
for _ in range(runs):
    start = time.perf_counter()
    for line in lines:
        recognize(line, intents)
    times.append(time.perf_counter() - start)
s = statistics.median(times)
print(f"hassil: {len(distinct)} distinct lines, {matched} matched by one of the 6 intents", file=sys.stderr)
print(f"hassil: {len(lines)} utterances in {s * 1000:.0f} ms: {len(lines) / s:,.0f} utterances per second",
      file=sys.stderr)
print(len(lines) / s)
PY
)

python3 - "$listomat_rate" "$hassil_rate" <<'PY'
import sys
listomat, hassil = float(sys.argv[1]), float(sys.argv[2])
ratio = listomat / hassil
print(f"listomat {listomat:,.0f} utterances/s, hassil {hassil:,.0f} utterances/s: "
      f"ListOMat is {ratio:.1f}× hassil (target ≥ 10×: {'met' if ratio >= 10 else 'NOT met'})")
PY
