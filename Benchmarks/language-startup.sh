#!/bin/bash
# Start-up in each of the six languages against English: `lists`, `show` and `screen` (the
# TUI's first frame, drawn into the in-memory backend) on one database of 50 lists of 20
# items. Counts the instructions each whole process executes (valgrind's callgrind,
# "Collected"), which a busy machine does not change, unlike time; then prints each
# language's count and its difference from English.
#
#   Benchmarks/language-startup.sh [LISTOMAT]
#
# valgrind cannot read the debug information of a Swift binary: the binary is stripped into a
# temporary copy, which finds the language files through $LISTOMAT_RESOURCES (default: the
# Resources folder beside LISTOMAT, as `swift build` leaves it).
set -euo pipefail
BIN=${1:-.build/release/listomat}
RESOURCES=${LISTOMAT_RESOURCES:-$(dirname "$BIN")/ListOMat_ListIntents.resources/Resources}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
strip -o "$WORK/listomat" "$BIN"
export LISTOMAT_RESOURCES=$RESOURCES XDG_CONFIG_HOME=$WORK/config XDG_CACHE_HOME=$WORK/cache
unset LC_ALL LC_MESSAGES
D=$WORK/data
for i in $(seq 1 50); do
  items=()
  for j in $(seq 1 20); do items+=("item $j of list $i"); done
  "$WORK/listomat" new "List$i" "${items[@]}" --data-dir "$D" >/dev/null
done
"$WORK/listomat" done List7 1 2 3 --data-dir "$D" >/dev/null
for cmd in "lists" "show List7" "screen --size 80x24"; do
  line="${cmd%% *}:"
  english=""
  for lang in en_US fr_FR ru_RU zh_CN ko_KR th_TH; do
    # shellcheck disable=SC2086 # the command's words
    count=$(LANG=$lang.UTF-8 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$WORK/listomat" $cmd --data-dir "$D" \
      2>&1 >/dev/null | sed -n 's/.*Collected : //p')
    english=${english:-$count}
    line="$line ${lang%%_*} $count ($(awk -v c="$count" -v e="$english" 'BEGIN { printf "%+.1f%%", (c / e - 1) * 100 }'))"
  done
  echo "$line"
done
