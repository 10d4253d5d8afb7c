/// Locale-independent number formatting (grouping with `,`, decimal point `.`), the same on
/// every machine: en, zh-TW and ja all group thousands with commas.
enum NumberText {
  /// `1234` → `1,234`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return value < 0 ? "-" + result : result
  }

  /// `1234.5` with 2 decimals → `1,234.50`; rounding half away from zero on the minor unit.
  static func decimal(_ value: Double, fractionDigits: Int) -> String {
    var scale = 1
    for _ in 0..<fractionDigits { scale *= 10 }
    // Google's numbers are range-checked where they are decoded; a value made in code that no
    // Int holds (1e17 cents, infinity) prints as Swift writes it instead of trapping.
    guard let minor = Int(exactly: (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)) else {
      return "\(value)"
    }
    let whole = grouped(minor / scale)
    let sign = value < 0 && minor > 0 ? "-" : ""
    guard fractionDigits > 0 else { return sign + whole }
    let fraction = String(minor % scale)
    return sign + whole + "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
  }
}
