import Testing

@testable import CoverImages

@Suite struct HostileImageTests {
  @Test(arguments: [
    ("empty.jpg", CoverImageError.empty),
    ("not-an-image.jpg", .unknownFormat),
    ("huge.jpg", .tooManyPixels(width: 30000, height: 30000)),
    ("huge.png", .tooManyPixels(width: 30000, height: 30000)),
    ("huge.webp", .tooManyPixels(width: 30000, height: 30000)),
    ("one-pixel.png", .tooSmall(width: 1, height: 1)),
    ("banner.jpg", .notBookShaped(width: 400, height: 60)),
    ("many-scans.jpg", .tooSlow),
  ])
  func rejected(name: String, error: CoverImageError) throws {
    let bytes = try Fixture.bytes(name)
    #expect(throws: error) { try CoverProcessor.process(bytes, widths: [60]) }
  }

  @Test(arguments: [
    "truncated.jpg", "truncated.png", "truncated.webp", "corrupt.jpg", "corrupt.png", "corrupt.webp",
  ])
  func damaged(name: String) throws {
    let bytes = try Fixture.bytes(name)
    do {
      let cover = try CoverProcessor.process(bytes, widths: [60])
      Issue.record("\(name) gave \(cover.variants.count) variants")
    } catch {
      guard case .corrupt(let reason) = error else {
        Issue.record("\(name): \(error)")
        return
      }
      #expect(!reason.isEmpty)
    }
  }

  @Test func tooManyBytes() throws {
    let bytes = try Fixture.bytes("baseline.jpg")
    let limits = CoverLimits(maxBytes: 1000, maxPixels: 1_000_000, maxSeconds: 5)
    #expect(throws: CoverImageError.tooManyBytes(1000)) {
      try CoverProcessor.process(bytes, widths: [60], limits: limits)
    }
  }

  @Test func tooManyPixelsForTheLimit() throws {
    let bytes = try Fixture.bytes("progressive.jpg")
    let limits = CoverLimits(maxBytes: 1_000_000, maxPixels: 60 * 90 - 1, maxSeconds: 5)
    #expect(throws: CoverImageError.tooManyPixels(width: 60, height: 90)) {
      try CoverProcessor.process(bytes, widths: [60], limits: limits)
    }
  }

  @Test(arguments: ["progressive.jpg", "alpha.png", "lossy.webp"])
  func timeLimit(name: String) throws {
    let bytes = try Fixture.bytes(name)
    let limits = CoverLimits(maxBytes: 1_000_000, maxPixels: 1_000_000, maxSeconds: -1)
    #expect(throws: CoverImageError.tooSlow) {
      try CoverProcessor.process(bytes, widths: [60], limits: limits)
    }
  }
}
