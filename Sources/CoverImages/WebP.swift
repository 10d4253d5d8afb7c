import CImageCodecs

/// libwebp, through CImageCodecs.
enum WebP {
  static func decode(_ bytes: [UInt8], limits: CoverLimits, wanted: (width: Int, height: Int)?)
    throws(CoverImageError) -> Decoded
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CoverImageError) in
      try runDecoder(headerOnly: wanted == nil) { pixels, capacity, image in
        bg_webp_decode(
          buffer.baseAddress, buffer.count, limits.codecLimits, Int32(wanted?.width ?? 0),
          Int32(wanted?.height ?? 0), pixels, capacity, image)
      }
    }
  }

  /// A lossy WebP (its alpha, if any, lossless) with no metadata, from RGB or RGBA.
  static func encode(_ bitmap: Bitmap, quality: Float, method: Int) throws(CoverImageError) -> [UInt8] {
    try bitmap.pixels.withUnsafeBufferPointer { (pixels) throws(CoverImageError) in
      try runEncoder { output, size in
        bg_webp_encode(
          pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.channels), quality,
          Int32(method), output, size)
      }
    }
  }
}
