import Foundation
import Testing

@testable import Support

@Suite struct UTCTimeTests {
  @Test(arguments: [
    (0, "1970-01-01T00:00:00Z"), (1_700_000_000, "2023-11-14T22:13:20Z"),
    (951_782_400, "2000-02-29T00:00:00Z"), (1_798_761_599, "2026-12-31T23:59:59Z"),
    (-1, "1969-12-31T23:59:59Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
  ])
  func epochSeconds(epoch: Int, expected: String) {
    #expect(UTCTime.rfc3339(epochSeconds: epoch) == expected)
    #expect(UTCTime.parse(expected) == Date(timeIntervalSince1970: Double(epoch)))
  }

  @Test func datesDropTheirFractionOfASecond() {
    #expect(UTCTime.rfc3339(Date(timeIntervalSince1970: 1_700_000_000.999)) == "2023-11-14T22:13:20Z")
    #expect(UTCTime.rfc3339(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    #expect(UTCTime.day(epochSeconds: 1_700_000_000) == "2023-11-14")
  }

  /// The cache's writer wrote years before 1000 with fewer digits (`812-01-01T…`), which its
  /// own reader refused; the feeds' writer padded them. One rule now: four digits, read back.
  @Test func yearsBeforeOneThousandHaveFourDigitsAndReadBack() throws {
    #expect(UTCTime.rfc3339(year: 812, month: 1, day: 1) == "0812-01-01T00:00:00Z")
    let date = try #require(UTCTime.parse("0812-01-01T00:00:00Z"))
    #expect(UTCTime.rfc3339(date) == "0812-01-01T00:00:00Z")
  }

  @Test(arguments: [
    "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-13-01T00:00:00Z", "2023-11-14T24:00:00Z",
    "812-01-01T00:00:00Z", "2023-11-14T22:13:20+01:00",
  ])
  func onlyTheFormItWritesIsRead(text: String) {
    #expect(UTCTime.parse(text) == nil)
  }

  @Test func civilDaysRoundTrip() {
    for days in stride(from: -800_000, through: 3_000_000, by: 997) {
      let (year, month, day) = UTCTime.civil(fromDays: days)
      #expect(UTCTime.daysFromCivil(year: year, month: month, day: day) == days)
    }
  }
}
