import Foundation
import Testing

@testable import CoverImages

/// Tests/Fixtures/covers: made by make-fixtures.c there (its README lists them).
enum Fixture {
  static let folder = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Fixtures/covers")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appending(path: name)))
  }

  /// The upright picture of every fixture: red top left, green top right, blue bottom left,
  /// yellow bottom right.
  static let quarters: [SIMD3<Int>] = [[220, 40, 40], [40, 170, 70], [40, 70, 200], [235, 200, 50]]
}

/// Decodes an output back to pixels with the module's own decoders.
func pixels(of bytes: [UInt8]) throws -> Bitmap {
  let format = try #require(ImageFormat(sniffing: bytes))
  let decoded = try format.decode(bytes, limits: .standard, wanted: (width: 100_000, height: 0))
  return try #require(decoded.bitmap)
}

extension Bitmap {
  func color(x: Int, y: Int) -> SIMD3<Int> {
    let p = (y * width + x) * channels
    return SIMD3(Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
  }

  func alpha(x: Int, y: Int) -> Int { hasAlpha ? Int(pixels[(y * width + x) * channels + 3]) : 255 }

  /// The colours at the middle of each quarter, in the order of Fixture.quarters.
  var quarterColors: [SIMD3<Int>] {
    [(1, 1), (3, 1), (1, 3), (3, 3)].map { color(x: width * $0.0 / 4, y: height * $0.1 / 4) }
  }
}

func isClose(_ a: SIMD3<Int>, _ b: SIMD3<Int>, within tolerance: Int) -> Bool {
  let d = a &- b
  return max(abs(d.x), abs(d.y), abs(d.z)) <= tolerance
}
