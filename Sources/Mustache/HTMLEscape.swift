/// HTML escaping as the Mustache spec defines it: exactly `&`, `<`, `>` and `"`.
public enum HTMLEscape {
  /// Appends `string` to `buffer`, escaping by scanning UTF-8 bytes and copying clean runs whole.
  static func append(_ string: String, to buffer: inout OutputBuffer) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { append($0, to: &buffer) }
    // Bridged strings may not be contiguous; native Swift strings always are.
    if done == nil { append(String(decoding: Array(string.utf8), as: UTF8.self), to: &buffer) }
  }

  /// Appends UTF-8 `bytes` to `buffer`, escaped.
  static func append(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout OutputBuffer) {
    var runStart = 0
    for index in 0..<bytes.count {
      // Most bytes are letters (above 63) or need no escape: one compare and one bit test.
      let byte = bytes[index]
      guard byte < 64, HTMLEscape.special >> byte & 1 != 0 else { continue }
      let replacement: StaticString
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = "&quot;"
      default: continue
      }
      if runStart < index {
        buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      }
      buffer.append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
      runStart = index + 1
    }
    if runStart < bytes.count {
      buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
  }

  /// The bytes to escape, `"`, `&`, `<` and `>`, as bits of a mask over 0..<64.
  private static let special: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

  /// `string` escaped, for callers outside the renderer.
  public static func escape(_ string: String) -> String {
    var buffer = OutputBuffer(capacity: string.utf8.count)
    append(string, to: &buffer)
    return buffer.string()
  }
}
