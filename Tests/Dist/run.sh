#!/usr/bin/env bash
# Usage: Tests/Dist/run.sh DISTDIR   (`make dist-check`, which `make test` runs)
# Proves the release archive in DISTDIR (from `make dist`) is what the README promises:
#  1. its checksum verifies with `sha256sum -c`, and it holds bookgen, README.md, LICENSE, the
#     docs (docs/, every link from the README and between its pages resolving inside the
#     archive) and the CI workflows (ci/github-pages.yml, ci/gitlab-pages.yml);
#  2. the binary needs only glibc, libstdc++, libgcc and libcurl: ldd names no Swift,
#     Foundation, ICU, cmark, yaml, gumbo, sqlite, jpeg, png or webp library;
#  3. with an empty environment (env -i PATH=/usr/bin:/bin), and the Swift toolchain's folder
#     hidden where a private mount namespace is allowed, `bookgen --version` names this
#     checkout's commit and `bookgen build --offline` builds the example catalog from a temp
#     copy of its committed cache; with REFERENCE=path/to/bookgen the site must be
#     byte-identical to that binary's but for the manifest (`make test` passes the debug build);
#  4. `make install DESTDIR=… PREFIX=/usr/local` installs that binary;
#  5. the workflows pin this version and the digest of this binary, and the GitHub workflow's
#     install step, run with a stand-in curl that serves this archive, installs it; served an
#     archive whose binary differs, it stops before running anything;
#  6. the .deb beside it (`make deb`) verifies, lintian reports nothing, it holds the archive's
#     binary, and it installs with `dpkg -i` (when root and no bookgen package is installed: then
#     removed again; else into a private root): `bookgen --version` runs, man finds its page,
#     bash-completion loads its completion;
#  7. the README's install block, pasted as it is after setting REPO=owner/bookgen, with
#     stand-ins for curl (serving this archive as the latest release of owner/bookgen) and sudo
#     (installing under a private prefix), installs a bookgen that runs; pasted without REPO, it
#     stops before downloading anything.
set -uo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
dist="${1:?usage: Tests/Dist/run.sh DISTDIR}"
failures=0
say() { printf 'dist: %s\n' "$*"; }
fail() {
  say "FAIL: $*" >&2
  failures=$((failures + 1))
}
die() {
  say "error: $*" >&2
  exit 1
}

dist="$(cd "$dist" && pwd)" || die "no folder $dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The archive and its checksum.
archives=("$dist"/bookgen-*-linux-*.tar.gz)
[ ${#archives[@]} -eq 1 ] && [ -f "${archives[0]}" ] || die "expected one bookgen-*-linux-*.tar.gz in $dist (make dist)"
archive="$(basename "${archives[0]}")"
package="${archive%.tar.gz}"
(cd "$dist" && sha256sum --check --strict "$archive.sha256") >/dev/null || fail "sha256sum -c $archive.sha256 does not verify"
contents="$(tar -tzf "$dist/$archive" | sort | tr '\n' ' ')"
expected="$( (printf '%s\n' "$package/" "$package/LICENSE" "$package/README.md" "$package/bookgen" "$package/ci/" \
  "$package/ci/github-pages.yml" "$package/ci/gitlab-pages.yml" "$package/docs/"
  cd docs && printf '%s\n' *.md *.png | sed "s|^|$package/docs/|") | sort | tr '\n' ' ')"
[ "$contents" = "$expected" ] || fail "the archive holds '$contents', expected '$expected'"
tar -xzf "$dist/$archive" -C "$work" || die "cannot unpack $archive"
bookgen="$work/$package/bookgen"
[ -x "$bookgen" ] || die "$package/bookgen is not executable"
cmp -s "$work/$package/README.md" README.md && cmp -s "$work/$package/LICENSE" LICENSE ||
  fail "README.md or LICENSE in the archive differ from the checkout's"
# The README's links into docs/ and the pages' links to each other work in the unpacked archive
# (links out of docs/, to CONTRIBUTING.md or the sources, are for a checkout).
for page in "$work/$package/README.md" "$work/$package"/docs/*.md; do
  for target in $(grep -o '](\(docs/\)\{0,1\}[a-z-]*\.\(md\|png\)' "$page" | sed 's/^](//'); do
    case "$page:$target" in */README.md:docs/* | */docs/*.md:[a-z]*) ;; *) continue ;; esac
    [ -f "$(dirname "$page")/$target" ] || fail "$(basename "$page") links to $target, which the archive does not hold"
  done
done

# 2. What the binary links: only the libraries the README's runtime packages provide.
libraries="$(ldd "$bookgen")" || die "ldd $bookgen failed"
toolchain="$(grep -iE 'swift|foundation|dispatch|blocksruntime|icu|cmark|yaml|gumbo|sqlite|jpeg|png|webp|not found' <<<"$libraries")" &&
  fail "ldd names libraries the archive must not need:"$'\n'"$toolchain"
needed="$(readelf -d "$bookgen" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')"
allowed="ld-linux-x86-64.so.2 libc.so.6 libcurl.so.4 libgcc_s.so.1 libm.so.6 libstdc++.so.6 "
[ "$(uname -m)" = x86_64 ] || allowed="$needed" # the list above is x86-64's loader name
[ "$needed" = "$allowed" ] || fail "the binary needs '$needed', the README promises '$allowed'"

# 3. The binary on its own: no Swift on PATH, no environment, toolchain hidden when possible.
swift_root=""
if swift_path="$(command -v swift 2>/dev/null)"; then
  swift_root="$(cd "$(dirname "$(readlink -f "$swift_path")")/../.." && pwd)"
fi
isolated() { # runs "$@" with env -i PATH=/usr/bin:/bin, in a mount namespace hiding $swift_root
  if [ -n "$swift_root" ] && [ "$swift_root" != / ] && [ "$swift_root" != /usr ] &&
    unshare --mount true 2>/dev/null; then
    unshare --mount sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$swift_root" \
      env -i PATH=/usr/bin:/bin HOME=/nonexistent "$@"
  else
    env -i PATH=/usr/bin:/bin HOME=/nonexistent "$@"
  fi
}
if [ -z "$swift_root" ] || [ "$swift_root" = / ] || [ "$swift_root" = /usr ]; then
  say "note: the Swift toolchain is in ${swift_root:-no folder on PATH}; it stays visible (ldd above proves it is not linked)"
elif unshare --mount true 2>/dev/null; then
  isolated sh -c 'command -v swift' >/dev/null && fail "swift is still found with $swift_root hidden"
  say "running the binary with $swift_root hidden and env -i PATH=/usr/bin:/bin"
else
  say "note: no private mount namespace here; running with env -i PATH=/usr/bin:/bin only"
fi

commit="$(git rev-parse --short=7 HEAD 2>/dev/null)" || die "not a git checkout: cannot tell which commit --version must name"
version="${package#bookgen-}"
version="${version%-linux-*}"
output="$(isolated "$bookgen" --version 2>&1)"
[ "$output" = "bookgen $version ($commit)" ] ||
  fail "bookgen --version printed '$output', expected 'bookgen $version ($commit)'"

site="$work/site"
mkdir -p "$site/.ci"
cp catalog.yml "$site/"
cp -R .ci/example-cache "$site/.ci/"
if (cd "$site" && isolated "$bookgen" build --offline) >"$work/build.log" 2>&1; then
  [ -f "$site/public/index.html" ] || fail "bookgen build --offline wrote no public/index.html"
  (cd "$site" && isolated "$bookgen" check --site) >"$work/check.log" 2>&1 ||
    fail "bookgen check --site on the built example failed: $(tail -n 20 "$work/check.log")"
else
  fail "bookgen build --offline of the example catalog failed: $(tail -n 20 "$work/build.log")"
fi
if [ -n "${REFERENCE:-}" ]; then
  reference="$work/reference"
  mkdir -p "$reference/.ci"
  cp catalog.yml "$reference/"
  cp -R .ci/example-cache "$reference/.ci/"
  (cd "$reference" && "$REFERENCE" build --offline) >"$work/reference.log" 2>&1 ||
    die "$REFERENCE build --offline failed: $(tail -n 20 "$work/reference.log")"
  # The manifest differs by design: its keys include the executable's own hash.
  if diff -r --exclude=.bookgen-output "$reference/public" "$site/public" >"$work/diff.txt"; then
    say "the site is byte-identical to $REFERENCE's (but for the .bookgen-output manifest)"
  else
    fail "the release binary's site differs from $REFERENCE's: $(head -n 20 "$work/diff.txt")"
  fi
fi

# 4. make install, staged.
make -s install DESTDIR="$work/staged" PREFIX=/usr/local >"$work/install.log" 2>&1 ||
  fail "make install DESTDIR=… PREFIX=/usr/local failed: $(tail -n 20 "$work/install.log")"
installed="$work/staged/usr/local/bin/bookgen"
[ -x "$installed" ] && [ "$("$installed" --version)" = "bookgen $version ($commit)" ] ||
  fail "make install did not put a working bookgen in DESTDIR/usr/local/bin"

# 5. The workflows: pinned to this archive's binary, and the install step really installs it.
digest="$(sha256sum "$bookgen" | cut -c1-64)"
for workflow in github-pages.yml gitlab-pages.yml; do
  grep -qx "  BOOKGEN_SHA256: $digest" "$work/$package/ci/$workflow" &&
    grep -qx "  BOOKGEN_VERSION: \"$version\"" "$work/$package/ci/$workflow" ||
    fail "ci/$workflow does not pin bookgen $version with the binary's digest $digest"
done
# The `run: |` block of the step named $2 in the workflow $1.
step_script() {
  awk -v name="$2" '
    $0 ~ "- name: " name "$" { found = 1; next }
    found && /^ *run: [|]$/ { match($0, /^ */); indent = RLENGTH; running = 1; next }
    running { match($0, /^ */); if (length($0) > 0 && RLENGTH <= indent) exit; print substr($0, indent + 3) }
  ' "$1"
}
mkdir -p "$work/fake/bin" "$work/fake/tampered/$package"
# A curl that serves $SERVED for the release's URL, and nothing else.
cat >"$work/fake/bin/curl" <<'CURL'
#!/bin/sh
output="" url=""
while [ $# -gt 0 ]; do
  case "$1" in --output) output="$2"; shift ;; --proto | --retry) shift ;; -*) ;; *) url="$1" ;; esac
  shift
done
[ "$url" = "$EXPECTED_URL" ] || { echo "curl: unexpected URL $url" >&2; exit 22; }
cp "$SERVED" "$output"
CURL
chmod 755 "$work/fake/bin/curl"
cp "$bookgen" "$work/fake/tampered/$package/bookgen"
printf '\n' >>"$work/fake/tampered/$package/bookgen"
tar -C "$work/fake/tampered" -czf "$work/fake/tampered.tar.gz" "$package"
install_step="$(step_script "$work/$package/ci/github-pages.yml" "Install bookgen")"
[ -n "$install_step" ] || fail "ci/github-pages.yml has no 'Install bookgen' step"
run_install() { # $1: the archive curl serves; $2: a folder for TOOLS
  mkdir -p "$2"
  env -i PATH="$work/fake/bin:/usr/bin:/bin" BOOKGEN_REPO=someone/bookgen BOOKGEN_VERSION="$version" \
    BOOKGEN_SHA256="$digest" TOOLS="$2/tools" GITHUB_PATH="$2/path" SERVED="$1" \
    EXPECTED_URL="https://github.com/someone/bookgen/releases/download/v$version/$archive" \
    bash -e -c "$install_step" >"$2/log" 2>&1
}
if run_install "$dist/$archive" "$work/installed"; then
  [ "$(cat "$work/installed/path")" = "$work/installed/tools" ] &&
    [ "$("$work/installed/tools/bookgen" --version)" = "bookgen $version ($commit)" ] ||
    fail "the workflow's install step did not put this bookgen on PATH: $(cat "$work/installed/log")"
else
  fail "the workflow's install step failed on this archive: $(cat "$work/installed/log")"
fi
if run_install "$work/fake/tampered.tar.gz" "$work/tampered"; then
  fail "the workflow's install step accepted a binary with another digest"
else
  grep -q "is not the binary BOOKGEN_SHA256 names" "$work/tampered/log" && [ ! -e "$work/tampered/path" ] ||
    fail "the workflow's install step failed on a tampered archive, but not at the digest: $(cat "$work/tampered/log")"
fi

# 6. The Debian package.
debs=("$dist"/bookgen_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  fail "expected one bookgen_*.deb in $dist (make deb)"
else
  deb="$(basename "${debs[0]}")"
  (cd "$dist" && sha256sum --check --strict "$deb.sha256") >/dev/null || fail "sha256sum -c $deb.sha256 does not verify"
  # Errors and warnings; its notes on stderr (running as root) are not about the package.
  if ! lintian --fail-on error,warning --tag-display-limit 0 "$dist/$deb" >"$work/lintian.log" 2>"$work/lintian.err" ||
    [ -s "$work/lintian.log" ]; then
    fail "lintian on $deb: $(cat "$work/lintian.log" "$work/lintian.err")"
  fi
  dpkg-deb -x "$dist/$deb" "$work/deb"
  cmp -s "$work/deb/usr/bin/bookgen" "$bookgen" || fail "$deb's /usr/bin/bookgen is not the archive's binary"
  for file in usr/share/man/man1/bookgen.1.gz usr/share/bash-completion/completions/bookgen \
    usr/share/zsh/vendor-completions/_bookgen usr/share/fish/vendor_completions.d/bookgen.fish; do
    [ -s "$work/deb/$file" ] || fail "$deb has no /$file"
  done
  if [ "$(id -u)" -eq 0 ] && ! dpkg-query -W bookgen >/dev/null 2>&1; then
    trap 'dpkg --purge bookgen >/dev/null 2>&1; rm -rf "$work"' EXIT
    if dpkg -i "$dist/$deb" >"$work/dpkg.log" 2>&1; then
      [ "$(env -i PATH=/usr/bin:/bin bookgen --version)" = "bookgen $version ($commit)" ] ||
        fail "the installed bookgen does not run: $(env -i PATH=/usr/bin:/bin bookgen --version 2>&1)"
      [ "$(man -w bookgen 2>&1)" = /usr/share/man/man1/bookgen.1.gz ] || fail "man -w bookgen: $(man -w bookgen 2>&1)"
      # bash-completion loads a command's completion on first use: ask for it as a shell would
      # (the loader answers 124, "completion changed, try again").
      completion="$(bash -c 'source /usr/share/bash-completion/bash_completion
        _completion_loader bookgen; complete -p bookgen' 2>&1)"
      [ "$completion" = "complete -F _bookgen bookgen" ] || fail "bash-completion does not load bookgen's: $completion"
      dpkg --purge bookgen >"$work/dpkg.log" 2>&1 || fail "dpkg --purge bookgen: $(cat "$work/dpkg.log")"
      ! command -v bookgen >/dev/null 2>&1 || [ "$(command -v bookgen)" != /usr/bin/bookgen ] ||
        fail "dpkg --purge left /usr/bin/bookgen"
    else
      fail "dpkg -i $deb: $(cat "$work/dpkg.log")"
    fi
  else
    say "note: not root, or a bookgen package is installed: $deb goes into a private root"
    mkdir -p "$work/dpkg/var/lib/dpkg/info" "$work/dpkg/var/lib/dpkg/updates"
    touch "$work/dpkg/var/lib/dpkg/status" "$work/dpkg/var/lib/dpkg/available"
    dpkg --root="$work/dpkg" --force-depends --force-not-root --force-bad-path -i "$dist/$deb" >"$work/dpkg.log" 2>&1 &&
      [ "$("$work/dpkg/usr/bin/bookgen" --version)" = "bookgen $version ($commit)" ] ||
      fail "dpkg --root … -i $deb: $(cat "$work/dpkg.log")"
  fi
fi

# 7. The README's install block.
readme_block="$(awk '/^## Install$/ { install = 1 } install && /^```sh$/ { inside = 1; next }
  inside && /^```$/ { exit } inside { print }' README.md)"
grep -q '^REPO=' <<<"$readme_block" && fail "README.md's install block sets REPO itself: it is pasted after setting it"
mkdir -p "$work/paste/bin" "$work/paste/cwd"
cat >"$work/paste/bin/curl" <<'CURL'
#!/bin/bash
# -I … -w '%{url_effective}' …/releases/latest: where GitHub redirects; -O URL: the file.
url="${*: -1}"
case "$*" in
*"-w %{url_effective}"*)
  [ "$url" = "https://github.com/owner/bookgen/releases/latest" ] || exit 22
  printf 'https://github.com/owner/bookgen/releases/tag/v%s' "$VERSION_SERVED" ;;
*)
  [[ "$url" == "https://github.com/owner/bookgen/releases/download/v$VERSION_SERVED/"* ]] || exit 22
  cp "$DIST/${url##*/}" . ;;
esac
CURL
cat >"$work/paste/bin/sudo" <<'SUDO'
#!/bin/bash
# Runs the command with /usr/local moved to $PREFIX.
args=()
for arg in "$@"; do [[ "$arg" == /usr/local/* ]] && arg="$PREFIX${arg#/usr/local}"; args+=("$arg"); done
mkdir -p "$PREFIX/bin" && exec "${args[@]}"
SUDO
chmod 755 "$work/paste/bin/curl" "$work/paste/bin/sudo"
if (cd "$work/paste/cwd" && env -i PATH="$work/paste/bin:$work/paste/prefix/bin:/usr/bin:/bin" \
  PREFIX="$work/paste/prefix" DIST="$dist" VERSION_SERVED="$version" \
  bash -e -c "$readme_block") >"$work/paste.log" 2>&1 || [ -n "$(ls -A "$work/paste/cwd")" ]; then
  fail "README.md's install block, pasted without REPO, did not stop before downloading: $(cat "$work/paste.log")"
fi
if ! (cd "$work/paste/cwd" && env -i PATH="$work/paste/bin:$work/paste/prefix/bin:/usr/bin:/bin" \
  PREFIX="$work/paste/prefix" DIST="$dist" VERSION_SERVED="$version" \
  bash -e -c "REPO=owner/bookgen"$'\n'"$readme_block") >"$work/paste.log" 2>&1; then
  fail "README.md's install block failed: $(cat "$work/paste.log")"
elif [ "$("$work/paste/prefix/bin/bookgen" --version 2>&1)" != "bookgen $version ($commit)" ]; then
  fail "README.md's install block did not install this bookgen: $(cat "$work/paste.log")"
fi

if [ "$failures" -ne 0 ]; then
  say "$failures check(s) failed for $archive"
  exit 1
fi
say "$archive: checksum, contents, libraries, --version ($commit), offline build, install, CI workflows and $deb OK"
