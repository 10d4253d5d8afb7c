/// `saleInfo`: saleability and prices in several currencies, with Google's number literals.
enum SalePricing {
  private static let markets: [(country: String, currency: String, wholeUnits: Bool)] = [
    ("GB", "GBP", false), ("US", "USD", false), ("DE", "EUR", false), ("FR", "EUR", false),
    ("JP", "JPY", true), ("TW", "TWD", true),
  ]

  static func make(_ language: SyntheticBook.Language, _ random: inout SplitMix64) -> SyntheticBook.Sale {
    let market =
      switch language {
      case .japanese: markets[4]
      case .chinese: markets[5]
      case .english: markets[random.below(4)]
      }
    let roll = random.below(100)
    let saleability =
      roll < 10 ? "NOT_FOR_SALE" : roll < 15 ? "FREE" : roll < 20 ? "FOR_SALE_AND_RENTAL" : "FOR_SALE"
    var sale = SyntheticBook.Sale(country: market.country, saleability: saleability)
    guard saleability.hasPrefix("FOR_SALE") else { return sale }
    // Prices in hundredths of the currency unit (or whole yen / dollars).
    let list: Int
    if market.wholeUnits {
      list = random.int(in: 3...40) * 50
    } else {
      list = random.int(in: 2...45) * 100 + random.pick([99, 49, 0, 95])
    }
    let retail = random.chance(0.6) ? list * random.int(in: 70...95) / 100 : list
    sale.list = price(list, market.currency, market.wholeUnits, &random)
    sale.retail = price(retail, market.currency, market.wholeUnits, &random)
    return sale
  }

  private static func price(
    _ value: Int, _ currency: String, _ wholeUnits: Bool, _ random: inout SplitMix64
  ) -> SyntheticBook.Price {
    let amount = wholeUnits ? "\(value)" : "\(value / 100).\(cents(value % 100))"
    let micros = wholeUnits ? value * 1_000_000 : value * 10_000
    let scientific = micros >= 10_000_000 && random.chance(0.4)
    return SyntheticBook.Price(
      currency: currency, amount: amount, micros: scientific ? javaDouble(micros) : "\(micros)")
  }

  private static func cents(_ value: Int) -> String {
    value == 0 ? "0" : value % 10 == 0 ? "\(value / 10)" : SyntheticBook.twoDigits(value)
  }

  /// How Java prints a large double: `34990000` → `3.499E7`.
  static func javaDouble(_ value: Int) -> String {
    let digits = String(value)
    var mantissa = digits.dropFirst()
    while mantissa.hasSuffix("0") { mantissa.removeLast() }
    return "\(digits.prefix(1)).\(mantissa.isEmpty ? "0" : String(mantissa))E\(digits.count - 1)"
  }
}
