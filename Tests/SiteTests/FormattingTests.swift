import BookRecord
import GoogleBooks
import Testing

@testable import Site

@Suite struct FormattingTests {
  @Test(arguments: [
    ("2019-03-05", UILanguage.english, "March 5, 2019"),
    ("2019-03", .english, "March 2019"),
    ("2019", .english, "2019"),
    ("2019-10-03T00:00:00+02:00", .english, "October 3, 2019"),
    ("2019-03-05", .traditionalChinese, "2019年3月5日"),
    ("2019-03", .traditionalChinese, "2019年3月"),
    ("2019", .traditionalChinese, "2019年"),
    ("2019-03-05", .japanese, "2019年3月5日"),
    ("1688", .japanese, "1688年"),
    ("2019-13-01", .english, "2019"),
    ("2019-02-40", .english, "February 2019"),
  ])
  func datesFormatPerLanguage(raw: String, language: UILanguage, expected: String) throws {
    let date = try #require(BookDate(parsing: raw))
    #expect(date.formatted(for: language) == expected)
  }

  @Test(arguments: [
    (450.0, "TWD", UILanguage.english, "NT$450"),
    (450.0, "TWD", .traditionalChinese, "$450"),
    (450.0, "TWD", .japanese, "NT$450"),
    (1234.5, "TWD", .english, "NT$1,234.50"),
    (1200.0, "JPY", .english, "¥1,200"),
    (1200.0, "JPY", .japanese, "￥1,200"),
    (550.4, "JPY", .traditionalChinese, "¥550"),
    (12.99, "USD", .english, "$12.99"),
    (12.0, "USD", .english, "$12.00"),
    (12.99, "USD", .traditionalChinese, "US$12.99"),
    (12.99, "USD", .japanese, "$12.99"),
    (1234567.891, "USD", .english, "$1,234,567.89"),
    (9.99, "EUR", .english, "€9.99"),
    (7.5, "GBP", .japanese, "£7.50"),
    (88.0, "HKD", .traditionalChinese, "HK$88.00"),
    (12.5, "CHF", .english, "CHF 12.50"),
    (12.5, "<b>", .english, "B 12.50"),
    // Decoding drops such amounts; one made in code must still never trap the formatter.
    (1e17, "USD", .english, "$1e+17"),
    (.infinity, "JPY", .english, "¥inf"),
  ])
  func pricesFormatPerCurrencyAndLanguage(
    amount: Double, currency: String, language: UILanguage, expected: String
  ) {
    #expect(PriceText.format(Price(amount: amount, currencyCode: currency), for: language) == expected)
  }

  @Test func discountIsWholePercentOnlyWhenRetailIsBelowList() {
    let list = Price(amount: 450, currencyCode: "TWD")
    #expect(PriceText.discountPercent(list: list, retail: Price(amount: 356, currencyCode: "TWD")) == 21)
    #expect(PriceText.discountPercent(list: list, retail: Price(amount: 450, currencyCode: "TWD")) == nil)
    #expect(PriceText.discountPercent(list: list, retail: Price(amount: 500, currencyCode: "TWD")) == nil)
    #expect(PriceText.discountPercent(list: list, retail: Price(amount: 5, currencyCode: "USD")) == nil)
    #expect(PriceText.discountPercent(list: nil, retail: list) == nil)
  }

  @Test(arguments: [
    ("en", UILanguage.english), ("en-GB", .english), ("zh-TW", .traditionalChinese),
    ("zh_Hant_TW", .traditionalChinese),
    ("zh", .traditionalChinese), ("ja", .japanese), ("ja-JP", .japanese), ("fr", .english), ("", .english),
  ])
  func uiLanguageFallsBackByPrimarySubtag(tag: String, expected: UILanguage) {
    #expect(UILanguage(tag: tag) == expected)
  }

  @Test func uiStringsHaveTheSameKeysInEveryLanguage() {
    let english = UIStrings.table(for: .english)
    #expect(english["buy"] == "Buy")
    #expect(english["statsTitle"] == "A year in books")
    #expect(english.count == 142)
    for language in UILanguage.allCases {
      #expect(Set(UIStrings.table(for: language).keys) == Set(english.keys), "\(language)")
    }
  }

  @Test func ownerOverridesReplaceBuiltInStrings() throws {
    let strings = try UIStrings(language: .traditionalChinese, overrides: ["buy": "立即購買"])
    #expect(strings["buy"] == "立即購買")
    #expect(strings["preview"] == "試閱")
  }

  @Test func placeholdersAreFilledInOnePass() throws {
    let strings = try UIStrings(
      language: .english, overrides: ["coverOf": "{title} {missing} {title}{", "discount": "no placeholder"])
    #expect(strings.format("coverOf", ["title": "{title}"]) == "{title} {missing} {title}{")
    #expect(strings.format("discount", ["percent": "5"]) == "no placeholder")
    #expect(strings.format("pageOf", ["number": "2", "total": "9"]) == "Page 2 of 9")
  }

  /// Text beside a placeholder in any script; a combining mark after a brace makes it another
  /// character, which is not a placeholder's (the byte pass leaves such strings to the
  /// character pass).
  @Test func placeholdersBesideNonASCIIText() throws {
    let strings = try UIStrings(
      language: .english,
      overrides: ["coverOf": "《{title}》の表紙", "discount": "{\u{301}percent} {percent}\u{301} {percent}%"])
    #expect(strings.format("coverOf", ["title": "三体"]) == "《三体》の表紙")
    #expect(strings.format("discount", ["percent": "5"]) == "{\u{301}percent} {percent}\u{301} 5%")
    #expect(strings.format("pageOf", ["number": "二", "total": "九"]) == "Page 二 of 九")
  }

  @Test func unknownOverrideIsAnErrorWithSuggestion() {
    #expect(throws: SiteError.unknownUIString(key: "buyy", suggestion: "buy")) {
      try UIStrings(language: .english, overrides: ["buyy": "Get it"])
    }
    #expect(
      SiteError.unknownUIString(key: "buyy", suggestion: "buy").description
        == "error: site.strings: unknown UI string 'buyy' (did you mean 'buy'?)")
  }

  @Test(arguments: [
    ("en", UILanguage.english, "English"), ("zh-TW", .traditionalChinese, "繁體中文"), ("ja", .japanese, "日本語"),
    ("zh", .english, "Chinese"), ("xx", .english, "xx"),
  ])
  func languageNames(code: String, language: UILanguage, expected: String) {
    #expect(LanguageNames.name(of: code, in: language) == expected)
  }
}
