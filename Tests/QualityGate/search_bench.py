#!/usr/bin/env python3
"""Measures the search of a built site in headless Chromium, served without compression.

Usage: search_bench.py --site DIR [--base-path /books/] [--target-kb 300] [--label 10k]
                       [--json out.json] QUERY…

For each query, with an empty browser cache: loads the home page, types the query into the header
box and waits for the first results, then sums the bytes transferred for search.js and every file
under search/ (Resource Timing transferSize: headers and body); then types it again and times the
answer once the data is loaded. Prints one line per query; exits 1 when a query transfers more than
--target-kb kilobytes (1 KB = 1,000 bytes) or answers in more than --warm-ms once loaded.
"""

import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True

from gatelib.browser import load, start_browser  # noqa: E402
from gatelib.findings import ToolError  # noqa: E402
from gatelib.findings import info  # noqa: E402
from gatelib.search import measure, measure_page, report, write_json  # noqa: E402
from gatelib.server import serve  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, type=Path)
    parser.add_argument("--base-path", default="/")
    parser.add_argument("--target-kb", type=float, default=0, help="fail above this many KB (0: report only)")
    parser.add_argument("--warm-ms", type=float, default=100, help="fail when an answer from loaded data is slower")
    parser.add_argument("--typing-delay", type=float, default=0.0, help="seconds between keystrokes")
    parser.add_argument("--label", default="site")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--page", action="store_true", help="also measure the results page with its filters")
    parser.add_argument("queries", nargs="+")
    args = parser.parse_args()
    base = "/" + args.base_path.strip("/") + "/" if args.base_path.strip("/") else "/"
    try:
        driver = start_browser()
    except ToolError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    server = serve(args.site, base, 0)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        driver.set_window_size(1280, 900)
        rows = [measure(driver, load, origin + base, query, args.typing_delay) for query in args.queries]
        pages = [measure_page(driver, load, origin + base, query) for query in args.queries] if args.page else []
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    report(rows, args.label)
    for page in pages:
        info(f"   results page {page['query']!r}: {page['status']}, {page['bytes'] / 1000:.1f} KB in {page['requests']} "
             f"requests with the filters ({page['facet_files']} facet files, {page['facet_bytes'] / 1000:.1f} KB), "
             f"{page['seconds']:.2f} s")
    if args.json:
        write_json(rows, args.json)
    failed = False
    for row in rows:
        if not row["results"]:
            print(f"FAIL [search] {row['query']!r} showed no results")
            failed = True
        if args.target_kb and row["bytes"] > args.target_kb * 1000:
            print(f"FAIL [search] {row['query']!r} transferred {row['bytes'] / 1000:.1f} KB, over {args.target_kb:g} KB")
            failed = True
        if row["warm_ms"] < 0 or row["warm_ms"] > args.warm_ms:
            print(f"FAIL [search] {row['query']!r} answered in {row['warm_ms']:.0f} ms once loaded, over {args.warm_ms:g} ms")
            failed = True
    print(f"search bench ({args.label}): " + ("FAILED" if failed else "all queries within the targets"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
