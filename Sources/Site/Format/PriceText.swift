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

    /// A style whose symbols are, in order, the English, Traditional Chinese and Japanese ones.
    init(_ fractionDigits: Int, dropsZeroFraction: Bool, _ en: String, _ zh: String, _ ja: String) {
      self.fractionDigits = fractionDigits
      self.dropsZeroFraction = dropsZeroFraction
      symbols = [.english: en, .traditionalChinese: zh, .japanese: ja]
    }
  }

  private static let styles: [String: CurrencyStyle] = [
    "USD": CurrencyStyle(2, dropsZeroFraction: false, "$", "US$", "$"),
    "TWD": CurrencyStyle(2, dropsZeroFraction: true, "NT$", "$", "NT$"),
    "JPY": CurrencyStyle(0, dropsZeroFraction: true, "¥", "¥", "￥"),
    "EUR": CurrencyStyle(2, dropsZeroFraction: false, "€", "€", "€"),
    "GBP": CurrencyStyle(2, dropsZeroFraction: false, "£", "£", "£"),
    "CNY": CurrencyStyle(2, dropsZeroFraction: false, "CN¥", "CN¥", "元"),
    "HKD": CurrencyStyle(2, dropsZeroFraction: false, "HK$", "HK$", "HK$"),
    "CAD": CurrencyStyle(2, dropsZeroFraction: false, "CA$", "CA$", "CA$"),
    "AUD": CurrencyStyle(2, dropsZeroFraction: false, "A$", "AU$", "A$"),
    "KRW": CurrencyStyle(0, dropsZeroFraction: true, "₩", "￦", "₩"),
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
