/// Why an image cannot be a cover; the site shows the book's title card instead.
public enum CoverImageError: Error, Equatable, CustomStringConvertible {
  /// The file has no bytes.
  case empty
  /// The file is larger than the limit (the payload), in bytes.
  case tooManyBytes(Int)
  /// The bytes are not a JPEG, PNG or WebP image, whatever the file's name or type said.
  case unknownFormat
  /// The header declares more pixels than the limit allows.
  case tooManyPixels(width: Int, height: Int)
  /// The decoder stopped on damaged or truncated data; the payload is its reason.
  case corrupt(String)
  /// Under 40 pixels on a side: a placeholder or tracking pixel, not a cover.
  case tooSmall(width: Int, height: Int)
  /// Far from the shape of a book (a banner, a strip).
  case notBookShaped(width: Int, height: Int)
  /// Decoding took longer than the limit, or a JPEG has an absurd number of scans.
  case tooSlow

  public var description: String {
    switch self {
    case .empty: "the image file is empty"
    case .tooManyBytes(let limit): "the image file is larger than \(limit) bytes"
    case .unknownFormat: "the file is not a JPEG, PNG or WebP image"
    case .tooManyPixels(let width, let height):
      "the image is \(width) × \(height) pixels, too large to decode"
    case .corrupt(let reason): "the image is damaged: \(reason)"
    case .tooSmall(let width, let height):
      "the image is \(width) × \(height) pixels, too small for a cover"
    case .notBookShaped(let width, let height):
      "the image is \(width) × \(height) pixels, not the shape of a book cover"
    case .tooSlow: "the image took too long to decode"
    }
  }
}
