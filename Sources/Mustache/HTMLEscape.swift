/// HTML escaping as the Mustache spec defines it: exactly `&`, `<`, `>` and `"`.
public enum HTMLEscape {
  /// Appends `string` to `buffer`, escaping by scanning UTF-8 bytes and copying clean runs whole.
  static func append(_ string: String, to buffer: inout [UInt8]) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
      var runStart = 0
      for index in 0..<bytes.count {
        let replacement: StaticString
        switch bytes[index] {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        default: continue
        }
        if runStart < index {
          buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        buffer.append(
          contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
        runStart = index + 1
      }
      if runStart < bytes.count {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
      }
    }
    // Bridged strings may not be contiguous; native Swift strings always are.
    if done == nil { append(String(decoding: Array(string.utf8), as: UTF8.self), to: &buffer) }
  }

  /// `string` escaped, for callers outside the renderer.
  public static func escape(_ string: String) -> String {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(string.utf8.count)
    append(string, to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }
}
