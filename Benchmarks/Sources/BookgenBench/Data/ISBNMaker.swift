/// Unique ISBNs with valid check digits, and the identifier lists Google sends.
enum ISBNMaker {
  /// `industryIdentifiers`: nil for 10% of books, OTHER only for 5%, else ISBN-13 and (for 978
  /// ISBNs) ISBN-10 in either order, sometimes followed by an OTHER.
  static func identifiers(index: Int, random: inout SplitMix64) -> [SyntheticBook.Identifier]? {
    let roll = random.unit()
    if roll < 0.10 { return nil }
    let other = SyntheticBook.Identifier(type: "OTHER", value: "PKEY:BT\(100_000_000_000 + index * 7)")
    if roll < 0.15 { return [other] }
    let isbn13 = isbn13(index: index, prefix: random.chance(0.05) ? "979" : "978")
    var list = [SyntheticBook.Identifier(type: "ISBN_13", value: isbn13)]
    if let isbn10 = isbn10(from: isbn13) {
      let ten = SyntheticBook.Identifier(type: "ISBN_10", value: isbn10)
      if random.chance(0.45) { list.insert(ten, at: 0) } else { list.append(ten) }
    }
    if random.chance(0.1) { list.append(other) }
    return list
  }

  /// `prefix` + nine digits that are a bijection of `index` (3^18 is coprime with 10^9) + check.
  static func isbn13(index: Int, prefix: String) -> String {
    let body = (index &* 387_420_489 &+ 12_345_678) % 1_000_000_000
    let digits = prefix + String(String(1_000_000_000 + body).dropFirst())
    return digits + String(check13(digits))
  }

  static func check13(_ twelve: some StringProtocol) -> Int {
    var sum = 0
    for (position, byte) in twelve.utf8.enumerated() { sum += Int(byte - 48) * (position % 2 == 0 ? 1 : 3) }
    return (10 - sum % 10) % 10
  }

  static func isbn10(from isbn13: String) -> String? {
    guard isbn13.hasPrefix("978") else { return nil }
    let nine = isbn13.dropFirst(3).prefix(9)
    return String(nine) + check10(nine)
  }

  static func check10(_ nine: some StringProtocol) -> String {
    var sum = 0
    for (position, byte) in nine.utf8.enumerated() { sum += Int(byte - 48) * (10 - position) }
    let check = (11 - sum % 11) % 11
    return check == 10 ? "X" : String(check)
  }

  static func isValid13(_ text: String) -> Bool {
    text.utf8.count == 13 && text.utf8.allSatisfy { (48...57).contains($0) }
      && check13(text.prefix(12)) == Int(text.utf8.last! - 48)
  }

  static func isValid10(_ text: String) -> Bool {
    text.utf8.count == 10 && text.prefix(9).utf8.allSatisfy { (48...57).contains($0) }
      && check10(text.prefix(9)) == String(text.suffix(1))
  }
}
