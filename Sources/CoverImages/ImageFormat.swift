/// The formats CoverProcessor decodes, told apart by their first bytes (never by a file name or
/// a Content-Type, which a server may get wrong).
enum ImageFormat: Sendable {
  case jpeg, png, webp

  init?(sniffing bytes: [UInt8]) {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      self = .webp
    } else {
      return nil
    }
  }
}
