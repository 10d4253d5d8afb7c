/// The data a template renders: a tree of plain values, `Sendable`, so one value can feed many tasks.
///
/// Not `indirect`: lists and maps already store their elements out of line, and plain cases stay
/// unboxed, which keeps building large contexts cheap.
public enum MustacheValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case list([MustacheValue])
  case map([String: MustacheValue])

  /// A string, or `.null` when absent, for optional fields.
  public init(_ string: String?) {
    self = string.map(MustacheValue.string) ?? .null
  }

  /// A number, or `.null` when absent.
  public init(_ number: Double?) {
    self = number.map(MustacheValue.number) ?? .null
  }

  /// An integer as a number, or `.null` when absent.
  public init(_ number: Int?) {
    self = number.map { .number(Double($0)) } ?? .null
  }

  /// Whether a section over this value renders: `null`, `false`, `""` and `[]` do not.
  public var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .number: return true
    case .string(let value): return !value.isEmpty
    case .list(let items): return !items.isEmpty
    case .map: return true
    }
  }

  /// The text `{{name}}` shows before escaping: integers without `.0`, lists and maps as nothing.
  public var text: String {
    switch self {
    case .null, .list, .map: return ""
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return MustacheValue.format(value)
    case .string(let value): return value
    }
  }

  /// The member `key` of a map, or nil.
  public subscript(key: String) -> MustacheValue? {
    if case .map(let fields) = self { return fields[key] }
    return nil
  }

  static func format(_ number: Double) -> String {
    // Integral values print without a fraction, like the spec's JSON numbers (`1`, not `1.0`).
    if number.rounded(.towardZero) == number, abs(number) < 9e15 {
      return String(Int64(number))
    }
    return number.description
  }
}

extension MustacheValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, MustacheValue)...) {
    // Inserting into a dictionary sized up front: no intermediate array, no rehashing.
    var fields = [String: MustacheValue](minimumCapacity: elements.count)
    for (key, value) in elements { fields[key] = value }
    self = .map(fields)
  }
}
