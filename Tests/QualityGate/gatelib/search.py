"""The search in the browser: what a query finds, the bytes it costs and how fast it answers."""

import json
import time
from pathlib import Path

from .findings import Findings, info

RESULTS = "[data-search-results] a:not(.search-all a)"
STATUS = "form[role=search] [role=status]"

# Sums what the search fetched, from the Resource Timing entries: search.js and everything under
# search/ (manifest, term chunks, document files). transferSize counts headers and body as they
# crossed the network (the server does not compress), 0 for a cached response.
SEARCH_BYTES = """
const entries = performance.getEntriesByType('resource').filter(e =>
  /\\/assets\\/search\\.js$/.test(new URL(e.name).pathname) || new URL(e.name).pathname.includes('/search/'));
return entries.map(e => ({url: e.name, bytes: e.transferSize, body: e.encodedBodySize}));
"""

# Types `query` the way a program does (value, then one input event) and resolves once the
# quick results change: the time from that last keystroke to the results on screen.
TIMED_QUERY = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const input = document.querySelector('form[role=search] input[type=search]');
const list = document.querySelector('[data-search-results]');
const status = document.querySelector('form[role=search] [role=status]');
let start = 0;
const observer = new MutationObserver(() => {
  if (!list.querySelector('a') && !/\\d/.test(status.textContent)) return;
  observer.disconnect();
  done(performance.now() - start);
});
observer.observe(list, {childList: true, subtree: true});
observer.observe(status, {childList: true, characterData: true, subtree: true});
input.value = query;
start = performance.now();
input.dispatchEvent(new Event('input', {bubbles: true}));
setTimeout(() => { observer.disconnect(); done(-1); }, 10000);
"""


def type_query(driver, query: str, delay: float = 0.0) -> bool:
    """Types into the header box; False when the page has none."""
    boxes = driver.find_elements("css selector", "form[role=search] input[type=search]")
    if not boxes:
        return False
    box = boxes[0]
    if delay:
        for char in query:
            box.send_keys(char)
            time.sleep(delay)
    else:
        box.send_keys(query)
    return True


def wait_for_results(driver, timeout: float = 10.0) -> tuple[list[str], str]:
    """The result links and the status text once the box shows results (or says there are none)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        links, status = driver.execute_script(
            f"return [Array.from(document.querySelectorAll('{RESULTS}')).map(a => a.href),"
            f" (document.querySelector('{STATUS}') || {{}}).textContent || '']")
        if links or status:
            return links, status
        time.sleep(0.05)
    return [], ""


def titles(driver) -> list[str]:
    return driver.execute_script(
        f"return Array.from(document.querySelectorAll('{RESULTS}')).map(a => a.querySelector('span').firstChild.textContent)")


# The cover image of the quick result titled arguments[0], once it has loaded or failed:
# {src, loaded, sameOrigin}, or null when the result shows no image.
RESULT_COVER = f"""
const [title, done] = [arguments[0], arguments[arguments.length - 1]];
const link = Array.from(document.querySelectorAll('{RESULTS}'))
  .find(a => a.querySelector('span').firstChild.textContent === title);
const image = link && link.querySelector('img');
if (!image) {{ done(null); return; }}
const answer = () => done({{src: image.src, loaded: image.complete && image.naturalWidth > 0,
  sameOrigin: new URL(image.src).origin === location.origin}});
if (image.complete) answer();
else {{ image.addEventListener('load', answer); image.addEventListener('error', answer); setTimeout(answer, 5000); }}
"""


def expect_finds(driver, load, url: str, query: str, title: str, view: str, findings: Findings,
                 first: bool = False, cover: bool = False) -> None:
    """Typing `query` into the box must list a book called `title` among the quick results (with
    `first`, as the first of them; with `cover`, with its cover image served by the site, loaded)."""
    load(driver, url)
    links = wait_for_results(driver)[0] if type_query(driver, query) else []
    found = titles(driver) if links else []
    if (found[:1] if first else found).count(title) == 0:
        shown = ", ".join(found[:5]) or "nothing"
        where = "first" if first else "among its results"
        findings.fail("search", query, f"typing '{query}' should show '{title}' {where} but shows {shown}", view)
        return
    if cover:
        image = driver.execute_async_script(RESULT_COVER, title)
        if not image or not image["sameOrigin"] or not image["loaded"]:
            shown = "no image" if not image else f"{image['src']} ({'loaded' if image['loaded'] else 'not loaded'})"
            findings.fail("search", query, f"typing '{query}' should show '{title}' with its cover from the site, "
                                           f"loaded, but shows {shown}", view)


def measure(driver, load, url: str, query: str, delay: float = 0.0) -> dict:
    """Bytes the search costs from loading `url` through the first results of `query`, and the
    time from the last keystroke to the results once the data they need is loaded."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    load(driver, url)
    started = time.monotonic()
    type_query(driver, query, delay)
    links, status = wait_for_results(driver)
    elapsed = time.monotonic() - started
    # Late responses (covers are not counted) settle before the entries are read.
    time.sleep(0.3)
    entries = driver.execute_script(SEARCH_BYTES)
    driver.execute_script("document.querySelector('form[role=search] input[type=search]').value = ''")
    warm = driver.execute_async_script(TIMED_QUERY, query)
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    return {"query": query, "results": len(links), "status": status, "bytes": sum(e["bytes"] for e in entries),
            "requests": len(entries), "largest": max((e["bytes"] for e in entries), default=0),
            "script": sum(e["bytes"] for e in entries if e["url"].endswith("/search.js")),
            "seconds": round(elapsed, 3), "warm_ms": round(warm, 1), "files": entries}


def measure_page(driver, load, url: str, query: str) -> dict:
    """Bytes the results page costs for `query`: its first results, then with its filters."""
    import urllib.parse

    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    started = time.monotonic()
    load(driver, url + "search/?q=" + urllib.parse.quote(query))
    state = wait_for_search_page(driver)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not driver.execute_script(
            "return !document.querySelector('[data-search-facets]').hidden"):
        time.sleep(0.05)
    elapsed = time.monotonic() - started
    time.sleep(0.3)
    entries = driver.execute_script(SEARCH_BYTES)
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    facets = [e for e in entries if "/search/f/" in e["url"]]
    return {"query": query, "status": state["status"], "bytes": sum(e["bytes"] for e in entries),
            "requests": len(entries), "facet_bytes": sum(e["bytes"] for e in facets), "facet_files": len(facets),
            "seconds": round(elapsed, 3)}


def report(rows: list[dict], label: str) -> None:
    info(f"-- search bytes ({label}): query, results, transferred (search.js + index), requests, largest, "
         "first results, warm answer")
    for row in rows:
        info(f"   {row['query']!r}: {row['results']} shown ({row['status']}), {row['bytes'] / 1000:.1f} KB in "
             f"{row['requests']} requests (search.js {row['script'] / 1000:.1f} KB, largest "
             f"{row['largest'] / 1000:.1f} KB), {row['seconds']:.2f} s, {row['warm_ms']:.0f} ms warm")


def write_json(rows: list[dict], path: Path) -> None:
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


PAGE_STATE = """
const status = document.querySelector('[data-search-status]');
return {status: status ? status.textContent : null, url: location.href,
        hits: document.querySelectorAll('[data-search-list] > li').length,
        checked: Array.from(document.querySelectorAll('[data-search-facets] input:checked')).map(i => i.name + '=' + i.value),
        focused: document.activeElement && document.activeElement.matches('[data-search-facets] input')
          ? document.activeElement.name + '=' + document.activeElement.value : null,
        pages: Array.from(document.querySelectorAll('[data-search-pages] a')).map(a => a.href)};
"""


def wait_for_search_page(driver, timeout: float = 10.0) -> dict:
    """The results page's state once it has answered (its status is neither empty nor loading)."""
    deadline = time.monotonic() + timeout
    state = driver.execute_script(PAGE_STATE)
    while time.monotonic() < deadline:
        state = driver.execute_script(PAGE_STATE)
        busy = driver.execute_script("const s = window.bookgenSearch && window.bookgenSearch.index.strings();"
                                     "return s ? s.searchLoading : ''")
        if state["status"] and state["status"] != busy:
            # The facets arrive after the first results.
            time.sleep(0.2)
            return driver.execute_script(PAGE_STATE)
        time.sleep(0.05)
    return state


def check_results_page(driver, load, url: str, view: str, findings: Findings) -> None:
    """The results page lists the query's results; a filter ticked from the keyboard narrows them
    and goes into the URL, which shows the same results when loaded again; page 2 is a link."""
    from selenium.webdriver.common.keys import Keys

    load(driver, url)
    first = wait_for_search_page(driver)
    if not first["hits"]:
        findings.fail("search", "search page", f"{url} lists no results (status: {first['status']!r})", view)
        return
    boxes = driver.find_elements("css selector", "[data-search-facets] input[type=checkbox]")
    if not boxes:
        findings.fail("search", "search page", f"{url} shows no filters", view)
        return
    driver.execute_script("arguments[0].closest('details').open = true; arguments[0].focus()", boxes[-1])
    boxes[-1].send_keys(Keys.SPACE)
    deadline = time.monotonic() + 5
    filtered = first
    while time.monotonic() < deadline and filtered["url"] == first["url"]:
        time.sleep(0.05)
        filtered = driver.execute_script(PAGE_STATE)
    filtered = wait_for_search_page(driver)
    if filtered["url"] == first["url"] or not filtered["checked"]:
        findings.fail("search", "search page", "ticking a filter with the space bar did not change the URL", view)
        return
    if filtered["focused"] not in filtered["checked"]:
        findings.fail("search", "search page", f"the ticked filter lost the keyboard focus (now on {filtered['focused']})",
                      view)
    load(driver, filtered["url"])
    again = wait_for_search_page(driver)
    if (again["status"], again["checked"], again["hits"]) != (filtered["status"], filtered["checked"], filtered["hits"]):
        findings.fail("search", "search page", f"the filtered URL shows {again['status']!r} {again['checked']} when "
                      f"loaded again, not {filtered['status']!r} {filtered['checked']}", view)
    info(f"-- search page at {view}: {first['status']}, filtered by {', '.join(filtered['checked'])}: "
         f"{filtered['status']}")


TOKEN_TABLE = """
const cases = arguments[0];
return cases.map(c => window.bookgenSearch ? window.bookgenSearch.tokenStrings(c.text) : null);
"""


def check_token_table(driver, table: Path, findings: Findings) -> None:
    """search.js splits every text of the shared token table as the Swift tokenizer does."""
    cases = json.loads(table.read_text(encoding="utf-8"))
    if not driver.execute_script("return Boolean(window.bookgenSearch)"):
        findings.fail("search", "token table", "search.js is not on the page (no window.bookgenSearch)")
        return
    got = driver.execute_script(TOKEN_TABLE, cases)
    wrong = 0
    for case, tokens in zip(cases, got):
        if tokens != case["tokens"]:
            wrong += 1
            findings.fail("search", "token table", f"search.js splits {case['text']!r} into {tokens}, the table "
                          f"({table.name}) says {case['tokens']}")
    info(f"-- token table: {len(cases) - wrong} of {len(cases)} cases split as the index does")
