/// The books a page read while its context was made, recorded while `bookgen serve` renders
/// it: after an edit that changes some books but not the site's shape, a page is rendered again
/// only when it read one of them. Every read of a book by the page code goes through
/// `PageContexts.book(_:)`, `PageContexts.facts(of:)` or `SEOHead.facts(of:)`, which record it
/// here (a test holds the page code to that).
final class BookReads: @unchecked Sendable {
  /// The recorder of the page being rendered on this task; nil outside `bookgen serve`.
  @TaskLocal static var current: BookReads?

  /// Book indices in `SiteModel.books`, in the order read, with repeats.
  private(set) var indices: [Int32] = []

  static func note(_ index: Int) {
    current?.indices.append(Int32(truncatingIfNeeded: index))
  }
}
