/// Numbers as pages and messages show them, the same on every machine (no locale): thousands
/// grouped with `,` (en, zh-TW and ja all group this way), the decimal point `.`.
package enum NumberText {
  /// The value of plain decimal digits (no sign, no separators), as the files bookgen writes
  /// hold them; nil for anything else or a value past `UInt64.max`. Concrete types, not generic:
  /// a generic reader called from another module runs unspecialized, several times slower.
  package static func value(ofDigits digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !digits.isEmpty else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// `1234` → `1,234`.
  package static func grouped(_ value: Int) -> String {
    digits(value.magnitude, negative: value < 0, fractionDigits: 0, grouping: true)
  }

  /// `1 query`, `3 queries`, `1,234 books`.
  package static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// `1234.5` with 2 decimals → `1,234.50`; rounding half away from zero on the minor unit.
  /// `grouping` false leaves out the thousands separators (`1234.50`, structured data's amounts).
  package static func decimal(_ value: Double, fractionDigits: Int, grouping: Bool = true) -> String {
    var scale = 1
    for _ in 0..<fractionDigits { scale *= 10 }
    // Google's numbers are range-checked where they are decoded; a value made in code that no
    // Int holds (1e17 cents, infinity) prints as Swift writes it instead of trapping.
    guard let minor = Int(exactly: (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)) else {
      return "\(value)"
    }
    return digits(
      minor.magnitude, negative: value < 0 && minor > 0, fractionDigits: fractionDigits, grouping: grouping)
  }

  /// The ASCII digits of `minor`, its last `fractionDigits` after a `.`, the whole part grouped
  /// by thousands with `,` when `grouping`: written backwards into one string's storage (a
  /// price or count is formatted on every book page, and building it a character at a time
  /// would dominate a book's prices).
  private static func digits(_ minor: UInt, negative: Bool, fractionDigits: Int, grouping: Bool) -> String {
    // 20 digits, 6 separators, the point and the sign fit in 28 bytes; the fraction adds its own.
    let capacity = 28 + fractionDigits
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var position = capacity
      var rest = minor
      func put(_ byte: UInt8) {
        position -= 1
        buffer[position] = byte
      }
      for _ in 0..<fractionDigits {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      }
      if fractionDigits > 0 { put(UInt8(ascii: ".")) }
      var written = 0
      repeat {
        if grouping && written > 0 && written % 3 == 0 { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
        written += 1
      } while rest > 0
      if negative { put(UInt8(ascii: "-")) }
      let length = capacity - position
      for index in 0..<length { buffer[index] = buffer[position + index] }
      return length
    }
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
