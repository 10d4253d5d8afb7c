import BookRecord
import Testing

/// The one rule for publication dates, whoever wrote them: Google's `publishedDate`, the
/// owner's `published_date`. It merges GoogleBooks' PublishedDate (1–4 digit years, 1–2 digit
/// months and days) and Site's BookDate (the rule every page, feed and sort used), which
/// disagreed on the cases below; the site's is kept.
@Suite struct BookDateTests {
  @Test(arguments: [
    ("1688", BookDate(year: 1688)),
    ("0812", BookDate(year: 812)),
    ("2019-10", BookDate(year: 2019, month: 10)),
    ("2019-10-03", BookDate(year: 2019, month: 10, day: 3)),
    ("2019-10-03T00:00:00+02:00", BookDate(year: 2019, month: 10, day: 3)),
    ("2019 March", BookDate(year: 2019)),
    ("2019-13", BookDate(year: 2019)),
    ("2019-02-40", BookDate(year: 2019, month: 2)),
  ])
  func datesRead(_ text: String, _ expected: BookDate) {
    #expect(BookDate(parsing: text) == expected)
  }

  /// Where the two copies disagreed: three digits were year 199 for Google's copy (library
  /// data writes `199-` or `199?` for "the 1990s"); unpadded months and days gave a full date
  /// there and the year alone here; a year with junk after it was nothing there.
  @Test(
    arguments: [
      ("199", nil), ("199-", nil), ("0000", nil), ("2019-3-5", BookDate(year: 2019)),
      ("2019-03-5", BookDate(year: 2019, month: 3)), ("2019abc", BookDate(year: 2019)),
    ] as [(String, BookDate?)])
  func theCasesTheCopiesDisagreedOn(_ text: String, _ expected: BookDate?) {
    #expect(BookDate(parsing: text) == expected)
  }

  @Test(arguments: ["", "19", "abcd", "n.d.", "unknown", "２０１９"])
  func unreadableDatesAreNoDate(_ text: String) {
    #expect(BookDate(parsing: text) == nil)
  }

  @Test func datesSortOnTheirPrefixAndPrintAsISO() {
    let dates = ["2019-10-03", "2019", "2019-09", "1688", "0812"].compactMap(BookDate.init(parsing:))
    #expect(dates.sorted().map(\.isoString) == ["0812", "1688", "2019", "2019-09", "2019-10-03"])
  }
}
