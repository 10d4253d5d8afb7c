import Support

/// The encodings exports come in: the apps write UTF-8 (Calibre and spreadsheets with a byte
/// order mark), Excel's "Unicode text" and LibraryThing's older exports UTF-16, and a file saved
/// by an older spreadsheet on Windows is Windows-1252 (ISO-8859-1 with curly quotes and dashes).
package enum ExportEncoding: String, Sendable, Equatable {
  case utf8 = "UTF-8"
  case utf16LittleEndian = "UTF-16 (little-endian)"
  case utf16BigEndian = "UTF-16 (big-endian)"
  case windows1252 = "Windows-1252"
}

/// An export's bytes as UTF-8 text, whatever they were written in.
struct ExportText {
  /// UTF-8, without a byte order mark.
  var bytes: [UInt8]
  var encoding: ExportEncoding

  /// Decodes `bytes`: UTF-8 with or without a byte order mark, UTF-16 with one or told by its
  /// NUL bytes, and any other text as Windows-1252 (every byte is a character there, so a file
  /// that is not UTF-8 is still read; the report says which encoding was used).
  static func decode(_ bytes: [UInt8], file: String) throws(ImportError) -> ExportText {
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      throw .unreadable(file: file, line: 1, reason: "the file is UTF-32 text: save it as UTF-8 or UTF-16")
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return ExportText(bytes: utf16(bytes.dropFirst(2), bigEndian: false), encoding: .utf16LittleEndian)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return ExportText(bytes: utf16(bytes.dropFirst(2), bigEndian: true), encoding: .utf16BigEndian)
    }
    if TextEncoding.wideEncoding(of: bytes) == "UTF-16" {
      let bigEndian = bytes[0] == 0
      return ExportText(
        bytes: utf16(bytes[...], bigEndian: bigEndian),
        encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian)
    }
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if TextEncoding.firstInvalidUTF8Byte(in: text) == nil { return ExportText(bytes: text, encoding: .utf8) }
    return ExportText(bytes: windows1252(text), encoding: .windows1252)
  }

  /// UTF-16 code units as UTF-8; a lone surrogate (a damaged file) becomes U+FFFD.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  /// Windows-1252's characters for 0x80–0x9F; the five it leaves undefined keep ISO-8859-1's
  /// (control characters, which the mapping drops like any other).
  private static let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]
  /// Each of 0x80–0x9F's characters by code point, for `Mojibake`.
  static let highIndex = Dictionary(uniqueKeysWithValues: windows1252High.enumerated().map { ($1, $0) })

  static func windows1252(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      if byte < 0x80 {
        output.append(byte)
      } else {
        let value = (0x80..<0xA0).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
        output.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
      }
    }
    return output
  }
}

/// Text that was UTF-8 read as Windows-1252 and saved again (`Ã©` for `é`, `â€™` for `’`), as a
/// spreadsheet leaves an export it opened with the wrong encoding: put back when the field's
/// characters are all Windows-1252 ones whose bytes make UTF-8 with at least one multi-byte
/// character. Real text is never such a field (`São` is not: `ã` alone starts no UTF-8 character).
enum Mojibake {
  static func repaired(_ text: String) -> String? {
    // Every such field holds `Ã` or `Â` (the lead bytes C3 and C2) or `â` (E2, punctuation).
    guard text.unicodeScalars.contains(where: { $0 == "Ã" || $0 == "Â" || $0 == "â" }) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) {
        bytes.append(UInt8(scalar.value))
      } else if let index = ExportText.highIndex[scalar.value] {
        bytes.append(UInt8(0x80 + index))
      } else {
        return nil
      }
    }
    guard TextEncoding.firstInvalidUTF8Byte(in: bytes) == nil, bytes.contains(where: { $0 >= 0x80 }) else {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
