import Foundation

/// Open Library's subjects as the book's categories, chosen deliberately: its lists mix reader
/// tags, librarians' headings, machine tags and call numbers, dozens per work.
///
/// - Machine tags are dropped: `nyt:hardcover-fiction=2014-11-16`, `award:nebula_award=novel`
///   (a lower-case prefix and a colon with no space after it). They are lists and awards, not
///   subjects, and their dates and codes mean nothing on a page.
/// - Call numbers are dropped: `Ps3572.a4284 a84 2014`, `813/.54` (digits and no word of three
///   letters).
/// - A trailing full stop goes (`Fantasy.`); headings that differ only in case or that stop
///   appear once, first spelling first.
/// - At most `limit` are kept, in Open Library's order (its first subjects are its most used).
enum SubjectList {
  static let limit = 10

  static func categories(_ subjects: [String]) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for subject in subjects {
      guard result.count < limit else { break }
      var name = subject.trimmingCharacters(in: .whitespacesAndNewlines)
      while name.hasSuffix(".") && !name.hasSuffix("..") { name.removeLast() }
      guard !name.isEmpty, !isMachineTag(name), !isCallNumber(name) else { continue }
      if seen.insert(name.lowercased()).inserted { result.append(name) }
    }
    return result
  }

  /// `nyt:…`, `award:…`, `series:…`: lower-case ASCII letters, digits, `_` or `-`, then a colon
  /// and no space.
  static func isMachineTag(_ subject: String) -> Bool {
    let bytes = Array(subject.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count,
      bytes[colon + 1] != UInt8(ascii: " ")
    else { return false }
    return bytes[..<colon].allSatisfy {
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
    }
  }

  /// A classification number rather than a heading: it has digits and no run of three letters.
  static func isCallNumber(_ subject: String) -> Bool {
    guard subject.contains(where: \.isNumber) else { return false }
    var run = 0
    for character in subject {
      run = character.isLetter ? run + 1 : 0
      if run >= 3 { return false }
    }
    return true
  }
}
