#!/usr/bin/env python3
"""The site quality gate: checks a built bookgen site the way browsers and validators see it.

Usage: gate.py --site DIR [--base-path /books/] [--port N] [--query WORD] [--screenshots DIR]
               [--catalog catalog.yml | --pages home=index.html,book=books/x/index.html,404=404.html]
               [--expect QUERY=TITLE]… [--expect-first QUERY=TITLE]… [--expect-cover QUERY=TITLE]…
               [--token-table FILE]
               [--search-kb N] [--skip-browser]

Checks, in order:
  1. every HTML page passes the Nu HTML Checker (vnu.jar) with 0 errors (warnings are listed);
  2. every .xml/.atom file is well-formed XML; every .json file and every JSON-LD block is JSON;
     Atom feeds, OPDS catalogs and sitemaps keep their formats' rules (gatelib/feeds.py: ids,
     titles, dates, authors, acquisition links, OPDS pagination chains, at most 100 entries an
     OPDS file and 50,000 URLs a sitemap); no file is over 25 MiB;
  3. in headless Chromium at 375 px and 1280 px, light and dark, for each named page: the document
     answers 200 (the page named 404 is loaded from a missing URL and must answer 404), no console
     errors, no failed same-site requests, no external requests except images, every cover
     image that failed to load (other hosts are blocked) showing the theme's title card, a favicon that
     loads, no horizontal scroll at 375 px, a full-page screenshot saved; then typing the query
     into the home page's search box shows result links that load; the results page (search/?q=
     the query) lists results, a filter ticked with the space bar goes into the URL and the URL
     shows the same when loaded again; each --expect QUERY finds its TITLE (--expect-first: as
     the first result; --expect-cover: with its cover image served by the site, loaded); search.js
     splits the
     --token-table texts as the table says; the query transfers at most --search-kb KB;
  4. axe-core on the same pages and views (tags wcag2a, wcag2aa, wcag21aa, best-practice):
     0 serious or critical violations (moderate and minor ones are listed as notes);
  5. the results page as the browser rendered it (results, filters, pagination) passes the Nu
     HTML Checker too.

Findings are printed once each, grouped by check and sorted, with the views they occur in, so the
output is the same from run to run. The last line is `quality gate: all checks passed` or
`quality gate: N failed`. Exit status 0 when everything passes, 1 when a check fails, 2 when a
tool cannot run (Java, Chromium or chromedriver missing or broken).
"""

import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ folders in the source tree

from gatelib.browser import WIDTHS, SearchChecks, browser_checks, start_browser  # noqa: E402
from gatelib.feeds import check_feeds  # noqa: E402
from gatelib.findings import Findings, ToolError, info  # noqa: E402
from gatelib.pages import discover_pages, other_books, page_file, parse_pages  # noqa: E402
from gatelib.server import serve  # noqa: E402
from gatelib.validators import check_data_files, finish_html_check, start_html_check  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, type=Path, help="the built site folder")
    parser.add_argument("--base-path", default="/", help="path the site is served under, e.g. /books/")
    parser.add_argument("--port", type=int, default=0, help="port to serve on (0: any free port)")
    parser.add_argument("--pages", default="",
                        help="name=file pairs (default: home and 404, or discovered with --catalog); "
                             "the page named 404 is loaded from a missing URL")
    parser.add_argument("--catalog", type=Path,
                        help="discover the pages: home, all collections (when built), the catalog's first "
                             "collection, the first book, 404")
    parser.add_argument("--all-books", action="store_true",
                        help=f"also check every other book page, at {WIDTHS[0][0]} px only (book-2, book-3, …)")
    parser.add_argument("--query", default="", help="text to type into the search box")
    parser.add_argument("--screenshots", type=Path, default=Path("/tmp/bookgen-screenshots"))
    parser.add_argument("--expect", action="append", default=[], metavar="QUERY=TITLE",
                        help="typing QUERY into the search box must list the book TITLE (repeatable)")
    parser.add_argument("--expect-first", action="append", default=[], metavar="QUERY=TITLE",
                        help="typing QUERY must show the book TITLE first (repeatable)")
    parser.add_argument("--expect-cover", action="append", default=[], metavar="QUERY=TITLE",
                        help="typing QUERY must list the book TITLE with its cover from the site, loaded "
                             "(repeatable)")
    parser.add_argument("--token-table", type=Path, help="search.js must split these texts as the table says")
    parser.add_argument("--search-kb", type=float, default=0,
                        help="measure the bytes the --query search transfers; fail above this many KB")
    parser.add_argument("--skip-browser", action="store_true", help="validators only")
    args = parser.parse_args()

    site = args.site
    if not site.is_dir() or not any(site.rglob("*.html")):
        print(f"error: {site} holds no built site (no .html files)", file=sys.stderr)
        return 2
    base_path = "/" + args.base_path.strip("/") + "/" if args.base_path.strip("/") else "/"
    try:
        pages = (parse_pages(args.pages) if args.pages
                 else discover_pages(site, args.catalog, args.query) if args.catalog
                 else {"home": "index.html", "404": "404.html"})
    except ToolError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for name, relative in pages.items():
        if not (site / page_file(relative)).is_file():
            print(f"error: page '{name}' ({relative}) is not in {site}", file=sys.stderr)
            return 2
    phone_pages = other_books(site, pages) if args.all_books else {}
    findings = Findings()
    info(f"== quality gate: {site}")
    info("pages: " + ", ".join(f"{name}={relative}" for name, relative in (pages | phone_pages).items()))
    html_check = None
    rendered = args.screenshots / "rendered"
    checks = SearchChecks([tuple(item.split("=", 1)) for item in args.expect], args.token_table, args.search_kb,
                          rendered if "search" in pages else None,
                          [tuple(item.split("=", 1)) for item in args.expect_first],
                          [tuple(item.split("=", 1)) for item in args.expect_cover])
    try:
        html_check = start_html_check(site)
        check_data_files(site, [relative for name, relative in (pages | phone_pages).items()
                                if name == "book" or name.startswith("book-")], findings)
        check_feeds(site, findings)
        if not args.skip_browser:
            args.screenshots.mkdir(parents=True, exist_ok=True)
            driver = start_browser()
            try:
                server = serve(site, base_path, args.port)
                origin = f"http://127.0.0.1:{server.server_address[1]}"
                try:
                    browser_checks(driver, origin, base_path, pages, phone_pages, args.screenshots, args.query,
                                   findings, checks)
                finally:
                    server.shutdown()
                    server.server_close()
            finally:
                driver.quit()
        finish_html_check(html_check, site, findings)
        if checks.rendered and any(rendered.glob("*.html")):
            # The results page as the browser renders it: results, filters and pagination.
            finish_html_check(start_html_check(rendered), rendered, findings)
    except ToolError as error:
        if html_check is not None and html_check.poll() is None:
            html_check.kill()
            html_check.wait()
        print(f"error: {error}", file=sys.stderr, flush=True)
        print("quality gate: could not run", flush=True)
        return 2
    findings.print_all()
    if not args.skip_browser:
        info(f"screenshots: {args.screenshots}")
    if findings.failures:
        print(f"quality gate: {findings.failure_count()} failed")
        return 1
    print("quality gate: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
