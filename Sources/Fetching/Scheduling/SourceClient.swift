import Foundation

/// Sends one request of a source, retrying transient failures; knows nothing of the cache.
struct SourceClient<Source: FetchSource>: Sendable {
  enum Outcome: Sendable {
    case success(Source.Decoded, body: [UInt8], status: Int, attempts: Int, retries: Int)
    case failure(RequestFailure.Reason, attempts: Int, retries: Int)
    /// The API's answer that what was asked is not there (`FetchSource.isNotFound`), with the
    /// response to store.
    case notFound(RequestFailure.Reason, body: [UInt8], status: Int, attempts: Int, retries: Int)
  }

  let source: Source
  let transport: any HTTPTransport
  let timeout: Double
  let policy: RetryPolicy
  let options: FetchOptions
  let budget: RequestBudget
  let network: NetworkStatus
  let quota: SpentQuota
  let progress: (any FetchProgress)?

  /// The first attempt's budget was taken by the caller; each retry takes its own.
  func fetch(_ request: Source.Request) async -> Outcome {
    let url = source.url(for: request)
    var attempts = 0
    var retries = 0
    while true {
      attempts += 1
      let (reason, retryAfter): (RequestFailure.Reason, Double?)
      do {
        let response = try await transport.get(url, timeout: timeout)
        switch source.interpret(response, for: request) {
        case .success(let decoded):
          return .success(
            decoded, body: response.body, status: response.status, attempts: attempts, retries: retries)
        case .failure(let failure):
          if source.isNotFound(failure, for: request) {
            var status = response.status
            if case .http(let code, _) = failure { status = code }
            return .notFound(
              failure, body: response.body, status: status, attempts: attempts, retries: retries)
          }
          reason = failure
          retryAfter = RetryPolicy.retryAfter(response.header("Retry-After"), now: options.now())
        }
      } catch {
        reason = .transport(error)
        retryAfter = nil
      }
      // Unreachable is learnt once for the run; retrying cannot help.
      let unreachable = network.learn(from: reason)
      quota.learn(from: reason, source: source)
      guard !unreachable, source.isRetryable(reason), retries < policy.retries, budget.take() else {
        return .failure(reason, attempts: attempts, retries: retries)
      }
      retries += 1
      let delay = policy.delay(beforeRetry: retries, retryAfter: retryAfter, random: options.random())
      progress?.report(
        .retrying(
          request: source.displayURL(for: request), retry: retries, delay: delay,
          reason: source.scrubbed("\(reason)")))
      await options.sleep(delay)
      // Another request found the API unreachable meanwhile: do not knock again.
      if let down = network.down { return .failure(.transport(down), attempts: attempts, retries: retries) }
      if let spent = quota.reason { return .failure(spent, attempts: attempts, retries: retries) }
    }
  }
}
