#!/usr/bin/env bash
# Proves the quality gate can fail: feeds gate.py a site broken on purpose and checks that it
# exits 1 and names every planted problem, that its report is the same on a second run, that a
# clean site passes, and that a browser that cannot start is reported plainly (exit 2).
# Usage: Tests/QualityGate/selftest.sh [python]   (run.sh passes the quality venv's python)
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${1:-$here/../../.build/quality-venv/bin/python}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
problems=0

problem() {
  echo "selftest: FAIL: $*"
  problems=$((problems + 1))
}

gate() { # output-file, then gate.py arguments
  local out="$1"
  shift
  "$python" "$here/gate.py" "$@" >"$out" 2>&1
}

broken=(--site "$here/broken-site" --base-path /books/ --pages home=index.html,404=404.html
  --query sample --screenshots "$work/broken-shots" --expect "sample=Sample Book"
  --token-table "$here/../Fixtures/search-tokens.json")

echo "selftest: the broken fixture site must fail"
gate "$work/broken.txt" "${broken[@]}"
status=$?
[ "$status" -eq 1 ] || problem "gate.py exited $status on the broken site, expected 1"
expected=(
  'FAIL [html] index.html:15:5: Element "div" not allowed as child of element "ul"'
  'FAIL [xml] feed.xml: not well-formed XML'
  'FAIL [json] search-index.json: not valid JSON'
  'FAIL [json-ld] index.html:9: JSON-LD block 1 is not valid JSON'
  "FAIL [atom] opds/books/page-2.xml: entry 1's atom:updated is not an RFC 3339 date-time: 'yesterday'"
  'FAIL [opds] opds/books/index.xml: its last link leads to no file of the site: http://127.0.0.1/books/opds/books/page-3.xml'
  'FAIL [opds] opds/books/page-2.xml: entry 1 has no acquisition link'
  'FAIL [opds] opds/books/page-2.xml: its previous link is not opds/books/index.xml, whose next it is'
  'FAIL [opds] opds/index.xml: navigation entry 2 links opds/collections/gone/index.xml, not a feed of the site'
  'FAIL [sitemap] sitemap.xml: names http://127.0.0.1/books/sitemap-2.xml, which is not a file of the site'
  'FAIL [console] home (all views): /books/ 27:15 Uncaught TypeError'
  'FAIL [request] home (all views): /books/missing-cover.png answers 404'
  "FAIL [cover] home (all views): an image that failed to load shows the browser's broken-image box, no title card: img[src=missing-cover.png]"
  'FAIL [cover] home (all views): a cover served from the site did not load: img[src=covers/missing-180.jpg]'
  "FAIL [cover] home (all views): the book's cover is drawn wider than its image: img[src=tiny-cover.png] 120px wide from 1"
  'FAIL [external] home (all views): request to another host (Stylesheet): https://cdn.example.com/theme.css'
  'FAIL [favicon] home, 404: no <link rel="icon">, so browsers request /favicon.ico at the host root, which answers 404'
  'FAIL [overflow] home (375px light, 375px dark): horizontal scroll: the page is 533px wider than the 375px viewport; widest: main > div'
  'FAIL [axe] home (all views): critical label: Form elements must have labels [input]'
  'FAIL [search] /books/ (375px, 1280px): no search box'
  "FAIL [search] sample (1280px): typing 'sample' should show 'Sample Book' among its results but shows nothing"
  'FAIL [search] token table: search.js is not on the page (no window.bookgenSearch)'
)
for line in "${expected[@]}"; do
  grep -qF -- "$line" "$work/broken.txt" || problem "missing from the report: $line"
done
! grep -F 'books.google.com' "$work/broken.txt" || problem "an external image was reported (images may come from other hosts)"
failures=$(grep -c '^FAIL ' "$work/broken.txt")
grep -qx "quality gate: $failures failed" "$work/broken.txt" \
  || problem "the closing line does not say 'quality gate: $failures failed' (one per FAIL line)"
[ -s "$work/broken-shots/home-375-light.png" ] || problem "no screenshot home-375-light.png"

echo "selftest: a second run must print the same report"
gate "$work/broken-again.txt" "${broken[@]}"
diff -u "$work/broken.txt" "$work/broken-again.txt" >"$work/diff.txt" || {
  problem "the report changed between two runs:"
  cat "$work/diff.txt"
}

echo "selftest: the clean fixture site must pass"
gate "$work/clean.txt" --site "$here/clean-site" --base-path /books/ \
  --pages home=index.html,collection=shelf/index.html,book=books/sample/index.html,404=404.html \
  --query sample --screenshots "$work/clean-shots"
status=$?
[ "$status" -eq 0 ] || problem "gate.py exited $status on the clean site, expected 0"
[ "$(tail -n 1 "$work/clean.txt")" = "quality gate: all checks passed" ] \
  || problem "the clean site's last line is not 'quality gate: all checks passed'"

echo "selftest: a site without feeds, search index or JSON-LD must fail"
gate "$work/bare.txt" --site "$here/bare-site" --pages home=index.html,book=books/plain/index.html --skip-browser
status=$?
[ "$status" -eq 1 ] || problem "gate.py exited $status on the bare site, expected 1"
for line in 'FAIL [xml] the site: no feed, sitemap or OPDS catalog' 'FAIL [json] the site: no search index' \
  'FAIL [json-ld] books/plain/index.html: no JSON-LD block (schema.org Book) on this book page'; do
  grep -qF -- "$line" "$work/bare.txt" || problem "missing from the bare site's report: $line"
done

echo "selftest: a browser that cannot start must be reported plainly"
CHROMEDRIVER=/nonexistent/chromedriver gate "$work/nobrowser.txt" --site "$here/clean-site" --pages home=index.html
status=$?
[ "$status" -eq 2 ] || problem "gate.py exited $status without chromedriver, expected 2"
grep -qF 'error: headless Chromium cannot start: /nonexistent/chromedriver is missing' "$work/nobrowser.txt" \
  || problem "no plain message when chromedriver is missing"

if [ "$problems" -ne 0 ]; then
  for report in broken clean bare nobrowser; do
    echo "---- gate.py on the $report case:"
    cat "$work/$report.txt"
  done
  echo "selftest: problems found: $problems"
  exit 1
fi
echo "selftest: the gate fails on the broken and bare sites, passes the clean one, reports a missing browser"
