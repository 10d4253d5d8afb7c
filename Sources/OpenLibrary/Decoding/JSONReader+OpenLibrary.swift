import Catalog
import Support

/// The shapes Open Library's records share, read forgivingly: one field of an unexpected type
/// is left out with a note, never the whole record (it is often the only one a request brings).
extension JSONReader {
  /// Runs `read` on the value at the reader; when the value has another type than `read`
  /// expects, skips it, notes it, and returns nil. Syntax errors propagate: the body is broken.
  mutating func lenient<Value>(
    _ path: StaticString, _ read: (inout JSONReader) throws -> Value?
  ) throws(JSONSyntaxError) -> Value? {
    skipSpace()
    let start = position
    do {
      return try read(&self)
    } catch let error as JSONSyntaxError {
      throw error
    } catch {
      position = start
      try skipValue()
      let found = (error as? JSONTypeMismatch).map { " (\($0.path) is \($0.found), expected \($0.expected))" }
      notes.append("dropped \(path)\(found ?? "")")
      return nil
    }
  }

  /// A string, leniently.
  mutating func lenientString(_ path: StaticString) throws(JSONSyntaxError) -> String? {
    try lenient(path) { try $0.string(path) }
  }

  /// `trimmedString`, leniently.
  mutating func lenientTrimmed(_ path: StaticString) throws(JSONSyntaxError) -> String? {
    try lenient(path) { try $0.trimmedString(path) }
  }

  /// `trimmedStrings`, leniently: none when the value has another type.
  mutating func lenientTrimmedStrings(_ path: StaticString) throws(JSONSyntaxError) -> [String] {
    try lenient(path) { try $0.trimmedStrings(path) } ?? []
  }

  /// A whole number in `range`, leniently.
  mutating func lenientInt(_ path: StaticString, in range: ClosedRange<Int>) throws(JSONSyntaxError) -> Int? {
    try lenient(path) { try $0.int(path, in: range) }
  }

  /// The ids of `kind` among the keys of `[{"key": …}, …]`, leniently.
  mutating func lenientIDs(_ path: StaticString, kind: OpenLibraryID.Kind) throws(JSONSyntaxError)
    -> [OpenLibraryID]
  {
    try lenient(path) { try $0.keys(path) }?.compactMap { OpenLibraryID($0, kind: kind) } ?? []
  }

  /// A text field in either shape Open Library stores: a plain string, or
  /// `{"type": "/type/text", "value": …}`. Line ends become `\n`; blank text is none.
  mutating func text(_ path: StaticString) throws -> String? {
    var value: String?
    if try peek() == UInt8(ascii: "{") {
      try object(path) { reader, key in
        switch key {
        case "value": value = try reader.string(path)
        default: try reader.skipValue()
        }
      }
    } else {
      value = try string(path)
    }
    guard let value else { return nil }
    let text = value.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhitespace()
    return text.isEmpty ? nil : text
  }

  /// `{"key": "/authors/OL1A"}` → its key.
  mutating func key(_ path: StaticString) throws -> String? {
    var key: String?
    try object(path) { reader, name in
      switch name {
      case "key": key = try reader.string(path)
      default: try reader.skipValue()
      }
    }
    return key
  }

  /// `[{"key": "/languages/eng"}, …]` → the keys, in order.
  mutating func keys(_ path: StaticString) throws -> [String] {
    var keys: [String] = []
    try array(path) { reader, _ in
      if let key = try reader.key(path) { keys.append(key) }
    }
    return keys
  }

  /// `[{"name": "Gallimard"}, …]` (the books API's publishers and subjects) → the names.
  mutating func names(_ path: StaticString) throws -> [String] {
    var names: [String] = []
    try array(path) { reader, _ in
      try reader.object(path) { reader, key in
        switch key {
        case "name": if let name = try reader.string(path) { names.append(name) }
        default: try reader.skipValue()
        }
      }
    }
    return names
  }

  /// The cover ids of a `covers` list, in order: `-1` (and `null`), which Open Library stores
  /// for "no cover", and anything but a positive whole number are left out.
  mutating func coverIDs(_ path: StaticString) throws -> [Int] {
    var values: [Int] = []
    try array(path) { reader, _ in
      let value = try reader.lenient(path) { try $0.double(path) }
      if let value, let id = Int(exactly: value), OpenLibraryRanges.coverIDs.contains(id) {
        values.append(id)
      }
    }
    return values
  }

  /// Strings of an array, each trimmed; blank ones are dropped.
  mutating func trimmedStrings(_ path: StaticString) throws -> [String] {
    try strings(path).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// A string, trimmed; nil when blank.
  mutating func trimmedString(_ path: StaticString) throws -> String? {
    guard let value = try string(path)?.trimmingWhitespace(), !value.isEmpty else { return nil }
    return value
  }

  /// An id of `kind` from a key (`/works/OL1W`) or a bare id; nil when it is neither.
  mutating func id(_ path: StaticString, kind: OpenLibraryID.Kind) throws -> OpenLibraryID? {
    try string(path).flatMap { OpenLibraryID($0, kind: kind) }
  }
}

/// The ids Open Library puts on record numbers: cover ids, page counts, years.
enum OpenLibraryRanges {
  /// Cover ids are positive; `-1` (and `0`) stand for "no cover".
  static let coverIDs = 1...Int(Int32.max)
  static let pageCounts = 1...100_000
  static let years = 1...9999
}
