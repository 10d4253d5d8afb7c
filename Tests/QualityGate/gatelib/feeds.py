"""The rules of the Atom, OPDS 1.2 and sitemap formats that a well-formed file can still break,
and the deploy limit on file size.

Atom (RFC 4287, section 4): a feed and each entry have exactly one id (an absolute IRI), title and
updated (an RFC 3339 date-time); a feed has an author unless every entry has one; an entry has
a content or an alternate link, at most one summary; every link has an href.
OPDS 1.2: an acquisition feed's entries each have an acquisition link, at most OPDS_PAGE_LIMIT
of them a file; a paginated feed's first/previous/next/last links lead to files of the site and
form one chain (next from first reaches last, previous goes back); a navigation feed's entries
link catalog feeds of the site.
Sitemaps: at most 50,000 URLs and 50 MB a file; an index's sitemaps are files of the site.
Any file: at most 25 MiB (Cloudflare Pages refuses larger ones).
"""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from .findings import Findings, info, plural

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
ACQUISITION = "http://opds-spec.org/acquisition"
CATALOG_PROFILE = "profile=opds-catalog"
OPDS_PAGE_LIMIT = 100
SITEMAP_URL_LIMIT = 50_000
SITEMAP_BYTE_LIMIT = 50 * 1000 * 1000
FILE_LIMIT = 25 * 1024 * 1024
RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})\Z")
IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+\Z")
PAGES = ("first", "previous", "next", "last")


def check_feeds(site: Path, findings: Findings) -> None:
    feeds: dict[str, ET.Element] = {}
    sitemaps: dict[str, ET.Element] = {}
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        relative = str(path.relative_to(site))
        size = path.stat().st_size
        if size > FILE_LIMIT:
            findings.fail("size", relative, f"{size:,} bytes, over the 25 MiB a file Cloudflare Pages takes")
        if path.suffix not in (".xml", ".atom"):
            continue
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue  # check_data_files reports it
        if root.tag == ATOM + "feed":
            feeds[relative] = root
        elif root.tag in (SITEMAP + "urlset", SITEMAP + "sitemapindex"):
            sitemaps[relative] = root
            if root.tag == SITEMAP + "urlset" and size > SITEMAP_BYTE_LIMIT:
                findings.fail("sitemap", relative, f"{size:,} bytes, over the protocol's 50 MB")
    base = site_base(feeds)
    for relative, root in feeds.items():
        check_atom(relative, root, findings)
    catalogs = {relative: root for relative, root in feeds.items() if opds_kind(root)}
    check_opds(site, catalogs, base, findings)
    for relative, root in sitemaps.items():
        check_sitemap(site, relative, root, findings)
    info(f"-- feeds: {plural(len(feeds) - len(catalogs), 'Atom feed')}, {plural(len(catalogs), 'OPDS feed')}, "
         f"{plural(len(sitemaps), 'sitemap')}")


def children(element: ET.Element, name: str) -> list[ET.Element]:
    return element.findall(ATOM + name)


def links(element: ET.Element) -> list[ET.Element]:
    return children(element, "link")


def rel(link: ET.Element) -> str:
    return link.get("rel") or "alternate"  # RFC 4287 4.2.7.2: no rel means alternate


def self_href(root: ET.Element) -> str:
    return next((link.get("href", "") for link in links(root) if rel(link) == "self"), "")


def site_base(feeds: dict[str, ET.Element]) -> str:
    """The URL the site is served at: a feed's self link without the feed's own path."""
    for relative, root in feeds.items():
        href = self_href(root)
        if href.endswith("/" + relative):
            return href[: -len(relative)]
    return ""


def check_atom(relative: str, root: ET.Element, findings: Findings) -> None:
    def once(element: ET.Element, name: str, where: str) -> None:
        found = children(element, name)
        if len(found) != 1:
            findings.fail("atom", relative, f"{where} has {len(found)} atom:{name} (exactly one needed)")
            return
        text = (found[0].text or "").strip()
        if name == "id" and not IRI.match(text):
            findings.fail("atom", relative, f"{where}'s atom:id is not an absolute IRI: {text!r}")
        if name == "updated" and not RFC3339.match(text):
            findings.fail("atom", relative, f"{where}'s atom:updated is not an RFC 3339 date-time: {text!r}")

    for name in ("id", "title", "updated"):
        once(root, name, "the feed")
    entries = children(root, "entry")
    if not children(root, "author") and not all(children(entry, "author") for entry in entries):
        findings.fail("atom", relative, "the feed has no atom:author and not every entry has one")
    for number, entry in enumerate(entries, start=1):
        where = f"entry {number}"
        for name in ("id", "title", "updated"):
            once(entry, name, where)
        for name in ("summary", "content"):
            if len(children(entry, name)) > 1:
                findings.fail("atom", relative, f"{where} has more than one atom:{name}")
        if not children(entry, "content") and not any(rel(link) == "alternate" for link in links(entry)):
            findings.fail("atom", relative, f"{where} has neither atom:content nor an alternate link")
    for link in root.iter(ATOM + "link"):
        if not link.get("href"):
            findings.fail("atom", relative, f"a link (rel {rel(link)}) has no href")
    for author in root.iter(ATOM + "author"):
        if len(children(author, "name")) != 1:
            findings.fail("atom", relative, "an atom:author has no atom:name")


def opds_kind(root: ET.Element) -> str:
    """'acquisition' or 'navigation' from the feed's self link type; '' for a plain Atom feed."""
    kind = next((link.get("type", "") for link in links(root) if rel(link) == "self"), "")
    if CATALOG_PROFILE not in kind:
        return ""
    return "navigation" if "kind=navigation" in kind else "acquisition"


def local(href: str, base: str) -> str | None:
    """The site file an absolute link names, or None when it is not the site's."""
    if not base or not href.startswith(base):
        return None
    return href[len(base):].split("#", 1)[0].split("?", 1)[0]


def check_opds(site: Path, catalogs: dict[str, ET.Element], base: str, findings: Findings) -> None:
    pages: dict[str, dict[str, str]] = {}
    for relative, root in catalogs.items():
        entries = children(root, "entry")
        if opds_kind(root) == "navigation":
            for number, entry in enumerate(entries, start=1):
                targets = [link.get("href", "") for link in links(entry) if CATALOG_PROFILE in link.get("type", "")]
                if not targets:
                    findings.fail("opds", relative, f"navigation entry {number} links no catalog feed")
                for target in targets:
                    path = local(target, base)
                    if path is not None and path not in catalogs:
                        findings.fail("opds", relative, f"navigation entry {number} links {path}, not a feed of the site")
            continue
        if len(entries) > OPDS_PAGE_LIMIT:
            findings.fail("opds", relative, f"{len(entries)} entries in one file (at most {OPDS_PAGE_LIMIT}: paginate)")
        for number, entry in enumerate(entries, start=1):
            if not any(rel(link).startswith(ACQUISITION) for link in links(entry)):
                findings.fail("opds", relative, f"entry {number} has no acquisition link")
        named = {rel(link): link.get("href", "") for link in links(root) if rel(link) in PAGES}
        targets: dict[str, str] = {}
        for name, href in named.items():
            path = local(href, base)
            if path is None or not (site / path).is_file():
                findings.fail("opds", relative, f"its {name} link leads to no file of the site: {href}")
            else:
                targets[name] = path
        if named:
            pages[relative] = targets
    check_chains(pages, findings)


def check_chains(pages: dict[str, dict[str, str]], findings: Findings) -> None:
    """Every paginated feed: from its first page, next leads through pages that agree on first and
    last, each page's previous is the one before, and the walk ends at last."""
    for start in sorted({links["first"] for links in pages.values() if "first" in links}):
        seen = [start]
        while "next" in pages.get(seen[-1], {}):
            following = pages[seen[-1]]["next"]
            if following in seen:
                findings.fail("opds", seen[-1], f"its next link goes back to {following}")
                break
            if pages.get(following, {}).get("previous") != seen[-1]:
                findings.fail("opds", following, f"its previous link is not {seen[-1]}, whose next it is")
            seen.append(following)
        for page in seen:
            links = pages.get(page, {})
            if links.get("first") != start or links.get("last") != seen[-1]:
                findings.fail("opds", page, f"its first/last links are not {start} and {seen[-1]}, the ends of its chain")
        if "previous" in pages.get(start, {}):
            findings.fail("opds", start, "the first page has a previous link")


def check_sitemap(site: Path, relative: str, root: ET.Element, findings: Findings) -> None:
    if root.tag == SITEMAP + "urlset":
        count = len(root.findall(SITEMAP + "url"))
        if count > SITEMAP_URL_LIMIT:
            findings.fail("sitemap", relative, f"{count:,} URLs, over the protocol's 50,000 a file")
        return
    for entry in root.findall(SITEMAP + "sitemap"):
        location = (entry.findtext(SITEMAP + "loc") or "").strip()
        name = location.rsplit("/", 1)[-1]
        # A sitemap index names its files by absolute URL; they sit beside it.
        if not name or not (site / Path(relative).parent / name).is_file():
            findings.fail("sitemap", relative, f"names {location}, which is not a file of the site")
