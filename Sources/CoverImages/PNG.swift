import CImageCodecs

/// libpng, through CImageCodecs; every PNG becomes 8-bit RGB or RGBA.
enum PNG {
  static func decode(_ bytes: [UInt8], limits: CoverLimits, headerOnly: Bool) throws(CoverImageError)
    -> Decoded
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(CoverImageError) in
      try runDecoder(headerOnly: headerOnly) { pixels, capacity, image in
        bg_png_decode(buffer.baseAddress, buffer.count, limits.codecLimits, pixels, capacity, image)
      }
    }
  }
}
