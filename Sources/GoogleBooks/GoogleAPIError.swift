/// Google's error body, `{"error": {"code", "message", "errors": [{"domain", "reason", …}], "status"}}`.
///
/// Both layouts seen in the wild (with and without `status`, keys in any order) read the same.
public struct GoogleAPIError: Sendable, Equatable {
  public var code: Int?
  public var message: String?
  /// `RESOURCE_EXHAUSTED`, `UNAUTHENTICATED`, …; absent in older responses.
  public var status: String?
  /// `errors[].reason`: `unknownLocation`, `rateLimitExceeded`, `backendFailed`, `queryRequired`, …
  public var reasons: [String]
  /// `errors[].message`.
  public var detailMessages: [String]

  public init(
    code: Int? = nil, message: String? = nil, status: String? = nil, reasons: [String] = [],
    detailMessages: [String] = []
  ) {
    self.code = code
    self.message = message
    self.status = status
    self.reasons = reasons
    self.detailMessages = detailMessages
  }

  /// True when a daily quota, not a per-minute limit, is spent: retrying today will not help.
  public var isDailyQuota: Bool {
    reasons.contains("dailyLimitExceeded")
      || ([message] + detailMessages.map(Optional.some)).contains { $0?.contains("Queries per day") == true }
  }

  init(reading reader: inout JSONReader) throws {
    self.init()
    try reader.object("error") { reader, key in
      switch key {
      case "code": code = try reader.int("error.code", in: Self.codes)
      case "message": message = try reader.string("error.message")
      case "status": status = try reader.string("error.status")
      case "errors":
        try reader.array("error.errors") { reader, _ in
          try reader.object("error.errors[]") { reader, key in
            switch key {
            case "reason":
              if let reason = try reader.string("error.errors[].reason") { reasons.append(reason) }
            case "message":
              if let text = try reader.string("error.errors[].message") { detailMessages.append(text) }
            default: try reader.skipValue()
            }
          }
        }
      default: try reader.skipValue()
      }
    }
  }
}
