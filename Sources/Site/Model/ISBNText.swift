/// ISBN normalisation for matching Google's identifiers to the owner's `books:` keys.
enum ISBNText {
  /// 13 digits for a valid ISBN-13 or ISBN-10 (converted), ignoring hyphens and spaces.
  static func isbn13(_ text: String) -> String? {
    let characters = text.uppercased().filter { $0 != "-" && $0 != " " }
    if characters.count == 13, characters.allSatisfy(\.isASCIIDigit) {
      let digits = characters.compactMap(\.wholeNumberValue)
      var sum = 0
      for (index, digit) in digits.prefix(12).enumerated() { sum += digit * (index % 2 == 0 ? 1 : 3) }
      return (10 - sum % 10) % 10 == digits[12] ? characters : nil
    }
    guard characters.count == 10, characters.prefix(9).allSatisfy(\.isASCIIDigit),
      let last = characters.last, last.isASCIIDigit || last == "X"
    else { return nil }
    let digits = characters.prefix(9).compactMap(\.wholeNumberValue)
    var sum10 = 0
    for (index, digit) in digits.enumerated() { sum10 += digit * (10 - index) }
    sum10 += last == "X" ? 10 : last.wholeNumberValue!
    guard sum10 % 11 == 0 else { return nil }
    let body = [9, 7, 8] + digits
    var sum = 0
    for (index, digit) in body.enumerated() { sum += digit * (index % 2 == 0 ? 1 : 3) }
    return body.map(String.init).joined() + String((10 - sum % 10) % 10)
  }

  /// The ISBN-10 form of a `978` ISBN-13.
  static func isbn10(fromISBN13 isbn13: String) -> String? {
    guard isbn13.count == 13, isbn13.hasPrefix("978") else { return nil }
    let digits = isbn13.dropFirst(3).prefix(9).compactMap(\.wholeNumberValue)
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += digit * (10 - index) }
    let check = (11 - sum % 11) % 11
    return digits.map(String.init).joined() + (check == 10 ? "X" : String(check))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
