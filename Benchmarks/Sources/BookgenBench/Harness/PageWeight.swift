/// What a full build's output weighs against the static hosts' limits: the whole folder, the
/// median book page and the largest file.
struct PageWeight: Equatable {
  var totalBytes: Int
  var files: Int
  /// The median size of `books/<slug>/index.html` (the all-books list's pages excluded); nil
  /// when the output has no book page.
  var medianBookPage: Int?
  var largestFile: (path: String, bytes: Int)?

  /// GitHub Pages publishes sites of at most 1 GB.
  static let siteLimit = 1_000_000_000
  /// The 10k reference site's goal.
  static let tenThousandLimit = 100_000_000
  static let medianBookPageLimit = 8_000
  /// Cloudflare Pages refuses a file over 25 MiB.
  static let fileLimit = 25 * 1_024 * 1_024

  init(_ stats: OutputStats) {
    totalBytes = stats.bytes
    files = stats.count
    var pages: [Int] = []
    var largest: (path: String, bytes: Int)?
    for (path, state) in stats.files {
      if PageWeight.isBookPage(path) { pages.append(state.size) }
      // Ties go to the first path in byte order, so the report does not change between runs.
      if largest.map({ state.size > $0.bytes || (state.size == $0.bytes && path < $0.path) }) ?? true {
        largest = (path, state.size)
      }
    }
    pages.sort()
    medianBookPage =
      pages.isEmpty
      ? nil
      : pages.count % 2 == 1
        ? pages[pages.count / 2] : (pages[pages.count / 2 - 1] + pages[pages.count / 2]) / 2
    largestFile = largest
  }

  /// `books/<slug>/index.html`, not `books/index.html` or `books/page/N/index.html`.
  static func isBookPage(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "books" && parts[1] != "page" && parts[2] == "index.html"
  }

  static func == (a: PageWeight, b: PageWeight) -> Bool {
    a.totalBytes == b.totalBytes && a.files == b.files && a.medianBookPage == b.medianBookPage
      && a.largestFile?.path == b.largestFile?.path && a.largestFile?.bytes == b.largestFile?.bytes
  }
}
