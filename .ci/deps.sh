#!/usr/bin/env bash
# Installs the Debian packages bookgen builds against, when missing.
# libcurl4-openssl-dev: the static Foundation of the release build links libcurl (FoundationNetworking).
# libjpeg62-turbo-dev, libpng-dev, libwebp-dev: CoverImages decodes and encodes cover images with them.
# Usage: .ci/deps.sh [extra-package …]   (the quality gate passes its browser packages)
set -euo pipefail
packages=(pkg-config libcmark-dev libyaml-dev libgumbo-dev libsqlite3-dev libcurl4-openssl-dev
  libjpeg62-turbo-dev libpng-dev libwebp-dev "$@")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing packages: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
  runner=()
elif command -v sudo >/dev/null 2>&1; then
  runner=(sudo)
else
  echo "error: missing packages ${missing[*]}; run as root or install sudo, then: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${runner[@]}" apt-get install -y -qq "${missing[@]}" >&2 || {
  "${runner[@]}" apt-get update -qq >&2 && "${runner[@]}" apt-get install -y -qq "${missing[@]}" >&2
} || {
  echo "error: could not install ${missing[*]} with apt-get; install them by hand and retry" >&2
  exit 1
}
