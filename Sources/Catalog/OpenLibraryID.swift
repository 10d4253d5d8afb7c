/// An Open Library record id, `OL7353617M` (edition), `OL45804W` (work), `OL34184A` (author):
/// anything but `OL`, 1 to 12 digits and the kind's letter is no id, so a hostile key never
/// becomes a path or a link.
package struct OpenLibraryID: Sendable, Hashable, Comparable, CustomStringConvertible {
  package enum Kind: Character, Sendable, Hashable {
    case edition = "M"
    case work = "W"
    case author = "A"

    /// The folder of the kind's records: `books`, `works`, `authors`.
    package var folder: String {
      switch self {
      case .edition: "books"
      case .work: "works"
      case .author: "authors"
      }
    }
  }

  package let kind: Kind
  /// The digits, without leading `OL` and the kind's letter.
  package let number: String

  /// `OL123M`, `OL123W` or `OL123A`, also with a leading `/books/`, `/works/` or `/authors/`
  /// that must then match the kind; nil for anything else.
  package init?(_ text: String) {
    var rest = Substring(text)
    // Most texts asked are volume ids and ISBNs: only a leading `/` can start a record path.
    for kind in [Kind.edition, .work, .author] where rest.first == "/" && rest.hasPrefix("/\(kind.folder)/") {
      rest = rest.dropFirst(kind.folder.count + 2)
      guard rest.last == kind.rawValue else { return nil }
    }
    guard rest.hasPrefix("OL"), let letter = rest.last, let kind = Kind(rawValue: letter) else { return nil }
    let digits = rest.dropFirst(2).dropLast()
    guard (1...12).contains(digits.count), digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return nil
    }
    self.kind = kind
    number = String(digits)
  }

  /// An id of `kind`, nil unless `text` parses as one.
  package init?(_ text: String, kind: Kind) {
    guard let id = OpenLibraryID(text), id.kind == kind else { return nil }
    self = id
  }

  /// `OL7353617M`.
  package var description: String { "OL\(number)\(kind.rawValue)" }

  package static func < (a: OpenLibraryID, b: OpenLibraryID) -> Bool {
    (a.kind.rawValue, a.number.count, a.number) < (b.kind.rawValue, b.number.count, b.number)
  }
}
