#!/usr/bin/env bash
# The graph review of a change, for any CI: records the app's graph before and after the change,
# writes the pull-request comment (only when the shape changed) and the explorer page, and checks
# the sources, printing one GitHub annotation per finding. graphinspect.yml runs it on GitHub;
# elsewhere, run it as it is and post OUT/comment.md however your CI comments.
#
# Environment:
#   OLD_RUN, NEW_RUN  what to record, as `graphinspect dump` takes it:
#                     "-- ../base/.build/debug/MyApp", or "--trace old.ndjson", or "--sample modules"
#   SOURCES           the folders `graphinspect check` reads (default: Sources)
#   OUT               where to write (default: graph-review)
#   GRAPHINSPECT      the graphinspect executable (default: graphinspect on PATH)
#
# Writes OUT/old.json, OUT/new.json, OUT/explorer.html, OUT/annotations.txt and, when the graph
# changed shape, OUT/comment.md. Exits 0; 1 when check finds errors (after writing everything);
# 2 when a run cannot be recorded or read.
set -uo pipefail
gi=${GRAPHINSPECT:-graphinspect}
out=${OUT:-graph-review}
mkdir -p "$out"
rm -f "$out/comment.md"

# Word splitting is wanted here: each is a list of dump's arguments.
# shellcheck disable=SC2086
"$gi" dump --format json -o "$out/old.json" $OLD_RUN || exit 2
# shellcheck disable=SC2086
"$gi" dump --format json -o "$out/new.json" $NEW_RUN || exit 2
"$gi" dump --trace "$out/new.json" -o "$out/explorer.html" || exit 2

"$gi" diff "$out/old.json" "$out/new.json" -o "$out/comment.md"
[ $? -le 1 ] || exit 2

# shellcheck disable=SC2086
"$gi" check --format github ${SOURCES:-Sources} > "$out/annotations.txt"
checked=$?
cat "$out/annotations.txt"
[ $checked -le 1 ] || exit 2
exit $checked
