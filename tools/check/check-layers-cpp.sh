#!/usr/bin/env bash
# The layers of the C++ code. Each part, and what it may include:
#   core      cpp/core      only the core. Inside it a file may include its own folder and the
#                           folders before it, never one after it (cpp/core/CMakeLists.txt):
#                           base (the files loose in cpp/core) < scenario/ < attention/ < steps/, explain/
#                           (steps/ and explain/ share a rank, so neither includes the other);
#   train     cpp/train     the core and itself (the core never includes train);
#   bench     cpp/bench     the core and train;
#   tests     tests/cpp     the core, train and its own helpers;
#   bindings  cpp/bindings  all of the above and itself: the only part that includes Emscripten,
#                           and no other part includes it.
# Everywhere: no #include of a .cpp file. A quoted include resolves as the compiler finds it: the
# file's own folder, then cpp/core (the core's includes are written from there,
# "attention/attention.h", and inside the core must be), then cpp/ (train's, "train/model.h").
# Usage: bash tools/check/check-layers-cpp.sh (tools/check/test-all.sh runs it with the lint).
set -euo pipefail
cd "$(dirname "$0")/../.."

declare -A rank=([base]=0 [scenario]=1 [attention]=2 [steps]=3 [explain]=3)
declare -A may=([core]="core" [train]="core train" [bench]="core train"
  [tests]="core train tests" [bindings]="core train bindings")
folder() { case "$1" in */*) echo "${1%%/*}" ;; *) echo base ;; esac; }

errors=0
fail() { echo "cpp layers: $*" >&2; errors=$((errors + 1)); }

# The part a repository path belongs to ("" for none).
part() {
  case "$1" in
    cpp/core/*) echo core ;;
    cpp/train/*) echo train ;;
    cpp/bench/*) echo bench ;;
    cpp/bindings/*) echo bindings ;;
    tests/cpp/*) echo tests ;;
  esac
}

# The repository path a quoted include "$2" in file $1 names, or nothing when no file matches.
resolve() {
  local candidate
  for candidate in "$(dirname "$1")/$2" "cpp/core/$2" "cpp/$2"; do
    if [ -f "$candidate" ]; then
      realpath -m --relative-to=. "$candidate"
      return
    fi
  done
}

# The core's own order between its folders ($1 a core file, $2 its include as written, $3 its line).
check_core_rank() {
  local from to
  from=$(folder "${1#cpp/core/}")
  to=$(folder "$2")
  if [ -z "${rank[$from]:-}" ]; then
    fail "$1: folder $from/ has no layer; give it a rank in tools/check/check-layers-cpp.sh"
  elif [ ! -f "cpp/core/$2" ]; then
    fail "$1:$3 includes \"$2\", which is no file under cpp/core" \
      "(write includes relative to cpp/core, e.g. \"attention/attention.h\")"
  elif [ "$to" != "$from" ] && [ "${rank[$to]:-99}" -ge "${rank[$from]}" ]; then
    fail "$1:$3: $from may not include \"$2\": $to is not below $from" \
      "(order: base < scenario < attention < steps, explain)"
  fi
}

# Every rule for one file ($1, a repository path).
check_file() {
  local file=$1 from line text inc target to
  from=$(part "$file")
  if [ -z "$from" ]; then
    fail "$file: no part; give its folder a line in tools/check/check-layers-cpp.sh"
    return
  fi
  while IFS=: read -r line text; do
    fail "$file:$line includes a .cpp file ($text); include its header"
  done < <(grep -nE '^\s*#\s*include\s*[<"][^">]*\.(cpp|cc|cxx)[">]' "$file" || true)
  if [ "$from" != bindings ]; then
    while IFS=: read -r line text; do
      fail "$file:$line includes Emscripten ($text); only cpp/bindings/ may"
    done < <(grep -nE '^\s*#\s*include\s*[<"]emscripten' "$file" || true)
  fi
  while IFS=: read -r line inc; do
    inc=${inc#*\"} inc=${inc%\"*}
    target=$(resolve "$file" "$inc")
    to=$(part "${target:-none}")
    if [ -z "$target" ]; then
      fail "$file:$line includes \"$inc\", which is no file (looked in its folder, cpp/core, cpp)"
    elif [[ " ${may[$from]} " != *" $to "* ]]; then
      fail "$file:$line: $from may not include \"$inc\" ($target is in ${to:-no part});" \
        "$from may include only: ${may[$from]}"
    elif [ "$from" = core ]; then
      check_core_rank "$file" "$inc" "$line"
    fi
  done < <(grep -nE '^\s*#\s*include\s*"' "$file" || true)
}

mapfile -t files < <(find cpp tests/cpp -type f \( -name '*.h' -o -name '*.cpp' \) | sort)
for file in "${files[@]}"; do check_file "$file"; done

if [ "$errors" -gt 0 ]; then
  echo "cpp layers: $errors problem(s) in ${#files[@]} files" >&2
  exit 1
fi
echo "cpp layers: ok (${#files[@]} files: core, train, bench, tests, bindings)"
