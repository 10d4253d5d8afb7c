/// A pretty-printing JSON writer (two-space indent, like Google's responses) into a byte buffer.
///
/// Strings are escaped as Google does: `"`, `\` and control characters, and `<`/`>` as
/// `\u003c`/`\u003e` (so HTML descriptions arrive with the escapes a decoder must handle).
struct JSONText {
  private(set) var bytes: [UInt8] = []
  private var depth = 0
  private var hasMembers: [Bool] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  mutating func openObject(_ key: String? = nil) { open(key, UInt8(ascii: "{")) }
  mutating func openArray(_ key: String? = nil) { open(key, UInt8(ascii: "[")) }
  mutating func closeObject() { close(UInt8(ascii: "}")) }
  mutating func closeArray() { close(UInt8(ascii: "]")) }

  /// A string member (or array element when `key` is nil).
  mutating func string(_ key: String?, _ value: String) {
    member(key)
    appendQuoted(value)
  }

  /// A number or boolean member, written exactly as given (`4.0`, `3.499E7`, `true`).
  mutating func literal(_ key: String?, _ value: String) {
    member(key)
    bytes.append(contentsOf: value.utf8)
  }

  mutating func literal(_ key: String?, _ value: Int) { literal(key, String(value)) }
  mutating func literal(_ key: String?, _ value: Bool) { literal(key, value ? "true" : "false") }

  mutating func finish() { bytes.append(0x0A) }

  /// `text` as one JSON string literal, escaped as `string(_:_:)` escapes it.
  static func quoted(_ text: String) -> String {
    var json = JSONText()
    json.appendQuoted(text)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  private mutating func open(_ key: String?, _ bracket: UInt8) {
    member(key)
    bytes.append(bracket)
    depth += 1
    hasMembers.append(false)
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if hasMembers.removeLast() { newline() }
    bytes.append(bracket)
  }

  private mutating func member(_ key: String?) {
    if let last = hasMembers.last {
      if last { bytes.append(UInt8(ascii: ",")) }
      hasMembers[hasMembers.count - 1] = true
      newline()
    }
    if let key {
      appendQuoted(key)
      bytes.append(contentsOf: [UInt8(ascii: ":"), 0x20])
    }
  }

  private mutating func newline() {
    bytes.append(0x0A)
    for _ in 0..<(depth * 2) { bytes.append(0x20) }
  }

  private static let lessThan = Array("\\u003c".utf8)
  private static let greaterThan = Array("\\u003e".utf8)

  private mutating func appendQuoted(_ text: String) {
    var text = text
    text.withUTF8 { appendQuoted($0) }
  }

  /// Copies runs of plain bytes in bulk; only the bytes that need escaping go one by one.
  private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E else { continue }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      runStart = index + 1
      switch byte {
      case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
      case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x3C: bytes.append(contentsOf: Self.lessThan)
      case 0x3E: bytes.append(contentsOf: Self.greaterThan)
      default: bytes.append(contentsOf: Array("\\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16))".utf8))
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    bytes.append(UInt8(ascii: "\""))
  }
}
