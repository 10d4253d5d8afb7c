import Catalog
import Fetching

/// Open Library as a fetch source: its URLs (no key), its answers and error bodies, its hints,
/// and the requests an answer leads to (a book's edition, work and authors; the next page).
struct OpenLibrarySource: FetchSource {
  typealias Request = OpenLibraryRequest
  typealias Purpose = OpenLibraryPurpose
  typealias Decoded = OpenLibraryResponse

  let planner: OpenLibraryPlanner
  let baseURL: String

  private var plan: OpenLibraryPlan { planner.plan }
  private var batches: [(bibkeys: [String], optional: Bool)] { planner.batches }

  var settingNames: SourceSettingNames {
    SourceSettingNames(
      maxRequests: "open_library.max_requests", apiURL: "open_library.api_url or BOOKGEN_OPENLIBRARY_URL")
  }

  func url(for request: OpenLibraryRequest) -> String { request.url(base: baseURL) }
  func displayURL(for request: OpenLibraryRequest) -> String { request.url(base: baseURL) }
  /// Nothing to hide: Open Library takes no key.
  func scrubbed(_ text: String) -> String { text }

  func decodeCached(_ body: ArraySlice<UInt8>, for request: OpenLibraryRequest) -> OpenLibraryResponse? {
    try? OpenLibraryDecoder.decode(body, for: request)
  }

  /// An error body sent with a 2xx fails as its status says (`notfound` as a 404).
  func interpret(_ response: TransportResponse, for request: OpenLibraryRequest) -> Result<
    OpenLibraryResponse, RequestFailure.Reason
  > {
    let decoded = Result { () throws(BodyDecodingError) in
      try OpenLibraryDecoder.decode(response.body, for: request)
    }
    return judged(response, decoded) { $0.reasons.contains("notfound") ? 404 : $0.code ?? 500 }
  }

  /// A record that does not exist: an edition, work or author that answers 404 (or Open
  /// Library's `notfound`). A 404 for the books API or the search means a wrong address.
  func isNotFound(_ reason: RequestFailure.Reason, for request: OpenLibraryRequest) -> Bool {
    guard case .http(404, _) = reason else { return false }
    switch request.kind {
    case .edition, .work, .author, .workEditions: return true
    case .books, .search: return false
    }
  }

  /// An answer that finds nothing: ISBNs Open Library does not know (`{}`), a search's first
  /// page without results, a record deleted.
  func isEmptyAnswer(_ decoded: OpenLibraryResponse, for request: OpenLibraryRequest) -> Bool {
    switch decoded.answer {
    case .books(let found): found.isEmpty
    case .search(let docs, _):
      if case .search(_, 0, _) = request.kind { docs.isEmpty } else { false }
    case .gone: true
    case .edition, .work, .author, .editions, .redirect: false
    }
  }

  /// 429 and the 5xx of an overloaded server (HAProxy's 503 page), network faults and broken
  /// bodies are worth another try; 4xx answers are not.
  func isRetryable(_ reason: RequestFailure.Reason) -> Bool {
    switch reason {
    case .http(let status, _): [429, 500, 502, 503, 504].contains(status)
    case .transport(.redirectedElsewhere), .transport(.tooManyRedirects), .transport(.bodyTooLarge): false
    case .transport, .invalidBody: true
    }
  }

  func hint(for reason: RequestFailure.Reason, purpose: OpenLibraryPurpose) -> String? {
    switch reason {
    case .http(429, _):
      "Open Library is rate-limiting: set open_library.contact (identified clients may ask more often) "
        + "or lower open_library.requests_per_second"
    case .http(403, _):
      "Open Library refused the request: set open_library.contact to your e-mail address or site URL, "
        + "which bookgen puts in its User-Agent"
    case .http(404, _):
      if case .listedWork = purpose {
        "check the Open Library id in catalog.yml"
      } else {
        "check open_library.api_url (or BOOKGEN_OPENLIBRARY_URL)"
      }
    case .http(400, _), .http(422, _):
      if case .search = purpose { "check the query's fields in catalog.yml" } else { nil }
    case .transport(.redirectedElsewhere), .transport(.tooManyRedirects), .transport(.bodyTooLarge):
      "check open_library.api_url (or BOOKGEN_OPENLIBRARY_URL): it must be the API's own address"
    default:
      nil
    }
  }

  func subject(of purpose: OpenLibraryPurpose) -> String {
    switch purpose {
    case .lookup(let batch, _):
      let keys = batches[batch].bibkeys
      // Asked for every lookup a run takes: only the keys shown are spelled out.
      let shown = keys.prefix(3).map { $0.replacing(":", with: " ") }.joined(separator: ", ")
      return "Open Library lookup of " + (keys.count > 3 ? "\(shown) and \(keys.count - 3) more" : shown)
    case .search(let query, let offset):
      let search = plan.searches[query]
      let range =
        offset == 0
        ? ""
        : " (results \(offset + 1)–\(min(search.maxResults, offset + OpenLibraryRequest.searchPageSize)))"
      return search.subject + range
    case .listedWork(let index): return plan.works[index].subject
    case .listedWorkEditions(let index): return "editions of " + plan.works[index].subject
    case .edition(let id, _, _, _): return "Open Library edition \(id)"
    case .work(let id, _, _, _): return "Open Library work \(id)"
    case .author(let id, _, _): return "Open Library author \(id)"
    }
  }

  func followUps(of request: OpenLibraryRequest, for purpose: OpenLibraryPurpose, answer: OpenLibraryResponse)
    -> [(OpenLibraryRequest, OpenLibraryPurpose)]
  {
    planner.followUps(of: request, for: purpose, answer: answer.answer)
  }

  func pendingSummary(_ purposes: [OpenLibraryPurpose]) -> String {
    var books = 0
    var searched = false
    for purpose in purposes {
      switch purpose {
      case .lookup(let batch, _): books += batches[batch].bibkeys.count
      case .search(let query, let offset):
        books += min(OpenLibraryRequest.searchPageSize, plan.searches[query].maxResults - offset)
        searched = true
      case .listedWork: books += 1
      case .listedWorkEditions, .edition, .work, .author: break
      }
    }
    guard books > 0 else { return "Open Library records of books already found still to fetch" }
    return (searched ? "up to " : "") + (books == 1 ? "1 book" : "\(books) books")
      + " still to fetch from Open Library"
  }

  /// `Open Library's data on 3 books`, `… and 2 of their records`: what optional lookups that
  /// could not be made would have added.
  func skippedSummary(_ purposes: [OpenLibraryPurpose]) -> String {
    var books = 0
    var records = 0
    for purpose in purposes {
      if case .lookup(let batch, _) = purpose { books += batches[batch].bibkeys.count } else { records += 1 }
    }
    let recordText = records == 1 ? "1 Open Library record" : "\(records) Open Library records"
    guard books > 0 else { return recordText }
    let bookText = "Open Library's data on " + (books == 1 ? "1 book" : "\(books) books")
    return records == 0 ? bookText : bookText + " and " + recordText
  }
}
