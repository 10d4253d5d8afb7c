/// The books an imported entry stands in for (the catalog's keys of books with `imported:`
/// data): when their lookups cannot be made, offline or with the source unreachable, the book
/// is shown with the export's data instead. That is no error; the lookups are counted for one
/// warning (`warning(source:offline:)`).
package struct StandIns: Sendable {
  package let keys: Set<String>
  package private(set) var count = 0

  package init(keys: Set<String>) { self.keys = keys }

  /// Whether the failure of a lookup of `lookedUp` (every one of them a stand-in) is handled.
  package mutating func failed(_ lookedUp: [String], _ failure: RequestFailure) -> Bool {
    guard failure.isUnreachable else { return false }
    return take(lookedUp)
  }

  /// Whether the missing cache entry for a lookup of `lookedUp` is handled.
  package mutating func missing(_ lookedUp: [String], _ reason: FetchError.MissingReason) -> Bool {
    guard reason.isOfflineOrUnreachable else { return false }
    return take(lookedUp)
  }

  private mutating func take(_ lookedUp: [String]) -> Bool {
    guard !lookedUp.isEmpty, lookedUp.allSatisfy(keys.contains) else { return false }
    count += lookedUp.count
    return true
  }

  /// `offline: 3 imported books have no cached Open Library data: shown with …`, or nil.
  package func warning(source: String, offline: Bool) -> String? {
    guard count > 0 else { return nil }
    let books = count == 1 ? "1 imported book has" : "\(count) imported books have"
    let reason = offline ? "offline" : "\(source) cannot be reached"
    return "\(reason): \(books) no cached \(source) data: shown with the export's title and authors until "
      + "a run with the network fetches it"
  }
}
