/// Caps that keep a hostile image from hanging a build or exhausting its memory.
public struct CoverLimits: Sendable, Equatable {
  /// Bytes of the encoded file at most.
  public var maxBytes: Int
  /// Width × height of the decoded image at most, checked against the header before decoding.
  public var maxPixels: Int
  /// Seconds of decoding at most (a progressive JPEG's scans are checked as they are read).
  public var maxSeconds: Double

  public init(maxBytes: Int, maxPixels: Int, maxSeconds: Double) {
    self.maxBytes = maxBytes
    self.maxPixels = maxPixels
    self.maxSeconds = maxSeconds
  }

  /// 20 MB, 16 megapixels (a 3,200 × 5,000 scan) and 3 seconds: far above any cover a source
  /// serves or an owner scans, far below what would hurt a build.
  public static let standard = CoverLimits(maxBytes: 20_000_000, maxPixels: 16_000_000, maxSeconds: 3)
}
