import Foundation

/// The run's request allowance, shared by the scheduler and retrying requests.
final class RequestBudget: @unchecked Sendable {
  private let lock = NSLock()
  private var remaining: Int?
  let limit: Int?

  init(limit: Int?) {
    self.limit = limit
    remaining = limit
  }

  /// Takes one request from the budget; false when it is spent.
  func take() -> Bool {
    lock.withLock {
      guard let left = remaining else { return true }
      guard left > 0 else { return false }
      remaining = left - 1
      return true
    }
  }
}
