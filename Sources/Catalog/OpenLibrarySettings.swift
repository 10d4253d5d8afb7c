/// `open_library:` — how bookgen asks Open Library, politely.
package struct OpenLibrarySettings: Sendable, Equatable {
  package static let defaultAPIURL = "https://openlibrary.org"

  /// Base URL without trailing slash; `/api/books`, `/works/…` are appended.
  package var apiURL: String = OpenLibrarySettings.defaultAPIURL
  /// An e-mail address or URL for the `User-Agent`, so Open Library can reach the site's owner
  /// (identified clients get a higher rate); nil sends the anonymous one, at the slower rate.
  package var contact: String?
  /// Most requests one run may make (nil = unlimited).
  package var maxRequests: Int?
  /// Requests started per second at most; nil for Open Library's published rate (3 with a
  /// contact, 1 without).
  package var requestsPerSecond: Double?
  /// Most requests in flight at once (also capped by `--jobs`).
  package var concurrency: Int = 2
  /// Retries after the first attempt for transient failures.
  package var retries: Int = 4
  /// Seconds before a request is abandoned.
  package var timeout: Double = 30

  /// The rate a run keeps to: the setting, else Open Library's published rates for clients
  /// with and without a contact.
  package var effectiveRequestsPerSecond: Double {
    requestsPerSecond ?? (contact == nil ? 1 : 3)
  }
}
