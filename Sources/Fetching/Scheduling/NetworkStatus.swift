import Support

/// Whether the API can be reached at all, learnt from the run's first failure to connect
/// (connection refused, no route, DNS failure): after it no request is sent or retried, and
/// cached entries are served however old, instead of seconds of retries for every request.
final class NetworkStatus: Sendable {
  private let failure = Locked<TransportError?>(nil)

  /// The error that showed the API unreachable, once one has.
  var down: TransportError? { failure.withLock { $0 } }

  /// Records `reason` when it shows the API cannot be reached; true when it does.
  func learn(from reason: RequestFailure.Reason) -> Bool {
    guard case .transport(let error) = reason, Self.meansUnreachable(error) else { return false }
    failure.withLock { $0 = $0 ?? error }
    return true
  }

  /// Refused, unroutable and unresolvable hosts: retrying within the run will not help. A
  /// timeout or a reset may be one slow or busy server, and is retried.
  static func meansUnreachable(_ error: TransportError) -> Bool {
    error == .cannotConnect
  }
}
