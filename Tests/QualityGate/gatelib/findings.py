"""What the gate found: failures and notes, each once, with the views it occurs in."""


WIDTHS = ((375, 812), (1280, 900))
SCHEMES = ("light", "dark")
ALL_VIEWS = [f"{width}px {scheme}" for width, _ in WIDTHS for scheme in SCHEMES]
SECTIONS = ("html", "xml", "json", "json-ld", "atom", "opds", "sitemap", "size", "status", "console", "request", "external", "favicon",
            "overflow", "axe", "search")


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
