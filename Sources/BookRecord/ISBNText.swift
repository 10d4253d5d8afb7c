/// ISBN normalisation: for matching sources' identifiers to each other and to the owner's
/// `books:` keys.
///
/// Works on ASCII bytes: an ISBN is digits, hyphens, spaces and a final `X`, and this runs for
/// every identifier of every book.
package enum ISBNText {
  /// 13 digits for a valid ISBN-13 or ISBN-10 (converted), ignoring hyphens and spaces.
  package static func isbn13(_ text: String) -> String? {
    var digits: [UInt8] = []
    digits.reserveCapacity(13)
    for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
      guard digits.count < 13 else { return nil }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - 48)
      case UInt8(ascii: "x"), UInt8(ascii: "X"): digits.append(10)
      default: return nil
      }
    }
    if digits.count == 13 {
      guard !digits.contains(10) else { return nil }
      return checkDigit13(digits.prefix(12)) == digits[12] ? string(of: digits) : nil
    }
    guard digits.count == 10, !digits.prefix(9).contains(10) else { return nil }
    var sum10 = 0
    for (index, digit) in digits.enumerated() { sum10 += Int(digit) * (10 - index) }
    guard sum10 % 11 == 0 else { return nil }
    let body = [9, 7, 8] + digits.prefix(9)
    return string(of: body + [checkDigit13(body[...])])
  }

  /// The ISBN-10 form of a `978` ISBN-13.
  package static func isbn10(fromISBN13 isbn13: String) -> String? {
    guard isbn13.utf8.count == 13, isbn13.hasPrefix("978") else { return nil }
    let digits = isbn13.utf8.dropFirst(3).prefix(9).compactMap { $0 >= 48 && $0 <= 57 ? Int($0 - 48) : nil }
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += digit * (10 - index) }
    let check = (11 - sum % 11) % 11
    return digits.map(String.init).joined() + (check == 10 ? "X" : String(check))
  }

  private static func checkDigit13(_ digits: ArraySlice<UInt8>) -> UInt8 {
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += Int(digit) * (index % 2 == 0 ? 1 : 3) }
    return UInt8((10 - sum % 10) % 10)
  }

  private static func string(of digits: [UInt8]) -> String {
    String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
  }
}
