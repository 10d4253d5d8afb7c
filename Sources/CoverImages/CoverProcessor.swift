/// One width of a processed cover, in both formats a page offers.
public struct CoverVariant: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Lossy WebP; transparent pixels stay transparent.
  public let webp: [UInt8]
  /// Baseline JPEG, the fallback for browsers without WebP; transparent pixels are composited
  /// on white. Empty when the variant's width was not among the JPEG widths asked for.
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
  public static let version = 4

  /// Placeholders and tracking pixels are smaller than this on a side.
  static let minimumSide = 40
  /// Width ÷ height of a book: tall paperbacks are about 0.5, landscape picture books reach
  /// about 1.4; a banner or a strip is outside.
  static let bookShapes = 0.4...1.5
  /// The dominant colour's sample when no widths are asked for.
  static let thumbnailWidth = 32

  // Chosen on photo-like covers for speed and bytes: method 0 is about a third faster than
  // method 2 for a fifth more bytes; a 320 px WebP is about 12 KB at quality 65.
  static let webpQuality: Float = 65
  /// libwebp's speed/size trade-off (0 fastest … 6 smallest).
  static let webpMethod = 0
  static let jpegQuality = 70

  /// Decodes `bytes`, checks it is a plausible cover and encodes it at each of `widths`
  /// (wider than the image: the image's own width; duplicates once). Only the variants of
  /// `jpegWidths` (all when nil) get a JPEG; the others' `jpeg` is empty, as a page needs the
  /// fallback at one width a slot.
  public static func process(
    _ bytes: [UInt8], widths: [Int], jpegWidths: Set<Int>? = nil, limits: CoverLimits = .standard
  ) throws(CoverImageError) -> ProcessedCover {
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
    // With no widths asked for, a thumbnail still gives the dominant colour.
    let sizes = (targets.isEmpty ? [thumbnailWidth] : targets).map {
      (width: $0, height: max(1, Int((Double(height) * Double($0) / Double(width)).rounded())))
    }
    let widest = sizes[sizes.count - 1].width
    let wanted = orientation.swapsAxes ? (width: 0, height: widest) : (width: widest, height: 0)
    guard let stored = try format.decode(bytes, limits: limits, wanted: wanted).bitmap else {
      throw .corrupt("no pixels")
    }
    let resized = Resize.resize(orientation.apply(to: consume stored), to: sizes)
    let jpegTargets = Set((jpegWidths.map(Array.init) ?? widths).map { min($0, width) })
    var variants: [CoverVariant] = []
    for (size, image) in zip(sizes, resized) where !targets.isEmpty {
      variants.append(
        CoverVariant(
          width: size.width, height: size.height,
          webp: try image.straight.webp(quality: webpQuality, method: webpMethod),
          jpeg: jpegTargets.contains(size.width) ? try image.onWhite.jpeg(quality: jpegQuality) : []))
    }
    let thumbnail = resized[0].onWhite
    return ProcessedCover(
      width: width, height: height, dominantColor: DominantColor.of(thumbnail), variants: variants)
  }
}
