/// Numbers as pages and messages show them, the same on every machine (no locale): thousands
/// grouped with `,` (en, zh-TW and ja all group this way), the decimal point `.`.
package enum NumberText {
  /// `1234` → `1,234`.
  package static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return value < 0 ? "-" + result : result
  }

  /// `1 query`, `3 queries`, `1,234 books`.
  package static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// `1234.5` with 2 decimals → `1,234.50`; rounding half away from zero on the minor unit.
  package static func decimal(_ value: Double, fractionDigits: Int) -> String {
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

  /// `5`, `0.01`, `4.5`, `1e+17`, `inf`: whole numbers without a fraction, others as Swift
  /// prints them (the shortest text that reads back as the same value). For the bounds messages
  /// name, not for pages (no grouping).
  package static func shortest(_ value: Double) -> String {
    value.rounded() == value && value.magnitude < 1e15 ? String(Int(value)) : "\(value)"
  }
}

/// Sizes as people read them: `4 MiB`, `512 KiB`, `1.5 KiB`, `100 bytes`.
package enum ByteCount {
  package static func text(_ bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size {
      return bytes % size == 0
        ? "\(bytes / size) \(unit)" : "\(bytes / (size / 10) / 10).\(bytes / (size / 10) % 10) \(unit)"
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}
