import Fetching
import Foundation

/// Google Books as a fetch source: its URLs and key, its answers and error bodies, its hints,
/// and the requests an answer leads to (the next page, full records).
struct GoogleBooksSource: FetchSource {
  typealias Request = APIRequest
  typealias Purpose = GoogleBooks.Purpose
  typealias Decoded = DecodedResponse

  let planner: RequestPlanner
  let baseURL: String
  let key: String?
  /// What this run decoded, so that a volume in several pages is decoded once.
  let memo: VolumeMemo

  var settingNames: SourceSettingNames {
    SourceSettingNames(
      maxRequests: "google_books.max_requests", apiURL: "google_books.api_url or BOOKGEN_API_URL")
  }

  func url(for request: APIRequest) -> String { request.urlString(base: baseURL, key: key) }

  /// The URL with `key=REDACTED`, for messages.
  func displayURL(for request: APIRequest) -> String { request.redacted(base: baseURL, hasKey: key != nil) }

  /// `text` with the key replaced by `REDACTED`: servers may echo it in error messages.
  func scrubbed(_ text: String) -> String {
    guard let key, key.count >= 4 else { return text }
    return text.replacingOccurrences(of: key, with: "REDACTED")
  }

  func decodeCached(_ body: ArraySlice<UInt8>, for request: APIRequest) -> DecodedResponse? {
    try? VolumeDecoder.decode(body, maxItems: request.maxItems, memo: memo)
  }

  /// An error body sent with a 2xx fails with the code it holds.
  func interpret(_ response: TransportResponse, for request: APIRequest) -> Result<
    DecodedResponse, RequestFailure.Reason
  > {
    let decoded = Result { () throws(BodyDecodingError) in
      try VolumeDecoder.decode(response.body[...], maxItems: request.maxItems, memo: memo)
    }
    return judged(response, decoded) { $0.code ?? 500 }
  }

  /// A volume that does not exist (`GET volumes/{id}` answers 404); a search's 404 means a wrong
  /// address, never remembered.
  func isNotFound(_ reason: RequestFailure.Reason, for request: APIRequest) -> Bool {
    guard case .http(404, _) = reason else { return false }
    return request.path.hasPrefix("volumes/")
  }

  /// A search's first page without a result: an ISBN Google does not know.
  func isEmptyAnswer(_ decoded: DecodedResponse, for request: APIRequest) -> Bool {
    request.path == "volumes" && (request.value(of: "startIndex") ?? "0") == "0" && decoded.volumes.isEmpty
      && decoded.skipped.isEmpty
  }

  /// 429 (except a spent daily quota), 5xx gateway/backend errors, network faults and broken
  /// bodies are worth another try; 4xx configuration errors are not.
  func isRetryable(_ reason: RequestFailure.Reason) -> Bool {
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

  /// A spent daily quota lasts until tomorrow: every request of the run would meet it.
  func spendsQuota(_ reason: RequestFailure.Reason) -> Bool {
    if case .http(429, let error) = reason { return error?.isDailyQuota ?? false }
    return false
  }

  func hint(for reason: RequestFailure.Reason, purpose: Purpose) -> String? {
    Self.hint(
      for: reason, purpose: purpose, keyVariable: planner.settings.apiKeyEnv, hasKey: key != nil)
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

  func subject(of purpose: Purpose) -> String { planner.subject(purpose) }

  /// Next pages of a query, and full records when the collection wants them.
  func followUps(of request: APIRequest, for purpose: Purpose, answer decoded: DecodedResponse) -> [(
    APIRequest, Purpose
  )] {
    var next: [(APIRequest, Purpose)] = []
    switch purpose {
    case .page(let c, let q, let start):
      let hasItems = !decoded.volumes.isEmpty || !decoded.skipped.isEmpty
      let count = Int(request.value(of: "maxResults") ?? "") ?? RequestPlanner.pageSize
      let wanted = planner.catalog.collections[c].queries[q].maxResults
      if hasItems && start + count < wanted {
        let nextStart = start + count
        next.append(
          (
            planner.searchRequest(collection: c, query: q, start: nextStart),
            .page(collection: c, query: q, start: nextStart)
          ))
      }
      if planner.wantsDetails(c) {
        for volume in decoded.volumes {
          next.append((planner.volumeRequest(volume.id), .details(id: volume.id)))
        }
      }
    case .isbn(let c, let i), .enrichingISBN(let c, let i):
      if planner.wantsDetails(c),
        let chosen = RequestPlanner.choose(decoded.volumes, for: planner.catalog.collections[c].isbns[i])
      {
        next.append((planner.volumeRequest(chosen.volume.id), .details(id: chosen.volume.id)))
      }
    case .volume, .details:
      break
    }
    return next
  }

  /// `Google Books' data on 3 books`: what enrichment lookups that could not be made would add.
  func skippedSummary(_ purposes: [Purpose]) -> String {
    "Google Books' data on " + (purposes.count == 1 ? "1 book" : "\(purposes.count) books")
  }

  /// `up to 3 books still to fetch`; a page of search results counts as up to its size, a full
  /// record as its book.
  func pendingSummary(_ purposes: [Purpose]) -> String {
    var books = 0
    var searched = false
    for purpose in purposes {
      switch purpose {
      case .page(let c, let q, let start):
        books += min(RequestPlanner.pageSize, planner.catalog.collections[c].queries[q].maxResults - start)
        searched = true
      case .isbn, .enrichingISBN, .volume, .details:
        books += 1
      }
    }
    return (searched ? "up to " : "") + (books == 1 ? "1 book" : "\(books) books") + " still to fetch"
  }
}
