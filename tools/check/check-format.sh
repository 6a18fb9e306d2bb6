#!/usr/bin/env bash
# C++ formatting with clang-format (.clang-format). --fix rewrites the files; otherwise only checks.
set -euo pipefail
cd "$(dirname "$0")/../.."
mapfile -t files < <(git ls-files 'cpp/*.cpp' 'cpp/*.h' 'tests/cpp/*.cpp' 'tests/cpp/*.h')
[ ${#files[@]} -gt 0 ] || exit 0
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
else
  clang-format --dry-run --Werror "${files[@]}"
fi
