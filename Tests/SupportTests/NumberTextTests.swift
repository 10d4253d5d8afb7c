import Testing

@testable import Support

/// One number formatting for pages and messages: the CLI's counts and the site's numbers used
/// to have a `NumberText` each (their grouping never disagreed).
@Suite struct NumberTextTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"), (-4200, "-4,200"),
    (Int.min, "-9,223,372,036,854,775,808"),
  ])
  func numbersGroupThousands(value: Int, expected: String) {
    #expect(NumberText.grouped(value) == expected)
  }

  @Test(arguments: [
    (0, "0 books"), (1, "1 book"), (999, "999 books"), (1234, "1,234 books"), (1_000_000, "1,000,000 books"),
  ])
  func countsAreGrouped(number: Int, text: String) {
    #expect(NumberText.count(number, "book") == text)
  }

  @Test func countsTakeAnIrregularPlural() {
    #expect(NumberText.count(1, "query", plural: "queries") == "1 query")
    #expect(NumberText.count(2, "query", plural: "queries") == "2 queries")
  }

  @Test(arguments: [
    (1234.5, 2, "1,234.50"), (0.125, 2, "0.13"), (-0.004, 2, "0.00"), (-2.5, 0, "-3"), (4.25, 1, "4.3"),
    (1e17, 2, "1e+17"),
  ])
  func decimalsRoundHalfAwayFromZero(value: Double, digits: Int, expected: String) {
    #expect(NumberText.decimal(value, fractionDigits: digits) == expected)
  }

  @Test(arguments: [
    (1234.5, 2, "1234.50"), (1_234_567.0, 2, "1234567.00"), (0.05, 2, "0.05"), (-356.0, 2, "-356.00"),
    (999.0, 0, "999"),
  ])
  func decimalsWithoutGroupingLeaveOutTheSeparators(value: Double, digits: Int, expected: String) {
    #expect(NumberText.decimal(value, fractionDigits: digits, grouping: false) == expected)
  }

  @Test(arguments: [
    (5.0, "5"), (0.01, "0.01"), (4.5, "4.5"), (-3.0, "-3"), (1000.0, "1000"), (1e17, "1e+17"),
    (9.3e16, "9.3e+16"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func wholeNumbersLoseTheirFractionOthersPrintAsSwiftDoes(value: Double, expected: String) {
    #expect(NumberText.shortest(value) == expected)
  }

  @Test(arguments: [
    (1, "1 byte"), (100, "100 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"), (4 << 20, "4 MiB"),
    (100 << 20, "100 MiB"), (3 << 30, "3 GiB"),
  ])
  func sizesUseBinaryUnits(bytes: Int, expected: String) {
    #expect(ByteCount.text(bytes) == expected)
  }
}
