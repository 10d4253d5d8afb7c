#!/usr/bin/env bash
# Usage: .ci/pin-recipe.sh REPO VERSION SHA256 <.ci/github-pages.yml >github-pages.yml
# Writes the GitHub Pages recipe with its BOOKGEN_REPO, BOOKGEN_VERSION and BOOKGEN_SHA256 set,
# ready to copy: the release workflow attaches it to each release.
set -euo pipefail
repo="${1:?usage: pin-recipe.sh REPO VERSION SHA256}" version="${2:?}" sha256="${3:?}"
[[ "$repo" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { echo "error: '$repo' is not a GitHub owner/name" >&2; exit 1; }
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || { echo "error: '$version' is not a version" >&2; exit 1; }
[[ "$sha256" =~ ^[0-9a-f]{64}$ ]] || { echo "error: '$sha256' is not a sha256 checksum" >&2; exit 1; }
recipe="$(cat)"
for name in BOOKGEN_REPO BOOKGEN_VERSION BOOKGEN_SHA256; do
  count="$(grep -cE "^  $name: " <<<"$recipe" || true)"
  [ "$count" -eq 1 ] || { echo "error: the recipe has $count '  $name:' lines, expected 1" >&2; exit 1; }
done
# Each replaces the value only, keeping a comment after it.
sed -E \
  -e "s|^(  BOOKGEN_REPO:) +[^ #]+|\1 $repo|" \
  -e "s|^(  BOOKGEN_VERSION:) +[^ #]+|\1 \"$version\"|" \
  -e "s|^(  BOOKGEN_SHA256:) +[^ #]+|\1 $sha256|" <<<"$recipe"
