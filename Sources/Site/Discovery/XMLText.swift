/// Escaping for the XML files bookgen writes (sitemaps, Atom, OPDS).
enum XMLText {
  /// Escapes `& < > "` and drops characters XML 1.0 forbids (C0 controls other than tab, line
  /// feed and carriage return; U+FFFE, U+FFFF), so Google's data can never break a feed.
  static func escape(_ text: String) -> String {
    var output = ""
    write(text, to: &output)
    return output
  }

  /// Appends `text` escaped to `output`, copying unchanged runs of bytes at once.
  static func write(_ text: String, to output: inout String) {
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      func flush(upTo end: Int) {
        if end > runStart {
          output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
        }
      }
      while index < bytes.count {
        let byte = bytes[index]
        let replacement: String?
        var length = 1
        switch byte {
        case 0x26: replacement = "&amp;"
        case 0x3C: replacement = "&lt;"
        case 0x3E: replacement = "&gt;"
        case 0x22: replacement = "&quot;"
        case 0x09, 0x0A, 0x0D: replacement = nil
        case 0x00..<0x20: replacement = ""
        case 0xEF
        where index + 2 < bytes.count && bytes[index + 1] == 0xBF
          && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
          // U+FFFE and U+FFFF.
          replacement = ""
          length = 3
        default: replacement = nil
        }
        if let replacement {
          flush(upTo: index)
          output += replacement
          runStart = index + length
        }
        index += length
      }
      flush(upTo: bytes.count)
    }
  }
}
