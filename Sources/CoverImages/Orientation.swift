/// The EXIF orientation of a file (1–8): how the stored pixels turn to be seen upright, as
/// browsers apply it to JPEG, PNG (eXIf) and WebP (EXIF chunk).
struct Orientation: Equatable, Sendable {
  var value: Int

  static let up = Orientation(value: 1)

  /// 5–8 turn the image a quarter: the seen width is the stored height.
  var swapsAxes: Bool { value >= 5 }

  init(value: Int) { self.value = (1...8).contains(value) ? value : 1 }

  /// The orientation the file's EXIF data gives, or `.up` when it has none.
  init(in bytes: [UInt8], format: ImageFormat) {
    let tiff: ArraySlice<UInt8>? =
      switch format {
      case .jpeg: Self.jpegEXIF(bytes)
      case .png: Self.exifChunk(in: bytes, png: true)
      case .webp: Self.exifChunk(in: bytes, png: false)
      }
    self.init(value: tiff.flatMap(Self.orientationTag) ?? 1)
  }

  /// Turns and mirrors the stored pixels so they are seen upright.
  func apply(to bitmap: Bitmap) -> Bitmap {
    guard value != 1 else { return bitmap }
    let (w, h, c) = (bitmap.width, bitmap.height, bitmap.channels)
    // Each output pixel (x, y) reads stored pixel base + x·dx + y·dy.
    let (base, dx, dy): (Int, Int, Int) =
      switch value {
      case 2: (w - 1, -1, w)
      case 3: ((h - 1) * w + w - 1, -1, -w)
      case 4: ((h - 1) * w, 1, -w)
      case 5: (0, w, 1)
      case 6: ((h - 1) * w, -w, 1)
      case 7: ((h - 1) * w + w - 1, -w, -1)
      default: (w - 1, w, -1)  // 8
      }
    let (outWidth, outHeight) = swapsAxes ? (h, w) : (w, h)
    var out = [UInt8](repeating: 0, count: bitmap.pixels.count)
    bitmap.pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        var t = 0
        for y in 0..<outHeight {
          var s = base + y * dy
          for _ in 0..<outWidth {
            for k in 0..<c { target[t + k] = source[s * c + k] }
            t += c
            s += dx
          }
        }
      }
    }
    return Bitmap(width: outWidth, height: outHeight, channels: c, pixels: out)
  }

  /// The TIFF data of the first APP1 "Exif" segment before the image data.
  private static func jpegEXIF(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    var i = 2
    while i + 4 <= bytes.count, bytes[i] == 0xFF {
      let marker = bytes[i + 1]
      if marker == 0xFF {
        i += 1
        continue
      }  // fill byte
      if marker == 0xDA || marker == 0xD9 { return nil }  // image data or end: no EXIF
      let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      guard length >= 2, i + 2 + length <= bytes.count else { return nil }
      let payload = bytes[(i + 4)..<(i + 2 + length)]
      if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) { return payload.dropFirst(6) }
      i += 2 + length
    }
    return nil
  }

  /// The data of a PNG's eXIf chunk before its image data (chunks: big-endian length, name,
  /// data, CRC) or of a WebP's EXIF chunk (RIFF: name, little-endian length, data, padding).
  private static func exifChunk(in bytes: [UInt8], png: Bool) -> ArraySlice<UInt8>? {
    var i = png ? 8 : 12
    while i + 8 <= bytes.count {
      let (nameAt, lengthAt) = png ? (i + 4, i) : (i, i + 4)
      let lengthBytes = bytes[lengthAt..<(lengthAt + 4)].map(Int.init)
      let length =
        png
        ? lengthBytes[0] << 24 | lengthBytes[1] << 16 | lengthBytes[2] << 8 | lengthBytes[3]
        : lengthBytes[3] << 24 | lengthBytes[2] << 16 | lengthBytes[1] << 8 | lengthBytes[0]
      let chunkName = bytes[nameAt..<(nameAt + 4)]
      let dataStart = i + 8
      guard length >= 0, dataStart + length <= bytes.count else { return nil }
      if chunkName.elementsEqual((png ? "eXIf" : "EXIF").utf8) {
        let data = bytes[dataStart..<(dataStart + length)]
        // Some writers keep JPEG's "Exif\0\0" prefix in WebP's chunk.
        return data.starts(with: Array("Exif\0\0".utf8)) ? data.dropFirst(6) : data
      }
      if png, chunkName.elementsEqual("IDAT".utf8) { return nil }
      i = dataStart + length + (png ? 4 : length & 1)
    }
    return nil
  }

  /// Tag 0x0112 of the TIFF data's first directory.
  private static func orientationTag(_ tiff: ArraySlice<UInt8>) -> Int? {
    let t = Array(tiff)
    guard t.count >= 8 else { return nil }
    let little: Bool
    switch (t[0], t[1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func read16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= t.count else { return nil }
      return little ? Int(t[at]) | Int(t[at + 1]) << 8 : Int(t[at]) << 8 | Int(t[at + 1])
    }
    func read32(_ at: Int) -> Int? {
      guard let high = read16(little ? at + 2 : at), let low = read16(little ? at : at + 2) else {
        return nil
      }
      return high << 16 | low
    }
    guard read16(2) == 42, let directory = read32(4), let count = read16(directory) else { return nil }
    for entry in 0..<count {
      let at = directory + 2 + entry * 12
      guard let tag = read16(at) else { return nil }
      if tag == 0x0112 { return read16(at + 8) }
    }
    return nil
  }
}
