/// Counts as people read them, the same on every machine (no locale).
enum NumberText {
  /// `1 query`, `3 queries`, `1,234 books`.
  static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// Thousands separated by commas.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
