/// The data a template renders: a tree of plain values, `Sendable`, so one value can feed many tasks.
///
/// Not `indirect`: lists and maps already store their elements out of line, and plain cases stay
/// unboxed, which keeps building large contexts cheap.
public enum MustacheValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  /// Text as UTF-8 bytes, rendered like the `.string` of the same text: for a fragment written
  /// as bytes (a page's `<head>` tags), which making a `String` of would validate byte by byte.
  /// The bytes must be valid UTF-8.
  case utf8([UInt8])
  case list([MustacheValue])
  case map([String: MustacheValue])
  /// An object whose fields are found by slot (`MustacheShape`) and may be made only when a
  /// template reads them. Renders like the map of its present fields, and equals it.
  case object(MustacheObject)

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
    case .utf8(let bytes): return !bytes.isEmpty
    case .list(let items): return !items.isEmpty
    case .map, .object: return true
    }
  }

  /// The text `{{name}}` shows before escaping: integers without `.0`, lists and maps as nothing.
  public var text: String {
    switch self {
    case .null, .list, .map, .object: return ""
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return MustacheValue.format(value)
    case .string(let value): return value
    case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The member `key` of a map, or nil.
  public subscript(key: String) -> MustacheValue? {
    switch self {
    case .map(let fields): return fields[key]
    case .object(let object): return object.shape.slot(of: key).flatMap(object.field(at:))
    case .null, .bool, .number, .string, .utf8, .list: return nil
    }
  }

  /// The fields of a map or object (an object's absent keys left out); nil for anything else.
  public var members: [String: MustacheValue]? {
    switch self {
    case .map(let fields): return fields
    case .object(let object): return object.shape.fields(object)
    case .null, .bool, .number, .string, .utf8, .list: return nil
    }
  }

  /// An object with the fields of `fields`, its shape's keys sorted: for a large map made once
  /// and looked in on every page (UI strings).
  public init(object fields: [String: MustacheValue]) {
    let shape = MustacheShape(fields.keys.sorted())
    self = shape.object(shape.keys.map { fields[$0] })
  }

  /// Values are equal when they render alike: an object equals the map of its present fields.
  public static func == (lhs: MustacheValue, rhs: MustacheValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let left), .bool(let right)): return left == right
    case (.number(let left), .number(let right)): return left == right
    case (.string(let left), .string(let right)): return left == right
    case (.utf8(let left), .utf8(let right)): return left == right
    case (.string(let text), .utf8(let bytes)), (.utf8(let bytes), .string(let text)):
      return text.utf8.elementsEqual(bytes)
    case (.list(let left), .list(let right)): return left == right
    case (.map(let left), .map(let right)): return left == right
    case (.map, .object), (.object, .map), (.object, .object): return lhs.members == rhs.members
    default: return false
    }
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
