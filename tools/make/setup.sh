#!/usr/bin/env bash
# Installs everything the project needs on Debian 12: system packages, then npm packages.
# Idempotent and quick when everything is there. Without root, prints the exact command to run.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The Python package's suite (tests/python) runs on Debian's /usr/bin/python3 with these.
# bible-kjv: the `bible` command, whose King James text is the language model's corpus.
packages=(cmake g++ make libeigen3-dev catch2 emscripten chromium clang-format python3-numpy
  python3-torch python3-pytest jupyter-nbconvert python3-ipykernel python3-nbformat
  bible-kjv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    echo "setup: installing ${missing[*]} with sudo"
    sudo sh -c "DEBIAN_FRONTEND=noninteractive $cmd" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run this as root, then try again:" >&2
    echo "  sudo sh -c '$cmd'" >&2
    exit 1
  fi
fi

# npm packages: reinstall when package-lock.json is newer than the installed tree.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi
