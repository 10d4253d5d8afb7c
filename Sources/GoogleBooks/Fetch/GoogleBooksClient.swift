import Foundation

/// Sends one API request, retrying transient failures; knows nothing of the cache.
struct GoogleBooksClient: Sendable {
  enum Outcome: Sendable {
    case success(DecodedResponse, body: [UInt8], status: Int, attempts: Int, retries: Int)
    case failure(RequestFailure.Reason, attempts: Int, retries: Int)
  }

  let transport: any HTTPTransport
  let baseURL: String
  let key: String?
  let timeout: Double
  let policy: RetryPolicy
  let options: FetchOptions
  let budget: RequestBudget
  let network: NetworkStatus
  let progress: (any FetchProgress)?

  /// `text` with the key replaced by `REDACTED`: servers may echo it in error messages.
  func scrubbed(_ text: String) -> String {
    guard let key, key.count >= 4 else { return text }
    return text.replacingOccurrences(of: key, with: "REDACTED")
  }

  /// The URL with `key=REDACTED`, for messages.
  func displayURL(_ request: APIRequest) -> String { request.redacted(base: baseURL, hasKey: key != nil) }

  /// The first attempt's budget was taken by the caller; each retry takes its own.
  func fetch(_ request: APIRequest) async -> Outcome {
    let url = request.urlString(base: baseURL, key: key)
    var attempts = 0
    var retries = 0
    while true {
      attempts += 1
      let (reason, retryAfter): (RequestFailure.Reason, Double?)
      do {
        let response = try await transport.get(url, timeout: timeout)
        switch Self.interpret(response, maxItems: request.maxItems) {
        case .success(let decoded):
          return .success(
            decoded, body: response.body, status: response.status, attempts: attempts, retries: retries)
        case .failure(let failure):
          reason = failure.reason
          retryAfter = RetryPolicy.retryAfter(response.header("Retry-After"), now: options.now())
        }
      } catch {
        reason = .transport(error)
        retryAfter = nil
      }
      // Unreachable is learnt once for the run; retrying cannot help.
      let unreachable = network.learn(from: reason)
      guard !unreachable, Self.isRetryable(reason), retries < policy.retries, budget.take() else {
        return .failure(reason, attempts: attempts, retries: retries)
      }
      retries += 1
      let delay = policy.delay(beforeRetry: retries, retryAfter: retryAfter, random: options.random())
      progress?.report(
        .retrying(request: displayURL(request), retry: retries, delay: delay, reason: scrubbed("\(reason)")))
      await options.sleep(delay)
      // Another request found the API unreachable meanwhile: do not knock again.
      if let down = network.down { return .failure(.transport(down), attempts: attempts, retries: retries) }
    }
  }

  private struct Rejection: Error {
    var reason: RequestFailure.Reason
  }

  /// A 2xx body that decodes is a success; error bodies are read before any volume.
  private static func interpret(_ response: TransportResponse, maxItems: Int?) -> Result<
    DecodedResponse, Rejection
  > {
    let decoded: DecodedResponse
    do {
      decoded = try VolumeDecoder.decode(response.body, maxItems: maxItems)
    } catch {
      switch error {
      case .apiError(let error):
        let status = (200..<300).contains(response.status) ? (error.code ?? 500) : response.status
        return .failure(Rejection(reason: .http(status: status, error: error)))
      case .invalidJSON(let offset, let message):
        guard (200..<300).contains(response.status) else {
          return .failure(Rejection(reason: .http(status: response.status, error: nil)))
        }
        return .failure(Rejection(reason: .invalidBody("\(message) at byte \(offset)")))
      }
    }
    guard (200..<300).contains(response.status) else {
      return .failure(Rejection(reason: .http(status: response.status, error: nil)))
    }
    return .success(decoded)
  }

  /// 429 (except a spent daily quota), 5xx gateway/backend errors, network faults and broken
  /// bodies are worth another try; 4xx configuration errors are not.
  static func isRetryable(_ reason: RequestFailure.Reason) -> Bool {
    switch reason {
    case .http(let status, let error):
      if status == 429 { return !(error?.isDailyQuota ?? false) }
      return [500, 502, 503, 504].contains(status)
    case .transport(.redirectedElsewhere), .transport(.tooManyRedirects):
      return false
    case .transport(.bodyTooLarge):
      return false  // the same answer would come again
    case .transport, .invalidBody:
      return true
    }
  }

  /// What the user can do about a failure that was not (or no longer) retried.
  static func hint(for reason: RequestFailure.Reason, purpose: Purpose, keyVariable: String, hasKey: Bool)
    -> String?
  {
    switch reason {
    case .http(403, let error) where error?.reasons.contains("unknownLocation") == true:
      return
        "Google cannot tell where this machine is: set google_books.country in catalog.yml (e.g. country: US)"
    case .http(429, let error) where error?.isDailyQuota == true:
      return hasKey
        ? "the API key's daily quota is spent: try again tomorrow, or lower --max-requests"
        : "anonymous requests share a quota that is usually spent: set the \(keyVariable) environment variable to a Google Books API key"
    case .http(429, _):
      return "Google is rate-limiting: lower --jobs or set google_books.requests_per_second"
    case .http(400, _) where hasKey:
      return "check the API key in the \(keyVariable) environment variable (Google answers 400 for a bad key)"
    case .http(400, _):
      return "check the query's parameters in catalog.yml"
    case .http(401, _), .http(403, _):
      return
        "check the API key in the \(keyVariable) environment variable and that the Books API is enabled for it"
    case .http(404, _):
      if case .volume = purpose { return "check the volume id in catalog.yml" }
      return "check google_books.api_url (or BOOKGEN_API_URL)"
    case .transport(.redirectedElsewhere):
      return "check google_books.api_url (or BOOKGEN_API_URL): it must be the API's own address"
    case .transport(.tooManyRedirects):
      return "check google_books.api_url (or BOOKGEN_API_URL)"
    case .transport(.bodyTooLarge):
      return "Google's answers are far smaller: check google_books.api_url (or BOOKGEN_API_URL)"
    default:
      return nil
    }
  }
}
