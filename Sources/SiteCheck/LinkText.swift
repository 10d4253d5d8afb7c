/// Small URL helpers that work on the text as written (no Foundation URL, which rejects or
/// rewrites exactly the malformed links the check must report).
enum LinkText {
  /// `scheme://host/path` split into lower-cased scheme and host and the path (query and
  /// fragment already removed by the caller, or kept in `path` when present).
  static func splitAbsolute(_ url: String) -> (scheme: String, host: String, path: String)? {
    guard let scheme = scheme(of: url) else { return nil }
    let rest = url.dropFirst(scheme.count + 1)
    guard rest.hasPrefix("//") else { return nil }
    let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = (authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority)
      .lowercased()
    let path = rest.dropFirst(2 + authority.count).prefix { $0 != "?" && $0 != "#" }
    return (scheme, host, String(path))
  }

  /// The lower-cased scheme (`https`, `mailto`), or nil for a relative URL.
  static func scheme(of url: String) -> String? {
    guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let candidate = url[..<colon]
    guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
      candidate.unicodeScalars.allSatisfy({
        $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
      })
    else { return nil }
    return candidate.lowercased()
  }

  /// Hosts that only exist on a developer's machine.
  static func isDevelopmentHost(_ host: String) -> Bool {
    let name =
      host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
    return name == "localhost" || name.hasSuffix(".localhost") || name == "127.0.0.1" || name == "0.0.0.0"
      || name == "[::1]" || name.hasSuffix(".local") || name.hasSuffix(".test")
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
  /// Without the ASCII whitespace HTML strips from URL attributes.
  func trimmingASCIIWhitespace() -> String {
    let isSpace: (Unicode.Scalar) -> Bool = {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
    }
    guard let head = unicodeScalars.first, let tail = unicodeScalars.last, isSpace(head) || isSpace(tail)
    else {
      return self
    }
    guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    return String(unicodeScalars[first...unicodeScalars.lastIndex(where: { !isSpace($0) })!])
  }
}
