/// The range of every number catalog.yml holds, in one place: the decoder checks them, its
/// messages name them and docs/catalog.md's tables list them. Each keeps the later stages away from
/// values they cannot hold (a timeout no clock counts, a rate whose next request never comes).
package enum CatalogRanges {
  package static let booksPerPage = 1...1000
  package static let indexMinBooks = 1...1000
  package static let maxRequests = 0...1_000_000
  package static let requestsPerSecond = 0.01...1000.0
  package static let retries = 0...10
  /// Seconds.
  package static let timeout = 0.1...600.0
  /// Seconds: up to ten years (`3650d`).
  package static let maxAge = 0.0...(3650 * 86_400.0)
  package static let maxResults = 1...1000
  /// Open Library requests in flight at once (`open_library.concurrency`).
  package static let concurrency = 1...8
  /// Pages of a book (`overrides.page_count`); Google's page counts are held to it too.
  package static let pageCount = 1...100_000
  /// Times a book was read (`books.*.read_count`).
  package static let readCount = 0...10_000
  /// A book's place in its series (`books.*.series_number`).
  package static let seriesNumber = 0.0...100_000.0
}
