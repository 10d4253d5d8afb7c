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
      // The 30 px one comes from a JPEG decoded at half size (DCT scaling).
      for (seen, expected) in zip(
        jpeg.quarterColors + webp.quarterColors, Fixture.quarters + Fixture.quarters)
      {
        #expect(isClose(seen, expected, within: 20), "\(variant.width) px: \(seen) is not \(expected)")
      }
    }
  }

  /// A JPEG only where asked, matched after widths collapse to the image's.
  @Test func jpegOnlyForTheWidthsAskedFor() throws {
    let bytes = try Fixture.bytes("baseline.jpg")
    let cover = try CoverProcessor.process(bytes, widths: [30, 45, 90], jpegWidths: [30, 90])
    #expect(cover.variants.map(\.width) == [30, 45, 60])
    #expect(cover.variants.map { $0.jpeg.isEmpty } == [false, true, false])
    #expect(cover.variants.allSatisfy { !$0.webp.isEmpty })
    let all = try CoverProcessor.process(bytes, widths: [30, 45, 90])
    #expect(cover.variants[0] == all.variants[0] && cover.variants[2] == all.variants[2])
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

  /// The outputs carry no EXIF, ICC, XMP or comment, whatever the input had.
  @Test(arguments: ["exif-6.jpg", "exif-6.png", "exif-6.webp"])
  func noMetadata(name: String) throws {
    let cover = try CoverProcessor.process(try Fixture.bytes(name), widths: [40, 60])
    for variant in cover.variants {
      #expect(jpegSegments(variant.jpeg).allSatisfy { !(0xE0...0xEF).contains($0) && $0 != 0xFE })
      #expect(riffChunks(variant.webp).allSatisfy { ["VP8 ", "VP8L", "VP8X", "ALPH"].contains($0) })
      #expect(riffChunks(variant.webp).contains("VP8 "))
    }
  }

  @Test func dominantColorIsTheMostCommonBox() throws {
    let pixels = (0..<100).flatMap { $0 < 70 ? [200, 100, 50] as [UInt8] : [10, 10, 10] }
    #expect(DominantColor.of(Bitmap(width: 10, height: 10, channels: 3, pixels: pixels)) == "#c86432")
    let cover = try CoverProcessor.process(try Fixture.bytes("alpha.png"), widths: [60])
    // In alpha.png the transparent band (white once flattened) and the opaque part of the blue
    // quarter are 900 pixels each, more than any other colour: the tie goes to the lower box.
    #expect(cover.dominantColor == "#2846c8")
  }
}

/// The markers of a JPEG's segments before its image data.
func jpegSegments(_ bytes: [UInt8]) -> [UInt8] {
  var markers: [UInt8] = []
  var i = 2
  while i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
    markers.append(bytes[i + 1])
    i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
  }
  return markers
}

/// The names of a WebP file's chunks.
func riffChunks(_ bytes: [UInt8]) -> [String] {
  var names: [String] = []
  var i = 12
  while i + 8 <= bytes.count {
    names.append(String(decoding: bytes[i..<(i + 4)], as: UTF8.self))
    let length =
      Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
    i += 8 + length + (length & 1)
  }
  return names
}
