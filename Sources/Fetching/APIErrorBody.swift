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
