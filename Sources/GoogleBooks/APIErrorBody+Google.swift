import Fetching
import Support

/// Google's error body, `{"error": {"code", "message", "errors": [{"domain", "reason", …}], "status"}}`,
/// read into the fetch machinery's neutral `APIErrorBody`. Both layouts seen in the wild (with
/// and without `status`, keys in any order) read the same.
extension APIErrorBody {
  /// HTTP status codes, as `error.code` carries them.
  static let codes = 100...599

  /// True when a daily quota, not a per-minute limit, is spent: retrying today will not help.
  var isDailyQuota: Bool {
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
