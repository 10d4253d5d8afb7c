/// An identifier of a book at large (not a source's record id): an ISBN, an ISSN, or another.
package struct BookIdentifier: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    case isbn13, isbn10, issn
    /// Anything else, named as the source names it.
    case other(String)
  }

  package var kind: Kind
  /// As the source wrote it (hyphens, spaces and all).
  package var value: String

  package init(_ kind: Kind, _ value: String) {
    self.kind = kind
    self.value = value
  }
}

extension BookRecord {
  /// The first valid ISBN-13 (from the ISBN-13s, else converted from an ISBN-10) and its
  /// ISBN-10 form, when it has one.
  package var isbns: (isbn13: String?, isbn10: String?) {
    guard let isbn13 else { return (nil, nil) }
    return (isbn13, ISBNText.isbn10(fromISBN13: isbn13))
  }

  /// The first valid ISBN-13 of `isbns`, alone: what sources match records by, for every
  /// record of every build.
  package var isbn13: String? {
    let identifiers = identifiers ?? []
    for kind in [BookIdentifier.Kind.isbn13, .isbn10] {
      for identifier in identifiers where identifier.kind == kind {
        if let isbn = ISBNText.isbn13(identifier.value) { return isbn }
      }
    }
    return nil
  }

  /// Every valid ISBN as ISBN-13, in the source's order: what matches the owner's `books:` keys
  /// and another source's records.
  package var matchingISBNs: [String] {
    (identifiers ?? []).filter { $0.kind == .isbn13 || $0.kind == .isbn10 }.compactMap {
      ISBNText.isbn13($0.value)
    }
  }
}
