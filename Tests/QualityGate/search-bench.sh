#!/usr/bin/env bash
# `make search-bench`: the search's bytes and speed on the benchmark's synthetic catalogs, in
# headless Chromium against a plain static server (no compression). For each size in $SIZES
# (default 10000; 100000 takes a few minutes more): makes the dataset ready with bookgen-bench
# (Benchmarks/; kept while the generator is unchanged), builds it with bookgen into
# /dev/shm/bookgen-bench/search-<N>, then runs search_bench.py over a set of one-word queries and
# fails when one transfers more than its target (300 KB at 10k, 500 KB at 100k) or answers
# slower than 100 ms once its data is loaded. Figures: docs/search.md.
set -uo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
here="$root/Tests/QualityGate"
bookgen="${BOOKGEN:-$root/.build/release/bookgen}"
bench="${BENCH:-$root/Benchmarks/.build/release/bookgen-bench}"
out="${OUT:-/dev/shm/bookgen-bench}"
sizes="${SIZES:-10000}"
# A title word, a description word, an author, the commonest word, a Chinese name, a Japanese title.
queries=(desert river ishiguro the 劉慈 猫である)

# shellcheck source=Tests/QualityGate/tools.sh
. "$here/tools.sh"
quality_tools || exit 1
for tool in "$bookgen" "$bench"; do
  [ -x "$tool" ] || { echo "search-bench: no $tool (make bench-tools builds both)" >&2; exit 1; }
done

failed=0
for size in ${sizes//,/ }; do
  target=300
  [ "$size" -gt 10000 ] && target=500
  "$bench" --generate-only --bookgen "$bookgen" --sizes "$size" --out "$out" || exit 1
  site="$out/search-$size"
  echo "search-bench: building $size books into $site"
  "$bookgen" build --offline --catalog "$out/$size/catalog.yml" --output "$site" >"$out/search-$size.log" 2>&1 || {
    tail -n 20 "$out/search-$size.log" >&2
    exit 1
  }
  tail -n 1 "$out/search-$size.log"
  path="$("$python" -c 'import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).path or "/")' \
    "$(sed -n 's/^ *base_url: *//p' "$out/$size/catalog.yml" | head -n 1)")"
  echo "search-bench: index of $size books: $(du -sh --apparent-size "$site/search" | cut -f1) in" \
    "$(find "$site/search" -type f | wc -l) files ($(find "$site/search/t" -type f | wc -l) term chunks," \
    "manifest $(wc -c <"$site/search/index.json") bytes)"
  (cd "$here" && "$python" search_bench.py --site "$site" --base-path "$path" --target-kb "$target" \
    --page --label "$size books" "${queries[@]}") || failed=1
  # The same search typed a key every 150 ms: each prefix on the way may load its own chunk.
  (cd "$here" && "$python" search_bench.py --site "$site" --base-path "$path" --target-kb "$target" \
    --typing-delay 0.15 --label "$size books, typed slowly" desert) || failed=1
done
exit $failed
