/// The data a template sees; mirrors the Mustache engine's value type case for case.
enum ContextValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case list([ContextValue])
  case map([String: ContextValue])

  /// A string, or null when absent (so `{{#field}}` sections hide it).
  static func optional(_ text: String?) -> ContextValue {
    text.map(ContextValue.string) ?? .null
  }

  static func int(_ value: Int) -> ContextValue { .number(Double(value)) }

  /// Fields of a map (empty for anything else).
  var fields: [String: ContextValue] {
    if case .map(let fields) = self { return fields }
    return [:]
  }

  subscript(_ key: String) -> ContextValue {
    fields[key] ?? .null
  }

  /// A map with more fields (the new ones win).
  func merging(_ other: [String: ContextValue]) -> ContextValue {
    .map(fields.merging(other) { _, new in new })
  }
}

extension ContextValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(dictionaryLiteral elements: (String, ContextValue)...) {
    self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  init(arrayLiteral elements: ContextValue...) { self = .list(elements) }
}
