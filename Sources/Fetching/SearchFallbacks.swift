/// Searches another source may answer instead (a title search of an import): those this
/// source could not answer — refused with HTTP 429, down or out of reach, or the run offline —
/// and those the request budget did not reach, by the caller's index of the search. The one
/// rule for when a search falls to the next source, for every source.
package struct SearchFallbacks: Sendable, Equatable {
  package var unanswered: Set<Int> = []
  /// Not an error, and not in the run's pending entries: the caller says what is left.
  package var unsearched: Set<Int> = []

  package init() {}

  /// Records search `index`'s failure when another source may answer it; false when it stays
  /// the run's error (a configuration error, a broken answer).
  package mutating func failed(_ index: Int, _ failure: RequestFailure) -> Bool {
    guard failure.isRateLimit || failure.isUnavailable else { return false }
    unanswered.insert(index)
    return true
  }

  /// Records search `index`'s answer missing for `reason` (offline, out of reach, the budget).
  package mutating func missing(_ index: Int, _ reason: FetchError.MissingReason) -> Bool {
    if case .budgetSpent = reason {
      unsearched.insert(index)
    } else {
      unanswered.insert(index)
    }
    return true
  }
}
