/// What one HTTP JSON source tells the fetch machinery: how its requests are addressed, how its
/// answers are read and judged, and which further requests an answer leads to. The rest — the
/// cache, retries, the budget, the rate, offline runs and stale fallbacks — is the machinery's.
package protocol FetchSource: Sendable {
  /// One request, without the key (it names the cache entry).
  associatedtype Request: CachedRequest
  /// Why a request is made; one request may serve several purposes.
  associatedtype Purpose: FetchPurpose
  /// What a good body holds, decoded.
  associatedtype Decoded: Sendable

  /// The API's base URL, as messages name it (`cannot reach …`).
  var baseURL: String { get }
  /// How the source's settings are called in messages.
  var settingNames: SourceSettingNames { get }
  /// The URL to GET; it may hold a key, so it is never shown.
  func url(for request: Request) -> String
  /// The URL as messages may show it (a key as `REDACTED`).
  func displayURL(for request: Request) -> String
  /// `text` without any secret: servers may echo a key in their messages.
  func scrubbed(_ text: String) -> String

  /// A cached good body read again; nil when it does not decode (it is then fetched again).
  func decodeCached(_ body: ArraySlice<UInt8>, for request: Request) -> Decoded?
  /// A response judged: its decoded body, or why it is a failure.
  func interpret(_ response: TransportResponse, for request: Request) -> Result<
    Decoded, RequestFailure.Reason
  >
  /// Whether another attempt may succeed (a busy server) or cannot (a configuration error).
  func isRetryable(_ reason: RequestFailure.Reason) -> Bool
  /// Whether `reason` is the API saying that what `request` asks for is not there (HTTP 404 for
  /// a record): such an answer is stored like any other, fresh for `FetchLimits.notFoundMaxAge`,
  /// so later runs (offline ones too) do not ask again. False unless the source says so: a 404
  /// for a search means a wrong address, which must not be remembered.
  func isNotFound(_ reason: RequestFailure.Reason, for request: Request) -> Bool
  /// Whether a good answer finds nothing (a search without results): kept for
  /// `FetchLimits.notFoundMaxAge`, not `maxAge`, and counted as not found. False by default.
  func isEmptyAnswer(_ decoded: Decoded, for request: Request) -> Bool
  /// Whether every further request of the run would fail the same way (a spent daily quota):
  /// then none is sent (`SpentQuota`). False unless the source says so.
  func spendsQuota(_ reason: RequestFailure.Reason) -> Bool
  /// What the user can do about a failure that was not (or no longer) retried.
  func hint(for reason: RequestFailure.Reason, purpose: Purpose) -> String?

  /// What a purpose is in messages: `query 'dune' in collection 'sf'`.
  func subject(of purpose: Purpose) -> String
  /// The requests an answer leads to (the next page, full records), in plan order.
  func followUps(of request: Request, for purpose: Purpose, answer: Decoded) -> [(Request, Purpose)]
  /// What the requests the budget did not reach would have brought: `3 books still to fetch`.
  func pendingSummary(_ purposes: [Purpose]) -> String
  /// What optional requests that could not be made would have brought: `Open Library's data
  /// for 3 books`.
  func skippedSummary(_ purposes: [Purpose]) -> String
}

extension FetchSource {
  package func spendsQuota(_ reason: RequestFailure.Reason) -> Bool { false }

  package func isNotFound(_ reason: RequestFailure.Reason, for request: Request) -> Bool { false }

  package func isEmptyAnswer(_ decoded: Decoded, for request: Request) -> Bool { false }

  package func skippedSummary(_ purposes: [Purpose]) -> String {
    purposes.count == 1 ? "1 optional request" : "\(purposes.count) optional requests"
  }

  /// A response judged by what its body decoded to: a 2xx body that decodes is a success, and
  /// an error body a failure with the response's status (on a 2xx, `errorStatus` of the body).
  package func judged(
    _ response: TransportResponse, _ decoded: Result<Decoded, BodyDecodingError>,
    errorStatus: (APIErrorBody) -> Int
  ) -> Result<Decoded, RequestFailure.Reason> {
    let success = (200..<300).contains(response.status)
    switch decoded {
    case .success(let decoded) where success: return .success(decoded)
    case .failure(.apiError(let body)):
      return .failure(.http(status: success ? errorStatus(body) : response.status, error: body))
    case .failure(.invalidJSON(let offset, let message)) where success:
      return .failure(.invalidBody("\(message) at byte \(offset)"))
    default: return .failure(.http(status: response.status, error: nil))
    }
  }
}

/// A reason for a request, with its place in the catalog.
package protocol FetchPurpose: Hashable, Sendable {
  associatedtype Order: Comparable, Sendable
  /// Catalog order: with a budget, equally stale requests go in this order, so its choice does
  /// not depend on timing.
  var order: Order { get }
  /// For a purpose whose failure only costs a detail (a full record of a volume already found),
  /// what is kept instead (`the search record`): its failure is then a warning, not an error.
  var fallback: String? { get }
  /// True when the build loses nothing it was asked for without the answer (data that would
  /// only enrich a book another source found): when it cannot be had at all — offline, or
  /// with the API unreachable — one warning says so instead of an error.
  var isOptional: Bool { get }
}

extension FetchPurpose {
  package var isOptional: Bool { false }
}

/// How a source's settings are called in messages, so advice names the right knob.
package struct SourceSettingNames: Sendable, Equatable {
  /// The request budget: `google_books.max_requests`.
  package var maxRequests: String
  /// Where the API's address is set: `google_books.api_url or BOOKGEN_API_URL`.
  package var apiURL: String

  package init(maxRequests: String, apiURL: String) {
    self.maxRequests = maxRequests
    self.apiURL = apiURL
  }
}

/// What a fetch may spend and how it waits: the source's settings with the command's overrides.
package struct FetchLimits: Sendable, Equatable {
  /// Retries after a request's first attempt.
  package var retries: Int
  /// Seconds one attempt may take.
  package var timeout: Double
  /// Requests in all (retries included); nil for no limit.
  package var maxRequests: Int?
  /// Requests started per second at most; nil or 0 for no cap.
  package var requestsPerSecond: Double?
  /// Seconds a cache entry stays fresh (pinned entries never expire).
  package var maxAge: Double
  /// Seconds an answer that something is not there stays fresh (`FetchSource.isNotFound`,
  /// `isEmptyAnswer`): shorter, since what is missing today may be added.
  package var notFoundMaxAge: Double

  package init(
    retries: Int, timeout: Double, maxRequests: Int?, requestsPerSecond: Double?, maxAge: Double,
    notFoundMaxAge: Double = 86_400
  ) {
    self.retries = retries
    self.timeout = timeout
    self.maxRequests = maxRequests
    self.requestsPerSecond = requestsPerSecond
    self.maxAge = maxAge
    self.notFoundMaxAge = notFoundMaxAge
  }
}
