#!/usr/bin/env bash
# Usage: .ci/deb.sh DISTDIR   (`make deb`)
# Makes DISTDIR/bookgen_<version>_<arch>.deb from the release archive in DISTDIR (`make dist`):
# the archive's own binary (so a package and a tarball install the same bytes, which the
# workflows `bookgen init --ci` writes pin), its man page and its bash, zsh and fish
# completions (both made by that binary from its command table), the copyright, a changelog and
# the CI workflows as examples. Writes its checksum beside it (….deb.sha256). The same archive
# gives the same bytes. Tests/Dist/run.sh checks it with lintian and installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
dist="${1:?usage: deb.sh DISTDIR}"
archives=("$dist"/bookgen-*-linux-*.tar.gz)
[ ${#archives[@]} -eq 1 ] && [ -f "${archives[0]}" ] || {
  echo "error: expected one bookgen-*-linux-*.tar.gz in $dist (make dist)" >&2
  exit 1
}
archive="${archives[0]}"
package="$(basename "$archive" .tar.gz)"
version="${package#bookgen-}"
version="${version%-linux-*}"
arch="$(dpkg --print-architecture)"
deb="bookgen_${version}_${arch}.deb"
# The files' dates: the commit's (or SOURCE_DATE_EPOCH), as in the archive.
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
date="$(date -u -R -d "@$epoch")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$archive" -C "$work"
from="$work/$package"
root="$work/root"
doc="$root/usr/share/doc/bookgen"
install -D -m 755 "$from/bookgen" "$root/usr/bin/bookgen"
mkdir -p "$root/usr/share/man/man1" "$doc/examples"
"$from/bookgen" help --man | gzip -9n >"$root/usr/share/man/man1/bookgen.1.gz"
"$from/bookgen" completion bash | install -D -m 644 /dev/stdin "$root/usr/share/bash-completion/completions/bookgen"
"$from/bookgen" completion zsh | install -D -m 644 /dev/stdin "$root/usr/share/zsh/vendor-completions/_bookgen"
"$from/bookgen" completion fish | install -D -m 644 /dev/stdin "$root/usr/share/fish/vendor_completions.d/bookgen.fish"
install -m 644 "$from/ci/github-pages.yml" "$from/ci/gitlab-pages.yml" "$doc/examples/"
# The one deliberate departure from Debian's rules, said where lintian reads it.
cat <<'OVERRIDES' | install -D -m 644 /dev/stdin "$root/usr/share/lintian/overrides/bookgen"
# The release binary links libyaml, zlib, libjpeg and libpng (with libcmark, libgumbo,
# libsqlite3, libwebp and the Swift runtime) statically, so one file runs from the tarball on
# any glibc 2.35 system; the package ships that very file, whose digest the CI workflows
# `bookgen init --ci` writes pin. libjpeg and libpng decode the owner's cover images.
bookgen: embedded-library libjpeg [usr/bin/bookgen]
bookgen: embedded-library libpng [usr/bin/bookgen]
bookgen: embedded-library libyaml [usr/bin/bookgen]
bookgen: embedded-library zlib [usr/bin/bookgen]
OVERRIDES
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: bookgen"
  echo
  echo "Files: *"
  grep -m1 '^Copyright' "$from/LICENSE"
  echo "License: Expat"
  sed -n '/^Permission is hereby granted/,$p' "$from/LICENSE" | sed -e 's/^$/./' -e 's/^/ /'
} >"$doc/copyright"
chmod 644 "$doc/copyright"
printf '%s\n' \
  "bookgen ($version) unstable; urgency=medium" "" \
  "  * Release $version, packaged from $package.tar.gz." "" \
  " -- bookgen authors <bookgen@example.org>  $date" |
  gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

mkdir -p "$root/DEBIAN"
installed_size="$(du -sk --apparent-size "$root/usr" | cut -f1)"
cat >"$root/DEBIAN/control" <<EOF
Package: bookgen
Version: $version
Architecture: $arch
Maintainer: bookgen authors <bookgen@example.org>
Installed-Size: $installed_size
Depends: libc6 (>= 2.35), libcurl4 (>= 7.16.2) | libcurl4t64, libgcc-s1, libstdc++6, ca-certificates
Section: web
Priority: optional
Description: static website generator for book catalogs
 bookgen builds a static website from catalog.yml: Google Books and Open
 Library searches and ISBNs, grouped into collections, with your own notes in
 Markdown. It fetches the books (keeping a cache so rebuilds work offline),
 renders a page per collection and per book with Mustache templates, and
 writes a folder any static host can serve, with feeds, a sitemap and search.
 .
 bookgen init --ci github (or gitlab) writes the workflow that rebuilds and
 deploys the site from CI.
EOF
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch -h -d "@$epoch" {} +
rm -f "$dist"/bookgen_*.deb "$dist"/bookgen_*.deb.sha256
SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zgzip -z9 --build "$root" "$dist/$deb" >/dev/null
(cd "$dist" && sha256sum "$deb" >"$deb.sha256")
echo "$dist/$deb"
