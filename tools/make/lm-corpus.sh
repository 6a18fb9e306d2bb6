#!/usr/bin/env bash
# Writes the language model's corpus (docs/tasks.md, "Task 3"): the King James Bible as plain
# text, one verse a line, the references ("Ge1:1 ") stripped, from Debian's bible-kjv package
# (tools/make/setup.sh installs it). Usage: bash tools/make/lm-corpus.sh [OUT] (default build/lm/kjv.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build/lm/kjv.txt}
if ! command -v bible >/dev/null; then
  echo "lm-corpus: the 'bible' command is missing; npm run setup installs Debian's bible-kjv" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
# Every line is "<book><chapter>:<verse> <text>"; a line without a reference would be kept whole,
# so the check below refuses a changed format rather than shipping references in the text.
bible -f Gen1:1-Rev22:21 | sed -E 's/^[0-9]?[A-Za-z]+[0-9]+:[0-9]+ //' >"$out.tmp"
lines=$(wc -l <"$out.tmp")
if [ "$lines" -ne 31102 ] || grep -qE '^[0-9]?[A-Za-z]+[0-9]+:[0-9]+ ' "$out.tmp"; then
  echo "lm-corpus: expected 31102 verses without references, got $lines lines" >&2
  exit 1
fi
mv "$out.tmp" "$out"
