/// An API's error body, as much of it as messages and retry decisions use: Google's
/// `{"error": {"code", "message", "errors": [{"reason", "message"}], "status"}}` reads into it,
/// and so does a simpler `{"error": "notfound"}` (as a reason).
package struct APIErrorBody: Sendable, Equatable {
  package var code: Int?
  package var message: String?
  /// `RESOURCE_EXHAUSTED`, `UNAUTHENTICATED`, …
  package var status: String?
  /// Machine-readable reasons: `unknownLocation`, `rateLimitExceeded`, `notfound`, …
  package var reasons: [String]
  /// Further human-readable messages (Google's `errors[].message`).
  package var detailMessages: [String]

  package init(
    code: Int? = nil, message: String? = nil, status: String? = nil, reasons: [String] = [],
    detailMessages: [String] = []
  ) {
    self.code = code
    self.message = message
    self.status = status
    self.reasons = reasons
    self.detailMessages = detailMessages
  }
}

/// Why a body gave no answer: the API's error body (Google's, Open Library's `{"error":
/// "notfound"}` or `{"status": 429, …}`), or text that is not the JSON it sends (truncated, a
/// proxy's HTML page).
package enum BodyDecodingError: Error, Sendable, Equatable {
  case apiError(APIErrorBody)
  case invalidJSON(offset: Int, message: String)
}
