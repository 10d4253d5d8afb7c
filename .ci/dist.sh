#!/usr/bin/env bash
# Usage: .ci/dist.sh BINARY OUTDIR   (`make dist`)
# Packs the release binary (without its symbol table) with README.md, LICENSE, the user docs
# (docs/, which the README links to) and the CI
# workflows that binary writes for a site (ci/github-pages.yml, ci/gitlab-pages.yml: `bookgen
# init --ci`, pinned to the packed binary's digest) into
# OUTDIR/bookgen-<version>-linux-<arch>.tar.gz, one folder of that name inside, and writes its
# checksum beside it (OUTDIR/….tar.gz.sha256, for `sha256sum -c`). The version is the one the
# binary prints. OUTDIR then holds only this archive. The same commit gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: dist.sh BINARY OUTDIR}" outdir="${2:?usage: dist.sh BINARY OUTDIR}"
read -r name version _ < <("$binary" --version)
[[ "$name" == bookgen && "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || {
  echo "error: '$binary --version' does not name a version: $("$binary" --version)" >&2
  exit 1
}
package="bookgen-$version-linux-$(uname -m)"
# The archive's dates: the commit's (or SOURCE_DATE_EPOCH), never the time of packing.
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$package"
install -m 755 "$binary" "$stage/$package/bookgen"
# Symbols only weigh: the Debian package (`make deb`) ships this very file, and the workflows
# below pin its digest, so every way of installing a release runs the same bytes.
strip --strip-unneeded --remove-section=.comment "$stage/$package/bookgen"
install -m 644 README.md LICENSE "$stage/$package/"
mkdir "$stage/$package/docs"
install -m 644 docs/*.md docs/*.png "$stage/$package/docs/"
mkdir "$stage/$package/ci"
for host in github gitlab; do
  "$stage/$package/bookgen" init --ci "$host" -q "$stage/$host"
done
install -m 644 "$stage/github/.github/workflows/bookgen.yml" "$stage/$package/ci/github-pages.yml"
install -m 644 "$stage/gitlab/.gitlab-ci.yml" "$stage/$package/ci/gitlab-pages.yml"
mkdir -p "$outdir"
rm -f "$outdir"/bookgen-*.tar.gz "$outdir"/bookgen-*.tar.gz.sha256
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" --format=gnu \
  -cf - "$package" | gzip -n >"$outdir/$package.tar.gz"
(cd "$outdir" && sha256sum "$package.tar.gz" >"$package.tar.gz.sha256")
echo "$outdir/$package.tar.gz"
