/// `open_library:` — how bookgen asks Open Library, politely.
package struct OpenLibrarySettings: Sendable, Equatable {
  package static let defaultAPIURL = "https://openlibrary.org"

  /// Base URL without trailing slash; `/api/books`, `/works/…` are appended.
  package var apiURL: String
  /// An e-mail address or URL for the `User-Agent`, so Open Library can reach the site's owner
  /// (identified clients get a higher rate); nil sends the anonymous one, at the slower rate.
  package var contact: String?
  /// Most requests one run may make (nil = unlimited).
  package var maxRequests: Int?
  /// Requests started per second at most; nil for Open Library's published rate (3 with a
  /// contact, 1 without).
  package var requestsPerSecond: Double?
  /// Most requests in flight at once (also capped by `--jobs`).
  package var concurrency: Int
  /// Retries after the first attempt for transient failures.
  package var retries: Int
  /// Seconds before a request is abandoned.
  package var timeout: Double

  package init(
    apiURL: String = OpenLibrarySettings.defaultAPIURL, contact: String? = nil, maxRequests: Int? = nil,
    requestsPerSecond: Double? = nil, concurrency: Int = 2, retries: Int = 4, timeout: Double = 30
  ) {
    self.apiURL = apiURL
    self.contact = contact
    self.maxRequests = maxRequests
    self.requestsPerSecond = requestsPerSecond
    self.concurrency = concurrency
    self.retries = retries
    self.timeout = timeout
  }

  /// The rate a run keeps to: the setting, else Open Library's published rates for clients
  /// with and without a contact.
  package var effectiveRequestsPerSecond: Double {
    requestsPerSecond ?? (contact == nil ? 1 : 3)
  }
}
