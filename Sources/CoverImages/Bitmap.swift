import CImageCodecs

/// Decoded pixels: rows of `width × channels` bytes, RGB (3 channels) or RGBA with straight
/// alpha (4).
struct Bitmap: Sendable, Equatable {
  var width: Int
  var height: Int
  var channels: Int
  var pixels: [UInt8]

  var hasAlpha: Bool { channels == 4 }
}

/// What a decoder read: the size the header declares, and the pixels unless only the header
/// was asked for.
struct Decoded {
  var width: Int
  var height: Int
  var bitmap: Bitmap?
}

/// The most scans a JPEG may have: real files have at most a few dozen, and each scan is a pass
/// over the whole image.
let maxJPEGScans: Int32 = 100

/// Runs one of CImageCodecs' decoders: first for the header (the sizes and channels), then,
/// unless only the header is wanted, into a Swift array of exactly the decoded size.
func runDecoder(
  headerOnly: Bool,
  _ decoder: (UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<bg_image>) -> bg_status
) throws(CoverImageError) -> Decoded {
  var image = bg_image()
  try check(decoder(nil, 0, &image), image)
  var decoded = Decoded(width: Int(image.header_width), height: Int(image.header_height))
  guard !headerOnly else { return decoded }
  let (width, height, channels) = (Int(image.width), Int(image.height), Int(image.channels))
  let count = width * height * channels
  var status = BG_OK
  let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
    status = decoder(buffer.baseAddress, count, &image)
    initialized = status == BG_OK ? count : 0
  }
  try check(status, image)
  decoded.bitmap = Bitmap(width: width, height: height, channels: channels, pixels: pixels)
  return decoded
}

/// A decoder's status as an error.
private func check(_ status: bg_status, _ image: bg_image) throws(CoverImageError) {
  switch status {
  case BG_OK: return
  case BG_TOO_MANY_PIXELS:
    throw .tooManyPixels(width: Int(image.header_width), height: Int(image.header_height))
  case BG_TOO_SLOW: throw .tooSlow
  case BG_OUT_OF_MEMORY: throw .corrupt("out of memory while decoding")
  default:
    let reason = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    throw .corrupt(reason.isEmpty ? "the decoder stopped" : reason)
  }
}

/// Takes an encoder's malloc'd output into an array.
func runEncoder(
  _ encoder: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) -> bg_status
)
  throws(CoverImageError) -> [UInt8]
{
  var output: UnsafeMutablePointer<UInt8>?
  var size = 0
  let status = encoder(&output, &size)
  defer { bg_free(output) }
  guard status == BG_OK, let output else { throw .corrupt("out of memory while encoding") }
  return Array(UnsafeBufferPointer(start: output, count: size))
}

extension CoverLimits {
  var codecLimits: bg_limits {
    bg_limits(max_pixels: maxPixels, max_seconds: maxSeconds, max_scans: maxJPEGScans)
  }
}

extension ImageFormat {
  /// Reads the header only (`wanted` nil), or decodes the pixels; a JPEG or a much larger WebP
  /// at a reduced size that is still at least `wanted`'s.
  func decode(_ bytes: [UInt8], limits: CoverLimits, wanted: (width: Int, height: Int)?)
    throws(CoverImageError)
    -> Decoded
  {
    switch self {
    case .jpeg: try JPEG.decode(bytes, limits: limits, wanted: wanted)
    case .png: try PNG.decode(bytes, limits: limits, headerOnly: wanted == nil)
    case .webp: try WebP.decode(bytes, limits: limits, wanted: wanted)
    }
  }
}
