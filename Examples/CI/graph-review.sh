#!/usr/bin/env bash
# The graph review of a change, for any CI: records the app's graph (before and after the change,
# when given both), writes the pull-request comment (only when the shape changed) and the explorer
# page (with the run's new rule violations), and checks the sources against the rules and
# their baseline, printing one GitHub
# annotation per finding and writing them as SARIF. graph-review.yml runs it on GitHub; elsewhere,
# run it as it is and post OUT/comment.md however your CI comments.
#
# Environment:
#   NEW_RUN           what to record after the change, as `graphinspect dump` takes it:
#                     "-- .build/debug/MyApp", or "--trace new.ndjson", or "--sample modules"
#   OLD_RUN           the same before the change; unset on a push (no comparison, no comment)
#   SOURCES           the folders `graphinspect check` reads (default: Sources)
#   CHECK_CACHE       a folder `check` keeps its cache in, to restore and save between runs
#   RULES_BASELINE    the rules' known violations (default: graphinspect-rules-baseline.txt,
#                     when it exists); the rules file is ./graphinspect.yml
#   OUT               where to write (default: graph-review)
#   GRAPHINSPECT      the graphinspect executable (default: graphinspect on PATH)
#
# Writes OUT/new.json, OUT/explorer.html, OUT/annotations.txt, OUT/findings.sarif (check's
# summary in OUT/check.log) and, given OLD_RUN, OUT/old.json and either OUT/comment.md (the graph
# changed shape) or OUT/unchanged (it did not: a comment posted before can go). Exits 0; 1 when
# check finds errors (after writing everything); 2 when a run cannot be recorded or read.
set -uo pipefail
gi=${GRAPHINSPECT:-graphinspect}
out=${OUT:-graph-review}
mkdir -p "$out"
rm -f "$out/comment.md" "$out/unchanged" "$out/old.json"

# Word splitting is wanted here: each is a list of dump's arguments.
if [ -n "${OLD_RUN:-}" ]; then
  # shellcheck disable=SC2086
  "$gi" dump --format json -o "$out/old.json" $OLD_RUN || exit 2
fi
# shellcheck disable=SC2086
"$gi" dump --format json -o "$out/new.json" $NEW_RUN || exit 2
"$gi" dump --trace "$out/new.json" -o "$out/explorer.html" || exit 2

# The rules, with their known violations: the comment lists what the head breaks anew, and
# check holds the sources to them (it finds ./graphinspect.yml and the baseline beside it itself).
rules=()
baseline=${RULES_BASELINE:-graphinspect-rules-baseline.txt}
[ -f graphinspect.yml ] && rules+=(--rules graphinspect.yml)
[ -f graphinspect.yml ] && [ -f "$baseline" ] && rules+=(--rules-baseline "$baseline")

if [ -n "${OLD_RUN:-}" ]; then
  "$gi" diff "${rules[@]}" "$out/old.json" "$out/new.json" -o "$out/comment.md"
  case $? in
    0) : > "$out/unchanged" ;;
    1) ;;
    *) exit 2 ;;
  esac
fi

options=()
[ -n "${CHECK_CACHE:-}" ] && options+=(--cache-path "$CHECK_CACHE")
[ -f "$baseline" ] && options+=(--rules-baseline "$baseline")
# shellcheck disable=SC2086
"$gi" check "${options[@]}" --format sarif -o "$out/findings.sarif" ${SOURCES:-Sources} 2> "$out/check.log"
[ $? -le 1 ] || { cat "$out/check.log" >&2; exit 2; }
# The second reading is the cache's: nothing changed since the first.
# shellcheck disable=SC2086
"$gi" check "${options[@]}" --format github ${SOURCES:-Sources} > "$out/annotations.txt"
checked=$?
cat "$out/annotations.txt"
[ $checked -le 1 ] || exit 2
exit $checked
