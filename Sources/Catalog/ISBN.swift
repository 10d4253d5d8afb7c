/// A validated ISBN, always held in its ISBN-13 form.
package struct ISBN: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 13 digits, no separators.
  package let isbn13: String

  package init(isbn13: String) {
    self.isbn13 = isbn13
  }

  /// The ISBN-10 form, for `978` ISBNs only.
  package var isbn10: String? {
    guard isbn13.hasPrefix("978") else { return nil }
    let digits = isbn13.dropFirst(3).prefix(9).compactMap(\.wholeNumberValue)
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += digit * (10 - index) }
    let check = (11 - sum % 11) % 11
    return digits.map(String.init).joined() + (check == 10 ? "X" : String(check))
  }

  package var description: String { isbn13 }

  package static func < (a: ISBN, b: ISBN) -> Bool { a.isbn13 < b.isbn13 }
}
