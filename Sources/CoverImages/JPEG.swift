import CImageCodecs

/// libjpeg-turbo, through CImageCodecs.
enum JPEG {
  static func decode(_ bytes: [UInt8], limits: CoverLimits, wanted: (width: Int, height: Int)?)
    throws(CoverImageError) -> Decoded
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CoverImageError) in
      try runDecoder(headerOnly: wanted == nil) { pixels, capacity, image in
        bg_jpeg_decode(
          buffer.baseAddress, buffer.count, limits.codecLimits, Int32(wanted?.width ?? 0),
          Int32(wanted?.height ?? 0), pixels, capacity, image)
      }
    }
  }

  /// A baseline JPEG with no metadata, from RGB.
  static func encode(_ bitmap: Bitmap, quality: Int) throws(CoverImageError) -> [UInt8] {
    precondition(bitmap.channels == 3, "JPEG takes RGB")
    return try bitmap.pixels.withUnsafeBufferPointer { (pixels) throws(CoverImageError) in
      try runEncoder { output, size in
        bg_jpeg_encode(
          pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(quality), output, size)
      }
    }
  }
}
