import Support

/// A failure the source says every further request would meet too (Google's spent daily
/// quota), learnt from the first answer that shows it and shared by the runs of one command:
/// after it no request of theirs is sent; each fails with that answer, as it would have, and
/// expired entries are served as they are.
///
/// Only the scheduler's own loop consults it before sending, so requests already in flight
/// when it is learnt still go out; whichever way a request ends, its resolution and its text are
/// the same (`FetchState` names no attempt count for such a failure).
package final class SpentQuota: Sendable {
  private let failure = Locked<RequestFailure.Reason?>(nil)

  package init() {}

  /// The answer that showed the quota spent, once one has.
  var reason: RequestFailure.Reason? { failure.withLock { $0 } }

  /// Records `reason`, the first time, when the source says it spends the quota.
  func learn<Source: FetchSource>(from reason: RequestFailure.Reason, source: Source) {
    guard source.spendsQuota(reason) else { return }
    failure.withLock { $0 = $0 ?? reason }
  }
}
