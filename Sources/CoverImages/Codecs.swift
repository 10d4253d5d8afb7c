import CImageCodecs

// libjpeg-turbo, libpng and libwebp, through CImageCodecs.

extension ImageFormat {
  /// Reads the header only (`wanted` nil), or decodes the pixels; a JPEG or a much larger WebP
  /// at a reduced size that is still at least `wanted`'s. Every PNG becomes 8-bit RGB or RGBA.
  func decode(_ bytes: [UInt8], limits: CoverLimits, wanted: (width: Int, height: Int)?)
    throws(CoverImageError) -> Decoded
  {
    let codecLimits = bg_limits(
      max_pixels: limits.maxPixels, max_seconds: limits.maxSeconds, max_scans: maxJPEGScans)
    let (minWidth, minHeight) = (Int32(wanted?.width ?? 0), Int32(wanted?.height ?? 0))
    return try bytes.withUnsafeBufferPointer { (buffer) throws(CoverImageError) in
      try runDecoder(headerOnly: wanted == nil) { pixels, capacity, image in
        let (data, size) = (buffer.baseAddress, buffer.count)
        return switch self {
        case .jpeg: bg_jpeg_decode(data, size, codecLimits, minWidth, minHeight, pixels, capacity, image)
        case .png: bg_png_decode(data, size, codecLimits, pixels, capacity, image)
        case .webp: bg_webp_decode(data, size, codecLimits, minWidth, minHeight, pixels, capacity, image)
        }
      }
    }
  }
}

extension Bitmap {
  /// A lossy WebP (its alpha, if any, lossless) with no metadata, from RGB or RGBA.
  func webp(quality: Float, method: Int) throws(CoverImageError) -> [UInt8] {
    try pixels.withUnsafeBufferPointer { (pixels) throws(CoverImageError) in
      try runEncoder { output, size in
        bg_webp_encode(
          pixels.baseAddress, Int32(width), Int32(height), Int32(channels), quality, Int32(method), output,
          size)
      }
    }
  }

  /// A baseline JPEG with no metadata, from RGB.
  func jpeg(quality: Int) throws(CoverImageError) -> [UInt8] {
    precondition(channels == 3, "JPEG takes RGB")
    return try pixels.withUnsafeBufferPointer { (pixels) throws(CoverImageError) in
      try runEncoder { output, size in
        bg_jpeg_encode(pixels.baseAddress, Int32(width), Int32(height), Int32(quality), output, size)
      }
    }
  }
}

/// The most scans a JPEG may have: real files have at most a few dozen, and each scan is a pass
/// over the whole image.
private let maxJPEGScans: Int32 = 100

/// Runs a decoder: first for the header (the sizes and channels), then, unless only the header
/// is wanted, into a Swift array of exactly the decoded size.
private func runDecoder(
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
private func runEncoder(
  _ encoder: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) -> bg_status
) throws(CoverImageError) -> [UInt8] {
  var output: UnsafeMutablePointer<UInt8>?
  var size = 0
  let status = encoder(&output, &size)
  defer { bg_free(output) }
  guard status == BG_OK, let output else { throw .corrupt("out of memory while encoding") }
  return Array(UnsafeBufferPointer(start: output, count: size))
}
