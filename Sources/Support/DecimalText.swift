/// Numbers as messages show them.
package enum DecimalText {
  /// `5`, `0.01`, `4.5`, `1e+17`, `inf`: whole numbers without a fraction, others as Swift
  /// prints them (the shortest text that reads back as the same value).
  package static func shortest(_ value: Double) -> String {
    value.rounded() == value && value.magnitude < 1e15 ? String(Int(value)) : "\(value)"
  }
}
