import Testing

@testable import CoverImages

@Suite struct ResizeTests {
  /// Black and white pixels in a checkerboard average to half the light: sRGB 188, not 128.
  static let checkerboard: Bitmap = {
    var pixels: [UInt8] = []
    for index in 0..<64 {
      let value: UInt8 = (index / 8 + index % 8) % 2 == 0 ? 0 : 255
      pixels += [value, value, value]
    }
    return Bitmap(width: 8, height: 8, channels: 3, pixels: pixels)
  }()

  @Test func shrinkAveragesLight() {
    let shrunk = Resize.shrink(Self.checkerboard, by: 4)
    #expect(shrunk.width == 2 && shrunk.height == 2)
    #expect(shrunk.pixels == Array(repeating: 188, count: 12))
  }

  @Test func filterAveragesLight() throws {
    let resized = try #require(Resize.resize(Self.checkerboard, to: [(width: 2, height: 2)]).first)
    let pixels = resized.straight.pixels.map(Int.init)
    #expect(pixels.allSatisfy { abs($0 - 188) <= 2 }, "\(pixels)")
  }

  /// Right and bottom boxes that are cut short average only the pixels they have.
  @Test func shrinkEdgeBoxes() {
    let image = Bitmap(
      width: 5, height: 1, channels: 4,
      pixels: [
        255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 0, 0,
      ])
    let shrunk = Resize.shrink(image, by: 2)
    // Red, blue, and one fully transparent pixel (alpha 0, its colour gone).
    #expect(shrunk.pixels == [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0])
  }

  @Test func jpegDecodesAtTheSmallestScaleThatCovers() throws {
    let decoded = try ImageFormat.jpeg.decode(
      try Fixture.bytes("baseline.jpg"), limits: .standard, wanted: (15, 0))
    let bitmap = try #require(decoded.bitmap)
    #expect([decoded.width, decoded.height, bitmap.width, bitmap.height] == [60, 90, 15, 23])
  }

  @Test func webpDecodesLargeImagesScaled() throws {
    let decoded = try ImageFormat.webp.decode(
      try Fixture.bytes("lossy.webp"), limits: .standard, wanted: (10, 0))
    let bitmap = try #require(decoded.bitmap)
    #expect([decoded.width, decoded.height, bitmap.width, bitmap.height] == [60, 90, 20, 30])
    for (seen, expected) in zip(bitmap.quarterColors, Fixture.quarters) {
      #expect(isClose(seen, expected, within: 20), "\(seen) is not \(expected)")
    }
  }
}
