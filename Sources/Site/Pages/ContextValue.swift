import Mustache

/// The data a template sees: the Mustache engine's value tree.
typealias ContextValue = MustacheValue

extension MustacheValue {
  /// A string, or null when absent (so `{{#field}}` sections hide it).
  static func optional(_ text: String?) -> MustacheValue {
    MustacheValue(text)
  }

  static func int(_ value: Int) -> MustacheValue { .number(Double(value)) }

  /// Fields of a map (empty for anything else).
  var fields: [String: MustacheValue] { members ?? [:] }
}
