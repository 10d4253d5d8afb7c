import Support

/// The run's request allowance, shared by the scheduler and retrying requests.
final class RequestBudget: Sendable {
  private let remaining: Locked<Int?>
  let limit: Int?

  init(limit: Int?) {
    self.limit = limit
    remaining = Locked(limit)
  }

  /// Takes one request from the budget; false when it is spent.
  func take() -> Bool {
    remaining.withLock { remaining in
      guard let left = remaining else { return true }
      guard left > 0 else { return false }
      remaining = left - 1
      return true
    }
  }
}
