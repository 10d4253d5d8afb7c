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

/// Runs one of CImageCodecs' decoders, maps its status to an error and copies its pixels into
/// Swift memory (the C buffer is freed here).
func runDecoder(_ decoder: (UnsafeMutablePointer<bg_image>) -> bg_status) throws(CoverImageError) -> Decoded {
  var image = bg_image()
  let status = decoder(&image)
  defer { bg_image_free(&image) }
  switch status {
  case BG_OK: break
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
  var decoded = Decoded(width: Int(image.header_width), height: Int(image.header_height))
  if let pixels = image.pixels {
    let count = Int(image.width) * Int(image.height) * Int(image.channels)
    decoded.bitmap = Bitmap(
      width: Int(image.width), height: Int(image.height), channels: Int(image.channels),
      pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }
  return decoded
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
  /// Reads the header only (`wanted` nil), or decodes the pixels; a JPEG at the smallest DCT
  /// scale that keeps the stored image at least `wanted`'s size.
  func decode(_ bytes: [UInt8], limits: CoverLimits, wanted: (width: Int, height: Int)?)
    throws(CoverImageError)
    -> Decoded
  {
    switch self {
    case .jpeg: try JPEG.decode(bytes, limits: limits, wanted: wanted)
    case .png: try PNG.decode(bytes, limits: limits, headerOnly: wanted == nil)
    case .webp: try WebP.decode(bytes, limits: limits, headerOnly: wanted == nil)
    }
  }
}
