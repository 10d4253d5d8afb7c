#!/usr/bin/env bash
# The site quality gate (`make quality`): installs what it needs when missing, proves the gate
# fails on a broken page (selftest.sh), then builds the example catalog and the stress catalog
# offline under a sub-path and checks each built site: `bookgen check --site`, then gate.py
# (Nu HTML Checker, XML/JSON, headless Chromium at 375/1280 px light/dark, axe-core, search).
# Exits non-zero on any failure. Screenshots: .build/quality/screenshots/<catalog>/.
set -uo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
here="$root/Tests/QualityGate"
swift="${SWIFT:-swift}"
bookgen="${BOOKGEN:-$root/.build/release/bookgen}" # BOOKGEN=path uses that binary, unbuilt
shots="$root/.build/quality/screenshots"

say() { printf '%s\n' "$*"; }
die() {
  say "quality: error: $*" >&2
  exit 1
}

# 1. Tools: Debian packages and the Python venv (tools.sh, shared with search-bench.sh).
# shellcheck source=Tests/QualityGate/tools.sh
. "$here/tools.sh"
quality_tools || die "the quality gate's tools are missing (see above)"

# 2. The gate itself must catch a broken page and pass a clean one.
"$here/selftest.sh" "$python" || die "the gate's self-test failed (see above)"

# 3. The release binary (incremental: quick when it is up to date), unless BOOKGEN names one.
if [ -z "${BOOKGEN:-}" ]; then
  say "quality: building bookgen (release)"
  # make release: the same static build as make dist, so the binary is not relinked twice.
  make -s -C "$root" release SWIFT="$swift" >"$root/.build/quality-build.log" 2>&1 || {
    tail -n 40 "$root/.build/quality-build.log" >&2
    die "make release failed"
  }
fi
[ -x "$bookgen" ] || die "no bookgen binary at $bookgen"

# 4. Each catalog: build offline for 127.0.0.1 under its own sub-path, site check, gate.
# Built sites stay in .build/quality/sites/<catalog> for a look after a failure.
work="$root/.build/quality/sites"
rm -rf "$work"
mkdir -p "$work"
failed=()

free_port() {
  "$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

base_path() { # the path of the catalog's site.base_url, with / at both ends
  "$python" - "$1" <<'PY'
import sys, urllib.parse, yaml
site = (yaml.safe_load(open(sys.argv[1], encoding="utf-8")) or {}).get("site") or {}
path = urllib.parse.urlsplit(str(site.get("base_url") or "http://localhost/")).path.strip("/")
print("/" + path + "/" if path else "/")
PY
}

gate_catalog() { # name, catalog file, search query, gate.py options…
  local name="$1" catalog="$2" query="$3" out="$work/$1" port path status help lines result=0
  shift 3
  local base_option=()
  say ""
  say "quality: === $name catalog ($catalog)"
  port="$(free_port)" || return 1
  path="$(base_path "$catalog")" || return 1
  "$bookgen" build --offline --catalog "$catalog" --output "$out" \
    --base-url "http://127.0.0.1:$port$path" || {
    say "quality: FAIL: bookgen build --offline --catalog $catalog failed"
    return 1
  }
  # The site was built for 127.0.0.1, so the check must judge links against that address.
  help="$("$bookgen" check --help 2>&1 || true)"
  [[ "$help" == *--base-url* ]] && base_option=(--base-url "http://127.0.0.1:$port$path")
  "$bookgen" check --site --output "$out" --catalog "$catalog" "${base_option[@]}" >"$work/$name-check.txt" 2>&1
  status=$?
  if [ "$status" -eq 64 ] || grep -q "not yet available" "$work/$name-check.txt"; then
    say "quality: NOTICE: 'bookgen check --site' is not available in this build; link check SKIPPED"
  else
    head -n 40 "$work/$name-check.txt"
    lines=$(wc -l <"$work/$name-check.txt")
    [ "$lines" -le 40 ] || say "… $((lines - 40)) more lines"
    if [ "$status" -ne 0 ]; then
      say "quality: FAIL: bookgen check --site found problems in the $name site (exit $status)"
      result=1
    fi
  fi
  rm -rf "${shots:?}/$name"
  "$python" "$here/gate.py" --site "$out" --catalog "$catalog" --base-path "$path" --port "$port" \
    --query "$query" --screenshots "$shots/$name" "$@" || result=1
  return $result
}

# What the example's search must find: a word only in one description, a word only in an owner's
# note, two characters of a Chinese name, an unaccented word for an accented one and back; and
# a title match before a description match (UNIX is a title, AWK's description says Unix).
gate_catalog example "$root/catalog.yml" "dune" \
  --expect "Gethen=The Left Hand of Darkness" --expect "teddy=The Practice of Programming" \
  --expect "劉慈=三體" --expect "cafe=The Man with the Compound Eyes" --expect "Arrakís=Dune" \
  --expect-first "unix=UNIX" \
  --token-table "$root/Tests/Fixtures/search-tokens.json" --search-kb 300 || failed+=(example)
if [ -d "$here/stress-cache" ]; then
  # Built from a copy: the build keeps the owner's processed cover images in its cache, and the
  # checkout's cache stays as recorded.
  mkdir -p "$work/stress-source"
  cp -R "$here/stress-catalog.yml" "$here/stress-cache" "$here/stress-covers" "$work/stress-source/"
  # Every stress book is hostile in its own way: check each book page at phone width too.
  gate_catalog stress "$work/stress-source/stress-catalog.yml" "supercalifragilistic" --all-books \
    --expect "猫である=吾輩は猫である" --expect "吾輩=吾輩は猫である" \
    --expect-cover "Only a Title=A Book With Only a Title" || failed+=(stress)
else
  say ""
  say "quality: FAIL: the stress catalog's cache Tests/QualityGate/stress-cache is missing: write it" \
    "from Tests/Fixtures/stress-api (see the README there)"
  failed+=(stress)
fi

say ""
say "quality: screenshots in $shots/example and $shots/stress"
if [ ${#failed[@]} -ne 0 ]; then
  say "quality: FAILED for: ${failed[*]}"
  exit 1
fi
say "quality: the example and stress sites pass the gate"
