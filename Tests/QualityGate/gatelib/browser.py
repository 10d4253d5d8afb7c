"""Checks in headless Chromium: status, console, requests, icon, overflow, screenshots, search."""

import base64
import json
import os
import time
from pathlib import Path

from .axe import find_axe, run_axe
from .findings import SCHEMES, WIDTHS, Findings, ToolError, info, plural
from .search import check_results_page, check_token_table, expect_finds, measure, report, wait_for_search_page
from .server import http_status, page_url

MISSING_PAGE = "quality-gate-missing-page/"
SCREENSHOT_MAX_HEIGHT = 6000


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


class SearchChecks:
    """What the gate asks of a bookgen site's search besides the box showing results: queries that
    must find a title, the token table search.js must follow, the bytes a query may cost, and a
    folder for the results page as rendered (checked by the Nu HTML Checker afterwards)."""

    def __init__(self, expect: list[tuple[str, str]] | None = None, token_table: Path | None = None,
                 target_kb: float = 0, rendered: Path | None = None,
                 expect_first: list[tuple[str, str]] | None = None,
                 expect_cover: list[tuple[str, str]] | None = None) -> None:
        self.expect = expect or []
        self.expect_first = expect_first or []
        self.expect_cover = expect_cover or []
        self.token_table = token_table
        self.target_kb = target_kb
        self.rendered = rendered


def browser_checks(driver, origin: str, base_path: str, pages: dict[str, str], phone_pages: dict[str, str],
                   shots: Path, query: str, findings: Findings, checks: SearchChecks | None = None) -> None:
    checks = checks or SearchChecks()
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
                if name == "search":
                    wait_for_search_page(driver)
                    if checks.rendered and scheme == SCHEMES[0]:
                        # The page as the script leaves it, filters and results included, for Nu.
                        checks.rendered.mkdir(parents=True, exist_ok=True)
                        (checks.rendered / f"search-{width}px.html").write_text(
                            "<!DOCTYPE html>\n" + driver.execute_script("return document.documentElement.outerHTML"),
                            encoding="utf-8")
                favicons = check_favicon(driver, origin, name, favicons_checked, findings)
                check_requests(driver, origin, path, name, view, missing, favicons, findings)
                check_console(driver, origin, name, view, findings)
                if width == WIDTHS[0][0]:
                    check_overflow(driver, name, view, findings)
                check_covers(driver, name, view, findings)
                screenshot(driver, shots / f"{name}-{width}-{scheme}.png")
                run_axe(driver, axe_js, name, view, findings)
        search(driver, origin, base_path + page_url(pages.get("home", "index.html")), query,
               f"{width}px", shots, findings)
        if "search" in pages and query:
            check_results_page(driver, load, origin + base_path + page_url(pages["search"]), f"{width}px", findings)
    search_behaviour(driver, origin + base_path + page_url(pages.get("home", "index.html")), query, checks, findings)
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


COVERS_SCRIPT = """
const card = e => { const s = getComputedStyle(e, '::before');
  return s.content !== 'none' && s.content !== 'normal' && s.position === 'absolute'; };
const name = e => e.tagName.toLowerCase() + (e.src ? '[src=' + e.getAttribute('src').slice(0, 80) + ']'
  : '.' + e.className);
const failed = Array.from(document.querySelectorAll('main img.cover')).filter(i => i.complete && i.naturalWidth === 0);
const bare = failed.filter(i => !card(i)).map(name);
const empty = Array.from(document.querySelectorAll('main span.cover')).filter(s => !card(s)).map(name);
const unloaded = Array.from(document.querySelectorAll('main picture img.cover'))
  .filter(i => i.complete && i.naturalWidth === 0).map(name);
// The book page's cover, once loaded, at most at its own size; naturalWidth is in CSS pixels
// for the srcset candidate chosen (a 2x image counts half). A grid's cards fill their column.
const stretched = Array.from(document.querySelectorAll('main .book-cover img.cover'))
  .filter(i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > i.naturalWidth + 0.5)
  .map(i => name(i) + ' ' + Math.round(i.getBoundingClientRect().width) + 'px wide from ' + i.naturalWidth);
return [failed.length, bare.slice(0, 3), empty.slice(0, 3), unloaded.slice(0, 3), stretched.slice(0, 3)];
"""


def check_covers(driver, name: str, view: str, findings: Findings) -> None:
    """Every cover image (`img.cover`) that failed to load (the gate blocks other hosts) shows the title card
    the theme draws in its ::before, not the browser's broken-image box; so does every cover
    span (a book without an image). A cover served from the site (in a <picture>) loads, and the
    book page's cover is not drawn wider than its pixels."""
    _, bare, empty, unloaded, stretched = driver.execute_script(COVERS_SCRIPT)
    for element in bare:
        findings.fail("cover", name, f"an image that failed to load shows the browser's broken-image box, "
                      f"no title card: {element}", view)
    for element in empty:
        findings.fail("cover", name, f"a cover without an image draws no title card: {element}", view)
    for element in unloaded:
        findings.fail("cover", name, f"a cover served from the site did not load: {element}", view)
    for element in stretched:
        findings.fail("cover", name, f"the book's cover is drawn wider than its image: {element}", view)


def screenshot(driver, path: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    width = driver.execute_script("return document.documentElement.clientWidth")
    height = min(int(size["height"]), SCREENSHOT_MAX_HEIGHT)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": max(height, 1), "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def search_behaviour(driver, home: str, query: str, checks: SearchChecks, findings: Findings) -> None:
    """The queries that must find their books, the token table, and the bytes of one query."""
    view = f"{WIDTHS[-1][0]}px"
    for text, title in checks.expect:
        expect_finds(driver, load, home, text, title, view, findings)
    for text, title in checks.expect_first:
        expect_finds(driver, load, home, text, title, view, findings, first=True)
    for text, title in checks.expect_cover:
        expect_finds(driver, load, home, text, title, view, findings, cover=True)
    if checks.expect or checks.expect_first or checks.expect_cover:
        info("-- search finds: " + "; ".join(f"{text!r} → {title!r}" for text, title in checks.expect)
             + "".join(f"; {text!r} → {title!r} first" for text, title in checks.expect_first)
             + "".join(f"; {text!r} → {title!r} with its cover" for text, title in checks.expect_cover))
    if checks.token_table:
        load(driver, home)
        check_token_table(driver, checks.token_table, findings)
    if checks.target_kb and query:
        row = measure(driver, load, home, query)
        report([row], "this site")
        if row["bytes"] > checks.target_kb * 1000:
            findings.fail("search", query, f"the search for '{query}' transferred {row['bytes'] / 1000:.1f} KB, "
                          f"over {checks.target_kb:g} KB")


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
    driver.save_screenshot(str(shots / f"search-{view}.png"))  # the viewport: results sit at the top
    status = http_status(hits[0]) if hits[0].startswith(origin + "/") else -1
    if status != 200:
        where = hits[0][len(origin):] if status >= 0 else hits[0]
        findings.fail("search", path, f"the first result for '{query}' links to {where}, which answers "
                      f"{status if status >= 0 else 'from another host'}", view)
    else:
        info(f"-- search at {view}: '{query}' shows {plural(len(hits), 'result')}")
