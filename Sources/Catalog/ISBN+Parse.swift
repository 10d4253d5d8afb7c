/// Why a piece of text is not an ISBN.
package enum ISBNError: Error, Sendable, Equatable {
  /// Not 10 or 13 digits once hyphens and spaces are removed.
  case wrongLength(text: String, digits: Int)
  /// A character other than a digit, hyphen or space (or `X` as an ISBN-10's last digit).
  case invalidCharacter(text: String, character: Character)
  /// The digits are fine but the last one does not match; `expected` is the right one.
  case badChecksum(text: String, expected: Character)
  /// Thirteen digits that do not start with the book prefixes 978 or 979.
  case notABookPrefix(text: String)

  /// The part after "invalid ISBN '…': ".
  package var reason: String {
    switch self {
    case .wrongLength(_, let digits):
      return "an ISBN has 10 or 13 digits, this one has \(digits)"
    case .invalidCharacter(_, let character):
      return "unexpected character '\(character)'"
    case .badChecksum(_, let expected):
      return "checksum fails (check digit should be \(expected))"
    case .notABookPrefix:
      return "an ISBN-13 starts with 978 or 979"
    }
  }
}

extension ISBN {
  /// Parses an ISBN-10 or ISBN-13, with or without hyphens and spaces; ISBN-10 becomes ISBN-13.
  package static func parse(_ text: String) throws(ISBNError) -> ISBN {
    var digits: [UInt8] = []
    digits.reserveCapacity(13)
    var trailingX = false
    for character in text {
      if trailingX { throw .invalidCharacter(text: text, character: "X") }
      switch character {
      case "-", " ": continue
      case "X", "x":
        // Only valid as an ISBN-10's check digit, i.e. after exactly nine digits.
        guard digits.count == 9 else { throw .invalidCharacter(text: text, character: character) }
        trailingX = true
      default:
        guard let ascii = character.asciiValue, (48...57).contains(ascii) else {
          throw .invalidCharacter(text: text, character: character)
        }
        digits.append(ascii - 48)
      }
    }
    if trailingX {
      return try fromISBN10(digits: digits, check: 10, text: text)
    }
    switch digits.count {
    case 10:
      return try fromISBN10(digits: Array(digits.prefix(9)), check: Int(digits[9]), text: text)
    case 13:
      guard digits.starts(with: [9, 7, 8]) || digits.starts(with: [9, 7, 9]) else {
        throw .notABookPrefix(text: text)
      }
      let expected = isbn13CheckDigit(digits.prefix(12))
      guard expected == Int(digits[12]) else {
        throw .badChecksum(text: text, expected: Character(String(expected)))
      }
      return ISBN(isbn13: String(decoding: digits.map { $0 + 48 }, as: UTF8.self))
    default:
      throw .wrongLength(text: text, digits: digits.count)
    }
  }

  private static func fromISBN10(digits: [UInt8], check: Int, text: String) throws(ISBNError) -> ISBN {
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += Int(digit) * (10 - index) }
    let expected = (11 - sum % 11) % 11
    guard expected == check else {
      throw .badChecksum(text: text, expected: expected == 10 ? "X" : Character(String(expected)))
    }
    let body: [UInt8] = [9, 7, 8] + digits
    let all = body + [UInt8(isbn13CheckDigit(body[...]))]
    return ISBN(isbn13: String(decoding: all.map { $0 + 48 }, as: UTF8.self))
  }

  private static func isbn13CheckDigit(_ digits: ArraySlice<UInt8>) -> Int {
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += Int(digit) * (index % 2 == 0 ? 1 : 3) }
    return (10 - sum % 10) % 10
  }
}
