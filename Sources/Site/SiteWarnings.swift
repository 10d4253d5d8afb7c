import Catalog
import Diagnostics
import Support

/// Data problems worth telling the owner about, in a stable order.
enum SiteWarnings {
  /// `books:` entries that reach no page: no book of any collection has the ISBN or id, or
  /// the book's own entry under another key (its id, another ISBN) is the one used.
  static func unusedBookEntries(catalog: Catalog, model: SiteModel) -> [Diagnostic] {
    guard !catalog.books.isEmpty else { return [] }
    // The key each book took its entry from, as the merge looked it up.
    var usedKey: [String: String] = [:]
    for index in model.books.indices {
      if let key = model.books[index].entryKey { usedKey[model.books[index].id] = key }
    }
    let used = Set(usedKey.values)
    // Most builds use every entry: the table of every id and ISBN only for those that do not.
    guard used.count < catalog.books.count else { return [] }
    // The book each id or ISBN belongs to.
    var owner: [String: String] = [:]
    for book in model.books {
      for key in [book.id] + book.record.matchingISBNs where owner[key] == nil { owner[key] = book.id }
    }
    let candidates = Array(owner.keys)
    var diagnostics: [Diagnostic] = []
    for key in catalog.books.keys.sorted() where !used.contains(key) {
      let shown = "'\(key)' in 'books'"
      let place = catalog.places.books[key]
      func warning(_ message: String) -> Diagnostic { place?.warning(message) ?? .warning(message) }
      var diagnostic: Diagnostic
      if let id = owner[key] {
        diagnostic = warning(
          "the entry \(shown) is not used: book '\(id)' takes its entry from '\(usedKey[id] ?? id)'")
        diagnostic.notes = [.note("merge the two entries under one key")]
      } else {
        diagnostic = warning(
          "no book of any collection has \(shown), so its note, tags and overrides are not shown")
        diagnostic.suggestion = NearestName.suggestion(for: key, among: candidates)
        diagnostic.notes = [
          .note(
            "add it to a collection's 'isbns', 'volumes' or 'open_library_ids', or check it against the "
              + "book's ISBN, volume id or Open Library id (ids are case-sensitive)")
        ]
      }
      diagnostics.append(diagnostic)
    }
    return diagnostics.sorted { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
  }

  /// What the common static hosts refuse: GitHub Pages publishes a site of at most
  /// 1 GB, Cloudflare Pages takes files of at most 25 MiB.
  static let gitHubPagesSiteLimit = 1_000_000_000
  static let cloudflarePagesFileLimit = 25 << 20

  /// Warnings for an output that would not deploy to those hosts: the site's size and its largest
  /// parts (top folders) when it is over GitHub Pages' limit, and the largest files over
  /// Cloudflare Pages'. `files` is every file of the site with its size, `total` their sum.
  static func deployLimits(
    files: some Sequence<(path: String, size: Int)>, total: Int, siteLimit: Int = gitHubPagesSiteLimit,
    fileLimit: Int = cloudflarePagesFileLimit
  ) -> [Diagnostic] {
    var parts: [Substring: Int] = [:]
    var tooLarge: [(path: String, size: Int)] = []
    let overSite = total > siteLimit
    for file in files {
      if file.size > fileLimit { tooLarge.append(file) }
      // A part is the file's top folder (`books/`), or the file at the root (`sitemap.xml`).
      if overSite {
        let end = file.path.firstIndex(of: "/").map { file.path.index(after: $0) } ?? file.path.endIndex
        parts[file.path[..<end], default: 0] += file.size
      }
    }
    func largestFirst<Name: Comparable>(_ items: [(Name, Int)]) -> [(Name, Int)] {
      items.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }
    var diagnostics: [Diagnostic] = []
    if overSite {
      let largest = largestFirst(parts.map { ($0.key, $0.value) }).prefix(4)
      var warning = Diagnostic.warning(
        "the site is \(megabytes(total)), more than GitHub Pages publishes (1 GB a site); its largest parts: "
          + largest.map { "\($0.0) \(megabytes($0.1))" }.joined(separator: ", "))
      warning.notes = [
        .note(
          "fewer index pages ('site.index_pages', a higher 'site.index_min_books') make it smaller; "
            + "hosts without that limit (Netlify, S3, your own server) publish it as it is")
      ]
      diagnostics.append(warning)
    }
    if !tooLarge.isEmpty {
      let largest = largestFirst(tooLarge.map { ($0.path, $0.size) })
      diagnostics.append(
        .warning(
          "\(NumberText.count(largest.count, "file")) over 25 MiB, more than Cloudflare Pages takes: "
            + largest.prefix(4).map { "'\($0.0)' \(ByteCount.text($0.1))" }.joined(separator: ", ")
            + (largest.count > 4 ? ", …" : "")))
    }
    return diagnostics
  }

  /// `1,067.7 MB` (decimal megabytes, as hosts state their limits).
  private static func megabytes(_ bytes: Int) -> String {
    NumberText.decimal(Double(bytes) / 1e6, fractionDigits: 1) + " MB"
  }

  static func collect(_ model: SiteModel) -> [String] {
    var warnings: [String] = []
    for book in model.books where book.title == nil {
      warnings.append("volume \(book.id) has no title; its page says \"Untitled\"")
    }
    for collection in model.collections where collection.books.isEmpty {
      warnings.append("collection '\(collection.slug)' has no books")
    }
    return warnings
  }
}
