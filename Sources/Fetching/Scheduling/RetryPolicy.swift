import Foundation

/// Exponential backoff with jitter, honouring `Retry-After`.
struct RetryPolicy: Sendable {
  /// Retries after the first attempt.
  var retries: Int
  var baseDelay: Double
  var maxDelay: Double

  /// Seconds to wait before retry number `retry` (1-based). `Retry-After` wins when given
  /// (capped at `maxDelay`); otherwise base·2^(retry−1) scaled by a random factor in [0.5, 1).
  func delay(beforeRetry retry: Int, retryAfter: Double?, random: Double) -> Double {
    if let retryAfter { return min(maxDelay, max(0, retryAfter)) }
    let exponential = min(maxDelay, baseDelay * pow(2, Double(retry - 1)))
    return exponential * (0.5 + 0.5 * random)
  }

  /// `Retry-After` as seconds from `now`: delta-seconds (`120`) or an HTTP date.
  static func retryAfter(_ value: String?, now: Date) -> Double? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Double(value) { return max(0, seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      formatter.dateFormat = format
      if let date = formatter.date(from: value) { return max(0, date.timeIntervalSince(now)) }
    }
    return nil
  }
}
