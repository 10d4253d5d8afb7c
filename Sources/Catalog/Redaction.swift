/// Keeps Google API keys out of anything bookgen prints.
enum Redaction {
  static let placeholder = "<redacted>"

  /// Google API keys start with `AIza`; replace each such token (and the rest of its
  /// `[A-Za-z0-9_-]` run) with the placeholder.
  static func redactingKeys(_ text: String) -> String {
    guard text.contains("AIza") else { return text }
    var result = ""
    var rest = Substring(text)
    while let range = rest.firstRange(of: "AIza") {
      result += rest[..<range.lowerBound]
      result += placeholder
      rest = rest[range.upperBound...].drop {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
      }
    }
    return result + rest
  }

  /// True when `text` is more likely an actual API key than the name of a variable holding one.
  static func looksLikeAPIKey(_ text: String) -> Bool {
    if text.hasPrefix("AIza") { return true }
    // Key-shaped: long, one token, with lower-case letters (env var names are upper case).
    return text.count >= 30 && text.contains(where: \.isLowercase)
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
  }
}
