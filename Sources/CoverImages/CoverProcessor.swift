/// One width of a processed cover, in both formats a page offers.
public struct CoverVariant: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Lossy WebP; transparent pixels stay transparent.
  public let webp: [UInt8]
  /// Progressive JPEG, the fallback; transparent pixels are composited on white.
  public let jpeg: [UInt8]
}

/// A cover image decoded, turned upright and resized to the widths a theme asked for.
public struct ProcessedCover: Sendable, Equatable {
  /// The source image's size after its EXIF orientation.
  public let width: Int
  public let height: Int
  /// `#rrggbb`, for the slot's background while the image loads.
  public let dominantColor: String
  /// One a distinct width, ascending; never wider than the source.
  public let variants: [CoverVariant]
}

/// Turns the bytes of a JPEG, PNG or WebP file into cover variants: decoded within limits,
/// oriented, resized in linear light, encoded as WebP and JPEG with no metadata. The same bytes
/// and widths give byte-identical output.
public enum CoverProcessor {
  /// Bumped whenever output bytes for the same input change, so caches of processed covers are
  /// invalidated.
  public static let version = 1

  /// Placeholders and tracking pixels are smaller than this on a side.
  static let minimumSide = 40
  /// Width ÷ height of a book: tall paperbacks are about 0.5, landscape picture books reach
  /// about 1.4; a banner or a strip is outside.
  static let bookShapes = 0.4...1.5

  static let webpQuality: Float = 70
  /// libwebp's speed/size trade-off (0 fastest … 6 smallest).
  static let webpMethod = 2
  static let jpegQuality = 72

  /// Decodes `bytes`, checks it is a plausible cover and encodes it at each of `widths`
  /// (wider than the image: the image's own width; duplicates once).
  public static func process(_ bytes: [UInt8], widths: [Int], limits: CoverLimits = .standard)
    throws(CoverImageError) -> ProcessedCover
  {
    precondition(widths.allSatisfy { $0 > 0 }, "widths must be positive")
    if bytes.isEmpty { throw .empty }
    if bytes.count > limits.maxBytes { throw .tooManyBytes(limits.maxBytes) }
    guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
    let orientation = Orientation(in: bytes, format: format)

    // The size and shape come from the header, before any pixel is decoded.
    let header = try format.decode(bytes, limits: limits, wanted: nil)
    let (width, height) =
      orientation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
    if width < minimumSide || height < minimumSide { throw .tooSmall(width: width, height: height) }
    if !bookShapes.contains(Double(width) / Double(height)) {
      throw .notBookShaped(width: width, height: height)
    }

    let targets = Set(widths.map { min($0, width) }).sorted()
    let widest = targets.last ?? 0
    let wanted = orientation.swapsAxes ? (width: 0, height: widest) : (width: widest, height: 0)
    guard let stored = try format.decode(bytes, limits: limits, wanted: wanted).bitmap else {
      throw .corrupt("no pixels")
    }
    let upright = orientation.apply(to: stored)

    var variants: [CoverVariant] = []
    var smallest: Bitmap?
    for target in targets {
      let targetHeight = max(1, Int((Double(height) * Double(target) / Double(width)).rounded()))
      let resized = Resize.resize(upright, width: target, height: targetHeight)
      if smallest == nil { smallest = resized.onWhite }
      variants.append(
        CoverVariant(
          width: target, height: targetHeight,
          webp: try WebP.encode(resized.straight, quality: webpQuality, method: webpMethod),
          jpeg: try JPEG.encode(resized.onWhite, quality: jpegQuality)))
    }
    let thumbnail = smallest ?? Resize.resize(upright, width: 32, height: max(1, 32 * height / width)).onWhite
    return ProcessedCover(
      width: width, height: height, dominantColor: DominantColor.of(thumbnail), variants: variants)
  }
}
