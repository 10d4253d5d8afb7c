import BookRecord
import Support

/// Formats prices for the site's language from a built-in currency table (no ICU data, so the
/// output is identical on every machine).
enum PriceText {
  private struct CurrencyStyle {
    /// Digits after the decimal point when the amount has a fraction.
    let fractionDigits: Int
    /// Whole amounts drop the fraction (`NT$450`, not `NT$450.00`).
    let dropsZeroFraction: Bool
    let symbols: [UILanguage: String]
  }

  private static let styles: [String: CurrencyStyle] = [
    "USD": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "$", .traditionalChinese: "US$", .japanese: "$"]),
    "TWD": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: true,
      symbols: [.english: "NT$", .traditionalChinese: "$", .japanese: "NT$"]),
    "JPY": CurrencyStyle(
      fractionDigits: 0, dropsZeroFraction: true,
      symbols: [.english: "¥", .traditionalChinese: "¥", .japanese: "￥"]),
    "EUR": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "€", .traditionalChinese: "€", .japanese: "€"]),
    "GBP": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "£", .traditionalChinese: "£", .japanese: "£"]),
    "CNY": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "CN¥", .traditionalChinese: "CN¥", .japanese: "元"]),
    "HKD": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "HK$", .traditionalChinese: "HK$", .japanese: "HK$"]),
    "CAD": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "CA$", .traditionalChinese: "CA$", .japanese: "CA$"]),
    "AUD": CurrencyStyle(
      fractionDigits: 2, dropsZeroFraction: false,
      symbols: [.english: "A$", .traditionalChinese: "AU$", .japanese: "A$"]),
    "KRW": CurrencyStyle(
      fractionDigits: 0, dropsZeroFraction: true,
      symbols: [.english: "₩", .traditionalChinese: "￦", .japanese: "₩"]),
  ]

  /// `NT$450`, `$12.99`, `￥1,200`; unknown currencies as `CHF 12.50`.
  static func format(_ price: Price, for language: UILanguage) -> String {
    let code = price.currencyCode.uppercased()
    guard let style = styles[code] else {
      let safeCode = String(
        code.unicodeScalars.filter { ("A"..."Z").contains($0) }.prefix(3).map(Character.init))
      return "\(safeCode.isEmpty ? "?" : safeCode) \(NumberText.decimal(price.amount, fractionDigits: 2))"
    }
    let isWhole = price.amount.rounded() == price.amount
    let digits = style.dropsZeroFraction && isWhole ? 0 : style.fractionDigits
    let symbol = style.symbols[language] ?? code
    let number = NumberText.decimal(price.amount.magnitude, fractionDigits: digits)
    return (price.amount < 0 ? "-" : "") + symbol + number
  }

  /// Whole percent saved when the retail price is below the list price in the same currency.
  static func discountPercent(list: Price?, retail: Price?) -> Int? {
    guard let list, let retail, list.currencyCode == retail.currencyCode, list.amount > 0,
      retail.amount < list.amount, retail.amount >= 0
    else { return nil }
    let percent = Int(((list.amount - retail.amount) / list.amount * 100).rounded())
    return percent > 0 ? percent : nil
  }
}
