import BookRecord
import Testing

@testable import Site

@Suite struct XMLWriterTests {
  /// A book date written as digits reads as `BookDate.rfc3339` and `isoString` spell it, the
  /// text the feeds wrote before: partial dates, small years, and dates outside what the digits
  /// path takes (written through the strings).
  @Test(arguments: [
    BookDate(year: 2019, month: 3, day: 5), BookDate(year: 2019, month: 12), BookDate(year: 2019),
    BookDate(year: 7, month: 1, day: 9), BookDate(year: 2019, day: 4), BookDate(year: 12_345, month: 2),
    BookDate(year: 0), BookDate(year: 2019, month: 13, day: 40),
  ])
  func aDateWrittenAsDigitsReadsAsItsStrings(date: BookDate) {
    for time in [true, false] {
      var digits = XMLWriter()
      digits.element("updated", date: date, time: time)
      var strings = XMLWriter()
      strings.element("updated", time ? date.rfc3339 : date.isoString)
      #expect(digits.text == strings.text, "\(date), time: \(time)")
    }
  }
}
