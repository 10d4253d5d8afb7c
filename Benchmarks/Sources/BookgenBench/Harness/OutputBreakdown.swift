import Foundation

/// A full build's bytes by what they are (each kind of page, each index's folder, the feeds,
/// OPDS, sitemap, search index, assets), and what the book pages spend on their `<head>`, its
/// JSON-LD and the header and footer around `<main>`: where a size goal is won or lost.
struct OutputBreakdown: Equatable {
  struct Part: Equatable {
    var files = 0
    var bytes = 0
  }

  /// By part name (`OutputBreakdown.part(of:)`).
  var parts: [String: Part] = [:]
  /// Book pages' bytes inside `<head>…</head>`, inside their JSON-LD `<script>` (part of the
  /// head), and outside `<head>` and `<main>` (the skip link, header and footer).
  var bookHead = 0
  var bookJSONLD = 0
  var bookChrome = 0

  /// The parts in the order the report prints them; any other name follows, sorted.
  static let order = [
    "book pages", "all-books list", "collection pages", "collections page", "home", "authors", "categories",
    "publishers", "languages", "years", "tags", "series", "shelves", "stats", "OPDS all books",
    "OPDS collections", "OPDS navigation", "Atom feeds", "sitemap", "search index", "search page", "assets",
    "other",
  ]

  /// Sorts every file of `stats` into its part, reading the book pages under `root` for their
  /// head, JSON-LD and chrome.
  static func measure(_ stats: OutputStats, root: String) -> OutputBreakdown {
    var breakdown = OutputBreakdown()
    for (path, state) in stats.files {
      let name = part(of: path)
      breakdown.parts[name, default: Part()].files += 1
      breakdown.parts[name, default: Part()].bytes += state.size
      if name == "book pages", let data = FileManager.default.contents(atPath: root + "/" + path) {
        let page = BookPageShares(Array(data))
        breakdown.bookHead += page.head
        breakdown.bookJSONLD += page.jsonLD
        breakdown.bookChrome += page.chrome
      }
    }
    return breakdown
  }

  /// The part a site-relative path belongs to. A root folder that is no index or discovery
  /// folder is a collection's (collection slugs are root folders).
  static func part(of path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    guard let first = parts.first else { return "other" }
    // Each collection's feed is `<slug>/feed.xml`.
    if parts.last == "feed.xml" { return "Atom feeds" }
    if parts.count == 1 {
      switch first {
      case "index.html": return "home"
      case "feed.xml": return "Atom feeds"
      case _ where first.hasPrefix("sitemap") && first.hasSuffix(".xml"): return "sitemap"
      case _ where first.hasPrefix("search-index"): return "search index"
      default: return "other"
      }
    }
    switch first {
    case "books": return PageWeight.isBookPage(path) ? "book pages" : "all-books list"
    case "collections": return "collections page"
    case "opds":
      if parts.count == 2 { return "OPDS navigation" }
      return parts[1] == "books" ? "OPDS all books" : "OPDS collections"
    case "feeds": return "Atom feeds"
    case "assets": return "assets"
    case "search": return parts.count == 2 && parts[1] == "index.html" ? "search page" : "search index"
    case "authors", "categories", "publishers", "languages", "years", "tags", "series", "shelves", "stats":
      return first
    default: return "collection pages"
    }
  }

  /// The Markdown table of several builds' breakdowns side by side (a column per build, MB and
  /// files), then the book pages' head, JSON-LD and chrome per build.
  static func table(_ builds: [(label: String, breakdown: OutputBreakdown)]) -> [String] {
    guard !builds.isEmpty else { return [] }
    let names = Set(builds.flatMap { $0.breakdown.parts.keys })
    let ordered = order.filter(names.contains) + names.subtracting(order).sorted()
    var lines = [
      "| part |" + builds.map { " \($0.label) MB (files) |" }.joined(),
      "|---|" + String(repeating: "---:|", count: builds.count),
    ]
    for name in ordered {
      lines.append(
        "| \(name) |"
          + builds.map { build in
            build.breakdown.parts[name].map { " \(BenchReport.megabytes($0.bytes)) (\($0.files)) |" } ?? " |"
          }.joined())
    }
    lines.append(
      "| total |"
        + builds.map { build in
          let total = build.breakdown.parts.values.reduce(Part()) {
            Part(files: $0.files + $1.files, bytes: $0.bytes + $1.bytes)
          }
          return " \(BenchReport.megabytes(total.bytes)) (\(total.files)) |"
        }.joined())
    for (label, value) in [
      ("book pages: `<head>`", \OutputBreakdown.bookHead),
      ("book pages: JSON-LD (in the head)", \.bookJSONLD),
      ("book pages: header and footer", \.bookChrome),
    ] {
      lines.append(
        "| \(label) |"
          + builds.map { build in
            let pages = build.breakdown.parts["book pages"] ?? Part()
            let bytes = build.breakdown[keyPath: value]
            let share = pages.bytes > 0 ? 100 * Double(bytes) / Double(pages.bytes) : 0
            return " \(BenchReport.megabytes(bytes)) (\(String(format: "%.0f", share)) %) |"
          }.joined())
    }
    return lines
  }
}

/// The bytes of one book page's head, JSON-LD and chrome (everything outside head and main).
struct BookPageShares {
  var head = 0
  var jsonLD = 0
  var chrome = 0

  init(_ bytes: [UInt8]) {
    func find(_ needle: String, from start: Int = 0) -> Int? {
      let pattern = Array(needle.utf8)
      guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
      var index = start
      while index <= bytes.count - pattern.count {
        if bytes[index] == pattern[0] && Array(bytes[index..<index + pattern.count]) == pattern {
          return index
        }
        index += 1
      }
      return nil
    }
    if let open = find("<head>"), let close = find("</head>", from: open) {
      head = close + "</head>".utf8.count - open
      var from = open
      while let script = find("<script type=\"application/ld+json\">", from: from), script < close,
        let end = find("</script>", from: script)
      {
        jsonLD += end + "</script>".utf8.count - script
        from = end
      }
      if let main = find("<main", from: close), let mainEnd = find("</main>", from: main) {
        chrome = bytes.count - head - (mainEnd + "</main>".utf8.count - main)
      }
    }
  }
}
