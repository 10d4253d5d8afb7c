import Testing

@testable import CoverImages

@Suite struct CoverProcessorTests {
  /// Every colour layout and orientation comes out upright with the right colours, in both
  /// formats.
  @Test(arguments: [
    "baseline.jpg", "progressive.jpg", "cmyk-adobe.jpg", "cmyk-plain.jpg", "ycck-adobe.jpg",
    "exif-2.jpg", "exif-3.jpg", "exif-4.jpg", "exif-5.jpg", "exif-6.jpg", "exif-7.jpg", "exif-8.jpg",
    "palette.png", "rgb16.png", "lossy.webp",
  ])
  func uprightInTheRightColors(name: String) throws {
    let cover = try CoverProcessor.process(try Fixture.bytes(name), widths: [60])
    #expect(cover.width == 60 && cover.height == 90)
    let variant = try #require(cover.variants.first)
    #expect(variant.width == 60 && variant.height == 90)
    for encoded in [variant.webp, variant.jpeg] {
      let decoded = try pixels(of: encoded)
      for (seen, expected) in zip(decoded.quarterColors, Fixture.quarters) {
        // CMYK's round trip through the generator's simple conversion costs a few codes more.
        #expect(isClose(seen, expected, within: 20), "\(name): \(seen) is not \(expected)")
      }
    }
  }

  @Test(arguments: ["grey.jpg", "grey.png"])
  func greyStaysGrey(name: String) throws {
    let cover = try CoverProcessor.process(try Fixture.bytes(name), widths: [60])
    let decoded = try pixels(of: cover.variants[0].jpeg)
    for (seen, quarter) in zip(decoded.quarterColors, Fixture.quarters) {
      let luma = (quarter.x * 77 + quarter.y * 150 + quarter.z * 29) >> 8
      #expect(isClose(seen, SIMD3(repeating: luma), within: 6), "\(name): \(seen) is not grey \(luma)")
    }
  }

  /// Transparent pixels stay transparent in WebP and turn white in JPEG; half-transparent ones
  /// are half-way to white.
  @Test(arguments: ["alpha.png", "lossless-alpha.webp"])
  func transparency(name: String) throws {
    let cover = try CoverProcessor.process(try Fixture.bytes(name), widths: [60])
    let webp = try pixels(of: cover.variants[0].webp)
    let jpeg = try pixels(of: cover.variants[0].jpeg)
    let clear = (x: 15, y: 38)  // in the transparent band (rows 30–44)
    #expect(webp.hasAlpha)
    #expect(webp.alpha(x: clear.x, y: clear.y) == 0)
    #expect(webp.alpha(x: 15, y: 10) == 255)
    #expect(isClose(jpeg.color(x: clear.x, y: clear.y), [255, 255, 255], within: 4))
    #expect(isClose(jpeg.color(x: 15, y: 10), Fixture.quarters[0], within: 12))
    if name == "alpha.png" {
      // Rows 45–59 are half transparent: blue over white at half alpha, in linear light.
      let half = jpeg.color(x: 15, y: 52)
      #expect(half.z > 220 && half.x > 150 && half.x < 200, "\(half)")
    }
  }

  @Test func neverUpscalesAndCollapsesWidths() throws {
    let cover = try CoverProcessor.process(try Fixture.bytes("baseline.jpg"), widths: [200, 30, 60, 30, 61])
    #expect(cover.variants.map(\.width) == [30, 60])
    #expect(cover.variants.map(\.height) == [45, 90])
    for variant in cover.variants {
      let jpeg = try pixels(of: variant.jpeg)
      let webp = try pixels(of: variant.webp)
      #expect(
        [jpeg.width, jpeg.height, webp.width, webp.height] == [
          variant.width, variant.height, variant.width, variant.height,
        ])
    }
  }

  @Test func sizeIsTheUprightSize() throws {
    let cover = try CoverProcessor.process(try Fixture.bytes("exif-6.jpg"), widths: [40])
    #expect(cover.width == 60 && cover.height == 90)
    #expect(cover.variants.map(\.height) == [60])
  }

  @Test(arguments: ["exif-6.jpg", "progressive.jpg", "alpha.png", "lossy.webp"])
  func deterministic(name: String) throws {
    let bytes = try Fixture.bytes(name)
    let first = try CoverProcessor.process(bytes, widths: [30, 60])
    let second = try CoverProcessor.process(bytes, widths: [60, 30, 60])
    #expect(first == second)
  }

  @Test func emptyWidthsStillGiveSizeAndColor() throws {
    let cover = try CoverProcessor.process(try Fixture.bytes("baseline.jpg"), widths: [])
    #expect(cover.variants.isEmpty)
    #expect(cover.width == 60 && cover.height == 90)
    #expect(cover.dominantColor.count == 7 && cover.dominantColor.first == "#")
  }
}
