#!/usr/bin/env bash
# The layers of the C++ core (cpp/core/CMakeLists.txt). A file may include its own folder and the
# folders before it, never one after it:
#   base (the files loose in cpp/core) < scenario/, variants/ < attention/ < steps/, explain/
# Folders that share a rank (scenario/ and variants/, steps/ and explain/) never include each
# other: variants/ is pure maths on a head's matrices, so attention/ can call it. Includes are written relative
# to cpp/core ("attention/attention.h"), so each quoted include must name a file there. Nothing
# under cpp/core includes Emscripten: that is cpp/bindings/'s job.
# Usage: bash tools/check-layers-cpp.sh (tools/test-all.sh runs it with the lint).
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A rank=([base]=0 [scenario]=1 [variants]=1 [attention]=2 [steps]=3 [explain]=3)
folder() { case "$1" in */*) echo "${1%%/*}" ;; *) echo base ;; esac; }

errors=0
fail() { echo "cpp layers: $*" >&2; errors=$((errors + 1)); }

mapfile -t files < <(cd cpp/core && find . -type f \( -name '*.h' -o -name '*.cpp' \) |
  sed 's|^\./||' | sort)
for file in "${files[@]}"; do
  from=$(folder "$file")
  if [ -z "${rank[$from]:-}" ]; then
    fail "cpp/core/$file: folder $from/ has no layer; give it a rank in tools/check-layers-cpp.sh"
    continue
  fi
  while IFS=: read -r line text; do
    fail "cpp/core/$file:$line includes Emscripten ($text); only cpp/bindings/ may"
  done < <(grep -nE '^\s*#\s*include\s*[<"]emscripten' "cpp/core/$file" || true)
  while IFS=: read -r line inc; do
    inc=${inc#*\"} inc=${inc%\"*}
    to=$(folder "$inc")
    if [ ! -f "cpp/core/$inc" ]; then
      fail "cpp/core/$file:$line includes \"$inc\", which is no file under cpp/core" \
        "(write includes relative to cpp/core, e.g. \"attention/attention.h\")"
    elif [ "$to" != "$from" ] && [ "${rank[$to]:-99}" -ge "${rank[$from]}" ]; then
      fail "cpp/core/$file:$line: $from may not include \"$inc\": $to is not below $from" \
        "(order: base < scenario, variants < attention < steps, explain)"
    fi
  done < <(grep -nE '^\s*#\s*include\s*"' "cpp/core/$file" || true)
done

if [ "$errors" -gt 0 ]; then
  echo "cpp layers: $errors problem(s) in ${#files[@]} files" >&2
  exit 1
fi
echo "cpp layers: ok (${#files[@]} files)"
